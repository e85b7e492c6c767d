// SPDX-License-Identifier: GPL-2.0
/*
 * The series' in-kernel tests: what kunit.py --json recorded for each
 * kunitconfig (check-kunit), one row per case.  A file that is missing or
 * not kunit.py's JSON is said in the section, never left out.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

static void cases(json_t *group, const char *config, json_t *rows)
{
	json_t *sub, *c;
	size_t i, k;

	json_array_foreach(json_object_get(group, "sub_groups"), i, sub) {
		json_array_foreach(json_object_get(sub, "test_cases"), k, c) {
			char id[256];

			snprintf(id, sizeof(id), "%s: %s.%s", config,
				 report_str(sub, "name"), report_str(c, "name"));
			json_array_append_new(rows, json_pack("{s:s,s:s,s:s,s:s,s:s}",
				"id", id, "config", config,
				"suite", report_str(sub, "name"),
				"case", report_str(c, "name"),
				"status", report_str(c, "status")));
		}
		cases(sub, config, rows);
	}
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

json_t *report_kunit(const char *dir, json_t **rows)
{
	json_t *runs = json_array();
	struct dirent **ents;
	int n, i;

	*rows = json_array();
	if (!dir)
		return runs;
	n = scandir(dir, &ents, NULL, by_name);
	for (i = 0; i < n; i++) {
		const char *name = ents[i]->d_name;
		size_t len = strlen(name);
		char path[4096], config[128];
		json_error_t e;
		json_t *j;

		if (len < 6 || strcmp(name + len - 5, ".json")) {
			free(ents[i]);
			continue;
		}
		snprintf(config, sizeof(config), "%.*s", (int)(len - 5), name);
		snprintf(path, sizeof(path), "%s/%s", dir, name);
		j = json_load_file(path, 0, &e);
		if (!json_is_object(j) || !json_is_array(json_object_get(j,
							 "sub_groups"))) {
			json_array_append_new(runs, json_pack("{s:s,s:s}",
				"config", config, "error",
				j ? "not kunit.py's JSON" : e.text));
		} else {
			size_t before = json_array_size(*rows);

			cases(j, config, *rows);
			json_array_append_new(runs, json_pack("{s:s,s:i}",
				"config", config, "cases",
				(int)(json_array_size(*rows) - before)));
		}
		json_decref(j);
		free(ents[i]);
	}
	if (n >= 0)
		free(ents);
	else
		json_array_append_new(runs, json_pack("{s:s,s:s}", "config", "",
					"error", "no kunit results folder"));
	return runs;
}

void report_kunit_markdown(json_t *r, FILE *f)
{
	json_t *runs = json_object_get(r, "kunit_runs"), *run, *row;
	size_t i, k;

	fprintf(f, "## In-kernel tests (KUnit)\n\n");
	if (report_is_pending(r, "kunit")) {
		report_pending_section(f);
		return;
	}
	if (!json_array_size(runs)) {
		fprintf(f, "Not run for this report.\n\n");
		return;
	}
	fprintf(f, "The series' own suites (`kernel/multiuser_test.c`, "
		"`kernel/multiuser_compat_test.c`), run by `kunit.py run "
		"--arch=%s --kunitconfig=kernel/CONFIG.kunitconfig`.\n\n",
		report_str(json_object_get(r, "kernel"), "arch"));
	fprintf(f, "| config | cases | passed | not passed |\n|---|---|---|---|\n");
	json_array_foreach(runs, i, run) {
		int pass = 0, other = 0;

		if (json_object_get(run, "error")) {
			fprintf(f, "| `%s` | no results: %s | | |\n",
				report_str(run, "config"), report_str(run, "error"));
			continue;
		}
		json_array_foreach(json_object_get(r, "kunit"), k, row) {
			if (strcmp(report_str(row, "config"), report_str(run, "config")))
				continue;
			if (!strcmp(report_str(row, "status"), "PASS"))
				pass++;
			else
				other++;
		}
		fprintf(f, "| `%s` | %d | %d | %d |\n", report_str(run, "config"),
			pass + other, pass, other);
	}
	fprintf(f, "\n");
	json_array_foreach(json_object_get(r, "kunit"), k, row)
		if (strcmp(report_str(row, "status"), "PASS"))
			fprintf(f, "- `%s`: %s\n", report_str(row, "id"),
				report_str(row, "status"));
	fprintf(f, "\n");
}
