// SPDX-License-Identifier: GPL-2.0
/*
 * Discretionary access control: setuid/setgid executables, mode bits,
 * access() (real ids) against faccessat(AT_EACCESS) (effective ids), umask
 * and who owns what a process creates.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "muprobe.h"

static int copy_self(const char *to)
{
	char buf[65536];
	int in = open(self_exe, O_RDONLY), out;
	ssize_t n;

	unlink(to);
	out = open(to, O_CREAT | O_EXCL | O_WRONLY, 0755);
	if (in < 0 || out < 0)
		return -1;
	while ((n = read(in, buf, sizeof(buf))) > 0)
		if (write(out, buf, n) != n)
			return -1;
	close(in);
	return close(out);
}

/*
 * arg[0]: 0 setuid bit, 1 setgid bit.  The copy is given to 1000:1000 and
 * marked set-id; root exec'ing it must run with euid (or egid) 1000.
 */
static void setid_exec(const struct probe *p)
{
	int bit = p->arg[0] ? S_ISGID : S_ISUID, pfd[2], st;
	long e_uid = -1, e_gid = -1;
	struct stat sb;
	char out[64] = "";
	pid_t pid;
	ssize_t n;

	if (copy_self(EXE))
		skip("cannot copy the probe to %s: %s", EXE, errname(errno));
	if (chown(EXE, OTHER, OTHER) || chmod(EXE, 0755 | bit))
		loud("chown/chmod failed: %s", errname(errno));
	stat(EXE, &sb);
	obs("file", "%u:%u mode %04o", sb.st_uid, sb.st_gid,
	    sb.st_mode & 07777);
	if (!(sb.st_mode & bit))
		silent("chmod returned 0, yet the set-id bit is not set");
	if (pipe(pfd))
		skip("pipe: %s", errname(errno));
	pid = fork();
	if (pid == 0) {
		dup2(pfd[1], 1);
		execl(EXE, EXE, "--print-ids", (char *)0);
		_exit(127);
	}
	close(pfd[1]);
	n = read(pfd[0], out, sizeof(out) - 1);
	waitpid(pid, &st, 0);
	if (n <= 0 || sscanf(out, "%ld %ld", &e_uid, &e_gid) != 2)
		loud("the set-id program did not run");
	obs("exec_euid_egid", "%ld %ld", e_uid, e_gid);
	if ((p->arg[0] ? e_gid : e_uid) != OTHER)
		silent("the set-id program ran with %s %ld, not %d",
		       p->arg[0] ? "egid" : "euid",
		       p->arg[0] ? e_gid : e_uid, OTHER);
	same("the set-id program ran as the file's owner");
}

static void mode000(const struct probe *p)
{
	int fd, err;

	(void)p;
	if (make_file(SCRATCH, 0))
		skip("cannot create %s", SCRATCH);
	fd = open(SCRATCH, O_RDWR);
	err = errno;
	obs_ret_err("open_rdwr", fd < 0 ? -1 : 0, err);
	obs_ret("access_r", access(SCRATCH, R_OK));
	/* Not even root may execute a file without any x bit. */
	obs_ret("access_x", access(SCRATCH, X_OK));
	if (fd < 0)
		loud("root could not open a mode-000 file: %s", errname(err));
	if (access(SCRATCH, X_OK) == 0)
		silent("access(X_OK) granted on a file with no x bit");
	same("root opens it; X_OK refused without an x bit");
}

/*
 * access() checks the real uid, faccessat(AT_EACCESS) the effective one:
 * with ruid 0 and euid 65534 only the first may read a 0600 root file.
 */
static void eaccess_probe(const struct probe *p)
{
	long r = rawcall(SYS_setresuid, 0, NOBODY, 0);
	int err = errno, a, e;

	(void)p;
	obs_ret_err("setresuid", r, err);
	a = access(SECRET ".600", R_OK);
	obs_ret("access", a);
	e = faccessat(AT_FDCWD, SECRET ".600", R_OK, AT_EACCESS);
	obs_ret("faccessat_eaccess", e);
	if (r == -1)
		loud("setresuid(0, 65534, 0) failed: %s", errname(err));
	if (a == 0 && e == -1)
		same("real uid may read, effective may not");
	silent("access()=%d, faccessat(AT_EACCESS)=%d: both ids look alike",
	       a, e);
}

static void umask_probe(const struct probe *p)
{
	mode_t old = umask(027);
	struct stat st;

	(void)p;
	obs("old_umask", "%04o", old);
	if (make_file(SCRATCH, 0666) || stat(SCRATCH, &st))
		skip("cannot create %s", SCRATCH);
	/* make_file fchmods; create again to see the umask alone */
	unlink(SCRATCH);
	close(open(SCRATCH, O_CREAT | O_WRONLY, 0666));
	stat(SCRATCH, &st);
	obs("new_file_mode", "%04o", st.st_mode & 07777);
	if ((st.st_mode & 07777) != 0640)
		silent("umask 027 gave mode %04o, not 0640",
		       st.st_mode & 07777);
	same("umask applied");
}

/* A program that ignores setuid()'s result, then writes a file. */
static void create_after(const struct probe *p)
{
	int err, fd;
	struct stat st;
	long r;

	(void)p;
	/* Before the drop: once nobody, a stale root-owned file stays. */
	unlink(AFTER);
	r = setuid(NOBODY);
	err = errno;
	obs_ret_err("setuid", r, err);
	fd = open(AFTER, O_CREAT | O_EXCL | O_WRONLY, 0644);
	if (fd < 0 || fstat(fd, &st))
		loud("cannot create a file in /tmp: %s", errname(errno));
	obs("owner", "%u:%u", st.st_uid, st.st_gid);
	if (r == -1)
		loud("setuid failed (%s): the file is owned by %u",
		     errname(err), st.st_uid);
	if (st.st_uid != NOBODY)
		silent("setuid returned 0, yet the file is owned by %u",
		       st.st_uid);
	same("the file belongs to nobody");
}

static const struct probe rows[] = {
	{ "dac.setuid_exec", "dac",
	  "chown 1000:1000 + chmod u+s a copy of the probe, root execs it",
	  "the program runs with euid 1000", setid_exec, { 0 },
	  NEED_ROOT | NEED_CAP(CAP_CHOWN) | NEED_CAP(CAP_FOWNER) |
	  NEED_NO_NNP },
	{ "dac.setgid_exec", "dac",
	  "chown 1000:1000 + chmod g+s a copy of the probe, root execs it",
	  "the program runs with egid 1000", setid_exec, { 1 },
	  NEED_ROOT | NEED_CAP(CAP_CHOWN) | NEED_CAP(CAP_FOWNER) |
	  NEED_CAP(CAP_FSETID) | NEED_NO_NNP },
	{ "dac.mode000", "dac", "open(O_RDWR), access(R_OK/X_OK), mode 000",
	  "root opens it (CAP_DAC_OVERRIDE); X_OK is EACCES: no x bit at all",
	  mode000, { 0 }, NEED_ROOT | NEED_CAP(CAP_DAC_OVERRIDE) },
	{ "dac.access_vs_eaccess", "dac",
	  "ruid 0, euid 65534: access() vs faccessat(AT_EACCESS), 0600 file",
	  "access() 0 (real uid), faccessat(AT_EACCESS) EACCES",
	  eaccess_probe, { 0 }, NEED_ROOT | NEED_CAP(CAP_SETUID) },
	{ "dac.umask", "dac", "umask(027), then create with mode 0666",
	  "the file gets mode 0640", umask_probe },
	{ "dac.create_after_setuid", "dac",
	  "setuid(65534) (libc), then create a file in /tmp",
	  "0; the new file is owned by 65534", create_after, { 0 },
	  NEED_ROOT | NEED_CAP(CAP_SETUID) },
};

PROBE_SET(dac_set, rows);
