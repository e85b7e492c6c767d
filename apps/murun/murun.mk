# murun: the host-side emulation, also copied into the guests.  Static musl
# and dependency-free, like the probe: it starts in a fraction of what a
# glibc binary needs here (make murun-bench), and runs on a board as it is.
# Its seccomp programs are built once, here, by genfilter with libseccomp.
MURUN_SRC := apps/murun/murun.c apps/murun/args.c apps/murun/calls.c \
	apps/murun/supervise.c apps/murun/summary.c \
	apps/murun/native.c apps/murun/lifetime.c probe/errname.c
MURUN_INC := -D_GNU_SOURCE -I$(B)/probe -Iapps/murun -Iprobe

$(B)/murun/genfilter: apps/murun/genfilter.c apps/murun/calls.c \
		apps/murun/murun.h $(B)/probe/multiuser_syscalls.h | deps
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) -O2 -Wall -Wextra -Werror $(MURUN_INC) -DMU_TARGET_$(ARCH) -o $@ \
		apps/murun/genfilter.c \
		apps/murun/calls.c -lseccomp

$(B)/murun/filters.h: $(B)/murun/genfilter
	$(Q)$< >$@.tmp
	$(Q)mv $@.tmp $@

# Built as the probe is: musl-gcc, PROBE_CFLAGS (static, the kernel's UAPI
# headers).
$(B)/murun/murun: $(MURUN_SRC) apps/murun/murun.h probe/errname.h \
		$(B)/murun/filters.h $(B)/probe/multiuser_syscalls.h \
		$(B)/uapi/.ok | deps $(TOOLS)/.ok
	$(Q)$(PROBE_CC) $(PROBE_CFLAGS) $(MURUN_INC) -I$(B)/murun -o $@ \
		$(MURUN_SRC)

$(B)/murun/allow-all: apps/murun/allow-all.c $(B)/uapi/.ok | deps $(TOOLS)/.ok
	$(Q)mkdir -p $(@D)
	$(Q)$(PROBE_CC) $(PROBE_CFLAGS) -o $@ $<

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
