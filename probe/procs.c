// SPDX-License-Identifier: GPL-2.0
/* Processes of different "users": signals and /proc ownership. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "muprobe.h"

/* A process that became nobody signals a root process. */
static void kill_cross(const struct probe *p)
{
	pid_t victim = fork();
	long r, k;
	int err, kerr;

	(void)p;
	if (victim == 0) {
		pause();
		_exit(0);
	}
	r = rawcall(SYS_setresuid, NOBODY, NOBODY, NOBODY);
	err = errno;
	obs_ret_err("setresuid", r, err);
	k = kill(victim, 0);
	kerr = errno;
	obs_ret_err("kill_sig0", k, kerr);
	if (r == -1)
		loud("setresuid failed (%s): kill() %s", errname(err),
		     k ? errname(kerr) : "reached the root process");
	if (k == 0)
		silent("nobody may signal a root process");
	same("EPERM: nobody cannot signal root");
}

/* /proc/PID is owned by the process's euid. */
static void proc_owner(const struct probe *p)
{
	int pfd[2], st;
	char path[64];
	struct stat sb;
	pid_t pid;
	long r = -1;

	(void)p;
	if (pipe(pfd))
		skip("pipe: %s", errname(errno));
	pid = fork();
	if (pid == 0) {
		r = rawcall(SYS_setresuid, NOBODY, NOBODY, NOBODY);
		if (write(pfd[1], &r, sizeof(r)) < 0)
			_exit(1);
		pause();
		_exit(0);
	}
	if (read(pfd[0], &r, sizeof(r)) != sizeof(r))
		loud("the child died");
	snprintf(path, sizeof(path), "/proc/%d", pid);
	st = stat(path, &sb);
	kill(pid, SIGKILL);
	obs("child_setresuid", "%ld", r);
	if (st)
		loud("stat %s failed: %s", "/proc/PID", errname(errno));
	obs("proc_pid_owner", "%u:%u", sb.st_uid, sb.st_gid);
	if (r)
		loud("the child's setresuid failed; /proc/PID is %u:%u",
		     sb.st_uid, sb.st_gid);
	if (sb.st_uid != NOBODY)
		silent("the child is nobody, /proc/PID is owned by %u",
		       sb.st_uid);
	same("/proc/PID owned by nobody");
}

static const struct probe rows[] = {
	{ "proc.kill_cross_user", "procs",
	  "after setresuid(65534), kill(root_pid, 0)",
	  "EPERM: an unprivileged process cannot signal another user's",
	  kill_cross, { 0 }, NEED_ROOT | NEED_CAP(CAP_SETUID) },
	{ "proc.pid_owner", "procs",
	  "stat /proc/PID of a child that did setresuid(65534)",
	  "owned by 65534", proc_owner, { 0 },
	  NEED_ROOT | NEED_CAP(CAP_SETUID) },
};

PROBE_SET(procs_set, rows);
