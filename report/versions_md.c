// SPDX-License-Identifier: GPL-2.0
/* versions.md: the cross-version view (versions.c) for a reader. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

static void names(FILE *f, json_t *a, const char *none)
{
	json_t *v;
	size_t k;

	if (!json_array_size(a)) {
		fputs(none, f);
		return;
	}
	json_array_foreach(a, k, v)
		fprintf(f, "%s`%s`", k ? ", " : "", json_string_value(v));
}

static void header(FILE *f, json_t *cols, const char *first)
{
	json_t *c;
	size_t k;

	fprintf(f, "| %s |", first);
	json_array_foreach(cols, k, c)
		fprintf(f, " %s |", report_str(c, "label"));
	fprintf(f, "\n|---|");
	json_array_foreach(cols, k, c)
		fprintf(f, "---|");
	fputc('\n', f);
}

static void bytes(FILE *f, json_t *cols, const char *label, const char *key)
{
	json_t *c, *v;
	size_t k;

	fprintf(f, "| %s |", label);
	json_array_foreach(cols, k, c) {
		v = json_object_get(c, key);
		if (json_is_integer(v))
			fprintf(f, " %+lld |", (long long)json_integer_value(v));
		else
			fprintf(f, " not measured |");
	}
	fputc('\n', f);
}

static void verdicts(FILE *f, json_t *cols)
{
	json_t *first = json_array_get(cols, 0), *c, *v;
	size_t k, j;

	fprintf(f, "## Probe verdicts (silent / loud / like Linux / skipped)\n\n");
	header(f, cols, "variant");
	json_array_foreach(json_object_get(first, "variants"), j, v) {
		const char *name = report_str(v, "name");

		fprintf(f, "| %s |", name);
		json_array_foreach(cols, k, c) {
			json_t *b = json_object_get(json_object_get(c, "verdicts"),
						    name);
			json_t *st = json_array_get(json_object_get(c, "variants"), j);

			if (!b) {
				fprintf(f, " not built |");
				continue;
			}
			fprintf(f, " %lld / %lld / %lld / %lld%s |",
				json_integer_value(json_object_get(b, "silent")),
				json_integer_value(json_object_get(b, "loud")),
				json_integer_value(json_object_get(b, "same")),
				json_integer_value(json_object_get(b, "skip")),
				strcmp(report_str(st, "status"), "complete") ?
				" (incomplete)" : "");
		}
		fputc('\n', f);
	}
	fputc('\n', f);
}

/* Each column's own ABIs: its own, then ia32 or its compat ABI. */
static void syscalls(FILE *f, json_t *cols)
{
	const char *abis[2];
	json_t *c;
	size_t k;
	int a;

	fprintf(f, "## Syscalls swept (lost on nomultiuser)\n\n");
	header(f, cols, "table");
	for (a = 0; a < 2; a++) {
		fprintf(f, "| %s |", a ? "second ABI" : "own ABI");
		json_array_foreach(cols, k, c) {
			json_t *t;

			report_abis(report_str(c, "arch"), abis);
			t = json_object_get(json_object_get(c, "syscalls"),
					    abis[a]);
			fprintf(f, " %s: %lld (%lld lost) |", abis[a],
				json_integer_value(json_object_get(t, "calls")),
				json_integer_value(json_object_get(t, "lost")));
		}
		fputc('\n', f);
	}
	fputc('\n', f);
}

/* ROWS of verdict changes {id, from, to}, headed WHAT, if any. */
static void verdict_changes(FILE *f, json_t *s, json_t *rows, const char *what)
{
	json_t *row;
	size_t k;

	if (!json_array_size(rows))
		return;
	fprintf(f, "| %s | %s | %s |\n|---|---|---|\n", what,
		report_str(s, "from"), report_str(s, "to"));
	json_array_foreach(rows, k, row)
		fprintf(f, "| `%s` | %s | %s |\n", report_str(row, "id"),
			report_str(row, "from"), report_str(row, "to"));
	fputc('\n', f);
}

/* Why a call gained or lost in the step is missing where it is. */
static void why(FILE *f, json_t *w)
{
	json_t *by, *text;
	const char *call, *label;

	if (!json_object_size(w))
		return;
	fprintf(f, "Why a call below is missing, from each one's config:\n\n");
	json_object_foreach(w, call, by)
		json_object_foreach(by, label, text)
			fprintf(f, "- `%s` on %s: %s\n", call, label,
				json_string_value(text));
	fputc('\n', f);
}

static void step(FILE *f, json_t *s)
{
	json_t *v, *row;
	const char *name;
	size_t k;

	fprintf(f, "## %s -> %s\n\n", report_str(s, "from"), report_str(s, "to"));
	fprintf(f, "Kconfig fallout added: ");
	names(f, json_object_get(json_object_get(s, "fallout"), "added"), "none");
	fprintf(f, "; removed: ");
	names(f, json_object_get(json_object_get(s, "fallout"), "removed"), "none");
	fprintf(f, ".\n\n");
	why(f, json_object_get(s, "syscalls_why"));
	json_object_foreach(json_object_get(s, "variants"), name, v) {
		json_t *p = json_object_get(v, "probes");
		json_t *sc = json_object_get(v, "scenarios");

		fprintf(f, "### %s\n\n- syscalls gained: ", name);
		names(f, json_object_get(v, "syscalls_gained"), "none");
		fprintf(f, "\n- syscalls lost: ");
		names(f, json_object_get(v, "syscalls_lost"), "none");
		fprintf(f, "\n- probe verdicts changed: %zu\n",
			json_array_size(p));
		fprintf(f, "- scenarios changed: %zu\n", json_array_size(sc));
		if (*report_str(s, "applications_note"))
			fprintf(f, "- corpus programs: %s\n\n",
				report_str(s, "applications_note"));
		else
			fprintf(f, "- corpus verdicts changed: %zu\n\n",
				json_array_size(json_object_get(v, "applications")));
		verdict_changes(f, s, p, "probe");
		verdict_changes(f, s, json_object_get(v, "applications"), "program");
		if (json_array_size(sc)) {
			fprintf(f, "| scenario | exit %s | exit %s | output |\n"
				"|---|---|---|---|\n", report_str(s, "from"),
				report_str(s, "to"));
			json_array_foreach(sc, k, row) {
				char *a = json_dumps(json_object_get(row, "exit_from"),
						     JSON_ENCODE_ANY);
				char *b = json_dumps(json_object_get(row, "exit_to"),
						     JSON_ENCODE_ANY);

				fprintf(f, "| `%s` | %s | %s | %s |\n",
					report_str(row, "id"), a ? a : "null",
					b ? b : "null",
					json_is_true(json_object_get(row,
						"output_changed")) ?
					"changed" : "same");
				free(a);
				free(b);
			}
			fputc('\n', f);
		}
	}
}

void report_versions_markdown(json_t *r, FILE *f)
{
	json_t *cols = json_object_get(r, "versions"), *s, *c;
	size_t k;

	int by_arch = !strcmp(report_str(r, "by"), "arch");

	if (by_arch)
		fprintf(f, "# muprobe: architectures side by side\n\n"
			"Base `%s`, Linux %s.  Each column is one architecture's "
			"report (`out/ARCH/%s/%s/report.md`);\nevery figure is what "
			"its guests said or its build measured.  Syscalls are "
			"compared by name in each architecture's own table.\n\n",
			report_str(r, "base"), report_str(r, "version"),
			report_str(r, "version"), report_str(r, "base"));
	else
		fprintf(f, "# muprobe: kernel versions side by side\n\n"
			"Base `%s`, %s.  Each column is one version's report "
			"(`out/%s/VERSION/%s/report.md`);\nevery figure is what "
			"its guests said or its build measured.\n\n",
			report_str(r, "base"), report_str(r, "arch"),
			report_str(r, "arch"), report_str(r, "base"));
	fprintf(f, "| %s | Debian package |\n|---|---|\n",
		by_arch ? "architecture" : "version");
	json_array_foreach(cols, k, c)
		fprintf(f, "| %s | linux-source-%s %s |\n",
			report_str(c, "label"), report_str(c, "version"),
			report_str(c, "package"));
	fputc('\n', f);
	verdicts(f, cols);
	syscalls(f, cols);
	fprintf(f, "## Sizes (bloat-o-meter, bytes)\n\n");
	header(f, cols, "comparison");
	bytes(f, cols, "multiuser -> nomultiuser (total)", "total_saving");
	bytes(f, cols, "control -> nomultiuser (MULTIUSER's own)",
	      "multiuser_saving");
	bytes(f, cols, "nomultiuser -> nomultiuser-compat (compat layer)",
	      "compat_cost");
	fputc('\n', f);
	fprintf(f, "## Kconfig fallout (options MULTIUSER=n turns off)\n\n");
	header(f, cols, "");
	fprintf(f, "| count |");
	json_array_foreach(cols, k, c)
		fprintf(f, " %lld |", json_integer_value(json_object_get(
			json_object_get(c, "fallout"), "count")));
	fprintf(f, "\n\n");
	json_array_foreach(json_object_get(r, "steps"), k, s)
		step(f, s);
}
