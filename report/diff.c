// SPDX-License-Identifier: GPL-2.0
/*
 * What changed between two reports, grouped by section.  Behaviour (probe
 * verdicts and observations, syscall results, scenario exits and output,
 * Kconfig fallout, variant status) decides the exit status; sizes and
 * versions are printed but only count with --sizes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

static void head(FILE *f, const char *section, int *shown)
{
	if (!*shown)
		fprintf(f, "%s:\n", section);
	*shown = 1;
}

/*
 * A row on one side only: its first field ends the line, so that a CI log
 * says what a new syscall answers or what a new probe found.
 */
static void first_field(FILE *f, json_t *row, const char *field)
{
	char *d = json_dumps(json_object_get(row, field),
			     JSON_COMPACT | JSON_ENCODE_ANY);

	fprintf(f, " (%s: %.120s)\n", field, d ? d : "null");
	free(d);
}

/* Compare FIELD of rows keyed alike; print "id field: old -> new". */
static int rows(FILE *f, const char *section, json_t *a, json_t *b,
		const char *key, const char *key2, const char *const *fields)
{
	json_t *ia = report_index(a, key, key2, " "), *ib = report_index(b, key, key2, " ");
	json_t *ra, *rb;
	const char *id;
	int changed = 0, shown = 0;
	size_t k;

	json_object_foreach(ia, id, ra) {
		rb = json_object_get(ib, id);
		if (!rb) {
			head(f, section, &shown);
			fprintf(f, "  %s: gone", id);
			first_field(f, ra, fields[0]);
			changed = 1;
			continue;
		}
		for (k = 0; fields[k]; k++) {
			json_t *fa = json_object_get(ra, fields[k]);
			json_t *fb = json_object_get(rb, fields[k]);
			char *da, *db;

			if (json_equal(fa, fb) || (!fa && !fb))
				continue;
			da = json_dumps(fa, JSON_COMPACT | JSON_ENCODE_ANY);
			db = json_dumps(fb, JSON_COMPACT | JSON_ENCODE_ANY);
			head(f, section, &shown);
			fprintf(f, "  %s %s: %.200s -> %.200s\n", id, fields[k],
				da ? da : "null", db ? db : "null");
			free(da);
			free(db);
			changed = 1;
		}
	}
	json_object_foreach(ib, id, rb) {
		if (json_object_get(ia, id))
			continue;
		head(f, section, &shown);
		fprintf(f, "  %s: new", id);
		first_field(f, rb, fields[0]);
		changed = 1;
	}
	json_decref(ia);
	json_decref(ib);
	return changed;
}

static const char *why_text(json_t *row)
{
	json_t *w = json_object_get(row, "why");

	if (w)
		return json_string_value(w);
	return json_array_size(json_object_get(row, "enosys")) ?
		"no reason recorded" : "built in every variant";
}

/* The corpus runs of META whose "where" is WHERE (IS) or is not (!IS). */
static json_t *runs_where(json_t *meta, const char *where, int is)
{
	json_t *out = json_array(), *run;
	size_t k;

	json_array_foreach(json_object_get(meta, "runs"), k, run)
		if ((strcmp(report_str(run, "where"), where) == 0) == is)
			json_array_append(out, run);
	return out;
}

/*
 * Context for the sweep's changes: why a side lacks a call, from its own
 * config (report/lost-syscalls.py --absent).  Printed, never counted.
 */
static void sweep_why(FILE *f, json_t *a, json_t *b)
{
	json_t *ia = report_index(a, "name", "abi", " "),
	       *ib = report_index(b, "name", "abi", " ");
	json_t *ra, *rb;
	const char *id;
	int shown = 0;

	json_object_foreach(ia, id, ra) {
		json_t *wa = json_object_get(ra, "why"), *wb;

		rb = json_object_get(ib, id);
		wb = rb ? json_object_get(rb, "why") : NULL;
		if (!rb || json_equal(json_object_get(ra, "enosys"),
				      json_object_get(rb, "enosys")) ||
		    (!wa && !wb))
			continue;
		head(f, "why the sweep's calls above are missing (context)",
		     &shown);
		fprintf(f, "  %s: old: %s; new: %s\n", id, why_text(ra),
			why_text(rb));
	}
	json_decref(ia);
	json_decref(ib);
}

static int whole(FILE *f, const char *section, json_t *a, json_t *b)
{
	char *da, *db;

	if ((!a && !b) || json_equal(a, b))
		return 0;
	da = json_dumps(a, JSON_COMPACT | JSON_ENCODE_ANY);
	db = json_dumps(b, JSON_COMPACT | JSON_ENCODE_ANY);
	fprintf(f, "%s:\n  %.300s\n  -> %.300s\n", section, da ? da : "null",
		db ? db : "null");
	free(da);
	free(db);
	return 1;
}

/*
 * A complete report of this schema: every section present with its type,
 * every row an object with its keys.  Anything else cannot be compared and
 * is bad input (exit 2), never a "change".
 */
int report_check(json_t *r, const char *path)
{
	static const struct {
		const char *name;
		int array;
		const char *key, *key2;
		int optional;
	} sec[] = {
		{ "kernel", 0, NULL, NULL, 0 }, { "summary", 0, NULL, NULL, 0 },
		{ "fallout", 0, NULL, NULL, 0 }, { "emulation", 0, NULL, NULL, 0 },
		{ "emulation_compat", 0, NULL, NULL, 0 },
		{ "variants", 1, "name", NULL, 0 }, { "sizes", 1, "from", "to", 0 },
		{ "syscalls", 1, "name", "abi", 0 }, { "sweep", 1, "name", "abi", 0 },
		{ "probes", 1, "id", NULL, 0 }, { "scenarios", 1, "id", NULL, 0 },
		{ "applications", 1, "id", NULL, 0 },
		{ "applications_runs", 0, NULL, NULL, 0 },
		{ "kunit", 1, "id", NULL, 0 }, { "kunit_runs", 1, "config", NULL, 0 },
		{ "context", 1, NULL, NULL, 0 },
		{ "debian", 1, "id", NULL, 1 }, { "debian_runs", 0, NULL, NULL, 1 },
	};
	json_t *s, *row;
	size_t i, k;

	for (i = 0; i < sizeof(sec) / sizeof(sec[0]); i++) {
		s = json_object_get(r, sec[i].name);
		/* Only a report that booted Debian has its two sections. */
		if (!s && sec[i].optional)
			continue;
		if (!s || (sec[i].array ? !json_is_array(s) : !json_is_object(s))) {
			fprintf(stderr, "mureport: %s: section '%s' is %s, not %s\n",
				path, sec[i].name, s ? "of another type" : "missing",
				sec[i].array ? "an array" : "an object");
			return -1;
		}
		if (!sec[i].key)
			continue;
		json_array_foreach(s, k, row) {
			if (json_is_object(row) &&
			    json_is_string(json_object_get(row, sec[i].key)) &&
			    (!sec[i].key2 ||
			     json_is_string(json_object_get(row, sec[i].key2))))
				continue;
			fprintf(stderr, "mureport: %s: %s row %zu has no string '%s'%s%s\n",
				path, sec[i].name, k, sec[i].key,
				sec[i].key2 ? " and '" : "",
				sec[i].key2 ? sec[i].key2 : "");
			return -1;
		}
	}
	return report_schema_check(r, path);
}

/*
 * The headline counts are behaviour; the byte figure in them is a size.
 * Across architectures the tables' totals are the tables', compared call
 * by call in the sweep instead.
 */
static int summary(FILE *f, json_t *a, json_t *b, int *volatile_, int cross)
{
	json_t *ca = json_deep_copy(a), *cb = json_deep_copy(b);
	int changed;

	json_object_del(ca, "bytes_saved");
	json_object_del(cb, "bytes_saved");
	if (cross) {
		json_object_del(ca, "syscalls");
		json_object_del(cb, "syscalls");
	}
	changed = whole(f, "summary", ca, cb);
	*volatile_ |= whole(f, "summary bytes_saved (volatile)",
			    json_object_get(a, "bytes_saved"),
			    json_object_get(b, "bytes_saved"));
	json_decref(ca);
	json_decref(cb);
	return changed;
}

int report_diff(json_t *old, json_t *cur, int sizes, FILE *f)
{
	static const char *const vfields[] = { "status", "reason", NULL };
	static const char *const pfields[] = {
		"verdict", "observed", "linux", NULL
	};
	static const char *const mfields[] = { "memory", NULL };
	static const char *const sfields[] = { "result", NULL };
	static const char *const afields[] = { "exit", "output", NULL };
	static const char *const wfields[] = { "enosys", NULL };
	static const char *const cfields[] = {
		"verdict", "call", "processes", NULL
	};
	static const char *const cvfields[] = { "emulated", "message", NULL };
	static const char *const rfields[] = { "status", "reason", NULL };
	static const char *const kfields[] = { "status", NULL };
	static const char *const kefields[] = { "cases", "error", NULL };
	static const char *const dfields[] = { "verdict", "processes", NULL };
	static const char *const dvfields[] = { "state", "reason", NULL };
	static const char *const drfields[] = {
		"status", "state", "failed", "counts", NULL
	};
	static const char *const drvfields[] = { "seconds", "reason", NULL };
	json_t *oa = json_object_get(old, "applications_runs");
	json_t *ca = json_object_get(cur, "applications_runs");
	const char *arch_a = report_str(json_object_get(old, "kernel"), "arch");
	const char *arch_b = report_str(json_object_get(cur, "kernel"), "arch");
	int cross = strcmp(arch_a, arch_b) != 0;
	json_t *calls_a, *calls_b, *sweep_a, *sweep_b, *probes_a, *probes_b;
	json_t *only_a = json_array(), *only_b = json_array();
	int behaviour = 0, volatile_ = 0;

	if (cross) {
		calls_a = report_arch_rows(old, cur, "syscalls", NULL);
		calls_b = report_arch_rows(cur, old, "syscalls", NULL);
		sweep_a = report_arch_rows(old, cur, "sweep", only_a);
		sweep_b = report_arch_rows(cur, old, "sweep", only_b);
		probes_a = report_arch_probes(old, only_a);
		probes_b = report_arch_probes(cur, only_b);
	} else {
		probes_a = json_incref(json_object_get(old, "probes"));
		probes_b = json_incref(json_object_get(cur, "probes"));
		calls_a = json_incref(json_object_get(old, "syscalls"));
		calls_b = json_incref(json_object_get(cur, "syscalls"));
		sweep_a = json_incref(json_object_get(old, "sweep"));
		sweep_b = json_incref(json_object_get(cur, "sweep"));
	}

	behaviour |= rows(f, "variants", json_object_get(old, "variants"),
			  json_object_get(cur, "variants"), "name", NULL,
			  vfields);
	/* The boot Memory: line is a size, like the kernel's bytes. */
	volatile_ |= rows(f, "variants memory (volatile)",
			  json_object_get(old, "variants"),
			  json_object_get(cur, "variants"), "name", NULL,
			  mfields);
	behaviour |= rows(f, "probes", probes_a, probes_b, "id", NULL, pfields);
	json_decref(probes_a);
	json_decref(probes_b);
	behaviour |= rows(f, "syscalls", calls_a, calls_b, "name", "abi",
			  sfields);
	/* Every call swept: a table that grew or lost a call shows here. */
	behaviour |= rows(f, "sweep (which variants answer ENOSYS)",
			  sweep_a, sweep_b, "name", "abi", wfields);
	sweep_why(f, sweep_a, sweep_b);
	if (cross)
		volatile_ |= whole(f, "what one architecture's tables lack (not compared)",
				   json_array_size(only_a) ? only_a : NULL,
				   json_array_size(only_b) ? only_b : NULL);
	json_decref(calls_a);
	json_decref(calls_b);
	json_decref(sweep_a);
	json_decref(sweep_b);
	json_decref(only_a);
	json_decref(only_b);
	behaviour |= rows(f, "scenarios", json_object_get(old, "scenarios"),
			  json_object_get(cur, "scenarios"), "id", NULL,
			  afields);
	/*
	 * Each program's verdict per variant, what it was refused, and the
	 * identities of its processes.
	 */
	behaviour |= rows(f, "applications", json_object_get(old, "applications"),
			  json_object_get(cur, "applications"), "id", NULL,
			  cfields);
	if (cross) {
		/* Whether the build host ran the programs is not the kernel's. */
		json_t *ga = runs_where(oa, "guest", 1), *gb = runs_where(ca, "guest", 1);
		json_t *ha = runs_where(oa, "guest", 0), *hb = runs_where(ca, "guest", 0);

		behaviour |= rows(f, "applications runs", ga, gb, "name", NULL,
				  rfields);
		volatile_ |= rows(f, "applications runs on the build host (volatile)",
				  ha, hb, "name", NULL, rfields);
		json_decref(ga);
		json_decref(gb);
		json_decref(ha);
		json_decref(hb);
	} else {
		behaviour |= rows(f, "applications runs", json_object_get(oa, "runs"),
				  json_object_get(ca, "runs"), "name", NULL, rfields);
	}
	/* The messages carry dates (nginx); murun ran on the build host. */
	volatile_ |= rows(f, "applications (volatile: messages, host runs)",
			  json_object_get(old, "applications"),
			  json_object_get(cur, "applications"), "id", NULL,
			  cvfields);
	volatile_ |= whole(f, "import scan (volatile: the archive's versions)",
			   json_object_get(oa, "import_scan"),
			   json_object_get(ca, "import_scan"));
	/* Debian boots: a unit that changes its verdict or its processes'
	 * identities; how long a boot took and what a journal said are
	 * the run's. */
	behaviour |= rows(f, "debian", json_object_get(old, "debian"),
			  json_object_get(cur, "debian"), "id", NULL, dfields);
	behaviour |= rows(f, "debian runs", json_object_get(json_object_get(old,
			  "debian_runs"), "runs"), json_object_get(json_object_get(cur,
			  "debian_runs"), "runs"), "name", NULL, drfields);
	volatile_ |= rows(f, "debian (volatile: times, messages)",
			  json_object_get(old, "debian"),
			  json_object_get(cur, "debian"), "id", NULL, dvfields);
	volatile_ |= rows(f, "debian runs (volatile: times)",
			  json_object_get(json_object_get(old, "debian_runs"), "runs"),
			  json_object_get(json_object_get(cur, "debian_runs"), "runs"),
			  "name", NULL, drvfields);
	/* The series' in-kernel tests: a case that stops passing. */
	behaviour |= rows(f, "kunit", json_object_get(old, "kunit"),
			  json_object_get(cur, "kunit"), "id", NULL, kfields);
	behaviour |= rows(f, "kunit runs", json_object_get(old, "kunit_runs"),
			  json_object_get(cur, "kunit_runs"), "config", NULL,
			  kefields);
	behaviour |= summary(f, json_object_get(old, "summary"),
			     json_object_get(cur, "summary"), &volatile_, cross);
	behaviour |= whole(f, "fallout", json_object_get(old, "fallout"),
			   json_object_get(cur, "fallout"));
	volatile_ |= whole(f, "kernel (volatile)",
			   json_object_get(old, "kernel"),
			   json_object_get(cur, "kernel"));
	volatile_ |= whole(f, "sizes (volatile)", json_object_get(old, "sizes"),
			   json_object_get(cur, "sizes"));
	/* murun runs on the build host, whose kernel is not under test. */
	volatile_ |= whole(f, "emulation (volatile: host-dependent)",
			   json_object_get(old, "emulation"),
			   json_object_get(cur, "emulation"));
	volatile_ |= whole(f, "emulation_compat (volatile: host-dependent)",
			   json_object_get(old, "emulation_compat"),
			   json_object_get(cur, "emulation_compat"));
	if (!behaviour && !volatile_)
		fprintf(f, "no change\n");
	else if (!behaviour)
		fprintf(f, "no behavioural change%s\n",
			sizes ? "" : " (volatile figures differ; --sizes counts them)");
	return behaviour || (sizes && volatile_);
}
