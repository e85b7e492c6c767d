// SPDX-License-Identifier: GPL-2.0
/*
 * Features that go with MULTIUSER through Kconfig: NAMESPACES and
 * BSD_PROCESS_ACCT depend on it.  A missing feature is "not ok" only when
 * the runner found identity changes do not take (a single-user kernel);
 * on a multi-user kernel it is a configuration choice and is skipped.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "muprobe.h"

static void missing(const char *what, const char *option, int err)
{
	if (facts.multiuser == 0)
		loud("%s: %s; %s depends on MULTIUSER", what, errname(err),
		     option);
	skip("%s: %s; kernel built without %s", what, errname(err), option);
}

/* arg[0]: CLONE_NEW* flag, arg[1]: 0 unshare(), 1 clone(). */
static void new_ns(const struct probe *p)
{
	const char *opt = (const char *)p->arg[2];
	long r;
	int st;

	if (p->arg[1] == 0) {
		r = unshare(p->arg[0]);
	} else {
		r = syscall(SYS_clone, p->arg[0] | SIGCHLD, 0, 0, 0, 0);
		if (r == 0)
			_exit(0);
		if (r > 0) {
			waitpid(r, &st, 0);
			r = 0;
		}
	}
	obs_ret("ret", r, errno);
	if (r == -1 && errno == EINVAL)
		missing(p->desc, opt, errno);
	if (r == -1)
		loud("failed with %s", errname(errno));
	same("new namespace created");
}

static void set_ns(const struct probe *p)
{
	int fd = open("/proc/self/ns/uts", O_RDONLY);
	long r;

	(void)p;
	if (fd < 0) {
		obs_ret("open", -1, errno);
		missing("/proc/self/ns/uts", "CONFIG_NAMESPACES", errno);
	}
	r = setns(fd, CLONE_NEWUTS);
	obs_ret("ret", r, errno);
	if (r)
		loud("setns failed: %s", errname(errno));
	same("joined our own uts namespace");
}

static void acct_off(const struct probe *p)
{
	/* acct(NULL) only turns accounting off: harmless, and tells. */
	long r = syscall(SYS_acct, 0);

	(void)p;
	obs_ret("ret", r, errno);
	if (r == -1 && errno == ENOSYS)
		missing("acct(NULL)", "CONFIG_BSD_PROCESS_ACCT", errno);
	if (r == -1)
		loud("failed with %s", errname(errno));
	same("accounting switched off");
}

#define NS(name, flag, opt) \
	{ "ns.unshare_" name, "ns", "unshare(" #flag ")", \
	  "0 when " opt " is built in", new_ns, \
	  { flag, 0, (long)opt }, NEED_ROOT }, \
	{ "ns.clone_" name, "ns", "clone(" #flag ")", \
	  "a child in a new namespace when " opt " is built in", new_ns, \
	  { flag, 1, (long)opt }, NEED_ROOT }

static const struct probe rows[] = {
	NS("user", CLONE_NEWUSER, "CONFIG_USER_NS"),
	NS("pid", CLONE_NEWPID, "CONFIG_PID_NS"),
	NS("net", CLONE_NEWNET, "CONFIG_NET_NS"),
	NS("uts", CLONE_NEWUTS, "CONFIG_UTS_NS"),
	NS("ipc", CLONE_NEWIPC, "CONFIG_IPC_NS"),
	NS("mnt", CLONE_NEWNS, "CONFIG_NAMESPACES"),
	NS("cgroup", CLONE_NEWCGROUP, "CONFIG_CGROUPS"),
	NS("time", 0x80 /* CLONE_NEWTIME */, "CONFIG_TIME_NS"),
	{ "ns.setns_uts", "ns", "setns() into /proc/self/ns/uts",
	  "0 when CONFIG_NAMESPACES is built in", set_ns, { 0 }, NEED_ROOT },
	{ "acct.acct_off", "acct", "acct(NULL)",
	  "0 when CONFIG_BSD_PROCESS_ACCT is built in", acct_off, { 0 },
	  NEED_ROOT },
};

PROBE_SET(ns_set, rows);
