// SPDX-License-Identifier: GPL-2.0
/*
 * Unit test of the probe table: ids unique and well formed, every row has
 * a category, a description, an expectation and a function, and enough
 * rows to cover what issue 3 asks for.  Prints KTAP and "N passed, N
 * failed"; exits 1 on any failure.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "muprobe.h"

static int pass, fail;

static void check(int ok, const char *what, const char *id)
{
	printf("%sok %d %s %s\n", ok ? "" : "not ", pass + fail + 1, what, id);
	if (ok)
		pass++;
	else
		fail++;
}

static int well_formed(const char *id)
{
	const char *c;

	if (!strchr(id, '.'))
		return 0;
	for (c = id; *c; c++)
		if (!islower((unsigned char)*c) && !isdigit((unsigned char)*c) &&
		    *c != '.' && *c != '_')
			return 0;
	return 1;
}

int main(void)
{
	const struct probe *all[512];
	size_t n = 0, s, j, k;

	for (s = 0; s < n_sets; s++)
		for (j = 0; j < probe_sets[s]->n && n < 512; j++)
			all[n++] = &probe_sets[s]->rows[j];
	printf("KTAP version 1\n1..%zu\n", 1 + 4 * n);
	check(n >= 60, "at least 60 probes", "");
	for (j = 0; j < n; j++) {
		int dup = 0;

		for (k = 0; k < j; k++)
			dup |= !strcmp(all[j]->id, all[k]->id);
		check(!dup, "unique id", all[j]->id);
		check(well_formed(all[j]->id), "id is lower.dotted", all[j]->id);
		check(all[j]->cat && *all[j]->cat && all[j]->desc &&
		      *all[j]->desc && all[j]->run, "has category, description, function",
		      all[j]->id);
		check(all[j]->linux_does && strlen(all[j]->linux_does) > 1,
		      "has an expectation", all[j]->id);
	}
	printf("%d passed, %d failed\n", pass, fail);
	return fail ? 1 : 0;
}
