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

/* linux/capability.h's order, as CAP_NAME is spelt. */
static const char *const cap_names[] = {
	"CHOWN", "DAC_OVERRIDE", "DAC_READ_SEARCH", "FOWNER", "FSETID",
	"KILL", "SETGID", "SETUID", "SETPCAP", "LINUX_IMMUTABLE",
	"NET_BIND_SERVICE", "NET_BROADCAST", "NET_ADMIN", "NET_RAW",
	"IPC_LOCK", "IPC_OWNER", "SYS_MODULE", "SYS_RAWIO", "SYS_CHROOT",
	"SYS_PTRACE", "SYS_PACCT", "SYS_ADMIN", "SYS_BOOT", "SYS_NICE",
	"SYS_RESOURCE", "SYS_TIME", "SYS_TTY_CONFIG", "MKNOD", "LEASE",
	"AUDIT_WRITE", "AUDIT_CONTROL", "SETFCAP", "MAC_OVERRIDE",
	"MAC_ADMIN", "SYSLOG", "WAKE_ALARM", "BLOCK_SUSPEND", "AUDIT_READ",
	"PERFMON", "BPF", "CHECKPOINT_RESTORE",
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
		if (!(lack & (1ULL << c)))
			continue;
		if (c < ARRAY_SIZE(cap_names))
			snprintf(why, len, "the container lacks CAP_%s: not in this root's bounding and permitted sets",
				 cap_names[c]);
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
