// SPDX-License-Identifier: GPL-2.0
/*
 * genfilter: murun's seccomp programs, built once at build time with
 * libseccomp and written out as C arrays (build/KVER/murun/filters.h), so that
 * murun itself only loads them and needs no library at run time: it is
 * static musl, which starts far faster than glibc here (make murun-bench),
 * and a disagreement between libseccomp and the kernel's table fails the
 * build, not a run.
 *
 * One rule per syscall that MULTIUSER=n takes away (probe/gen-multiuser.sh,
 * from the kernel tree), for every ABI of the target architecture alike
 * (x86_64, ia32 and x32 on x86_64: one left out is a way around it), with
 * three actions:
 *   mu_filter_enosys  ENOSYS, as the real kernel answers (SCMP_ACT_ERRNO)
 *   mu_filter_notify  ask murun's supervisor (SCMP_ACT_NOTIFY)
 *   mu_filter_trace   stop for murun's tracer (SCMP_ACT_TRACE)
 * a fourth, stacked on them in the nomultiuser and compat modes:
 *   mu_filter_silent  the requests the real kernel accepts and does not
 *                     carry out answer 0 and are skipped (SCMP_ACT_ERRNO(0)):
 *                     the chown family to an owner or group other than 0
 *                     (every file stays 0:0), prctl(PR_CAPBSET_DROP)
 *                     (root keeps every capability) and IPC_SET of shm,
 *                     msg and sem objects (the owner stays 0:0)
 * and a fifth, stacked when murun does not run as root:
 *   mu_filter_ids     getuid() and friends answer 0 (SCMP_ACT_ERRNO(0)
 *                     returns 0 and skips the call), as every identity
 *                     read does on the real kernel
 * and, for --summary, one program that asks the supervisor about all of
 * mu_filter_notify's and mu_filter_silent's calls plus execve, execveat
 * and exit_group, so that it sees what a process did after a failed
 * privilege drop (a task has one listener: it cannot be a second filter):
 *   mu_filter_summary and mu_watched[], the extra calls by ABI and number
 *
 * usage: genfilter > filters.h
 *
 * Built for the build host, it writes the programs of the architecture
 * named at compile time (-DMU_TARGET_arm64, _riscv64; x86_64 otherwise):
 * libseccomp generates any architecture's BPF.
 */
#include <errno.h>
#include <linux/filter.h>
#include <seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "murun.h"
#include "multiuser_syscalls.h"

/* The target's ABIs: libseccomp's name, mu_syscalls[]' and the audit one. */
static const struct {
	uint32_t arch;
	int abi;
	uint32_t audit;		/* what a notification's data.arch says */
} targets[] = {
#if defined(MU_TARGET_arm64)
	{ SCMP_ARCH_AARCH64, 64, 0xc00000b7 },
#elif defined(MU_TARGET_riscv64)
	{ SCMP_ARCH_RISCV64, 64, 0xc00000f3 },
#else
	{ SCMP_ARCH_X86_64, 64, 0xc000003e },
	{ SCMP_ARCH_X86, 32, 0x40000003 },
	/* x32 shares x86_64's "common"; its calls carry the x32 bit. */
	{ SCMP_ARCH_X32, 64, 0xc000003e },
#endif
};

/* A context for ARCH alone (the build host's own ABI only if it is ARCH). */
static scmp_filter_ctx ctx_for(uint32_t arch)
{
	scmp_filter_ctx c = seccomp_init(SCMP_ACT_ALLOW);

	if (c && arch != seccomp_arch_native() &&
	    (seccomp_arch_add(c, arch) ||
	     seccomp_arch_remove(c, SCMP_ARCH_NATIVE))) {
		seccomp_release(c);
		return NULL;
	}
	return c;
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
		/* compat mode would answer a call it has no row for ENOSYS. */
		if (!mu_call_of(&mu_syscalls[i])) {
			fprintf(stderr, "genfilter: %s has no MULTIUSER_COMPAT semantics in apps/murun/calls.c\n",
				mu_syscalls[i].entry);
			return -1;
		}
		if (seccomp_syscall_resolve_name_arch(arch, name) !=
		    (int)(mu_syscalls[i].nr | bit)) {
			fprintf(stderr, "genfilter: libseccomp and the kernel table disagree on %s (arch %#x)\n",
				name, arch);
			return -1;
		}
		rc = seccomp_rule_add(ctx, action,
				      seccomp_syscall_resolve_name(name), 0);
		if (rc) {
			fprintf(stderr, "genfilter: cannot filter %s on arch %#x: %s\n",
				name, arch, strerror(-rc));
			return -1;
		}
	}
	return 0;
}

static int add_silent(scmp_filter_ctx c, uint32_t arch, uint32_t action,
		      int follow);

/*
 * One context per ABI, each with its own list, merged into one; with
 * SUMMARY, the silent requests, exec and exit too.
 */
static scmp_filter_ctx build(uint32_t action, int summary)
{
	scmp_filter_ctx all = NULL;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(targets); i++) {
		scmp_filter_ctx c = ctx_for(targets[i].arch);

		if (!c)
			goto fail;
		if (add_rules(c, targets[i].arch, targets[i].abi, action) ||
		    (summary && add_silent(c, targets[i].arch, action, 1))) {
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
	return all;
fail:
	if (all)
		seccomp_release(all);
	return NULL;
}

/*
 * The identity reads MULTIUSER=n keeps (they answer 0 there because every
 * id is 0).  A name an ABI lacks (getuid32 on x86_64) is skipped for it.
 */
static scmp_filter_ctx build_ids(void)
{
	static const char *const names[] = {
		"getuid", "geteuid", "getgid", "getegid",
		"getuid32", "geteuid32", "getgid32", "getegid32",
	};
	scmp_filter_ctx c = ctx_for(targets[0].arch);
	size_t i, j;

	if (!c)
		return NULL;
	for (j = 1; j < ARRAY_SIZE(targets); j++)
		if (targets[j].arch != seccomp_arch_native() &&
		    seccomp_arch_add(c, targets[j].arch))
			goto fail;
	for (i = 0; i < ARRAY_SIZE(names); i++) {
		int nr = seccomp_syscall_resolve_name(names[i]);

		if (nr == __NR_SCMP_ERROR)
			goto fail;
		/* libseccomp leaves out the ABIs that lack the name. */
		if (seccomp_rule_add(c, SCMP_ACT_ERRNO(0), nr, 0))
			goto fail;
	}
	return c;
fail:
	seccomp_release(c);
	return NULL;
}

/* Is NAME one that MULTIUSER=n takes away from the ABI of ARCH? */
static int lost(const char *name, uint32_t arch)
{
	int abi = 64;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(targets); i++)
		if (targets[i].arch == arch)
			abi = targets[i].abi;
	for (i = 0; i < ARRAY_SIZE(mu_syscalls); i++)
		if (mu_syscalls[i].abi == abi &&
		    !strcmp(mu_syscalls[i].name, name))
			return 1;
	return 0;
}

/*
 * An id argument other than 0.  libseccomp takes one comparison per
 * argument and rule, so -1 ("unchanged") is caught too: chown(f, -1, 0)
 * is skipped as well.  On the real kernel every file is already 0:0, so
 * what that misses is only the ctime and the set-id bits a chown clears.
 */
static int add_id_rule(scmp_filter_ctx c, uint32_t action, int nr,
		       unsigned int arg)
{
	return seccomp_rule_add(c, action, nr, 1,
				SCMP_CMP(arg, SCMP_CMP_GT, 0));
}

/* The silent requests and the calls --summary follows, with their kinds. */
static const struct {
	const char *name;
	int kind;
	int arg;	/* MU_W_CHOWN: the owner's argument; group's next */
} watched[] = {
	{ "chown", MU_W_CHOWN, 1 }, { "lchown", MU_W_CHOWN, 1 },
	{ "fchown", MU_W_CHOWN, 1 }, { "fchownat", MU_W_CHOWN, 2 },
	{ "chown32", MU_W_CHOWN, 1 }, { "lchown32", MU_W_CHOWN, 1 },
	{ "fchown32", MU_W_CHOWN, 1 }, { "prctl", MU_W_CAPBSET, 0 },
	{ "shmctl", MU_W_IPCSET, 1 }, { "msgctl", MU_W_IPCSET, 1 },
	{ "semctl", MU_W_IPCSET, 2 },
	{ "execve", MU_W_EXEC, 0 }, { "execveat", MU_W_EXEC, 1 },
	{ "exit_group", MU_W_EXIT, 0 },
};

/*
 * IPC_SET (1), with or without IPC_64 (0x100), in argument ARG.  The new
 * owner sits in a struct the filter cannot read: every IPC_SET is
 * skipped, so a mode change is lost too.  x86_64 and x32 only: for ia32,
 * libseccomp 2.5.4 turns a rule on semctl into one on ipc() that tests
 * the wrong argument, and leaves shmctl and msgctl out (apps/tests/
 * filter.py showed both), so ia32's IPC_SET is not emulated.
 */
static int add_ipcset(scmp_filter_ctx c, uint32_t arch, uint32_t action,
		      int nr, int arg)
{
	if (arch == SCMP_ARCH_X86)
		return 0;
	return seccomp_rule_add(c, action, nr, 1,
				SCMP_CMP(arg, SCMP_CMP_MASKED_EQ, 0xff, 1));
}

/*
 * Is watched[I] a call of ARCH that murun answers (or follows) and the
 * kernel's table does not take away?
 */
static int watches(size_t i, uint32_t arch)
{
	if (watched[i].kind == MU_W_IPCSET && arch == SCMP_ARCH_X86)
		return 0;
	return seccomp_syscall_resolve_name_arch(arch, watched[i].name) !=
		__NR_SCMP_ERROR && !lost(watched[i].name, arch);
}

/* ACTION for the silent requests; with FOLLOW, for exec and exit too. */
static int add_silent(scmp_filter_ctx c, uint32_t arch, uint32_t action,
		      int follow)
{
	size_t i;
	int nr;

	for (i = 0; i < ARRAY_SIZE(watched); i++) {
		if (!watches(i, arch))
			continue;
		nr = seccomp_syscall_resolve_name(watched[i].name);
		switch (watched[i].kind) {
		case MU_W_CHOWN:
			if (add_id_rule(c, action, nr, watched[i].arg) ||
			    add_id_rule(c, action, nr, watched[i].arg + 1))
				return -1;
			break;
		case MU_W_CAPBSET:	/* 24: PR_CAPBSET_DROP */
			if (seccomp_rule_add(c, action, nr, 1,
					     SCMP_CMP(0, SCMP_CMP_EQ, 24)))
				return -1;
			break;
		case MU_W_IPCSET:
			if (add_ipcset(c, arch, action, nr, watched[i].arg))
				return -1;
			break;
		default:
			if (follow && seccomp_rule_add(c, action, nr, 0))
				return -1;
		}
	}
	return 0;
}

static scmp_filter_ctx build_silent(void)
{
	scmp_filter_ctx all = NULL, c;
	size_t j;

	/* One context per ABI: what is lost differs between them. */
	for (j = 0; j < ARRAY_SIZE(targets); j++) {
		c = ctx_for(targets[j].arch);
		if (!c)
			goto fail;
		if (add_silent(c, targets[j].arch, SCMP_ACT_ERRNO(0), 0))
			goto fail_c;
		if (!all)
			all = c;
		else if (seccomp_merge(all, c))
			goto fail_c;
	}
	return all;
fail_c:
	seccomp_release(c);
fail:
	if (all)
		seccomp_release(all);
	return NULL;
}

/* Print CTX's program as the array NAME. */
static int emit(scmp_filter_ctx ctx, const char *name)
{
	struct sock_filter insn;
	FILE *tmp = tmpfile();
	int n = 0;

	if (!tmp || seccomp_export_bpf(ctx, fileno(tmp)) ||
	    fseek(tmp, 0, SEEK_SET))
		return -1;
	printf("static const struct sock_filter %s[] = {\n", name);
	while (fread(&insn, sizeof(insn), 1, tmp) == 1) {
		printf("\t{ 0x%04x, %u, %u, 0x%08x },\n", insn.code, insn.jt,
		       insn.jf, insn.k);
		n++;
	}
	printf("};\n\n");
	fclose(tmp);
	return n ? 0 : -1;
}

/*
 * mu_watched[]: each watched call by the arch and number the kernel
 * reports in a notification (x32's with its bit, under x86_64's arch).
 */
static void emit_watched(void)
{
	size_t i, j;

	printf("static const struct mu_watch mu_watched[] = {\n");
	for (j = 0; j < ARRAY_SIZE(targets); j++)
		for (i = 0; i < ARRAY_SIZE(watched); i++)
			if (watches(i, targets[j].arch) &&
			    seccomp_syscall_resolve_name_arch(targets[j].arch,
					watched[i].name) >= 0)
				printf("\t{ 0x%08x, %d, \"%s\", %d, %d },\n",
				       targets[j].audit,
				       seccomp_syscall_resolve_name_arch(targets[j].arch,
						watched[i].name),
				       watched[i].name, watched[i].kind,
				       watched[i].arg);
	printf("};\n\n");
}

int main(void)
{
	static const struct {
		const char *name;
		uint32_t action;
		int summary;
	} filters[] = {
		{ "mu_filter_enosys", SCMP_ACT_ERRNO(ENOSYS), 0 },
		{ "mu_filter_notify", SCMP_ACT_NOTIFY, 0 },
		{ "mu_filter_trace", SCMP_ACT_TRACE(0), 0 },
		{ "mu_filter_ids", 0, 0 },
		{ "mu_filter_silent", 1, 0 },
		{ "mu_filter_summary", SCMP_ACT_NOTIFY, 1 },
	};
	size_t i;

	printf("/* Generated by apps/murun/genfilter.c with libseccomp: do not edit. */\n\n");
	emit_watched();
	for (i = 0; i < ARRAY_SIZE(filters); i++) {
		scmp_filter_ctx ctx = filters[i].action > 1 ?
			build(filters[i].action, filters[i].summary) :
			filters[i].action ? build_silent() : build_ids();

		if (!ctx || emit(ctx, filters[i].name)) {
			fprintf(stderr, "genfilter: cannot build %s\n",
				filters[i].name);
			return 1;
		}
		seccomp_release(ctx);
	}
	return fflush(stdout) ? 1 : 0;
}
