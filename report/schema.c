// SPDX-License-Identifier: GPL-2.0
/*
 * What a report.json of REPORT_SCHEMA may hold, as data: a path and the
 * JSON types (and, for verdicts and statuses, the words) allowed there.
 * Every reader (diff, versions, render, complete) trusts a report only
 * after this, so no renderer meets a number where it reads a string.
 *
 * Paths: "a.b" a member, "?b" a member that may be absent, "[]" every
 * element of an array, "*" every member of an object, "~" every member
 * that is not null (its own rule says whether null may be there).
 */
#include <stdio.h>
#include <string.h>

#include "report.h"

enum { S = 1, I = 2, BO = 4, O = 8, A = 16, N = 32 };

static const char *const probe_verdicts[] = {
	"same", "loud", "silent", "skip", "broken", "missing", NULL
};
static const char *const app_verdicts[] = {
	"works", "loud", "silent", "cannot", "missing", NULL
};
static const char *const kunit_statuses[] = {
	"PASS", "FAIL", "SKIP", "ERROR", NULL
};
static const char *const debian_verdicts[] = {
	"like Linux", "loud", "silent", "missing", NULL
};
static const char *const pending_sections[] = { "kunit", "debian", NULL };
static const char *const statuses[] = { "complete", "incomplete", NULL };
static const char *const corpus_statuses[] = { "run", "not run", NULL };

struct rule {
	const char *path;
	unsigned int kinds;
	const char *const *words;
};

static const struct {
	const char *path;
	unsigned int kinds;
} types[] = {
	{ "kernel.?version", S },
	{ "kernel.?package", S },
	{ "kernel.?base", S },
	{ "kernel.?arch", S },
	{ "kernel.?uname_r.*", S },
	{ "variants.[].?reason", S },
	{ "variants.[].?memory", S },
	{ "summary.?probes", I },
	{ "summary.?counted_over.[]", S },
	{ "summary.by_variant.*.*", I },
	{ "summary.?syscalls.*.*", I },
	{ "summary.?scenarios_changed", I },
	{ "summary.?bytes_saved", I },
	{ "sizes.[].?bloat_o_meter.?summary", S },
	{ "sizes.[].?bloat_o_meter.?total", I },
	{ "sizes.[].?bloat_o_meter.?symbols", I },
	{ "sizes.[].?bloat_o_meter.?largest_removals.[].symbol", S },
	{ "sizes.[].?bloat_o_meter.?largest_removals.[].*", S | I },
	{ "sizes.[].?bloat_o_meter.?largest_additions.[].symbol", S },
	{ "sizes.[].?bloat_o_meter.?largest_additions.[].*", S | I },
	{ "sizes.[].?sections.*.*", I },
	{ "sizes.[].?bzimage.*", I },
	{ "sizes.[].?alignment_note", S },
	{ "fallout.?from", S },
	{ "fallout.?to", S },
	{ "fallout.?count", I },
	{ "fallout.?groups.*.[]", S },
	{ "syscalls.[].?nr", I },
	{ "syscalls.[].?note", S },
	{ "syscalls.[].?result.*", S },
	{ "sweep.[].?nr", I },
	{ "sweep.[].enosys.[]", S },
	{ "sweep.[].?why", S },
	{ "probes.[].?category", S },
	{ "probes.[].?what", S },
	{ "probes.[].?linux", S },
	{ "probes.[].?reason.*", S },
	{ "probes.[].?observed.*", O | N },
	{ "probes.[].?observed.~.*", S },
	{ "scenarios.[].?cmd", S },
	{ "scenarios.[].?note", S },
	{ "scenarios.[].?changed", BO },
	{ "scenarios.[].?exit.*", I | S | N },
	{ "scenarios.[].?output.*", S },
	{ "scenarios.[].?diff.*", S },
	{ "applications.[].?package", S },
	{ "applications.[].?kind", S },
	{ "applications.[].?cmd", S },
	{ "applications.[].?check", S },
	{ "applications.[].?reason.*", S },
	{ "applications.[].?message.*", S },
	{ "applications.[].?call.*", S },
	{ "applications.[].?processes.*", A | N },
	{ "applications.[].?processes.~.[]", S },
	{ "applications_runs.?base", S },
	{ "applications_runs.?reason", S },
	{ "applications_runs.?programs", I },
	{ "applications_runs.?runs.[].name", S },
	{ "applications_runs.?runs.[].?where", S },
	{ "applications_runs.?runs.[].?reason", S },
	{ "applications_runs.?counts.*.*", I },
	{ "applications_runs.?import_scan.?calls.*", I },
	{ "applications_runs.?import_scan.?files.*.?calls.[]", S },
	{ "applications_runs.?import_scan.?files.*.?package", S },
	{ "applications_runs.?import_scan.?folders.[]", S },
	{ "emulation.?reason", S },
	{ "emulation.?verdicts.*", S },
	{ "emulation.?not_reproduced.[].*", S },
	{ "emulation_compat.?reason", S },
	{ "emulation_compat.?verdicts.*", S },
	{ "emulation_compat.?not_reproduced.[].*", S },
	{ "kunit.[].?config", S },
	{ "kunit.[].?suite", S },
	{ "kunit.[].?case", S },
	{ "kunit_runs.[].?cases", I },
	{ "kunit_runs.[].?error", S },
	{ "?debian.[].?kind", S },
	{ "?debian.[].?state.*", S | N },
	{ "?debian.[].?reason.*", S },
	{ "?debian.[].?processes.*", A | N },
	{ "?debian.[].?processes.~.[]", S },
	{ "?debian_runs.?runs.[].name", S },
	{ "?debian_runs.?runs.[].?reason", S },
	{ "?debian_runs.?runs.[].?state", S },
	{ "?debian_runs.?runs.[].?seconds", S },
	{ "?debian_runs.?runs.[].?failed.[]", S },
	{ "?debian_runs.?runs.[].?counts.*", I },
	{ "context.[].?scenario", S | N },
	{ "context.[].text", S },
};

static const struct rule vocab[] = {
	{ "kunit.[].status", S, kunit_statuses },
	{ "?pending.[]", S, pending_sections },
	{ "variants.[].?status", S, statuses },
	{ "probes.[].verdict.*", S, probe_verdicts },
	{ "applications.[].verdict.*", S, app_verdicts },
	{ "applications.[].?emulated.*", S, app_verdicts },
	{ "applications_runs.?status", S, corpus_statuses },
	{ "applications_runs.?runs.[].?status", S, statuses },
	{ "?debian.[].verdict.*", S, debian_verdicts },
	{ "?debian_runs.status", S, corpus_statuses },
	{ "?debian_runs.?runs.[].?status", S, statuses },
	{ "emulation.?status", S, statuses },
	{ "emulation_compat.?status", S, statuses },
};

static const char *kind_name(json_t *n)
{
	switch (json_typeof(n)) {
	case JSON_OBJECT: return "an object";
	case JSON_ARRAY: return "an array";
	case JSON_STRING: return "a string";
	case JSON_INTEGER: return "an integer";
	case JSON_REAL: return "a real number";
	case JSON_TRUE: case JSON_FALSE: return "a boolean";
	default: return "null";
	}
}

static unsigned int kind_of(json_t *n)
{
	switch (json_typeof(n)) {
	case JSON_OBJECT: return O;
	case JSON_ARRAY: return A;
	case JSON_STRING: return S;
	case JSON_INTEGER: return I;
	case JSON_TRUE: case JSON_FALSE: return BO;
	case JSON_NULL: return N;
	default: return 0;
	}
}

static int fail(const char *file, const char *where, const char *what)
{
	fprintf(stderr, "mureport: %s: %s: %s\n", file, where, what);
	return -1;
}

static int leaf(json_t *n, const struct rule *ru, const char *file,
		const char *where)
{
	char msg[160];
	size_t i;

	if (!(kind_of(n) & ru->kinds)) {
		snprintf(msg, sizeof(msg), "is %s, which the schema does not allow here",
			 kind_name(n));
		return fail(file, where, msg);
	}
	if (!ru->words || !json_is_string(n))
		return 0;
	for (i = 0; ru->words[i]; i++)
		if (!strcmp(ru->words[i], json_string_value(n)))
			return 0;
	snprintf(msg, sizeof(msg), "'%.60s' is not one of the words allowed here",
		 json_string_value(n));
	return fail(file, where, msg);
}

/* N at WHERE (LEN bytes of it in use) against the rest P of the path. */
static int walk(json_t *n, const char *p, const struct rule *ru,
		const char *file, char *where, size_t len)
{
	const char *dot = strchr(p, '.');
	size_t seg = dot ? (size_t)(dot - p) : strlen(p);
	const char *next = dot ? dot + 1 : p + seg;
	char key[64];
	json_t *m;

	if (!*p)
		return leaf(n, ru, file, where);
	if (seg == 2 && !strncmp(p, "[]", 2)) {
		size_t k;

		if (!json_is_array(n))
			return fail(file, where, "is not an array");
		json_array_foreach(n, k, m) {
			snprintf(where + len, 512 - len, "[%zu]", k);
			if (walk(m, next, ru, file, where, strlen(where)))
				return -1;
		}
		where[len] = 0;
		return 0;
	}
	if (!json_is_object(n))
		return fail(file, where, "is not an object");
	if (seg == 1 && (*p == '*' || *p == '~')) {
		const char *k;

		json_object_foreach(n, k, m) {
			if (*p == '~' && json_is_null(m))
				continue;
			snprintf(where + len, 512 - len, ".%.100s", k);
			if (walk(m, next, ru, file, where, strlen(where)))
				return -1;
		}
		where[len] = 0;
		return 0;
	}
	snprintf(key, sizeof(key), "%.*s", (int)seg - (*p == '?'),
		 p + (*p == '?'));
	m = json_object_get(n, key);
	snprintf(where + len, 512 - len, ".%s", key);
	if (!m) {
		if (*p == '?') {
			where[len] = 0;
			return 0;
		}
		return fail(file, where, "is missing");
	}
	if (walk(m, next, ru, file, where, strlen(where)))
		return -1;
	where[len] = 0;
	return 0;
}

int report_schema_check(json_t *r, const char *file)
{
	json_t *counted, *by, *v;
	char where[512];
	size_t i, k;

	for (i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		struct rule ru = { types[i].path, types[i].kinds, NULL };

		where[0] = 0;
		if (walk(r, ru.path, &ru, file, where, 0))
			return -1;
	}
	for (i = 0; i < sizeof(vocab) / sizeof(vocab[0]); i++) {
		where[0] = 0;
		if (walk(r, vocab[i].path, &vocab[i], file, where, 0))
			return -1;
	}
	/* Every variant the counts cover has its counts. */
	counted = json_object_get(json_object_get(r, "summary"), "counted_over");
	by = json_object_get(json_object_get(r, "summary"), "by_variant");
	json_array_foreach(counted, k, v)
		if (!json_object_get(by, json_string_value(v))) {
			snprintf(where, sizeof(where), ".summary.by_variant.%.100s",
				 json_string_value(v));
			return fail(file, where,
				    "is missing for a variant in counted_over");
		}
	return 0;
}
