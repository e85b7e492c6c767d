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

#include <stdint.h>

/* The filtered call with this number in ARCH's table, or NULL. */
const struct mu_syscall *mu_lookup(uint32_t arch, int nr);
/* How many arguments it takes. */
int mu_nargs(const struct mu_syscall *s);

/* Answer notifications on FD until every filtered task is gone. */
void supervise(int fd, int compat, int trace);

/* --mode=native: ptrace CHILD, print each filtered call and the kernel's
 * answer; returns CHILD's exit status (128+N for a signal). */
int trace_native(int child);

#endif
