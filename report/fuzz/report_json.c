// SPDX-License-Identifier: GPL-2.0
/*
 * mureport diff and versions on any JSON: a report either fails the
 * schema check (exit 2) or diffs with itself as no change, and renders.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "../report.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	json_t *r = json_loadb((const char *)data, size, 0, NULL);
	FILE *null;

	if (!r)
		return 0;
	null = fopen("/dev/null", "w");
	if (!report_check(r, "fuzz")) {
		json_t *v;

		/* The documented promise: a report against itself is 0. */
		if (report_diff(r, r, 1, null))
			__builtin_trap();
		v = report_versions((json_t *const[]){ r, r }, 2, "version");
		report_versions_markdown(v, null);
		json_decref(v);
		v = report_versions((json_t *const[]){ r, r }, 2, "arch");
		report_versions_markdown(v, null);
		json_decref(v);
		report_markdown(r, null);
		report_html(r, null);
	}
	fclose(null);
	json_decref(r);
	return 0;
}
