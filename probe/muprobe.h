/* SPDX-License-Identifier: GPL-2.0 */
/*
 * muprobe: what a CONFIG_MULTIUSER=n kernel does differently from Linux.
 *
 * A probe is one row of a static const table (see the *_probes[] arrays) and
 * a small function that runs in a forked child.  The child reports what it
 * saw through obs() and ends with exactly one verdict: same(), loud(),
 * silent(), skip().  The parent turns that into KTAP.
 */
#ifndef MUPROBE_H
#define MUPROBE_H

#include <linux/capability.h>
#include <stddef.h>

#include "errname.h"

/*
 * Requirements are data: a row lists what it needs, the runner checks
 * (needs.c).  A row whose expectation is what Linux grants a full root
 * names the capabilities it relies on, so that a root a container gave
 * less is told "skip", not a difference that belongs to the container.
 */
#define NEED_ROOT	(1ULL << 63)	/* euid 0 at start */
#define NEED_NO_NNP	(1ULL << 62)	/* set-id exec: no_new_privs off */
#define NEED_IDS	(1ULL << 61)	/* ids other than 0 map (no user ns) */
#define NEED_INIT_NS	(1ULL << 60)	/* capabilities over the whole machine */
#define NEED_CAP(c)	(1ULL << (c))	/* in this root's bounding and permitted sets */
#define NEED_CAPS	((1ULL << 48) - 1)

struct probe {
	const char *id;		/* stable, e.g. "uid.getresuid" */
	const char *cat;	/* identity, setid, caps, own, dac, ipc, ... */
	const char *desc;	/* one line: what is tried */
	const char *linux_does;	/* stock Linux, from man pages and source */
	void (*run)(const struct probe *p);
	long arg[4];		/* row parameters for shared functions */
	unsigned long long needs;
	int timeout_ms;		/* 0: PROBE_TIMEOUT_MS */
};

struct probe_set {
	const struct probe *rows;
	size_t n;
};

extern const struct probe_set ident_set, setid_set, caps_set, own_set,
	dac_set, ipc_set, mount_set, sock_set, procs_set, ns_set, privdrop_set,
	timers_set, tmpfs_set, core_set, locks_set, cgroup_set;

/* Every table, in output order. */
extern const struct probe_set *const probe_sets[];
extern const size_t n_sets;

/* What the runner learnt before the probes, for the verdicts. */
struct kernel_facts {
	int root;	/* euid 0 at start */
	int multiuser;	/* 1 yes, 0 no (single-user), -1 unknown */
	/*
	 * The bounding and permitted sets this process started with: what
	 * "root has every capability" means here.  A container may have
	 * dropped some (CAP_SYS_RESOURCE, say) on a stock kernel.
	 */
	unsigned long long bnd, prm;
	int nnp;	/* no_new_privs set at start */
	int ids_mapped;	/* every id maps (the initial user namespace) */
};
extern struct kernel_facts facts;

/* 0 if P's needs are met here, else -1 with why it cannot be judged. */
int needs_unmet(const struct probe *p, char *why, size_t len);
/* Read what needs_unmet() compares against into facts. */
void needs_facts(void);

/* Child side: report and judge.  The verdicts do not return. */
void obs(const char *key, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* KEY=RET, or "-1 ERRNO" with the errno the call just left. */
void obs_ret(const char *key, long ret);
/* The same with an errno saved earlier, by the caller, in its own statement. */
void obs_ret_err(const char *key, long ret, int err);
void same(const char *fmt, ...)
	__attribute__((format(printf, 1, 2), noreturn));
void loud(const char *fmt, ...)
	__attribute__((format(printf, 1, 2), noreturn));
void silent(const char *fmt, ...)
	__attribute__((format(printf, 1, 2), noreturn));
void skip(const char *fmt, ...)
	__attribute__((format(printf, 1, 2), noreturn));

/* Helpers shared by the probe files (lib.c, errname.c). */
long raw0(long nr);
long rawcall(long nr, long a, long b, long c);
int read_status(const char *key, char *buf, size_t len);
int make_file(const char *path, int mode);
int still_root(void);
void caps_given(unsigned long long *bnd, unsigned long long *prm);
int try_open_as_exec(const char *path);
extern const char *self_exe;

#define SCRATCH		"/tmp/muprobe.f"
#define SECRET		"/tmp/muprobe.secret"
#define AFTER		"/tmp/muprobe.after"
#define EXE		"/tmp/muprobe.exe"
#define MNT		"/tmp/muprobe.mnt"
#define NOBODY		65534
#define OTHER		1000

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define PROBE_SET(name, rows) \
	const struct probe_set name = { rows, ARRAY_SIZE(rows) }

#endif
