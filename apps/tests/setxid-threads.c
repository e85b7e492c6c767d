// SPDX-License-Identifier: GPL-2.0
/*
 * setxid-threads N: start N idle threads, then setuid(0) through glibc.
 * glibc makes every thread of the process call setuid(2) itself (POSIX
 * wants the ids per process, the kernel keeps them per thread), so a
 * tracer sees N + 1 calls at once.  Prints setuid()'s return value.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static void *idle(void *arg)
{
	(void)arg;
	for (;;)
		pause();
	return NULL;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 4, i;
	pthread_t t;

	for (i = 0; i < n; i++)
		if (pthread_create(&t, NULL, idle, NULL)) {
			perror("pthread_create");
			return 1;
		}
	printf("%d\n", setuid(0));
	return 0;
}
