/* SPDX-License-Identifier: GPL-2.0 */
/* murun: the filtered syscall list and the notification supervisor. */
#ifndef MURUN_H
#define MURUN_H

struct mu_syscall {
	int abi;		/* 64: x86_64 (and x32), 32: ia32 */
	int nr;			/* number in that ABI's table */
	const char *name;	/* name in that table */
	const char *entry;	/* entry point without sys_, e.g. setuid16 */
};

/* Answer notifications on FD until every filtered task is gone. */
void supervise(int fd, int compat, int trace);

#endif
