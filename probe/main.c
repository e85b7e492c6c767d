// SPDX-License-Identifier: GPL-2.0
/*
 * muprobe: run the probe table and the syscall sweep, print KTAP.
 *
 * Exit status is 0 when the run reached its end line: differences from
 * Linux are data, not errors.  Non-zero only when muprobe itself broke.
 */
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <linux/capability.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "escape.h"
#include "muprobe.h"
#include "report.h"
#include "sweep.h"

#define PROBE_TIMEOUT_MS 3000


static int selected(const char *id, char **pat, int npat)
{
	int i;

	if (!npat)
		return 1;
	for (i = 0; i < npat; i++)
		if (!fnmatch(pat[i], id, 0))
			return 1;
	return 0;
}

static void run_probe(const void *arg)
{
	const struct probe *p = arg;

	p->run(p);
}

/*
 * Does an identity change take?  A child tries the raw setresuid to nobody;
 * on a multi-user kernel root can, on a single-user one it fails (ENOSYS)
 * or is refused.  Only meaningful when we start as root.
 */
static void detect_multiuser(const void *arg)
{
	long r = rawcall(SYS_setresuid, NOBODY, NOBODY, NOBODY);

	(void)arg;
	if (r == 0 && raw0(SYS_geteuid) == NOBODY)
		same("identity changes take effect");
	loud("setresuid(%d) %s", NOBODY, r ? errname(errno) : "did not take");
}

/* What the detection needs, as a row would. */
static const struct probe detect = {
	"detect", "", "", "", NULL, { 0 },
	NEED_ROOT | NEED_CAP(CAP_SETUID)
};

static void usage(FILE *f)
{
	fputs("usage: muprobe [--list] [--no-sweep] [PATTERN...]\n"
	      "Probe how this kernel handles users, groups, capabilities and\n"
	      "ownership, and which syscalls it lacks; print KTAP on stdout.\n"
	      "  PATTERN   shell glob over probe ids (e.g. 'caps.*'); the sweep\n"
	      "            runs as sweep.ABI (sweep.x86_64 and sweep.ia32 on x86_64)\n"
	      "  --list    print id, category and what Linux does, then exit\n"
	      "  --no-sweep  skip the syscall availability sweep\n"
	      "  --list-sweep  how the sweep makes each risky call harmless\n"
	      "  --obs ID KEY [PREFIX]  stdin as '# ID KEY=PREFIXline' observations,\n"
	      "            escaped as report/formats.md says\n"
	      "Run as root to compare with what stock Linux grants root.\n"
	      "Exit status: 0 when the run completed, 1 when muprobe broke,\n"
	      "2 for a bad command line.\n",
	      f);
}

/* Helper mode for try_open_as_exec(): exit 0 opened, 1 refused. */
static int try_open(const char *path)
{
	int fd = open(path, O_RDONLY);

	if (fd >= 0)
		return 0;
	return errno == EACCES || errno == EPERM ? 1 : 2;
}

int main(int argc, char **argv)
{
	struct result r;
	char **pat = argv + 1;
	int npat = argc - 1, list = 0, sweep = 1, planned = 0, n = 0, i;
	size_t s, j;

	/* The scenarios' writer: a program's output as observations. */
	if ((argc == 4 || argc == 5) && !strcmp(argv[1], "--obs"))
		return obs_stream(stdin, stdout, argv[2], argv[3],
				  argc == 5 ? argv[4] : "") ? 1 : 0;
	if (argc == 3 && !strcmp(argv[1], "--try-open"))
		return try_open(argv[2]);
	if (argc == 2 && !strcmp(argv[1], "--print-ids")) {
		printf("%ld %ld\n", raw0(SYS_geteuid), raw0(SYS_getegid));
		return 0;
	}
	while (npat && pat[0][0] == '-') {
		if (!strcmp(pat[0], "--list")) {
			list = 1;
		} else if (!strcmp(pat[0], "--list-sweep")) {
			sweep_list_special(stdout);
			return 0;
		} else if (!strcmp(pat[0], "--no-sweep")) {
			sweep = 0;
		} else if (!strcmp(pat[0], "--help") || !strcmp(pat[0], "-h")) {
			usage(stdout);
			return 0;
		} else {
			fprintf(stderr, "muprobe: unknown option '%s'\n", pat[0]);
			usage(stderr);
			return 2;
		}
		pat++;
		npat--;
	}
	if (list) {
		for (s = 0; s < n_sets; s++)
			for (j = 0; j < probe_sets[s]->n; j++) {
				const struct probe *p = &probe_sets[s]->rows[j];

				if (selected(p->id, pat, npat))
					printf("%s\t%s\t%s\n", p->id, p->cat,
					       p->linux_does);
			}
		return 0;
	}

	setvbuf(stdout, NULL, _IOFBF, 1 << 16);
	umask(022);
	facts.root = geteuid() == 0;
	facts.multiuser = -1;
	caps_given(&facts.bnd, &facts.prm);
	needs_facts();
	if (facts.root && needs_unmet(&detect, r.reason, sizeof(r.reason))) {
		/* Without CAP_SETUID a refusal says nothing of the kernel. */
		make_file(SECRET, 0);
		make_file(SECRET ".600", 0600);
	} else if (facts.root) {
		make_file(SECRET, 0);
		make_file(SECRET ".600", 0600);
		if (run_in_child(detect_multiuser, NULL, PROBE_TIMEOUT_MS,
				 NULL, "detect", &r) == 0)
			facts.multiuser = r.v == V_SAME ? 1 : 0;
	}

	for (s = 0; s < n_sets; s++)
		for (j = 0; j < probe_sets[s]->n; j++)
			planned += selected(probe_sets[s]->rows[j].id, pat, npat);
	for (i = 0; sweep && i < SWEEP_ABIS; i++)
		planned += selected(sweep_abi_name(i), pat, npat);

	ktap_header(stdout, planned);
	printf("# muprobe root=%s multiuser=%s bnd=%#llx prm=%#llx\n",
	       facts.root ? "yes" : "no",
	       facts.multiuser < 0 ? "unknown" :
	       facts.multiuser ? "yes" : "no", facts.bnd, facts.prm);
	for (s = 0; s < n_sets; s++)
		for (j = 0; j < probe_sets[s]->n; j++) {
			const struct probe *p = &probe_sets[s]->rows[j];

			if (!selected(p->id, pat, npat))
				continue;
			n++;
			printf("# %s cat=%s\n# %s desc=%s\n# %s linux=%s\n",
			       p->id, p->cat, p->id, p->desc, p->id,
			       p->linux_does);
			if (needs_unmet(p, r.reason, sizeof(r.reason))) {
				r.v = V_SKIP;
			} else if (run_in_child(run_probe, p, p->timeout_ms ?
						p->timeout_ms : PROBE_TIMEOUT_MS,
						stdout, p->id, &r) < 0) {
				perror("muprobe: fork");
				return 1;
			}
			ktap_result(stdout, 0, n, p->id, &r);
		}
	for (i = 0; sweep && i < SWEEP_ABIS; i++) {
		if (!selected(sweep_abi_name(i), pat, npat))
			continue;
		n++;
		if (sweep_run(i, stdout, n) < 0) {
			perror("muprobe: sweep");
			return 1;
		}
	}
	/* Leave nothing behind on a real machine. */
	if (facts.root) {
		unlink(SECRET);
		unlink(SECRET ".600");
		unlink(SCRATCH);
		unlink(SCRATCH ".l");
		unlink(AFTER);
		unlink(EXE);
		umount2(MNT, MNT_DETACH);
		rmdir(MNT);
	}
	printf("# muprobe end\n");
	fflush(stdout);
	return ferror(stdout) ? 1 : 0;
}
