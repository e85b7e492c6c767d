// SPDX-License-Identifier: GPL-2.0
/*
 * File ownership: does a chown() show in stat()?  Root may give a file to
 * anyone; on a single-user kernel the call can succeed while every id
 * still reads back as 0.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "muprobe.h"

enum how { CHOWN, FCHOWN, LCHOWN, FCHOWNAT, CHOWN_KEEP };

static void do_chown(const struct probe *p)
{
	long uid = p->arg[0] == CHOWN_KEEP ? -1 : OTHER;
	long gid = p->arg[0] == CHOWN_KEEP ? -1 : OTHER;
	const char *path = SCRATCH;
	struct stat st;
	int r = -1, fd, err;

	if (make_file(SCRATCH, 0644))
		skip("cannot create %s: %s", SCRATCH, errname(errno));
	if (p->arg[0] == LCHOWN) {
		path = SCRATCH ".l";
		unlink(path);
		if (symlink(SCRATCH, path))
			skip("cannot create a symlink: %s", errname(errno));
	}
	switch (p->arg[0]) {
	case CHOWN:
	case CHOWN_KEEP:
		r = chown(path, uid, gid);
		break;
	case LCHOWN:
		r = lchown(path, uid, gid);
		break;
	case FCHOWN:
		fd = open(path, O_RDONLY);
		r = fchown(fd, uid, gid);
		break;
	case FCHOWNAT:
		r = fchownat(AT_FDCWD, path, uid, gid, AT_SYMLINK_NOFOLLOW);
		break;
	}
	err = errno;
	obs_ret_err("ret", r, err);
	if (lstat(path, &st))
		loud("lstat failed: %s", errname(errno));
	obs("owner", "%u:%u", st.st_uid, st.st_gid);
	if (r)
		loud("failed with %s; root may chown to anyone",
		     errname(err));
	if (uid == -1 ? st.st_uid != 0 : st.st_uid != OTHER ||
	    st.st_gid != OTHER)
		silent("returned 0, yet stat shows %u:%u", st.st_uid,
		       st.st_gid);
	same("stat shows the new owner");
}

static const struct probe rows[] = {
	{ "own.chown", "own", "chown(file, 1000, 1000), then stat()",
	  "0; stat shows 1000:1000", do_chown, { CHOWN },
	  NEED_ROOT | NEED_CAP(CAP_CHOWN) },
	{ "own.fchown", "own", "fchown(fd, 1000, 1000), then stat()",
	  "0; stat shows 1000:1000", do_chown, { FCHOWN },
	  NEED_ROOT | NEED_CAP(CAP_CHOWN) },
	{ "own.lchown", "own", "lchown(symlink, 1000, 1000), then lstat()",
	  "0; lstat shows the link owned by 1000:1000",
	  do_chown, { LCHOWN }, NEED_ROOT | NEED_CAP(CAP_CHOWN) },
	{ "own.fchownat", "own",
	  "fchownat(AT_FDCWD, file, 1000, 1000, AT_SYMLINK_NOFOLLOW)",
	  "0; stat shows 1000:1000", do_chown, { FCHOWNAT },
	  NEED_ROOT | NEED_CAP(CAP_CHOWN) },
	{ "own.chown_keep", "own", "chown(file, -1, -1)",
	  "0; owner unchanged (0:0)", do_chown, { CHOWN_KEEP }, NEED_ROOT },
};

PROBE_SET(own_set, rows);
