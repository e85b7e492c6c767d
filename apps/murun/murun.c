// SPDX-License-Identifier: GPL-2.0
/*
 * murun: run a program on this (multi-user) kernel as a MULTIUSER=n kernel
 * would answer it, for a first answer without QEMU (Loupe's method).
 *
 * The syscalls that MULTIUSER=n takes away come from the kernel tree
 * (probe/gen-multiuser.sh).  A libseccomp filter, for the x86_64, ia32 and
 * x32 ABIs alike (one left out is a way around it), answers them:
 *   --mode=nomultiuser  ENOSYS, as the real kernel does (SCMP_ACT_ERRNO)
 *   --mode=compat       the semantics of kernel-patch's MULTIUSER_COMPAT,
 *                       by seccomp user notification (SCMP_ACT_NOTIFY)
 *   --trace             print each such call and what it was answered
 * Only those calls stop; every other syscall runs at full speed.
 */
#include <errno.h>
#include <getopt.h>
#include <poll.h>
#include <seccomp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "murun.h"
#include "multiuser_syscalls.h"

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
 * libseccomp takes native (x86_64) numbers, or its negative pseudo-numbers
 * for names x86_64 lacks (setuid32), and translates them per ABI by name.
 * So rules go in by name, and each is checked against the number in the
 * kernel's own table.
 */
static int add_rules(scmp_filter_ctx ctx, uint32_t arch, int abi,
		     uint32_t action)
{
	uint32_t bit = arch == SCMP_ARCH_X32 ? 0x40000000 : 0;
	size_t i;
	int rc;

	for (i = 0; i < ARRAY_SIZE(mu_syscalls); i++) {
		const char *name = mu_syscalls[i].name;

		if (mu_syscalls[i].abi != abi)
			continue;
		if (seccomp_syscall_resolve_name_arch(arch, name) !=
		    (int)(mu_syscalls[i].nr | bit)) {
			fprintf(stderr, "murun: libseccomp and the kernel table disagree on %s (arch %#x)\n",
				name, arch);
			return -1;
		}
		rc = seccomp_rule_add(ctx, action,
				      seccomp_syscall_resolve_name(name), 0);
		if (rc) {
			fprintf(stderr, "murun: cannot filter %s on arch %#x: %s\n",
				name, arch, strerror(-rc));
			return -1;
		}
	}
	return 0;
}

/*
 * One context per ABI, each with its own list, merged into one.  x32
 * shares x86_64's "common" entries.
 */
static scmp_filter_ctx build_filter(int notify, int native)
{
	static const struct {
		uint32_t arch;
		int abi;
	} abis[] = {
		{ SCMP_ARCH_X86_64, 64 },
		{ SCMP_ARCH_X86, 32 },
		{ SCMP_ARCH_X32, 64 },
	};
	uint32_t action = native ? SCMP_ACT_TRACE(0) :
		notify ? SCMP_ACT_NOTIFY : SCMP_ACT_ERRNO(ENOSYS);
	scmp_filter_ctx all = NULL;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(abis); i++) {
		scmp_filter_ctx c = seccomp_init(SCMP_ACT_ALLOW);

		if (!c)
			goto fail;
		if (abis[i].arch != seccomp_arch_native() &&
		    (seccomp_arch_add(c, abis[i].arch) ||
		     seccomp_arch_remove(c, SCMP_ARCH_NATIVE))) {
			seccomp_release(c);
			goto fail;
		}
		if (add_rules(c, abis[i].arch, abis[i].abi, action)) {
			seccomp_release(c);
			goto fail;
		}
		if (!all) {
			all = c;
		} else if (seccomp_merge(all, c)) {
			seccomp_release(c);
			goto fail;
		}
	}
	/* As root, keep set-uid programs working: no NO_NEW_PRIVS. */
	if (geteuid() == 0)
		seccomp_attr_set(all, SCMP_FLTATR_CTL_NNP, 0);
	/*
	 * A seccomp filter normally also turns on the speculation
	 * mitigations (SSBD, STIBP) for the task; a MULTIUSER=n kernel would
	 * not, and they would slow the program down, so ask to keep them as
	 * they were.  Older kernels refuse the flag: go on without it.
	 */
	if (seccomp_api_get() >= 4)
		seccomp_attr_set(all, SCMP_FLTATR_CTL_SSB, 1);
	return all;
fail:
	fprintf(stderr, "murun: cannot build the seccomp filter\n");
	if (all)
		seccomp_release(all);
	return NULL;
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

static int load_filter(scmp_filter_ctx ctx)
{
	int rc = seccomp_load(ctx);

	if (rc)
		fprintf(stderr, "murun: cannot load the filter: %s\n",
			strerror(-rc));
	return rc;
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
	static const struct option opts[] = {
		{ "mode", required_argument, NULL, 'm' },
		{ "trace", no_argument, NULL, 't' },
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	int compat = 0, native = 0, trace = 0, sv[2] = { -1, -1 }, st, c;
	int notify;
	const char *output = NULL;
	scmp_filter_ctx ctx;
	pid_t pid;

	while ((c = getopt_long(argc, argv, "+h", opts, NULL)) != -1) {
		switch (c) {
		case 'm':
			if (!strcmp(optarg, "compat")) {
				compat = 1;
			} else if (!strcmp(optarg, "native")) {
				native = 1;
			} else if (strcmp(optarg, "nomultiuser")) {
				fprintf(stderr, "murun: unknown mode '%s' (nomultiuser, compat or native)\n",
					optarg);
				return 2;
			}
			break;
		case 't':
			trace = 1;
			break;
		case 'o':
			output = optarg;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind >= argc) {
		fprintf(stderr, "murun: no program given\n");
		usage(stderr);
		return 2;
	}
	if (output && !trace && !native) {
		fprintf(stderr, "murun: --output needs --trace or --mode=native\n");
		return 2;
	}
	/* Close-on-exec: the program must not inherit the trace file. */
	mu_out = output ? fopen(output, "we") : stderr;
	if (!mu_out) {
		fprintf(stderr, "murun: cannot write %s: %s\n", output,
			strerror(errno));
		return 125;
	}
	notify = !native && (compat || trace);
	ctx = build_filter(notify, native);
	if (!ctx)
		return 125;
	/*
	 * Plain ENOSYS needs nobody to answer: load the filter here and
	 * become the program, so it costs no fork and the caller waits for
	 * the program itself (a death by signal reaches it as such).
	 */
	if (!notify && !native) {
		if (load_filter(ctx))
			return 125;
		seccomp_release(ctx);
		return run(argv + optind);
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
		if (load_filter(ctx))
			_exit(125);
		if (notify) {
			close(sv[0]);
			if (send_fd(sv[1], seccomp_notify_fd(ctx)))
				_exit(125);
			close(seccomp_notify_fd(ctx));
			close(sv[1]);
		}
		_exit(run(argv + optind));
	}
	seccomp_release(ctx);
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
