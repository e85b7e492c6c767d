// SPDX-License-Identifier: GPL-2.0
/*
 * Kconfig fallout: options set in the baseline's resolved .config and
 * gone from the other's after olddefconfig, grouped by what they are.
 */
#include <stdio.h>
#include <string.h>

#include "report.h"

/* First match wins; patterns are substrings of the symbol name. */
static const struct {
	const char *group, *pattern;
} groups[] = {
	{ "namespaces", "_NS" }, { "namespaces", "NAMESPACES" },
	{ "NFS/SUNRPC", "NFS" }, { "NFS/SUNRPC", "SUNRPC" },
	{ "NFS/SUNRPC", "LOCKD" }, { "NFS/SUNRPC", "RPCSEC" },
	{ "LSMs", "SECURITY" }, { "LSMs", "SELINUX" }, { "LSMs", "SMACK" },
	{ "LSMs", "APPARMOR" }, { "LSMs", "TOMOYO" }, { "LSMs", "YAMA" },
	{ "LSMs", "LANDLOCK" }, { "LSMs", "INTEGRITY" }, { "LSMs", "IMA" },
	{ "LSMs", "EVM" }, { "LSMs", "LSM" },
	{ "accounting", "ACCT" }, { "accounting", "TASKSTATS" },
	{ "accounting", "TASK_XACCT" }, { "accounting", "TASK_IO" },
	{ "16-bit uids", "UID16" }, { "SMB server", "SMB_SERVER" },
	{ "MULTIUSER itself", "MULTIUSER" },
};

static int load(const char *path, json_t *set)
{
	char line[512];
	FILE *f = fopen(path, "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		char *eq = strchr(line, '=');

		if (strncmp(line, "CONFIG_", 7) || !eq)
			continue;
		*eq = 0;
		eq[strcspn(eq + 1, "\n") + 1] = 0;
		json_object_set_new(set, line + 7, json_string(eq + 1));
	}
	fclose(f);
	return 0;
}

static const char *group_of(const char *sym)
{
	size_t i;

	for (i = 0; i < sizeof(groups) / sizeof(groups[0]); i++)
		if (strstr(sym, groups[i].pattern))
			return groups[i].group;
	return "other";
}

json_t *report_fallout(const char *build_dir, const char *from,
		       const char *to)
{
	json_t *a = json_object(), *b = json_object(), *out = json_object();
	json_t *grouped = json_object(), *v;
	char path[4096];
	const char *sym;
	int n = 0;

	snprintf(path, sizeof(path), "%s/%s/.config", build_dir, from);
	if (load(path, a)) {
		json_object_set_new(out, "error", json_string("no baseline .config"));
		goto out;
	}
	snprintf(path, sizeof(path), "%s/%s/.config", build_dir, to);
	if (load(path, b)) {
		json_object_set_new(out, "error", json_string("no .config to compare"));
		goto out;
	}
	json_object_foreach(a, sym, v) {
		json_t *g;

		if (json_object_get(b, sym) || !strcmp(sym, "MULTIUSER"))
			continue;
		if (strcmp(json_string_value(v), "y") &&
		    strcmp(json_string_value(v), "m"))
			continue;
		g = json_object_get(grouped, group_of(sym));
		if (!g) {
			g = json_array();
			json_object_set_new(grouped, group_of(sym), g);
		}
		json_array_append_new(g, json_string(sym));
		n++;
	}
	json_object_set_new(out, "from", json_string(from));
	json_object_set_new(out, "to", json_string(to));
	json_object_set_new(out, "count", json_integer(n));
	json_object_set(out, "groups", grouped);
out:
	json_decref(grouped);
	json_decref(a);
	json_decref(b);
	return out;
}
