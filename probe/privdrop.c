// SPDX-License-Identifier: GPL-2.0
/*
 * The daemon idiom: setgroups(), setgid(), setuid() to nobody, then make
 * sure root cannot be regained.  Reported twice: what the calls returned,
 * and whether the process is in fact still privileged.
 */
#include <errno.h>
#include <grp.h>
#include <unistd.h>

#include "muprobe.h"

/* arg[0]: 1 careful (checks every return), 0 careless (ignores them). */
static void drop(const struct probe *p)
{
	gid_t g = NOBODY;
	int a = setgroups(1, &g), ea = errno;
	int b = setgid(NOBODY), eb = errno;
	int c = setuid(NOBODY), ec = errno;
	int back = setuid(0), eback = errno;
	int priv = still_root();

	obs_ret_err("setgroups", a, ea);
	obs_ret_err("setgid", b, eb);
	obs_ret_err("setuid", c, ec);
	obs_ret_err("setuid_back_to_0", back, eback);
	obs("privileged", "%s", priv ? "yes" : "no");
	if (p->arg[0] && (a || b || c))
		loud("the drop failed (%s) and the careful daemon stops",
		     errname(a ? ea : b ? eb : ec));
	if (back == 0 || priv)
		silent("the daemon goes on as root: %s",
		       back == 0 ? "setuid(0) succeeded again" :
		       "it still bypasses file permissions");
	same("dropped for good: setuid(0) is EPERM");
}

static const struct probe rows[] = {
	{ "privdrop.careful", "privdrop",
	  "setgroups+setgid+setuid to nobody, checking each; regain root?",
	  "every call 0; setuid(0) afterwards EPERM; no privilege left",
	  drop, { 1 },
	  NEED_ROOT | NEED_CAP(CAP_SETUID) | NEED_CAP(CAP_SETGID) },
	{ "privdrop.careless", "privdrop",
	  "the same drop ignoring return values; is it still root?",
	  "no privilege left: setuid(0) EPERM, mode-000 files refused",
	  drop, { 0 }, NEED_ROOT | NEED_CAP(CAP_SETUID) },
};

PROBE_SET(privdrop_set, rows);
