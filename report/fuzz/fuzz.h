/* SPDX-License-Identifier: GPL-2.0 */
/* Shared by the libFuzzer harnesses: the input as a file some parser reads. */
#ifndef MUPROBE_FUZZ_H
#define MUPROBE_FUZZ_H

#include <stddef.h>
#include <stdint.h>

/* Write DATA to PATH (made under a private folder); 0 or -1. */
int fuzz_file(const char *path, const uint8_t *data, size_t size);
/* A folder of this process's with a subfolder v/, made once. */
const char *fuzz_dir(void);

#endif
