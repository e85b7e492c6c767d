/* SPDX-License-Identifier: GPL-2.0 */
/* murun: the filtered syscall list and the notification supervisor. */
#ifndef MURUN_H
#define MURUN_H

/* struct mu_syscall and mu_syscalls[]: multiuser_syscalls.h, generated. */
struct mu_syscall;

#include <stdint.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* The filtered call with this number in ARCH's table, or NULL. */
const struct mu_syscall *mu_lookup(uint32_t arch, int nr);
/* How many arguments it takes; whether argument ARG is a pointer. */
int mu_nargs(const struct mu_syscall *s);
int mu_is_pointer(const struct mu_syscall *s, int arg);

/* Answer notifications on FD until every filtered task is gone. */
void supervise(int fd, int compat, int trace);

/* --mode=native: ptrace CHILD, print each filtered call and the kernel's
 * answer; returns CHILD's exit status (128+N for a signal). */
int trace_native(int child);

#endif
