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
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "murun.h"
#include "filters.h"

static void usage(FILE *f)
{
	fputs("usage: murun [--mode=nomultiuser|compat|native] [--trace] [--output=FILE]\n"
	      "             [--status] [--summary] [--] PROGRAM [ARGS...]\n"
	      "Run PROGRAM with the syscalls a CONFIG_MULTIUSER=n kernel lacks\n"
	      "answered as that kernel would (nomultiuser: ENOSYS) or as the\n"
	      "MULTIUSER_COMPAT patch would (compat); native lets the running\n"
	      "kernel answer (use it with --trace inside a guest).  --trace\n"
	      "prints each such call on stderr, or in FILE with --output.\n"
	      "--status (native only) prints each process's identity as it\n"
	      "exits (ids, groups, effective capabilities).\n"
	      "--summary (nomultiuser and compat) says on stderr, when PROGRAM\n"
	      "ends: which process went on after a failed privilege drop (it\n"
	      "stays root on the real kernel), the first loud failure and what\n"
	      "PROGRAM said next, the requests answered and not carried out.\n"
	      "Exit status: PROGRAM's (plain nomultiuser mode becomes PROGRAM;\n"
	      "the others report a death by signal N as 128+N); 2 for a bad\n"
	      "command line, 125 if murun itself failed (a trace it could not\n"
	      "write included), 127 if PROGRAM cannot be run.\n", f);
}

/*
 * As another user than root, every identity read answers 0, as on the real
 * kernel, where every id is 0; without it a program would see getuid()
 * 1000 but getresuid() 0 0 0 in compat mode.  Not for native mode: there
 * the running kernel answers.
 */
int mu_load_ids(void)
{
	if (!geteuid())
		return 0;
	return mu_load_filter(mu_filter_ids, ARRAY_SIZE(mu_filter_ids), 0) < 0 ?
		-1 : 0;
}

/*
 * What the real kernel accepts and does not carry out (genfilter.c's
 * mu_filter_silent) answers 0 and is skipped, so that a program sees the
 * silent differences too: a chown to 1000 that leaves the file 0:0 (on the
 * host: as it was), a bounding-set drop that leaves root every capability.
 */
int mu_load_silent(void)
{
	return mu_load_filter(mu_filter_silent, ARRAY_SIZE(mu_filter_silent),
			      0) < 0 ? -1 : 0;
}

/*
 * Load one of genfilter's programs.  Returns 0, or the listener fd with
 * SECCOMP_FILTER_FLAG_NEW_LISTENER; -1 with errno on failure.
 */
int mu_load_filter(const struct sock_filter *f, size_t n, unsigned int flags)
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

const struct mu_watch *mu_watch_of(uint32_t arch, int nr)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(mu_watched); i++)
		if (mu_watched[i].arch == arch && mu_watched[i].nr == nr)
			return &mu_watched[i];
	return NULL;
}

/*
 * In the program's child: the filter of A's mode.  Returns the listener fd
 * for the notifying modes, 0 for native, -1 with errno on failure.
 */
int mu_load_mode(const struct mu_args *a)
{
	if (a->native)
		return mu_load_filter(mu_filter_trace,
				      ARRAY_SIZE(mu_filter_trace), 0);
	if (mu_load_ids())
		return -1;
	/* One listener per task: the summary's program holds it all. */
	if (a->summary)
		return mu_load_filter(mu_filter_summary,
				      ARRAY_SIZE(mu_filter_summary),
				      SECCOMP_FILTER_FLAG_NEW_LISTENER);
	if (mu_load_silent())
		return -1;
	return mu_load_filter(mu_filter_notify, ARRAY_SIZE(mu_filter_notify),
			      SECCOMP_FILTER_FLAG_NEW_LISTENER);
}

int main(int argc, char **argv)
{
	struct mu_args args;
	int rc;

	rc = mu_parse_args(argc, argv, &args);
	if (args.help || args.usage)
		usage(rc ? stderr : stdout);
	if (rc || args.help)
		return rc;
	/* Close-on-exec: the program must not inherit the trace file. */
	mu_out = args.output ? fopen(args.output, "we") : stderr;
	if (!mu_out) {
		fprintf(stderr, "murun: cannot write %s: %s\n", args.output,
			strerror(errno));
		return 125;
	}
	/*
	 * Plain ENOSYS needs nobody to answer: load the filter here and
	 * become the program, so it costs no fork and the caller waits for
	 * the program itself (a death by signal reaches it as such).
	 */
	if (!args.native && !args.compat && !args.trace && !args.summary) {
		if (mu_load_ids() || mu_load_silent() ||
		    mu_load_filter(mu_filter_enosys,
				   ARRAY_SIZE(mu_filter_enosys), 0)) {
			perror("murun: cannot load the filter");
			return 125;
		}
		return mu_exec(args.program);
	}
	return mu_supervised(&args);
}
