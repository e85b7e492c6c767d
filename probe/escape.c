// SPDX-License-Identifier: GPL-2.0
/*
 * One escape for every observation value, whatever the bytes: busybox id
 * prints no final newline, a program may print NUL, CR or invalid UTF-8,
 * and a glued or dropped line would be a wrong record.
 */
#include <stdlib.h>
#include <string.h>

#include "escape.h"

size_t obs_escape(char *dst, size_t cap, const char *src, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	size_t i, o = 0;

	if (!cap)
		return 0;
	for (i = 0; i < n; i++) {
		unsigned char c = src[i];
		char e[4];
		size_t k;

		if (c == '\\') {
			e[0] = e[1] = '\\';
			k = 2;
		} else if (c >= 0x20 && c < 0x7f) {
			e[0] = c;
			k = 1;
		} else {
			e[0] = '\\';
			e[1] = 'x';
			e[2] = hex[c >> 4];
			e[3] = hex[c & 15];
			k = 4;
		}
		/* Keep room for "\T" and the NUL. */
		if (o + k + 3 > cap) {
			memcpy(dst + o, "\\T", 2);
			o += 2;
			break;
		}
		memcpy(dst + o, e, k);
		o += k;
	}
	dst[o] = 0;
	return o;
}

int obs_stream(FILE *in, FILE *out, const char *id, const char *key,
	       const char *prefix)
{
	char esc[OBS_VALUE_MAX + 8], pre[OBS_VALUE_MAX + 8];
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	int bad;

	obs_escape(pre, sizeof(pre), prefix, strlen(prefix));
	while ((n = getline(&line, &cap, in)) > 0) {
		int eol = line[n - 1] == '\n';

		obs_escape(esc, OBS_VALUE_MAX + 1, line, n - eol);
		fprintf(out, "# %s %s=%s%s%s\n", id, key, pre, esc,
			eol ? "" : "\\c");
	}
	bad = ferror(in);
	free(line);
	return bad || ferror(out) ? -1 : 0;
}
