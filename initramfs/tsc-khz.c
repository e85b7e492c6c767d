// SPDX-License-Identifier: GPL-2.0
/*
 * The build host's TSC rate in kHz, to the MHz: an x86 guest under TCG
 * reads the host's TSC, and without ACPI it has no clock to calibrate it
 * against (its PIT is too irregular under emulation).  Given the rate
 * (tsc_early_khz=), the guest's kernel can use the TSC and start its
 * high-resolution timers; otherwise it runs on jiffies.
 */
#include <stdio.h>
#include <time.h>
#include <x86intrin.h>

static double seconds(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC_RAW, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

int main(void)
{
	const struct timespec wait = { 0, 200000000 };
	unsigned long long c0, c1;
	double t0, t1;

	t0 = seconds();
	c0 = __rdtsc();
	nanosleep(&wait, NULL);
	c1 = __rdtsc();
	t1 = seconds();
	if (c1 <= c0 || t1 <= t0) {
		fputs("tsc-khz: the TSC does not advance\n", stderr);
		return 1;
	}
	printf("%.0f000\n", (c1 - c0) / (t1 - t0) / 1e6);
	return 0;
}
