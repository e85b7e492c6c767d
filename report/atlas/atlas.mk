# report/atlas/: is MULTIUSER special?  Every option that removes ABI,
# turned off alone against one baseline (BASE=atlas), measured the way the
# report measures MULTIUSER: a report per option (mureport build, with the
# baseline and that option's variant), gathered into one table.
#
# make atlas                     every option of report/atlas/options.py
# make atlas ATLAS_OPTIONS="A B" those only (a killed run keeps each option
#                                it finished; the next run starts after it)
ATLAS := $(B)/atlas
ATLAS_OUT := out/$(ARCH)/$(KVER)/atlas
ATLAS_ARGS = $(KSRC) $(KARCH) $(TBL64) $(TBL32) $(arch_$(ARCH)_abis)
ATLAS_IN := report/atlas/options.py report/atlas/named.list \
	report/atlas/excluded.tsv report/lost-syscalls.py
ATLAS_OPTIONS ?=
# The committed atlas of this architecture and version: what a run
# does not measure itself it keeps from there, marked (atlas.py --keep).
ATLAS_KEPT := report/golden/$(ARCH)/$(KVER)/atlas.json
ATLAS_PY = python3 report/atlas/atlas.py $(if $(wildcard $(ATLAS_KEPT)),--keep $(ATLAS_KEPT)) \
	$(ATLAS)/options.tsv $(ATLAS_OUT) "$(ARCH)" "$(KVER)"

# These three are replaced only when their text changes: a new options.py
# that gives an option the same fragment leaves its measured kernel,
# boots and report as they are (hours of a resumable atlas).
update_if_changed = { cmp -s $(1).tmp $(1) && rm -f $(1).tmp; } || mv $(1).tmp $(1)
$(ATLAS)/options.tsv: $(ATLAS_IN) $(B)/.patch.ok $(TBL64) $(TBL32)
	$(Q)mkdir -p $(@D)
	$(Q)python3 report/atlas/options.py $(ATLAS_ARGS) >$@.tmp && \
		$(call update_if_changed,$@)
$(ATLAS)/baseline.config: $(ATLAS_IN) $(B)/.patch.ok $(TBL64) $(TBL32)
	$(Q)mkdir -p $(@D)
	$(Q)python3 report/atlas/options.py --fragment $(ATLAS_ARGS) >$@.tmp && \
		$(call update_if_changed,$@)
# The lines that take OPTION out: its tiny value from the table, and that
# of each option the table turns off with it (column 7: those selecting it).
$(ATLAS)/off-%.config: $(ATLAS)/options.tsv
	$(Q)awk -F '\t' -v o=$* '{ v[$$1] = $$5; w[$$1] = $$7; ok[$$1] = $$6 == "-" } \
		END { if (!ok[o]) exit; n = split(o (w[o] == "-" ? "" : "," w[o]), s, ","); \
		for (i = 1; i <= n; i++) print(v[s[i]] == "y" ? "CONFIG_" s[i] "=y" : \
		"# CONFIG_" s[i] " is not set") }' $< >$@.tmp
	$(Q)[ -s $@.tmp ] || { rm -f $@.tmp; \
		echo "atlas: $* is not an option the atlas turns off ($<)" >&2; exit 1; }
	$(Q)$(call update_if_changed,$@)

ifeq ($(BASE),atlas)
# The same kernel boots the corpus too: its runs as the report reads them.
$(OUT)/corpus/%/results.txt: $(ATLAS)/%/.build.ok $(B)/corpus.cpio initramfs/boot-guest.sh \
		$(OUT)/guest.args
	$(Q)$(call progress,boot $* with the corpus)
	$(Q)$(GUEST_ENV) initramfs/boot-guest.sh $* $(ATLAS)/$*/$(KIMAGE) \
		$(B)/corpus.cpio $(OUT)/corpus/$* $(BOOT_TIMEOUT) $(GUEST_ACCEL) \
		$(QEMU) $(BA)/accel $(call report_failed_boot,$* with the corpus)
# Beside the guests' folders, not in them: a guest booted again empties
# its own folder, and these would go with it while make holds them made.
$(OUT)/sizes/%/.ok: $(ATLAS)/multiuser/.build.ok $(ATLAS)/%/.build.ok report/measure-sizes.sh
	$(Q)report/measure-sizes.sh $(KSRC) $(ATLAS) $(KIMAGE) $(OUT)/sizes/$* multiuser:$*
	$(Q)touch $@
$(OUT)/lost/%.tsv: $(ATLAS)/multiuser/.config.ok $(ATLAS)/%/.config.ok report/lost-syscalls.py
	$(Q)mkdir -p $(@D)
	$(Q)python3 report/lost-syscalls.py $(KSRC) $(ATLAS)/multiuser/.config \
		$(ATLAS)/$*/.config $(TBL64) $(TBL32) $(arch_$(ARCH)_abis) >$@.tmp && \
		mv $@.tmp $@
# Not intermediate: the baseline's corpus boot serves every option, and a
# killed run keeps what each option measured.
.PRECIOUS: $(OUT)/corpus/%/results.txt $(OUT)/sizes/%/.ok $(OUT)/lost/%.tsv
# One option's report: the baseline and its variant, as make report
# builds MULTIUSER's; a guest that fails makes it an incomplete row
# (report/report.mk says how).
$(OUT)/%/report/report.json: REPORT_FAILED_BOOTS := 1
$(OUT)/%/report/report.json: $(MUREPORT) $(OUT)/sizes/%/.ok $(OUT)/lost/%.tsv \
		$(OUT)/multiuser/results.txt $(OUT)/%/results.txt \
		$(OUT)/corpus/multiuser/results.txt $(OUT)/corpus/%/results.txt
	$(Q)$(MUREPORT) build --out $(OUT) --build $(ATLAS) --sizes $(OUT)/sizes/$* \
		--dest $(OUT)/$*/report --base atlas --arch $(ARCH) --kver $(KVER) \
		--package $(PKG_VERSION) --lost $(OUT)/lost/$*.tsv \
		--corpus $(OUT)/corpus --corpus-base atlas --pair multiuser:$* \
		multiuser $*
endif

# Each option in turn, the slowest first to be told: a line per option with
# what it took and, from the options this run built, an estimate of the
# rest.  An option that fails is named at the end; the others go on.
atlas: $(MUREPORT)
	$(Q)$(MAKE) --no-print-directory BASE=atlas $(ATLAS)/options.tsv
	$(Q)opts="$(or $(ATLAS_OPTIONS),$$(awk -F '\t' '$$6 == "-" { print $$1 }' \
		$(ATLAS)/options.tsv))"; n=$$(echo $$opts | wc -w); k=0; \
	built=0; spent=0; failed=; \
	for o in $$opts; do \
		k=$$((k + 1)); t=$$(date +%s); \
		$(call progress,atlas $$k/$$n: $$o); \
		ok=1; $(MAKE) --no-print-directory BASE=atlas VARIANTS="multiuser off-$$o" \
			$(ATLAS_OUT)/off-$$o/report/report.json || { ok=; failed="$$failed $$o"; }; \
		d=$$(($$(date +%s) - t)); \
		if [ -n "$$ok" ] && [ $$d -gt 30 ]; then built=$$((built + 1)); spent=$$((spent + d)); fi; \
		left=$$([ $$built -gt 0 ] && echo $$((spent / built * (n - k) / 60)) || echo '?'); \
		$(call progress,atlas $$k/$$n: $$o in $$d s; about $$left min left); \
	done; \
	$(ATLAS_PY) && \
	$(call progress,atlas: $(ATLAS_OUT)/atlas.md $(ATLAS_OUT)/atlas.html \
		$(ATLAS_OUT)/atlas.json); \
	[ -z "$$failed" ] || { echo "atlas: not measured:$$failed" >&2; exit 1; }
.PHONY: atlas

# What make atlas measured here, with the committed rows it did not
# measure, becomes the committed atlas: atlas.json and its atlas.md.
atlas-golden: $(ATLAS)/options.tsv
	$(Q)$(ATLAS_PY)
	$(Q)mkdir -p $(dir $(ATLAS_KEPT))
	$(Q)cp $(ATLAS_OUT)/atlas.json $(ATLAS_KEPT)
	$(Q)cp $(ATLAS_OUT)/atlas.md $(ATLAS_KEPT:.json=.md)
	$(Q)$(call progress,atlas-golden: $(ATLAS_KEPT) $(ATLAS_KEPT:.json=.md))
	$(Q)python3 report/atlas/cover.py --write $(COVER_LETTERS)
.PHONY: atlas-golden

# The cover letters' atlas paragraph (report/atlas/cover.py): each is made
# from the committed atlas it cites, and checked to be.
COVER_LETTERS := $(wildcard kernel-patch/*/0000-cover-letter.patch)
atlas-cover:
	$(Q)python3 report/atlas/cover.py --write $(COVER_LETTERS)
.PHONY: atlas-cover

# atlas.py and schema.py on fixtures; the committed atlases' schema, that
# each row names its measurement, and that each committed atlas.md is
# its atlas.json's; the cover letters' atlas paragraphs are theirs.
ATLAS_GOLDEN := $(wildcard report/golden/*/*/atlas.json)
check-atlas-unit:
	$(Q)report/atlas/tests/unit.sh $(BUILD)/tests/atlas-unit
	$(Q)$(if $(ATLAS_GOLDEN),python3 report/atlas/schema.py $(ATLAS_GOLDEN) && \
		for g in $(ATLAS_GOLDEN); do \
			python3 report/atlas/atlas.py --render $$g $(BUILD)/tests/atlas-golden && \
			cmp -s $(BUILD)/tests/atlas-golden/atlas.md $${g%.json}.md || { \
			echo "atlas: $${g%.json}.md is not what $$g renders to (make atlas-golden writes both)" >&2; \
			exit 1; }; \
		done && echo "committed atlases: $(ATLAS_GOLDEN)")
	$(Q)python3 report/atlas/cover.py --check $(COVER_LETTERS) && \
		echo "cover letters cite their atlas as it is: $(COVER_LETTERS)"

# make atlas end to end on three options (report/atlas/tests/e2e.sh says
# which and why), in the version's own atlas folders: a whole atlas made
# there before is kept, and these three are measured again only if their
# inputs changed.
check-atlas-e2e: $(MUREPORT)
	$(Q)report/atlas/tests/e2e.sh $(ATLAS_OUT) \
		"$(MAKE) --no-print-directory ARCH=$(ARCH) KVER=$(KVER)"
