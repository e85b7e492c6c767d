// SPDX-License-Identifier: GPL-2.0
/*
 * What a row needs of the root running it.  On a stock kernel a container
 * may run root with fewer capabilities (Docker's default keeps 14), with
 * no_new_privs, or in a user namespace that maps few ids; a row whose
 * expectation is what Linux grants a full root cannot be judged there,
 * and says so instead of reporting the container as the kernel.
 */
#include <stdio.h>
#include <string.h>

#include "muprobe.h"

/* linux/capability.h's order; the names capsh and the man pages use. */
static const char *const cap_names[] = {
	"chown", "dac_override", "dac_read_search", "fowner", "fsetid",
	"kill", "setgid", "setuid", "setpcap", "linux_immutable",
	"net_bind_service", "net_broadcast", "net_admin", "net_raw",
	"ipc_lock", "ipc_owner", "sys_module", "sys_rawio", "sys_chroot",
	"sys_ptrace", "sys_pacct", "sys_admin", "sys_boot", "sys_nice",
	"sys_resource", "sys_time", "sys_tty_config", "mknod", "lease",
	"audit_write", "audit_control", "setfcap", "mac_override",
	"mac_admin", "syslog", "wake_alarm", "block_suspend", "audit_read",
	"perfmon", "bpf", "checkpoint_restore",
};

/* Rows that set an id other than 0 need the namespace to map it. */
#define SETS_IDS (NEED_IDS | NEED_CAP(CAP_CHOWN) | NEED_CAP(CAP_SETGID) | \
		  NEED_CAP(CAP_SETUID))

void needs_facts(void)
{
	char buf[128];
	unsigned long inside, first, count;
	FILE *f;

	facts.nnp = read_status("NoNewPrivs", buf, sizeof(buf)) == 0 &&
		    !strcmp(buf, "1");
	/* No uid_map: a kernel without user namespaces, every id is its own. */
	facts.ids_mapped = 1;
	f = fopen("/proc/self/uid_map", "r");
	if (!f)
		return;
	if (fscanf(f, "%lu %lu %lu", &inside, &first, &count) != 3 || first ||
	    count != 4294967295UL)
		facts.ids_mapped = 0;
	fclose(f);
}

int needs_unmet(const struct probe *p, char *why, size_t len)
{
	unsigned long long lack = p->needs & NEED_CAPS & ~(facts.bnd & facts.prm);
	size_t c;

	if ((p->needs & NEED_ROOT) && !facts.root) {
		snprintf(why, len, "needs root: expectations are what Linux grants root");
		return -1;
	}
	for (c = 0; lack && c < 48; c++) {
		char name[32] = "";
		size_t i;

		if (!(lack & (1ULL << c)))
			continue;
		for (i = 0; c < ARRAY_SIZE(cap_names) && cap_names[c][i] &&
		     i < sizeof(name) - 1; i++)
			name[i] = cap_names[c][i] - (cap_names[c][i] >= 'a' &&
						     cap_names[c][i] <= 'z' ?
						     'a' - 'A' : 0);
		if (name[0])
			snprintf(why, len, "the container lacks CAP_%s: not in this root's bounding and permitted sets",
				 name);
		else
			snprintf(why, len, "the container lacks capability %zu", c);
		return -1;
	}
	if ((p->needs & NEED_NO_NNP) && facts.nnp) {
		snprintf(why, len, "the container set no_new_privs: set-id bits are ignored");
		return -1;
	}
	if ((p->needs & SETS_IDS) && !facts.ids_mapped) {
		snprintf(why, len, "the container's user namespace does not map every id");
		return -1;
	}
	if ((p->needs & NEED_INIT_NS) && !facts.ids_mapped) {
		snprintf(why, len, "the container's root is root of a user namespace only");
		return -1;
	}
	return 0;
}
