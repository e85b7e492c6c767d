# report/: mureport (C, jansson) and the report stage.
REPORT_SRC := $(wildcard report/*.c)
REPORT_HDR := $(wildcard report/*.h)
PKG_VERSION = $(shell dpkg-query -W -f='$${Version}' $(KPKG))
GOLDEN := report/golden/$(ARCH)/$(KVER)/$(BASE).json

$(OUT)/sizes/.ok: $(foreach v,$(KERNELS),$(call KOBJ,$(v))/.build.ok) \
		report/measure-sizes.sh
	$(Q)$(call progress,sizes)
	$(Q)report/measure-sizes.sh $(KSRC) $(B)/$(KBASE) $(KIMAGE) $(OUT)/sizes \
		$(PAIRS)
	$(Q)touch $@

# Which entry points MULTIUSER=n takes away and through which option, read
# from the tree and the two resolved configs (the guests say which are
# ENOSYS; this says why).
$(OUT)/lost-syscalls.tsv: $(call KOBJ,multiuser)/.config.ok \
		$(call KOBJ,nomultiuser)/.config.ok report/lost-syscalls.py $(TBL64) $(TBL32)
	$(Q)mkdir -p $(@D)
	$(Q)python3 report/lost-syscalls.py $(KSRC) $(call KOBJ,multiuser)/.config \
		$(call KOBJ,nomultiuser)/.config $(TBL64) $(TBL32) \
		$(arch_$(ARCH)_abis) >$@.tmp && mv $@.tmp $@

# Which entry points the baseline itself does not build, and why: what
# differs between architectures (arm64's tinyconfig has no PERF_EVENTS).
$(OUT)/absent-syscalls.tsv: $(call KOBJ,multiuser)/.config.ok \
		report/lost-syscalls.py $(TBL64) $(TBL32)
	$(Q)mkdir -p $(@D)
	$(Q)python3 report/lost-syscalls.py --absent $(KSRC) \
		$(call KOBJ,multiuser)/.config $(TBL64) $(TBL32) \
		$(arch_$(ARCH)_abis) >$@.tmp && mv $@.tmp $@

# (A corpus base's host runs are the corpus's: apps/corpus/host-run.sh;
# another architecture's programs do not run on this host.)
ifneq ($(BASE_IMAGE),corpus)
ifneq ($(NATIVE),)
# The probe and the scenarios on the build host, bare and under murun in
# both modes: the emulation's fidelity is measured against the guests in
# the same run.
HOST_RUNS := $(foreach r,host-bare host-murun-nomultiuser host-murun-compat,\
	$(OUT)/$(r)/results.txt)
$(HOST_RUNS) &: $(B)/probe/muprobe $(B)/murun/murun $(B)/initramfs.cpio \
		report/host-run.sh initramfs/unpack-root.sh
	$(Q)$(call progress,probe and scenarios on the host, bare and under murun)
	$(Q)report/host-run.sh $(B)/probe/muprobe $(B)/murun/murun \
		$(B)/initramfs.cpio $(OUT)
endif
endif

REPORT_ARGS = --out $(OUT) --build $(B)/$(KBASE) \
	--sizes $(OUT)/sizes --dest $(OUT) --base $(BASE) \
	--arch $(ARCH) --kver $(KVER) --package $(PKG_VERSION) \
	--lost $(OUT)/lost-syscalls.tsv --absent $(OUT)/absent-syscalls.tsv \
	--kunit $(KUNIT_OUT) \
	$(if $(CORPUS_BASE),--corpus $(CORPUS_OUT) \
		--corpus-base $(CORPUS_BASE) \
		--scan $(CORPUS_OUT)/import-scan.json) \
	$(if $(DEBIAN_BASE),--debian $(DEBIAN_OUT) \
		--debian-variants $(subst $(space),$(comma),$(strip $(DEBIAN_VARIANTS)))) \
	$(foreach p,$(PAIRS),--pair $(p)) $(VARIANTS)
# What the report is built from, rewritten only when it changes: a report
# made with CORPUS_ARCHS or VARIANTS of another run is never kept.
$(OUT)/report.args: FORCE
	$(Q)$(call write_if_changed,$(strip $(REPORT_ARGS)))
# A guest that fails does not stop the report: its boot leaves no results
# (VARIANT.failed/ keeps the evidence), the report shows the variant
# incomplete with the runner's reason, and make report then fails naming
# it.  Its next run boots it again: a missing results file is never
# up to date.  Everything else that reads results (make results, the
# checks) still stops at the failed boot.
$(OUT)/report.json: REPORT_FAILED_BOOTS := 1
# What every report reads, the first one (below) included.
REPORT_INPUTS = $(MUREPORT) $(OUT)/sizes/.ok $(HOST_RUNS) \
	$(OUT)/lost-syscalls.tsv $(OUT)/absent-syscalls.tsv \
	$(foreach v,$(VARIANTS),$(OUT)/$(v)/results.txt) \
	$(if $(CORPUS_BASE),$(CORPUS_OUT)/corpus.ok)
$(OUT)/report.json: $(REPORT_INPUTS) $(KUNIT_JSON) \
		$(if $(DEBIAN_BASE),$(DEBIAN_OUT)/debian.ok) \
		$(OUT)/report.args
	$(Q)$(call progress,report)
	$(Q)$(MUREPORT) build $(REPORT_ARGS)
	$(Q)$(call progress,report: $(OUT)/report.md $(OUT)/report.html $(OUT)/report.json)

# make's first answer: the report without the sections that take longest
# (the KUnit kernel and its run, the Debian boots), written where the
# report goes before they are made and dated 1970, so that make always
# writes it again, whole, once they are (and mureport complete, diff and
# versions refuse it meanwhile).  Only while one of them has never been
# made: a rerun goes straight to the whole report, and a first report
# never shows one of them stale.
REPORT_PENDING := kunit$(if $(DEBIAN_BASE),$(comma)debian)
first-report: REPORT_FAILED_BOOTS := 1
ifneq ($(wildcard $(KUNIT_JSON) $(if $(DEBIAN_BASE),$(DEBIAN_OUT)/debian.ok)),$(strip \
	$(KUNIT_JSON) $(if $(DEBIAN_BASE),$(DEBIAN_OUT)/debian.ok)))
first-report: $(REPORT_INPUTS)
	$(Q)$(call progress,first report)
	$(Q)$(MUREPORT) build --pending $(REPORT_PENDING) $(REPORT_ARGS)
	$(Q)touch -d @0 $(OUT)/report.json
	$(Q)$(call progress,first report: $(OUT)/report.md $(OUT)/report.html (pending: \
		$(subst $(comma), and ,$(REPORT_PENDING)); make goes on and rewrites it))
else
first-report: ;
endif

# Written whatever happened; a run with an incomplete variant still fails,
# naming each one and why.
report: $(OUT)/report.json
	$(Q)$(MUREPORT) complete $<

update-golden: $(OUT)/report.json
	$(Q)mkdir -p $(dir $(GOLDEN))
	$(Q)cp $< $(GOLDEN)
	$(Q)echo "golden: $(GOLDEN) updated; commit it with the change it accepts"

.PHONY: report update-golden first-report
