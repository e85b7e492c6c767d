// SPDX-License-Identifier: GPL-2.0
/*
 * murun: run a program on this (multi-user) kernel as a MULTIUSER=n kernel
 * would answer it, for a first answer without QEMU (Loupe's method).
 *
 * The syscalls that MULTIUSER=n takes away come from the kernel tree
 * (probe/gen-multiuser.sh).  A seccomp filter that libseccomp built at
 * build time (genfilter.c), for the x86_64, ia32 and x32 ABIs alike,
 * answers them:
 *   --mode=nomultiuser  ENOSYS, as the real kernel does
 *   --mode=compat       the semantics of kernel-patch's MULTIUSER_COMPAT,
 *                       by seccomp user notification
 *   --trace             print each such call and what it was answered
 * Only those calls stop; every other syscall runs at full speed.
 */
#include <errno.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "murun.h"
#include "filters.h"

static void usage(FILE *f)
{
	fputs("usage: murun [--mode=nomultiuser|compat|native] [--trace] [--output=FILE]\n"
	      "             [--] PROGRAM [ARGS...]\n"
	      "Run PROGRAM with the syscalls a CONFIG_MULTIUSER=n kernel lacks\n"
	      "answered as that kernel would (nomultiuser: ENOSYS) or as the\n"
	      "MULTIUSER_COMPAT patch would (compat); native lets the running\n"
	      "kernel answer (use it with --trace inside a guest).  --trace\n"
	      "prints each such call on stderr, or in FILE with --output.\n"
	      "Exit status: PROGRAM's (plain nomultiuser mode becomes PROGRAM;\n"
	      "the others report a death by signal N as 128+N); 2 for a bad\n"
	      "command line, 125 if murun itself failed, 127 if PROGRAM cannot\n"
	      "be run.\n", f);
}

/*
 * Load one of genfilter's programs.  Returns 0, or the listener fd with
 * SECCOMP_FILTER_FLAG_NEW_LISTENER; -1 with errno on failure.
 */
static int load_filter(const struct sock_filter *f, size_t n,
		       unsigned int flags)
{
	struct sock_fprog prog = { n, (struct sock_filter *)f };
	int rc;

	/* As root, keep set-uid programs working: no NO_NEW_PRIVS. */
	if (geteuid() && prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		return -1;
	/*
	 * A seccomp filter normally also turns on the speculation
	 * mitigations (SSBD, STIBP) for the task; a MULTIUSER=n kernel would
	 * not, and they would slow the program down, so ask to keep them as
	 * they were.  Kernels before 4.17 refuse the flag: go on without it.
	 */
	rc = syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER,
		     flags | SECCOMP_FILTER_FLAG_SPEC_ALLOW, &prog);
	if (rc < 0 && errno == EINVAL)
		rc = syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, flags,
			     &prog);
	return rc;
}

static int send_fd(int sock, int fd)
{
	char buf[CMSG_SPACE(sizeof(int))] = { 0 }, c = 0;
	struct iovec iov = { &c, 1 };
	struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1,
			    .msg_control = buf, .msg_controllen = sizeof(buf) };
	struct cmsghdr *h = CMSG_FIRSTHDR(&m);

	h->cmsg_level = SOL_SOCKET;
	h->cmsg_type = SCM_RIGHTS;
	h->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(h), &fd, sizeof(int));
	return sendmsg(sock, &m, 0) == 1 ? 0 : -1;
}

static int recv_fd(int sock)
{
	char buf[CMSG_SPACE(sizeof(int))], c;
	struct iovec iov = { &c, 1 };
	struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1,
			    .msg_control = buf, .msg_controllen = sizeof(buf) };
	struct cmsghdr *h;
	int fd;

	if (recvmsg(sock, &m, 0) != 1)
		return -1;
	h = CMSG_FIRSTHDR(&m);
	if (!h || h->cmsg_type != SCM_RIGHTS)
		return -1;
	memcpy(&fd, CMSG_DATA(h), sizeof(int));
	return fd;
}

/* Become ARGV[0]; returns only on failure, with 127 as a shell would. */
static int run(char **argv)
{
	execvp(argv[0], argv);
	fprintf(stderr, "murun: cannot run %s: %s\n", argv[0],
		strerror(errno));
	return 127;
}

static int status_of(int st)
{
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

int main(int argc, char **argv)
{
	int compat, native, trace, sv[2] = { -1, -1 }, st, rc;
	const char *output;
	struct mu_args args;
	int notify;
	pid_t pid;

	rc = mu_parse_args(argc, argv, &args);
	if (args.help || args.usage)
		usage(rc ? stderr : stdout);
	if (rc || args.help)
		return rc;
	compat = args.compat;
	native = args.native;
	trace = args.trace;
	output = args.output;
	/* Close-on-exec: the program must not inherit the trace file. */
	mu_out = output ? fopen(output, "we") : stderr;
	if (!mu_out) {
		fprintf(stderr, "murun: cannot write %s: %s\n", output,
			strerror(errno));
		return 125;
	}
	notify = !native && (compat || trace);
	/*
	 * Plain ENOSYS needs nobody to answer: load the filter here and
	 * become the program, so it costs no fork and the caller waits for
	 * the program itself (a death by signal reaches it as such).
	 */
	if (!notify && !native) {
		if (load_filter(mu_filter_enosys, ARRAY_SIZE(mu_filter_enosys),
				0)) {
			perror("murun: cannot load the filter");
			return 125;
		}
		return run(args.program);
	}
	if (notify && socketpair(AF_UNIX, SOCK_SEQPACKET, 0, sv)) {
		perror("murun: socketpair");
		return 125;
	}
	pid = fork();
	if (pid < 0) {
		perror("murun: fork");
		return 125;
	}
	if (pid == 0) {
		if (native && (ptrace(PTRACE_TRACEME, 0, 0, 0) || raise(SIGSTOP)))
			_exit(125);
		int fd = native ?
			load_filter(mu_filter_trace,
				    ARRAY_SIZE(mu_filter_trace), 0) :
			load_filter(mu_filter_notify,
				    ARRAY_SIZE(mu_filter_notify),
				    SECCOMP_FILTER_FLAG_NEW_LISTENER);

		if (fd < 0) {
			perror("murun: cannot load the filter");
			_exit(125);
		}
		if (notify) {
			close(sv[0]);
			if (send_fd(sv[1], fd))
				_exit(125);
			close(fd);
			close(sv[1]);
		}
		_exit(run(args.program));
	}
	if (native)
		return trace_native(pid);
	if (notify) {
		int fd;

		close(sv[1]);
		fd = recv_fd(sv[0]);
		close(sv[0]);
		if (fd < 0) {
			waitpid(pid, &st, 0);
			return status_of(st) == 125 ? 125 : status_of(st);
		}
		supervise(fd, compat, trace);
		close(fd);
	}
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR) {
			perror("murun: waitpid");
			return 125;
		}
	return status_of(st);
}
