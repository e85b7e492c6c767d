// SPDX-License-Identifier: GPL-2.0
/*
 * The filtered calls as murun sees them: which entry point a number is,
 * what its arguments are, and the one trace line every mode prints.
 */
#include <errno.h>
#include <linux/audit.h>
#include <stdio.h>
#include <string.h>

#include "murun.h"
#include "multiuser_syscalls.h"

#define X32_BIT 0x40000000

FILE *mu_out;
int mu_out_errno;

void mu_out_line(const char *line)
{
	/* One write per line: traced tasks may print at the same time. */
	if ((fprintf(mu_out, "murun: %s\n", line) < 0 || fflush(mu_out)) &&
	    !mu_out_errno)
		mu_out_errno = errno ? errno : EIO;
}

/* Entry points (without a "16" suffix): how many args, how to answer. */
static const struct mu_call calls[] = {
	{ "setuid", 1, SETID }, { "setgid", 1, SETID },
	{ "setreuid", 2, SETIDS }, { "setregid", 2, SETIDS },
	{ "setresuid", 3, SETIDS }, { "setresgid", 3, SETIDS },
	{ "getresuid", 3, GETIDS }, { "getresgid", 3, GETIDS },
	{ "getgroups", 2, GETGROUPS }, { "setgroups", 2, SETGROUPS },
	{ "setfsuid", 1, SETFS }, { "setfsgid", 1, SETFS },
	{ "getuid", 0, GETID }, { "geteuid", 0, GETID },
	{ "getgid", 0, GETID }, { "getegid", 0, GETID },
	{ "chown", 3, PASS }, { "lchown", 3, PASS }, { "fchown", 3, PASS },
	{ "capget", 2, CAPGET }, { "capset", 2, CAPSET },
};

const struct mu_syscall *mu_lookup(uint32_t arch, int nr)
{
	int abi = arch == AUDIT_ARCH_I386 ? 32 : 64;
	size_t i;

	/* An x32 call comes as AUDIT_ARCH_X86_64 with the x32 bit set. */
	if (arch == AUDIT_ARCH_X86_64)
		nr &= ~X32_BIT;
	for (i = 0; i < ARRAY_SIZE(mu_syscalls); i++)
		if (mu_syscalls[i].abi == abi && mu_syscalls[i].nr == nr)
			return &mu_syscalls[i];
	return NULL;
}

int mu_is16(const struct mu_syscall *s)
{
	size_t len = strlen(s->entry);

	return len > 2 && !strcmp(s->entry + len - 2, "16");
}

const struct mu_call *mu_call_of(const struct mu_syscall *s)
{
	size_t len = strlen(s->entry) - 2 * mu_is16(s), k;

	for (k = 0; k < ARRAY_SIZE(calls); k++)
		if (strlen(calls[k].entry) == len &&
		    !strncmp(s->entry, calls[k].entry, len))
			return &calls[k];
	return NULL;
}

static int is_pointer(const struct mu_call *c, int arg)
{
	switch (c->kind) {
	case GETIDS: case CAPGET: case CAPSET:
		return 1;
	case GETGROUPS: case SETGROUPS:
		return arg == 1;
	case PASS:
		return arg == 0;
	default:
		return 0;
	}
}

void mu_format_call(char *line, size_t len, uint32_t arch,
		    const struct mu_syscall *s, const __u64 *args,
		    const char *result)
{
	const struct mu_call *c = s ? mu_call_of(s) : NULL;
	int nargs = c ? c->nargs : 0, i;
	int n = snprintf(line, len, "%s%s(",
			 arch == AUDIT_ARCH_I386 ? "ia32 " : "",
			 s ? s->name : "?");

	/*
	 * Ids as numbers, as the entry point reads them (16 bits for the
	 * legacy ones); pointers only as "ptr": their values change with
	 * every run (ASLR) and mean nothing here.
	 */
	for (i = 0; i < nargs && n < (int)len; i++)
		if (is_pointer(c, i))
			n += snprintf(line + n, len - n, "%sptr",
				      i ? ", " : "");
		else
			n += snprintf(line + n, len - n, "%s%d",
				      i ? ", " : "", mu_is16(s) ?
				      (int16_t)args[i] : (int32_t)args[i]);
	if (n < (int)len)
		snprintf(line + n, len - n, ") = %s", result);
}

void mu_trace(uint32_t arch, const struct mu_syscall *s,
	      const __u64 *args, const char *result)
{
	char line[256];

	mu_format_call(line, sizeof(line), arch, s, args, result);
	mu_out_line(line);
}
