// SPDX-License-Identifier: GPL-2.0
/*
 * murun --mode=native: let the running kernel answer the identity calls
 * and report what it said.  The filter stops only those calls
 * (SCMP_ACT_TRACE); at each stop the tracer reads the call with
 * PTRACE_GET_SYSCALL_INFO, lets it run to its syscall-exit stop, reads the
 * result and prints both.  Inside a guest this shows what a program asked
 * the single-user kernel and what it got back.
 */
#include <errno.h>
#include <seccomp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/wait.h>

#include "murun.h"

/*
 * CHILD is stopped (SIGSTOP after PTRACE_TRACEME).  Returns its exit
 * status as murun reports it.
 */
int trace_native(pid_t child)
{
	struct __ptrace_syscall_info si;
	int st, code = 125;
	pid_t pid;
	/* The one tracee with a call in flight, and that call. */
	pid_t pending = 0;
	const struct mu_syscall *call = NULL;
	uint32_t arch = 0;
	__u64 args[6];
	char res[64];

	if (waitpid(child, &st, 0) != child || !WIFSTOPPED(st))
		return 125;
	ptrace(PTRACE_SETOPTIONS, child, 0, PTRACE_O_TRACESECCOMP |
	       PTRACE_O_TRACESYSGOOD | PTRACE_O_TRACEFORK |
	       PTRACE_O_TRACEVFORK | PTRACE_O_TRACECLONE |
	       PTRACE_O_EXITKILL);
	ptrace(PTRACE_CONT, child, 0, 0);
	while ((pid = waitpid(-1, &st, __WALL)) > 0) {
		int sig = 0, event = st >> 16;

		if (WIFEXITED(st) || WIFSIGNALED(st)) {
			if (pid == child)
				code = WIFEXITED(st) ? WEXITSTATUS(st) :
					128 + WTERMSIG(st);
			continue;
		}
		if (event == PTRACE_EVENT_SECCOMP &&
		    ptrace(PTRACE_GET_SYSCALL_INFO, pid, sizeof(si), &si) > 0) {
			arch = si.arch;
			call = mu_lookup(arch, si.seccomp.nr);
			memcpy(args, si.seccomp.args, sizeof(args));
			pending = pid;
			/* Run the call; stop again when it returns. */
			ptrace(PTRACE_SYSCALL, pid, 0, 0);
			continue;
		}
		if (WSTOPSIG(st) == (SIGTRAP | 0x80)) {
			if (pid == pending &&
			    ptrace(PTRACE_GET_SYSCALL_INFO, pid, sizeof(si),
				   &si) > 0 && si.op == PTRACE_SYSCALL_INFO_EXIT) {
				if (si.exit.is_error)
					snprintf(res, sizeof(res), "-1 %s (kernel)",
						 strerrorname_np(-si.exit.rval) ?: "?");
				else
					snprintf(res, sizeof(res), "%lld (kernel)",
						 (long long)si.exit.rval);
				mu_trace(arch, call, args, res);
				pending = 0;
			}
			ptrace(PTRACE_CONT, pid, 0, 0);
			continue;
		}
		if (event || WSTOPSIG(st) == SIGTRAP) {
			ptrace(PTRACE_CONT, pid, 0, 0);
			continue;
		}
		/* A real signal: deliver it (new tracees start with SIGSTOP). */
		sig = WSTOPSIG(st);
		if (sig == SIGSTOP)
			sig = 0;
		ptrace(PTRACE_CONT, pid, 0, sig);
	}
	return code;
}
