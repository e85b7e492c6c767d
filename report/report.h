/* SPDX-License-Identifier: GPL-2.0 */
/* mureport: the compatibility report, its renderers and its differ. */
#ifndef MUREPORT_H
#define MUREPORT_H

#include <stdio.h>
#include <jansson.h>

#define REPORT_SCHEMA "muprobe-report/3"

struct build_args {
	const char *out_dir;	/* guest results: OUT/VARIANT/results.txt */
	const char *build_dir;	/* kernels: BUILD/VARIANT/.config */
	const char *sizes_dir;	/* host measurements, see measure-sizes.sh */
	const char *base, *arch, *package, *kver;
	const char *lost_file;	/* lost-syscalls.py: which option took each */
	const char *absent_file;	/* lost-syscalls.py --absent: the baseline's */
	const char *corpus_dir;	/* the corpus base's runs: DIR/RUN/results.txt */
	const char *corpus_base;	/* the base they booted */
	const char *scan_file;	/* apps/import-scan.py --json of the guest */
	const char *debian_dir;	/* the Debian boots: DIR/VARIANT/results.txt */
	const char *debian_variants;	/* V1,V2,...: those booted (all) */
	const char *kunit_dir;	/* kunit.py --json results: DIR/CONFIG.json */
	const char *pending_list;	/* --pending kunit,debian */
	json_t *pending;	/* those sections: make writes them later */
	const char *const *variants;	/* the first is the baseline */
	int nvariants;
	const char *pairs[8][2];	/* size comparisons: from, to */
	int npairs;
};

json_t *report_build(const struct build_args *a);
json_t *report_fallout(const char *build_dir, const char *from,
		       const char *to);
json_t *report_sizes(const char *sizes_dir, const char *from,
		     const char *to);
json_t *report_context(void);
/* The corpus's rows in *ROWS; returns what the runs were and their counts. */
json_t *report_applications(const struct build_args *a, json_t **rows);
/* The Debian boots' rows in *ROWS; returns the runs (apps/debian/). */
json_t *report_debian(const struct build_args *a, json_t **rows);
void report_debian_markdown(json_t *r, FILE *f);
/*
 * { abi: { name: "compiled out with CONFIG_X (file)" } } from
 * lost-syscalls.py; with ABSENT, its --absent lines: why the baseline
 * itself lacks a call.
 */
json_t *report_lost(const char *path, int absent);
/* MODE: murun's, results in OUT_DIR/host-murun-MODE; GUEST: its name. */
json_t *report_emulation(json_t *guest_mu, json_t *guest_nomu,
			 const char *guest, const char *out_dir,
			 const char *mode, json_t *probes, const char *arch);
void report_markdown(json_t *r, FILE *f);
/* TEXT in a Markdown table cell: '|' escaped, newlines as <br>. */
void report_cell(FILE *f, const char *t);
void report_applications_markdown(json_t *r, FILE *f);
/* The KUnit cases in *ROWS; returns the runs, one per kunitconfig. */
json_t *report_kunit(const char *dir, json_t **rows);
void report_kunit_markdown(json_t *r, FILE *f);
/* make's first report: sections it was written without (pending.c). */
json_t *report_pending_parse(const char *list);
int report_is_pending(json_t *r, const char *section);
int report_refuse_pending(json_t *r, const char *path, const char *cmd);
void report_pending_summary(json_t *r, FILE *f);
void report_pending_section(FILE *f);
void report_html(json_t *r, FILE *f);
/* The cross-version view of one base's reports, oldest first. */
void report_abis(const char *arch, const char *abis[2]);
/*
 * SECTION's rows (syscalls, sweep) of R in its own ABI whose name OTHER's
 * own table has too, as ABI "own"; the names OTHER lacks go to ONLY.
 */
json_t *report_arch_rows(json_t *r, json_t *other, const char *section,
			 json_t *only);
/* R's probe rows, its sweeps as "sweep.own", its second ABI's to ONLY. */
json_t *report_arch_probes(json_t *r, json_t *only);
/* BY: "version" (one architecture's versions) or "arch" (one version's). */
json_t *report_versions(json_t *const *reports, int n, const char *by);
void report_versions_markdown(json_t *r, FILE *f);
/* 0 if R is a complete report of REPORT_SCHEMA, else -1 naming PATH. */
int report_check(json_t *r, const char *path);
/* 0 if every value of R has a type (and word) schema.c allows there. */
int report_schema_check(json_t *r, const char *path);
int report_diff(json_t *old, json_t *cur, int sizes, FILE *f);
int udiff(const char *a, const char *b, char **out);
int report_rank(json_t *row, json_t *variants);
/* ROWS as an object by KEY, or by KEY2 SEP KEY. */
json_t *report_index(json_t *rows, const char *key, const char *key2,
		     const char *sep);
/* The string at KEY of O, or "" when there is none. */
const char *report_str(json_t *o, const char *key);

#endif
