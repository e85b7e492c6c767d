/* SPDX-License-Identifier: GPL-2.0 */
/* Syscall availability sweep over the kernel tree's own syscall tables. */
#ifndef MUPROBE_SWEEP_H
#define MUPROBE_SWEEP_H

#include <stdio.h>

#define SWEEP_ABIS 2

struct sysent {
	int nr;
	const char *name;
	int has_entry;	/* 0: the table lists no entry point: always ENOSYS */
};

const char *sweep_abi_name(int abi);
int sweep_run(int abi, FILE *out, int n);
void sweep_list_special(FILE *out);

#endif
