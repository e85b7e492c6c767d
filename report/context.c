// SPDX-License-Identifier: GPL-2.0
/*
 * Known context, shown beside the scenarios it explains.  These are
 * records of what happened elsewhere, cited, not observations of ours.
 */
#include "report.h"

static const struct {
	const char *scenario, *text;
} notes[] = {
	{ NULL,
	  "gVisor's caveat applies: a missing syscall does not by itself mean a program fails; many programs never make the call, or handle ENOSYS. The scenarios, not the syscall table, say what breaks." },
	{ "apps.busybox.su_nobody",
	  "sabotage-linux, on a MULTIUSER=n kernel: \"login: can't set groups\" - setgroups() is ENOSYS, so every login and su stops there." },
	{ "apps.busybox.su_root",
	  "busybox later changed change_identity() (used by su, login, start-stop-daemon) to cope with ENOSYS from the identity calls; the busybox measured here is Debian 12's 1.35.0." },
	{ "apps.busybox.setpriv_dump",
	  "turbostat needed an upstream fix because libcap's cap_get_proc() fails when capget() is ENOSYS; any libcap user reading its capabilities meets the same." },
	{ "privdrop.careless",
	  "The kind of silence no kernel option removes: every single-user variant refuses the drop (ENOSYS, or EINVAL with MULTIUSER_COMPAT and MULTIUSER_STRICT), but a program that does not check the return goes on as root. Linux programs are expected to check (CERT POS37-C); this one does not." },
	{ "setid.setfsuid_nobody.raw",
	  "On Linux setfsuid() and setfsgid() return the previous id whether or not the change happened, so a refusal is silent to a caller that does not ask again (setfsuid(-1)). MULTIUSER=n answers -ENOSYS; nomultiuser-compat and -strict answer -EINVAL for any id but 0 and -1 (kernel-patch 0003), so the refusal is loud, at the cost of the man page's \"returns the previous id on failure\"." },
	{ "apps.glibc.cp_a_import",
	  "On nomultiuser-strict the owner is lost where the files enter the system: tar's chown() to 1000 fails with EINVAL during the unpacking (a setup step, whose errors this scenario ignores), so cp -a copies files owned by 0. Strict makes the import loud; it cannot make a copy of an already ownerless file loud." },
	{ "apps.privdrop.careful",
	  "upstart asserted on ENOSYS from an identity call and aborted: a program that treats 'cannot fail' calls as fatal stops on this kernel, as the careful daemon does." },
};

json_t *report_context(void)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < sizeof(notes) / sizeof(notes[0]); i++)
		json_array_append_new(a, json_pack("{s:o,s:s}", "scenario",
			notes[i].scenario ? json_string(notes[i].scenario) :
			json_null(), "text", notes[i].text));
	return a;
}
