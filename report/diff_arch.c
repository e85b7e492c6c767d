// SPDX-License-Identifier: GPL-2.0
/*
 * Two reports of different architectures: their syscall tables differ by
 * design (x86_64 keeps chown and lchown, arm64 only fchownat; ia32 stands
 * against a compat ABI that is not probed).  Calls are compared by name in
 * each one's own ABI, where both tables have them; a call that one table
 * lacks is listed, never counted as a change of behaviour.
 */
#include <stdio.h>
#include <string.h>

#include "report.h"

static const char *own_abi(json_t *r)
{
	const char *abis[2];

	report_abis(report_str(json_object_get(r, "kernel"), "arch"), abis);
	return abis[0];
}

static int has_name(json_t *rows, const char *abi, const char *name)
{
	json_t *row;
	size_t k;

	json_array_foreach(rows, k, row)
		if (!strcmp(report_str(row, "abi"), abi) &&
		    !strcmp(report_str(row, "name"), name))
			return 1;
	return 0;
}

json_t *report_arch_rows(json_t *r, json_t *other, const char *section,
			 json_t *only)
{
	json_t *rows = json_object_get(r, section), *row, *out = json_array();
	json_t *orows = json_object_get(other, section);
	const char *abi = own_abi(r), *oabi = own_abi(other);
	size_t k;

	json_array_foreach(rows, k, row) {
		const char *name = report_str(row, "name");
		json_t *copy;

		if (strcmp(report_str(row, "abi"), abi))
			continue;
		if (!has_name(orows, oabi, name)) {
			if (only)
				json_array_append_new(only, json_string(name));
			continue;
		}
		copy = json_copy(row);
		json_object_set_new(copy, "abi", json_string("own"));
		/* The number is the table's, not a behaviour. */
		json_object_del(copy, "nr");
		json_array_append_new(out, copy);
	}
	return out;
}

/*
 * The probe rows of R with its sweep rows as "sweep.own" (its own ABI's
 * table, compared) and without its second ABI's (ia32 against a compat
 * ABI that is not probed: listed in ONLY, not compared).
 */
json_t *report_arch_probes(json_t *r, json_t *only)
{
	json_t *out = json_array(), *row;
	const char *abis[2];
	char own[64], second[64];
	size_t k;

	report_abis(report_str(json_object_get(r, "kernel"), "arch"), abis);
	snprintf(own, sizeof(own), "sweep.%s", abis[0]);
	snprintf(second, sizeof(second), "sweep.%s", abis[1]);
	json_array_foreach(json_object_get(r, "probes"), k, row) {
		const char *id = report_str(row, "id");

		if (!strcmp(id, second)) {
			json_array_append_new(only, json_string(id));
		} else if (!strcmp(id, own)) {
			json_t *copy = json_copy(row);

			json_object_set_new(copy, "id", json_string("sweep.own"));
			json_array_append_new(out, copy);
		} else {
			json_array_append(out, row);
		}
	}
	return out;
}
