// SPDX-License-Identifier: GPL-2.0
/*
 * Which syscalls does the running kernel lack?  syzkaller's method: call
 * every entry of the table in a forked child with arguments that fail
 * validation (fd -1, pointer -1, flags -1) and tell ENOSYS from anything
 * else.  ENOSYS only comes from a missing entry point, so a call that gets
 * as far as rejecting its arguments exists.
 *
 * The sweep must be safe as root on a real machine.  Calls that could block
 * or act are listed in special[] with how they are made harmless; the rest
 * cannot act with all-invalid arguments.
 */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "muprobe.h"
#include "sweep.h"

#include "syscalls_64.h"
#include "syscalls_32.h"
/* The entries MULTIUSER=n takes away, read from the same kernel tree. */
#include "multiuser_syscalls.h"

#define ST_OK		200	/* the call returned without error */
#define ST_EXITED	255	/* exit(-1): the call ended the child */
#define ST_NOT_CALLED	201
#define ST_NO_ABI	202

enum how { ARGS, NOT_CALLED, FORK, SETSID };

struct special {
	const char *name;
	enum how how;
	long a[5];		/* arguments for ARGS */
	const char *why;
};

static const struct special special[] = {
	{ "vfork", NOT_CALLED, {0},
	  "not called: the child would share our stack; see clone" },
	{ "sync", NOT_CALLED, {0},
	  "not called: takes no arguments and flushes every filesystem" },
	{ "fork", FORK, {0},
	  "called: the new process exits at once" },
	{ "vhangup", SETSID, {0},
	  "called after setsid(): no controlling tty to hang up" },
	{ "pause", ARGS, {0},
	  "called: a 20 ms timer interrupts it (EINTR)" },
	{ "sigsuspend", ARGS, {0, 0, 0},
	  "called with an empty mask: the timer interrupts it (EINTR)" },
	{ "exit", ARGS, {-1},
	  "called: ends the sweep child (exit status 255)" },
	{ "exit_group", ARGS, {-1},
	  "called: ends the sweep child (exit status 255)" },
	{ "rt_sigreturn", ARGS, {0},
	  "called: no signal frame, the kernel kills the child (SIGSEGV)" },
	{ "sigreturn", ARGS, {0},
	  "called: no signal frame, the kernel kills the child (SIGSEGV)" },
	{ "futex", ARGS, {0, 1, 0, 0, 0},
	  "FUTEX_WAKE on NULL (EFAULT): an unknown op returns ENOSYS" },
	{ "futex_time64", ARGS, {0, 1, 0, 0, 0},
	  "FUTEX_WAKE on NULL (EFAULT): an unknown op returns ENOSYS" },
	{ "modify_ldt", ARGS, {0, 0, 0},
	  "read 0 bytes: an unknown func returns ENOSYS" },
	{ "ipc", ARGS, {13, -1, 0, 0, 0},
	  "msgget of key -1 without IPC_CREAT: an unknown call is ENOSYS" },
	{ "msgget", ARGS, {-1, 0},
	  "key -1 without IPC_CREAT: -1 flags would create a queue" },
	{ "semget", ARGS, {-1, 0, 0},
	  "key -1 without IPC_CREAT: -1 flags would create a set" },
	{ "shmget", ARGS, {-1, 0, 0},
	  "key -1 without IPC_CREAT: -1 flags would create a segment" },
	{ "init_module", ARGS, {0, 0, 0},
	  "empty image (ENOEXEC): never loads anything" },
	{ "kill", ARGS, {INT_MAX, -1},
	  "no such pid and an invalid signal: never delivers" },
	{ "tkill", ARGS, {INT_MAX, -1},
	  "no such tid and an invalid signal: never delivers" },
	{ "tgkill", ARGS, {INT_MAX, INT_MAX, -1},
	  "no such tid and an invalid signal: never delivers" },
	{ "reboot", ARGS, {0, 0, 0, 0},
	  "wrong magic numbers (EINVAL): never reboots" },
	{ "kexec_load", ARGS, {0, 0, 0, -1},
	  "invalid flags (EINVAL): never loads" },
	/* Added after 6.1: each listed so that --list-sweep says why -1 is safe. */
	{ "uretprobe", ARGS, {-1, -1, -1, -1, -1},
	  "called: outside the uprobe trampoline the kernel kills the child (SIGILL); ENOSYS without UPROBES" },
	{ "cachestat", ARGS, {-1, -1, -1, -1, -1},
	  "flags -1 (EINVAL) before the fd is looked at" },
	{ "fchmodat2", ARGS, {-1, -1, -1, -1, -1},
	  "flags -1 (EINVAL) before any path is resolved" },
	{ "map_shadow_stack", ARGS, {-1, -1, -1, -1, -1},
	  "no shadow stack (EOPNOTSUPP) or flags -1 (EINVAL): never maps" },
	{ "futex_wake", ARGS, {-1, -1, -1, -1, -1},
	  "futex2 flags -1 (EINVAL): never wakes" },
	{ "futex_wait", ARGS, {-1, -1, -1, -1, -1},
	  "futex2 flags -1 (EINVAL): never blocks" },
	{ "futex_requeue", ARGS, {-1, -1, -1, -1, -1},
	  "flags -1 (EINVAL): never requeues" },
	{ "statmount", ARGS, {-1, -1, -1, -1, -1},
	  "flags -1 (EINVAL) before the request is read" },
	{ "listmount", ARGS, {-1, -1, -1, -1, -1},
	  "flags -1 (EINVAL) before the request is read" },
	{ "lsm_get_self_attr", ARGS, {-1, -1, -1, -1, -1},
	  "flags -1 (EINVAL); ENOSYS without SECURITY" },
	{ "lsm_set_self_attr", ARGS, {-1, -1, -1, -1, -1},
	  "flags -1 (EINVAL): never sets; ENOSYS without SECURITY" },
	{ "lsm_list_modules", ARGS, {-1, -1, -1, -1, -1},
	  "flags -1 (EINVAL); ENOSYS without SECURITY" },
	{ "mseal", ARGS, {-1, -1, -1, -1, -1},
	  "flags -1 (EINVAL): never seals" },
};

static const struct special *find_special(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(special); i++)
		if (!strcmp(special[i].name, name))
			return &special[i];
	return NULL;
}

/*
 * The second ABI is ia32 on x86_64; a generic architecture's compat ABI
 * (aarch32 on arm64) is not probed, and says so.
 */
#if defined(__x86_64__)
#define NATIVE_ABI "x86_64"
#define SECOND_ABI "ia32"
#define SECOND_SKIP "no ia32 entry (IA32_EMULATION off)"
#elif defined(__aarch64__)
#define NATIVE_ABI "arm64"
#elif defined(__riscv) && __riscv_xlen == 64
#define NATIVE_ABI "riscv64"
#else
#error "muprobe: the sweep has no ABI name for this architecture"
#endif
#ifndef SECOND_ABI
#define SECOND_ABI "compat"
#define SECOND_SKIP "the compat ABI is not probed on " NATIVE_ABI
#endif

static const char *const abi_names[SWEEP_ABIS] = {
	"sweep." NATIVE_ABI, "sweep." SECOND_ABI
};

const char *sweep_abi_name(int abi)
{
	return abi_names[abi];
}

/*
 * The ia32 entry: int $0x80 from a 64-bit process, as a 32-bit program
 * would.  ebp carries the sixth argument and the frame pointer, so it is
 * saved by hand (below the red zone) and always -1.
 */
static long int80(long nr, long a, long b, long c, long d, long e)
{
#ifdef __x86_64__
	long ret;

	__asm__ volatile("sub $128, %%rsp\n\t"
			 "push %%rbp\n\t"
			 "mov $-1, %%ebp\n\t"
			 "int $0x80\n\t"
			 "pop %%rbp\n\t"
			 "add $128, %%rsp"
			 : "=a"(ret)
			 : "0"(nr), "b"(a), "c"(b), "d"(c), "S"(d), "D"(e)
			 : "memory", "cc", "r8", "r9", "r10", "r11");
	return ret;
#else
	/* Never reached: sweep_run() skips the second ABI here. */
	(void)nr, (void)a, (void)b, (void)c, (void)d, (void)e;
	return -ENOSYS;
#endif
}

static int is_multiuser(int abi, int nr)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(mu_syscalls); i++)
		if (mu_syscalls[i].abi == (abi ? 32 : 64) &&
		    mu_syscalls[i].nr == nr)
			return 1;
	return 0;
}

static void nop(int sig)
{
	(void)sig;
}

static void child(int abi, int nr, const struct special *sp)
{
	long a[6] = { -1, -1, -1, -1, -1, -1 };
	struct itimerval it = { .it_value = { 0, 20000 } };
	struct sigaction sa = { .sa_handler = nop };
	long ret;
	int i;

	sigaction(SIGALRM, &sa, NULL);
	setitimer(ITIMER_REAL, &it, NULL);
	setsid();
	if (sp && sp->how == ARGS)
		for (i = 0; i < 5; i++)
			a[i] = sp->a[i];
	if (abi == 0) {
		ret = syscall(nr, a[0], a[1], a[2], a[3], a[4], a[5]);
		if (ret == -1)
			_exit(errno & 0xff);
	} else {
		ret = int80(nr, a[0], a[1], a[2], a[3], a[4]);
		if (ret < 0 && ret > -4096)
			_exit(-ret & 0xff);
	}
	/* In the process fork() made, too. */
	_exit(ST_OK);
}

static void nop_child(int abi)
{
	/* getpid: is there an ia32 entry at all? */
	if (abi == 1)
		int80(20, 0, 0, 0, 0, 0);
	_exit(ST_OK);
}

static long now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000L + ts.tv_nsec / 1000;
}

/*
 * Returns the wait status, or -1 if it had to be killed.  Polled, not
 * bounded by alarm(): a kernel without POSIX_TIMERS has no alarm, and the
 * child's own 20 ms timer does not come either, so after 20 ms the parent
 * sends the child that SIGALRM itself (its handler, inherited, does
 * nothing but interrupt).
 */
static int call_in_child(int abi, int nr, const struct special *sp,
			 int probe_only)
{
	struct timespec nap = { 0, 100 * 1000 };
	pid_t pid = fork(), r;
	int st, nudged = 0;
	long t0, waited;

	if (pid < 0)
		return -2;
	if (pid == 0) {
		if (probe_only)
			nop_child(abi);
		child(abi, nr, sp);
	}
	t0 = now_us();
	for (;;) {
		r = waitpid(pid, &st, WNOHANG);
		if (r == pid)
			return st;
		if (r < 0 && errno != EINTR)
			return -2;
		waited = now_us() - t0;
		if (!nudged && waited >= 20000) {
			kill(pid, SIGALRM);
			nudged = 1;
		}
		if (waited >= 2000000)
			break;
		nanosleep(&nap, NULL);
	}
	kill(pid, SIGKILL);
	waitpid(pid, &st, 0);
	return -1;
}

static void describe(int st, char *buf, size_t len)
{
	if (st == -1)
		snprintf(buf, len, "timeout");
	else if (WIFSIGNALED(st))
		snprintf(buf, len, "%s", strsignal(WTERMSIG(st)));
	else if (WEXITSTATUS(st) == ST_OK)
		snprintf(buf, len, "success");
	else if (WEXITSTATUS(st) == ST_EXITED)
		snprintf(buf, len, "exited");
	else
		snprintf(buf, len, "%s", errname(WEXITSTATUS(st)));
}

int sweep_run(int abi, FILE *out, int n)
{
	const struct sysent *t = abi ? sys32 : sys64;
	size_t nt = abi ? ARRAY_SIZE(sys32) : ARRAY_SIZE(sys64);
	const char *an = abi_names[abi];
	struct sigaction sa = { .sa_handler = nop };
	int lost = 0, hung = 0, st;
	size_t i;

	/* Inherited by each child from fork() on: SIGALRM only interrupts. */
	sigaction(SIGALRM, &sa, NULL);
	fflush(out);
#ifdef __x86_64__
	st = call_in_child(abi, 0, NULL, 1);
#else
	st = abi ? -1 : call_in_child(abi, 0, NULL, 1);
#endif
	if (st < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != ST_OK) {
		fprintf(out, "# %s verdict=skip\n", an);
		fprintf(out, "# %s reason=" SECOND_SKIP "\n", an);
		fprintf(out, "ok %d %s # SKIP " SECOND_SKIP "\n", n, an);
		return 0;
	}
	fprintf(out, "    KTAP version 1\n    # Subtest: %s\n    1..%zu\n",
		an, nt);
	for (i = 0; i < nt; i++) {
		const struct special *sp = find_special(t[i].name);
		char res[64];

		fprintf(out, "    # %s.%s nr=%d\n", an, t[i].name, t[i].nr);
		if (is_multiuser(abi, t[i].nr))
			fprintf(out, "    # %s.%s needs=CONFIG_MULTIUSER\n", an,
				t[i].name);
		if (sp)
			fprintf(out, "    # %s.%s how=%s\n", an, t[i].name,
				sp->why);
		if (sp && sp->how == NOT_CALLED) {
			fprintf(out, "    # %s.%s result=not-called\n",
				an, t[i].name);
			fprintf(out, "    ok %zu %s # SKIP not called\n",
				i + 1, t[i].name);
			continue;
		}
		fflush(out);
		st = call_in_child(abi, t[i].nr, sp, 0);
		if (st == -2)
			return -1;
		describe(st, res, sizeof(res));
		fprintf(out, "    # %s.%s result=%s\n", an, t[i].name, res);
		if (st >= 0 && WIFEXITED(st) && WEXITSTATUS(st) == ENOSYS) {
			lost++;
			fprintf(out, "    ok %zu %s # SKIP ENOSYS%s\n", i + 1,
				t[i].name,
				t[i].has_entry ? "" : " (no entry point)");
		} else if (st == -1) {
			hung++;
			fprintf(out, "    not ok %zu %s\n", i + 1, t[i].name);
		} else {
			fprintf(out, "    ok %zu %s\n", i + 1, t[i].name);
		}
	}
	fprintf(out, "# %s verdict=%s\n", an, hung ? "broken" : "same");
	fprintf(out, "# %s reason=%zu syscalls, %d answer ENOSYS, %d hung\n",
		an, nt, lost, hung);
	fprintf(out, "%sok %d %s\n", hung ? "not " : "", n, an);
	return 0;
}

void sweep_list_special(FILE *out)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(special); i++)
		fprintf(out, "%s\t%s\n", special[i].name, special[i].why);
}
