// SPDX-License-Identifier: GPL-2.0
/*
 * bloat-o-meter's and size -A's output as report/sizes.c reads them, and
 * lost-syscalls.py's tables (lost and --absent) as report/lost.c does,
 * from any bytes.  The input is split at the first NUL: bloat-o-meter,
 * then size -A.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "../report.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *nul = memchr(data, 0, size);
	size_t first = nul ? (size_t)(nul - data) : size;
	char path[128];
	json_t *r;

	snprintf(path, sizeof(path), "%s/a--b.bloat", fuzz_dir());
	fuzz_file(path, data, first);
	snprintf(path, sizeof(path), "%s/a.size", fuzz_dir());
	fuzz_file(path, nul ? nul + 1 : data, nul ? size - first - 1 : 0);
	r = report_sizes(fuzz_dir(), "a", "b");
	free(json_dumps(r, 0));
	json_decref(r);
	snprintf(path, sizeof(path), "%s/lost.tsv", fuzz_dir());
	fuzz_file(path, data, first);
	/* The same bytes as a --lost and as an --absent file. */
	r = report_lost(path, 0);
	if (r)
		free(json_dumps(r, 0));
	json_decref(r);
	r = report_lost(path, 1);
	if (r)
		free(json_dumps(r, 0));
	json_decref(r);
	return 0;
}
