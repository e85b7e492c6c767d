// SPDX-License-Identifier: GPL-2.0
/*
 * mureport: build the compatibility report from the guests' results and
 * the host's measurements, or diff two reports for CI.
 *
 *   mureport build [options]     writes DEST/report.{json,md,html}
 *   mureport diff [--sizes] OLD.json NEW.json
 *
 * diff exits 0 when behaviour did not change, 1 when it did, 2 on bad
 * input.
 */
#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "report.h"

static void usage(FILE *f)
{
	fputs("usage: mureport build --out DIR --build DIR --sizes DIR --dest DIR\n"
	      "                      --base NAME --arch NAME --kver X.Y --package VERSION\n"
	      "                      [--lost FILE]        (lost-syscalls.py output)\n"
	      "                      [--absent FILE]      (lost-syscalls.py --absent)\n"
	      "                      [--pair FROM:TO]...  (size comparisons)\n"
	      "                      [--corpus DIR --corpus-base NAME]  (apps/corpus runs)\n"
	      "                      [--scan FILE]        (import-scan.py --json)\n"
	      "                      [--debian DIR]       (apps/debian boots: DIR/VARIANT)\n"
	      "                      [--debian-variants V1,V2...]  (those it boots; all)\n"
	      "                      [--kunit DIR]        (kunit.py --json: DIR/CONFIG.json)\n"
	      "                      [--pending kunit,debian]  (sections written later)\n"
	      "                      VARIANT VARIANT...   (the first is the baseline)\n"
	      "       mureport diff [--sizes] OLD.json NEW.json\n"
	      "       mureport versions [--by version|arch] --dest DIR REPORT.json...\n"
	      "                 (oldest first; --by arch: arches.{json,md})\n"
	      "       mureport render --dest DIR REPORT.json  (its .md and .html again)\n"
	      "       mureport complete REPORT.json  (exit 1 naming each incomplete variant\n"
	      "                 or pending section)\n"
	      "diff: exit 0 no behavioural change, 1 changed, 2 bad input;\n"
	      "      --sizes makes size and version changes count too.\n", f);
}

/*
 * The files one command writes replace the old ones as a set: each is
 * written beside its place first, and only when all are written are they
 * renamed.  A failed write or a signal removes what was half written and
 * leaves the old set as it was.
 */
#define SET_MAX 3
static struct {
	char path[SET_MAX][4096], tmp[SET_MAX][4200];
	volatile sig_atomic_t n;
} set;

static void set_abort(void)
{
	int i;

	for (i = 0; i < set.n; i++)
		unlink(set.tmp[i]);
	set.n = 0;
}

static void on_signal(int sig)
{
	int i;

	for (i = 0; i < set.n; i++)
		unlink(set.tmp[i]);
	signal(sig, SIG_DFL);
	raise(sig);
}

/* DEST and the folders above it, as mkdir -p: a first report has no folder yet. */
static int make_dest(const char *dest)
{
	char path[sizeof(set.path[0])];
	char *p;

	if (!*dest || snprintf(path, sizeof(path), "%s", dest) >= (int)sizeof(path)) {
		fprintf(stderr, "mureport: --dest '%s': empty or too long\n", dest);
		return -1;
	}
	for (p = path + 1; ; p++) {
		if (*p && *p != '/')
			continue;
		if (p[-1] != '/') {
			char c = *p;

			*p = '\0';
			if (mkdir(path, 0777) && errno != EEXIST) {
				fprintf(stderr, "mureport: cannot make %s: %s\n",
					path, strerror(errno));
				return -1;
			}
			*p = c;
		}
		if (!*p)
			return 0;
	}
}

static int save(const char *dest, const char *name, json_t *r,
		void (*render)(json_t *, FILE *))
{
	int i = set.n, bad;
	FILE *f;

	if (!i && make_dest(dest))
		return -1;
	snprintf(set.path[i], sizeof(set.path[i]), "%s/%s", dest, name);
	snprintf(set.tmp[i], sizeof(set.tmp[i]), "%s/%s.tmp", dest, name);
	set.n = i + 1;
	f = fopen(set.tmp[i], "w");
	if (!f) {
		fprintf(stderr, "mureport: cannot write %s: %s\n", set.tmp[i],
			strerror(errno));
		set_abort();
		return -1;
	}
	if (render) {
		render(r, f);
	} else {
		json_dumpf(r, f, JSON_INDENT(1));
		fputc('\n', f);
	}
	bad = ferror(f);
	if (fclose(f) || bad) {
		fprintf(stderr, "mureport: cannot write %s: %s\n", set.path[i],
			bad ? "write error" : strerror(errno));
		set_abort();
		return -1;
	}
	return 0;
}

/* Every file of the set written: put them in place. */
static int save_done(void)
{
	int i;

	for (i = 0; i < set.n; i++)
		if (rename(set.tmp[i], set.path[i])) {
			fprintf(stderr, "mureport: cannot write %s: %s\n",
				set.path[i], strerror(errno));
			set_abort();
			return -1;
		}
	set.n = 0;
	return 0;
}

/* Where the value of a build option goes, or NULL if ARG is none. */
static const char **option_slot(struct build_args *a, const char **dest,
				const char *arg)
{
	static const struct {
		const char *name;
		size_t offset;
	} opts[] = {
		{ "--out", offsetof(struct build_args, out_dir) },
		{ "--build", offsetof(struct build_args, build_dir) },
		{ "--sizes", offsetof(struct build_args, sizes_dir) },
		{ "--base", offsetof(struct build_args, base) },
		{ "--arch", offsetof(struct build_args, arch) },
		{ "--package", offsetof(struct build_args, package) },
		{ "--kver", offsetof(struct build_args, kver) },
		{ "--lost", offsetof(struct build_args, lost_file) },
		{ "--absent", offsetof(struct build_args, absent_file) },
		{ "--corpus", offsetof(struct build_args, corpus_dir) },
		{ "--corpus-base", offsetof(struct build_args, corpus_base) },
		{ "--scan", offsetof(struct build_args, scan_file) },
		{ "--debian", offsetof(struct build_args, debian_dir) },
		{ "--debian-variants", offsetof(struct build_args, debian_variants) },
		{ "--kunit", offsetof(struct build_args, kunit_dir) },
		{ "--pending", offsetof(struct build_args, pending_list) },
	};
	size_t i;

	if (!strcmp(arg, "--dest"))
		return dest;
	for (i = 0; i < sizeof(opts) / sizeof(opts[0]); i++)
		if (!strcmp(arg, opts[i].name))
			return (const char **)((char *)a + opts[i].offset);
	return NULL;
}

static int build(int argc, char **argv)
{
	struct build_args a = { 0 };
	const char *dest = NULL;
	json_t *r;
	int i, rc;

	for (i = 0; i < argc; i++) {
		const char **slot = NULL;

		if (!strcmp(argv[i], "--pair") && i + 1 < argc) {
			char *colon = strchr(argv[++i], ':');

			if (!colon || a.npairs == 8) {
				fprintf(stderr, "mureport: build: --pair wants FROM:TO, at most 8\n");
				return 2;
			}
			*colon = 0;
			a.pairs[a.npairs][0] = argv[i];
			a.pairs[a.npairs++][1] = colon + 1;
			continue;
		}
		slot = option_slot(&a, &dest, argv[i]);
		if (!slot && argv[i][0] == '-') {
			fprintf(stderr, "mureport: build: unknown option '%s'\n",
				argv[i]);
			return 2;
		}
		if (!slot)
			break;
		if (i + 1 >= argc) {
			fprintf(stderr, "mureport: build: %s needs a value\n",
				argv[i]);
			return 2;
		}
		*slot = argv[++i];
	}
	a.variants = (const char *const *)argv + i;
	a.nvariants = argc - i;
	if (!a.out_dir || !a.build_dir || !a.sizes_dir || !dest || !a.base ||
	    !a.arch || !a.package || !a.kver || a.nvariants < 2 || a.nvariants > 16) {
		fprintf(stderr, "mureport: build: missing option or fewer than 2 variants\n");
		usage(stderr);
		return 2;
	}
	if (a.pending_list) {
		a.pending = report_pending_parse(a.pending_list);
		if (!a.pending)
			return 2;
	}
	r = report_build(&a);
	json_decref(a.pending);

	rc = !r || save(dest, "report.json", r, NULL) ||
	     save(dest, "report.md", r, report_markdown) ||
	     save(dest, "report.html", r, report_html) || save_done();
	json_decref(r);
	return rc;
}

static json_t *load(const char *path)
{
	json_error_t e;
	json_t *r = json_load_file(path, 0, &e);

	if (!r) {
		fprintf(stderr, "mureport: %s:%d: not a report: %s\n", path,
			e.line, e.text);
		return NULL;
	}
	if (strcmp(json_string_value(json_object_get(r, "schema")) ?: "",
		   REPORT_SCHEMA)) {
		fprintf(stderr, "mureport: %s: schema is not %s\n", path,
			REPORT_SCHEMA);
		json_decref(r);
		return NULL;
	}
	if (report_check(r, path)) {
		json_decref(r);
		return NULL;
	}
	return r;
}

static int diff(int argc, char **argv)
{
	int sizes = 0, rc;
	json_t *a, *b;

	if (argc && !strcmp(argv[0], "--sizes")) {
		sizes = 1;
		argc--;
		argv++;
	}
	if (argc != 2) {
		usage(stderr);
		return 2;
	}
	a = load(argv[0]);
	b = a ? load(argv[1]) : NULL;
	if (!a || !b || report_refuse_pending(a, argv[0], "diff") +
	    report_refuse_pending(b, argv[1], "diff")) {
		json_decref(a);
		json_decref(b);
		return 2;
	}
	rc = report_diff(a, b, sizes, stdout);
	json_decref(a);
	json_decref(b);
	return rc;
}

/*
 * Exit 1 with a line per incomplete variant or pending section: make's
 * verdict on a run.
 */
static int complete(int argc, char **argv)
{
	json_t *r, *v;
	size_t k;
	int bad = 0;

	if (argc != 1) {
		usage(stderr);
		return 2;
	}
	r = load(argv[0]);
	if (!r)
		return 2;
	json_array_foreach(json_object_get(r, "variants"), k, v) {
		if (!strcmp(report_str(v, "status"), "complete"))
			continue;
		fprintf(stderr, "report: %s: %s is incomplete: %s\n", argv[0],
			report_str(v, "name"), report_str(v, "reason"));
		bad = 1;
	}
	/* The corpus's runs, guests and host, count as much as the probe's. */
	json_array_foreach(json_object_get(json_object_get(r, "applications_runs"),
					   "runs"), k, v) {
		if (!strcmp(report_str(v, "status"), "complete"))
			continue;
		fprintf(stderr, "report: %s: corpus run %s is incomplete: %s\n",
			argv[0], report_str(v, "name"), report_str(v, "reason"));
		bad = 1;
	}
	if (report_refuse_pending(r, argv[0], "complete"))
		bad = 1;
	json_array_foreach(json_object_get(json_object_get(r, "debian_runs"),
					   "runs"), k, v) {
		if (!strcmp(report_str(v, "status"), "complete"))
			continue;
		fprintf(stderr, "report: %s: Debian boot %s is incomplete: %s\n",
			argv[0], report_str(v, "name"), report_str(v, "reason"));
		bad = 1;
	}
	json_decref(r);
	return bad;
}

/*
 * DEST/versions.{json,md} from one base's reports, oldest first; with
 * --by arch, DEST/arches.{json,md} from one version's reports.
 */
static int versions(int argc, char **argv)
{
	const char *by = "version";
	json_t *r[16], *v;
	int i, n, rc = 0;

	if (argc >= 2 && !strcmp(argv[0], "--by")) {
		by = argv[1];
		argc -= 2;
		argv += 2;
	}
	if (strcmp(by, "version") && strcmp(by, "arch")) {
		fprintf(stderr, "mureport: versions: --by %s: not version or arch\n",
			by);
		return 2;
	}
	if (argc < 3 || strcmp(argv[0], "--dest") || argc - 2 > 16) {
		usage(stderr);
		return 2;
	}
	n = argc - 2;
	for (i = 0; i < n; i++) {
		r[i] = load(argv[i + 2]);
		if (r[i] && report_refuse_pending(r[i], argv[i + 2], "versions")) {
			json_decref(r[i]);
			r[i] = NULL;
		}
		if (!r[i]) {
			while (i--)
				json_decref(r[i]);
			return 2;
		}
	}
	v = report_versions(r, n, by);
	if (save(argv[1], strcmp(by, "arch") ? "versions.json" : "arches.json",
		 v, NULL) ||
	    save(argv[1], strcmp(by, "arch") ? "versions.md" : "arches.md", v,
		 report_versions_markdown) ||
	    save_done())
		rc = 1;
	json_decref(v);
	for (i = 0; i < n; i++)
		json_decref(r[i]);
	return rc;
}

/* DEST/report.{md,html} again from a report.json (an old one, or a golden). */
static int render(int argc, char **argv)
{
	json_t *r;
	int rc;

	if (argc != 3 || strcmp(argv[0], "--dest")) {
		usage(stderr);
		return 2;
	}
	r = load(argv[2]);
	if (!r)
		return 2;
	rc = save(argv[1], "report.md", r, report_markdown) ||
	     save(argv[1], "report.html", r, report_html) || save_done();
	json_decref(r);
	return rc;
}

int main(int argc, char **argv)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGXFSZ };
	size_t i;

	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		signal(sigs[i], on_signal);
	if (argc >= 2 && !strcmp(argv[1], "build"))
		return build(argc - 2, argv + 2);
	if (argc >= 2 && !strcmp(argv[1], "diff"))
		return diff(argc - 2, argv + 2);
	if (argc >= 2 && !strcmp(argv[1], "complete"))
		return complete(argc - 2, argv + 2);
	if (argc >= 2 && !strcmp(argv[1], "versions"))
		return versions(argc - 2, argv + 2);
	if (argc >= 2 && !strcmp(argv[1], "render"))
		return render(argc - 2, argv + 2);
	if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		usage(stdout);
		return 0;
	}
	usage(stderr);
	return 2;
}
