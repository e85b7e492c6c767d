// SPDX-License-Identifier: GPL-2.0
/*
 * KTAP writer (Documentation/dev-tools/ktap.rst).  "ok" means "behaves like
 * stock Linux"; how a "not ok" differs (loud, silent, broken) and why is in
 * the diagnostic lines just before it, in the one form every observation
 * uses:  "# <id> <key>=<value>", the value running to the end of the line.
 */
#include <stdio.h>

#include "report.h"

static const char *const words[] = {
	[V_SAME] = "same", [V_LOUD] = "loud", [V_SILENT] = "silent",
	[V_SKIP] = "skip", [V_BROKEN] = "broken",
};

/*
 * KernelCI's kselftest wrapper (test-definitions' kselftest.sh) names each
 * result after the last "# selftests: " line it saw; without one every name
 * would start with a bare ".".
 */
void ktap_header(FILE *f, int planned)
{
	fprintf(f, "KTAP version 1\n1..%d\n# selftests: muprobe: probe\n",
		planned);
}

void ktap_result(FILE *f, int indent, int n, const char *id,
		 const struct result *r)
{
	const char *pad = indent ? "    " : "";

	fprintf(f, "%s# %s verdict=%s\n", pad, id, words[r->v]);
	fprintf(f, "%s# %s reason=%s\n", pad, id, r->reason);
	if (r->v == V_SAME)
		fprintf(f, "%sok %d %s\n", pad, n, id);
	else if (r->v == V_SKIP)
		fprintf(f, "%sok %d %s # SKIP %s\n", pad, n, id, r->reason);
	else
		fprintf(f, "%snot ok %d %s\n", pad, n, id);
}
