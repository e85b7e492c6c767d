// SPDX-License-Identifier: GPL-2.0
/*
 * Sections a report was written without because make had not made them
 * yet: make's first report comes before the in-kernel tests and the
 * Debian boots, which take minutes more, and is rewritten when they are
 * done.  Such a report says so at the top and in each section, complete
 * refuses it, and diff and versions will not compare it: an empty
 * section there would read as tests that vanished.
 */
#include <stdio.h>
#include <string.h>

#include "report.h"

static const struct {
	const char *name, *what;
} sections[] = {
	{ "kunit", "the in-kernel tests (KUnit)" },
	{ "debian", "the Debian boots" },
};

/* The section named by LEN bytes of NAME, or -1. */
static int section_of(const char *name, size_t len)
{
	size_t k;

	for (k = 0; k < sizeof(sections) / sizeof(sections[0]); k++)
		if (strlen(sections[k].name) == len &&
		    !strncmp(name, sections[k].name, len))
			return k;
	return -1;
}

/* LIST, "kunit,debian", as the report's "pending" array; NULL if bad. */
json_t *report_pending_parse(const char *list)
{
	json_t *p = json_array();
	const char *s = list;

	while (*s) {
		size_t len = strcspn(s, ",");
		int k = section_of(s, len);

		if (k < 0) {
			fprintf(stderr, "mureport: build: --pending %s: '%.*s' is not kunit or debian\n",
				list, (int)len, s);
			json_decref(p);
			return NULL;
		}
		json_array_append_new(p, json_string(sections[k].name));
		s += len + !!s[len];
	}
	return p;
}

int report_is_pending(json_t *r, const char *section)
{
	json_t *v;
	size_t n;

	json_array_foreach(json_object_get(r, "pending"), n, v)
		if (!strcmp(json_string_value(v), section))
			return 1;
	return 0;
}

/* 1, naming each pending section of R on stderr for CMD, if it has any. */
int report_refuse_pending(json_t *r, const char *path, const char *cmd)
{
	json_t *v;
	size_t n;

	json_array_foreach(json_object_get(r, "pending"), n, v)
		fprintf(stderr, "mureport: %s: %s: section %s is pending (make's first report; make writes it whole when it ends)\n",
			cmd, path, json_string_value(v));
	return json_array_size(json_object_get(r, "pending")) > 0;
}

void report_pending_summary(json_t *r, FILE *f)
{
	json_t *v;
	size_t n;

	if (!json_array_size(json_object_get(r, "pending")))
		return;
	fprintf(f, "- **First report**: `make` wrote it before");
	json_array_foreach(json_object_get(r, "pending"), n, v) {
		const char *name = json_string_value(v);
		int k = section_of(name, strlen(name));

		if (k >= 0)
			fprintf(f, "%s %s", n ? " and" : "", sections[k].what);
	}
	fprintf(f, " and writes it again, whole, when they are done.\n");
}

void report_pending_section(FILE *f)
{
	fprintf(f, "Pending: `make` writes this section when it is done.\n\n");
}
