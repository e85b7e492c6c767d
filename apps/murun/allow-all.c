// SPDX-License-Identifier: GPL-2.0
/*
 * allow-all: run a program under a one-instruction seccomp filter that
 * allows everything.  bench.py times it to show the floor that any filter
 * costs: a task with a filter takes the slow syscall-entry path on every
 * call, whatever the filter says.
 *
 * usage: allow-all PROGRAM [ARGS...]
 */
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct sock_filter allow[] = {
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { 1, allow };

	if (argc < 2) {
		fputs("usage: allow-all PROGRAM [ARGS...]\n", stderr);
		return 2;
	}
	/* As murun does: keep the speculation mitigations as they were. */
	if ((geteuid() && prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)) ||
	    syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER,
		    SECCOMP_FILTER_FLAG_SPEC_ALLOW, &prog)) {
		perror("allow-all: seccomp");
		return 125;
	}
	execvp(argv[1], argv + 1);
	perror(argv[1]);
	return 127;
}
