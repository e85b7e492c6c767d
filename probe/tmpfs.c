// SPDX-License-Identifier: GPL-2.0
/*
 * tmpfs without SHMEM is ramfs under tmpfs's name: the mount succeeds, and
 * the options that bound it (size=) or that it does not know are dropped
 * without a word.  A program sizing its scratch space this way fills the
 * machine's memory instead of getting ENOSPC.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "muprobe.h"

#define TMPFS_DIR	"/tmp/muprobe.tmpfs"
#define TMPFS_FILE	TMPFS_DIR "/fill"
#define LIMIT		(16 * 1024)

/* Mounts tmpfs with OPTS; a refusal ends the probe as loud. */
static void mount_tmpfs(const char *opts)
{
	struct statfs sf;
	long r;
	int err;

	mkdir(TMPFS_DIR, 0700);
	r = mount("muprobe", TMPFS_DIR, "tmpfs", 0, opts);
	err = errno;
	obs_ret_err("mount", r, err);
	if (r)
		loud("mount -t tmpfs -o %s failed with %s", opts, errname(err));
	if (statfs(TMPFS_DIR, &sf) == 0)
		obs("f_type", "0x%lx", (unsigned long)sf.f_type);
}

static void unmount_tmpfs(void)
{
	unlink(TMPFS_FILE);
	umount2(TMPFS_DIR, MNT_DETACH);
	rmdir(TMPFS_DIR);
}

static void size_limit(const struct probe *p)
{
	char buf[4096];
	long written = 0, r = 0;
	int fd, err = 0;

	(void)p;
	memset(buf, 'm', sizeof(buf));
	mount_tmpfs("size=16k");
	fd = open(TMPFS_FILE, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	while (fd >= 0 && written < 4 * LIMIT) {
		r = write(fd, buf, sizeof(buf));
		if (r <= 0) {
			err = r < 0 ? errno : ENOSPC;
			break;
		}
		written += r;
	}
	if (fd >= 0)
		close(fd);
	unmount_tmpfs();
	obs("written", "%ld", written);
	obs("stopped_by", "%s", err ? errname(err) : "none");
	if (err == ENOSPC && written <= 2 * LIMIT)
		same("ENOSPC after %ld bytes", written);
	if (err)
		loud("writing stopped with %s after %ld bytes", errname(err),
		     written);
	silent("mounted with size=16k, then %ld bytes written without ENOSPC",
	       written);
}

static void unknown_option(const struct probe *p)
{
	long r;
	int err;

	(void)p;
	mkdir(TMPFS_DIR, 0700);
	r = mount("muprobe", TMPFS_DIR, "tmpfs", 0, "muprobe_no_such_option=1");
	err = errno;
	obs_ret_err("mount", r, err);
	if (r == 0) {
		unmount_tmpfs();
		silent("an option tmpfs does not have was taken without an error");
	}
	rmdir(TMPFS_DIR);
	if (err == EINVAL)
		same("refused with EINVAL");
	loud("refused with %s", errname(err));
}

#define ADMIN (NEED_ROOT | NEED_CAP(CAP_SYS_ADMIN) | NEED_INIT_NS)

static const struct probe rows[] = {
	{ "tmpfs.size_limit", "tmpfs", "mount tmpfs -o size=16k, write 64 KiB",
	  "ENOSPC once 16 KiB are used (SHMEM)", size_limit, { 0 }, ADMIN },
	{ "tmpfs.unknown_option", "tmpfs",
	  "mount tmpfs with an option it does not have",
	  "EINVAL (SHMEM)", unknown_option, { 0 }, ADMIN },
};

PROBE_SET(tmpfs_set, rows);
