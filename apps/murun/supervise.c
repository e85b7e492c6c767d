// SPDX-License-Identifier: GPL-2.0
/*
 * The user-notification side of murun: each filtered call arrives here,
 * is answered (ENOSYS, or the MULTIUSER_COMPAT semantics) and, with
 * --trace, printed.  The semantics mirror kernel-patch/0001 and 0002:
 * reads say root, changes to 0 or -1 succeed, others are EINVAL, capset
 * succeeds only for "all, all, none".
 */
#include <errno.h>
#include <poll.h>
#include <seccomp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/uio.h>

#include "murun.h"
#include "multiuser_syscalls.h"

#define X32_BIT 0x40000000
#define CAP_V1 0x19980330
#define CAP_V2 0x20071026
#define CAP_V3 0x20080522

enum kind { SETID, SETIDS, GETIDS, GETGROUPS, SETGROUPS, SETFS, GETID,
	    PASS, CAPGET, CAPSET };

/* Entry points (without a "16" suffix): how many args, how to answer. */
static const struct {
	const char *entry;
	int nargs;
	enum kind kind;
} calls[] = {
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
	int abi = arch == SCMP_ARCH_X86 ? 32 : 64;
	size_t i;

	if (arch == SCMP_ARCH_X32)
		nr &= ~X32_BIT;
	for (i = 0; i < ARRAY_SIZE(mu_syscalls); i++)
		if (mu_syscalls[i].abi == abi && mu_syscalls[i].nr == nr)
			return &mu_syscalls[i];
	return NULL;
}

static int mem(pid_t pid, uint64_t addr, void *buf, size_t len, int write)
{
	struct iovec local = { buf, len }, remote = { (void *)addr, len };
	ssize_t n = write ? process_vm_writev(pid, &local, 1, &remote, 1, 0) :
		process_vm_readv(pid, &local, 1, &remote, 1, 0);

	return n == (ssize_t)len ? 0 : -1;
}

/* An id argument: 0, -1 ("unchanged"), or another id. */
static int is_root_or_keep(uint64_t v, int w16, int keep_ok)
{
	uint32_t id = w16 ? (uint16_t)v : (uint32_t)v;
	uint32_t keep = w16 ? 0xffff : 0xffffffff;

	return id == 0 || (keep_ok && id == keep);
}

static int last_cap(void)
{
	FILE *f = fopen("/proc/sys/kernel/cap_last_cap", "r");
	int n = 40;

	if (f) {
		if (fscanf(f, "%d", &n) != 1)
			n = 40;
		fclose(f);
	}
	return n;
}

/* Returns the value, or a negative errno; *pass asks for CONTINUE. */
static long compat(const struct seccomp_notif *q, enum kind kind, int w16,
		   int nargs, int *pass)
{
	const __u64 *a = q->data.args;
	uint32_t hdr[2], data[6], want[6];
	size_t sz = w16 ? 2 : 4;
	uint32_t hi = (1u << (last_cap() + 1 - 32)) - 1;
	int i, u32s;

	switch (kind) {
	case SETID:
		return is_root_or_keep(a[0], w16, 0) ? 0 : -EINVAL;
	case SETIDS:
		for (i = 0; i < nargs; i++)
			if (!is_root_or_keep(a[i], w16, 1))
				return -EINVAL;
		return 0;
	case GETIDS:
		for (i = 0; i < 3; i++) {
			uint32_t zero = 0;

			if (mem(q->pid, a[i], &zero, sz, 1))
				return -EFAULT;
		}
		return 0;
	case GETGROUPS:
		return (int)a[0] < 0 ? -EINVAL : 0;
	case SETGROUPS:
		if ((uint32_t)a[0] > 65536)
			return -EINVAL;
		for (i = 0; i < (int)a[0]; i++) {
			uint32_t g = 0;

			if (mem(q->pid, a[1] + i * sz, &g, sz, 0))
				return -EFAULT;
			if (g)
				return -EINVAL;
		}
		return 0;
	case SETFS:
	case GETID:
		return 0;
	case PASS:
		*pass = 1;
		return 0;
	case CAPGET:
	case CAPSET:
		if (mem(q->pid, a[0], hdr, sizeof(hdr), 0))
			return -EFAULT;
		if (hdr[0] == CAP_V1) {
			u32s = 1;
		} else if (hdr[0] == CAP_V2 || hdr[0] == CAP_V3) {
			u32s = 2;
		} else {
			hdr[0] = CAP_V3;
			if (mem(q->pid, a[0], hdr, 4, 1))
				return -EFAULT;
			return kind == CAPGET && !a[1] ? 0 : -EINVAL;
		}
		if (kind == CAPGET && !a[1])
			return 0;
		if ((int)hdr[1] < 0)
			return -EINVAL;
		want[0] = want[1] = ~0u;
		want[3] = want[4] = hi;
		want[2] = want[5] = 0;
		if (kind == CAPGET) {
			if (hdr[1] && kill(hdr[1], 0) && errno == ESRCH)
				return -ESRCH;
			return mem(q->pid, a[1], want, u32s * 12, 1) ? -EFAULT : 0;
		}
		if (hdr[1] && hdr[1] != q->pid)
			return -EPERM;
		memset(data, 0, sizeof(data));
		if (mem(q->pid, a[1], data, u32s * 12, 0))
			return -EFAULT;
		for (i = 3; i < 6; i++)
			data[i] &= hi;
		return memcmp(data, want, sizeof(want)) ? -EPERM : 0;
	}
	return -ENOSYS;
}

static int call_of(const struct mu_syscall *s)
{
	size_t len = strlen(s->entry), k;
	int w16 = len > 2 && !strcmp(s->entry + len - 2, "16");

	for (k = 0; k < ARRAY_SIZE(calls); k++)
		if (strlen(calls[k].entry) == len - 2 * w16 &&
		    !strncmp(s->entry, calls[k].entry, len - 2 * w16))
			return k;
	return -1;
}

int mu_nargs(const struct mu_syscall *s)
{
	int k = call_of(s);

	return k < 0 ? 3 : calls[k].nargs;
}

static int is_pointer(enum kind kind, int arg)
{
	switch (kind) {
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

int mu_is_pointer(const struct mu_syscall *s, int arg)
{
	int k = call_of(s);

	return k < 0 || is_pointer(calls[k].kind, arg);
}

void supervise(int fd, int compat_mode, int trace)
{
	struct seccomp_notif *q;
	struct seccomp_notif_resp *r;

	if (seccomp_notify_alloc(&q, &r)) {
		fprintf(stderr, "murun: cannot allocate notification buffers\n");
		return;
	}
	for (;;) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		const struct mu_syscall *s;
		size_t len, k;
		int nargs = 0, pass = 0, w16, i;
		enum kind kind = PASS;
		long v;

		if (poll(&p, 1, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (!(p.revents & POLLIN))
			break;	/* POLLHUP: no filtered task is left */
		memset(q, 0, sizeof(*q));
		if (seccomp_notify_receive(fd, q))
			continue;
		s = mu_lookup(q->data.arch, q->data.nr);
		len = s ? strlen(s->entry) : 0;
		w16 = len > 2 && !strcmp(s->entry + len - 2, "16");
		for (k = 0; s && k < ARRAY_SIZE(calls); k++)
			if (!strncmp(s->entry, calls[k].entry, len - 2 * w16) &&
			    strlen(calls[k].entry) == len - 2 * w16) {
				nargs = calls[k].nargs;
				kind = calls[k].kind;
			}
		v = !s ? -ENOSYS : compat_mode ?
			compat(q, kind, w16, nargs, &pass) : -ENOSYS;
		memset(r, 0, sizeof(*r));
		r->id = q->id;
		if (pass)
			r->flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
		else if (v < 0)
			r->error = (int)v;
		else
			r->val = v;
		if (trace) {
			fprintf(stderr, "murun: %s%s(",
				q->data.arch == SCMP_ARCH_X86 ? "ia32 " : "",
				s ? s->name : "?");
			for (i = 0; i < nargs; i++) {
				uint64_t x = q->data.args[i];

				/* Pointers change with every run (ASLR). */
				if (is_pointer(kind, i))
					fprintf(stderr, "%sptr", i ? ", " : "");
				else
					fprintf(stderr, "%s%d", i ? ", " : "",
						w16 ? (int16_t)x : (int32_t)x);
			}
			if (pass)
				fprintf(stderr, ") = passed to the kernel\n");
			else if (v < 0)
				fprintf(stderr, ") = -1 %s\n", strerrorname_np(-v) ?: "?");
			else
				fprintf(stderr, ") = %ld\n", v);
		}
		seccomp_notify_respond(fd, r);
	}
	seccomp_notify_free(q, r);
}
