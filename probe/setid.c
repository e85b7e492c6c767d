// SPDX-License-Identifier: GPL-2.0
/*
 * Identity changes, each through the raw syscall and through musl's wrapper.
 * musl's set*id() wrappers go through __setxid, which makes every thread
 * agree and kills the process if they cannot (the raw call does neither),
 * so a kernel that refuses the call can look different through each.
 *
 * Every change is judged by read-back (/proc/self/status, which shows all
 * four ids) and by effect: a process whose euid or fsuid left 0 must lose
 * CAP_DAC_OVERRIDE, so it can no longer open the runner's mode-000 file.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <stdio.h>
#include <string.h>
#include <sys/fsuid.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "muprobe.h"

enum call {
	SETUID, SETGID, SETREUID, SETREGID, SETRESUID, SETRESGID,
	SETFSUID, SETFSGID, SETGROUPS,
};
#define LIBC	0x100
#define KEEP	(-1L)

static const struct {
	long nr;
	int nargs, gid;
} calls[] = {
	[SETUID] = { SYS_setuid, 1, 0 },
	[SETGID] = { SYS_setgid, 1, 1 },
	[SETREUID] = { SYS_setreuid, 2, 0 },
	[SETREGID] = { SYS_setregid, 2, 1 },
	[SETRESUID] = { SYS_setresuid, 3, 0 },
	[SETRESGID] = { SYS_setresgid, 3, 1 },
	[SETFSUID] = { SYS_setfsuid, 1, 0 },
	[SETFSGID] = { SYS_setfsgid, 1, 1 },
	[SETGROUPS] = { SYS_setgroups, 2, 1 },
};

static long do_libc(enum call c, long a, long b, long d)
{
	gid_t g[2] = { b, b };

	switch (c) {
	case SETUID: return setuid(a);
	case SETGID: return setgid(a);
	case SETREUID: return setreuid(a, b);
	case SETREGID: return setregid(a, b);
	case SETRESUID: return setresuid(a, b, d);
	case SETRESGID: return setresgid(a, b, d);
	case SETFSUID: return setfsuid(a);
	case SETFSGID: return setfsgid(a);
	case SETGROUPS: return setgroups(a, g);
	}
	return -1;
}

/* Linux's rules for root (CAP_SETUID/CAP_SETGID) in the initial userns. */
static void expect(enum call c, const long *v, long want[4])
{
	int i;

	for (i = 0; i < 4; i++)
		want[i] = 0;
	switch (c) {
	case SETUID: case SETGID:
		want[0] = want[1] = want[2] = want[3] = v[0];
		break;
	case SETREUID: case SETREGID:
		if (v[0] != KEEP)
			want[0] = v[0];
		if (v[1] != KEEP)
			want[1] = v[1];
		/* saved follows euid when ruid is set or euid != old ruid */
		if (v[0] != KEEP || (v[1] != KEEP && v[1] != 0))
			want[2] = want[1];
		want[3] = want[1];
		break;
	case SETRESUID: case SETRESGID:
		for (i = 0; i < 3; i++)
			if (v[i] != KEEP)
				want[i] = v[i];
		want[3] = want[1];
		break;
	case SETFSUID: case SETFSGID:
		if (v[0] != KEEP)
			want[3] = v[0];
		break;
	case SETGROUPS:
		break;
	}
}

static void change(const struct probe *p)
{
	enum call c = p->arg[0] & 0xff;
	int libc = p->arg[0] & LIBC;
	const long *v = &p->arg[1];
	long want[4], got[4] = { -1, -1, -1, -1 }, r;
	char buf[128];
	struct stat st;
	int priv, fd, err;

	/* SETGROUPS: v[0] copies of v[1] (at most 2) */
	if (c == SETGROUPS) {
		gid_t g[2] = { v[1], v[1] };

		r = libc ? do_libc(c, v[0], v[1], 0) :
			rawcall(calls[c].nr, v[0], (long)g, 0);
	} else {
		r = libc ? do_libc(c, v[0], v[1], v[2]) :
			rawcall(calls[c].nr, v[0], v[1], v[2]);
	}
	err = errno;
	obs_ret_err("ret", r, err);
	if (c == SETGROUPS) {
		read_status("Groups", buf, sizeof(buf));
		obs("groups", "%s", buf);
	} else {
		read_status(calls[c].gid ? "Gid" : "Uid", buf, sizeof(buf));
		obs(calls[c].gid ? "gids" : "uids", "%s", buf);
		sscanf(buf, "%ld %ld %ld %ld", &got[0], &got[1], &got[2],
		       &got[3]);
	}
	priv = still_root();
	obs("privileged", "%s", priv ? "yes" : "no");
	unlink(SCRATCH);
	fd = open(SCRATCH, O_CREAT | O_EXCL | O_WRONLY, 0644);
	if (fd >= 0 && fstat(fd, &st) == 0)
		obs("new_file_owner", "%u:%u", st.st_uid, st.st_gid);

	/* setfs[ug]id() have no error return: they return the old id. */
	if (c == SETFSUID || c == SETFSGID) {
		if (r != 0)
			loud("returned %ld, not the previous id 0%s%s", r,
			     r == -1 ? ": " : "",
			     r == -1 ? errname(err) : "");
	} else if (r == -1) {
		loud("failed with %s; root may do this on Linux",
		     errname(err));
	}
	if (c == SETGROUPS) {
		char exp[32];

		snprintf(exp, sizeof(exp), v[0] > 1 ? "%ld %ld" : "%ld", v[1],
			 v[1]);
		if (v[0] == 0 ? buf[strspn(buf, " ")] != 0 : strcmp(buf, exp))
			silent("returned 0, yet Groups: reads '%s'", buf);
		same("groups read back as set");
	}
	expect(c, v, want);
	if (memcmp(want, got, sizeof(want)))
		silent("returned success, yet ids read back as %ld %ld %ld %ld, not %ld %ld %ld %ld",
		       got[0], got[1], got[2], got[3],
		       want[0], want[1], want[2], want[3]);
	/* Leaving uid 0 for euid or fsuid drops CAP_DAC_OVERRIDE. */
	if (!calls[c].gid && (want[1] != 0 || want[3] != 0) && priv)
		silent("ids read back as changed, yet the process still opens a mode-000 file");
	if (calls[c].gid && fd >= 0 && (long)st.st_gid != want[3])
		silent("new files get gid %u, not %ld", st.st_gid, want[3]);
	same("ids and privileges changed as asked");
}

/* NEED: the capability a change away from root needs (0 for none). */
#define VIA_RAW(id, call, a, b, c, what, need) \
	{ "setid." id ".raw", "setid", "raw " what, \
	  "root may set any ids; they read back and take effect", \
	  change, { call, a, b, c }, NEED_ROOT | (need) }
#define VIA_LIBC(id, call, a, b, c, what, need) \
	{ "setid." id ".libc", "setid", "musl " what, \
	  "as the raw call; musl applies it to every thread", \
	  change, { (call) | LIBC, a, b, c }, NEED_ROOT | (need) }

static const struct probe rows[] = {
	VIA_RAW("setuid_root", SETUID, 0, 0, 0, "setuid(0)", 0),
	VIA_LIBC("setuid_root", SETUID, 0, 0, 0, "setuid(0)", 0),
	VIA_RAW("setuid_nobody", SETUID, NOBODY, 0, 0, "setuid(65534)",
	    NEED_CAP(CAP_SETUID)),
	VIA_LIBC("setuid_nobody", SETUID, NOBODY, 0, 0, "setuid(65534)",
	    NEED_CAP(CAP_SETUID)),
	VIA_RAW("setgid_root", SETGID, 0, 0, 0, "setgid(0)", 0),
	VIA_LIBC("setgid_root", SETGID, 0, 0, 0, "setgid(0)", 0),
	VIA_RAW("setgid_nobody", SETGID, NOBODY, 0, 0, "setgid(65534)",
	    NEED_CAP(CAP_SETGID)),
	VIA_LIBC("setgid_nobody", SETGID, NOBODY, 0, 0, "setgid(65534)",
	    NEED_CAP(CAP_SETGID)),
	VIA_RAW("setreuid_nobody", SETREUID, NOBODY, NOBODY, 0,
	    "setreuid(65534, 65534)",
	    NEED_CAP(CAP_SETUID)),
	VIA_LIBC("setreuid_nobody", SETREUID, NOBODY, NOBODY, 0,
	    "setreuid(65534, 65534)",
	    NEED_CAP(CAP_SETUID)),
	VIA_RAW("setreuid_keep", SETREUID, KEEP, KEEP, 0, "setreuid(-1, -1)", 0),
	VIA_LIBC("setreuid_keep", SETREUID, KEEP, KEEP, 0, "setreuid(-1, -1)", 0),
	VIA_RAW("setregid_nobody", SETREGID, NOBODY, NOBODY, 0,
	    "setregid(65534, 65534)",
	    NEED_CAP(CAP_SETGID)),
	VIA_LIBC("setregid_nobody", SETREGID, NOBODY, NOBODY, 0,
	    "setregid(65534, 65534)",
	    NEED_CAP(CAP_SETGID)),
	VIA_RAW("setresuid_nobody", SETRESUID, NOBODY, NOBODY, NOBODY,
	    "setresuid(65534, 65534, 65534)",
	    NEED_CAP(CAP_SETUID)),
	VIA_LIBC("setresuid_nobody", SETRESUID, NOBODY, NOBODY, NOBODY,
	    "setresuid(65534, 65534, 65534)",
	    NEED_CAP(CAP_SETUID)),
	VIA_RAW("setresuid_keep", SETRESUID, KEEP, KEEP, KEEP,
	    "setresuid(-1, -1, -1)",
	    0),
	VIA_LIBC("setresuid_keep", SETRESUID, KEEP, KEEP, KEEP,
	    "setresuid(-1, -1, -1)",
	    0),
	VIA_RAW("setresuid_euid", SETRESUID, KEEP, NOBODY, KEEP,
	    "setresuid(-1, 65534, -1)",
	    NEED_CAP(CAP_SETUID)),
	VIA_LIBC("setresuid_euid", SETRESUID, KEEP, NOBODY, KEEP,
	    "setresuid(-1, 65534, -1)",
	    NEED_CAP(CAP_SETUID)),
	VIA_RAW("setresgid_nobody", SETRESGID, NOBODY, NOBODY, NOBODY,
	    "setresgid(65534, 65534, 65534)",
	    NEED_CAP(CAP_SETGID)),
	VIA_LIBC("setresgid_nobody", SETRESGID, NOBODY, NOBODY, NOBODY,
	    "setresgid(65534, 65534, 65534)",
	    NEED_CAP(CAP_SETGID)),
	VIA_RAW("setresgid_keep", SETRESGID, KEEP, KEEP, KEEP,
	    "setresgid(-1, -1, -1)",
	    0),
	VIA_LIBC("setresgid_keep", SETRESGID, KEEP, KEEP, KEEP,
	    "setresgid(-1, -1, -1)",
	    0),
	VIA_RAW("setfsuid_nobody", SETFSUID, NOBODY, 0, 0, "setfsuid(65534)",
	    NEED_CAP(CAP_SETUID)),
	VIA_LIBC("setfsuid_nobody", SETFSUID, NOBODY, 0, 0, "setfsuid(65534)",
	    NEED_CAP(CAP_SETUID)),
	VIA_RAW("setfsgid_nobody", SETFSGID, NOBODY, 0, 0, "setfsgid(65534)",
	    NEED_CAP(CAP_SETGID)),
	VIA_LIBC("setfsgid_nobody", SETFSGID, NOBODY, 0, 0, "setfsgid(65534)",
	    NEED_CAP(CAP_SETGID)),
	VIA_RAW("setgroups_empty", SETGROUPS, 0, 0, 0, "setgroups(0, NULL)",
	    NEED_CAP(CAP_SETGID)),
	VIA_LIBC("setgroups_empty", SETGROUPS, 0, 0, 0, "setgroups(0, NULL)",
	    NEED_CAP(CAP_SETGID)),
	VIA_RAW("setgroups_root", SETGROUPS, 1, 0, 0, "setgroups(1, {0})",
	    NEED_CAP(CAP_SETGID)),
	VIA_LIBC("setgroups_root", SETGROUPS, 1, 0, 0, "setgroups(1, {0})",
	    NEED_CAP(CAP_SETGID)),
	VIA_RAW("setgroups_root_twice", SETGROUPS, 2, 0, 0,
	    "setgroups(2, {0, 0})", NEED_CAP(CAP_SETGID)),
	VIA_LIBC("setgroups_root_twice", SETGROUPS, 2, 0, 0,
	    "setgroups(2, {0, 0})", NEED_CAP(CAP_SETGID)),
	VIA_RAW("setgroups_nobody", SETGROUPS, 1, NOBODY, 0,
	    "setgroups(1, {65534})",
	    NEED_CAP(CAP_SETGID)),
	VIA_LIBC("setgroups_nobody", SETGROUPS, 1, NOBODY, 0,
	    "setgroups(1, {65534})",
	    NEED_CAP(CAP_SETGID)),
};

PROBE_SET(setid_set, rows);
