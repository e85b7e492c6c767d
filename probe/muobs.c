// SPDX-License-Identifier: GPL-2.0
/*
 * muobs: standard input as observations, "# ID KEY=PREFIX<line>", escaped
 * as report/formats.md says; what muprobe --obs does, on its own so that
 * the corpus image, which needs only this, does not change with every
 * probe.
 *
 * usage: muobs ID KEY [PREFIX]
 */
#include <stdio.h>

#include "escape.h"

int main(int argc, char **argv)
{
	if (argc != 3 && argc != 4) {
		fputs("usage: muobs ID KEY [PREFIX]\n", stderr);
		return 2;
	}
	return obs_stream(stdin, stdout, argv[1], argv[2],
			  argc == 4 ? argv[3] : "") ? 1 : 0;
}
