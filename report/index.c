// SPDX-License-Identifier: GPL-2.0
/*
 * Rows of two reports are compared by key, never by position: a row
 * added or removed must not shift every row after it.
 */
#include <stdio.h>

#include "report.h"

json_t *report_index(json_t *rows, const char *key, const char *key2,
		     const char *sep)
{
	json_t *o = json_object(), *row;
	size_t n;

	json_array_foreach(rows, n, row) {
		char k[256];

		snprintf(k, sizeof(k), "%s%s%s", key2 ? report_str(row, key2) : "",
			 key2 ? sep : "", report_str(row, key));
		json_object_set(o, k, row);
	}
	return o;
}
