// SPDX-License-Identifier: GPL-2.0
/*
 * report.md's "Applications" section: the corpus of Debian programs, one
 * row each, one column per guest and per murun mode on the host; then what
 * the loud ones said and which call they were refused, what stays root,
 * and the import scan of the guest's programs.
 */
#include <stdio.h>
#include <string.h>

#include "report.h"

static json_int_t num(json_t *o, const char *k)
{
	return json_integer_value(json_object_get(o, k));
}

/* The runs that have a column: every guest, and the host runs that ran. */
static int has_column(json_t *meta, json_t *run)
{
	const char *name = report_str(run, "name");

	return !strcmp(report_str(run, "where"), "guest") ||
		json_object_get(json_object_get(meta, "counts"), name);
}

static const char *verdict(json_t *row, json_t *run)
{
	const char *name = report_str(run, "name");
	const char *v = report_str(json_object_get(row,
		strcmp(report_str(run, "where"), "guest") ? "emulated" :
		"verdict"), name);

	return *v ? v : "missing";
}

static void table(json_t *r, json_t *meta, FILE *f)
{
	json_t *runs = json_object_get(meta, "runs"), *run, *row;
	size_t n, k;

	fprintf(f, "| program | package | kind |");
	json_array_foreach(runs, n, run)
		if (has_column(meta, run))
			fprintf(f, " %s |", report_str(run, "name"));
	fprintf(f, "\n|---|---|---|");
	json_array_foreach(runs, n, run)
		if (has_column(meta, run))
			fprintf(f, "---|");
	fprintf(f, "\n");
	json_array_foreach(json_object_get(r, "applications"), k, row) {
		fprintf(f, "| `%s` | ", report_str(row, "id") + 7);
		report_cell(f, report_str(row, "package"));
		fprintf(f, " | %s |", report_str(row, "kind"));
		json_array_foreach(runs, n, run)
			if (has_column(meta, run))
				fprintf(f, " %s |", verdict(row, run));
		fprintf(f, "\n");
	}
	fprintf(f, "\n| run | works | loud | silent | cannot | missing |\n|---|---|---|---|---|---|\n");
	json_array_foreach(runs, n, run) {
		json_t *c = json_object_get(json_object_get(meta, "counts"),
					    report_str(run, "name"));

		if (!c)
			continue;
		fprintf(f, "| %s | %lld | %lld | %lld | %lld | %lld |\n",
			report_str(run, "name"), num(c, "works"),
			num(c, "loud"), num(c, "silent"), num(c, "cannot"),
			num(c, "missing"));
	}
	fprintf(f, "\n");
}

/* Per guest, the programs with verdict V and what the guest said of them. */
static void said(json_t *r, json_t *meta, FILE *f, const char *v,
		 const char *head)
{
	json_t *run, *row;
	size_t n, k;
	int any = 0;

	json_array_foreach(json_object_get(meta, "runs"), n, run) {
		const char *name = report_str(run, "name");

		if (strcmp(report_str(run, "where"), "guest"))
			continue;
		json_array_foreach(json_object_get(r, "applications"), k, row) {
			const char *call = report_str(json_object_get(row,
						      "call"), name);
			const char *msg = report_str(json_object_get(row,
						     "message"), name);

			if (strcmp(report_str(json_object_get(row, "verdict"),
					      name), v))
				continue;
			if (!any)
				fprintf(f, "%s\n\n", head);
			any = 1;
			fprintf(f, "- %s, `%s`: %s", name,
				report_str(row, "id") + 7,
				report_str(json_object_get(row, "reason"), name));
			if (*call)
				fprintf(f, "; refused: `%s`", call);
			if (*msg)
				fprintf(f, "; it said: \"%s\"", msg);
			fprintf(f, "\n");
		}
	}
	if (any)
		fprintf(f, "\n");
}

static void scan(json_t *meta, FILE *f)
{
	json_t *s = json_object_get(meta, "import_scan"), *calls, *v;
	const char *c;

	if (!s)
		return;
	fprintf(f, "### Import scan of the guest's programs\n\n");
	if (json_object_get(s, "error")) {
		fprintf(f, "The scan could not be read: %s\n\n",
			report_str(s, "error"));
		return;
	}
	fprintf(f, "`apps/import-scan.py` over the corpus guest's image: %lld of %lld ELF files import an identity call (%lld static, whose calls it cannot see)%s.\n\n",
		num(s, "importing"), num(s, "elf_files"),
		num(s, "no_dynamic_symbols"),
		json_is_true(json_object_get(s, "cut_at_limit")) ?
		"; the scan stopped at its time limit" : "");
	fprintf(f, "| call | files |\n|---|---|\n");
	calls = json_object_get(s, "calls");
	json_object_foreach(calls, c, v)
		fprintf(f, "| `%s` | %lld |\n", c, json_integer_value(v));
	fprintf(f, "\n| file | package | calls |\n|---|---|---|\n");
	json_object_foreach(json_object_get(s, "files"), c, v) {
		json_t *x;
		size_t k;

		fprintf(f, "| `%s` | %s |", c, report_str(v, "package"));
		json_array_foreach(json_object_get(v, "calls"), k, x)
			fprintf(f, " %s", json_string_value(x));
		fprintf(f, " |\n");
	}
	fprintf(f, "\n");
}

static int host_runs(json_t *meta)
{
	json_t *run;
	size_t n;

	json_array_foreach(json_object_get(meta, "runs"), n, run)
		if (!strcmp(report_str(run, "where"), "host"))
			return 1;
	return 0;
}

void report_applications_markdown(json_t *r, FILE *f)
{
	json_t *meta = json_object_get(r, "applications_runs"), *run;
	size_t n;
	int bad = 0;

	fprintf(f, "## Applications\n\n");
	if (strcmp(report_str(meta, "status"), "run")) {
		fprintf(f, "Not run: %s.\n\n", report_str(meta, "reason"));
		return;
	}
	fprintf(f, "%lld programs from Debian packages (`apps/corpus/`), started as a user would start them on this report's kernels booting the corpus image (base `%s`), each checked by a client on loopback, with the identity of every process after start-up read from `/proc/PID/status`. Each guest judges against what stock Linux does: **works**; **loud** (it exits or its client gets no answer; below, the call the kernel refused and what the program said); **silent** (it runs, but a process that asked to drop stays root, or the client sees another identity); **cannot** (it cannot run here, and why). %s\n\n",
		num(meta, "programs"), report_str(meta, "base"),
		host_runs(meta) ? "The `host-*` columns are the same programs on the build host in a chroot, bare and under murun." :
		"No `host-*` columns: the build host does not run this architecture's programs.");
	json_array_foreach(json_object_get(meta, "runs"), n, run) {
		if (!strcmp(report_str(run, "status"), "complete"))
			continue;
		if (!bad)
			fprintf(f, "Incomplete runs (their programs count as missing):\n\n");
		bad = 1;
		fprintf(f, "- %s: %s\n", report_str(run, "name"),
			report_str(run, "reason"));
	}
	if (bad)
		fprintf(f, "\n");
	table(r, meta, f);
	said(r, meta, f, "silent", "### Silent: runs, and does not do what it asked");
	said(r, meta, f, "loud", "### Loud: the call refused and what the program said");
	said(r, meta, f, "cannot", "### Cannot run here");
	scan(meta, f);
}
