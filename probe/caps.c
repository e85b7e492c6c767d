// SPDX-License-Identifier: GPL-2.0
/*
 * Capabilities: what capget() reports, whether capset() and the prctl()
 * knobs take, and whether a drop has any effect.  A drop is judged by what
 * the process can still do (open the runner's mode-000 file), directly or
 * after an execve(), which is where the bounding set and securebits act.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/capability.h>
#include <linux/securebits.h>

#include "muprobe.h"

static int last_cap(void)
{
	FILE *f = fopen("/proc/sys/kernel/cap_last_cap", "r");
	int n = CAP_LAST_CAP;

	if (f) {
		if (fscanf(f, "%d", &n) != 1)
			n = CAP_LAST_CAP;
		fclose(f);
	}
	return n;
}

static unsigned long long full_set(void)
{
	return (2ULL << last_cap()) - 1;
}

/*
 * Read before any probe runs; without /proc (a board's minimal rootfs),
 * every capability up to cap_last_cap, which is what root gets on a stock
 * kernel outside a container.
 */
void caps_given(unsigned long long *bnd, unsigned long long *prm)
{
	char buf[64];

	*bnd = *prm = full_set();
	if (!read_status("CapBnd", buf, sizeof(buf)))
		sscanf(buf, "%llx", bnd);
	if (!read_status("CapPrm", buf, sizeof(buf)))
		sscanf(buf, "%llx", prm);
}

static long capget3(struct __user_cap_data_struct d[2])
{
	struct __user_cap_header_struct h = { _LINUX_CAPABILITY_VERSION_3, 0 };

	return rawcall(SYS_capget, (long)&h, (long)d, 0);
}

static unsigned long long eff(const struct __user_cap_data_struct d[2])
{
	return d[0].effective | (unsigned long long)d[1].effective << 32;
}

/* arg[0]: 1 for the v1 header (32 bits), 3 for v3 (64 bits). */
static void get(const struct probe *p)
{
	struct __user_cap_data_struct d[2] = { { 0 } };
	struct __user_cap_header_struct h = {
		p->arg[0] == 1 ? _LINUX_CAPABILITY_VERSION_1 :
		_LINUX_CAPABILITY_VERSION_3, 0 };
	unsigned long long want = facts.prm, got;
	long r = rawcall(SYS_capget, (long)&h, (long)d, 0);

	obs_ret("ret", r);
	if (r == -1)
		loud("capget failed: %s", errname(errno));
	got = eff(d);
	if (p->arg[0] == 1)
		want &= 0xffffffffULL;
	obs("effective", "%#llx", got);
	if (got != want)
		silent("effective set %#llx, not the %#llx this root was given",
		       got, want);
	same("the effective set this root was given");
}

static void get_version(const struct probe *p)
{
	struct __user_cap_header_struct h = { 0, 0 };
	long r = rawcall(SYS_capget, (long)&h, 0, 0);

	(void)p;
	obs_ret("ret", r);
	obs("version", "%#x", h.version);
	/* kernel/capability.c: NULL data and a bad version is a query. */
	if (r == 0 && h.version == _LINUX_CAPABILITY_VERSION_3)
		same("0 with the preferred version written back");
	loud("version query got %s, version %#x: libcap's probe fails",
	     r == -1 ? errname(errno) : "success", h.version);
}

/* arg[0]: 0 set what we have, 1 drop the two DAC capabilities. */
static void set(const struct probe *p)
{
	struct __user_cap_header_struct h = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct d[2] = { { 0 } };
	unsigned int drop = 1u << CAP_DAC_OVERRIDE | 1u << CAP_DAC_READ_SEARCH;
	long r;
	int err;

	if (capget3(d) == -1) {
		/* Still try: the set call is what this probe is about. */
		d[0].effective = d[0].permitted = facts.prm;
		d[1].effective = d[1].permitted = facts.prm >> 32;
	}
	if (p->arg[0]) {
		d[0].effective &= ~drop;
		d[0].permitted &= ~drop;
	}
	r = rawcall(SYS_capset, (long)&h, (long)d, 0);
	err = errno;
	obs_ret_err("ret", r, err);
	obs("privileged", "%s", still_root() ? "yes" : "no");
	if (r == -1)
		loud("capset failed: %s", errname(err));
	if (!p->arg[0])
		same("capset of the current sets succeeded");
	if (capget3(d) == 0)
		obs("effective_after", "%#llx", eff(d));
	if (still_root())
		silent("capset returned 0, yet the process still bypasses file permissions");
	same("the dropped capabilities are gone");
}

/*
 * arg[0]: the header version.  Whatever capget() returns, capset() must
 * take back unchanged: a process may always set what it holds.  Version
 * 1 names capabilities 0-31 only (Linux zeroes the upper half).
 */
static void round_trip(const struct probe *p)
{
	static const unsigned int ver[] = { 0, _LINUX_CAPABILITY_VERSION_1,
		_LINUX_CAPABILITY_VERSION_2, _LINUX_CAPABILITY_VERSION_3 };
	struct __user_cap_header_struct h = { ver[p->arg[0]], 0 };
	struct __user_cap_data_struct d[2] = { { 0 } };
	long r = rawcall(SYS_capget, (long)&h, (long)d, 0);
	int err = errno;

	obs_ret_err("capget", r, err);
	if (r == -1)
		loud("capget v%ld failed: %s", p->arg[0], errname(err));
	r = rawcall(SYS_capset, (long)&h, (long)d, 0);
	err = errno;
	obs_ret_err("capset", r, err);
	if (r == -1)
		loud("capset v%ld of what capget v%ld returned failed: %s",
		     p->arg[0], p->arg[0], errname(err));
	same("capset took back what capget returned");
}

static void bset_read(const struct probe *p)
{
	long r = prctl(PR_CAPBSET_READ, CAP_SYS_ADMIN, 0, 0, 0);

	(void)p;
	obs_ret("ret", r);
	if (r == -1)
		loud("PR_CAPBSET_READ failed: %s", errname(errno));
	if (r != 1)
		silent("CAP_SYS_ADMIN not in the bounding set");
	same("CAP_SYS_ADMIN in the bounding set");
}

/*
 * Bounding-set drop and NOROOT securebits act at the next execve(): the new
 * image of a root process gets permitted = file set & bounding set, and
 * with SECBIT_NOROOT no root special case at all.
 */
static void at_exec(const struct probe *p)
{
	long r, back;
	int opened, err, err2;

	if (p->arg[0] == 0) {
		r = prctl(PR_CAPBSET_DROP, CAP_DAC_OVERRIDE, 0, 0, 0);
		if (r == 0)
			r = prctl(PR_CAPBSET_DROP, CAP_DAC_READ_SEARCH, 0, 0, 0);
		err = errno;
		back = prctl(PR_CAPBSET_READ, CAP_DAC_OVERRIDE, 0, 0, 0);
	} else {
		r = prctl(PR_SET_SECUREBITS, SECBIT_NOROOT, 0, 0, 0);
		err = errno;
		back = prctl(PR_GET_SECUREBITS, 0, 0, 0, 0);
	}
	err2 = errno;
	obs_ret_err("ret", r, err);
	obs_ret_err("read_back", back, err2);
	if (r == -1)
		loud("prctl failed: %s", errname(err));
	opened = try_open_as_exec(SECRET);
	obs("after_exec_opens_mode000", "%s", opened == 1 ? "yes" :
	    opened == 0 ? "no" : "helper failed");
	if (opened < 0)
		loud("the exec'd helper did not run");
	if (opened)
		silent("prctl returned 0, yet the exec'd program keeps every capability");
	same("the exec'd program lost the capabilities");
}

static void ambient(const struct probe *p)
{
	long r = prctl(PR_CAP_AMBIENT, p->arg[0], CAP_NET_RAW, 0, 0);

	obs_ret("ret", r);
	if (p->arg[0] == PR_CAP_AMBIENT_IS_SET) {
		if (r != 0)
			loud("IS_SET returned %ld", r);
		same("ambient set starts empty");
	}
	/* Raising needs the cap in the inheritable set, which root lacks. */
	if (r == -1 && errno == EPERM)
		same("refused: CAP_NET_RAW not inheritable");
	if (r == 0)
		silent("raised a capability that is not inheritable");
	loud("failed with %s, not EPERM", errname(errno));
}

static void keepcaps(const struct probe *p)
{
	long r = prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0);
	int err = errno;
	long back = prctl(PR_GET_KEEPCAPS, 0, 0, 0, 0);
	char buf[64];

	(void)p;
	obs_ret_err("ret", r, err);
	obs_ret("read_back", back);
	if (r == -1)
		loud("PR_SET_KEEPCAPS failed: %s", errname(err));
	r = rawcall(SYS_setresuid, NOBODY, NOBODY, NOBODY);
	err = errno;
	obs_ret_err("setresuid", r, err);
	if (!read_status("CapPrm", buf, sizeof(buf)))
		obs("CapPrm", "%s", buf);
	if (!read_status("CapEff", buf, sizeof(buf)))
		obs("CapEff", "%s", buf);
	obs("privileged", "%s", still_root() ? "yes" : "no");
	if (r == -1)
		loud("setresuid to nobody failed: %s", errname(err));
	/* keepcaps keeps permitted, but effective is cleared. */
	if (still_root())
		silent("still bypasses file permissions after the uid change");
	same("permitted kept, effective cleared");
}

static void securebits_get(const struct probe *p)
{
	long r = prctl(PR_GET_SECUREBITS, 0, 0, 0, 0);

	(void)p;
	obs_ret("ret", r);
	if (r == -1)
		loud("PR_GET_SECUREBITS failed: %s", errname(errno));
	same("securebits %#lx", r);
}

/* arg[0]: 0 CapEff, 1 CapBnd, 2 CapPrm */
static void status_caps(const struct probe *p)
{
	static const char *const keys[] = { "CapEff", "CapBnd", "CapPrm" };
	unsigned long long v, want;
	char buf[64];

	if (read_status(keys[p->arg[0]], buf, sizeof(buf)))
		loud("/proc/self/status has no %s line", keys[p->arg[0]]);
	obs("line", "%s", buf);
	if (sscanf(buf, "%llx", &v) != 1)
		loud("%s is not hexadecimal", keys[p->arg[0]]);
	want = p->arg[0] == 1 ? facts.bnd : facts.prm;
	if (v != want)
		silent("%s %#llx, not the %#llx this root was given",
		       keys[p->arg[0]], v, want);
	same("the set this root was given");
}

static const struct probe rows[] = {
	{ "caps.capget_v1", "caps", "capget() with the v1 (32-bit) header",
	  "0; root's effective set: what it was given, below 32",
	  get, { 1 }, NEED_ROOT },
	{ "caps.capget_v3", "caps", "capget() with the v3 (64-bit) header",
	  "0; root's effective set: what it was given (all up to cap_last_cap)",
	  get, { 3 }, NEED_ROOT },
	{ "caps.capget_version_query", "caps",
	  "capget(&{version 0}, NULL), as libcap probes",
	  "0 (NULL data makes it a query); v3 written to the header",
	  get_version },
	{ "caps.capset_keep", "caps", "capset() of the sets already held",
	  "0: a process may always set what it already holds",
	  set, { 0 }, NEED_ROOT },
	{ "caps.capset_roundtrip_v1", "caps",
	  "capget() then capset() of the same sets, v1 (32-bit) header",
	  "0: the sets held can always be set", round_trip, { 1 },
	  NEED_ROOT },
	{ "caps.capset_roundtrip_v2", "caps",
	  "capget() then capset() of the same sets, v2 header",
	  "0: the sets held can always be set", round_trip, { 2 },
	  NEED_ROOT },
	{ "caps.capset_roundtrip_v3", "caps",
	  "capget() then capset() of the same sets, v3 header",
	  "0: the sets held can always be set", round_trip, { 3 },
	  NEED_ROOT },
	{ "caps.capset_drop", "caps",
	  "capset() dropping CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH",
	  "0, and mode-000 files can no longer be opened",
	  set, { 1 }, NEED_ROOT },
	{ "caps.bset_read", "caps", "prctl(PR_CAPBSET_READ, CAP_SYS_ADMIN)",
	  "1: root's bounding set is full", bset_read, { 0 },
	  NEED_ROOT | NEED_CAP(CAP_SYS_ADMIN) },
	{ "caps.bset_drop", "caps",
	  "prctl(PR_CAPBSET_DROP) of the DAC capabilities, then execve()",
	  "0; the exec'd program cannot open a mode-000 file",
	  at_exec, { 0 }, NEED_ROOT | NEED_CAP(CAP_SETPCAP) },
	{ "caps.securebits_noroot", "caps",
	  "prctl(PR_SET_SECUREBITS, SECBIT_NOROOT), then execve()",
	  "0; the exec'd root program gets no capabilities",
	  at_exec, { 1 }, NEED_ROOT | NEED_CAP(CAP_SETPCAP) },
	{ "caps.securebits_get", "caps", "prctl(PR_GET_SECUREBITS)",
	  "the securebits (0 by default)", securebits_get },
	{ "caps.ambient_is_set", "caps",
	  "prctl(PR_CAP_AMBIENT, IS_SET, CAP_NET_RAW)",
	  "0: the ambient set starts empty", ambient,
	  { PR_CAP_AMBIENT_IS_SET } },
	{ "caps.ambient_raise", "caps",
	  "prctl(PR_CAP_AMBIENT, RAISE, CAP_NET_RAW) without inheritable",
	  "EPERM: only inheritable and permitted capabilities can be raised",
	  ambient, { PR_CAP_AMBIENT_RAISE }, NEED_ROOT },
	{ "caps.keepcaps_setuid", "caps",
	  "PR_SET_KEEPCAPS, then setresuid() to nobody",
	  "keepcaps reads back 1; permitted kept, effective cleared",
	  keepcaps, { 0 }, NEED_ROOT | NEED_CAP(CAP_SETUID) },
	{ "caps.status_eff", "caps", "CapEff: line of /proc/self/status",
	  "root: every capability", status_caps, { 0 }, NEED_ROOT },
	{ "caps.status_bnd", "caps", "CapBnd: line of /proc/self/status",
	  "every capability", status_caps, { 1 } },
	{ "caps.status_prm", "caps", "CapPrm: line of /proc/self/status",
	  "root: every capability", status_caps, { 2 }, NEED_ROOT },
};

PROBE_SET(caps_set, rows);
