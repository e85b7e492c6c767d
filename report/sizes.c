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

static json_t *bloat(const char *dir, const char *a, const char *b)
{
	FILE *f = open2(dir, a, "--", b, "bloat");
	json_t *o, *top;
	char line[512], sym[256];
	long old, new, delta, total;
	char *paren;

	if (!f)
		return NULL;
	o = json_object();
	top = json_array();
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = 0;
		if (!strncmp(line, "add/remove:", 11)) {
			json_object_set_new(o, "summary", json_string(line));
			paren = strrchr(line, '(');
			if (paren && sscanf(paren, "(%ld)", &total) == 1)
				json_object_set_new(o, "total",
						    json_integer(total));
		} else if (sscanf(line, "%255s %ld %ld %ld", sym, &old, &new,
				  &delta) == 4 &&
			   json_array_size(top) < TOP_SYMBOLS) {
			json_array_append_new(top, json_pack("{s:s,s:i,s:i,s:i}",
				"symbol", sym, "old", (json_int_t)old,
				"new", (json_int_t)new, "delta", (json_int_t)delta));
		}
	}
	fclose(f);
	json_object_set_new(o, "top", top);
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
