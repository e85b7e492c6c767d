// SPDX-License-Identifier: GPL-2.0
/*
 * Why a syscall is lost: report/lost-syscalls.py names, per entry point,
 * the option whose absence compiles it out.  The guests only see ENOSYS;
 * this lets the report say "compiled out with CONFIG_SECURITY" for lsm_*
 * rather than lumping it in with the identity calls.  Its --absent lines
 * say the same of the calls the baseline itself lacks, which is what
 * differs between architectures; there "-" stands for no option: a
 * number no code of the tree defines ("-" file too: sys_ni_syscall
 * answers it), or an entry point only other architectures define.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "report.h"

static void absent_note(char *note, size_t size, const char *opt,
			const char *file)
{
	if (strcmp(opt, "-"))
		snprintf(note, size, "not built: %s is off (%s)", opt, file);
	else if (strcmp(file, "-"))
		snprintf(note, size,
			 "no entry point on this architecture (only %s defines it)",
			 file);
	else
		snprintf(note, size,
			 "no entry point in this tree: the number answers ENOSYS (sys_ni_syscall)");
}

json_t *report_lost(const char *path, int absent)
{
	json_t *by = json_object();
	char line[512], note[600];
	int n = 0;
	FILE *f;

	if (!path)
		return by;
	f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "mureport: %s %s: %s\n",
			absent ? "--absent" : "--lost", path, strerror(errno));
		json_decref(by);
		return NULL;
	}
	while (fgets(line, sizeof(line), f)) {
		char abi[16], name[64], entry[64], opt[96], file[128];
		json_t *a;

		n++;
		if (sscanf(line, "%15s %63s %63s %95s %127s", abi, name, entry,
			   opt, file) != 5 ||
		    (strncmp(opt, "CONFIG_", 7) &&
		     (!absent || strcmp(opt, "-")))) {
			fprintf(stderr, "mureport: %s:%d: not ABI NAME ENTRY %s FILE\n",
				path, n, absent ? "CONFIG_X|-" : "CONFIG_X");
			json_decref(by);
			fclose(f);
			return NULL;
		}
		a = json_object_get(by, abi);
		if (!a) {
			a = json_object();
			json_object_set_new(by, abi, a);
		}
		if (absent)
			absent_note(note, sizeof(note), opt, file);
		else
			snprintf(note, sizeof(note), "compiled out with %s (%s)",
				 opt, file);
		json_object_set_new(a, name, json_string(note));
	}
	fclose(f);
	return by;
}
