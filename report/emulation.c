// SPDX-License-Identifier: GPL-2.0
/*
 * How faithful is murun?  Of the differences a real guest (nomultiuser,
 * or nomultiuser-compat for --mode=compat) shows against the multiuser
 * guest, which does murun reproduce on the host (host-murun-MODE against
 * host-bare), and why not the others.  Probe
 * verdicts, the syscall sweep and the scenarios, from the same run as the
 * report.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "results.h"

static const char *verdict(json_t *res, const char *id)
{
	const char *v = json_string_value(json_object_get(json_object_get(
		json_object_get(res, "probe"), id), "verdict"));

	return v ? v : "missing";
}

/* A scenario's output lines joined, for comparing; "" when absent. */
static char *app_out(json_t *res, const char *id)
{
	json_t *a = json_object_get(json_object_get(res, "apps"), id);

	return json_dumps(json_object_get(a, "output") ?: json_null(),
			  JSON_COMPACT | JSON_ENCODE_ANY);
}

/* A scenario's exit status, or -1000 when it did not run. */
static long app_exit(json_t *res, const char *id)
{
	json_t *a = json_object_get(json_object_get(res, "apps"), id);
	json_t *e = json_object_get(a, "exit");

	return e ? (long)json_integer_value(e) : -1000;
}

static const char *sweep(json_t *res, const char *abi, const char *name)
{
	const char *v = json_string_value(json_object_get(json_object_get(
		json_object_get(json_object_get(res, "sweep"), abi), name),
		"result"));

	return v ? v : "missing";
}

/* Why a syscall filter cannot show this difference. */
static const char *why_not(const char *cat)
{
	if (!strcmp(cat, "ns") || !strcmp(cat, "acct"))
		return "Kconfig fallout: the feature is gone from the kernel, not a syscall murun filters";
	if (!strcmp(cat, "caps"))
		return "capabilities: the real kernel keeps what it is given (securebits read back) and ignores it; a seccomp answer keeps no state, so the host really drops";
	if (!strcmp(cat, "ipc"))
		return "murun skips every IPC_SET (the new owner sits in a struct a seccomp filter cannot read), so this should have matched: a regression";
	if (!strcmp(cat, "sock"))
		return "the claimed ids sit in a control message (SCM_CREDENTIALS) that a seccomp filter cannot read, and sendmsg is too frequent to send every call to the supervisor; not emulated";
	if (!strcmp(cat, "own") || !strcmp(cat, "dac"))
		return "kernel state: uid/gid 0 for every owner and all permissions need the real kernel";
	if (!strcmp(cat, "mount"))
		return "the owner sits in mount(2)'s option string, which a seccomp filter cannot read: not emulated";
	if (!strcmp(cat, "procs"))
		return "kernel state: every process is uid 0 only on the real kernel";
	return "the host kernel answers differently from the filtered one";
}

json_t *report_emulation(json_t *guest_mu, json_t *guest_nomu,
			 const char *guest, const char *out_dir,
			 const char *mode, json_t *probes, const char *arch)
{
	const char *abis[2];
	json_t *bare = results_load(out_dir, "host-bare", RESULTS_PROBE);
	json_t *emu;
	json_t *o = json_object(), *missed = json_array(), *col = json_object();
	json_t *amiss = json_array();
	int adiffs = 0, asame = 0, odiffs = 0, oshown = 0;
	json_t *row, *e;
	const char *name;
	int diffs = 0, same = 0, sdiffs = 0, ssame = 0, sextra = 0, sun = 0;
	char unwhy[256] = "";
	size_t k, a;
	char dir[64];

	report_abis(arch, abis);
	snprintf(dir, sizeof(dir), "host-murun-%s", mode);
	emu = results_load(out_dir, dir, RESULTS_PROBE);
	json_object_set_new(o, "tool", json_pack("s+", "murun --mode=", mode));
	json_object_set_new(o, "guest", json_string(guest));
	json_object_set(o, "status", json_object_get(emu, "status"));
	json_object_set_new(o, "reason", json_string(json_string_value(
		json_object_get(emu, "reason")) ?: ""));
	json_array_foreach(probes, k, row) {
		const char *id = json_string_value(json_object_get(row, "id"));
		const char *m = verdict(guest_mu, id), *n = verdict(guest_nomu, id);
		const char *b = verdict(bare, id), *x = verdict(emu, id);

		json_object_set_new(col, id, json_string(x));
		if (!strcmp(m, n))
			continue;
		diffs++;
		if (!strcmp(x, n) && strcmp(b, x)) {
			same++;
			continue;
		}
		json_array_append_new(missed, json_pack("{s:s,s:s,s:s,s:s}",
			"id", id, "guest", n, "murun", x, "why",
			!strcmp(x, n) ?
			"the host differs from the multiuser guest here already (bare run), so murun's effect cannot be told apart" :
			why_not(json_string_value(json_object_get(row,
							"category")) ?: "")));
	}
	for (a = 0; a < 2; a++) {
		/*
		 * A host kernel without this ABI (no IA32_EMULATION) cannot
		 * show what murun does to it: counted apart, with the
		 * probe's reason, never as a miss or as reproduced.
		 */
		int absent = !json_object_get(json_object_get(bare, "sweep"),
					      abis[a]);
		int before = sdiffs;

		json_object_foreach(json_object_get(json_object_get(guest_mu,
				"sweep"), abis[a]), name, e) {
			int lost = !strcmp(sweep(guest_nomu, abis[a], name), "ENOSYS") &&
				strcmp(sweep(guest_mu, abis[a], name), "ENOSYS");
			int emul = !strcmp(sweep(emu, abis[a], name), "ENOSYS") &&
				strcmp(sweep(bare, abis[a], name), "ENOSYS");

			sdiffs += lost;
			if (absent) {
				sun += lost;
				continue;
			}
			ssame += lost && emul;
			/* ENOSYS under murun where the guest answers. */
			sextra += emul && strcmp(sweep(guest_nomu, abis[a],
						      name), "ENOSYS");
		}
		if (absent && sdiffs > before) {
			char id[32];
			const char *why;

			snprintf(id, sizeof(id), "sweep.%s", abis[a]);
			why = json_string_value(json_object_get(json_object_get(
				json_object_get(bare, "probe"), id), "reason"));
			snprintf(unwhy + strlen(unwhy), sizeof(unwhy) - strlen(unwhy),
				 "%s%s: %d calls, the host probe says: %s",
				 *unwhy ? "; " : "", abis[a], sdiffs - before,
				 why ?: "no result");
		}
	}
	/*
	 * Scenarios: by exit status, since their output also carries what
	 * the host kernel and the guest kernel say differently anyway.
	 */
	/* The host ran no scenarios (not root): say so, count nothing. */
	json_object_set_new(o, "scenarios_measured", json_boolean(
		json_object_size(json_object_get(emu, "apps")) > 0));
	json_array_foreach(json_object_get(guest_mu, "app_order"), k, row) {
		const char *id = json_string_value(row);

		if (!json_object_size(json_object_get(emu, "apps")))
			break;
		long m = app_exit(guest_mu, id), n = app_exit(guest_nomu, id);
		long b = app_exit(bare, id), x = app_exit(emu, id);

		if (m == n) {
			char *gm = app_out(guest_mu, id), *gn = app_out(guest_nomu, id);
			char *hb = app_out(bare, id), *hx = app_out(emu, id);

			/* Same exit, other output: chown that shows 0 0. */
			if (gm && gn && strcmp(gm, gn)) {
				odiffs++;
				oshown += hb && hx && strcmp(hb, hx);
			}
			free(gm);
			free(gn);
			free(hb);
			free(hx);
			continue;
		}
		adiffs++;
		if (x == n && b == m) {
			asame++;
			continue;
		}
		json_array_append_new(amiss, json_pack("{s:s,s:i,s:i,s:i,s:i}",
			"id", id, "guest_multiuser", (int)m, "guest", (int)n,
			"host_bare", (int)b, "murun", (int)x));
	}
	json_object_set_new(o, "scenario_differences", json_integer(adiffs));
	json_object_set_new(o, "scenario_reproduced", json_integer(asame));
	json_object_set_new(o, "scenarios_not_reproduced", amiss);
	json_object_set_new(o, "scenario_output_only_differences",
			    json_integer(odiffs));
	json_object_set_new(o, "scenario_output_changed_under_murun",
			    json_integer(oshown));
	json_object_set_new(o, "probe_differences", json_integer(diffs));
	json_object_set_new(o, "probe_reproduced", json_integer(same));
	json_object_set_new(o, "syscalls_lost", json_integer(sdiffs));
	json_object_set_new(o, "syscalls_reproduced", json_integer(ssame));
	json_object_set_new(o, "syscalls_unmeasured", json_integer(sun));
	json_object_set_new(o, "syscalls_unmeasured_why", json_string(unwhy));
	json_object_set_new(o, "syscalls_lost_only_under_murun",
			    json_integer(sextra));
	json_object_set_new(o, "not_reproduced", missed);
	json_object_set_new(o, "verdicts", col);
	json_decref(bare);
	json_decref(emu);
	return o;
}
