// SPDX-License-Identifier: GPL-2.0
/*
 * murun --summary: what a MULTIUSER=n kernel would have changed for this
 * program, said once when it ends.  The supervisor feeds it every answered
 * call, exec and exit_group of every filtered process, and the program's
 * stderr, which it forwards.  Three things, most dangerous first:
 *   - a process that went on after a failed privilege drop (it called
 *     something else, ran another program or exited 0): on the real kernel
 *     it goes on as root
 *   - the first call that failed loudly, and what the program said next
 *   - the requests answered and not carried out (the silent ones)
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "murun.h"

#define MAX_PROCS 64
#define MAX_SILENT 8
#define LINE 256

struct proc {
	int pid;
	char drop[LINE];	/* the failed drop, "" if none */
	char then[LINE];	/* what it did next, "" if nothing seen */
	int stopped;		/* exited non-zero right after it */
};

static struct proc procs[MAX_PROCS];
static int nprocs, lost_procs;
static char loud[LINE], said[LINE], pending[LINE];
static int want_said;
static size_t npending;
static char silent[MAX_SILENT][LINE];
static int nsilent, more_silent;
static int done;

static struct proc *proc_of(int pid, int add)
{
	int i;

	for (i = 0; i < nprocs; i++)
		if (procs[i].pid == pid)
			return &procs[i];
	if (!add)
		return NULL;
	if (nprocs == MAX_PROCS) {
		lost_procs++;
		return NULL;
	}
	memset(&procs[nprocs], 0, sizeof(procs[0]));
	procs[nprocs].pid = pid;
	return &procs[nprocs++];
}

/* The first thing PID did after its failed drop, if it had one. */
static void went_on(int pid, const char *what)
{
	struct proc *p = proc_of(pid, 0);

	if (p && p->drop[0] && !p->then[0] && !p->stopped)
		snprintf(p->then, sizeof(p->then), "%s", what);
}

void mu_sum_call(int pid, const char *call, long v, int drop, int undone)
{
	struct proc *p;
	int i;

	went_on(pid, call);
	if (v < 0 && !loud[0]) {
		snprintf(loud, sizeof(loud), "%s", call);
		want_said = 1;
	}
	if (undone) {
		for (i = 0; i < nsilent; i++)
			if (!strcmp(silent[i], call))
				break;
		if (i == nsilent && nsilent < MAX_SILENT)
			snprintf(silent[nsilent++], LINE, "%s", call);
		else if (i == nsilent)
			more_silent++;
	}
	if (!drop || (v >= 0 && !undone))
		return;
	p = proc_of(pid, 1);
	if (p && !p->drop[0])
		snprintf(p->drop, sizeof(p->drop), "%s", call);
}

/*
 * execvp() tries each folder of PATH in turn and only the last exec
 * succeeds; the call is let through unseen, so a later exec replaces an
 * earlier one.
 */
void mu_sum_exec(int pid, const char *path)
{
	struct proc *p = proc_of(pid, 0);
	char what[LINE];

	snprintf(what, sizeof(what), "ran %s", path);
	if (p && !strncmp(p->then, "ran ", 4))
		p->then[0] = 0;
	went_on(pid, what);
}

void mu_sum_exit(int pid, int code)
{
	struct proc *p = proc_of(pid, 0);

	if (!p || !p->drop[0] || p->then[0])
		return;
	if (code)
		p->stopped = code;
	else
		snprintf(p->then, sizeof(p->then), "exited 0");
}

/* The first line of stderr after the first loud failure. */
void mu_sum_stderr(const char *buf, size_t n)
{
	size_t i;

	for (i = 0; i < n && want_said; i++) {
		if (buf[i] == '\n' || npending == sizeof(pending) - 1) {
			pending[npending] = 0;
			memcpy(said, pending, sizeof(said));
			want_said = 0;
		} else {
			pending[npending++] = buf[i];
		}
	}
}

static void explain(FILE *f, const char *call)
{
	if (!strncmp(call, "prctl(", 6))
		fprintf(f, "murun: not carried out: %s: root keeps every capability on a MULTIUSER=n kernel\n",
			call);
	else if (strstr(call, "IPC_SET"))
		fprintf(f, "murun: not carried out: %s: the owner stays 0:0 on a MULTIUSER=n kernel (murun skips the whole call: a new mode is not applied either)\n",
			call);
	else
		fprintf(f, "murun: not carried out: %s: the file stays 0:0 on a MULTIUSER=n kernel\n",
			call);
}

void mu_sum_print(FILE *f, int code)
{
	int i, any = 0;

	if (done)
		return;
	done = 1;
	for (i = 0; i < nprocs; i++) {
		struct proc *p = &procs[i];

		if (!p->drop[0])
			continue;
		any = 1;
		if (p->then[0])
			fprintf(f, "murun: STILL ROOT: pid %d went on after %s (then: %s); on a MULTIUSER=n kernel it keeps running as root\n",
				p->pid, p->drop, p->then);
		else if (p->stopped)
			fprintf(f, "murun: stopped: pid %d exited %d after %s\n",
				p->pid, p->stopped, p->drop);
		else
			fprintf(f, "murun: pid %d: after %s, nothing more seen\n",
				p->pid, p->drop);
	}
	if (lost_procs)
		fprintf(f, "murun: %d more processes not followed\n", lost_procs);
	if (loud[0]) {
		any = 1;
		if (want_said && npending) {
			pending[npending] = 0;
			memcpy(said, pending, sizeof(said));
		}
		fprintf(f, "murun: first loud failure: %s%s%s\n", loud,
			said[0] ? "; then it said: " : "", said);
	}
	for (i = 0; i < nsilent; i++) {
		any = 1;
		explain(f, silent[i]);
	}
	if (more_silent)
		fprintf(f, "murun: not carried out: %d more like these\n",
			more_silent);
	if (!any)
		fprintf(f, "murun: no call that a MULTIUSER=n kernel answers differently\n");
	fprintf(f, "murun: exit status %d\n", code);
	fflush(f);
}
