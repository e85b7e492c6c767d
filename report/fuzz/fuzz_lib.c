// SPDX-License-Identifier: GPL-2.0
/* The parsers read files; the harnesses hand them the input as one. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz.h"

const char *fuzz_dir(void)
{
	static char dir[64];
	char sub[96];

	if (!dir[0]) {
		/* make fuzz points TMPDIR into the build folder and empties it. */
		const char *tmp = getenv("TMPDIR");

		snprintf(dir, sizeof(dir), "%.40s/mufuzz.%d", tmp ? tmp : "/tmp",
			 (int)getpid());
		snprintf(sub, sizeof(sub), "%s/v", dir);
		if ((mkdir(dir, 0700) && access(dir, W_OK)) ||
		    (mkdir(sub, 0700) && access(sub, W_OK)))
			abort();
	}
	return dir;
}

int fuzz_file(const char *path, const uint8_t *data, size_t size)
{
	FILE *f = fopen(path, "w");
	int bad;

	if (!f)
		return -1;
	bad = size && fwrite(data, size, 1, f) != 1;
	return fclose(f) || bad ? -1 : 0;
}
