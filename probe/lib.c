// SPDX-License-Identifier: GPL-2.0
/*
 * Helpers shared by every probe: the child's report channel, raw syscalls and the "is this process still privileged" test.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "escape.h"
#include "muprobe.h"
#include "report.h"

int report_fd = -1;
struct kernel_facts facts;
const char *self_exe = "/proc/self/exe";

const struct probe_set *const probe_sets[] = {
	&ident_set, &setid_set, &caps_set, &own_set, &dac_set, &ipc_set,
	&mount_set, &sock_set, &procs_set, &ns_set, &privdrop_set,
	&timers_set, &tmpfs_set, &core_set, &locks_set, &cgroup_set,
};
const size_t n_sets = ARRAY_SIZE(probe_sets);

static void put(char tag, const char *key, const char *fmt, va_list ap)
{
	char raw[OBS_VALUE_MAX], buf[OBS_VALUE_MAX + 128];
	int n, len, saved = errno;

	len = vsnprintf(raw, sizeof(raw), fmt, ap);
	if (len < 0)
		len = 0;
	if (len > (int)sizeof(raw) - 1)
		len = sizeof(raw) - 1;
	/* One observation is one line, whatever the probe saw. */
	n = snprintf(buf, sizeof(buf), "%c %s ", tag, key);
	n += obs_escape(buf + n, sizeof(buf) - n - 1, raw, len);
	buf[n++] = '\n';
	if (write(report_fd, buf, n) != n)
		_exit(3);
	/* Probes report errno after observing; keep it for them. */
	errno = saved;
}

void obs(const char *key, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	put('o', key, fmt, ap);
	va_end(ap);
}

void obs_ret_err(const char *key, long ret, int err)
{
	if (ret == -1)
		obs(key, "-1 %s", errname(err));
	else
		obs(key, "%ld", ret);
}

/*
 * errno is read here, in the body: every argument, the call being observed
 * included, has been evaluated by then.  Passing errno as an argument
 * beside the call would leave the order to the compiler, which read it
 * first (a stale errno in obs_ret(k, access(...), errno)).
 */
void obs_ret(const char *key, long ret)
{
	obs_ret_err(key, ret, errno);
}

#define VERDICT(fn, word)				\
void fn(const char *fmt, ...)				\
{							\
	va_list ap;					\
							\
	va_start(ap, fmt);				\
	put('v', word, fmt, ap);			\
	va_end(ap);					\
	_exit(0);					\
}
VERDICT(same, "same")
VERDICT(loud, "loud")
VERDICT(silent, "silent")
VERDICT(skip, "skip")

/*
 * syscall() rather than the libc wrapper: musl's set*id wrappers broadcast
 * the change to every thread through __setxid and may retry or abort; the
 * raw call is what the kernel alone answers.
 */
long raw0(long nr)
{
	return syscall(nr);
}

long rawcall(long nr, long a, long b, long c)
{
	return syscall(nr, a, b, c);
}

int read_status(const char *key, char *buf, size_t len)
{
	char line[256];
	size_t klen = strlen(key);
	FILE *f = fopen("/proc/self/status", "r");
	int found = -1;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, key, klen) || line[klen] != ':')
			continue;
		snprintf(buf, len, "%s", line + klen + 1 +
			 strspn(line + klen + 1, " \t"));
		buf[strcspn(buf, "\n")] = 0;
		for (size_t n = strlen(buf); n && buf[n - 1] == ' '; n--)
			buf[n - 1] = 0;
		/* /proc separates fields with tabs; a space reads better. */
		for (char *p = buf; *p; p++)
			if (*p == '\t')
				*p = ' ';
		found = 0;
		break;
	}
	fclose(f);
	return found;
}

int make_file(const char *path, int mode)
{
	int fd;

	unlink(path);
	fd = open(path, O_CREAT | O_EXCL | O_WRONLY, mode);
	if (fd < 0)
		return -1;
	fchmod(fd, mode);
	close(fd);
	return 0;
}

/*
 * Judge privilege by what it allows, not by what getuid() says: the runner
 * made SECRET root-owned with mode 000, which only CAP_DAC_OVERRIDE (or
 * CAP_DAC_READ_SEARCH) lets anyone open for reading.
 */
int still_root(void)
{
	int fd = open(SECRET, O_RDONLY);

	if (fd < 0)
		return 0;
	close(fd);
	return 1;
}

/*
 * Exec this binary in --try-open mode so that the new image's credentials
 * (recomputed by execve from the bounding set, setuid bits and so on) are
 * what gets judged.  Returns 1 if it could open PATH, 0 if not, -1 if the
 * helper did not run.
 */
int try_open_as_exec(const char *path)
{
	int st;
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (pid == 0) {
		execl(self_exe, self_exe, "--try-open", path, (char *)0);
		_exit(127);
	}
	if (waitpid(pid, &st, 0) < 0 || !WIFEXITED(st))
		return -1;
	if (WEXITSTATUS(st) == 0)
		return 1;
	return WEXITSTATUS(st) == 1 ? 0 : -1;
}
