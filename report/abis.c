// SPDX-License-Identifier: GPL-2.0
/*
 * The sweep's two ABIs on an architecture, named as the probe names them
 * (probe/sweep.c): its own and ia32 on x86_64, its own and "compat" (not
 * probed) elsewhere.
 */
#include <string.h>

#include "report.h"

void report_abis(const char *arch, const char *abis[2])
{
	if (!arch || !*arch || !strcmp(arch, "x86_64")) {
		abis[0] = "x86_64";
		abis[1] = "ia32";
	} else {
		abis[0] = arch;
		abis[1] = "compat";
	}
}
