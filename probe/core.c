// SPDX-License-Identifier: GPL-2.0
/*
 * A crash that leaves no core: without COREDUMP (or ELF_CORE) a process
 * killed by SIGABRT dies as it would, the core limit set and the folder
 * writable, and nothing anywhere says that the core was not written.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "muprobe.h"

#define CORE_DIR	"/tmp/muprobe.core"

/* Removes what the crash left; returns how many files named core*. */
static int cores_left(void)
{
	struct dirent *d;
	char path[512];
	DIR *dir = opendir(CORE_DIR);
	int n = 0;

	while (dir && (d = readdir(dir))) {
		if (d->d_name[0] == '.')
			continue;
		n += strncmp(d->d_name, "core", 4) == 0;
		snprintf(path, sizeof(path), CORE_DIR "/%s", d->d_name);
		unlink(path);
	}
	if (dir)
		closedir(dir);
	rmdir(CORE_DIR);
	return n;
}

/* The first line of a /proc/sys file, or -1. */
static int read_line(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -1;
	buf[n] = 0;
	buf[strcspn(buf, "\n")] = 0;
	return 0;
}

static void core_dump(const struct probe *p)
{
	struct rlimit rl = { RLIM_INFINITY, RLIM_INFINITY };
	char pattern[128] = "";
	int st = 0, files;
	pid_t pid;

	(void)p;
	if (read_line("/proc/sys/kernel/core_pattern", pattern,
		      sizeof(pattern)) == 0) {
		obs("core_pattern", "%s", pattern);
		if (pattern[0] == '|' || pattern[0] == '/')
			skip("core_pattern sends cores elsewhere: %s", pattern);
	}
	mkdir(CORE_DIR, 0700);
	if (chdir(CORE_DIR) || setrlimit(RLIMIT_CORE, &rl))
		skip("cannot prepare %s: %s", CORE_DIR, errname(errno));
	pid = fork();
	if (pid == 0) {
		signal(SIGABRT, SIG_DFL);
		abort();
	}
	if (pid < 0)
		skip("fork: %s", errname(errno));
	waitpid(pid, &st, 0);
	files = cores_left();
	obs("signal", "%s", WIFSIGNALED(st) ? strsignal(WTERMSIG(st)) : "none");
	obs("core_dumped", "%s", WIFSIGNALED(st) && WCOREDUMP(st) ? "yes" : "no");
	obs("core_files", "%d", files);
	if (!WIFSIGNALED(st))
		loud("the child was not killed by SIGABRT");
	if (files)
		same("core dumped and written");
	if (WCOREDUMP(st))
		skip("the kernel dumped a core, not into the working folder");
	silent("killed by SIGABRT with RLIMIT_CORE unlimited; no core, no error");
}

static const struct probe rows[] = {
	{ "core.dump", "core", "abort() with RLIMIT_CORE unlimited",
	  "a core file in the working folder (COREDUMP, ELF_CORE)", core_dump,
	  { 0 }, NEED_ROOT },
};

PROBE_SET(core_set, rows);
