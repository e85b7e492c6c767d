// SPDX-License-Identifier: GPL-2.0
/*
 * Assemble the report from what the guests said (results.c) and what the
 * host measured (sizes.c, fallout.c).  Every verdict is the guest's own;
 * this file only lines them up, counts them and says where they differ.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "results.h"

const char *report_str(json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));

	return s ? s : "";
}

/* same, loud, silent, skip, broken, or missing when the guest never said */
static const char *verdict_of(json_t *res, const char *id)
{
	json_t *p = json_object_get(json_object_get(res, "probe"), id);
	const char *v = report_str(p, "verdict");

	return *v ? v : "missing";
}

static json_t *probes(json_t *const *res, const char *const *names, int n)
{
	json_t *rows = json_array(), *seen = json_object();
	int i;
	size_t k;
	json_t *id;

	for (i = 0; i < n; i++) {
		json_array_foreach(json_object_get(res[i], "order"), k, id) {
			const char *pid = json_string_value(id);
			json_t *row, *verd, *why, *obs;
			json_t *first = NULL;
			int j;

			if (json_object_get(seen, pid))
				continue;
			json_object_set_new(seen, pid, json_true());
			row = json_object();
			verd = json_object();
			why = json_object();
			obs = json_object();
			for (j = 0; j < n; j++) {
				json_t *p = json_object_get(
					json_object_get(res[j], "probe"), pid);

				if (p && !first)
					first = p;
				json_object_set_new(verd, names[j], json_string(
					verdict_of(res[j], pid)));
				json_object_set_new(why, names[j],
						    json_string(report_str(p, "reason")));
				json_object_set(obs, names[j],
						p && json_object_get(p, "obs") ?
						json_object_get(p, "obs") :
						json_null());
			}
			json_object_set_new(row, "id", json_string(pid));
			json_object_set_new(row, "category",
					    json_string(report_str(first, "cat")));
			json_object_set_new(row, "what",
					    json_string(report_str(first, "desc")));
			json_object_set_new(row, "linux",
					    json_string(report_str(first, "linux")));
			json_object_set_new(row, "verdict", verd);
			json_object_set_new(row, "reason", why);
			json_object_set_new(row, "observed", obs);
			json_array_append_new(rows, row);
		}
	}
	json_decref(seen);
	return rows;
}

/* Rows for syscalls whose result differs between any two variants. */
static int complete(json_t *res)
{
	return !strcmp(report_str(res, "status"), "complete");
}

/*
 * Counts compare a variant with the baseline only when both ran to the
 * end: a call that was never swept is neither lost nor regained.
 */
static int counted(json_t *const *res, int i)
{
	return i && complete(res[0]) && complete(res[i]);
}

static json_t *syscalls(json_t *const *res, const char *const *names, int n,
			json_t *totals, json_t *all, json_t *lost_by,
			json_t *absent_by, const char *arch)
{
	const char *abis[2];
	json_t *rows = json_array();
	unsigned int a;
	int i;

	report_abis(arch, abis);
	for (a = 0; a < 2; a++) {
		json_t *base = json_object_get(json_object_get(res[0], "sweep"),
					       abis[a]);
		const char *name;
		json_t *e;
		int lost = 0, gained = 0;

		json_object_foreach(base, name, e) {
			json_t *row, *by = json_object();
			const char *r0 = report_str(e, "result");
			int differs = 0, l = 0, g = 0, gone = 0;

			json_t *enosys = json_array();
			json_t *why;

			for (i = 0; i < n; i++) {
				json_t *x = json_object_get(json_object_get(
					json_object_get(res[i], "sweep"),
					abis[a]), name);
				const char *ri = x ? report_str(x, "result") : "missing";

				if (!strcmp(ri, "ENOSYS"))
					json_array_append_new(enosys,
						json_string(names[i]));

				json_object_set_new(by, names[i], json_string(ri));
				if (strcmp(ri, r0))
					differs = 1;
				/*
				 * A complete variant without this ABI's sweep
				 * has no entry for it at all (its guest found
				 * none: IA32_EMULATION off): every call the
				 * baseline has is lost, none regained.
				 */
				if (counted(res, i) && !strcmp(ri, "missing")) {
					if (strcmp(r0, "ENOSYS"))
						l = gone = 1;
					continue;
				}
				if (counted(res, i) && !strcmp(ri, "ENOSYS") &&
				    strcmp(r0, "ENOSYS"))
					l = 1;
				if (counted(res, i) && strcmp(ri, "ENOSYS") &&
				    !strcmp(r0, "ENOSYS"))
					g = 1;
			}
			json_array_append_new(all, json_pack("{s:s,s:s,s:I,s:o}",
				"abi", abis[a], "name", name, "nr",
				json_integer_value(json_object_get(e, "nr")),
				"enosys", enosys));
			/*
			 * Why the baseline lacks it, read from its config; only
			 * where its guest said ENOSYS: the guest wins.
			 */
			why = json_object_get(json_object_get(absent_by,
							      abis[a]), name);
			if (why && !strcmp(r0, "ENOSYS"))
				json_object_set(json_array_get(all,
					json_array_size(all) - 1), "why", why);
			if (!differs) {
				json_decref(by);
				continue;
			}
			lost += l;
			gained += g;
			row = json_object();
			json_object_set_new(row, "abi", json_string(abis[a]));
			json_object_set_new(row, "nr", json_integer(
				json_integer_value(json_object_get(e, "nr"))));
			json_object_set_new(row, "name", json_string(name));
			json_object_set_new(row, "result", by);
			why = json_object_get(json_object_get(lost_by, abis[a]),
					      name);
			json_object_set_new(row, "note", json_string(
				gone ? "no entry for this ABI at all in a variant" :
				l && why ? json_string_value(why) :
				json_object_get(e, "needs") ?
				(l ? "compiled out with MULTIUSER" :
				 "identity call, answered differently") :
				l ? "ENOSYS where the baseline has it (not an identity call)" :
				g ? "available where the baseline lacks it" :
				"answers differently"));
			json_array_append_new(rows, row);
		}
		json_object_set_new(totals, abis[a], json_pack("{s:i,s:i,s:i}",
			"calls", (int)json_object_size(base),
			"lost", lost, "regained", gained));
	}
	return rows;
}

static char *joined(json_t *a)
{
	size_t len = 1, k;
	json_t *v;
	char *s;

	json_array_foreach(a, k, v)
		len += strlen(json_string_value(v)) + 1;
	s = calloc(1, len);
	if (!s)
		return NULL;
	json_array_foreach(a, k, v) {
		strcat(s, json_string_value(v));
		strcat(s, "\n");
	}
	return s;
}

static json_t *scenarios(json_t *const *res, const char *const *names, int n,
			 int *changed)
{
	json_t *rows = json_array(), *seen = json_object(), *id;
	size_t k;
	int i, j;

	*changed = 0;
	for (i = 0; i < n; i++) {
		json_array_foreach(json_object_get(res[i], "app_order"), k, id) {
			const char *sid = json_string_value(id);
			json_t *row, *exit, *out, *diffs, *first = NULL;
			char *base_out = NULL;
			int differs = 0;

			if (json_object_get(seen, sid))
				continue;
			json_object_set_new(seen, sid, json_true());
			exit = json_object();
			out = json_object();
			diffs = json_object();
			for (j = 0; j < n; j++) {
				json_t *s = json_object_get(
					json_object_get(res[j], "apps"), sid);
				char *o = s ? joined(json_object_get(s, "output")) :
					strdup("(not run)\n");

				if (s && !first)
					first = s;
				/* A skipped scenario has no exit status. */
				json_object_set_new(exit, names[j],
					!s ? json_null() :
					json_object_get(s, "exit") ?
					json_integer(json_integer_value(
						json_object_get(s, "exit"))) :
					json_string(report_str(s, "verdict")));
				json_object_set_new(out, names[j], json_string(o));
				if (j == 0) {
					base_out = o;
					continue;
				}
				if (strcmp(o, base_out) ||
				    !json_equal(json_object_get(exit, names[0]),
						json_object_get(exit, names[j]))) {
					char *d = NULL;

					differs |= counted(res, j);
					udiff(base_out, o, &d);
					json_object_set_new(diffs, names[j],
							    json_string(d ? d : ""));
					free(d);
				}
				free(o);
			}
			free(base_out);
			*changed += differs;
			row = json_object();
			json_object_set_new(row, "id", json_string(sid));
			json_object_set_new(row, "cmd", json_string(report_str(first, "cmd")));
			json_object_set_new(row, "note", json_string(report_str(first, "note")));
			json_object_set_new(row, "changed", json_boolean(
				json_object_size(diffs)));
			json_object_set_new(row, "exit", exit);
			json_object_set_new(row, "output", out);
			json_object_set_new(row, "diff", diffs);
			json_array_append_new(rows, row);
		}
	}
	json_decref(seen);
	return rows;
}

/* The variants whose comparison with the baseline the counts include. */
static json_t *counted_over(json_t *const *res, const char *const *names,
			    int n)
{
	json_t *a = json_array();
	int i;

	for (i = 0; i < n; i++)
		if (complete(res[i]) && (!i || counted(res, i)))
			json_array_append_new(a, json_string(names[i]));
	return a;
}

/* Headline counts per variant, silent first. */
static json_t *summary(json_t *probe_rows, const char *const *names, int n,
		       json_t *sys_totals, int changed, json_t *sizes,
		       json_t *counted_over)
{
	json_t *s = json_object(), *per = json_object();
	size_t k;
	json_t *row;
	int i;

	for (i = 0; i < n; i++) {
		int same = 0, loud = 0, silent = 0, skip = 0, other = 0;

		json_array_foreach(probe_rows, k, row) {
			const char *v = json_string_value(json_object_get(
				json_object_get(row, "verdict"), names[i]));

			if (!strcmp(v, "same"))
				same++;
			else if (!strcmp(v, "loud"))
				loud++;
			else if (!strcmp(v, "silent"))
				silent++;
			else if (!strcmp(v, "skip"))
				skip++;
			else
				other++;
		}
		json_object_set_new(per, names[i], json_pack(
			"{s:i,s:i,s:i,s:i,s:i}", "silent", silent, "loud", loud,
			"same", same, "skip", skip, "broken_or_missing", other));
	}
	json_object_set_new(s, "probes", json_integer(json_array_size(probe_rows)));
	json_object_set_new(s, "counted_over", counted_over);
	json_object_set_new(s, "by_variant", per);
	json_object_set(s, "syscalls", sys_totals);
	json_object_set_new(s, "scenarios_changed", json_integer(changed));
	json_array_foreach(sizes, k, row) {
		json_t *b = json_object_get(row, "bloat_o_meter");

		if (b) {
			json_object_set(s, "bytes_saved", json_object_get(b, "total"));
			break;
		}
	}
	return s;
}

/* murun --mode=compat against the nomultiuser-compat guest, if built. */
static json_t *emulation_compat(const struct build_args *a, json_t **res,
				json_t *prows)
{
	int i;

	for (i = 0; i < a->nvariants; i++)
		if (!strcmp(a->variants[i], "nomultiuser-compat"))
			return report_emulation(res[0], res[i], a->variants[i],
						a->out_dir, "compat", prows,
						a->arch);
	return json_pack("{s:s,s:s}", "status", "incomplete", "reason",
			 "no nomultiuser-compat variant in this report");
}

json_t *report_build(const struct build_args *a)
{
	json_t *r, *res[16], *vars, *kernel, *uname, *sizes, *totals;
	json_t *prows, *srows, *arows, *sweep, *lost_by, *absent_by, *crows;
	json_t *apps, *krows;
	int i, changed;

	if (a->nvariants > 16 || a->nvariants < 2)
		return NULL;
	lost_by = report_lost(a->lost_file, 0);
	if (!lost_by)
		return NULL;
	absent_by = report_lost(a->absent_file, 1);
	if (!absent_by) {
		json_decref(lost_by);
		return NULL;
	}
	r = json_object();
	vars = json_array();
	kernel = json_object();
	uname = json_object();
	totals = json_object();
	for (i = 0; i < a->nvariants; i++) {
		json_t *v = json_object();

		res[i] = results_load(a->out_dir, a->variants[i],
				      RESULTS_PROBE | RESULTS_APPS);
		json_object_set_new(v, "name", json_string(a->variants[i]));
		json_object_set(v, "status", json_object_get(res[i], "status"));
		json_object_set_new(v, "reason",
				    json_string(report_str(res[i], "reason")));
		json_object_set_new(v, "memory", json_string(report_str(
			json_object_get(res[i], "kernel"), "memory")));
		json_array_append_new(vars, v);
		json_object_set_new(uname, a->variants[i], json_string(report_str(
			json_object_get(res[i], "kernel"), "uname_r")));
	}
	json_object_set_new(kernel, "version", json_string(a->kver));
	json_object_set_new(kernel, "package", json_string(a->package));
	json_object_set_new(kernel, "base", json_string(a->base));
	json_object_set_new(kernel, "arch", json_string(a->arch));
	json_object_set_new(kernel, "uname_r", uname);

	sizes = json_array();
	for (i = 0; i < a->npairs; i++)
		json_array_append_new(sizes, report_sizes(a->sizes_dir,
			a->pairs[i][0], a->pairs[i][1]));
	prows = probes(res, a->variants, a->nvariants);
	sweep = json_array();
	srows = syscalls(res, a->variants, a->nvariants, totals, sweep,
			 lost_by, absent_by, a->arch);
	json_decref(lost_by);
	json_decref(absent_by);
	arows = scenarios(res, a->variants, a->nvariants, &changed);
	apps = report_applications(a, &crows);
	if (a->scan_file) {
		json_error_t e;
		json_t *scan = json_load_file(a->scan_file, 0, &e);

		/* A scan that cannot be read is said, never left out. */
		json_object_set_new(apps, "import_scan", scan ? scan :
			json_pack("{s:s}", "error", e.text));
	}

	json_object_set_new(r, "schema", json_string(REPORT_SCHEMA));
	json_object_set_new(r, "kernel", kernel);
	json_object_set_new(r, "variants", vars);
	json_object_set_new(r, "summary", summary(prows, a->variants,
		a->nvariants, totals, changed, sizes, counted_over(res,
		a->variants, a->nvariants)));
	json_object_set_new(r, "sizes", sizes);
	json_object_set_new(r, "fallout", report_fallout(a->build_dir,
		a->variants[0], a->variants[1]));
	json_object_set_new(r, "syscalls", srows);
	json_object_set_new(r, "sweep", sweep);
	json_object_set_new(r, "probes", prows);
	json_object_set_new(r, "scenarios", arows);
	json_object_set_new(r, "applications", crows);
	json_object_set_new(r, "applications_runs", apps);
	if (a->pending)
		json_object_set(r, "pending", a->pending);
	/* Only a report that booted Debian has the section. */
	if (a->debian_dir && !report_is_pending(r, "debian")) {
		json_t *drows, *druns = report_debian(a, &drows);

		json_object_set_new(r, "debian", drows);
		json_object_set_new(r, "debian_runs", druns);
	}
	json_object_set_new(r, "emulation", report_emulation(res[0], res[1],
		a->variants[1], a->out_dir, "nomultiuser", prows, a->arch));
	json_object_set_new(r, "emulation_compat", emulation_compat(a, res,
		prows));
	json_object_set_new(r, "kunit_runs", report_kunit(
		report_is_pending(r, "kunit") ? NULL : a->kunit_dir, &krows));
	json_object_set_new(r, "kunit", krows);
	json_object_set_new(r, "context", report_context());
	json_decref(totals);
	for (i = 0; i < a->nvariants; i++)
		json_decref(res[i]);
	return r;
}

/* 0 if any variant is silent, 1 if any is loud or broken, else 2. */
int report_rank(json_t *row, json_t *variants)
{
	json_t *v;
	size_t n;
	int best = 2;

	json_array_foreach(variants, n, v) {
		const char *x = json_string_value(json_object_get(
			json_object_get(row, "verdict"),
			json_string_value(json_object_get(v, "name"))));

		if (!x)
			continue;
		if (!strcmp(x, "silent"))
			return 0;
		if (!strcmp(x, "loud") || !strcmp(x, "broken"))
			best = 1;
	}
	return best;
}
