// SPDX-License-Identifier: GPL-2.0
/*
 * report.html: one self-contained file, inline CSS and SVG, nothing
 * fetched.  The matrix is colour-coded; sizes get a bar chart.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

static void esc(FILE *f, const char *t)
{
	static const char *const ent[256] = {
		['<'] = "&lt;", ['>'] = "&gt;", ['&'] = "&amp;",
		['"'] = "&quot;", ['\''] = "&#39;",
	};

	for (; *t; t++) {
		if (ent[(unsigned char)*t])
			fputs(ent[(unsigned char)*t], f);
		else
			fputc(*t, f);
	}
}

static const char css[] =
	"body{font:14px/1.4 sans-serif;margin:2em;color:#222}"
	"table{border-collapse:collapse;margin:1em 0}"
	"td,th{border:1px solid #ccc;padding:2px 6px;text-align:left;vertical-align:top}"
	"th{background:#eee}.same{background:#dfd}.skip{background:#eee;color:#666}"
	".loud{background:#fd9}.silent{background:#f88;font-weight:bold}"
	".broken,.missing{background:#c6f}pre{background:#f6f6f6;padding:.5em;overflow:auto}"
	"code{font-size:90%}";

static void chart(json_t *r, FILE *f)
{
	json_t *p;
	size_t n;
	long max = 1;
	int y = 0;

	json_array_foreach(json_object_get(r, "sizes"), n, p) {
		long t = labs((long)json_integer_value(json_object_get(
			json_object_get(p, "bloat_o_meter"), "total")));

		if (t > max)
			max = t;
	}
	fprintf(f, "<svg xmlns='http://www.w3.org/2000/svg' width='760' height='%zu' role='img' aria-label='bloat-o-meter totals'>",
		json_array_size(json_object_get(r, "sizes")) * 30 + 10);
	json_array_foreach(json_object_get(r, "sizes"), n, p) {
		long t = (long)json_integer_value(json_object_get(
			json_object_get(p, "bloat_o_meter"), "total"));
		int w = (int)(labs(t) * 300 / max);

		fprintf(f, "<text x='0' y='%d' font-size='12'>", y + 17);
		esc(f, report_str(p, "from"));
		fputs(" &#8594; ", f);
		esc(f, report_str(p, "to"));
		fprintf(f, "</text><rect x='300' y='%d' width='%d' height='20' fill='%s'/>"
			"<text x='%d' y='%d' font-size='12'>%ld bytes</text>",
			y + 4, w ? w : 1, t < 0 ? "#4a4" : "#c44", 305 + w,
			y + 18, t);
		y += 30;
	}
	fputs("</svg>\n", f);
}

static void summary(json_t *r, FILE *f)
{
	json_t *v, *by = json_object_get(json_object_get(r, "summary"),
					 "by_variant");
	size_t n;

	fputs("<h2>Summary</h2><table><tr><th>variant</th><th>status</th>"
	      "<th>silent</th><th>loud</th><th>like Linux</th>"
	      "<th>skipped</th></tr>\n", f);
	json_array_foreach(json_object_get(r, "variants"), n, v) {
		json_t *c = json_object_get(by, report_str(v, "name"));

		fputs("<tr><td>", f);
		esc(f, report_str(v, "name"));
		fputs("</td><td>", f);
		esc(f, report_str(v, "status"));
		if (*report_str(v, "reason")) {
			fputs(": ", f);
			esc(f, report_str(v, "reason"));
		}
		fprintf(f, "</td><td>%lld</td><td>%lld</td><td>%lld</td><td>%lld</td></tr>\n",
			json_integer_value(json_object_get(c, "silent")),
			json_integer_value(json_object_get(c, "loud")),
			json_integer_value(json_object_get(c, "same")),
			json_integer_value(json_object_get(c, "skip")));
	}
	fputs("</table>\n", f);
}

static void matrix(json_t *r, FILE *f)
{
	json_t *row, *v, *vars = json_object_get(r, "variants");
	size_t n, m;
	int pass;

	fputs("<h2>Probe matrix</h2><p>Silent differences first.</p><table><tr><th>probe</th>", f);
	json_array_foreach(vars, m, v) {
		fputs("<th>", f);
		esc(f, report_str(v, "name"));
		fputs("</th>", f);
	}
	fputs("<th>what Linux does</th></tr>\n", f);
	for (pass = 0; pass < 3; pass++) {
		json_array_foreach(json_object_get(r, "probes"), n, row) {
			if (report_rank(row, vars) != pass)
				continue;
			fputs("<tr><td><code>", f);
			esc(f, report_str(row, "id"));
			fputs("</code></td>", f);
			json_array_foreach(vars, m, v) {
				const char *x = report_str(json_object_get(row, "verdict"),
						  report_str(v, "name"));

				fprintf(f, "<td class='%s' title='", x);
				esc(f, report_str(json_object_get(row, "reason"), report_str(v, "name")));
				fprintf(f, "'>%s</td>", x);
			}
			fputs("<td>", f);
			esc(f, report_str(row, "linux"));
			fputs("</td></tr>\n", f);
		}
	}
	fputs("</table>\n", f);
}

void report_html(json_t *r, FILE *f)
{
	char *md = NULL;
	size_t len = 0;
	FILE *mf = open_memstream(&md, &len);

	fprintf(f, "<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'><title>muprobe report</title><style>%s</style></head><body>\n",
		css);
	fputs("<h1>muprobe: how CONFIG_MULTIUSER=n differs from Linux</h1>\n", f);
	summary(r, f);
	fputs("<h2>What it saves (bloat-o-meter totals)</h2>\n", f);
	chart(r, f);
	matrix(r, f);
	/* The rest as the Markdown text, verbatim, so nothing is lost. */
	if (mf) {
		report_markdown(r, mf);
		fclose(mf);
		fputs("<h2>Full report</h2><pre>", f);
		esc(f, md ? md : "");
		fputs("</pre>\n", f);
		free(md);
	}
	fputs("</body></html>\n", f);
}
