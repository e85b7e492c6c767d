// SPDX-License-Identifier: GPL-2.0
/*
 * report.html: one self-contained file, inline CSS and SVG, nothing
 * fetched.  It is the Markdown report rendered by cmark-gfm (GitHub's
 * CommonMark with its table extension), so every section, column and count
 * is the Markdown's own; on top of that, verdict cells are colour-coded,
 * diff lines coloured and the sizes get a bar chart.
 */
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
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
	".broken,.missing{background:#c6f}.works{background:#dfd}"
	".cannot{background:#eee;color:#666}pre{background:#f6f6f6;padding:.5em;overflow:auto}"
	"code{font-size:90%}.add{background:#dfd}.del{background:#fdd}"
	".hunk{color:#66c}";

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

/* A cell whose whole text is a verdict gets the verdict's class. */
static const char *const verdicts[] = {
	"same", "loud", "silent", "skip", "broken", "missing", "works",
	"cannot",
};

static size_t verdict_cell(const char *p, FILE *f)
{
	static const char *const forms[] = { "<td>%s</td>",
					     "<td><strong>%s</strong></td>" };
	char cell[64];
	size_t i, j, n;

	for (i = 0; i < sizeof(verdicts) / sizeof(*verdicts); i++)
		for (j = 0; j < 2; j++) {
			n = snprintf(cell, sizeof(cell), forms[j], verdicts[i]);
			if (strncmp(p, cell, n))
				continue;
			fprintf(f, "<td class='%s'>%s", verdicts[i], cell + 4);
			return n;
		}
	return 0;
}

/* One line of a diff block, coloured by its first character. */
static void diff_line(const char *p, size_t n, FILE *f)
{
	const char *cls = !n ? NULL : !strncmp(p, "@@", 2) ? "hunk" :
		!strncmp(p, "+++", 3) || !strncmp(p, "---", 3) ? NULL :
		*p == '+' ? "add" : *p == '-' ? "del" : NULL;

	if (cls)
		fprintf(f, "<span class='%s'>", cls);
	fwrite(p, 1, n, f);
	if (cls)
		fputs("</span>", f);
}

/*
 * Copy cmark's HTML, classing verdict cells and diff lines, with the chart
 * after the sizes heading.  cmark escapes every text, so the tags matched
 * here can only be its own.
 */
static void decorate(json_t *r, const char *h, FILE *f)
{
	static const char diff_open[] = "<pre><code class=\"language-diff\">";
	static const char saves[] = "<h2>What it saves</h2>\n";
	const char *p = h, *nl;
	size_t n;

	while (*p) {
		if (!strncmp(p, saves, sizeof(saves) - 1)) {
			fputs(saves, f);
			chart(r, f);
			p += sizeof(saves) - 1;
		} else if (!strncmp(p, diff_open, sizeof(diff_open) - 1)) {
			fputs(diff_open, f);
			p += sizeof(diff_open) - 1;
			while (*p && strncmp(p, "</code></pre>", 13)) {
				nl = strchr(p, '\n');
				n = nl ? (size_t)(nl - p) : strlen(p);
				diff_line(p, n, f);
				p += n;
				if (*p == '\n')
					fputc(*p++, f);
			}
		} else {
			n = strncmp(p, "<td>", 4) ? 0 : verdict_cell(p, f);
			if (n)
				p += n;
			else
				fputc(*p++, f);
		}
	}
}

void report_html(json_t *r, FILE *f)
{
	cmark_parser *parser;
	cmark_node *doc;
	char *md = NULL, *h;
	size_t len = 0;
	FILE *mf = open_memstream(&md, &len);

	if (!mf)
		return;
	report_markdown(r, mf);
	fclose(mf);
	cmark_gfm_core_extensions_ensure_registered();
	parser = cmark_parser_new(CMARK_OPT_DEFAULT);
	cmark_parser_attach_syntax_extension(parser,
		cmark_find_syntax_extension("table"));
	cmark_parser_feed(parser, md, len);
	doc = cmark_parser_finish(parser);
	h = cmark_render_html(doc, CMARK_OPT_DEFAULT,
			      cmark_parser_get_syntax_extensions(parser));
	fprintf(f, "<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'><title>muprobe report</title><style>%s</style></head><body>\n",
		css);
	decorate(r, h ? h : "", f);
	fputs("</body></html>\n", f);
	free(h);
	cmark_node_free(doc);
	cmark_parser_free(parser);
	free(md);
}
