// SPDX-License-Identifier: GPL-2.0
/*
 * Features that go with MULTIUSER through Kconfig: NAMESPACES and
 * BSD_PROCESS_ACCT depend on it.  A missing feature is a skip, whose reason
 * says when it could not have been built (a single-user kernel).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "muprobe.h"

/*
 * From inside, a feature that Kconfig dropped with MULTIUSER looks the same
 * as one the configuration left out, so both are skips; the report tells
 * them apart by comparing with the multi-user build of the same base.
 */
static void missing(const char *what, const char *option, int err)
{
	if (facts.multiuser == 0)
		skip("%s: %s; kernel built without %s, which cannot be built without MULTIUSER",
		     what, errname(err), option);
	skip("%s: %s; kernel built without %s", what, errname(err), option);
}

/*
 * 0 is not proof: without CGROUPS, unshare(CLONE_NEWCGROUP) answers 0 and
 * creates nothing.  The namespace's file under /proc/self/ns must exist
 * and name another namespace afterwards (in the child, for clone()).
 */
enum { NS_NEW, NS_SAME, NS_NONE };

static int ns_changed(const char *path, const struct stat *before, int had)
{
	struct stat now;

	if (!had || stat(path, &now))
		return NS_NONE;
	return now.st_ino == before->st_ino ? NS_SAME : NS_NEW;
}

/*
 * arg[0]: CLONE_NEW* flag, arg[1]: 0 unshare(), 1 clone(), arg[2]: the
 * option, arg[3]: the namespace's file under /proc/self/ns.  A child looks
 * at its own file, after unshare() too: a new pid or time namespace is
 * its caller's children's, and a new pid namespace has no file until its
 * first process exists.
 */
static void new_ns(const struct probe *p)
{
	const char *opt = (const char *)p->arg[2];
	char path[64];
	struct stat before;
	int st, err, had, got = NS_NONE;
	long r = 0;

	snprintf(path, sizeof(path), "/proc/self/ns/%s", (const char *)p->arg[3]);
	had = stat(path, &before) == 0;
	if (p->arg[1] == 0 && unshare(p->arg[0]))
		r = -1;
	else
		r = p->arg[1] ? syscall(SYS_clone, p->arg[0] | SIGCHLD, 0, 0, 0, 0) :
			fork();
	err = errno;
	if (r == 0)
		_exit(ns_changed(path, &before, had));
	if (r > 0) {
		if (waitpid(r, &st, 0) == r && WIFEXITED(st))
			got = WEXITSTATUS(st);
		r = 0;
	}
	obs_ret_err("ret", r, err);
	if (r == -1 && err == EINVAL)
		missing(p->desc, opt, err);
	if (r == -1)
		loud("failed with %s", errname(err));
	obs("ns_file", "%s", got == NS_NEW ? "new" : got == NS_SAME ? "same" : "none");
	if (got == NS_NONE)
		silent("returned 0; there is no %s: no namespace of that kind exists", path);
	if (got == NS_SAME)
		silent("returned 0; %s names the namespace of before", path);
	same("new namespace created");
}

static void set_ns(const struct probe *p)
{
	int fd = open("/proc/self/ns/uts", O_RDONLY), err;
	long r;

	(void)p;
	if (fd < 0) {
		int err = errno;

		obs_ret_err("open", -1, err);
		missing("/proc/self/ns/uts", "CONFIG_NAMESPACES", err);
	}
	r = setns(fd, CLONE_NEWUTS);
	err = errno;
	obs_ret_err("ret", r, err);
	if (r)
		loud("setns failed: %s", errname(err));
	same("joined our own uts namespace");
}

static void acct_off(const struct probe *p)
{
	/* acct(NULL) only turns accounting off: harmless, and tells. */
	long r = syscall(SYS_acct, 0);
	int err = errno;

	(void)p;
	obs_ret_err("ret", r, err);
	if (r == -1 && err == ENOSYS)
		missing("acct(NULL)", "CONFIG_BSD_PROCESS_ACCT", err);
	if (r == -1)
		loud("failed with %s", errname(err));
	same("accounting switched off");
}

/* NEED: what a root needs beyond the kernel option (user: nothing). */
#define UNSHARE(name, flag, opt, need) \
	{ "ns.unshare_" name, "ns", "unshare(" #flag ")", \
	  "0 and a new namespace when " opt " is built in", new_ns, \
	  { flag, 0, (long)opt, (long)name }, NEED_ROOT | (need) }
#define CLONE(name, flag, opt, need) \
	{ "ns.clone_" name, "ns", "clone(" #flag ")", \
	  "a child in a new namespace when " opt " is built in", new_ns, \
	  { flag, 1, (long)opt, (long)name }, NEED_ROOT | (need) }

#define ADMIN NEED_CAP(CAP_SYS_ADMIN)

static const struct probe rows[] = {
	UNSHARE("user", CLONE_NEWUSER, "CONFIG_USER_NS", 0),
	CLONE("user", CLONE_NEWUSER, "CONFIG_USER_NS", 0),
	UNSHARE("pid", CLONE_NEWPID, "CONFIG_PID_NS", ADMIN),
	CLONE("pid", CLONE_NEWPID, "CONFIG_PID_NS", ADMIN),
	UNSHARE("net", CLONE_NEWNET, "CONFIG_NET_NS", ADMIN),
	CLONE("net", CLONE_NEWNET, "CONFIG_NET_NS", ADMIN),
	UNSHARE("uts", CLONE_NEWUTS, "CONFIG_UTS_NS", ADMIN),
	CLONE("uts", CLONE_NEWUTS, "CONFIG_UTS_NS", ADMIN),
	UNSHARE("ipc", CLONE_NEWIPC, "CONFIG_IPC_NS", ADMIN),
	CLONE("ipc", CLONE_NEWIPC, "CONFIG_IPC_NS", ADMIN),
	UNSHARE("mnt", CLONE_NEWNS, "CONFIG_NAMESPACES", ADMIN),
	CLONE("mnt", CLONE_NEWNS, "CONFIG_NAMESPACES", ADMIN),
	UNSHARE("cgroup", CLONE_NEWCGROUP, "CONFIG_CGROUPS", ADMIN),
	CLONE("cgroup", CLONE_NEWCGROUP, "CONFIG_CGROUPS", ADMIN),
	/* clone() reads 0x80 as part of the exit signal: unshare only. */
	UNSHARE("time", 0x80 /* CLONE_NEWTIME */, "CONFIG_TIME_NS", ADMIN),
	{ "ns.setns_uts", "ns", "setns() into /proc/self/ns/uts",
	  "0 when CONFIG_NAMESPACES is built in", set_ns, { 0 },
	  NEED_ROOT | NEED_CAP(CAP_SYS_ADMIN) | NEED_INIT_NS },
	{ "acct.acct_off", "acct", "acct(NULL)",
	  "0 when CONFIG_BSD_PROCESS_ACCT is built in", acct_off, { 0 },
	  NEED_ROOT | NEED_CAP(CAP_SYS_PACCT) | NEED_INIT_NS },
};

PROBE_SET(ns_set, rows);
