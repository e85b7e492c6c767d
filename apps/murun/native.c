// SPDX-License-Identifier: GPL-2.0
/*
 * murun --mode=native: let the running kernel answer the identity calls
 * and report what it said.  The filter stops only those calls
 * (SECCOMP_RET_TRACE); at each stop the tracer reads the call with
 * PTRACE_GET_SYSCALL_INFO, lets it run to its syscall-exit stop, reads the
 * result and prints both.  Inside a guest this shows what a program asked
 * the single-user kernel and what it got back.  With --status each process
 * also reports the identity it ends with, read at its exit stop, while
 * /proc/PID/status still holds its final credentials: on a MULTIUSER=n
 * kernel a privilege drop that "worked" shows up there as uid 0.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/wait.h>

#include "errname.h"
#include "murun.h"

/*
 * A call in flight, between its seccomp stop and its syscall-exit stop.
 * Every tracee may have one at the same time: glibc's setuid() makes each
 * thread of the process call setuid(2) (its __nptl_setxid broadcast).
 */
struct flight {
	pid_t pid;
	uint32_t arch;
	const struct mu_syscall *call;
	__u64 args[6];
};

/* PID's slot, or a free one (pid 0) with NEW; NULL when there is none. */
static struct flight *slot(struct flight **v, size_t *n, pid_t pid, int new)
{
	struct flight *f;
	size_t i;

	for (i = 0; i < *n; i++)
		if ((*v)[i].pid == pid)
			return &(*v)[i];
	if (!new)
		return NULL;
	for (i = 0; i < *n; i++)
		if (!(*v)[i].pid)
			return &(*v)[i];
	f = realloc(*v, (*n + 16) * sizeof(**v));
	if (!f)
		return NULL;
	memset(f + *n, 0, 16 * sizeof(*f));
	*v = f;
	*n += 16;
	return &f[*n - 16];
}

/* "uid=R E S F" and the like, from one "Uid:\tR\tE\tS\tF" line. */
static void field(char *out, size_t len, const char *key, const char *line)
{
	size_t n = strlen(out), i;

	snprintf(out + n, len - n, " %s=%s", key, line);
	for (i = n; out[i]; i++)
		if (out[i] == '\t' || out[i] == '\n')
			out[i] = ' ';
	while (i > n && out[i - 1] == ' ')
		out[--i] = '\0';
}

/* One line per process (threads share their leader's identity). */
static void print_identity(pid_t pid)
{
	static const char *const keys[][2] = {
		{ "Uid:\t", "uid" }, { "Gid:\t", "gid" },
		{ "Groups:", "groups" }, { "CapEff:\t", "capeff" },
	};
	char path[64], line[512], name[64] = "?", out[1024] = "", rec[1200];
	int tgid = -1;
	size_t i;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", pid);
	f = fopen(path, "re");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "Name:\t", 6))
			sscanf(line + 6, "%63[^\n]", name);
		else if (!strncmp(line, "Tgid:\t", 6))
			tgid = atoi(line + 6);
		for (i = 0; i < ARRAY_SIZE(keys); i++)
			if (!strncmp(line, keys[i][0], strlen(keys[i][0])))
				field(out, sizeof(out), keys[i][1],
				      line + strlen(keys[i][0]) +
				      (line[strlen(keys[i][0])] == '\t'));
	}
	fclose(f);
	if (tgid != pid)
		return;
	snprintf(rec, sizeof(rec), "exit %s%s", name, out);
	mu_out_line(rec);
}

/*
 * CHILD is stopped (SIGSTOP after PTRACE_TRACEME).  Returns its exit
 * status as murun reports it.
 */
int trace_native(pid_t child, int status)
{
	struct __ptrace_syscall_info si;
	struct flight *fl = NULL, *f;
	size_t nfl = 0;
	int st, code = 125;
	pid_t pid;
	char res[64];

	if (waitpid(child, &st, 0) != child || !WIFSTOPPED(st))
		return 125;
	ptrace(PTRACE_SETOPTIONS, child, 0, PTRACE_O_TRACESECCOMP |
	       PTRACE_O_TRACESYSGOOD | PTRACE_O_TRACEFORK |
	       PTRACE_O_TRACEVFORK | PTRACE_O_TRACECLONE |
	       PTRACE_O_EXITKILL | (status ? PTRACE_O_TRACEEXIT : 0));
	ptrace(PTRACE_CONT, child, 0, 0);
	while ((pid = waitpid(-1, &st, __WALL)) > 0) {
		int sig = 0, event = st >> 16;

		if (WIFEXITED(st) || WIFSIGNALED(st)) {
			f = slot(&fl, &nfl, pid, 0);
			if (f)
				f->pid = 0;
			if (pid == child) {
				code = mu_status_of(st);
				mu_program_exited(code);
			}
			continue;
		}
		if (event == PTRACE_EVENT_SECCOMP &&
		    ptrace(PTRACE_GET_SYSCALL_INFO, pid, sizeof(si), &si) > 0) {
			f = slot(&fl, &nfl, pid, 1);
			if (f) {
				f->pid = pid;
				f->arch = si.arch;
				f->call = mu_lookup(si.arch, si.seccomp.nr);
				memcpy(f->args, si.seccomp.args,
				       sizeof(f->args));
			}
			/* Run the call; stop again when it returns. */
			ptrace(PTRACE_SYSCALL, pid, 0, 0);
			continue;
		}
		if (WSTOPSIG(st) == (SIGTRAP | 0x80)) {
			f = slot(&fl, &nfl, pid, 0);
			if (f && ptrace(PTRACE_GET_SYSCALL_INFO, pid, sizeof(si),
					&si) > 0 &&
			    si.op == PTRACE_SYSCALL_INFO_EXIT) {
				if (si.exit.is_error)
					snprintf(res, sizeof(res), "-1 %s (kernel)",
						 errname(-si.exit.rval));
				else
					snprintf(res, sizeof(res), "%lld (kernel)",
						 (long long)si.exit.rval);
				mu_trace(f->arch, f->call, f->args, res);
				f->pid = 0;
			}
			ptrace(PTRACE_CONT, pid, 0, 0);
			continue;
		}
		if (event == PTRACE_EVENT_EXIT) {
			print_identity(pid);
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
	free(fl);
	return code;
}
