/* SPDX-License-Identifier: GPL-2.0 */
/* The runner's side of the child report channel and the KTAP writer. */
#ifndef MUPROBE_REPORT_H
#define MUPROBE_REPORT_H

#include <stdio.h>

extern int report_fd;

enum verdict { V_SAME, V_LOUD, V_SILENT, V_SKIP, V_BROKEN };

struct result {
	enum verdict v;
	char reason[256];
};

void ktap_header(FILE *f, int planned);
void ktap_result(FILE *f, int indent, int n, const char *id,
		 const struct result *r);
int run_in_child(void (*fn)(const void *), const void *arg, int timeout_ms,
		 FILE *out, const char *id, struct result *r);

#endif
