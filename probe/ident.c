// SPDX-License-Identifier: GPL-2.0
/* Identity reads: who does the kernel say we are? */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "muprobe.h"

/* arg[0]: syscall number of a no-argument id getter. */
static void get_id(const struct probe *p)
{
	long r = raw0(p->arg[0]);

	obs_ret("ret", r);
	if (r == -1)
		loud("%s failed: %s", p->desc, errname(errno));
	same("returned %ld", r);
}

/* arg[0]: getresuid or getresgid. */
static void get_res(const struct probe *p)
{
	unsigned int v[3] = { 7, 7, 7 };
	long r = rawcall(p->arg[0], (long)&v[0], (long)&v[1], (long)&v[2]);

	obs_ret("ret", r);
	if (r == -1)
		loud("failed with %s; Linux never fails for valid pointers",
		     errname(errno));
	obs("ids", "%u %u %u", v[0], v[1], v[2]);
	same("returned real, effective, saved");
}

static void groups_count(const struct probe *p)
{
	long r = rawcall(SYS_getgroups, 0, 0, 0);

	(void)p;
	obs_ret("ret", r);
	if (r == -1)
		loud("getgroups(0, NULL) failed: %s", errname(errno));
	same("%ld supplementary groups", r);
}

static void groups_list(const struct probe *p)
{
	unsigned int g[64];
	char buf[256] = "";
	long r = rawcall(SYS_getgroups, 64, (long)g, 0), i;

	(void)p;
	obs_ret("ret", r);
	if (r == -1)
		loud("getgroups(64, buf) failed: %s", errname(errno));
	for (i = 0; i < r && strlen(buf) < sizeof(buf) - 12; i++)
		sprintf(buf + strlen(buf), "%s%u", i ? " " : "", g[i]);
	obs("groups", "%s", buf);
	same("listed %ld groups", r);
}

/* arg[0]: index into the status keys below. */
static void status_line(const struct probe *p)
{
	static const char *const keys[] = { "Uid", "Gid", "Groups" };
	const char *key = keys[p->arg[0]];
	char buf[128];
	unsigned int a, b, c, d;

	if (read_status(key, buf, sizeof(buf)))
		loud("/proc/self/status has no %s: line", key);
	obs("line", "%s", buf);
	if (p->arg[0] < 2 && sscanf(buf, "%u %u %u %u", &a, &b, &c, &d) != 4)
		loud("%s: line does not hold four ids", key);
	same("%s: line present", key);
}

static const struct probe rows[] = {
	{ "uid.getuid", "identity", "raw getuid()",
	  "returns the real uid; cannot fail", get_id, { SYS_getuid } },
	{ "uid.geteuid", "identity", "raw geteuid()",
	  "returns the effective uid; cannot fail", get_id, { SYS_geteuid } },
	{ "gid.getgid", "identity", "raw getgid()",
	  "returns the real gid; cannot fail", get_id, { SYS_getgid } },
	{ "gid.getegid", "identity", "raw getegid()",
	  "returns the effective gid; cannot fail", get_id, { SYS_getegid } },
	{ "uid.getresuid", "identity", "raw getresuid(&r, &e, &s)",
	  "returns 0 and fills real, effective and saved uid",
	  get_res, { SYS_getresuid } },
	{ "gid.getresgid", "identity", "raw getresgid(&r, &e, &s)",
	  "returns 0 and fills real, effective and saved gid",
	  get_res, { SYS_getresgid } },
	{ "groups.getgroups_count", "identity", "getgroups(0, NULL)",
	  "returns the number of supplementary groups (>= 0)", groups_count },
	{ "groups.getgroups_list", "identity", "getgroups(64, buf)",
	  "returns the count and fills the list", groups_list },
	{ "proc.status_uid", "identity", "Uid: line of /proc/self/status",
	  "four uids: real, effective, saved, filesystem", status_line, { 0 } },
	{ "proc.status_gid", "identity", "Gid: line of /proc/self/status",
	  "four gids: real, effective, saved, filesystem", status_line, { 1 } },
	{ "proc.status_groups", "identity",
	  "Groups: line of /proc/self/status",
	  "present, listing supplementary groups", status_line, { 2 } },
};

PROBE_SET(ident_set, rows);
