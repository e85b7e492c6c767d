// SPDX-License-Identifier: GPL-2.0
/*
 * Record locks without FILE_LOCKING: fcntl() is still there, and F_SETLK
 * answers EACCES, the errno POSIX gives when another process holds the
 * lock.  A program that retries on it waits for a holder that does not
 * exist.
 */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "muprobe.h"

/* arg[0]: F_SETLK or F_OFD_SETLK. */
static void set_lock(const struct probe *p)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
	int fd = -1, err;
	long r;

	if (make_file(SCRATCH, 0600) == 0)
		fd = open(SCRATCH, O_RDWR);
	if (fd < 0)
		skip("cannot create %s: %s", SCRATCH, errname(errno));
	r = fcntl(fd, p->arg[0], &fl);
	err = errno;
	close(fd);
	unlink(SCRATCH);
	obs_ret_err("ret", r, err);
	if (r == 0)
		same("locked");
	if (err == EACCES || err == EAGAIN)
		loud("%s: no other process holds the lock", errname(err));
	loud("failed with %s", errname(err));
}

static const struct probe rows[] = {
	{ "locks.setlk", "locks", "fcntl(F_SETLK, F_WRLCK) on a file only we have open",
	  "0: the lock is ours (FILE_LOCKING)", set_lock, { F_SETLK }, 0 },
	{ "locks.ofd_setlk", "locks",
	  "fcntl(F_OFD_SETLK, F_WRLCK) on a file only we have open",
	  "0: the lock is ours (FILE_LOCKING)", set_lock, { F_OFD_SETLK }, 0 },
};

PROBE_SET(locks_set, rows);
