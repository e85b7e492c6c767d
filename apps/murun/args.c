// SPDX-License-Identifier: GPL-2.0
/*
 * murun's command line, apart from everything it starts, so that it can
 * be tested and fuzzed without running anything.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "murun.h"

int mu_parse_args(int argc, char **argv, struct mu_args *a)
{
	static const struct option opts[] = {
		{ "mode", required_argument, NULL, 'm' },
		{ "trace", no_argument, NULL, 't' },
		{ "output", required_argument, NULL, 'o' },
		{ "status", no_argument, NULL, 's' },
		{ "summary", no_argument, NULL, 'S' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	int c;

	memset(a, 0, sizeof(*a));
	/* getopt keeps its place in globals: start afresh every time. */
	optind = 0;
	opterr = 1;
	while ((c = getopt_long(argc, argv, "+h", opts, NULL)) != -1) {
		switch (c) {
		case 'm':
			if (!strcmp(optarg, "compat")) {
				a->compat = 1;
			} else if (!strcmp(optarg, "native")) {
				a->native = 1;
			} else if (strcmp(optarg, "nomultiuser")) {
				fprintf(stderr, "murun: unknown mode '%s' (nomultiuser, compat or native)\n",
					optarg);
				return 2;
			}
			break;
		case 't':
			a->trace = 1;
			break;
		case 'o':
			a->output = optarg;
			break;
		case 's':
			a->status = 1;
			break;
		case 'S':
			a->summary = 1;
			break;
		case 'h':
			a->help = 1;
			return 0;
		default:
			a->usage = 1;
			return 2;
		}
	}
	if (optind >= argc) {
		fprintf(stderr, "murun: no program given\n");
		a->usage = 1;
		return 2;
	}
	if (a->output && !a->trace && !a->native) {
		fprintf(stderr, "murun: --output needs --trace or --mode=native\n");
		return 2;
	}
	if (a->summary && a->native) {
		fprintf(stderr, "murun: --summary needs --mode=nomultiuser or compat\n");
		return 2;
	}
	if (a->status && !a->native) {
		fprintf(stderr, "murun: --status needs --mode=native\n");
		return 2;
	}
	a->program = argv + optind;
	return 0;
}
