# murun: the host-side emulation (glibc + libseccomp), also copied into the
# guests.  Static: the dynamic loader would cost every run more than the
# filter does (make murun-bench).  Its seccomp programs are built once, here,
# by genfilter with libseccomp.
MURUN_SRC := apps/murun/murun.c apps/murun/calls.c apps/murun/supervise.c \
	apps/murun/native.c
MURUN_CFLAGS := -O2 -Wall -Wextra -Werror -D_GNU_SOURCE -I$(B)/probe \
	-Iapps/murun

$(B)/murun/genfilter: apps/murun/genfilter.c apps/murun/calls.c \
		apps/murun/murun.h $(B)/probe/multiuser_syscalls.h | deps
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(MURUN_CFLAGS) -o $@ apps/murun/genfilter.c \
		apps/murun/calls.c -lseccomp

$(B)/murun/filters.h: $(B)/murun/genfilter
	$(Q)$< >$@.tmp
	$(Q)mv $@.tmp $@

$(B)/murun/murun: $(MURUN_SRC) apps/murun/murun.h $(B)/murun/filters.h \
		$(B)/probe/multiuser_syscalls.h | deps
	$(Q)$(CC) $(MURUN_CFLAGS) -I$(B)/murun -static -o $@ $(MURUN_SRC) \
		-lseccomp

$(B)/murun/allow-all: apps/murun/allow-all.c | deps
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) -O2 -Wall -Wextra -Werror -static -o $@ $<

# Timing, so not part of make check: about 8 minutes with 120 rounds.
MURUN_BENCH_ROUNDS ?= 120
murun-bench: $(B)/murun/murun $(B)/murun/allow-all
	$(Q)$(call progress,murun-bench: $(MURUN_BENCH_ROUNDS) rounds)
	$(Q)mkdir -p out
	$(Q)python3 apps/murun/bench.py $^ --rounds $(MURUN_BENCH_ROUNDS) \
		>out/murun-bench.txt.tmp
	$(Q)mv out/murun-bench.txt.tmp out/murun-bench.txt
	$(Q)cat out/murun-bench.txt

murun: $(B)/murun/murun
.PHONY: murun murun-bench
