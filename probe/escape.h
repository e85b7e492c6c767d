/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The observation value escape (report/formats.md): printable ASCII but
 * the backslash as itself, "\\" for a backslash, "\xHH" for any other
 * byte, "\c" at the end when the line had no final newline and "\T" when
 * the writer cut it.  Any bytes a program prints survive, one line each.
 */
#ifndef MUPROBE_ESCAPE_H
#define MUPROBE_ESCAPE_H

#include <stddef.h>
#include <stdio.h>

/* Longest escaped value written, "\T" included; "\c" may follow. */
#define OBS_VALUE_MAX	4000

/* Escape N bytes of SRC into DST (CAP bytes, NUL-terminated); returns
 * the length written, cutting (with "\T") what does not fit. */
size_t obs_escape(char *dst, size_t cap, const char *src, size_t n);
/* Every line of IN as "# ID KEY=PREFIX<escaped line>"; 0, or -1 on error. */
int obs_stream(FILE *in, FILE *out, const char *id, const char *key,
	       const char *prefix);

#endif
