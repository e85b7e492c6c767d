// SPDX-License-Identifier: GPL-2.0
/*
 * The user-notification side of murun: each filtered call arrives here,
 * is answered (ENOSYS, or the MULTIUSER_COMPAT semantics) and, with
 * --trace, printed.  The semantics mirror kernel-patch/KVER/0001 and 0002:
 * reads say root, changes to 0 or -1 succeed, others are EINVAL, capset
 * succeeds only for "all, all, none".
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "errname.h"
#include "murun.h"

#define CAP_V1 0x19980330
#define CAP_V2 0x20071026
#define CAP_V3 0x20080522

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

/* The mask of valid bits in the upper capability word, read once. */
static uint32_t cap_hi_mask(void)
{
	static int last = -1;
	FILE *f;

	if (last < 0) {
		f = fopen("/proc/sys/kernel/cap_last_cap", "r");
		if (!f || fscanf(f, "%d", &last) != 1)
			last = 40;
		if (f)
			fclose(f);
	}
	return (1u << (last + 1 - 32)) - 1;
}

/* Returns the value, or a negative errno; *pass asks for CONTINUE. */
static long compat(const struct seccomp_notif *q, enum mu_kind kind, int w16,
		   int nargs, int *pass)
{
	const __u64 *a = q->data.args;
	uint32_t hdr[2], data[6], want[6];
	size_t sz = w16 ? 2 : 4;
	uint32_t hi;
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
		/* 0003: {0, 0} could only be read back as {0} */
		return a[0] > 1 ? -EINVAL : 0;
	case SETFS:
		/* kernel-patch 0003: a refused fs id change is loud */
		return is_root_or_keep(a[0], w16, 1) ? 0 : -EINVAL;
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
		hi = cap_hi_mask();
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
		/* A v1 header names capabilities 0-31 only (0003). */
		return memcmp(data, want, u32s * 12) ? -EPERM : 0;
	}
	return -ENOSYS;
}

/*
 * The kernel may know larger notification structs than these headers; it
 * says how large (SECCOMP_GET_NOTIF_SIZES), RECV writes that much and
 * wants it zeroed first.
 */
static size_t qsize = sizeof(struct seccomp_notif);
static size_t rsize = sizeof(struct seccomp_notif_resp);

static int alloc_notif(struct seccomp_notif **q, struct seccomp_notif_resp **r)
{
	struct seccomp_notif_sizes sz;

	if (syscall(SYS_seccomp, SECCOMP_GET_NOTIF_SIZES, 0, &sz))
		return -1;
	if (sz.seccomp_notif > qsize)
		qsize = sz.seccomp_notif;
	if (sz.seccomp_notif_resp > rsize)
		rsize = sz.seccomp_notif_resp;
	*q = calloc(1, qsize);
	*r = calloc(1, rsize);
	if (*q && *r)
		return 0;
	free(*q);
	free(*r);
	return -1;
}

/*
 * A path in the caller's memory, for the summary; /proc/PID/mem reads up
 * to where the mapping ends, where process_vm_readv would fail outright.
 */
static void path_at(pid_t pid, uint64_t addr, char *buf, size_t len)
{
	char f[32];
	ssize_t n = -1;
	int fd;

	snprintf(f, sizeof(f), "/proc/%d/mem", pid);
	fd = open(f, O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		n = pread(fd, buf, len - 1, (off_t)addr);
		close(fd);
	}
	if (n <= 0) {
		snprintf(buf, len, "?");
		return;
	}
	buf[n] = 0;
}

/*
 * --summary's own calls: the silent requests, answered 0 without being
 * run as on the real kernel, and exec and exit, let through.
 */
static long watched(const struct seccomp_notif *q, const struct mu_watch *w,
		    int trace, int *pass)
{
	const __u64 *a = q->data.args;
	char path[128], call[256];
	int at = w->arg == 2;	/* fchownat: dirfd, path, owner, group */

	switch (w->kind) {
	case MU_W_CHOWN:
		if (!strncmp(w->name, "fchown", 6) && !at)
			snprintf(path, sizeof(path), "fd %d", (int)a[0]);
		else
			path_at(q->pid, a[at], path, sizeof(path));
		snprintf(call, sizeof(call), "%s(\"%s\", %d, %d) = 0", w->name,
			 path, (int32_t)a[w->arg], (int32_t)a[w->arg + 1]);
		mu_sum_call(q->pid, call, 0, 0, 1);
		break;
	case MU_W_CAPBSET:
		snprintf(call, sizeof(call), "prctl(PR_CAPBSET_DROP, %d) = 0",
			 (int)a[1]);
		mu_sum_call(q->pid, call, 0, 1, 1);
		break;
	case MU_W_IPCSET:
		snprintf(call, sizeof(call), "%s(%d, IPC_SET, ptr) = 0",
			 w->name, (int)a[0]);
		mu_sum_call(q->pid, call, 0, 0, 1);
		break;
	case MU_W_EXEC:
		path_at(q->pid, a[w->arg], path, sizeof(path));
		mu_sum_exec(q->pid, path);
		*pass = 1;
		return 0;
	default:
		mu_sum_exit(q->pid, (int)(a[0] & 0xff));
		*pass = 1;
		return 0;
	}
	if (trace)
		mu_out_line(call);
	return 0;
}

/*
 * For the summary: is this call a privilege drop (an id other than 0 or
 * -1, a group list, a capability change)?  Every such drop a mode answers
 * fails now (compat's setfs*id() too), so none is "answered and not
 * carried out": those are the silent requests, summed where they are
 * answered.
 */
static void sum_lost(const struct seccomp_notif *q, const struct mu_syscall *s,
		     const struct mu_call *c, long v, int pass)
{
	char call[256], res[64];
	int i, other = 0, drop;

	if (v < 0)
		snprintf(res, sizeof(res), "-1 %s", errname(-v));
	else
		snprintf(res, sizeof(res), "%ld", pass ? 0 : v);
	mu_format_call(call, sizeof(call), q->data.arch, s, q->data.args, res);
	for (i = 0; c && i < c->nargs && i < 3; i++)
		other |= !is_root_or_keep(q->data.args[i], mu_is16(s), 1);
	drop = c && (((c->kind == SETID || c->kind == SETIDS ||
		       c->kind == SETFS) && other) || c->kind == SETGROUPS ||
		     (c->kind == CAPSET && v < 0));
	mu_sum_call(q->pid, call, v, drop, 0);
}

/*
 * PROGRAM has exited if its pidfd says so (or, without pidfds, if waitpid
 * does): report it once.
 */
static void check_program(pid_t *program, int *pidfd)
{
	int st;

	if (*program <= 0 || waitpid(*program, &st, WNOHANG) != *program)
		return;
	mu_program_exited(mu_status_of(st));
	*program = 0;
	if (*pidfd >= 0)
		close(*pidfd);
	*pidfd = -1;
}

void supervise(int fd, const struct mu_args *a, pid_t program)
{
	int compat_mode = a->compat, trace = a->trace;
	struct seccomp_notif *q = NULL;
	struct seccomp_notif_resp *r = NULL;
	int pidfd = syscall(SYS_pidfd_open, program, 0);

	if (alloc_notif(&q, &r)) {
		fprintf(stderr, "murun: cannot allocate notification buffers\n");
		return;
	}
	for (;;) {
		struct pollfd p[3] = { { .fd = fd, .events = POLLIN },
				       { .fd = mu_stderr_fd(), .events = POLLIN },
				       { .fd = pidfd, .events = POLLIN } };
		const struct mu_syscall *s;
		const struct mu_watch *w;
		const struct mu_call *c;
		int pass = 0;
		char res[64];
		long v;

		/* Kernels before 5.3 have no pidfd: look every 100 ms. */
		if (poll(p, pidfd >= 0 ? 3 : 2,
			 pidfd >= 0 || !program ? -1 : 100) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (p[1].revents)
			mu_forward_stderr();
		check_program(&program, &pidfd);
		if (p[0].revents & (POLLHUP | POLLERR | POLLNVAL))
			break;	/* no filtered task is left */
		if (!(p[0].revents & POLLIN))
			continue;
		memset(q, 0, qsize);
		/* ENOENT: the task died before we got to its call. */
		if (ioctl(fd, SECCOMP_IOCTL_NOTIF_RECV, q))
			continue;
		w = a->summary ? mu_watch_of(q->data.arch, q->data.nr) : NULL;
		s = w ? NULL : mu_lookup(q->data.arch, q->data.nr);
		c = s ? mu_call_of(s) : NULL;
		if (w)
			v = watched(q, w, trace, &pass);
		else
			v = !c ? -ENOSYS : compat_mode ?
				compat(q, c->kind, mu_is16(s), c->nargs,
				       &pass) : -ENOSYS;
		if (a->summary && !w)
			sum_lost(q, s, c, v, pass);
		memset(r, 0, rsize);
		r->id = q->id;
		if (pass)
			r->flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
		else if (v < 0)
			r->error = (int)v;
		else
			r->val = v;
		if (trace && !w) {
			if (pass)
				snprintf(res, sizeof(res), "passed to the kernel");
			else if (v < 0)
				snprintf(res, sizeof(res), "-1 %s",
					 errname(-v));
			else
				snprintf(res, sizeof(res), "%ld", v);
			mu_trace(q->data.arch, s, q->data.args, res);
		}
		/* ENOENT here too: the task was killed meanwhile. */
		ioctl(fd, SECCOMP_IOCTL_NOTIF_SEND, r);
	}
	if (pidfd >= 0)
		close(pidfd);
	free(q);
	free(r);
}
