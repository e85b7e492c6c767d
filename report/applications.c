// SPDX-License-Identifier: GPL-2.0
/*
 * The corpus of Debian programs (apps/corpus/): one row per program, the
 * verdict each guest gave it (run-corpus.sh judges in the guest, against
 * what the program's file says stock Linux does) and the verdict murun
 * gave it on the build host.  Nothing is judged here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "report.h"
#include "results.h"

static const char *const host_runs[] = {
	"host-bare", "host-murun-nomultiuser", "host-murun-compat",
};

#define NHOST (sizeof(host_runs) / sizeof(host_runs[0]))

static const char *const kinds[] = {
	"works", "loud", "silent", "cannot", "missing",
};

static json_t *run_entry(json_t *res, const char *name, const char *where)
{
	return json_pack("{s:s,s:s,s:s,s:s}", "name", name, "where", where,
			 "status", report_str(res, "status"),
			 "reason", report_str(res, "reason"));
}

/* The value at KEY of the corpus entry ID in RES, or "". */
static json_t *field(json_t *res, const char *id, const char *key)
{
	json_t *e = json_object_get(json_object_get(res, "corpus"), id);
	const char *v = report_str(e, key);

	if (!strcmp(key, "verdict") && !*v)
		v = "missing";
	return json_string(v);
}

static json_t *rows(json_t *const *res, const char *const *names, int n,
		    json_t *const *host)
{
	json_t *out = json_array(), *seen = json_object(), *id;
	size_t k, h;
	int i, j;

	for (i = 0; i < n; i++) {
		json_array_foreach(json_object_get(res[i], "corpus_order"), k, id) {
			const char *cid = json_string_value(id);
			json_t *row, *first = NULL, *emu;
			static const char *const per[] = {
				"verdict", "reason", "call", "message",
			};
			unsigned int f;

			if (json_object_get(seen, cid))
				continue;
			json_object_set_new(seen, cid, json_true());
			row = json_object();
			json_object_set_new(row, "id", json_string(cid));
			for (j = 0; j < n && !first; j++)
				first = json_object_get(json_object_get(res[j],
							"corpus"), cid);
			json_object_set_new(row, "package",
					    json_string(report_str(first, "package")));
			json_object_set_new(row, "kind",
					    json_string(report_str(first, "kind")));
			json_object_set_new(row, "cmd",
					    json_string(report_str(first, "cmd")));
			json_object_set_new(row, "check",
					    json_string(report_str(first, "check")));
			for (f = 0; f < sizeof(per) / sizeof(per[0]); f++) {
				json_t *o = json_object();

				for (j = 0; j < n; j++)
					json_object_set_new(o, names[j],
						field(res[j], cid, per[f]));
				json_object_set_new(row, per[f], o);
			}
			json_object_set_new(row, "processes", json_object());
			for (j = 0; j < n; j++) {
				json_t *e = json_object_get(json_object_get(
					res[j], "corpus"), cid);
				json_t *p = json_object_get(e, "procs");

				/* A tool lists none; a run without it, null. */
				json_object_set_new(json_object_get(row, "processes"),
						    names[j], p ? json_incref(p) :
						    e ? json_array() : json_null());
			}
			emu = json_object();
			for (h = 0; h < NHOST; h++)
				if (host[h])
					json_object_set_new(emu, host_runs[h],
						field(host[h], cid, "verdict"));
			json_object_set_new(row, "emulated", emu);
			json_array_append_new(out, row);
		}
	}
	json_decref(seen);
	return out;
}

static json_t *counts(json_t *arows, const char *field_, const char *name)
{
	json_t *c = json_object(), *row;
	unsigned int i;
	size_t k;

	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		json_object_set_new(c, kinds[i], json_integer(0));
	json_array_foreach(arows, k, row) {
		const char *v = report_str(json_object_get(row, field_), name);
		json_t *x = json_object_get(c, *v ? v : "missing");

		if (!x)
			x = json_object_get(c, "missing");
		json_integer_set(x, json_integer_value(x) + 1);
	}
	return c;
}

json_t *report_applications(const struct build_args *a, json_t **arows)
{
	json_t *meta = json_object(), *runs = json_array(), *cnt = json_object();
	json_t *res[16] = { 0 }, *host[NHOST] = { 0 };
	size_t h;
	int i;

	*arows = json_array();
	json_object_set_new(meta, "base", json_string(a->corpus_base ?
						       a->corpus_base : ""));
	if (!a->corpus_dir) {
		json_object_set_new(meta, "status", json_string("not run"));
		json_object_set_new(meta, "reason", json_string(
			"no corpus base for this report's base"));
		json_object_set_new(meta, "runs", runs);
		json_object_set_new(meta, "counts", cnt);
		return meta;
	}
	for (i = 0; i < a->nvariants; i++) {
		res[i] = results_load(a->corpus_dir, a->variants[i],
				      RESULTS_CORPUS);
		json_array_append_new(runs, run_entry(res[i], a->variants[i],
						      "guest"));
	}
	for (h = 0; h < NHOST; h++) {
		char dir[4096];
		json_t *r;

		/*
		 * No folder: the build host does not run the architecture's
		 * programs, and make never asked it to.  A run that was made
		 * and broke has its folder and is listed as incomplete.
		 */
		snprintf(dir, sizeof(dir), "%s/%s", a->corpus_dir, host_runs[h]);
		if (access(dir, F_OK))
			continue;
		r = results_load(a->corpus_dir, host_runs[h], RESULTS_CORPUS);
		json_array_append_new(runs, run_entry(r, host_runs[h], "host"));
		/* A host run that never happened has no column. */
		if (json_array_size(json_object_get(r, "corpus_order")))
			host[h] = r;
		else
			json_decref(r);
	}
	json_decref(*arows);
	*arows = rows(res, a->variants, a->nvariants, host);
	for (i = 0; i < a->nvariants; i++)
		json_object_set_new(cnt, a->variants[i], counts(*arows,
				    "verdict", a->variants[i]));
	for (h = 0; h < NHOST; h++)
		if (host[h])
			json_object_set_new(cnt, host_runs[h], counts(*arows,
					    "emulated", host_runs[h]));
	json_object_set_new(meta, "status", json_string("run"));
	json_object_set_new(meta, "reason", json_string(""));
	json_object_set_new(meta, "programs",
			    json_integer(json_array_size(*arows)));
	json_object_set_new(meta, "runs", runs);
	json_object_set_new(meta, "counts", cnt);
	for (i = 0; i < a->nvariants; i++)
		json_decref(res[i]);
	for (h = 0; h < NHOST; h++)
		json_decref(host[h]);
	return meta;
}
