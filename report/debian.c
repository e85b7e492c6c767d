// SPDX-License-Identifier: GPL-2.0
/*
 * Debian boots (apps/debian/): what each variant's guest saw of a booted
 * Debian 12, one row per thing it reported (the boot, each unit, each
 * mount, each login), and a verdict per variant against the first one,
 * stock Linux: loud where it failed or is gone, silent where it runs but
 * with other identities, options or output, like Linux where it is the
 * same.  The guests observe; this only compares what they said.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "results.h"

static const char *const kinds[] = { "like Linux", "loud", "silent", "missing" };
#define NKINDS (sizeof(kinds) / sizeof(kinds[0]))

static const char *kind_of(const char *id)
{
	if (!strcmp(id, "boot"))
		return "boot";
	if (!strncmp(id, "mount:", 6))
		return "mount";
	if (!strncmp(id, "login.", 6))
		return "login";
	return "unit";
}

static const char *get(json_t *e, const char *key)
{
	return report_str(e, key);
}

/* What a row is in one run, in a few words. */
static json_t *state(json_t *e, const char *kind)
{
	char s[600];

	if (!e)
		return json_null();
	if (!strcmp(kind, "boot"))
		snprintf(s, sizeof(s), "%s, target at %ss", get(e, "state"),
			 get(e, "seconds"));
	else if (!strcmp(kind, "mount"))
		snprintf(s, sizeof(s), "%s %s", get(e, "fstype"),
			 get(e, "options"));
	else if (!strcmp(kind, "login"))
		snprintf(s, sizeof(s), "%s", get(e, "output"));
	else if (!strcmp(get(e, "active"), "failed"))
		snprintf(s, sizeof(s), "failed (%s, status %s)%s%.400s",
			 get(e, "result"), get(e, "status"),
			 *get(e, "error") ? ": " : "", get(e, "error"));
	else
		snprintf(s, sizeof(s), "%s/%s", get(e, "active"), get(e, "sub"));
	return json_string(s);
}

/* The first process whose identity differs, as "NAME: uid=A where ... B". */
static int procs_differ(json_t *ref, json_t *e, char *why, size_t n)
{
	json_t *a = json_object_get(ref, "procs"), *b = json_object_get(e, "procs");
	size_t i;

	if (json_equal(a, b) || (!a && !json_array_size(b)) ||
	    (!b && !json_array_size(a)))
		return 0;
	for (i = 0; i < json_array_size(a) || i < json_array_size(b); i++) {
		const char *x = json_string_value(json_array_get(a, i));
		const char *y = json_string_value(json_array_get(b, i));

		if (x && y && !strcmp(x, y))
			continue;
		snprintf(why, n, "%s, where Linux has %s", y ? y : "no process",
			 x ? x : "none");
		return 1;
	}
	return 0;
}

/* VERDICT and its reason for E against REF, the baseline's entry. */
static const char *judge(json_t *ref, json_t *e, const char *kind,
			 char *why, size_t n)
{
	static const char *const same_boot[] = { "state", NULL };
	static const char *const same_mount[] = { "fstype", "source", "options", NULL };
	static const char *const same_login[] = { "output", NULL };
	static const char *const same_unit[] = { "active", "sub", "load", NULL };
	const char *const *keys;
	json_t *a, *b;
	int i;

	*why = 0;
	if (!e) {
		snprintf(why, n, "not in this boot");
		return "missing";
	}
	if (!ref) {
		a = state(e, kind);
		snprintf(why, n, "only in this boot: %s", json_string_value(a));
		json_decref(a);
		return "loud";
	}
	keys = !strcmp(kind, "boot") ? same_boot : !strcmp(kind, "mount") ?
		same_mount : !strcmp(kind, "login") ? same_login : same_unit;
	if (!strcmp(kind, "login") &&
	    !strncmp(get(ref, "output"), "uid=", 4) !=
	    !strncmp(get(e, "output"), "uid=", 4)) {
		snprintf(why, n, "%s", get(e, "output"));
		return "loud";
	}
	for (i = 0; keys[i]; i++) {
		if (!strcmp(get(ref, keys[i]), get(e, keys[i])))
			continue;
		/* A unit or the boot that ends otherwise says so. */
		if (!strcmp(kind, "mount") || !strcmp(kind, "login")) {
			snprintf(why, n, "%s %s, where Linux has %s", keys[i],
				 get(e, keys[i]), get(ref, keys[i]));
			return "silent";
		}
		a = state(e, kind);
		b = state(ref, kind);
		snprintf(why, n, "%s, where Linux has %s", json_string_value(a),
			 json_string_value(b));
		json_decref(a);
		json_decref(b);
		return "loud";
	}
	if (procs_differ(ref, e, why, n))
		return "silent";
	return "like Linux";
}

static json_t *rows(json_t *const *res, const char *const *names, int n)
{
	json_t *out = json_array(), *seen = json_object(), *id;
	size_t k;
	int i, j;

	for (i = 0; i < n; i++) {
		json_array_foreach(json_object_get(res[i], "debian_order"), k, id) {
			const char *did = json_string_value(id), *kind = kind_of(did);
			json_t *ref = json_object_get(json_object_get(res[0],
						      "debian"), did);
			json_t *row, *st, *v, *r, *p;

			if (json_object_get(seen, did))
				continue;
			json_object_set_new(seen, did, json_true());
			st = json_object();
			v = json_object();
			r = json_object();
			p = json_object();
			for (j = 0; j < n; j++) {
				json_t *e = json_object_get(json_object_get(res[j],
							    "debian"), did);
				char why[700];
				const char *x;

				/* A run that never reported has no column. */
				if (!json_array_size(json_object_get(res[j],
								     "debian_order")))
					continue;
				x = j ? judge(ref, e, kind, why, sizeof(why)) :
					e ? "like Linux" : "missing";
				json_object_set_new(v, names[j], json_string(x));
				json_object_set_new(r, names[j], json_string(j ? why : ""));
				json_object_set_new(st, names[j], state(e, kind));
				json_object_set_new(p, names[j],
					json_incref(e && json_object_get(e, "procs") ?
						    json_object_get(e, "procs") :
						    json_null()));
			}
			row = json_pack("{s:s,s:s,s:o,s:o,s:o,s:o}", "id", did,
					"kind", kind, "state", st, "verdict", v,
					"reason", r, "processes", p);
			json_array_append_new(out, row);
		}
	}
	json_decref(seen);
	return out;
}

static json_t *counts(json_t *drows, const char *name)
{
	json_t *c = json_object(), *row;
	unsigned int i;
	size_t k;

	for (i = 0; i < NKINDS; i++)
		json_object_set_new(c, kinds[i], json_integer(0));
	json_array_foreach(drows, k, row) {
		json_t *x = json_object_get(c, report_str(json_object_get(row,
						"verdict"), name));

		if (x)
			json_integer_set(x, json_integer_value(x) + 1);
	}
	return c;
}

/* One line per run: how its boot ended, how long it took, what failed. */
static json_t *run(json_t *res, const char *name, json_t *drows)
{
	json_t *boot = json_object_get(json_object_get(res, "debian"), "boot");
	json_t *row, *failed = json_array();
	size_t k;

	json_array_foreach(drows, k, row) {
		json_t *e = json_object_get(json_object_get(res, "debian"),
					    report_str(row, "id"));

		if (!strcmp(get(e, "active"), "failed"))
			json_array_append_new(failed, json_string(report_str(row, "id")));
	}
	return json_pack("{s:s,s:s,s:s,s:s,s:s,s:o,s:o}", "name", name,
			 "status", get(res, "status"), "reason", get(res, "reason"),
			 "state", get(boot, "state"),
			 "seconds", get(boot, "seconds"),
			 "failed", failed, "counts", counts(drows, name));
}

/*
 * The variants Debian booted: --debian-variants, or the report's own.  A
 * Debian boot takes minutes of TCG, so a run may boot fewer of them; one
 * it names and did not boot is incomplete, like any other.
 */
static int variants(const struct build_args *a, char *buf, size_t n,
		    const char **names)
{
	char *tok, *save;
	int k = 0;

	if (!a->debian_variants) {
		for (k = 0; k < a->nvariants; k++)
			names[k] = a->variants[k];
		return k;
	}
	snprintf(buf, n, "%s", a->debian_variants);
	for (tok = strtok_r(buf, ",", &save); tok && k < 16;
	     tok = strtok_r(NULL, ",", &save))
		names[k++] = tok;
	return k;
}

json_t *report_debian(const struct build_args *a, json_t **drows)
{
	json_t *meta = json_object(), *runs = json_array(), *res[16] = { 0 };
	const char *names[16];
	char buf[512];
	int i, n;

	*drows = json_array();
	if (!a->debian_dir) {
		json_object_set_new(meta, "status", json_string("not run"));
		json_object_set_new(meta, "runs", runs);
		return meta;
	}
	n = variants(a, buf, sizeof(buf), names);
	for (i = 0; i < n; i++)
		res[i] = results_load(a->debian_dir, names[i], RESULTS_DEBIAN);
	json_decref(*drows);
	*drows = rows(res, names, n);
	for (i = 0; i < n; i++) {
		json_array_append_new(runs, run(res[i], names[i], *drows));
		json_decref(res[i]);
	}
	json_object_set_new(meta, "status", json_string("run"));
	json_object_set_new(meta, "runs", runs);
	return meta;
}
