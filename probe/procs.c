// SPDX-License-Identifier: GPL-2.0
/* Processes of different "users": signals and /proc ownership; how many. */
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

/*
 * BASE_FULL=n (6.10 on: BASE_SMALL=y) shrinks the pid space eightfold:
 * a fork past it fails with EAGAIN, which programs see.
 */
static void pid_space(const struct probe *p)
{
	long max = 0;
	FILE *f;
	int n;

	(void)p;
	f = fopen("/proc/sys/kernel/pid_max", "r");
	if (!f)
		skip("/proc/sys/kernel/pid_max: %s", errname(errno));
	n = fscanf(f, "%ld", &max);
	fclose(f);
	if (n != 1)
		loud("/proc/sys/kernel/pid_max holds no number");
	obs("pid_max", "%ld", max);
	if (max >= 32768)
		same("%ld", max);
	loud("pid_max is %ld: a fork past it fails with EAGAIN", max);
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
	{ "proc.pid_max", "procs", "read /proc/sys/kernel/pid_max",
	  "32768 or more: that many processes and threads (BASE_FULL)",
	  pid_space, { 0 }, 0 },
};

PROBE_SET(procs_set, rows);
