// SPDX-License-Identifier: GPL-2.0
/*
 * Mount options that name an owner.  Every boot mounts devpts with gid=5
 * (Debian's initramfs-tools, systemd), and tmpfs takes uid= and gid= for
 * its root: on a single-user kernel the option is accepted while the
 * owner it names cannot be kept.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "muprobe.h"

enum fs { DEVPTS, TMPFS };

/*
 * A mount namespace of the child's own keeps the mount off the host when
 * the probe runs there; a kernel without one (or a guest that is all
 * ours) mounts in place and unmounts before the verdict.
 */
static void private_mounts(void)
{
	if (!unshare(CLONE_NEWNS))
		mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL);
}

/* The owner of what the mount made: a new pty (devpts) or the root. */
static int made(enum fs fs, struct stat *st)
{
	char path[64];
	int fd, n, r;

	if (fs == TMPFS)
		return stat(MNT, st);
	fd = open(MNT "/ptmx", O_RDWR | O_NOCTTY);
	if (fd < 0)
		return -1;
	r = ioctl(fd, TIOCGPTN, &n);
	if (!r) {
		snprintf(path, sizeof(path), MNT "/%d", n);
		r = stat(path, st);
	}
	close(fd);
	return r;
}

static void owner_option(const struct probe *p)
{
	const char *type = (const char *)p->arg[1];
	const char *opts = (const char *)p->arg[2];
	unsigned int uid = p->arg[3] >> 16, gid = p->arg[3] & 0xffff;
	struct stat st;
	int r, got, err;

	private_mounts();
	if (mkdir(MNT, 0755) && errno != EEXIST)
		skip("cannot create %s: %s", MNT, errname(errno));
	r = mount(type, MNT, type, MS_NOSUID | MS_NOEXEC, opts);
	err = errno;
	obs_ret_err("mount", r, err);
	if (r) {
		rmdir(MNT);
		if (err == ENODEV)
			skip("no %s in this kernel", type);
		loud("%s -o %s failed with %s; root may name any owner",
		     type, opts, errname(err));
	}
	got = made(p->arg[0], &st);
	err = errno;
	umount2(MNT, MNT_DETACH);
	rmdir(MNT);
	if (got)
		loud("mounted, but what it made cannot be read: %s",
		     errname(err));
	obs("owner", "%u:%u", st.st_uid, st.st_gid);
	obs("mode", "%04o", st.st_mode & 07777);
	if (st.st_uid != uid || st.st_gid != gid)
		silent("mount returned 0, yet what it made is owned by %u:%u",
		       st.st_uid, st.st_gid);
	same("owned by %u:%u as the options say", uid, gid);
}

static const struct probe rows[] = {
	{ "mount.devpts_gid", "mount",
	  "mount devpts -o gid=5,mode=620 (every boot does), stat a new pty",
	  "0; the new pty is owned by 0:5", owner_option,
	  { DEVPTS, (long)"devpts", (long)"gid=5,mode=620,ptmxmode=666",
	    0 << 16 | 5 },
	  NEED_ROOT | NEED_IDS | NEED_CAP(CAP_SYS_ADMIN) },
	/* What a boot that drops gid= gets: the adaptation STRICT asks for. */
	{ "mount.devpts_plain", "mount",
	  "mount devpts -o mode=620 (no gid=), stat a new pty",
	  "0; the new pty is owned by 0:0", owner_option,
	  { DEVPTS, (long)"devpts", (long)"mode=620,ptmxmode=666", 0 },
	  NEED_ROOT | NEED_CAP(CAP_SYS_ADMIN) },
	{ "mount.tmpfs_owner", "mount",
	  "mount tmpfs -o uid=1000,gid=1000, stat its root",
	  "0; the root is owned by 1000:1000", owner_option,
	  { TMPFS, (long)"tmpfs", (long)"uid=1000,gid=1000",
	    OTHER << 16 | OTHER },
	  NEED_ROOT | NEED_IDS | NEED_CAP(CAP_SYS_ADMIN) },
};

PROBE_SET(mount_set, rows);
