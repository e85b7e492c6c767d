// SPDX-License-Identifier: GPL-2.0
/*
 * Run one probe in a forked child.  Identity changes cannot be undone, so
 * every probe gets a fresh process; a child that crashes, hangs or exits
 * without a verdict is "broken" and the run goes on.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "report.h"

static long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void broken(struct result *r, const char *fmt, const char *arg)
{
	r->v = V_BROKEN;
	snprintf(r->reason, sizeof(r->reason), fmt, arg);
}

/* Parse "o key value" and "v verdict reason" lines from the child. */
static void take_line(char *line, FILE *out, const char *id,
		      struct result *r, int *got)
{
	static const char *const words[] = {
		"same", "loud", "silent", "skip"
	};
	char *key = line + 2, *val = strchr(key, ' ');
	unsigned int i;

	if (!val || (line[0] != 'o' && line[0] != 'v') || line[1] != ' ')
		return;
	*val++ = 0;
	if (line[0] == 'o') {
		if (out)
			fprintf(out, "# %s %s=%s\n", id, key, val);
		return;
	}
	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (!strcmp(key, words[i]))
			break;
	if (i == sizeof(words) / sizeof(words[0]))
		return;
	r->v = i;
	snprintf(r->reason, sizeof(r->reason), "%s", val);
	*got = 1;
}

int run_in_child(void (*fn)(const void *), const void *arg, int timeout_ms,
		 FILE *out, const char *id, struct result *r)
{
	char buf[8192];
	size_t len = 0;
	long deadline;
	int p[2], st, got = 0, timed_out = 0;
	pid_t pid;

	if (out)
		fflush(out);
	if (pipe2(p, O_CLOEXEC) < 0)
		return -1;
	pid = fork();
	if (pid < 0) {
		close(p[0]);
		close(p[1]);
		return -1;
	}
	if (pid == 0) {
		close(p[0]);
		report_fd = p[1];
		/* Own group, so a hung grandchild dies with it. */
		setpgid(0, 0);
		fn(arg);
		_exit(2);
	}
	close(p[1]);
	deadline = now_ms() + timeout_ms;
	for (;;) {
		struct pollfd pfd = { .fd = p[0], .events = POLLIN };
		long left = deadline - now_ms();
		ssize_t n;
		char *nl;

		if (left <= 0) {
			timed_out = 1;
			break;
		}
		if (poll(&pfd, 1, left) <= 0) {
			if (errno == EINTR)
				continue;
			timed_out = 1;
			break;
		}
		n = read(p[0], buf + len, sizeof(buf) - 1 - len);
		if (n <= 0)
			break;
		len += n;
		buf[len] = 0;
		while ((nl = strchr(buf, '\n'))) {
			*nl = 0;
			take_line(buf, out, id, r, &got);
			memmove(buf, nl + 1, len - (nl + 1 - buf) + 1);
			len -= nl + 1 - buf;
		}
		if (got)
			break;
		if (len == sizeof(buf) - 1)
			len = 0;
	}
	close(p[0]);
	if (timed_out)
		kill(-pid, SIGKILL);
	kill(pid, SIGKILL);
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	/* A grandchild may still hold the group; do not leave it behind. */
	kill(-pid, SIGKILL);
	if (timed_out) {
		r->v = V_BROKEN;
		snprintf(r->reason, sizeof(r->reason), "timed out after %d ms",
			 timeout_ms);
	} else if (!got && WIFSIGNALED(st)) {
		broken(r, "killed by signal %s", strsignal(WTERMSIG(st)));
	} else if (!got) {
		r->v = V_BROKEN;
		snprintf(r->reason, sizeof(r->reason),
			 "exited with status %d before a verdict",
			 WEXITSTATUS(st));
	}
	return 0;
}
