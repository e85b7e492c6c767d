// SPDX-License-Identifier: GPL-2.0
/*
 * The daemon privilege drop, as real daemons write it, in two flavours:
 *   careful   checks every call and stops if one fails
 *   careless  ignores the results, as too much code does
 * Then it checks what matters: can the process get root back, and can it
 * still read a file only root may read.  Prints what happened; exit 0 only
 * when the process really is nobody afterwards.
 */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define NOBODY 65534
#define SECRET "/tmp/privdrop.secret"

static int report(const char *call, int r)
{
	printf("%s: %s\n", call, r ? strerror(errno) : "ok");
	return r;
}

int main(int argc, char **argv)
{
	int careful = argc > 1 && !strcmp(argv[1], "careful");
	gid_t g = NOBODY;
	int fd;

	if (argc != 2 || (!careful && strcmp(argv[1], "careless"))) {
		fprintf(stderr, "usage: privdrop careful|careless\n");
		return 2;
	}
	/* Made while still root: mode 000, so only privilege can open it. */
	unlink(SECRET);
	fd = open(SECRET, O_CREAT | O_WRONLY, 0);
	if (fd >= 0)
		close(fd);

	if (report("setgroups", setgroups(1, &g)) && careful)
		return 1;
	if (report("setgid", setgid(NOBODY)) && careful)
		return 1;
	if (report("setuid", setuid(NOBODY)) && careful)
		return 1;

	printf("uid=%d euid=%d\n", (int)getuid(), (int)geteuid());
	fd = open(SECRET, O_RDONLY);
	if (setuid(0) == 0 || fd >= 0) {
		printf("STILL ROOT: %s\n", fd >= 0 ?
		       "reads a mode-000 root file" : "setuid(0) works");
		return 3;
	}
	printf("dropped: setuid(0) fails, root's file is refused\n");
	return 0;
}
