# muprobe: static musl binary for the guests (and for real boards).
# Included by the top Makefile; paths are relative to the project root.

# muobs.c is muobs's own main.
PROBE_SRC := $(filter-out probe/muobs.c,$(wildcard probe/*.c))
PROBE_HDR := $(wildcard probe/*.h)
PROBE_CC := $(ABS)/$(TOOLS)/musl-gcc
PROBE_CFLAGS := -static -O2 -Wall -Wextra -Wno-missing-field-initializers \
	-Werror -std=gnu11 \
	-I$(B)/probe -idirafter $(B)/uapi/include

# The kernel's sanitised UAPI headers: musl-gcc does not see the host's
# linux/capability.h, and glibc's headers must not leak into the probe.
$(B)/uapi/.ok: $(B)/.patch.ok
	$(Q)$(call progress,uapi headers)
	$(Q)$(MAKE) -C $(KSRC) O=$(ABS)/$(B)/uapi-obj ARCH=$(KARCH) \
		INSTALL_HDR_PATH=$(ABS)/$(B)/uapi headers_install \
		>$(B)/uapi.log 2>&1 || { tail -n 20 $(B)/uapi.log; exit 1; }
	$(Q)touch $@

# The architecture's syscall tables in one form (probe/gen-tbl.sh): the
# 64-bit one and, on x86_64, ia32's.
TBL64 := $(B)/probe/syscall_64.tbl
TBL32 := $(B)/probe/syscall_32.tbl
$(B)/probe/syscall_%.tbl: probe/gen-tbl.sh $(B)/uapi/.ok | $(TOOLS)/.ok
	$(Q)mkdir -p $(@D)
	$(Q)probe/gen-tbl.sh $(KSRC) $(KARCH) $* $(CROSS)gcc $(B)/uapi/include >$@.tmp && \
		mv $@.tmp $@

$(B)/probe/syscalls_64.h: probe/gen-syscalls.sh $(TBL64)
	$(Q)probe/gen-syscalls.sh $(TBL64) common,64 sys64 >$@

$(B)/probe/syscalls_32.h: probe/gen-syscalls.sh $(TBL32)
	$(Q)probe/gen-syscalls.sh $(TBL32) i386 sys32 >$@

# Which of those MULTIUSER=n takes away, for the sweep and for murun.
$(B)/probe/multiuser_syscalls.h: probe/gen-multiuser.sh $(TBL64) $(TBL32)
	$(Q)probe/gen-multiuser.sh $(KSRC) $(TBL64) $(TBL32) >$@.tmp && mv $@.tmp $@

$(B)/probe/muprobe: $(PROBE_SRC) $(PROBE_HDR) $(B)/probe/syscalls_64.h \
		$(B)/probe/syscalls_32.h $(B)/probe/multiuser_syscalls.h \
		$(B)/uapi/.ok | deps $(TOOLS)/.ok
	$(Q)$(call progress,probe)
	$(Q)$(PROBE_CC) $(PROBE_CFLAGS) -o $@ $(PROBE_SRC)

# The observation writer alone (probe/muobs.c): what the corpus image needs.
$(B)/probe/muobs: probe/muobs.c probe/escape.c probe/escape.h | deps $(TOOLS)/.ok
	$(Q)mkdir -p $(@D)
	$(Q)$(PROBE_CC) $(PROBE_CFLAGS) -o $@ probe/muobs.c probe/escape.c

probe: $(B)/probe/muprobe
.PHONY: probe
