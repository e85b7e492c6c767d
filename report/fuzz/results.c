// SPDX-License-Identifier: GPL-2.0
/*
 * The guest results parser (report/results.c) on any bytes: whatever a
 * broken guest, a cut serial line or a full disk leaves in results.txt.
 */
#include <stdint.h>
#include <stdio.h>

#include "../results.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[128];
	json_t *r;

	snprintf(path, sizeof(path), "%s/v/results.txt", fuzz_dir());
	if (fuzz_file(path, data, size))
		return 0;
	r = results_load(fuzz_dir(), "v", 1);
	/* Whatever the bytes, a status and a JSON-encodable result. */
	if (!json_is_string(json_object_get(r, "status")))
		__builtin_trap();
	free(json_dumps(r, 0));
	json_decref(r);
	return 0;
}
