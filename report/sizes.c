// SPDX-License-Identifier: GPL-2.0
/*
 * Size figures per variant pair, read from what measure-sizes.sh saved:
 * bloat-o-meter's summary and top symbols, size -A sections, bzImage.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

#define TOP_SYMBOLS 10

static FILE *open2(const char *dir, const char *a, const char *sep,
		   const char *b, const char *ext)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s%s%s.%s", dir, a, sep, b, ext);
	return fopen(path, "r");
}

static json_t *sections(const char *dir, const char *v)
{
	static const char *const keep[] = {
		".text", ".rodata", ".data", ".bss", ".init.text", ".init.data"
	};
	FILE *f = open2(dir, v, "", "", "size");
	json_t *o = json_object();
	char name[64];
	long size;
	size_t i;

	if (!f)
		return o;
	while (fscanf(f, "%63s %ld", name, &size) == 2)
		for (i = 0; i < sizeof(keep) / sizeof(keep[0]); i++)
			if (!strcmp(name, keep[i]))
				json_object_set_new(o, name, json_integer(size));
	fclose(f);
	return o;
}

static json_t *bzimage(const char *dir, const char *v)
{
	FILE *f = open2(dir, v, "", "", "bzimage");
	long n = -1;

	if (f) {
		if (fscanf(f, "%ld", &n) != 1)
			n = -1;
		fclose(f);
	}
	return n < 0 ? json_null() : json_integer(n);
}

/* bloat-o-meter prints "-" for the side a symbol is missing from. */
static int side(const char *tok, long *v)
{
	char *end;

	if (!strcmp(tok, "-")) {
		*v = 0;
		return 1;
	}
	*v = strtol(tok, &end, 10);
	return end != tok && !*end;
}

static int by_delta(const void *pa, const void *pb)
{
	const long *a = pa, *b = pb;

	return (a[2] > b[2]) - (a[2] < b[2]);
}

/* The TOP_SYMBOLS largest by |delta| with sign SIGN, in that order. */
static json_t *largest(const long (*d)[4], char (*names)[256], size_t n,
		       int sign)
{
	json_t *a = json_array();
	size_t k;

	for (k = 0; k < n && json_array_size(a) < TOP_SYMBOLS; k++) {
		size_t i = sign < 0 ? k : n - 1 - k;

		if ((sign < 0 && d[i][2] >= 0) || (sign > 0 && d[i][2] <= 0))
			break;
		json_array_append_new(a, json_pack("{s:s,s:I,s:I,s:I}",
			"symbol", names[(long)d[i][1]], "old", (json_int_t)d[i][0],
			"new", (json_int_t)d[i][3],
			"delta", (json_int_t)d[i][2]));
	}
	return a;
}

static json_t *bloat(const char *dir, const char *a, const char *b)
{
	FILE *f = open2(dir, a, "--", b, "bloat");
	char line[512], sym[256], t1[32], t2[32], t3[32];
	char (*names)[256] = NULL;
	long (*d)[4] = NULL;	/* old, index into names, delta, new */
	size_t n = 0, cap = 0;
	long old, new, delta, total;
	json_t *o;
	char *paren;

	if (!f)
		return NULL;
	o = json_object();
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = 0;
		if (!strncmp(line, "add/remove:", 11)) {
			json_object_set_new(o, "summary", json_string(line));
			paren = strrchr(line, '(');
			if (paren && sscanf(paren, "(%ld)", &total) == 1)
				json_object_set_new(o, "total",
						    json_integer(total));
			continue;
		}
		if (sscanf(line, "%255s %31s %31s %31s", sym, t1, t2, t3) != 4 ||
		    !side(t1, &old) || !side(t2, &new) || !side(t3, &delta))
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 256;
			d = realloc(d, cap * sizeof(*d));
			names = realloc(names, cap * sizeof(*names));
			if (!d || !names) {
				fprintf(stderr, "mureport: out of memory\n");
				exit(1);
			}
		}
		memcpy(names[n], sym, sizeof(sym));
		d[n][0] = old;
		d[n][1] = (long)n;
		d[n][2] = delta;
		d[n][3] = new;
		n++;
	}
	fclose(f);
	if (d)
		qsort(d, n, sizeof(*d), by_delta);
	json_object_set_new(o, "symbols", json_integer((json_int_t)n));
	json_object_set_new(o, "largest_removals", largest(d, names, n, -1));
	json_object_set_new(o, "largest_additions", largest(d, names, n, 1));
	free(d);
	free(names);
	return o;
}

json_t *report_sizes(const char *dir, const char *from, const char *to)
{
	json_t *o = json_object(), *b = bloat(dir, from, to);
	json_t *sf = sections(dir, from), *st = sections(dir, to);
	json_t *zf = bzimage(dir, from), *zt = bzimage(dir, to);
	json_t *tf = json_object_get(sf, ".text");
	json_t *tt = json_object_get(st, ".text");
	json_int_t total = b ? json_integer_value(json_object_get(b, "total")) : 0;

	json_object_set_new(o, "from", json_string(from));
	json_object_set_new(o, "to", json_string(to));
	if (b)
		json_object_set_new(o, "bloat_o_meter", b);
	else
		json_object_set_new(o, "bloat_o_meter_missing",
				    json_string("not measured"));
	json_object_set_new(o, "sections", json_pack("{s:o,s:o}",
		"from", sf, "to", st));
	json_object_set_new(o, "bzimage", json_pack("{s:o,s:o}",
		"from", zf, "to", zt));
	/* The kernel pads .text to a 2 MB boundary on x86_64. */
	if (b && total < 0 && tf && tt && json_equal(tf, tt))
		json_object_set_new(o, "alignment_note", json_string(
			"the saving is smaller than .text's padding: .text has the same size in both kernels"));
	return o;
}
