// SPDX-License-Identifier: GPL-2.0
/*
 * Timers a program sets without ever seeing an error: POSIX_TIMERS=n
 * takes setitimer() and the CPU-time accounting that enforces RLIMIT_CPU,
 * yet musl's alarm() has no error to return and setrlimit() still stores
 * the limit.  Only the signal that never comes tells.  HIGH_RES_TIMERS=n
 * keeps every timer and only coarsens them to the tick.
 */
#include <errno.h>
#include <signal.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "muprobe.h"

/* The signal is blocked and waited for: no handler, no shared flag. */
static void block(int sig)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(SIG_BLOCK, &set, NULL);
}

static int pending(int sig)
{
	sigset_t set;

	return sigpending(&set) == 0 && sigismember(&set, sig) == 1;
}

static long cpu_ms(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000L +
	       (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1000;
}

static void alarm_libc(const struct probe *p)
{
	struct timespec wait = { 2, 0 };
	unsigned int left;
	sigset_t set;
	int err, got;

	(void)p;
	block(SIGALRM);
	errno = 0;
	left = alarm(1);
	err = errno;
	obs("alarm", "%u", left);
	obs("errno", "%s", err ? errname(err) : "0");
	sigemptyset(&set);
	sigaddset(&set, SIGALRM);
	got = sigtimedwait(&set, NULL, &wait) == SIGALRM;
	obs("signal", "%s", got ? "SIGALRM" : "none");
	if (got)
		same("SIGALRM came");
	silent("alarm(1) returned %u; no SIGALRM in 2 s%s%s", left,
	       err ? ", errno left at " : "", err ? errname(err) : "");
}

/*
 * The soft limit is the least the kernel takes (1 s); the child then
 * spends up to 3 s of CPU, however long the host makes that take: the
 * kernel's accounting of it lags getrusage()'s (here SIGXCPU came at 1.4
 * to 2.1 s as getrusage() counts).
 */
static void rlimit_cpu(const struct probe *p)
{
	struct rlimit rl = { 1, RLIM_INFINITY };
	long r, used;
	int err, got;

	(void)p;
	block(SIGXCPU);
	r = setrlimit(RLIMIT_CPU, &rl);
	err = errno;
	obs_ret_err("setrlimit", r, err);
	if (r)
		loud("setrlimit(RLIMIT_CPU) failed with %s", errname(err));
	while (!(got = pending(SIGXCPU)) && cpu_ms() < 3000)
		;
	used = cpu_ms();
	obs("cpu_ms", "%s", used < 3000 ? "<3000" : ">=3000");
	obs("signal", "%s", got ? "SIGXCPU" : "none");
	if (got)
		same("SIGXCPU after 1 s of CPU");
	silent("setrlimit(RLIMIT_CPU, 1 s) returned 0; 3 s of CPU and no SIGXCPU");
}

/*
 * The kernel's own word for how finely it times: without HIGH_RES_TIMERS
 * every sleep and timer rounds up to the next tick, and nothing fails.
 */
static void resolution(const struct probe *p)
{
	struct timespec res;
	long r;
	int err;

	(void)p;
	r = clock_getres(CLOCK_MONOTONIC, &res);
	err = errno;
	obs_ret_err("clock_getres", r, err);
	if (r)
		loud("clock_getres(CLOCK_MONOTONIC) failed with %s", errname(err));
	obs("res_ns", "%lld", (long long)res.tv_sec * 1000000000LL + res.tv_nsec);
	if (!res.tv_sec && res.tv_nsec == 1)
		same("1 ns");
	silent("clock_getres(CLOCK_MONOTONIC) returned 0 and %lld ns: sleeps and timers end on a tick",
	       (long long)res.tv_sec * 1000000000LL + res.tv_nsec);
}

static const struct probe rows[] = {
	{ "timers.alarm", "timers", "alarm(1) through libc, then wait 2 s",
	  "SIGALRM after 1 s (POSIX_TIMERS)", alarm_libc,
	  { 0 }, 0, 0 },
	{ "timers.rlimit_cpu", "timers",
	  "setrlimit(RLIMIT_CPU) to 1 s, then spend up to 3 s of CPU",
	  "SIGXCPU when the soft limit is reached (POSIX_TIMERS)", rlimit_cpu,
	  { 0 }, 0, 20000 },
	{ "timers.resolution", "timers", "clock_getres(CLOCK_MONOTONIC)",
	  "1 ns: sleeps and timers as fine as asked (HIGH_RES_TIMERS)",
	  resolution, { 0 }, 0, 0 },
};

PROBE_SET(timers_set, rows);
