// SPDX-License-Identifier: GPL-2.0
/*
 * report.md's "Debian boots" section: per variant, how the boot of
 * Debian 12 (systemd as PID 1) ended and what it counted; then every row
 * some variant differs on, loud before silent, with what that variant saw
 * and what stock Linux saw.
 */
#include <stdio.h>
#include <string.h>

#include "report.h"

static json_int_t num(json_t *o, const char *k)
{
	return json_integer_value(json_object_get(o, k));
}

static void runs_table(json_t *runs, FILE *f)
{
	json_t *run, *u;
	size_t n, k;

	fprintf(f, "| variant | boot | default target (s) | like Linux | loud | silent | missing | failed units |\n"
		"|---|---|---|---|---|---|---|---|\n");
	json_array_foreach(runs, n, run) {
		json_t *c = json_object_get(run, "counts");

		fprintf(f, "| %s | ", report_str(run, "name"));
		if (strcmp(report_str(run, "status"), "complete"))
			report_cell(f, report_str(run, "reason"));
		else
			fprintf(f, "%s", report_str(run, "state"));
		fprintf(f, " | %s | %lld | %lld | %lld | %lld | ",
			strcmp(report_str(run, "seconds"), "-") ?
			report_str(run, "seconds") : "never",
			(long long)num(c, "like Linux"), (long long)num(c, "loud"),
			(long long)num(c, "silent"), (long long)num(c, "missing"));
		json_array_foreach(json_object_get(run, "failed"), k, u)
			fprintf(f, "%s`%s`", k ? ", " : "", json_string_value(u));
		fprintf(f, " |\n");
	}
	fprintf(f, "\n");
}

/* The rows where VARIANT's verdict is WANT: id, what it saw, why. */
static int differing(json_t *rows, json_t *runs, const char *want, FILE *f)
{
	json_t *row, *run;
	size_t k, n;
	int any = 0;

	json_array_foreach(rows, k, row) {
		json_array_foreach(runs, n, run) {
			const char *name = report_str(run, "name");

			if (strcmp(report_str(json_object_get(row, "verdict"),
					      name), want))
				continue;
			if (!any++)
				fprintf(f, "| %s | variant | what it saw against Linux |\n|---|---|---|\n",
					want);
			fprintf(f, "| `%s` | %s | ", report_str(row, "id"), name);
			report_cell(f, report_str(json_object_get(row, "reason"),
						  name));
			fprintf(f, " |\n");
		}
	}
	if (any)
		fprintf(f, "\n");
	return any;
}

void report_debian_markdown(json_t *r, FILE *f)
{
	json_t *meta = json_object_get(r, "debian_runs");
	json_t *rows = json_object_get(r, "debian");
	json_t *runs = json_object_get(meta, "runs");

	if (report_is_pending(r, "debian")) {
		fprintf(f, "## Debian boots\n\n");
		report_pending_section(f);
		return;
	}
	if (!meta)
		return;
	fprintf(f, "## Debian boots\n\n"
		"Debian 12's own userland, systemd as PID 1 (apps/debian/), booted "
		"on each variant; from inside the guest: the boot, every unit with "
		"its processes' identities, the mounts, and an ssh login as root "
		"and as an ordinary user.  Each row is compared with %s.\n\n",
		report_str(json_array_get(runs, 0), "name"));
	runs_table(runs, f);
	if (!differing(rows, runs, "loud", f) + !differing(rows, runs, "silent", f) +
	    !differing(rows, runs, "missing", f) == 3)
		fprintf(f, "Every variant booted like Linux.\n\n");
}
