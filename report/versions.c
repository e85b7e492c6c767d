// SPDX-License-Identifier: GPL-2.0
/*
 * The cross-version view: the reports of one base on several kernel
 * versions, side by side, and per variant what changed from one version to
 * the next.  Everything here is read from the reports, which hold only
 * what the guests said and the host measured.
 */
#include <stdio.h>
#include <string.h>

#include "report.h"

#define VERSIONS_SCHEMA "muprobe-versions/2"

static json_t *variant_names(json_t *r)
{
	json_t *names = json_array(), *v;
	size_t k;

	json_array_foreach(json_object_get(r, "variants"), k, v)
		json_array_append_new(names, json_string(report_str(v, "name")));
	return names;
}

static json_t *size_total(json_t *r, const char *from, const char *to)
{
	json_t *p;
	size_t k;

	json_array_foreach(json_object_get(r, "sizes"), k, p)
		if (!strcmp(report_str(p, "from"), from) &&
		    !strcmp(report_str(p, "to"), to))
			return json_object_get(json_object_get(p, "bloat_o_meter"),
					       "total");
	return NULL;
}

static json_t *set_or_null(json_t *v)
{
	return v ? json_incref(v) : json_null();
}

/* One column of the side-by-side table, labelled by what varies (BY). */
static json_t *version_row(json_t *r, const char *by)
{
	json_t *k = json_object_get(r, "kernel");
	json_t *sm = json_object_get(r, "summary");

	return json_pack("{s:s,s:s,s:s,s:s,s:O,s:O,s:O,s:o,s:o,s:o,s:O}",
		"label", report_str(k, by), "arch", report_str(k, "arch"),
		"version", report_str(k, "version"),
		"package", report_str(k, "package"),
		"variants", json_object_get(r, "variants"),
		"verdicts", json_object_get(sm, "by_variant"),
		"syscalls", json_object_get(sm, "syscalls"),
		"total_saving", set_or_null(size_total(r, "multiuser",
						       "nomultiuser")),
		"multiuser_saving", set_or_null(size_total(r, "control",
							   "nomultiuser")),
		"compat_cost", set_or_null(size_total(r, "nomultiuser",
						      "nomultiuser-compat")),
		"fallout", json_object_get(r, "fallout"));
}

/* Does VARIANT have the call, in the sweep row? */
static int answers(json_t *row, const char *variant)
{
	json_t *v;
	size_t k;

	json_array_foreach(json_object_get(row, "enosys"), k, v)
		if (!strcmp(json_string_value(v), variant))
			return 0;
	return 1;
}

/*
 * Across versions a call is its ABI and name; across architectures, its
 * name in each one's own table where both tables have it
 * (report_arch_rows(), as the differ compares them).
 */
static json_t *sweep_rows(json_t *r, json_t *other, const char *by)
{
	json_t *rows, *o;

	if (strcmp(by, "arch"))
		return report_index(json_object_get(r, "sweep"), "name", "abi", "/");
	rows = report_arch_rows(r, other, "sweep", NULL);
	o = report_index(rows, "name", NULL, NULL);
	json_decref(rows);
	return o;
}

/* Calls VARIANT answers in the sweep rows IB and not in IA, and back. */
static json_t *syscall_changes(json_t *ia, json_t *ib, const char *variant,
			       json_t **lost)
{
	json_t *gained = json_array(), *ra, *rb;
	const char *key;

	*lost = json_array();
	json_object_foreach(ib, key, rb) {
		ra = json_object_get(ia, key);
		if (answers(rb, variant) && !(ra && answers(ra, variant)))
			json_array_append_new(gained, json_string(key));
	}
	json_object_foreach(ia, key, ra) {
		rb = json_object_get(ib, key);
		if (answers(ra, variant) && !(rb && answers(rb, variant)))
			json_array_append_new(*lost, json_string(key));
	}
	return gained;
}

static const char *field(json_t *row, const char *what, const char *variant)
{
	return report_str(json_object_get(row, what), variant);
}

/*
 * Across architectures each one's sweep is sweep.own, its second ABI's
 * left out (ia32 against a compat ABI that is not probed).
 */
static json_t *probe_rows(json_t *r, const char *by)
{
	json_t *rows, *o, *skipped;

	if (strcmp(by, "arch"))
		return report_index(json_object_get(r, "probes"), "id", NULL, NULL);
	skipped = json_array();
	rows = report_arch_probes(r, skipped);
	o = report_index(rows, "id", NULL, NULL);
	json_decref(rows);
	json_decref(skipped);
	return o;
}

/*
 * The rows of IA and IB (indexed by id) whose verdict in VARIANT differs,
 * "absent" for a row on one side only.  Takes both indexes.
 */
static json_t *verdict_changes(json_t *ia, json_t *ib, const char *variant)
{
	json_t *out = json_array(), *ra, *rb;
	const char *id;

	json_object_foreach(ib, id, rb) {
		const char *vb = field(rb, "verdict", variant), *va;

		ra = json_object_get(ia, id);
		va = ra ? field(ra, "verdict", variant) : "absent";
		if (strcmp(va, vb))
			json_array_append_new(out, json_pack("{s:s,s:s,s:s}",
				"id", id, "from", va, "to", vb));
	}
	json_object_foreach(ia, id, ra)
		if (!json_object_get(ib, id))
			json_array_append_new(out, json_pack("{s:s,s:s,s:s}",
				"id", id, "from", field(ra, "verdict", variant),
				"to", "absent"));
	json_decref(ia);
	json_decref(ib);
	return out;
}

static json_t *probe_changes(json_t *a, json_t *b, const char *variant,
			     const char *by)
{
	return verdict_changes(probe_rows(a, by), probe_rows(b, by), variant);
}

static json_t *scenario_changes(json_t *a, json_t *b, const char *variant)
{
	json_t *ia = report_index(json_object_get(a, "scenarios"), "id", NULL, NULL);
	json_t *ib = report_index(json_object_get(b, "scenarios"), "id", NULL, NULL);
	json_t *out = json_array(), *ra, *rb;
	const char *id;

	json_object_foreach(ib, id, rb) {
		json_t *ea, *eb;
		int same_out;

		ra = json_object_get(ia, id);
		eb = json_object_get(json_object_get(rb, "exit"), variant);
		ea = ra ? json_object_get(json_object_get(ra, "exit"), variant) :
			NULL;
		same_out = ra && !strcmp(field(ra, "output", variant),
					 field(rb, "output", variant));
		if (ra && json_equal(ea, eb) && same_out)
			continue;
		json_array_append_new(out, json_pack("{s:s,s:o,s:o,s:b}",
			"id", id, "exit_from", set_or_null(ea),
			"exit_to", set_or_null(eb), "output_changed", !same_out));
	}
	json_object_foreach(ia, id, ra)
		if (!json_object_get(ib, id))
			json_array_append_new(out, json_pack("{s:s,s:O,s:n,s:b}",
				"id", id, "exit_from", json_object_get(
					json_object_get(ra, "exit"), variant),
				"exit_to", "output_changed", 1));
	json_decref(ia);
	json_decref(ib);
	return out;
}

/* Did R's report run the corpus (apps/corpus/)? */
static int corpus_ran(json_t *r)
{
	return !strcmp(report_str(json_object_get(r, "applications_runs"),
				  "status"), "run");
}

/* The corpus programs whose verdict in VARIANT differs between A and B. */
static json_t *application_changes(json_t *a, json_t *b, const char *variant)
{
	return verdict_changes(
		report_index(json_object_get(a, "applications"), "id", NULL, NULL),
		report_index(json_object_get(b, "applications"), "id", NULL, NULL), variant);
}

static json_t *fallout_names(json_t *r)
{
	json_t *all = json_array(), *g, *o;
	const char *name;
	size_t k;

	json_object_foreach(json_object_get(json_object_get(r, "fallout"),
					    "groups"), name, g)
		json_array_foreach(g, k, o)
			json_array_append(all, o);
	return all;
}

static int has(json_t *a, const char *s)
{
	json_t *v;
	size_t k;

	json_array_foreach(a, k, v)
		if (!strcmp(json_string_value(v), s))
			return 1;
	return 0;
}

static json_t *fallout_changes(json_t *a, json_t *b)
{
	json_t *fa = fallout_names(a), *fb = fallout_names(b);
	json_t *added = json_array(), *removed = json_array(), *v;
	size_t k;

	json_array_foreach(fb, k, v)
		if (!has(fa, json_string_value(v)))
			json_array_append(added, v);
	json_array_foreach(fa, k, v)
		if (!has(fb, json_string_value(v)))
			json_array_append(removed, v);
	json_decref(fa);
	json_decref(fb);
	return json_pack("{s:o,s:o}", "added", added, "removed", removed);
}

/* For each call in LIST: why each side lacks it, where its report says. */
static void add_why(json_t *why, json_t *list, json_t *ia, json_t *ib,
		    const char *la, const char *lb)
{
	json_t *v;
	size_t k;

	json_array_foreach(list, k, v) {
		const char *key = json_string_value(v);
		json_t *wa = json_object_get(json_object_get(ia, key), "why");
		json_t *wb = json_object_get(json_object_get(ib, key), "why");
		json_t *o;

		if ((!wa && !wb) || json_object_get(why, key))
			continue;
		o = json_object();
		if (wa)
			json_object_set(o, la, wa);
		if (wb)
			json_object_set(o, lb, wb);
		json_object_set_new(why, key, o);
	}
}

static json_t *step(json_t *a, json_t *b, const char *by)
{
	json_t *per = json_object(), *names = variant_names(b), *v;
	json_t *why = json_object();
	json_t *ia = sweep_rows(a, b, by), *ib = sweep_rows(b, a, by);
	const char *la = report_str(json_object_get(a, "kernel"), by);
	const char *lb = report_str(json_object_get(b, "kernel"), by);
	/* The corpus is compared where both ran it, else said not to be. */
	int corpus = corpus_ran(a) && corpus_ran(b);
	char note[256] = "";
	size_t k;

	if (!corpus)
		snprintf(note, sizeof(note), "not compared: the corpus did not run on %s",
			 !corpus_ran(a) && !corpus_ran(b) ? "either" :
			 corpus_ran(a) ? lb : la);

	json_array_foreach(names, k, v) {
		const char *name = json_string_value(v);
		json_t *lost, *gained = syscall_changes(ia, ib, name, &lost);

		add_why(why, gained, ia, ib, la, lb);
		add_why(why, lost, ia, ib, la, lb);
		json_object_set_new(per, name, json_pack("{s:o,s:o,s:o,s:o,s:o}",
			"syscalls_gained", gained, "syscalls_lost", lost,
			"probes", probe_changes(a, b, name, by),
			"scenarios", scenario_changes(a, b, name),
			"applications", corpus ? application_changes(a, b, name) :
			json_array()));
	}
	json_decref(names);
	json_decref(ia);
	json_decref(ib);
	return json_pack("{s:s,s:s,s:o,s:o,s:o,s:s}", "from", la, "to", lb,
		"variants", per, "fallout", fallout_changes(a, b),
		"syscalls_why", why, "applications_note", note);
}

json_t *report_versions(json_t *const *reports, int n, const char *by)
{
	json_t *cols = json_array(), *steps = json_array();
	json_t *k0 = json_object_get(reports[0], "kernel");
	int i;

	for (i = 0; i < n; i++) {
		json_array_append_new(cols, version_row(reports[i], by));
		if (i)
			json_array_append_new(steps, step(reports[i - 1],
							  reports[i], by));
	}
	/* What stays the same across the columns is named once. */
	return json_pack("{s:s,s:s,s:s,s:s,s:s,s:o,s:o}",
		"schema", VERSIONS_SCHEMA, "by", by,
		"base", report_str(k0, "base"),
		"arch", strcmp(by, "arch") ? report_str(k0, "arch") : "",
		"version", strcmp(by, "arch") ? "" : report_str(k0, "version"),
		"versions", cols, "steps", steps);
}
