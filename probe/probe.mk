# muprobe: static musl binary for the guests (and for real boards).
# Included by the top Makefile; paths are relative to the project root.

PROBE_SRC := $(wildcard probe/*.c)
PROBE_HDR := $(wildcard probe/*.h)
PROBE_CC := musl-gcc
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

$(B)/probe/syscalls_64.h: probe/gen-syscalls.sh $(B)/.patch.ok
	$(Q)mkdir -p $(@D)
	$(Q)probe/gen-syscalls.sh $(KSRC)/$(arch_$(ARCH)_tbl64) common,64 sys64 >$@

$(B)/probe/syscalls_32.h: probe/gen-syscalls.sh $(B)/.patch.ok
	$(Q)mkdir -p $(@D)
	$(Q)probe/gen-syscalls.sh $(KSRC)/$(arch_$(ARCH)_tbl32) i386 sys32 >$@

# Which of those MULTIUSER=n takes away, for the sweep and for murun.
$(B)/probe/multiuser_syscalls.h: probe/gen-multiuser.sh $(B)/.patch.ok
	$(Q)mkdir -p $(@D)
	$(Q)probe/gen-multiuser.sh $(KSRC) $(KSRC)/$(arch_$(ARCH)_tbl64) \
		$(KSRC)/$(arch_$(ARCH)_tbl32) >$@.tmp && mv $@.tmp $@

$(B)/probe/muprobe: $(PROBE_SRC) $(PROBE_HDR) $(B)/probe/syscalls_64.h \
		$(B)/probe/syscalls_32.h $(B)/probe/multiuser_syscalls.h \
		$(B)/uapi/.ok | deps
	$(Q)$(call progress,probe)
	$(Q)$(PROBE_CC) $(PROBE_CFLAGS) -o $@ $(PROBE_SRC)

probe: $(B)/probe/muprobe
.PHONY: probe
