// SPDX-License-Identifier: GPL-2.0
/*
 * calls_test: murun's lookup of a stopped call, for each way the kernel
 * reports one (seccomp_data and PTRACE_GET_SYSCALL_INFO alike): x86_64,
 * x32 (AUDIT_ARCH_X86_64 with the x32 bit, which this machine's kernel
 * cannot run), and ia32 with its 16-bit and 32-bit entries.
 */
#include <linux/audit.h>
#include <stdio.h>
#include <string.h>

#include "murun.h"
#include "multiuser_syscalls.h"

static int n, fails;

static void check(const char *what, uint32_t arch, int nr, const char *entry,
		  int is16)
{
	const struct mu_syscall *s = mu_lookup(arch, nr);
	int ok = entry ? s && !strcmp(s->entry, entry) && mu_call_of(s) &&
		mu_is16(s) == is16 : !s;

	printf("%s %d %s\n", ok ? "ok" : "not ok", ++n, what);
	fails += !ok;
}

int main(void)
{
	check("x86_64 105 is setuid", AUDIT_ARCH_X86_64, 105, "setuid", 0);
	check("x32 105 is setuid", AUDIT_ARCH_X86_64, 0x40000000 | 105,
	      "setuid", 0);
	check("ia32 23 is setuid16", AUDIT_ARCH_I386, 23, "setuid16", 1);
	check("ia32 213 is setuid (setuid32)", AUDIT_ARCH_I386, 213,
	      "setuid", 0);
	check("ia32 105 is not filtered", AUDIT_ARCH_I386, 105, NULL, 0);
	check("x86_64 39 (getpid) is not filtered", AUDIT_ARCH_X86_64, 39,
	      NULL, 0);
	printf("%d passed, %d failed\n", n - fails, fails);
	return fails != 0;
}
