// SPDX-License-Identifier: GPL-2.0
/* report.md: for a CI artifact or a PR comment.  Silent differences first. */
#include <stdio.h>
#include <string.h>

#include "report.h"

static json_int_t i(json_t *o, const char *k)
{
	return json_integer_value(json_object_get(o, k));
}

/* Table cells cannot hold '|' or newlines. */
void report_cell(FILE *f, const char *t)
{
	for (; *t; t++) {
		if (*t == '|')
			fputs("\\|", f);
		else if (*t == '\n')
			fputs("<br>", f);
		else
			fputc(*t, f);
	}
}

/* The row of the other half of a .raw/.libc pair, or NULL. */
static json_t *sibling(json_t *byid, const char *id, const char *from,
		       const char *to)
{
	size_t len = strlen(id), fl = strlen(from);
	char sib[256];

	if (len <= fl || len > 200 || strcmp(id + len - fl, from))
		return NULL;
	snprintf(sib, sizeof(sib), "%.*s%s", (int)(len - fl), id, to);
	return json_object_get(byid, sib);
}

static json_t *by_id(json_t *r)
{
	json_t *byid = json_object(), *row;
	size_t n;

	json_array_foreach(json_object_get(r, "probes"), n, row)
		json_object_set(byid, report_str(row, "id"), row);
	return byid;
}

/* Probes whose id ends in .raw with a .libc sibling: one behaviour, two rows. */
static int twice(json_t *r)
{
	json_t *byid = by_id(r), *row;
	size_t n;
	int pairs = 0;

	json_array_foreach(json_object_get(r, "probes"), n, row)
		pairs += sibling(byid, report_str(row, "id"), ".raw", ".libc") != NULL;
	json_decref(byid);
	return pairs;
}

/*
 * The same counts by behaviour: a .raw row and its .libc sibling count
 * once when both agree, and as "split" when musl's wrapper and the raw
 * syscall are judged differently.
 */
static void behaviours(json_t *r, FILE *f)
{
	static const char *const col[] = { "silent", "loud", "same", "skip" };
	json_t *byid = by_id(r), *row, *v, *sib;
	json_t *probes = json_object_get(r, "probes");
	size_t n, m, k;

	fprintf(f, "\nBy behaviour (%zu):\n\n| variant | silent | loud | like Linux | skipped | split raw/libc | broken/missing |\n|---|---|---|---|---|---|---|\n",
		json_array_size(probes) - twice(r));
	json_array_foreach(json_object_get(r, "variants"), m, v) {
		const char *name = report_str(v, "name");
		int cnt[6] = { 0 };

		json_array_foreach(probes, n, row) {
			const char *id = report_str(row, "id");
			const char *x = report_str(json_object_get(row, "verdict"), name);

			if (sibling(byid, id, ".libc", ".raw"))
				continue;
			sib = sibling(byid, id, ".raw", ".libc");
			if (sib && strcmp(x, report_str(json_object_get(sib,
						"verdict"), name))) {
				cnt[4]++;
				continue;
			}
			for (k = 0; k < 4 && strcmp(x, col[k]); k++)
				;
			cnt[k < 4 ? k : 5]++;
		}
		fprintf(f, "| %s | **%d** | %d | %d | %d | %d | %d |\n", name,
			cnt[0], cnt[1], cnt[2], cnt[3], cnt[4], cnt[5]);
	}
	json_decref(byid);
}

static void summary(json_t *r, FILE *f)
{
	json_t *k = json_object_get(r, "kernel"), *sm = json_object_get(r, "summary");
	json_t *v, *u = json_object_get(k, "uname_r");
	json_t *sys = json_object_get(sm, "syscalls");
	const char *abis[2];
	size_t n;

	fprintf(f, "# muprobe: how CONFIG_MULTIUSER=n differs from Linux\n\n");
	fprintf(f, "## Summary\n\n");
	fprintf(f, "- Kernel: Debian linux-source-%s %s, base `%s`, %s\n",
		report_str(k, "version"), report_str(k, "package"), report_str(k, "base"), report_str(k, "arch"));
	fprintf(f, "- Variants (guest `uname -r`):");
	json_array_foreach(json_object_get(r, "variants"), n, v) {
		fprintf(f, " `%s` (%s, %s)", report_str(v, "name"),
			report_str(u, report_str(v, "name")), report_str(v, "status"));
	}
	fprintf(f, "\n");
	json_array_foreach(json_object_get(r, "variants"), n, v)
		if (strcmp(report_str(v, "status"), "complete"))
			fprintf(f, "- **%s is incomplete**: %s\n", report_str(v, "name"),
				report_str(v, "reason"));
	report_pending_summary(r, f);
	fprintf(f, "\n| variant | silent | loud | like Linux | skipped | broken/missing |\n");
	fprintf(f, "|---|---|---|---|---|---|\n");
	json_array_foreach(json_object_get(r, "variants"), n, v) {
		json_t *c = json_object_get(json_object_get(sm, "by_variant"),
					    report_str(v, "name"));

		fprintf(f, "| %s | **%lld** | %lld | %lld | %lld | %lld |\n",
			report_str(v, "name"), i(c, "silent"), i(c, "loud"), i(c, "same"),
			i(c, "skip"), i(c, "broken_or_missing"));
	}
	report_abis(report_str(k, "arch"), abis);
	fprintf(f, "\n%lld probe rows (the sweep of each syscall table is one row per ABI). Syscalls lost (ENOSYS where the baseline has them): %s %lld of %lld, %s %lld of %lld. Scenarios whose result changed: %lld.",
		i(sm, "probes"), abis[0],
		i(json_object_get(sys, abis[0]), "lost"),
		i(json_object_get(sys, abis[0]), "calls"), abis[1],
		i(json_object_get(sys, abis[1]), "lost"),
		i(json_object_get(sys, abis[1]), "calls"),
		i(sm, "scenarios_changed"));
	if (twice(r))
		fprintf(f, " %d behaviours are probed twice, through the raw syscall (`.raw`) and through musl's wrapper (`.libc`), and count in both rows; the table below counts each behaviour once.",
			twice(r));
	if (json_array_size(json_object_get(sm, "counted_over")) !=
	    json_array_size(json_object_get(r, "variants"))) {
		json_t *c;
		size_t m;

		fprintf(f, " **These counts cover complete variants only:**");
		json_array_foreach(json_object_get(sm, "counted_over"), m, c)
			fprintf(f, " `%s`", json_string_value(c));
		fprintf(f, ".");
	}
	if (json_object_get(sm, "bytes_saved"))
		fprintf(f, " bloat-o-meter, first pair: %lld bytes.",
			i(sm, "bytes_saved"));
	fprintf(f, "\n");
	if (twice(r))
		behaviours(r, f);
	fprintf(f, "\n");
}

static void sizes(json_t *r, FILE *f)
{
	json_t *p, *t;
	size_t n, m;
	int k;

	fprintf(f, "## What it saves\n\n");
	fprintf(f, "Upstream's claim (2015): \"about 25 KB\" on a defconfig, bloat-o-meter `add/remove: 7/87 grow/shrink: 19/397 up/down: 1675/-26325 (-24650)`.\n\n");
	json_array_foreach(json_object_get(r, "sizes"), n, p) {
		json_t *b = json_object_get(p, "bloat_o_meter");
		json_t *z = json_object_get(p, "bzimage");
		json_t *sf = json_object_get(json_object_get(p, "sections"), "from");
		json_t *st = json_object_get(json_object_get(p, "sections"), "to");
		const char *sec;
		json_t *v;

		fprintf(f, "### %s -> %s\n\n", report_str(p, "from"), report_str(p, "to"));
		if (!b) {
			fprintf(f, "Not measured.\n\n");
			continue;
		}
		fprintf(f, "- bloat-o-meter: `%s`\n", report_str(b, "summary"));
		fprintf(f, "- kernel image (bzImage, Image): %lld -> %lld bytes\n", i(z, "from"),
			i(z, "to"));
		json_object_foreach(sf, sec, v)
			fprintf(f, "- `%s`: %lld -> %lld bytes\n", sec,
				json_integer_value(v), i(st, sec));
		if (json_object_get(p, "alignment_note"))
			fprintf(f, "- **Alignment**: %s\n",
				report_str(p, "alignment_note"));
		for (k = 0; k < 2; k++) {
			json_t *rows = json_object_get(b, k ? "largest_additions" :
						       "largest_removals");

			fprintf(f, "\nLargest %s (of %lld symbols that changed; "
				"0 = absent on that side):\n\n",
				k ? "additions" : "removals", i(b, "symbols"));
			if (!json_array_size(rows)) {
				fprintf(f, "None.\n");
				continue;
			}
			fprintf(f, "| symbol | old | new | delta |\n|---|---|---|---|\n");
			json_array_foreach(rows, m, t)
				fprintf(f, "| `%s` | %lld | %lld | %+lld |\n",
					report_str(t, "symbol"), i(t, "old"),
					i(t, "new"), i(t, "delta"));
		}
		fprintf(f, "\n");
	}
	json_array_foreach(json_object_get(r, "variants"), n, p)
		fprintf(f, "- %s boot `Memory:` %s\n", report_str(p, "name"),
			report_str(p, "memory"));
	fprintf(f, "\n");
}

static void fallout(json_t *r, FILE *f)
{
	json_t *fo = json_object_get(r, "fallout"), *syms, *x;
	const char *g;
	size_t n;

	fprintf(f, "## Kconfig fallout\n\nOptions set in `%s` and gone in `%s` after olddefconfig: %lld.\n\n",
		report_str(fo, "from"), report_str(fo, "to"), i(fo, "count"));
	json_object_foreach(json_object_get(fo, "groups"), g, syms) {
		fprintf(f, "- %s:", g);
		json_array_foreach(syms, n, x)
			fprintf(f, " `CONFIG_%s`", json_string_value(x));
		fprintf(f, "\n");
	}
	fprintf(f, "\n");
}

static void variants_header(json_t *r, FILE *f, const char *first,
			    const char *last)
{
	json_t *v;
	size_t n, k;

	fprintf(f, "| %s |", first);
	json_array_foreach(json_object_get(r, "variants"), n, v)
		fprintf(f, " %s |", report_str(v, "name"));
	fprintf(f, " %s |\n|---|", last);
	for (k = 0; k <= n; k++)
		fprintf(f, "---|");
	for (; *last; last++)
		if (*last == '|')
			fprintf(f, "---|");
	fprintf(f, "\n");
}

/*
 * What the baseline itself answers ENOSYS to, grouped by why (its config):
 * a program that needs one of them fails on every variant, and another
 * architecture's baseline may have it.
 */
static void baseline_lacks(json_t *r, FILE *f)
{
	json_t *by = json_object(), *row, *names;
	const char *why;
	size_t n, k;

	json_array_foreach(json_object_get(r, "sweep"), n, row) {
		const char *w = report_str(row, "why");
		char key[600];

		if (!*w)
			continue;
		snprintf(key, sizeof(key), "%s", w);
		names = json_object_get(by, key);
		if (!names) {
			names = json_array();
			json_object_set_new(by, key, names);
		}
		json_array_append_new(names, json_sprintf("%s %s",
			report_str(row, "abi"), report_str(row, "name")));
	}
	if (json_object_size(by))
		fprintf(f, "### What the baseline lacks too\n\nThese answer ENOSYS on %s already, so on every variant; the reason is read from its config (`report/lost-syscalls.py --absent`).\n\n",
			report_str(json_array_get(json_object_get(r, "variants"), 0),
				   "name"));
	json_object_foreach(by, why, names) {
		json_t *v;

		fprintf(f, "- %s:", why);
		json_array_foreach(names, k, v)
			fprintf(f, "%s `%s`", k ? "," : "", json_string_value(v));
		fputc('\n', f);
	}
	if (json_object_size(by))
		fputc('\n', f);
	json_decref(by);
}

static void syscall_table(json_t *r, FILE *f)
{
	json_t *row, *v, *t = json_object_get(json_object_get(r, "summary"),
					       "syscalls");
	const char *abis[2];
	size_t n, m;

	report_abis(report_str(json_object_get(r, "kernel"), "arch"), abis);
	fprintf(f, "## Syscalls that differ\n\n%s: %lld in the table, %lld lost; %s: %lld, %lld lost. A missing syscall does not by itself mean a program fails (see Known context). The sweep calls each one with deliberately invalid arguments, so an answer other than ENOSYS (EINVAL, EFAULT, EBADF, success for a harmless call) only shows that the call exists; the note names the option whose absence compiles it out.\n\n",
		abis[0], i(json_object_get(t, abis[0]), "calls"),
		i(json_object_get(t, abis[0]), "lost"),
		abis[1], i(json_object_get(t, abis[1]), "calls"),
		i(json_object_get(t, abis[1]), "lost"));
	variants_header(r, f, "abi nr name", "note");
	json_array_foreach(json_object_get(r, "syscalls"), n, row) {
		fprintf(f, "| %s %lld `%s` |", report_str(row, "abi"), i(row, "nr"),
			report_str(row, "name"));
		json_array_foreach(json_object_get(r, "variants"), m, v)
			fprintf(f, " %s |", report_str(json_object_get(row, "result"),
					      report_str(v, "name")));
		fprintf(f, " %s |\n", report_str(row, "note"));
	}
	fprintf(f, "\n");
	baseline_lacks(r, f);
}

static void probe_matrix(json_t *r, FILE *f)
{
	json_t *row, *v, *vars = json_object_get(r, "variants");
	size_t n, m;
	int pass;

	fprintf(f, "## Probe matrix\n\nVerdict against stock Linux, as each guest judged it: **silent** = the call succeeds but does not do what Linux does; loud = an error the program sees; same; skip = the kernel lacks it for a reason the probe names.\n\n");
	variants_header(r, f, "probe", "murun (host) | why (first variant that differs)");
	for (pass = 0; pass < 3; pass++) {
		json_array_foreach(json_object_get(r, "probes"), n, row) {
			const char *why = "";

			if (report_rank(row, vars) != pass)
				continue;
			fprintf(f, "| `%s` |", report_str(row, "id"));
			json_array_foreach(vars, m, v) {
				const char *x = report_str(json_object_get(row, "verdict"),
						  report_str(v, "name"));

				fprintf(f, strcmp(x, "silent") ? " %s |" :
					" **%s** |", x);
				if (!*why && strcmp(x, "same") && strcmp(x, "skip"))
					why = report_str(json_object_get(row, "reason"),
						report_str(v, "name"));
			}
			fprintf(f, " %s | ", report_str(json_object_get(json_object_get(
				r, "emulation"), "verdicts"), report_str(row, "id")));
			report_cell(f, why);
			fprintf(f, " |\n");
		}
	}
	fprintf(f, "\n");
}

/* A scenario's outcome in one variant, against the baseline (variant 0). */
static const char *outcome(json_t *row, json_t *vars, const char *name)
{
	json_t *ex = json_object_get(row, "exit");
	json_t *base = json_object_get(ex, report_str(json_array_get(vars, 0),
						      "name"));

	if (!json_is_integer(json_object_get(ex, name)))
		return "not run";
	if (!json_object_get(json_object_get(row, "diff"), name))
		return "like Linux";
	if (!json_equal(base, json_object_get(ex, name)))
		return "loud";
	return "silent";
}

/*
 * Scenarios the single-user variants answer differently from each other:
 * where one variant refuses loudly what another lets through silently, a
 * reviewer weighs both choices on the same row.
 */
static void tradeoff(json_t *r, FILE *f)
{
	json_t *row, *v, *vars = json_object_get(r, "variants");
	size_t n, m;
	int rows = 0;

	json_array_foreach(json_object_get(r, "scenarios"), n, row) {
		const char *first = NULL, *o;
		int split = 0;

		json_array_foreach(vars, m, v) {
			if (!m)
				continue;
			o = outcome(row, vars, report_str(v, "name"));
			if (!strcmp(o, "not run"))
				continue;
			split |= first && strcmp(first, o);
			first = first ? first : o;
		}
		if (!split)
			continue;
		if (!rows++) {
			fprintf(f, "### Loud or silent: where the variants choose differently\n\n"
				"Each cell is the variant's outcome against the baseline and its exit status: loud = the exit status changes, silent = the same exit status with other output (the diffs are in the scenario's section below).\n\n");
			variants_header(r, f, "scenario", "command");
		}
		fprintf(f, "| `%s` |", report_str(row, "id"));
		json_array_foreach(vars, m, v) {
			json_t *e = json_object_get(json_object_get(row, "exit"),
						    report_str(v, "name"));

			fprintf(f, " %s", m ? outcome(row, vars,
				report_str(v, "name")) : "");
			if (json_is_integer(e))
				fprintf(f, "%sexit %lld", m ? ", " : "",
					json_integer_value(e));
			fprintf(f, " |");
		}
		fprintf(f, " `");
		report_cell(f, report_str(row, "cmd"));
		fprintf(f, "` |\n");
	}
	if (rows)
		fprintf(f, "\n");
}

static void scenario_list(json_t *r, FILE *f)
{
	json_t *row, *v, *vars = json_object_get(r, "variants");
	const char *name;
	size_t n, m;

	fprintf(f, "## Scenarios\n\n");
	variants_header(r, f, "scenario (exit status)", "command");
	json_array_foreach(json_object_get(r, "scenarios"), n, row) {
		fprintf(f, "| `%s`%s |", report_str(row, "id"),
			json_is_true(json_object_get(row, "changed")) ?
			" (changed)" : "");
		json_array_foreach(vars, m, v) {
			json_t *e = json_object_get(json_object_get(row, "exit"),
						    report_str(v, "name"));

			if (json_is_integer(e))
				fprintf(f, " %lld |", json_integer_value(e));
			else if (json_is_string(e))
				fprintf(f, " %s |", json_string_value(e));
			else
				fprintf(f, " not run |");
		}
		fprintf(f, " `");
		report_cell(f, report_str(row, "cmd"));
		fprintf(f, "` |\n");
	}
	fprintf(f, "\n");
	tradeoff(r, f);
	json_array_foreach(json_object_get(r, "scenarios"), n, row) {
		json_t *d;
		size_t k;

		if (!json_is_true(json_object_get(row, "changed")))
			continue;
		fprintf(f, "### %s\n\n`%s`", report_str(row, "id"), report_str(row, "cmd"));
		if (*report_str(row, "note"))
			fprintf(f, " - %s", report_str(row, "note"));
		fprintf(f, "\n\n");
		json_array_foreach(json_object_get(r, "context"), k, d)
			if (!strcmp(report_str(d, "scenario"), report_str(row, "id")))
				fprintf(f, "> Known context: %s\n\n", report_str(d, "text"));
		json_object_foreach(json_object_get(row, "diff"), name, d)
			fprintf(f, "%s vs baseline:\n\n```diff\n%s```\n\n",
				name, json_string_value(d));
	}
}

/* The table's head, or a sentence when every difference was reproduced. */
static void not_reproduced(json_t *rows, FILE *f, const char *head)
{
	if (json_array_size(rows))
		fprintf(f, " Not reproduced:\n\n%s", head);
	else
		fprintf(f, " Every one is reproduced.\n");
}

static void emulation(json_t *e, FILE *f)
{
	json_t *m;
	size_t n;

	fprintf(f, "### `%s` against the `%s` guest\n\n",
		report_str(e, "tool"), report_str(e, "guest"));
	if (strcmp(report_str(e, "status"), "complete")) {
		fprintf(f, "Not measured: %s\n\n", report_str(e, "reason"));
		return;
	}
	fprintf(f, "`%s` on the build host, against the host bare, reproduces %lld of the %lld probe differences and %lld of the %lld lost syscalls that the real `%s` guest shows; it loses %lld syscalls that this guest answers.",
		report_str(e, "tool"), i(e, "probe_reproduced"), i(e, "probe_differences"),
		i(e, "syscalls_reproduced"), i(e, "syscalls_lost"),
		report_str(e, "guest"), i(e, "syscalls_lost_only_under_murun"));
	if (i(e, "syscalls_unmeasured") > 0)
		fprintf(f, " Of the lost syscalls, %lld cannot be measured on this host and are not counted as reproduced: %s.",
			i(e, "syscalls_unmeasured"),
			report_str(e, "syscalls_unmeasured_why"));
	not_reproduced(json_object_get(e, "not_reproduced"), f,
		       "| probe | guest | murun | why |\n|---|---|---|---|\n");
	json_array_foreach(json_object_get(e, "not_reproduced"), n, m)
		fprintf(f, "| `%s` | %s | %s | %s |\n", report_str(m, "id"),
			report_str(m, "guest"), report_str(m, "murun"), report_str(m, "why"));
	if (!json_is_true(json_object_get(e, "scenarios_measured"))) {
		fprintf(f, "\nScenarios: not run on the host (the chroot needs root).\n\n");
		return;
	}
	fprintf(f, "\nScenarios (in a chroot of the guest image, judged by exit status): %lld of the %lld that change exit status on the real kernel change the same way under murun.",
		i(e, "scenario_reproduced"), i(e, "scenario_differences"));
	not_reproduced(json_object_get(e, "scenarios_not_reproduced"), f,
		       "| scenario | guest multiuser | guest | host bare | murun |\n|---|---|---|---|---|\n");
	json_array_foreach(json_object_get(e, "scenarios_not_reproduced"), n, m)
		fprintf(f, "| `%s` | %lld | %lld | %lld | %lld |\n", report_str(m, "id"),
			i(m, "guest_multiuser"), i(m, "guest"),
			i(m, "host_bare"), i(m, "murun"));
	fprintf(f, "\n%lld more scenarios keep their exit status but print something else on the real kernel (the silent kind: a chown that shows 0 0); murun changes the output of %lld of them%s\n\n",
		i(e, "scenario_output_only_differences"),
		i(e, "scenario_output_changed_under_murun"),
		i(e, "scenario_output_changed_under_murun") <
		i(e, "scenario_output_only_differences") ?
		", and only the real kernel shows the others." : ".");
}

static void context(json_t *r, FILE *f)
{
	json_t *d;
	size_t n;

	fprintf(f, "## Known context\n\n");
	json_array_foreach(json_object_get(r, "context"), n, d) {
		if (json_is_null(json_object_get(d, "scenario")))
			fprintf(f, "- %s\n", report_str(d, "text"));
		else
			fprintf(f, "- `%s`: %s\n", report_str(d, "scenario"),
				report_str(d, "text"));
	}
}

void report_markdown(json_t *r, FILE *f)
{
	summary(r, f);
	sizes(r, f);
	fallout(r, f);
	syscall_table(r, f);
	probe_matrix(r, f);
	scenario_list(r, f);
	report_applications_markdown(r, f);
	report_debian_markdown(r, f);
	report_kunit_markdown(r, f);
	fprintf(f, "## Emulation on the host (murun)\n\n");
	emulation(json_object_get(r, "emulation"), f);
	emulation(json_object_get(r, "emulation_compat"), f);
	context(r, f);
}
