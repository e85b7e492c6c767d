// SPDX-License-Identifier: GPL-2.0
/*
 * The observation escape (probe/escape.c) on any bytes: every record is
 * printable ASCII, one line, and within the documented length.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../probe/escape.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *out = NULL, *p;
	size_t len = 0, n;
	FILE *in = fmemopen((void *)data, size, "r");
	FILE *o = open_memstream(&out, &len);

	if (!in || !o)
		abort();
	if (size && obs_stream(in, o, "apps.f", "stdout", ""))
		__builtin_trap();
	fclose(in);
	fclose(o);
	for (p = out; p < out + len; p += n + 1) {
		char *nl = memchr(p, '\n', out + len - p);
		size_t i;

		if (!nl)
			__builtin_trap();	/* a record without its newline */
		n = nl - p;
		if (n > OBS_VALUE_MAX + 32)
			__builtin_trap();
		for (i = 0; i < n; i++)
			if (p[i] < 0x20 || p[i] > 0x7e)
				__builtin_trap();
	}
	free(out);
	return 0;
}
