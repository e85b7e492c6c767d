// SPDX-License-Identifier: GPL-2.0
/*
 * clone3(CLONE_INTO_CGROUP) names the cgroup a child starts in by a
 * descriptor of its cgroup2 folder.  Without CGROUPS nothing reads the
 * descriptor: any folder is taken, and the child starts where its parent
 * is, which a supervisor placing a service would never learn.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "muprobe.h"

#ifndef SYS_clone3
#define SYS_clone3 435
#endif
#define INTO_CGROUP 0x200000000ULL	/* CLONE_INTO_CGROUP */

/* struct clone_args of linux/sched.h, up to its cgroup field. */
struct clone3_args {
	uint64_t flags, pidfd, child_tid, parent_tid, exit_signal;
	uint64_t stack, stack_size, tls, set_tid, set_tid_size, cgroup;
};

static void into_cgroup(const struct probe *p)
{
	struct clone3_args ca = { .flags = INTO_CGROUP, .exit_signal = SIGCHLD };
	int fd = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC), err, st;
	long r;

	(void)p;
	if (fd < 0)
		skip("cannot open /: %s", errname(errno));
	ca.cgroup = fd;
	r = syscall(SYS_clone3, &ca, sizeof(ca));
	if (r == 0)
		_exit(0);
	err = errno;
	if (r > 0) {
		waitpid(r, &st, 0);
		r = 0;
	}
	close(fd);
	obs_ret_err("ret", r, err);
	if (r == 0)
		silent("a child started, the descriptor of / taken as its cgroup");
	if (err == EBADF)
		same("refused with EBADF");
	loud("failed with %s", errname(err));
}

static const struct probe rows[] = {
	{ "cgroup.clone_into", "cgroup",
	  "clone3(CLONE_INTO_CGROUP) with a descriptor of /, not a cgroup",
	  "EBADF: not a cgroup2 folder (CGROUPS)", into_cgroup, { 0 }, 0 },
};

PROBE_SET(cgroup_set, rows);
