# muprobe: how a CONFIG_MULTIUSER=n kernel differs from Linux, measured.
#
#   make          set up, build every variant, boot each in QEMU, report
#   make check    the test suite (what .ci/run runs)
#   make help     targets and variables
#
# Nothing here loads anything into the host kernel: kernels run in QEMU only.

SHELL := /bin/bash
# Debian's programs only: what make uses are Debian packages (deps installs
# them), as on a fresh machine.  Anything else in PATH changes what is built
# or costs time: a rustc in ~/.cargo/bin is recorded in 6.12's .config
# (RUSTC_VERSION) and run by every Kconfig pass, a pyenv python3 shim costs
# 0.6 CPU-s a start against 0.04 and lacks Debian's python3-* modules.
export PATH := /usr/sbin:/usr/bin:/sbin:/bin
.DEFAULT_GOAL := all
.DELETE_ON_ERROR:
.SUFFIXES:

V ?= 0
Q := $(if $(filter 1,$(V)),,@)

# ---- per-architecture table -------------------------------------------------
# Adding one: a block here, kernel-patch/config/arch-NAME.config (the
# console, the second channel and what the architecture's tinyconfig
# leaves off), report/golden/NAME/.  karch: kbuild's ARCH; deb: Debian's
# name; cross: the compiler prefix (none: the host's own); tools: where
# the static musl and busybox come from (initramfs/arch-tools.sh: host,
# deb or src); qemu, machine, console: the guest; results: the second
# channel (a virtio console where the machine has one UART); abis: the
# sweep's names of its two ABIs (probe/sweep.c).
ARCHS ?= x86_64 arm64
ARCH ?= $(firstword $(ARCHS))
# make check also checks the architectures of CHECK_ONLY_ARCHS, with
# their own short lists, unless ARCHS was given: riscv64 is one word away
# from make's default and checked on every change.
CHECK_ONLY_ARCHS ?= $(if $(filter command line environment,$(origin ARCHS)),,riscv64)
CHECK_ARCHS := $(ARCHS) $(filter-out $(ARCHS),$(CHECK_ONLY_ARCHS))
# The architectures whose reports run the corpus (it needs the
# architecture's Debian packages).
CORPUS_ARCHS ?= x86_64
# The Debian boots (apps/debian/) beside a report: the debian base's guests
# (tiny's kernels) of DEBIAN_VARIANTS, stock Linux first, for the
# architectures of DEBIAN_ARCHS.  A boot is minutes of TCG: two variants
# by default, every one with DEBIAN_VARIANTS="$(VARIANTS)".
DEBIAN_ARCHS ?= x86_64
DEBIAN_VARIANTS ?= multiuser nomultiuser
arch_x86_64_karch := x86_64
arch_x86_64_deb := amd64
arch_x86_64_cross :=
arch_x86_64_tools := host
arch_x86_64_qemu := qemu-system-x86_64
arch_x86_64_machine := -M pc
arch_x86_64_console := ttyS0
arch_x86_64_results := ttyS1
arch_x86_64_image := arch/x86/boot/bzImage
arch_x86_64_abis := x86_64 ia32
arch_x86_64_uname := x86_64
arch_x86_64_multiarch := x86_64-linux-gnu
# Added to the series' kunitconfig for kunit.py: the 16-bit entry points
# (and their KUnit case) exist on x86_64 only with ia32.
arch_x86_64_kunit_add := CONFIG_IA32_EMULATION=y
arch_arm64_karch := arm64
arch_arm64_deb := arm64
arch_arm64_cross := aarch64-linux-gnu-
arch_arm64_tools := deb
arch_arm64_qemu := qemu-system-aarch64
arch_arm64_machine := -M virt -cpu max
arch_arm64_console := ttyAMA0
arch_arm64_results := hvc0
arch_arm64_image := arch/arm64/boot/Image
arch_arm64_abis := arm64 compat
arch_arm64_uname := aarch64
arch_arm64_multiarch := aarch64-linux-gnu
arch_arm64_kunit_add :=
# The board make lava's board job names (a lab's LAVA_DEVICE_TYPE wins):
# a Raspberry Pi 4, U-Boot booting the uncompressed Image with the device
# tree built from the same tree (kbuild's target for it, beside the job).
arch_arm64_lava_board := bcm2711-rpi-4-b
arch_arm64_lava_kernel_type := image
arch_arm64_lava_dtb := broadcom/bcm2711-rpi-4-b.dtb
# What runs on the build host (the probe's own tests, murun, host runs)
# and what does not depend on the architecture (the series' text, mails,
# the audit) is checked on x86_64.
arch_arm64_checks := kconfig-verify initramfs-repro pipeline-e2e probe-e2e \
	absent-syscalls apps-e2e compat-e2e strict-e2e kunit report-golden lava
# One version is enough to show the architecture works in every check
# (make builds and reports every version).
arch_arm64_check_kvers := 6.12
arch_riscv64_karch := riscv
arch_riscv64_deb := riscv64
arch_riscv64_cross := riscv64-linux-gnu-
arch_riscv64_tools := src
arch_riscv64_qemu := qemu-system-riscv64
arch_riscv64_machine := -M virt
arch_riscv64_console := ttyS0
arch_riscv64_results := hvc0
arch_riscv64_image := arch/riscv/boot/Image
arch_riscv64_abis := riscv64 compat
arch_riscv64_kunit_add :=
arch_riscv64_uname := riscv64
arch_riscv64_multiarch := riscv64-linux-gnu
# make check boots the two variants that show MULTIUSER's effect, on one
# version, and runs the series' KUnit suites (kunit.py's riscv QEMU
# config, OpenSBI from Debian's qemu-system-data); the other variants and
# the report are make's (ARCHS=riscv64), which would double make check's
# riscv64 kernels.
arch_riscv64_checks := kconfig-verify initramfs-repro pipeline-e2e probe-e2e \
	absent-syscalls kunit lava
arch_riscv64_check_kvers := 6.12
# What make check's checks of the architecture are given: riscv64's two
# variants, whose report (of those two) check-lava compares LAVA with.
arch_riscv64_check_args := VARIANTS='multiuser nomultiuser' PAIRS=multiuser:nomultiuser
# U-Boot's booti, for a lab's board job (no board named: REPLACE-...).
arch_riscv64_lava_kernel_type := image
ARCH_TABLE := $(sort $(patsubst arch_%_karch,%,$(filter arch_%_karch,$(.VARIABLES))))
$(foreach a,$(CHECK_ARCHS) $(ARCH),$(if $(arch_$(a)_karch),,$(error ARCH $(a) is not in the architecture table ($(ARCH_TABLE)))))
KARCH := $(arch_$(ARCH)_karch)
QEMU := $(arch_$(ARCH)_qemu)
KIMAGE := $(arch_$(ARCH)_image)
CROSS := $(arch_$(ARCH)_cross)
# Debian packages the architectures need: cross compilers, QEMU, and
# dpkg-source where musl and busybox are built from source packages.
qemu_deb_qemu-system-x86_64 := qemu-system-x86
qemu_deb_qemu-system-aarch64 := qemu-system-arm
qemu_deb_qemu-system-riscv64 := qemu-system-misc
ARCH_DEBS := $(sort $(foreach a,$(CHECK_ARCHS) $(ARCH),\
	$(if $(arch_$(a)_cross),gcc-$(arch_$(a)_cross:-=)) \
	$(qemu_deb_$(arch_$(a)_qemu)) $(if $(filter src,$(arch_$(a)_tools)),dpkg-dev)))

# ---- per-base table: a base is a kbuild target plus a committed fragment ----
BASE ?= tiny
base_tiny_target := tinyconfig
base_tiny_timeout := 120
# The base whose guests run the corpus (apps/corpus/) for this base's report.
base_tiny_corpus := corpus
base_tiny64_target := tinyconfig
base_tiny64_timeout := 120
base_tiny64_frags := base-tiny base-tiny64
base_defconfig_target := defconfig
base_defconfig_timeout := 600
# corpus: tiny's own kernels (kernels: the base whose objects, sizes and
# configs they are) booting the corpus image, the Debian programs of
# apps/corpus/, with more memory for them.
base_corpus_kernels := tiny
base_corpus_timeout := 240
base_corpus_image := corpus
base_corpus_memory := 512M
# debian: tiny's own kernels (base-tiny.config has what systemd needs)
# booting Debian 12's own userland, systemd as PID 1 (apps/debian/); they
# report what the booted system looks like (make BASE=debian results).
base_debian_kernels := tiny
base_debian_timeout := 900
base_debian_image := debian
base_debian_memory := 1G
# systemd logs to the kernel's buffer, where the guest reads why a unit
# failed: on MULTIUSER=n journald never starts, and what systemd sent
# to its socket before that is lost.
# Every line systemd writes to the kernel's buffer is kept: not rate
# limited (printk.devkmsg=on; which lines the limit dropped depended on
# timing) and not overwritten (log_buf_len).  systemd's own 90 s start
# timeout stays: a unit waiting for one that failed (logind for dbus on
# MULTIUSER_COMPAT) fails then, and the boot ends within the collector's
# wait, as it would on a board.
base_debian_cmdline := systemd.log_target=kmsg printk.devkmsg=on log_buf_len=1M
base_debian_pairs := multiuser:nomultiuser
# atlas: tiny plus every option that removes ABI turned on (report/atlas/),
# the baseline (variant multiuser) that make atlas turns each of them off
# against, one variant off-OPTION at a time; its guests boot the probe's
# image and then the corpus's.
base_atlas_target := tinyconfig
base_atlas_timeout := 240
base_atlas_frags := base-tiny base-atlas
base_atlas_gen = $(B)/atlas/baseline.config
base_atlas_memory := 512M
base_atlas_pairs := multiuser:multiuser
# Its baseline must time as Linux does: an x86 guest under TCG reads the
# host's TSC but cannot calibrate it without ACPI, runs on jiffies and
# never starts high-resolution timers, so HIGH_RES_TIMERS=y would change
# nothing.  Told the host's rate ($(BA)/tsc-khz), it uses the TSC.
base_atlas_cmdline = $(if $(filter x86_64,$(ARCH)),$(if $(NATIVE),tsc_early_khz=$(file <$(BA)/tsc-khz) tsc=reliable))
base_atlas_needs = $(if $(filter x86_64,$(ARCH)),$(if $(NATIVE),$(BA)/tsc-khz))
# The base whose kernels this one builds or boots.
KBASE := $(or $(base_$(BASE)_kernels),$(BASE))
BASE_TARGET := $(base_$(KBASE)_target)
BOOT_TIMEOUT ?= $(base_$(BASE)_timeout)
# The architecture's fragment first: a base may turn off what it turns on.
# A fragment's FRAG-KVER.config, where there is one, follows it: what one
# version's tree asks that another's has no symbol for.
BASE_FRAG = $(foreach f,arch-$(ARCH) $(or $(base_$(KBASE)_frags),base-$(KBASE)),kernel-patch/config/$(f).config \
	$(wildcard kernel-patch/config/$(f)-$(KVER).config)) $(base_$(KBASE)_gen)
# The guest image a base boots: $(B)/IMAGE.cpio, and its guest memory.
BASE_IMAGE := $(or $(base_$(BASE)_image),initramfs)
GUEST_MEM := $(or $(base_$(BASE)_memory),256M)
# NATIVE: the build host runs the architecture's programs (host runs of
# the probe, murun and the corpus; KVM).
NATIVE := $(filter $(shell uname -m),$(arch_$(ARCH)_uname))
GUEST_ACCEL = $(if $(NATIVE),$(ACCEL),tcg)
GUEST_ENV = MU_GUEST_MEM=$(GUEST_MEM) MU_MACHINE='$(arch_$(ARCH)_machine)' \
	MU_CMDLINE='$(base_$(BASE)_cmdline)' \
	MU_CONSOLE=$(arch_$(ARCH)_console) MU_RESULTS=$(arch_$(ARCH)_results)
$(if $(BASE_TARGET),,$(error BASE=$(BASE) is not in the base table (tiny, tiny64, defconfig, corpus, debian, atlas)))

# ---- variants: one fragment kernel-patch/config/NAME.config and one word ----
VARIANTS ?= multiuser nomultiuser nomultiuser-compat nomultiuser-strict
# Optional: the variant whose objects a new variant starts from (SEED=1).
# kbuild then recompiles only what the changed symbols reach.
seed_nomultiuser := multiuser
seed_nomultiuser-compat := nomultiuser
seed_nomultiuser-strict := nomultiuser-compat
# control: multiuser with MULTIUSER's Kconfig fallout turned off, derived
# from the resolved configs; built for its size, not booted.
seed_control := multiuser
frag_control = $(B)/$(KBASE)/control.config
# off-OPTION: the atlas's variant without OPTION (report/atlas/atlas.mk).
frag_of = $(or $(frag_$(1)),$(if $(filter off-%,$(1)),$(B)/atlas/$(1).config),kernel-patch/config/$(1).config)
# Size comparisons in the report: total, MULTIUSER's own, the compat layer,
# the strict part alone and strict against plain MULTIUSER=n.
PAIRS := $(or $(base_$(BASE)_pairs),multiuser:nomultiuser control:nomultiuser \
	nomultiuser:nomultiuser-compat nomultiuser-compat:nomultiuser-strict \
	nomultiuser:nomultiuser-strict)
# The variants and, when a pair needs it, control.
KERNELS := $(VARIANTS) $(if $(filter control:%,$(PAIRS)),control)
SEED ?= 1
# kernel/NAME.kunitconfig files of the series that check-kunit runs
# (multiuser: STRICT and COMPAT; multiuser_compat: COMPAT alone).
KUNIT_CONFIGS ?= multiuser
CCACHE ?= $(if $(wildcard /usr/lib/ccache/gcc),1,0)
ACCEL ?= auto
JOBS ?= $(shell nproc)
# make check: architecture/version pairs checked at once.  Kernel builds
# run at a lower priority (BUILD_NICE), so that one version's QEMU guests,
# whose programs have timeouts, keep their pace while another version
# builds.  The pairs start at once, each 2 nice levels below the one
# before it (CHECK_PAIRS' order: the longest first), so that the
# shorter ones fill what the longest leaves idle rather than stretch it.
CHECK_JOBS ?= 4
BUILD_NICE ?= 10

# ---- per-version table: a version is a Debian source package and a series --
# Adding one: a line here, kernel-patch/KVER/series, report/golden/KVER/.
KVERS ?= 6.1 6.12
kver_6.1_pkg := linux-source-6.1
kver_6.12_pkg := linux-source-6.12
KVER_TABLE := $(sort $(patsubst kver_%_pkg,%,$(filter kver_%_pkg,$(.VARIABLES))))
$(foreach v,$(KVERS),$(if $(kver_$(v)_pkg),,$(error KVERS: $(v) is not in the version table ($(KVER_TABLE)))))

BUILD ?= build
# Everything built from a kernel tree lives under $(B), everything measured
# under $(OUT): both keyed by architecture and version, so one's tree,
# objects or results can never stand in for another's.
ifneq ($(KVER),)
$(if $(kver_$(KVER)_pkg),,$(error KVER=$(KVER) is not in the version table ($(KVER_TABLE))))
KPKG := $(kver_$(KVER)_pkg)
KTARBALL := /usr/src/$(KPKG).tar.xz
SERIES_DIR := kernel-patch/$(KVER)
B := $(BUILD)/$(ARCH)/$(KVER)
KSRC := $(B)/$(KPKG)
KOBJ = $(B)/$(KBASE)/$(1)
OUT := out/$(ARCH)/$(KVER)/$(BASE)
endif
# What does not depend on the kernel version: the architecture's musl,
# busybox and compiler wrapper, its corpus packages, its accelerator.
BA := $(BUILD)/$(ARCH)
ABS := $(abspath .)
comma := ,
hash := \#
space := $(subst ,, )
# A recipe that writes TEXT to the target only when it differs, so that
# what depends on it is made again exactly when its inputs changed (the
# arguments of a report, a guest, kunit.py).
write_if_changed = mkdir -p $(@D) && echo '$(subst ','\'',$(1))' >$@.$$$$ && \
	{ cmp -s $@.$$$$ $@ && rm $@.$$$$ || mv $@.$$$$ $@; }
# make lava: where a lab serves out/, and the qemu jobs lava-run runs.
LAVA_URL ?= file://$(ABS)/out
LAVA_RUN ?= multiuser nomultiuser

DEBS := $(foreach v,$(KVERS),$(kver_$(v)_pkg)) gcc make musl-tools $(ARCH_DEBS) \
	libseccomp-dev clang-14 libclang-rt-14-dev busybox-static flex bison bc libelf-dev libssl-dev \
	cpio xz-utils python3 python3-ply ccache patch coreutils passwd \
	util-linux libpam-modules libpam-runtime libjansson-dev chromium \
	libcmark-gfm-dev libcmark-gfm-extensions-dev \
	lava-dispatcher python3-guestfs python3-pyelftools binutils libcap2-bin sparse \
	man-db groff-base bsdextrautils time zstd

# Reproducible kernel builds: init/version.c otherwise records who, where
# and when, and ccache could never hit twice; and how many times the folder
# was linked before (#2 after a rebuild), which a kernel cache could keep.
KENV := KBUILD_BUILD_TIMESTAMP='1970-01-01' KBUILD_BUILD_USER=muprobe \
	KBUILD_BUILD_HOST=muprobe KBUILD_BUILD_VERSION=1
# ccache through its gcc symlinks, so that the compile command kbuild records
# is the same with and without it and switching never forces a rebuild.
# CCACHE_BASEDIR makes paths relative, so that another clone hits too.
# CCACHE_INODECACHE: a hit hashes every header the object includes again
# unless their hashes are kept by inode (off by default in Debian 12's
# ccache 4.7); a kernel object includes hundreds.
# Every command that builds a kernel (kbuild, kunit.py, the bisect) runs
# under this: reproducible, through ccache, below the guests' priority.
# 6.1's kbuild runs scripts/check-local-export (nm | awk) after every
# object, which 6.2 moved into modpost: 0.1 CPU-s an object here, half of
# a warm 6.1 kernel (286 CPU-s against 156 for its KUnit kernel, the same
# vmlinux; docs/performance.md).  It checks EXPORT_SYMBOL, which the series
# never uses; check-mails keeps it on the objects the series touches.
# GNUMAKEFLAGS reaches every make under the command (kunit.py, the bisect).
KBUILD_SKIP = GNUMAKEFLAGS=cmd_check_local_export=:
KBUILD_ENV = $(KENV) $(KBUILD_SKIP) $(if $(CROSS),CROSS_COMPILE=$(CROSS)) $(if $(filter 1,$(CCACHE)),PATH=/usr/lib/ccache:$(PATH) \
	CCACHE_BASEDIR=$(ABS) CCACHE_INODECACHE=true) nice -n $(BUILD_NICE)
# A built kernel's objects are kept under a key of all that makes them
# (kernel-patch/kcache.sh): found there, the folder is unpacked, not built.
# KCACHE=0 builds every kernel; KCACHE_MB bounds the folder, least
# recently used first out.
KCACHE ?= 1
KCACHE_DIR ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/muprobe/kernels
KCACHE_MB ?= 8192
KCACHE_TREE = $(if $(filter 1,$(KCACHE)),$(B)/tree.id)
kcache = $(KBUILD_ENV) kernel-patch/kcache.sh
KMAKE = $(KBUILD_ENV) $(MAKE) -C $(KSRC) O=$(ABS)/$(call KOBJ,$(1)) ARCH=$(KARCH)

ifndef MU_T0
export MU_T0 := $(shell date +%s.%N)
endif
progress = printf '[%7.1fs] %s\n' \
	"$$(echo "$$(date +%s.%N) - $(MU_T0)" | bc)" "$(1)"
# What a first build of variant $(2) of tree $(1) (a base's folder, or
# kunit) compiles, from kernel-patch/objects.tsv: progress.sh's whole on a
# machine that has no build log of its own yet to take it from.  A
# variant started from another's objects has its own row where it
# compiles fewer (compat: a few objects); else the tree's cold count.
cold_objects = $(shell awk -v k='$(ARCH)/$(KVER)/$(1)' -v v='$(2)' \
	'$$1 == k "/" v { n = $$2; exit } $$1 == k { n = $$2 } END { print n }' \
	kernel-patch/objects.tsv)

# make install (its rules are with the other whole-project targets).
PREFIX ?= /usr/local
DESTDIR ?=
INSTALL_KVER ?= $(lastword $(KVERS))
INSTALL_ARCHS ?= $(CHECK_ARCHS)
MUREPORT := $(BUILD)/report/mureport
# jansson for the JSON, cmark-gfm (GitHub's CommonMark, with tables) for
# the HTML rendering of the Markdown.
REPORT_LIBS := -ljansson -lcmark-gfm-extensions -lcmark-gfm

.PHONY: all help deps kernels configs initramfs boot results check clean \
	distclean versions FORCE

all: versions

help:
	@echo 'Targets:'
	@echo '  all (default)  deps, kernels, initramfs, boots, the reports of every'
	@echo '                 architecture and version, out/ARCH/BASE/versions.{md,json}'
	@echo '                 across versions, out/arches/KVER/BASE/arches.{md,json} across'
	@echo '                 architectures; the first pair'"'"'s report comes first, KUnit and'
	@echo '                 the Debian boots pending (first-report), then whole; the'
	@echo '                 pairs JOBS at a time, each line prefixed with its pair'
	@echo '  check          the test suite: unit tests and end-to-end boots'
	@echo '  deps           install missing Debian packages (root) or say which'
	@echo '  configs        configure every variant and verify each fragment'
	@echo '  kernels        build every variant'
	@echo '  initramfs      build the guest image'
	@echo '  results        boot every variant whose kernel or image changed'
	@echo '  boot           boot every variant again, results in out/ARCH/KVER/BASE/VARIANT/'
	@echo '  report         out/ARCH/KVER/BASE/report.{md,json,html} for every pair'
	@echo '  versions       out/ARCH/BASE/versions.{md,json}: what changed between versions;'
	@echo '                 out/arches/KVER/BASE/arches.{md,json}: between architectures'
	@echo '  arches         the second alone'
	@echo '  update-golden  accept the current reports as report/golden/ARCH/KVER/BASE.json'
	@echo '  app            APP=/path/to/program ARGS=...: judge it in every variant'
	@echo '                 (like Linux, loud, silent); apps/app.sh -- PROG ARG... is the'
	@echo '                 primary form (apps/app.sh --help); TRACE=0: run it bare'
	@echo '  probe          build/ARCH/KVER/probe/muprobe: the static probe (copy it to a board)'
	@echo '  murun          build/ARCH/KVER/murun/murun: the emulation, static (x86_64: the'
	@echo '                 host-side runs; others: for a board)'
	@echo '  audit          out/ARCH/KVER/BASE/id-sites.tsv: every site taking an id from'
	@echo '                 userspace, what each variant makes of it, whether BASE has it'
	@echo '  mails          out/ARCH/KVER/mails/: the series as mails, To/Cc from get_maintainer.pl,'
	@echo '                 base-commit: of a git import of the tree (build/ARCH/KVER/import)'
	@echo '  corpus         BASE=corpus: the Debian programs of apps/corpus/ on tiny'"'"'s kernels'
	@echo '                 and on the host (out/ARCH/KVER/corpus/); the report runs it itself'
	@echo '  debian         Debian 12 with systemd as PID 1 (apps/debian/) booted on tiny'"'"'s'
	@echo '                 kernels of DEBIAN_VARIANTS="$(DEBIAN_VARIANTS)": units, processes,'
	@echo '                 mounts, ssh logins (out/ARCH/KVER/debian/VARIANT/); the reports'
	@echo '                 of DEBIAN_ARCHS="$(DEBIAN_ARCHS)" have them (section "Debian boots")'
	@echo '  atlas          every option that removes ABI off alone against BASE=atlas, a'
	@echo '                 report each and out/ARCH/KVER/atlas/atlas.{md,json,html} (hours;'
	@echo '                 resumable; ATLAS_OPTIONS="A B" for some; docs/atlas.md); the rows'
	@echo '                 it does not measure are kept from report/golden/ARCH/KVER/atlas.json'
	@echo '  atlas-golden   that atlas as report/golden/ARCH/KVER/atlas.{json,md}, to commit'
	@echo '  atlas-cover    the cover letters'"'"' atlas paragraph from the committed atlas they cite'
	@echo '  fuzz           every libFuzzer harness for FUZZ_SECONDS=$(FUZZ_SECONDS) (ASan, UBSan)'
	@echo '  murun-bench    time murun against bare runs: out/murun-bench.txt (~8 min)'
	@echo '  lava           LAVA jobs (qemu and board) for every booted variant:'
	@echo '                 out/ARCH/KVER/BASE/lava/VARIANT/; LAVA_URL=$(LAVA_URL)'
	@echo '                 LAVA_DEVICE_TYPE, LAVA_ARCH, LAVA_KERNEL_TYPE fill the board job'
	@echo '                 (arm64: a Raspberry Pi 4, bcm2711-rpi-4-b, unless set)'
	@echo '  lava-run       run the qemu jobs of LAVA_RUN="$(LAVA_RUN)" with lava-run (~15 s each)'
	@echo '  install        bin/muprobe, murun, mureport, their manual pages and every'
	@echo '                 architecture'"'"'s static binaries in lib/muprobe/ARCH/ under'
	@echo '                 DESTDIR$$PREFIX (PREFIX=$(PREFIX), INSTALL_ARCHS="$(INSTALL_ARCHS)")'
	@echo '  uninstall      remove what install wrote'
	@echo '  clean          remove out/ and build products except the kernel tree'
	@echo '  distclean      remove build/ and out/ entirely'
	@echo 'Variables:'
	@echo '  KVERS="$(KVERS)" kernel versions (the version table); KVER=X: one only'
	@echo '  BASE=$(BASE)   tiny, tiny64 (no ia32), defconfig, corpus (tiny'"'"'s kernels, the'
	@echo '                 corpus image), debian (tiny plus what systemd needs) or atlas'
	@echo '                 (kernel-patch/config/base-*.config)'
	@echo '  VARIANTS="$(VARIANTS)"'
	@echo '                 each is kernel-patch/config/NAME.config'
	@echo '  ARCHS="$(ARCHS)" architectures (the architecture table: $(ARCH_TABLE));'
	@echo '                 ARCH=X: one only'
	@echo '  CHECK_ONLY_ARCHS="$(CHECK_ONLY_ARCHS)" checked by make check too, with their own short'
	@echo '                 lists (empty when ARCHS is given)'
	@echo '  CORPUS_ARCHS="$(CORPUS_ARCHS)" architectures whose reports run the corpus'
	@echo '  ACCEL=$(ACCEL) auto (KVM only if a test boot ends), kvm or tcg'
	@echo '  BOOT_TIMEOUT=$(BOOT_TIMEOUT) seconds before a guest counts as hung'
	@echo '  SEED=$(SEED)   1: start a variant from its seed variant'"'"'s objects'
	@echo '  CCACHE=$(CCACHE) 1: compile through ccache'
	@echo '  KCACHE=$(KCACHE) 1: keep each built kernel'"'"'s objects under a key of all that makes'
	@echo '                 it, in KCACHE_DIR=$(KCACHE_DIR) (at most'
	@echo '                 KCACHE_MB=$(KCACHE_MB)); found there, a kernel is unpacked, not built'
	@echo '  JOBS=$(JOBS)   parallel kernel build jobs, and the pairs make runs at once'
	@echo '  CHECK_JOBS=$(CHECK_JOBS) architecture/version pairs make check runs at once'
	@echo '  BUILD_NICE=$(BUILD_NICE) nice level of kernel builds, below the guests'"'"' QEMU'
	@echo '  BUILD=$(BUILD) build folder (build/ARCH/KVER/... inside it)'
	@echo '  BISECT_VARIANTS="$(BISECT_VARIANTS)" variants check-patch-bisect boots per prefix'
	@echo '  BISECT_KVERS="$(BISECT_KVERS)" versions whose series make check bisects'
	@echo '  make check runs $(TOOL_CHECKS_NEWEST) on the newest version an'
	@echo '                 architecture checks, $(TOOL_CHECKS_OLDEST) on the oldest'
	@echo '  KUNIT_CONFIGS="$(KUNIT_CONFIGS)" kernel/NAME.kunitconfig of the series check-kunit runs'
	@echo '  V=1            show commands'

# ---- dependencies -----------------------------------------------------------
# Every target that runs a Debian tool waits for this, in each of the
# hundreds of makes that make check starts: it asks dpkg once (a dpkg-query
# per package cost 2.6 CPU-s a run here) and not at all while
# $(BUILD)/.deps.ok, the list it found installed, is newer than dpkg's
# status file.  Its estimate counts each package's three steps: apt
# fetches them all before dpkg sets the first up, so set-up lines alone
# read as 141 minutes left on a new machine's 6-minute install.
deps:
	$(Q)[ "$$(cat $(BUILD)/.deps.ok 2>/dev/null)" = "$(DEBS)" ] && \
		[ $(BUILD)/.deps.ok -nt /var/lib/dpkg/status ] && exit 0; \
	installed=$$(dpkg-query -W -f='$${Package} $${Status}\n' $(DEBS) 2>/dev/null | \
		awk '$$NF == "installed" && $$(NF - 1) == "ok" { print $$1 }' | tr '\n' ' '); \
	missing=; for p in $(DEBS); do \
		case " $$installed" in *" $$p "*) ;; *) missing="$$missing $$p" ;; esac; \
	done; \
	if [ -n "$$missing" ]; then \
		if [ "$$(id -u)" = 0 ]; then \
			$(call progress,deps: installing$$missing); \
			{ apt-get update -qq >$(BUILD).apt.log 2>&1 && \
			  report/progress.sh "deps, package steps" $(BUILD).apt.log \
				--lines '^\(Get:[0-9]\|Unpacking \|Setting up \)' \
				"$$(($$(apt-get -s install $$missing | grep -c '^Conf ') * 3))" -- \
				env DEBIAN_FRONTEND=noninteractive apt-get install -y -q $$missing; } || \
			{ tail -n 20 $(BUILD).apt.log; \
			  echo "deps: apt-get install$$missing failed; see $(BUILD).apt.log" >&2; \
			  exit 1; }; \
		else \
			echo "deps: missing Debian packages; run: sudo apt-get install$$missing" >&2; \
			exit 1; \
		fi; \
	fi; \
	mkdir -p $(BUILD) && echo "$(DEBS)" >$(BUILD)/.deps.ok.$$$$ && \
		mv $(BUILD)/.deps.ok.$$$$ $(BUILD)/.deps.ok

# ---- tests: names ---------------------------------------------------------
# Each check is a target; "make check" runs them all, one line each, and
# ends with "N passed, N failed".  CHECKS_ONCE do not depend on the kernel
# version and run with the first one; CHECKS run for every version;
# CHECKS_CROSS compare the versions.
CHECKS_ONCE := patch-apply report-unit report-asan fuzz probe-escape murun \
	murun-filter app-unit import-scan lava-names probe-container elf-needs man \
	atlas-unit progress
CHECKS := probe-table probe-cli kconfig-verify defconfig-configs checkpatch boot-faults \
	kunit mails id-audit initramfs-repro pipeline-e2e probe-e2e absent-syscalls apps-e2e \
	compat-e2e strict-e2e app-e2e report-incomplete \
	corpus-e2e debian-e2e \
	report-golden report-first report-emulation report-html lava patch-bisect \
	atlas-e2e kcache
CHECKS_CROSS := versions arches install
# The versions make check checks on architecture $(1) (arch_A_check_kvers,
# all of KVERS by default).
check_kvers = $(filter $(or $(arch_$(1)_check_kvers),$(KVERS)),$(KVERS))
# An architecture's own list (arch_A_checks) names what can run there;
# without one, every check runs.
ARCH_CHECKS = $(or $(arch_$(ARCH)_checks),$(CHECKS))
# make check bisects the series of BISECT_KVERS only: each prefix
# rebuilds most objects (6.12's seven took 27 minutes wall with them cold,
# docs/performance.md); make KVER=X check-patch-bisect bisects any other.
BISECT_KVERS ?= $(lastword $(KVERS))
# What tests muprobe's own tools with a kernel rather than the version's
# code (the runner's fault handling, the image's reproducibility, app.sh,
# the corpus, the report's renderings, the LAVA jobs) runs on one of the
# versions an architecture checks: another version's kernels would show the
# same tools again, at the cost of four more kernels (the corpus's) and a
# dozen boots per version (docs/performance.md).  The corpus and app.sh on
# the oldest, the rest on the newest, which bisects: the two x86_64 pairs,
# the longest of make check, then end together.  make builds and reports
# every version; make KVER=X check-NAME runs any of them on another.
TOOL_CHECKS_NEWEST := boot-faults report-incomplete initramfs-repro report-emulation \
	report-html lava kcache
TOOL_CHECKS_OLDEST := app-e2e corpus-e2e report-first atlas-e2e
PAIR_CHECKS = $(filter-out $(if $(filter $(KVER),$(BISECT_KVERS)),,patch-bisect) \
	$(if $(filter $(KVER),$(lastword $(call check_kvers,$(ARCH)))),,$(TOOL_CHECKS_NEWEST)) \
	$(if $(filter $(KVER),$(firstword $(call check_kvers,$(ARCH)))),,$(TOOL_CHECKS_OLDEST)), \
	$(ARCH_CHECKS))

# One check: "ok NAME" or "not ok NAME"; the loop's tally is in $$pass/$$fail.
# Each line ends with what the check cost, wall and CPU (its make and every
# process under it): where make check's time goes, from its own log.
run_check = $(call progress,check $(2)); \
	tf=$$(mktemp); \
	if /usr/bin/time -q -f '%e %U %S' -o $$tf nice -n $${check_nice:-0} \
		$(MAKE) --no-print-directory $(1) check-$(3); then \
		pass=$$((pass + 1)); echo "ok $(2) $$(tail -n 1 $$tf | $(check_cost))"; \
	else \
		fail=$$((fail + 1)); failed="$$failed $(2)"; \
		echo "not ok $(2) $$(tail -n 1 $$tf | $(check_cost))"; \
	fi; rm -f $$tf
check_cost = awk '{ printf "\# %.0f s, %.0f CPU-s", $$1, $$2 + $$3 }'
check_tally = $(call progress,check done); \
	[ -z "$$failed" ] || echo "failed:$$failed"; \
	echo "$$pass passed, $$fail failed"; [ $$fail -eq 0 ]

$(MUREPORT): $(wildcard report/*.c) $(wildcard report/*.h) | deps
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) -O2 -Wall -Wextra -Werror -D_GNU_SOURCE -o $@ \
		$(wildcard report/*.c) $(REPORT_LIBS)

include report/fuzz/fuzz.mk

# make app APP=/path/to/program ARGS='...' [TRACE=0]: a thin wrapper
# around apps/app.sh, the primary form.  APP and ARGS reach it through the
# environment, never through a recipe's shell line; app.sh splits ARGS as
# sh splits quoted words and expands nothing.  Its verdict status (0 like
# Linux, 1 differs, 2 cannot judge) is printed on the last line: make
# itself can only exit 0 or 2.
APP ?=
ARGS ?=
TRACE ?= 1
app: export MU_APP = $(value APP)
app: export MU_APP_ARGS = $(value ARGS)
app:
	$(Q)$(call progress,app $$MU_APP $$MU_APP_ARGS)
	$(Q)rc=0; apps/app.sh --args="$$MU_APP_ARGS" \
		$(foreach v,$(or $(KVER),$(KVERS)),--kver=$(v)) \
		$(if $(filter 0,$(TRACE)),--no-trace) -- "$$MU_APP" || rc=$$?; \
		echo "app: verdict status $$rc ($$(case $$rc in 0) echo every variant like Linux;; \
			1) echo a variant differs;; *) echo could not judge;; esac))"; \
		exit $$rc
print-KVERS:
	@echo $(KVERS)
.PHONY: app print-KVERS

ifeq ($(KVER),)
# ---- every architecture and version: each goal once per pair ---------------
PER_VERSION := report kernels configs results boot initramfs probe murun audit mails \
	update-golden lava lava-run corpus debian
# Every pair is tried; the goal fails if any pair failed.
$(PER_VERSION):
	$(Q)rc=0; for a in $(ARCHS); do for v in $(KVERS); do \
		$(MAKE) --no-print-directory ARCH=$$a KVER=$$v $@ || rc=1; \
	done; done; exit $$rc
.PHONY: $(PER_VERSION) murun-bench arches
# Timing the host, not a kernel: once, with the newest version's murun.
murun-bench:
	$(Q)$(MAKE) --no-print-directory ARCH=$(firstword $(ARCHS)) KVER=$(lastword $(KVERS)) $@

# Written from every version's report, complete or not; then, like
# report, it fails naming each incomplete variant.  One view per
# architecture across the versions (out/ARCH/BASE/versions.*), one per
# version across the architectures (out/arches/KVER/BASE/arches.*).
# The first report's make runs its steps JOBS at a time: a guest boots
# (one core, above the builds' priority) while the next kernel builds,
# and the packages download while the first one does.  Then the pairs'
# reports, JOBS pairs at a time, each line prefixed with its pair: a
# guest leaves a core idle (x86_64/6.1's Debian boots, 160 s, kept the
# machine 76% idle) that the other pair's kernels take.  What the pairs
# of an architecture share is made before, one make at a time.  A pair
# that fails is named; the views across it are not written.
VERSION_PAIRS := $(foreach a,$(ARCHS),$(foreach v,$(KVERS),$(a)/$(v)))
# make GOAL $(2) for each ARCH/KVER pair p of $(1), $(3) at a time, each
# pair 2 nice levels below the one before, its lines prefixed with it
# (and kept in $(BUILD)/$(5)-ARCH-KVER.log when $(5) names a log); a pair
# whose make fails is appended to file $(4).  make and make check both.
each_pair = n=0; for p in $(1); do \
		{ nice -n $$n $(MAKE) --no-print-directory ARCH=$${p%/*} KVER=$${p$(hash)*/} $(2) 2>&1 || \
			echo $$p >>$(4); } | \
			$(if $(5),tee $(BUILD)/$(5)-$${p%/*}-$${p$(hash)*/}.log |) sed -u "s|^|$$p: |" & \
		n=$$((n + 2)); \
		while [ "$$(jobs -rp | wc -l)" -ge $(3) ]; do wait -n; done; \
	done; wait
versions: $(MUREPORT)
	$(Q)rc=0; $(MAKE) --no-print-directory -j$(JOBS) ARCH=$(firstword $(ARCHS)) \
		KVER=$(firstword $(KVERS)) first-report || rc=1; \
	for a in $(ARCHS); do \
		$(MAKE) --no-print-directory ARCH=$$a KVER=$(firstword $(KVERS)) \
			arch-prereqs || exit 1; \
	done; \
	failed=$$(mktemp); \
	$(call each_pair,$(VERSION_PAIRS),out/$$p/$(BASE)/report.json,$(JOBS),$$failed,); \
	if [ -s $$failed ]; then \
		echo "versions: no report for $$(echo $$(cat $$failed)); the views across them are not written" >&2; \
		rm -f $$failed; exit 1; \
	fi; rm -f $$failed; \
	for a in $(ARCHS); do \
		$(MAKE) --no-print-directory ARCH=$$a versions-of-arch || rc=1; \
	done; \
	$(if $(word 2,$(ARCHS)),$(MAKE) --no-print-directory arches || rc=1;) \
	exit $$rc
VOUT := out/$(ARCH)/$(BASE)
VREPORTS := $(foreach v,$(KVERS),out/$(ARCH)/$(v)/$(BASE)/report.json)
versions-of-arch: $(MUREPORT)
	$(Q)for v in $(KVERS); do \
		$(MAKE) --no-print-directory KVER=$$v out/$(ARCH)/$$v/$(BASE)/report.json || exit 1; \
	done
	$(Q)$(call progress,versions: $(ARCH) $(KVERS))
	$(Q)$(MUREPORT) versions --dest $(VOUT) $(VREPORTS)
	$(Q)$(call progress,versions: $(VOUT)/versions.md $(VOUT)/versions.json)
	$(Q)rc=0; for r in $(VREPORTS); do $(MUREPORT) complete $$r || rc=1; done; \
		exit $$rc
AOUT = out/arches/$(1)/$(BASE)
arches: $(MUREPORT)
	$(Q)for v in $(KVERS); do \
		for a in $(ARCHS); do \
			$(MAKE) --no-print-directory ARCH=$$a KVER=$$v \
				out/$$a/$$v/$(BASE)/report.json || exit 1; \
		done; \
		$(call progress,arches: $$v $(ARCHS)); \
		$(MUREPORT) versions --by arch --dest $(call AOUT,$$v) \
			$(foreach a,$(ARCHS),out/$(a)/$$v/$(BASE)/report.json) || exit 1; \
		$(call progress,arches: $(call AOUT,$$v)/arches.md); \
	done

# make check: each architecture's checks (arch_A_checks, all of
# CHECKS by default) for each version it checks (arch_A_check_kvers, all
# of KVERS by default), CHECK_JOBS pairs at a time, each pair's lines
# prefixed with it and kept in $(BUILD)/check-ARCH-KVER.log, from which the
# tally counts; a pair whose run ends without its own tally line is a
# failure.  Beside them, the checks that depend on neither (CHECKS_ONCE)
# with the first pair, 4 nice levels down like the third pair.  What they share is made before: mureport, the
# corpus packages (downloaded while the first pair's probe builds).
# The pair that bisects first: its chain of checks is the longest
# (docs/performance.md).
CHECK_PAIRS_BY_ARCH := $(foreach a,$(CHECK_ARCHS),$(foreach v,$(call check_kvers,$(a)),$(a)/$(v)))
CHECK_PAIRS_LONGEST := $(filter $(addprefix $(firstword $(ARCHS))/,$(BISECT_KVERS)),$(CHECK_PAIRS_BY_ARCH))
CHECK_PAIRS := $(CHECK_PAIRS_LONGEST) $(filter-out $(CHECK_PAIRS_LONGEST),$(CHECK_PAIRS_BY_ARCH))
check:
	$(Q)pass=0; fail=0; failed=; \
	$(MAKE) --no-print-directory $(MUREPORT) && \
	$(MAKE) --no-print-directory -j$(JOBS) ARCH=$(firstword $(ARCHS)) KVER=$(firstword $(KVERS)) \
		corpus-packages debian-packages once-prereqs || \
		{ fail=$$((fail + 1)); failed="$$failed shared"; }; \
	{ $(call each_pair,$(CHECK_PAIRS),version-checks,$(CHECK_JOBS),/dev/null,check); } & \
	for t in $(CHECKS_ONCE); do \
		check_nice=4; $(call run_check,ARCH=$(firstword $(ARCHS)) KVER=$(firstword $(KVERS)),$$t,$$t); \
	done; check_nice=0; \
	wait; \
	for p in $(CHECK_PAIRS); do \
		l=$(BUILD)/check-$${p%/*}-$${p#*/}.log; \
		pass=$$((pass + $$(grep -c "^ok $$p/" $$l))); \
		fail=$$((fail + $$(grep -c "^not ok $$p/" $$l))); \
		failed="$$failed $$(sed -n "s|^not ok \($$p/[^ ]*\).*|\1|p" $$l | tr '\n' ' ')"; \
		grep -q '^[0-9]* passed, [0-9]* failed$$' $$l || \
			{ fail=$$((fail + 1)); failed="$$failed $$p/unfinished"; }; \
	done; \
	failed=$$(echo $$failed); \
	for t in $(CHECKS_CROSS); do $(call run_check,,$$t,$$t); done; \
	$(check_tally)

# The reports of two versions differ in behaviour (mureport diff exits 1)
# and name what changed by section; each against itself is no change.
check-versions:
	$(Q)rc=0; $(foreach a,$(ARCHS),$(if $(word 2,$(call check_kvers,$(a))),\
		$(MAKE) --no-print-directory ARCH=$(a) KVERS="$(call check_kvers,$(a))" versions-of-arch && \
		report/tests/versions.sh $(MUREPORT) out/$(a) $(BASE) $(call check_kvers,$(a)) || rc=1;)) \
		exit $$rc

# The architectures' reports of each version two or more of them check.
arch_kvers = $(sort $(foreach v,$(KVERS),$(if $(word 2,$(foreach a,$(ARCHS),$(filter $(v),$(call check_kvers,$(a))))),$(v))))
check-arches:
	$(Q)rc=0; $(foreach v,$(arch_kvers),\
		archs="$(foreach a,$(ARCHS),$(if $(filter $(v),$(call check_kvers,$(a))),$(a)))"; \
		$(MAKE) --no-print-directory KVERS=$(v) ARCHS="$$archs" arches && \
		report/tests/arches.sh $(MUREPORT) $(BASE) $(v) $$archs || rc=1;) \
		exit $$rc

# ---- make install: the three tools, their pages, every architecture's ----
# static binaries (for a board) under PREFIX/lib/muprobe/ARCH/; the host's
# architecture's are linked into PREFIX/bin.  The probe and murun are
# those of INSTALL_KVER (their lost-syscall lists come from its tree).
HOST_ARCH := $(firstword $(foreach a,$(ARCH_TABLE),$(if $(filter $(shell uname -m),$(arch_$(a)_uname)),$(a))))
MANPAGES := probe/muprobe.1 apps/murun/murun.1 report/mureport.1
IDIR := $(DESTDIR)$(PREFIX)
# Every path install writes, relative to IDIR: what uninstall removes.
INSTALLED := bin/mureport $(if $(filter $(HOST_ARCH),$(INSTALL_ARCHS)),bin/muprobe bin/murun) \
	$(foreach a,$(INSTALL_ARCHS),lib/muprobe/$(a)/muprobe lib/muprobe/$(a)/murun) \
	$(addprefix share/man/man1/,$(notdir $(MANPAGES))) share/doc/muprobe/formats.md
install: $(MUREPORT)
	$(Q)for a in $(INSTALL_ARCHS); do \
		$(MAKE) --no-print-directory ARCH=$$a KVER=$(INSTALL_KVER) probe murun || exit 1; \
	done
	$(Q)$(call progress,install into $(IDIR))
	$(Q)install -d $(IDIR)/bin $(IDIR)/share/man/man1 $(IDIR)/share/doc/muprobe
	$(Q)install -m 755 $(MUREPORT) $(IDIR)/bin/mureport
	$(Q)install -m 644 $(MANPAGES) $(IDIR)/share/man/man1/
	$(Q)install -m 644 report/formats.md $(IDIR)/share/doc/muprobe/
	$(Q)$(foreach a,$(INSTALL_ARCHS),\
		install -d $(IDIR)/lib/muprobe/$(a) && \
		install -m 755 $(BUILD)/$(a)/$(INSTALL_KVER)/probe/muprobe \
			$(BUILD)/$(a)/$(INSTALL_KVER)/murun/murun $(IDIR)/lib/muprobe/$(a)/ &&) true
	$(Q)$(if $(filter $(HOST_ARCH),$(INSTALL_ARCHS)),$(foreach t,muprobe murun,\
		ln -sfn ../lib/muprobe/$(HOST_ARCH)/$(t) $(IDIR)/bin/$(t) &&)) true
	$(Q)$(call progress,installed $(words $(INSTALLED)) files under $(IDIR): bin/mureport$(if \
		$(filter $(HOST_ARCH),$(INSTALL_ARCHS)), muprobe murun); share/man/man1; \
		lib/muprobe/ARCH/ for $(INSTALL_ARCHS))
uninstall:
	$(Q)rm -f $(addprefix $(IDIR)/,$(INSTALLED))
	$(Q)rmdir $(foreach a,$(INSTALL_ARCHS),$(IDIR)/lib/muprobe/$(a)) \
		$(IDIR)/lib/muprobe $(IDIR)/share/doc/muprobe 2>/dev/null || true
.PHONY: install uninstall
# Installs into a scratch DESTDIR twice (two PREFIXes) and uninstalls.
check-install:
	$(Q)probe/tests/install.sh "$(MAKE) --no-print-directory" "$(HOST_ARCH)" $(CHECK_ARCHS)

# make check-NAME: that check for every pair.
check-%:
	$(Q)for p in $(if $(filter $*,$(CHECKS_ONCE)),$(firstword $(ARCHS))/$(firstword $(KVERS)),$(CHECK_PAIRS)); do \
		$(MAKE) --no-print-directory ARCH=$${p%/*} KVER=$${p#*/} check-$* || exit 1; \
	done
else
# The sweep's ABI names, for the checks that read its results.
export MU_ABIS := $(arch_$(ARCH)_abis)

# ---- kernel tree: extracted once, series applied once -----------------------
PATCHES := $(addprefix $(SERIES_DIR)/,$(shell sed -e 's/\#.*//' $(SERIES_DIR)/series 2>/dev/null))

$(B)/.extract.ok: | deps
	$(Q)$(call progress,extract $(KTARBALL))
	$(Q)[ -r $(KTARBALL) ] || { echo "extract: $(KTARBALL) missing; install linux-source-$(KVER)" >&2; exit 1; }
	$(Q)rm -rf $(KSRC) && mkdir -p $(B) && tar -C $(B) -xf $(KTARBALL) || \
		{ echo "extract: cannot unpack $(KTARBALL) into $(B) (disk full?)" >&2; exit 1; }
	$(Q)touch $@

$(B)/.patch.ok: $(SERIES_DIR)/series $(PATCHES) kernel-patch/apply-series.sh $(B)/.extract.ok
	$(Q)$(call progress,patch $(words $(PATCHES)) patch(es))
	$(Q)kernel-patch/apply-series.sh $(KSRC) $(SERIES_DIR)
	$(Q)touch $@

# The kernel cache's name for the tree: the tarball and the patches on it.
$(B)/tree.id: $(B)/.patch.ok
	$(Q){ sha256sum <$(KTARBALL) && find $(KSRC)/.muprobe-applied -type f | \
		LC_ALL=C sort | xargs cat; } | sha256sum | cut -c1-64 >$@.tmp && mv $@.tmp $@

# ---- per-variant configure and build ----------------------------------------
# The base target's configuration (tinyconfig, defconfig) of this tree and
# architecture, made once: each variant of each base on it starts from a
# copy.  A tinyconfig is three kconfig runs, each shelling out to the
# compiler about ninety times: made per variant, it was 14 of a variant's
# 22 CPU-seconds of configuring (docs/performance.md).
BASE_CONFIG = $(B)/kconfig/$(BASE_TARGET).config
$(B)/kconfig/%.config: $(B)/.patch.ok
	$(Q)$(call progress,config $* (the start of every variant))
	$(Q)rm -rf $(B)/kconfig/$* && mkdir -p $(B)/kconfig/$*
	$(Q)$(KENV) $(if $(CROSS),CROSS_COMPILE=$(CROSS)) $(MAKE) -C $(KSRC) \
		O=$(ABS)/$(B)/kconfig/$* ARCH=$(KARCH) $* >$(B)/kconfig/$*.log 2>&1 || { \
		tail -n 20 $(B)/kconfig/$*.log; \
		echo "config: 'make $*' failed; see $(B)/kconfig/$*.log" >&2; exit 1; }
	$(Q)cp $(B)/kconfig/$*/.config $@.tmp && mv $@.tmp $@
.PRECIOUS: $(B)/kconfig/%.config

# The atlas's off-OPTION variants start from its baseline's objects.
seed_of = $(if $(filter 1,$(SEED)),$(filter $(or $(seed_$(1)),$(if $(filter off-%,$(1)),multiuser)),$(VARIANTS)))
# Under a report (report/report.mk): what ends a failed boot's recipe so
# that make goes on, and what passes that on to another base's make.
report_failed_boot = $(if $(REPORT_FAILED_BOOTS),|| { echo "boot: $(1): the report shows it incomplete" >&2; exit 0; })
report_failed_boots_arg = $(if $(REPORT_FAILED_BOOTS),REPORT_FAILED_BOOTS=1)
define variant_rules
$(call KOBJ,$(1))/.config.ok: $(B)/.patch.ok $(BASE_CONFIG) $(BASE_FRAG) $(call frag_of,$(1)) kernel-patch/kconfig-variant.sh $(if $(call seed_of,$(1)),| $(call KOBJ,$(call seed_of,$(1)))/.build.ok)
	$(Q)$$(call progress,config $(1) (base $(BASE)))
	$(Q)$(if $(call seed_of,$(1)),if [ ! -e $(call KOBJ,$(1))/vmlinux ]; then \
		kernel-patch/seed-objdir.sh $(ABS)/$(call KOBJ,$(call seed_of,$(1))) \
			$(ABS)/$(call KOBJ,$(1)); \
	fi)
	$(Q)$(KENV) $(if $(CROSS),CROSS_COMPILE=$(CROSS)) $(if $(filter off-%,$(1)),\
		MU_FALLOUT=$(ABS)/$(call KOBJ,$(1))/fallout.txt) kernel-patch/kconfig-variant.sh $(KSRC) \
		$(ABS)/$(call KOBJ,$(1)) $(KARCH) $(ABS)/$(BASE_CONFIG) \
		$(ABS)/$(call KOBJ,$(1))/config.log \
		$(addprefix $(ABS)/,$(BASE_FRAG)) $(ABS)/$(call frag_of,$(1))

$(call KOBJ,$(1))/.build.ok: $(call KOBJ,$(1))/.config.ok | $(KCACHE_TREE)
	$(Q)$$(call progress,build $(1))
	$(Q)rm -f $$@ $(call KOBJ,$(1))/kcache.key
	$(Q)key=; $(if $(KCACHE_TREE),key=$$$$($(kcache) key $(KCACHE_TREE) \
		$(call KOBJ,$(1)) $(notdir $(KIMAGE))) || exit 1;) \
	if [ -n "$$$$key" ] && $(kcache) get $(KCACHE_DIR) $$$$key $(call KOBJ,$(1)); then \
		$$(call progress,build $(1): the kernel cache's $$$$key); \
	else \
		report/progress.sh "build $(1), objects compiled" $(call KOBJ,$(1))/build.log \
			--lines '^  CC ' $$(call cold_objects,$(KBASE),$(1)) \
			$$(wildcard $(BA)/*/$(KBASE)/$(1)/build.log) -- \
			env $(call KMAKE,$(1)) -j$(JOBS) $(notdir $(KIMAGE)) || { \
			tail -n 25 $(call KOBJ,$(1))/build.log; \
			echo "build: $(1): kernel build failed; full log in $(call KOBJ,$(1))/build.log" >&2; \
			exit 1; }; \
		[ -z "$$$$key" ] || $(kcache) put $(KCACHE_DIR) $$$$key $(call KOBJ,$(1)) $(KCACHE_MB); \
	fi
	$(Q)touch $$@
	$(Q)$$(call progress,built $(1): $$$$(stat -c %s $(call KOBJ,$(1))/$(KIMAGE)) bytes)

$(OUT)/$(1)/results.txt: $(call KOBJ,$(1))/.build.ok $(B)/$(BASE_IMAGE).cpio initramfs/boot-guest.sh \
		$(OUT)/guest.args
	$(Q)$$(call progress,boot $(1))
	$(Q)$(GUEST_ENV) initramfs/boot-guest.sh $(1) $(call KOBJ,$(1))/$(KIMAGE) \
		$(B)/$(BASE_IMAGE).cpio $(OUT)/$(1) $(BOOT_TIMEOUT) $(GUEST_ACCEL) $(QEMU) \
		$(BA)/accel $$(call report_failed_boot,$(1))
	$(Q)[ ! -e $$@ ] || $$(call progress,booted $(1) ($$$$(cat $(OUT)/$(1)/accel)): $$$$(grep -c '' $$@) result lines)
endef
$(foreach v,$(KERNELS),$(eval $(call variant_rules,$(v))))
# How this base's guests are started (memory, machine, command line,
# timeout), rewritten only when it changes: a guest booted otherwise is
# booted again, never kept.
$(OUT)/guest.args: FORCE $(base_$(BASE)_needs)
	$(Q)$(call write_if_changed,$(GUEST_ENV) $(BOOT_TIMEOUT) $(GUEST_ACCEL))

$(frag_control): $(call KOBJ,multiuser)/.config.ok $(call KOBJ,nomultiuser)/.config.ok kernel-patch/derive-control.sh
	$(Q)kernel-patch/derive-control.sh $(call KOBJ,multiuser)/.config \
		$(call KOBJ,nomultiuser)/.config >$@.tmp && mv $@.tmp $@

configs: $(foreach v,$(KERNELS),$(call KOBJ,$(v))/.config.ok)
kernels: $(foreach v,$(KERNELS),$(call KOBJ,$(v))/.build.ok)
results: $(foreach v,$(VARIANTS),$(OUT)/$(v)/results.txt)
# Boot again even if no input changed.
boot:
	$(Q)rm -rf $(foreach v,$(VARIANTS),$(OUT)/$(v))
	$(Q)$(MAKE) --no-print-directory results

# ---- guest image ------------------------------------------------------------
# The architecture's static musl compiler and busybox (initramfs/arch-tools.sh).
TOOLS := $(BA)/tools
$(TOOLS)/.ok: initramfs/arch-tools.sh initramfs/apt-state.sh $(if $(filter host,$(arch_$(ARCH)_tools)),/bin/busybox) | deps
	$(Q)$(call progress,tools for $(ARCH) ($(arch_$(ARCH)_tools)))
	$(Q)$(KBUILD_ENV) initramfs/arch-tools.sh $(arch_$(ARCH)_deb) '$(CROSS)' \
		$(arch_$(ARCH)_tools) $(TOOLS)
	$(Q)$(call progress,tools for $(ARCH): $(TOOLS)/musl-gcc)
include probe/probe.mk
include apps/apps.mk
include apps/murun/murun.mk

$(B)/gen_init_cpio: $(B)/.patch.ok
	$(Q)$(CC) -O2 -o $@ $(KSRC)/usr/gen_init_cpio.c

# The scenarios' glibc userland (initramfs/payload-glibc.list): the
# host's where it runs the architecture's programs, else Debian's packages
# of the architecture unpacked in $(GLIBC) (MU_ELF_ROOT); none where Debian
# 12 has no binaries (tools from source: riscv64), whose glibc scenarios
# are skipped naming the program.
GLIBC := $(BA)/glibc
GLIBC_DEBS := $(if $(NATIVE)$(filter src,$(arch_$(ARCH)_tools)),,$(GLIBC)/packages)
# Whether the guest image has a glibc userland (its scenarios).
export MU_GLIBC := $(if $(NATIVE)$(GLIBC_DEBS),1,0)
IMAGE_LISTS := initramfs/files.list:initramfs/payload.list$(if \
	$(filter 1,$(MU_GLIBC)),:initramfs/payload-glibc.list)
IMAGE_ENV := MU_MULTIARCH=$(arch_$(ARCH)_multiarch) \
	$(if $(GLIBC_DEBS),MU_ELF_ROOT=$(GLIBC)/root)
$(GLIBC)/packages: initramfs/payload-glibc.list initramfs/fetch-debs.sh \
		initramfs/apt-state.sh | deps
	$(Q)$(call progress,glibc userland for $(ARCH): Debian packages)
	$(Q)initramfs/fetch-debs.sh $(GLIBC) $(arch_$(ARCH)_deb) $<
IMAGE_IN := initramfs/mkinitramfs.sh initramfs/elf-needs.py
INITRAMFS_IN := $(subst :, ,$(IMAGE_LISTS)) initramfs/init $(IMAGE_IN) \
	$(GLIBC_DEBS) initramfs/lava/ktap-cases \
	$(wildcard initramfs/payload/*) $(TOOLS)/.ok $(B)/probe/muprobe \
	$(B)/apps/privdrop apps/run-scenarios.sh $(wildcard apps/scenarios/*) \
	$(B)/murun/murun \
	$(shell find apps/etc -type f)

$(B)/initramfs.cpio: $(INITRAMFS_IN) $(B)/gen_init_cpio
	$(Q)$(call progress,initramfs)
	$(Q)$(IMAGE_ENV) initramfs/mkinitramfs.sh $(B)/gen_init_cpio \
		$(IMAGE_LISTS) $(B) $@

initramfs: $(B)/initramfs.cpio

# The corpus image (BASE=corpus): the base system, the corpus runner and the
# programs of apps/corpus/ from Debian packages unpacked in $(CORPUS), with
# the libraries they load.  The packages do not depend on the kernel
# version: one download and one unpacked tree serve every version.
CORPUS := $(BA)/corpus
CORPUS_PROGS := $(sort $(wildcard apps/corpus/*.prog))
$(CORPUS)/packages: $(CORPUS_PROGS) initramfs/fetch-debs.sh initramfs/apt-state.sh | deps
	$(Q)$(call progress,corpus packages)
	$(Q)initramfs/fetch-debs.sh $(CORPUS) $(arch_$(ARCH)_deb) $(CORPUS_PROGS)
$(B)/corpus.list: $(CORPUS_PROGS) apps/corpus/mklist.sh
	$(Q)mkdir -p $(@D)
	$(Q)apps/corpus/mklist.sh apps/corpus @B@/../corpus/root >$@.tmp && mv $@.tmp $@
# The base system without the scenarios' runner and /etc: the corpus brings
# its own (the first list to name a path wins); and without the probe:
# its observations are muobs's, so that a probe change leaves the corpus
# image and its runs as they are.
$(B)/corpus-base.list: initramfs/files.list
	$(Q)mkdir -p $(@D)
	$(Q)sed '/^tree\t\/etc/d; /^file\t\/apps\/run\t/d; /^file\t\/bin\/muprobe\t/d' $< >$@.tmp && \
		mv $@.tmp $@
$(B)/corpus.cpio: $(B)/corpus-base.list $(B)/corpus.list $(CORPUS)/packages \
		initramfs/init $(IMAGE_IN) initramfs/payload/10-kernel \
		$(CORPUS_PROGS) apps/corpus/run-corpus.sh apps/corpus/payload.sh \
		apps/proc-ident.awk \
		$(shell find apps/corpus/etc -type f) $(TOOLS)/.ok \
		$(B)/probe/muobs $(B)/murun/murun $(B)/gen_init_cpio
	$(Q)$(call progress,corpus image)
	$(Q)$(IMAGE_ENV) initramfs/mkinitramfs.sh $(B)/gen_init_cpio \
		$(B)/corpus-base.list:$(B)/corpus.list $(B) $@
	$(Q)$(call progress,corpus image: $$(stat -c %s $@) bytes)
# The Debian image (BASE=debian): the packages of apps/debian/system.list
# and what they depend on, unpacked into a merged /usr with the project's
# files (apps/debian/root) over them (initramfs/mkdebian.sh).
DEBIAN := $(BA)/debian
$(DEBIAN)/packages: apps/debian/system.list initramfs/fetch-debs.sh initramfs/apt-state.sh | deps
	$(Q)$(call progress,Debian packages for $(ARCH))
	$(Q)initramfs/fetch-debs.sh $(DEBIAN) $(arch_$(ARCH)_deb) $<
$(B)/debian.cpio: $(DEBIAN)/packages initramfs/mkdebian.sh apps/debian/system.list \
		$(shell find apps/debian/root -type f) $(B)/gen_init_cpio
	$(Q)$(call progress,Debian image)
	$(Q)MU_RESULTS=$(arch_$(ARCH)_results) initramfs/mkdebian.sh $(DEBIAN) \
		apps/debian/system.list apps/debian/root $(B)/gen_init_cpio $@
# make app-prepare / app-paths: what apps/app.sh needs of one version (it
# builds its own image, boots and judges).
app-prepare: $(foreach v,$(VARIANTS),$(call KOBJ,$(v))/.build.ok) \
		$(B)/gen_init_cpio $(B)/probe/muprobe $(B)/murun/murun
app-paths:
	@echo gen=$(ABS)/$(B)/gen_init_cpio
	@echo build=$(ABS)/$(B)
	@echo out=$(ABS)/$(OUT)/app
	@echo base=$(BASE)
	@echo qemu=$(QEMU)
	@echo timeout=$(BOOT_TIMEOUT)
	@echo accel=$(ACCEL)
	@echo accelcache=$(ABS)/$(BA)/accel
	@echo kernels=$(foreach v,$(VARIANTS),$(v)=$(ABS)/$(call KOBJ,$(v))/$(KIMAGE))
.PHONY: app-prepare app-paths

# ---- the corpus: BASE=corpus boots it, tiny's report reads it ---------------
ifeq ($(BASE_IMAGE),corpus)
# On the build host too, where it runs the architecture's programs.
CORPUS_HOST := $(if $(NATIVE),$(foreach r,host-bare host-murun-nomultiuser \
	host-murun-compat,$(OUT)/$(r)/results.txt))
ifneq ($(CORPUS_HOST),)
$(CORPUS_HOST) &: $(B)/corpus.cpio apps/corpus/host-run.sh \
		initramfs/unpack-root.sh
	$(Q)$(call progress,corpus on the host, bare and under murun)
	$(Q)apps/corpus/host-run.sh $(B)/corpus.cpio $(OUT)
endif
# The guest's own programs, as the image holds them; bounded at 60 s.
$(OUT)/import-scan.json: $(B)/corpus.cpio apps/import-scan.py
	$(Q)$(call progress,import scan of the corpus image)
	$(Q)mkdir -p $(@D)
	$(Q)t=$$(mktemp -d) && (cd $$t && cpio -idm --quiet) <$(B)/corpus.cpio && \
		apps/import-scan.py --json --limit 60 --root $$t \
			--dpkg-info $(CORPUS)/info / >$@.tmp; \
		rc=$$?; rm -rf $$t; [ $$rc -eq 0 ] && mv $@.tmp $@
$(OUT)/corpus.ok: $(foreach v,$(VARIANTS),$(OUT)/$(v)/results.txt) \
		$(CORPUS_HOST) $(OUT)/import-scan.json
	$(Q)touch $@
corpus: $(OUT)/corpus.ok
.PHONY: corpus
endif
CORPUS_BASE := $(if $(filter $(ARCH),$(CORPUS_ARCHS)),$(base_$(BASE)_corpus))
ifneq ($(CORPUS_BASE),)
CORPUS_OUT := out/$(ARCH)/$(KVER)/$(CORPUS_BASE)
# Built by the corpus base's own rules; the report is rebuilt only when
# that touched the stamp.  The kernels the two bases share are built here
# first, so that two makes never build one object folder at once.
$(CORPUS_OUT)/corpus.ok: FORCE $(if $(filter $(KBASE),$(base_$(CORPUS_BASE)_kernels)),\
		$(foreach v,$(VARIANTS),$(call KOBJ,$(v))/.build.ok))
	$(Q)$(MAKE) --no-print-directory BASE=$(CORPUS_BASE) \
		$(report_failed_boots_arg) $@
corpus: $(CORPUS_OUT)/corpus.ok
.PHONY: corpus
endif

base_tiny_debian := debian
DEBIAN_BASE := $(if $(filter $(ARCH),$(DEBIAN_ARCHS)),$(base_$(BASE)_debian))
# make debian: DEBIAN_VARIANTS boot Debian (whatever BASE).
ifeq ($(BASE_IMAGE),debian)
$(OUT)/debian.ok: $(foreach v,$(VARIANTS),$(OUT)/$(v)/results.txt)
	$(Q)touch $@
debian: $(OUT)/debian.ok
else
debian:
	$(Q)$(MAKE) --no-print-directory BASE=debian VARIANTS='$(DEBIAN_VARIANTS)' debian
endif
.PHONY: debian
check-debian-e2e: debian
	$(Q)apps/tests/debian-e2e.sh out/$(ARCH)/$(KVER)/debian $(DEBIAN_VARIANTS)
ifneq ($(DEBIAN_BASE),)
DEBIAN_OUT := out/$(ARCH)/$(KVER)/$(DEBIAN_BASE)
$(DEBIAN_OUT)/debian.ok: FORCE
	$(Q)$(MAKE) --no-print-directory BASE=$(DEBIAN_BASE) VARIANTS='$(DEBIAN_VARIANTS)' \
		$(report_failed_boots_arg) $@
endif

# ---- LAVA -------------------------------------------------------------------
# make lava: for every booted variant, out/KVER/BASE/lava/VARIANT/ holds its
# kernel and guest image as booted and a qemu and a board job serving them
# from LAVA_URL (a lab sets it to where it uploads out/); beside them the
# device configuration lava-run uses here.  lava-run: LAVA_RUN's qemu jobs
# run locally, no server.
LAVA_OUT := $(OUT)/lava
LAVA_IN := $(wildcard initramfs/lava/*.in) initramfs/lava/render.sh
LAVA_DEV := $(LAVA_OUT)/device-qemu.yaml
# The board's device tree, under arch/KARCH/boot/dts/ (a lab's LAVA_DTB_PATH
# wins; empty: none).
LAVA_DTB_PATH ?= $(arch_$(ARCH)_lava_dtb)
KUNIT_PY := $(KSRC)/tools/testing/kunit/kunit.py
# The series' KUnit results (check-kunit), which the report shows.
KUNIT_OUT := out/$(ARCH)/$(KVER)/kunit
KUNIT_JSON := $(foreach c,$(KUNIT_CONFIGS),$(KUNIT_OUT)/$(c).json)

$(LAVA_OUT)/%/job-qemu.yaml: $(OUT)/%/results.txt $(LAVA_IN)
	$(Q)$(call progress,lava jobs $*)
	$(Q)mkdir -p $(@D)
	$(Q)cp $(call KOBJ,$*)/$(KIMAGE) $(B)/initramfs.cpio $(@D)/
	$(Q)$(if $(LAVA_DTB_PATH),$(call KMAKE,$*) $(LAVA_DTB_PATH) >$(@D)/dtb.log 2>&1 || { \
		cat $(@D)/dtb.log; echo "lava: $*: cannot build $(LAVA_DTB_PATH)" >&2; exit 1; }; \
		rm -f $(@D)/dtb.log; cp $(call KOBJ,$*)/arch/$(KARCH)/boot/dts/$(LAVA_DTB_PATH) $(@D)/)
	$(Q)LAVA_QEMU_ARCH=$(arch_$(ARCH)_deb) LAVA_CONSOLE=$(arch_$(ARCH)_console) \
		LAVA_DTB=$(notdir $(LAVA_DTB_PATH)) \
		LAVA_DEVICE_TYPE=$(or $(LAVA_DEVICE_TYPE),$(arch_$(ARCH)_lava_board)) \
		LAVA_ARCH=$(or $(LAVA_ARCH),$(if $(arch_$(ARCH)_lava_board),$(arch_$(ARCH)_deb))) \
		LAVA_KERNEL_TYPE=$(or $(LAVA_KERNEL_TYPE),$(arch_$(ARCH)_lava_kernel_type)) \
		initramfs/lava/render.sh $(KVER) $(BASE) $* \
		$(LAVA_URL)/$(ARCH)/$(KVER)/$(BASE)/lava/$* $(@D) $(notdir $(KIMAGE))

# The host's TSC rate, measured once per build folder (base_atlas_cmdline).
$(BA)/tsc-khz: initramfs/tsc-khz.c | deps
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) -O2 -Wall -Wextra -Werror -o $@.bin $<
	$(Q)$@.bin >$@.tmp && mv $@.tmp $@ && rm -f $@.bin
	$(Q)$(call progress,host TSC: $$(cat $@) kHz)

# The accelerator the native boots settled on (KVM only where it works).
$(LAVA_DEV): initramfs/lava/device-qemu.yaml.in $(OUT)/multiuser/results.txt
	$(Q)mkdir -p $(@D)
	$(Q)sed -e 's|@QEMU@|$(QEMU)|; s|@ACCEL@|'"$(if $(filter tcg,$(GUEST_ACCEL)),tcg,$$(cat $(BA)/accel))"'|' \
		-e 's|@MACHINE@|$(arch_$(ARCH)_machine)|; s|@QEMU_ARCH@|$(arch_$(ARCH)_deb)|' $< >$@

$(LAVA_OUT)/%/lava-results.json: $(LAVA_OUT)/%/job-qemu.yaml $(LAVA_DEV) \
		initramfs/lava/run.sh initramfs/lava/results.py | deps
	$(Q)$(call progress,lava-run $*)
	$(Q)initramfs/lava/run.sh $(LAVA_DEV) $< muprobe-$(KVER)-$(BASE)-$* $(@D)
	$(Q)$(call progress,lava-run $*: $$(grep -c '"result"' $@) cases recorded)

lava: $(foreach v,$(VARIANTS),$(LAVA_OUT)/$(v)/job-qemu.yaml) $(LAVA_DEV)
lava-run: $(foreach v,$(LAVA_RUN),$(LAVA_OUT)/$(v)/lava-results.json)
.PHONY: lava lava-run

# ---- report -----------------------------------------------------------------
include report/report.mk
include report/atlas/atlas.mk

# ---- tests ------------------------------------------------------------------
T := $(B)/tests
MU := $(call KOBJ,multiuser)
NOMU := $(call KOBJ,nomultiuser)

# This version's own checks (make check runs them per version).
version-checks:
	$(Q)pass=0; fail=0; failed=; \
	for t in $(PAIR_CHECKS); do \
		$(call run_check,$(arch_$(ARCH)_check_args),$(ARCH)/$(KVER)/$$t,$$t); \
	done; \
	$(check_tally)
corpus-packages: $(CORPUS)/packages
# The Debian system's packages, which both x86_64 versions' boots unpack.
debian-packages: $(if $(filter $(ARCH),$(DEBIAN_ARCHS)),$(DEBIAN)/packages)
# What CHECKS_ONCE build that the first pair's checks build too: made
# before both start, so that two makes never build one file at once.
once-prereqs: $(B)/probe/muprobe $(B)/probe/muobs $(B)/murun/murun $(B)/apps/privdrop \
	$(B)/murun/filters.h
# What make's pairs of one architecture would otherwise both make at once.
arch-prereqs: $(TOOLS)/.ok $(GLIBC_DEBS) $(if $(CORPUS_BASE),corpus-packages) debian-packages
.PHONY: version-checks corpus-packages debian-packages once-prereqs arch-prereqs

# This version only: the version-independent checks and its own.
check:
	$(Q)pass=0; fail=0; failed=; \
	for t in $(CHECKS_ONCE) $(ARCH_CHECKS); do \
		$(call run_check,$(arch_$(ARCH)_check_args),$(ARCH)/$(KVER)/$$t,$$t); \
	done; \
	$(check_tally)

$(T)/table_test: probe/tests/table_test.c $(PROBE_SRC) $(PROBE_HDR) \
		$(B)/probe/syscalls_64.h $(B)/probe/syscalls_32.h \
		$(B)/probe/multiuser_syscalls.h $(B)/uapi/.ok
	$(Q)mkdir -p $(@D)
	$(Q)$(PROBE_CC) $(PROBE_CFLAGS) -Iprobe -o $@ $< \
		$(filter-out probe/main.c,$(PROBE_SRC))

check-probe-table: $(T)/table_test
	$(Q)$(T)/table_test >$(T)/table_test.out || { grep 'not ok' $(T)/table_test.out; exit 1; }
	$(Q)tail -n 1 $(T)/table_test.out

# Hostile output through the observation escape and back, byte for byte;
# and no observation passes errno beside the call it describes.
check-probe-escape: $(B)/probe/muprobe $(B)/probe/muobs
	$(Q)python3 probe/tests/escape.py $^
	$(Q)! grep -n 'obs_ret_err([^;]*errno' $(filter-out probe/lib.c,$(PROBE_SRC)) || \
		{ echo "obs_ret_err with errno: use obs_ret" >&2; exit 1; }

# On this stock kernel, as a root a container gave less: no difference.
check-probe-container: $(B)/probe/muprobe | deps
	$(Q)probe/tests/container.sh $<

check-probe-cli: $(B)/probe/muprobe
	$(Q)probe/tests/cli.sh $(ABS)/$(B)/probe/muprobe $(ABS)/$(KSRC)

check-patch-apply:
	$(Q)kernel-patch/tests/apply-series.sh $(ABS)/$(T)/apply-series

check-kconfig-verify: $(B)/kconfig/defconfig.config
	$(Q)$(if $(CROSS),CROSS_COMPILE=$(CROSS)) kernel-patch/tests/kconfig-verify.sh $(ABS)/$(KSRC) $(KARCH) \
		$(ABS)/$(T)/kconfig $(ABS)/$<

check-initramfs-repro: $(B)/initramfs.cpio $(if $(CORPUS_BASE),$(B)/corpus.cpio)
	$(Q)$(IMAGE_ENV) initramfs/tests/repro.sh $(B)/gen_init_cpio $(B) $(B)/initramfs.cpio $(IMAGE_LISTS)
	$(Q)$(if $(CORPUS_BASE),$(IMAGE_ENV) initramfs/tests/repro.sh $(B)/gen_init_cpio $(B) $(B)/corpus.cpio \
		$(B)/corpus-base.list:$(B)/corpus.list)

check-pipeline-e2e: $(foreach v,multiuser nomultiuser,$(OUT)/$(v)/results.txt)
	$(Q)$(GUEST_ENV) initramfs/tests/e2e.sh $(OUT) $(B) $(NOMU)/$(KIMAGE) $(B)/initramfs.cpio $(QEMU) \
		$(KVER)

check-probe-e2e: $(foreach v,multiuser nomultiuser,$(OUT)/$(v)/results.txt)
	$(Q)probe/tests/e2e.sh $(OUT) $(ABS)/$(KSRC) $(MU)/.config

# Why the baseline lacks a call, read from its config, against its guest.
check-absent-syscalls: $(OUT)/multiuser/results.txt $(OUT)/absent-syscalls.tsv
	$(Q)report/tests/absent.sh $^

# Our own C in kernel style, and the patch series checkpatch --strict clean.
check-checkpatch: $(B)/.extract.ok
	$(Q)kernel-patch/tests/checkpatch.sh $(KSRC)/scripts/checkpatch.pl \
		$(SERIES_DIR) $(PROBE_SRC) $(PROBE_HDR) probe/tests/table_test.c \
		$(REPORT_SRC) $(REPORT_HDR) apps/privdrop.c $(MURUN_SRC) \
		apps/murun/murun.h apps/murun/allow-all.c apps/murun/genfilter.c \
		apps/tests/setxid-threads.c apps/tests/calls_test.c

check-apps-e2e: $(foreach v,$(VARIANTS),$(OUT)/$(v)/results.txt)
	$(Q)apps/tests/e2e.sh $(OUT) $(ABS)/$(KSRC) $(VARIANTS)

# The corpus as this version's guests and the host ran it.
check-corpus-e2e: $(CORPUS_OUT)/corpus.ok
	$(Q)MU_HOST_RUNS=$(if $(NATIVE),1,0) apps/tests/corpus-e2e.sh $(CORPUS_OUT) $(VARIANTS)

check-compat-e2e: $(foreach v,nomultiuser nomultiuser-compat,$(OUT)/$(v)/results.txt)
	$(Q)kernel-patch/tests/compat-e2e.sh $(OUT)

check-strict-e2e: $(foreach v,nomultiuser nomultiuser-compat nomultiuser-strict,$(OUT)/$(v)/results.txt)
	$(Q)kernel-patch/tests/strict-e2e.sh $(OUT)

# Each shorter prefix of the series, built and booted in BISECT_VARIANTS.
# The default is the variant whose fragment turns on every option of the
# series: with a prefix, olddefconfig keeps exactly the options that prefix
# has, so each patch is built and booted with its own code enabled.  The
# series adds code under those options only; the other variants build the
# whole series in make.  All of them: BISECT_VARIANTS="$(VARIANTS)".
BISECT_VARIANTS ?= nomultiuser-strict
check-patch-bisect: $(foreach v,$(BISECT_VARIANTS),$(call KOBJ,$(v))/.build.ok) $(B)/initramfs.cpio
	$(Q)$(KBUILD_ENV) kernel-patch/tests/bisect.sh $(ABS)/$(KSRC) $(ABS)/$(SERIES_DIR) \
		$(ABS)/$(B)/$(KBASE) $(ABS)/$(T)/bisect $(KARCH) $(KIMAGE) \
		$(ABS)/$(B)/initramfs.cpio $(QEMU) $(BISECT_VARIANTS)

# The kernel cache on fixtures, and one kernel it may have given built
# again without it (the build itself runs in every make check this way),
# in a folder as deep in $(B) as a variant's: kbuild's relative paths the
# same, ccache hits.
KCACHE_CHECK ?= nomultiuser
check-kcache: $(call KOBJ,$(KCACHE_CHECK))/.build.ok
	$(Q)$(KBUILD_ENV) kernel-patch/tests/kcache.sh $(KSRC) $(ABS)/$(call KOBJ,$(KCACHE_CHECK)) \
		$(KARCH) $(notdir $(KIMAGE)) $(KIMAGE) $(ABS)/$(B)/kcache-check

check-app-e2e: $(foreach v,$(VARIANTS),$(call KOBJ,$(v))/.build.ok)
	$(Q)apps/tests/app.sh $(KVER) $(BASE)

# The series' KUnit suites (its last patch), as a maintainer runs them:
# kunit.py builds its own kernel of the architecture under $(B)/kunit/NAME,
# with its cross compiler, through
# ccache, and boots it in QEMU.  The JSON (kunit.py --json) is kept even
# when a case fails; no JSON is a run that did not happen.
# What kunit.py is asked besides the kunitconfig: a change reruns it.
KUNIT_ARGS := --arch=$(KARCH) $(if $(CROSS),--cross_compile=$(CROSS)) \
	$(foreach o,$(arch_$(ARCH)_kunit_add),--kconfig_add=$(o))
# kunit.py run in its three steps, so that the kernel cache can stand in
# for the second: config, build (or the cache), exec.
kunit_py = env $(KBUILD_ENV) python3 $(ABS)/$(KUNIT_PY) $(1) $(KUNIT_ARGS) \
	--kunitconfig=$(ABS)/$(KSRC)/kernel/$(2).kunitconfig --build_dir=$(ABS)/$(B)/kunit/$(2)
$(B)/kunit/%.args: FORCE
	$(Q)$(call write_if_changed,$(KUNIT_ARGS))
.PRECIOUS: $(B)/kunit/%.args
$(KUNIT_OUT)/%.json: $(B)/.patch.ok $(B)/kunit/%.args | deps $(KCACHE_TREE)
	$(Q)$(call progress,kunit $* (kunit.py run $(KUNIT_ARGS)))
	$(Q)mkdir -p $(@D) $(B)/kunit
	$(Q)rm -f $@.tmp
	$(Q)$(call kunit_py,config,$*) >$(B)/kunit/$*.config.log 2>&1 || { \
		tail -n 20 $(B)/kunit/$*.config.log; \
		echo "kunit: $*: kunit.py config failed; log in $(B)/kunit/$*.config.log" >&2; exit 1; }
	$(Q)key=; $(if $(KCACHE_TREE),key=$$($(kcache) key $(KCACHE_TREE) $(B)/kunit/$* kunit) || exit 1;) \
	if [ -n "$$key" ] && $(kcache) get $(KCACHE_DIR) $$key $(B)/kunit/$*; then \
		$(call progress,kunit $*: the kernel cache's $$key); \
	else \
		report/progress.sh "kunit $*, objects" $(B)/kunit/$*.log \
			--objects $(B)/kunit/$* $(call cold_objects,kunit) \
			$(wildcard $(BA)/*/kunit/*/) -- $(call kunit_py,build,$*) --jobs=$(JOBS) || { \
			tail -n 30 $(B)/kunit/$*.log; \
			echo "kunit: $*: kunit.py build failed; log in $(B)/kunit/$*.log" >&2; exit 1; }; \
		[ -z "$$key" ] || $(kcache) put $(KCACHE_DIR) $$key $(B)/kunit/$* $(KCACHE_MB); \
	fi
	$(Q)$(call kunit_py,exec,$*) --json=$(ABS)/$@.tmp >$(B)/kunit/$*.exec.log 2>&1 || true
	$(Q)[ -s $@.tmp ] || { tail -n 30 $(B)/kunit/$*.exec.log; \
		echo "kunit: $*: no results; log in $(B)/kunit/$*.exec.log" >&2; exit 1; }
	$(Q)mv $@.tmp $@
	$(Q)$(call progress,kunit $*: $$(grep -c '"status": "PASS"' $@) cases passed)

check-kunit: $(KUNIT_JSON)
	$(Q)kernel-patch/tests/kunit.sh $(KSRC) $(B)/kunit $^

# The series as mails (make mails): a git import of the unpatched tree
# gives the base-commit they name; check-mails takes them with git am and
# runs sparse and W=1 over what they touch, with the KUnit build's
# configuration: every option of the series, its tests and, on x86_64,
# the 16-bit entry points.
IMPORT := $(B)/import
MAILS := out/$(ARCH)/$(KVER)/mails
$(B)/import.base: kernel-patch/import.sh | deps
	$(Q)$(call progress,git import of $(KTARBALL))
	$(Q)mkdir -p $(@D)
	$(Q)kernel-patch/import.sh $(KTARBALL) $(IMPORT) >$@.tmp && mv $@.tmp $@
$(MAILS)/.ok: $(B)/import.base $(B)/.patch.ok $(SERIES_DIR)/0000-cover-letter.patch \
		kernel-patch/mails.sh
	$(Q)$(call progress,mails of the series)
	$(Q)kernel-patch/mails.sh $(KSRC) $(SERIES_DIR) $$(cat $(B)/import.base) $(MAILS)
	$(Q)touch $@
mails: $(MAILS)/.ok
check-mails: private KBUILD_SKIP :=
check-mails: $(MAILS)/.ok $(KUNIT_OUT)/multiuser.json
	$(Q)$(KBUILD_ENV) kernel-patch/tests/mails.sh $(IMPORT) $(MAILS) $(KSRC) \
		$(B)/kunit/multiuser/.config \
		$(ABS)/$(B)/sparse/obj $(KARCH)

# Every site of the tree that takes an id from userspace, and whether this
# base's kernel (the strict variant's objects) contains it.
$(OUT)/id-sites.tsv: $(call KOBJ,nomultiuser-strict)/.build.ok \
		kernel-patch/audit-ids.py
	$(Q)$(call progress,id sites of the tree)
	$(Q)mkdir -p $(@D)
	$(Q)kernel-patch/audit-ids.py $(KSRC) $(call KOBJ,nomultiuser-strict) \
		>$@.tmp && mv $@.tmp $@
audit: $(OUT)/id-sites.tsv
.PHONY: audit mails

# The audit finds the sites this tree is known to have, classed and
# placed as the tree and the base say.
check-id-audit: $(OUT)/id-sites.tsv
	$(Q)kernel-patch/tests/id-audit.sh $<

check-defconfig-configs: $(B)/.patch.ok
	$(Q)kernel-patch/tests/defconfig-configs.sh $(B) $(KSRC)

$(T)/setxid-threads: apps/tests/setxid-threads.c | deps
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) -O2 -Wall -Wextra -Werror -pthread -o $@ $<

$(T)/calls_test: apps/tests/calls_test.c apps/murun/calls.c \
		apps/murun/murun.h $(B)/probe/multiuser_syscalls.h $(B)/uapi/.ok
	$(Q)mkdir -p $(@D)
	$(Q)$(PROBE_CC) $(PROBE_CFLAGS) $(MURUN_INC) -o $@ \
		apps/tests/calls_test.c apps/murun/calls.c

# The generated programs for every number of every ABI, and the lookup of
# a stopped call.
check-murun-filter: $(B)/murun/filters.h $(B)/probe/multiuser_syscalls.h \
		$(T)/calls_test
	$(Q)python3 apps/tests/filter.py $(B)/murun/filters.h \
		$(B)/probe/multiuser_syscalls.h
	$(Q)$(T)/calls_test

check-murun: $(B)/murun/murun $(B)/probe/muprobe $(T)/setxid-threads \
		$(B)/apps/privdrop
	$(Q)apps/tests/murun.sh $^

check-app-unit:
	$(Q)python3 apps/tests/verdict.py apps/app-verdict.py
	$(Q)apps/tests/app-args.sh apps/app.sh

check-man: $(B)/probe/muprobe $(B)/murun/murun $(MUREPORT) | deps
	$(Q)probe/tests/man.sh probe/muprobe.1=$(B)/probe/muprobe \
		apps/murun/murun.1=$(B)/murun/murun report/mureport.1=$(MUREPORT)
check-import-scan: | deps
	$(Q)apps/tests/import-scan.sh apps/import-scan.py

# A program's loader and libraries found in a root without running it.
check-elf-needs: | deps
	$(Q)initramfs/tests/elf-needs.sh

# What a payload names and a lab sets reaches LAVA quoted, never as code.
check-lava-names: | deps
	$(Q)initramfs/tests/lava-names.sh

# LAVA's own record of the qemu jobs against the native boots of the same
# images, case by case; the board jobs against LAVA's job schema.
check-lava: $(foreach v,$(LAVA_RUN),$(LAVA_OUT)/$(v)/lava-results.json) \
		$(OUT)/report.json lava
	$(Q)MU_LAVA_BOARD=$(or $(arch_$(ARCH)_lava_board),REPLACE-device-type) \
		MU_LAVA_DTB=$(notdir $(LAVA_DTB_PATH)) \
		MU_LAVA_ARCH=$(arch_$(ARCH)_deb) MU_KERNEL=$(notdir $(KIMAGE)) \
		MU_LAVA_KTYPE=$(or $(arch_$(ARCH)_lava_kernel_type),zimage) \
		initramfs/tests/lava.sh $(OUT) $(KUNIT_PY) $(LAVA_RUN) -- $(VARIANTS)

check-report-unit: $(MUREPORT)
	$(Q)report/tests/unit.sh $(MUREPORT)

# make's progress lines and their estimate, on stand-in commands.
check-progress:
	$(Q)report/tests/progress.sh report/progress.sh

# The fresh report against the committed golden one: behaviour only.
check-report-golden: $(OUT)/report.json
	$(Q)[ -r $(GOLDEN) ] || { echo "no golden report $(GOLDEN): run make update-golden" >&2; exit 1; }
	$(Q)$(MUREPORT) diff $(GOLDEN) $(OUT)/report.json

check-report-emulation: $(OUT)/report.json
	$(Q)report/tests/emulation.sh $<

check-report-html: $(OUT)/report.json
	$(Q)report/tests/screenshot.sh $(OUT)/report.html $(T)/report.png
	$(Q)report/tests/html.sh $(OUT)/report.md $(OUT)/report.html

# make's first report, on a copy of the whole report's results.
check-report-first: $(OUT)/report.json
	$(Q)report/tests/first.sh "$(MAKE) --no-print-directory" $(OUT) \
		$(T)/first $(MUREPORT)

# make report with every guest timing out, in a folder of its own.
check-report-incomplete: $(MU)/.build.ok $(NOMU)/.build.ok $(MUREPORT)
	$(Q)report/tests/incomplete.sh "$(MAKE) --no-print-directory" \
		$(ABS)/$(T)/incomplete $(MUREPORT)

check-boot-faults: $(NOMU)/.build.ok $(B)/gen_init_cpio
	$(Q)initramfs/tests/faults.sh $(ABS)/$(B)/gen_init_cpio $(NOMU)/$(KIMAGE) $(ABS)/$(B) $(QEMU)
endif

# The kernel trees and objects stay: they are the slow part.
clean:
	rm -rf out $(BUILD)/report \
		$(foreach a,$(ARCHS),$(foreach v,$(KVERS),$(addprefix $(BUILD)/$(a)/$(v)/,initramfs.cpio \
		probe gen_init_cpio tests murun apps app uapi uapi-obj)))

distclean:
	rm -rf out $(BUILD) $(BUILD).apt.log

FORCE:
