// SPDX-License-Identifier: GPL-2.0
/*
 * Guest results parser.  The guest's /init frames each payload between
 * "@@ begin NAME" and "@@ end NAME rc=N" and ends with "@@ done"; KTAP
 * inside carries observations as "# <id> <key>=<value>".
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "results.h"

static void __attribute__((format(printf, 2, 3)))
incomplete(json_t *r, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	/* The first reason is the one that explains the rest. */
	if (!strcmp(json_string_value(json_object_get(r, "status")),
		    "incomplete"))
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	json_object_set_new(r, "status", json_string("incomplete"));
	json_object_set_new(r, "reason", json_string(buf));
}

static json_t *child(json_t *o, const char *key)
{
	json_t *c = json_object_get(o, key);

	if (!c) {
		c = json_object();
		json_object_set_new(o, key, c);
	}
	return c;
}

/* Length of the valid UTF-8 prefix of S (N bytes): N when all of it is. */
static size_t utf8_valid(const unsigned char *s, size_t n)
{
	size_t i = 0, k, len;

	while (i < n) {
		unsigned char c = s[i];
		unsigned int cp;

		if (c < 0x80) {
			i++;
			continue;
		}
		len = c >= 0xf0 && c < 0xf5 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 ? 2 : 0;
		if (!len || (len == 3 && c >= 0xf0) || i + len > n)
			return i;
		cp = c & (0x7f >> len);
		for (k = 1; k < len; k++) {
			if ((s[i + k] & 0xc0) != 0x80)
				return i;
			cp = cp << 6 | (s[i + k] & 0x3f);
		}
		/* Overlong forms, surrogates and beyond U+10FFFF. */
		if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
		    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
			return i;
		i += len;
	}
	return n;
}

/*
 * A section's KTAP, top level and one level of subtests (the sweeps,
 * indented by four): every "1..N" plan must be met by results numbered
 * 1 to N in order, so a line lost inside an intact file is noticed.
 */
struct ktap {
	int plan[2], seen[2], planline[2];
	char err[200];
};

static void ktap_fail(struct ktap *k, const char *fmt, int a, int b, int c)
{
	if (!k->err[0])
		snprintf(k->err, sizeof(k->err), fmt, a, b, c);
}

/* A subtest or the section ends: its results must have met its plan. */
static void ktap_close(struct ktap *k, int lvl, int lineno)
{
	if (k->plan[lvl] >= 0 && k->seen[lvl] != k->plan[lvl])
		ktap_fail(k, "lost lines: the plan 1..%d of line %d has %d results",
			  k->plan[lvl], k->planline[lvl], k->seen[lvl]);
	else if (k->plan[lvl] < 0 && k->seen[lvl])
		ktap_fail(k, "lost lines: %d results before line %d have no plan",
			  k->seen[lvl], lineno, 0);
	k->plan[lvl] = -1;
	k->seen[lvl] = 0;
}

static void ktap_line(struct ktap *k, const char *line, int lineno)
{
	int lvl = !strncmp(line, "    ", 4), n;
	const char *s = line + 4 * lvl;

	if (!lvl && line[0] == ' ')
		return;
	if (!strncmp(s, "1..", 3)) {
		if (k->plan[lvl] >= 0 || k->seen[lvl])
			ktap_fail(k, lvl ? "lost lines: a subtest's plan at line %d before the last one ended" :
				  "repeated: a second plan at line %d", lineno, 0, 0);
		k->plan[lvl] = atoi(s + 3);
		k->planline[lvl] = lineno;
		return;
	}
	if (!strncmp(s, "not ok ", 7))
		s += 4;
	else if (strncmp(s, "ok ", 3))
		return;
	n = atoi(s + 3);
	/* A top-level result closes the subtest it summarises. */
	if (!lvl && (k->plan[1] >= 0 || k->seen[1]))
		ktap_close(k, 1, lineno);
	if (n && n == k->seen[lvl])
		ktap_fail(k, "repeated: result %d again at line %d (%d)", n, lineno, n);
	else if (n != k->seen[lvl] + 1)
		ktap_fail(k, "lost lines: result %d at line %d follows result %d",
			  n, lineno, k->seen[lvl]);
	k->seen[lvl] = n;
	if (k->plan[lvl] >= 0 && n > k->plan[lvl])
		ktap_fail(k, "repeated: result %d at line %d is beyond the plan 1..%d",
			  n, lineno, k->plan[lvl]);
}

static void ktap_reset(struct ktap *k)
{
	k->plan[0] = k->plan[1] = -1;
	k->seen[0] = k->seen[1] = 0;
}

/* "# ID KEY=VALUE": split in place; returns 0 if the line has that form. */
static int split_obs(char *s, char **id, char **key, char **val)
{
	char *sp, *eq;

	if (strncmp(s, "# ", 2))
		return -1;
	*id = s + 2;
	sp = strchr(*id, ' ');
	if (!sp)
		return -1;
	*sp = 0;
	*key = sp + 1;
	eq = strchr(*key, '=');
	if (!eq || eq == *key)
		return -1;
	sp = strchr(*key, ' ');
	if (sp && sp < eq)
		return -1;
	*eq = 0;
	*val = eq + 1;
	return 0;
}

static void probe_line(json_t *r, char *line)
{
	json_t *probes = child(r, "probe"), *order = json_object_get(r, "order");
	char *id, *key, *val;
	json_t *p;

	/* Sweep lines are indented by four: "    # sweep.ABI.NAME key=v". */
	if (!strncmp(line, "    # sweep.", 12)) {
		char *abi, *name;

		if (split_obs(line + 4, &id, &key, &val))
			return;
		abi = id + 6;
		name = strchr(abi, '.');
		if (!name)
			return;
		*name++ = 0;
		p = child(child(child(r, "sweep"), abi), name);
		if (!strcmp(key, "nr"))
			json_object_set_new(p, "nr", json_integer(atoi(val)));
		else if (!strcmp(key, "result"))
			json_object_set_new(p, "result", json_string(val));
		else if (!strcmp(key, "needs"))
			json_object_set_new(p, "needs", json_string(val));
		return;
	}
	if (split_obs(line, &id, &key, &val))
		return;
	if (!strcmp(id, "muprobe"))
		return;
	p = json_object_get(probes, id);
	if (!p) {
		p = json_object();
		json_object_set_new(probes, id, p);
		json_array_append_new(order, json_string(id));
	}
	if (!strcmp(key, "verdict") || !strcmp(key, "reason") ||
	    !strcmp(key, "cat") || !strcmp(key, "desc") ||
	    !strcmp(key, "linux")) {
		json_object_set_new(p, key, json_string(val));
	} else {
		json_t *obs = child(p, "obs"), *old = json_object_get(obs, key);

		if (old) {
			char *joined;

			if (asprintf(&joined, "%s\n%s", json_string_value(old),
				     val) < 0)
				return;
			json_object_set_new(obs, key, json_string(joined));
			free(joined);
		} else {
			json_object_set_new(obs, key, json_string(val));
		}
	}
}

/*
 * "# ID key=value" of a scenario (in MAP "apps") or a corpus program
 * ("corpus"): exit is a number; what it printed (KEYS named in OUTPUTS)
 * gathers in "output", proc lines (one per process) in "procs"; the rest
 * are strings.
 */
static void entry_line(json_t *r, char *line, const char *map,
		       const char *order_key, const char *const *outputs)
{
	json_t *m = child(r, map), *order = json_object_get(r, order_key);
	char *id, *key, *val;
	json_t *a;
	int i;

	if (split_obs(line, &id, &key, &val))
		return;
	a = json_object_get(m, id);
	if (!a) {
		a = json_object();
		json_object_set_new(a, "output", json_array());
		json_object_set_new(m, id, a);
		json_array_append_new(order, json_string(id));
	}
	if (!strcmp(key, "exit")) {
		json_object_set_new(a, key, json_integer(atoi(val)));
		return;
	}
	if (!strcmp(key, "proc")) {
		if (!json_object_get(a, "procs"))
			json_object_set_new(a, "procs", json_array());
		json_array_append_new(json_object_get(a, "procs"),
				      json_string(val));
		return;
	}
	for (i = 0; outputs[i]; i++) {
		char *s;

		if (strcmp(key, outputs[i]))
			continue;
		if (asprintf(&s, "%s: %s", key, val) < 0)
			return;
		json_array_append_new(json_object_get(a, "output"),
				      json_string(s));
		free(s);
		return;
	}
	json_object_set_new(a, key, json_string(val));
}

static void apps_line(json_t *r, char *line)
{
	static const char *const out[] = { "stdout", "stderr", "state", NULL };

	entry_line(r, line, "apps", "app_order", out);
}

static void corpus_line(json_t *r, char *line)
{
	static const char *const out[] = {
		"stdout", "stderr", "check", "check_stderr", NULL
	};

	entry_line(r, line, "corpus", "corpus_order", out);
}

static void debian_line(json_t *r, char *line)
{
	static const char *const out[] = { NULL };

	entry_line(r, line, "debian", "debian_order", out);
}

json_t *results_load(const char *out_dir, const char *variant, int want)
{
	json_t *r = json_object();
	char path[4096], shown[256], *line = NULL, section[64] = "";
	int lineno = 0, done = 0, ended_probe = 0, ended_apps = 0, probe_end = 0;
	int ended_corpus = 0, corpus_end = 0, ended_debian = 0;
	struct ktap ktap = { .err = "" };
	char lost[512] = "";
	size_t cap = 0;
	ssize_t n;
	FILE *f;

	json_object_set_new(r, "status", json_string("complete"));
	json_object_set_new(r, "order", json_array());
	json_object_set_new(r, "app_order", json_array());
	json_object_set_new(r, "corpus_order", json_array());
	json_object_set_new(r, "debian_order", json_array());
	json_object_set_new(r, "kernel", json_object());
	/* Reasons name files relative to the output folder: no host paths. */
	snprintf(path, sizeof(path), "%s/%s/results.txt", out_dir, variant);
	snprintf(shown, sizeof(shown), "%s/results.txt", variant);
	f = fopen(path, "r");
	if (!f) {
		struct stat st;
		char why[256] = "";
		FILE *rf;

		snprintf(path, sizeof(path), "%s/%s.failed", out_dir, variant);
		snprintf(shown, sizeof(shown), "%s.failed", variant);
		if (stat(path, &st)) {
			incomplete(r, "no results: %s was not booted", variant);
			return r;
		}
		/* The runner's one line, when it left one. */
		snprintf(path, sizeof(path), "%s/%s.failed/reason", out_dir,
			 variant);
		rf = fopen(path, "r");
		if (rf) {
			if (fgets(why, sizeof(why), rf))
				why[strcspn(why, "\n")] = '\0';
			fclose(rf);
		}
		incomplete(r, "the guest run failed%s%s; evidence in %s",
			   *why ? ": " : "", why, shown);
		return r;
	}
	while ((n = getline(&line, &cap, f)) > 0) {
		lineno++;
		if (line[n - 1] != '\n') {
			incomplete(r, "truncated: last line of %s has no newline",
				   shown);
			break;
		}
		line[--n] = 0;
		if (memchr(line, 0, n)) {
			incomplete(r, "garbage: NUL byte in %s", shown);
			continue;
		}
		if (lineno == 1) {
			if (strcmp(line, "@@ muprobe-guest 1"))
				incomplete(r, "garbage: %s does not start with '@@ muprobe-guest 1'",
					   shown);
			continue;
		}
		if (utf8_valid((unsigned char *)line, n) != (size_t)n) {
			char where[320];

			/* JSON cannot hold it: name the place, drop the line. */
			snprintf(where, sizeof(where), "%s line %d", shown, lineno);
			incomplete(r, "bad bytes: invalid UTF-8 in %s", where);
			continue;
		}
		if (!strncmp(line, "@@ begin ", 9)) {
			snprintf(section, sizeof(section), "%s", line + 9);
			ktap_reset(&ktap);
			continue;
		}
		if (!strncmp(line, "@@ end ", 7)) {
			char *rc = strstr(line, " rc=");

			if (rc && atoi(rc + 4) != 0)
				incomplete(r, "payload exited non-zero: %s",
					   line + 7);
			ktap_close(&ktap, 1, lineno);
			ktap_close(&ktap, 0, lineno);
			if (ktap.err[0] && !lost[0])
				snprintf(lost, sizeof(lost), "%s (section %s of %s)",
					 ktap.err, section, shown);
			ended_probe |= !strcmp(section, "probe");
			ended_apps |= !strcmp(section, "apps");
			ended_corpus |= !strcmp(section, "corpus");
			ended_debian |= !strcmp(section, "debian");
			section[0] = 0;
			continue;
		}
		if (!strcmp(line, "@@ done")) {
			done = 1;
			continue;
		}
		if (section[0] && strcmp(section, "kernel"))
			ktap_line(&ktap, line, lineno);
		if (!strcmp(section, "kernel")) {
			char *eq = strchr(line, '=');

			if (eq) {
				*eq = 0;
				json_object_set_new(json_object_get(r, "kernel"),
						    line, json_string(eq + 1));
			}
		} else if (!strcmp(section, "probe")) {
			probe_end |= !strcmp(line, "# muprobe end");
			probe_line(r, line);
		} else if (!strcmp(section, "apps")) {
			apps_line(r, line);
		} else if (!strcmp(section, "corpus")) {
			corpus_end |= !strcmp(line, "# corpus end");
			corpus_line(r, line);
		} else if (!strcmp(section, "debian")) {
			debian_line(r, line);
		}
	}
	free(line);
	if (ferror(f))
		incomplete(r, "cannot read %s", strerror(errno));
	fclose(f);
	if (lineno == 0)
		incomplete(r, "empty results file %s", shown);
	else if (!done)
		incomplete(r, "truncated: %s has no '@@ done' end line", shown);
	else if ((want & RESULTS_PROBE) && (!ended_probe || !probe_end))
		incomplete(r, "the probe did not reach its end line in %s", shown);
	else if ((want & RESULTS_APPS) && !ended_apps)
		incomplete(r, "the scenarios did not finish in %s", shown);
	else if ((want & RESULTS_CORPUS) && (!ended_corpus || !corpus_end))
		incomplete(r, "the corpus did not reach its end line in %s", shown);
	else if ((want & RESULTS_DEBIAN) && !ended_debian)
		incomplete(r, "the Debian collector did not finish in %s", shown);
	else if (lost[0])
		incomplete(r, "%s", lost);
	return r;
}
