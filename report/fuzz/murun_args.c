// SPDX-License-Identifier: GPL-2.0
/*
 * murun's command line (apps/murun/args.c) from any argument vector: the
 * input split at NULs.  A parse either fails with 2 or yields a program.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "murun.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *buf = malloc(size + 1), *argv[64];
	struct mu_args a;
	int argc = 1, rc;
	size_t i;

	if (!buf)
		return 0;
	memcpy(buf, data, size);
	buf[size] = 0;
	argv[0] = "murun";
	argv[argc++] = buf;
	for (i = 0; i < size && argc < 63; i++)
		if (!buf[i])
			argv[argc++] = buf + i + 1;
	argv[argc] = NULL;
	rc = mu_parse_args(argc, argv, &a);
	if (rc != 0 && rc != 2)
		__builtin_trap();
	if (!rc && !a.help && (!a.program || !a.program[0]))
		__builtin_trap();
	free(buf);
	return 0;
}
