/* SPDX-License-Identifier: GPL-2.0 */
/* murun: the filtered calls, the trace line, the two supervisors. */
#ifndef MURUN_H
#define MURUN_H

#include <linux/types.h>
#include <stdint.h>
#include <stdio.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* struct mu_syscall and mu_syscalls[]: multiuser_syscalls.h, generated. */
struct mu_syscall;

/* How MULTIUSER_COMPAT answers an entry point (kernel-patch/KVER/0001). */
enum mu_kind { SETID, SETIDS, GETIDS, GETGROUPS, SETGROUPS, SETFS, GETID,
	       PASS, CAPGET, CAPSET };

struct mu_call {
	const char *entry;	/* without a "16" suffix */
	int nargs;
	enum mu_kind kind;
};

/* The filtered call with this number in ARCH's table, or NULL. */
const struct mu_syscall *mu_lookup(uint32_t arch, int nr);
/* Its entry point's arguments and answer, or NULL; 16-bit ids or not. */
const struct mu_call *mu_call_of(const struct mu_syscall *s);
int mu_is16(const struct mu_syscall *s);

/* What --summary follows besides the lost calls (genfilter's mu_watched). */
enum mu_watch_kind { MU_W_CHOWN = 1, MU_W_CAPBSET, MU_W_IPCSET, MU_W_EXEC,
		    MU_W_EXIT };

struct mu_watch {
	uint32_t arch;
	int nr;
	const char *name;
	int kind;
	int arg;
};

/* The call --summary follows with this arch and number, or NULL. */
const struct mu_watch *mu_watch_of(uint32_t arch, int nr);

struct mu_args {
	int compat, native, trace, help;
	int summary;		/* --summary: an account when the program ends */
	int status;		/* --status: each process's identity at exit */
	int usage;		/* with a 2: the usage text helps */
	const char *output;	/* --output=FILE, or NULL */
	char **program;		/* PROGRAM [ARGS...], NULL-terminated */
};

/* 0 with A filled in, or 2 (a bad command line, said on stderr). */
int mu_parse_args(int argc, char **argv, struct mu_args *a);

/* Where trace lines go: stderr, or --output's file. */
extern FILE *mu_out;
/* The first write error on mu_out (an errno), 0 while every line got out. */
extern int mu_out_errno;
/* "murun: LINE\n" on mu_out as one write; a failure is kept in mu_out_errno. */
void mu_out_line(const char *line);
/* "[ia32 ]name(args) = RESULT" into BUF. */
void mu_format_call(char *buf, size_t len, uint32_t arch,
		    const struct mu_syscall *s, const __u64 *args,
		    const char *result);
/* Print "murun: " and mu_format_call's line. */
void mu_trace(uint32_t arch, const struct mu_syscall *s,
	      const __u64 *args, const char *result);

/*
 * Answer notifications on FD until every filtered task is gone; report
 * PROGRAM's exit (mu_program_exited) as soon as it happens.
 */
void supervise(int fd, const struct mu_args *a, int program);

/*
 * --mode=native: ptrace CHILD and its descendants, print each filtered call
 * and the kernel's answer (with STATUS, each process's identity at exit);
 * reports CHILD's exit (mu_program_exited) and returns its status (128+N
 * for a signal) once no tracee is left.
 */
int trace_native(int child, int status);

/* lifetime.c: murun, its supervisor and the program (see there). */
int mu_supervised(const struct mu_args *a);
void mu_program_exited(int code);
int mu_status_of(int st);
/*
 * --summary: the program's stderr passes through the supervisor.  Its fd
 * (-1 once closed or without --summary), and one read passed on: 1 data,
 * 0 end (the fd is closed), -1 nothing now.
 */
int mu_stderr_fd(void);
int mu_forward_stderr(void);

/* summary.c: what --summary says when the program ends. */
void mu_sum_call(int pid, const char *call, long v, int drop, int undone);
void mu_sum_exec(int pid, const char *path);
void mu_sum_exit(int pid, int code);
void mu_sum_stderr(const char *buf, size_t n);
void mu_sum_print(FILE *f, int code);
/* Become ARGV[0]; returns 127 on failure, as a shell would. */
int mu_exec(char **argv);

/* murun.c: the filters. */
struct sock_filter;
int mu_load_filter(const struct sock_filter *f, size_t n, unsigned int flags);
int mu_load_ids(void);
int mu_load_silent(void);
int mu_load_mode(const struct mu_args *a);

#endif
