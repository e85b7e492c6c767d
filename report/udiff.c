// SPDX-License-Identifier: GPL-2.0
/* Unified diff of two texts with diff(1), labels fixed: no paths, no times. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "report.h"

static int put(const char *text, char *tmpl)
{
	int fd = mkstemp(tmpl);
	size_t n = strlen(text);

	if (fd < 0)
		return -1;
	if (write(fd, text, n) != (ssize_t)n) {
		close(fd);
		return -1;
	}
	return close(fd);
}

int udiff(const char *a, const char *b, char **out)
{
	char ta[] = "/tmp/mureport.a.XXXXXX", tb[] = "/tmp/mureport.b.XXXXXX";
	char cmd[256], buf[4096];
	size_t len = 0, n;
	char *s = NULL;
	FILE *p;
	int rc = -1;

	*out = NULL;
	if (put(a, ta) || put(b, tb))
		goto out;
	snprintf(cmd, sizeof(cmd),
		 "diff -u --label baseline --label variant %s %s", ta, tb);
	p = popen(cmd, "r");
	if (!p)
		goto out;
	while ((n = fread(buf, 1, sizeof(buf), p)) > 0) {
		char *t = realloc(s, len + n + 1);

		if (!t)
			break;
		s = t;
		memcpy(s + len, buf, n);
		len += n;
		s[len] = 0;
	}
	rc = pclose(p) == -1 ? -1 : 0;
	*out = s;
out:
	unlink(ta);
	unlink(tb);
	return rc;
}
