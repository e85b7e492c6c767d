# libFuzzer harnesses, under ASan and UBSan, for every parser that reads
# input it did not write: guest results (and the observations and KTAP in
# them), report JSON (diff, versions, renderers), bloat-o-meter and size -A
# output, lost-syscalls.py's table, the observation escape, murun's
# command line.  make fuzz runs each for FUZZ_SECONDS; make check for
# FUZZ_CHECK_SECONDS, after replaying every crash ever found (crashes/).
FUZZ_TARGETS := results report_json sizes escape murun_args
FUZZ_SECONDS ?= 60
FUZZ_CHECK_SECONDS ?= 8
FUZZ_CC := clang
FUZZ_CFLAGS := -g -O1 -D_GNU_SOURCE -fsanitize=fuzzer,address,undefined \
	-fno-sanitize-recover=undefined -Wall -Wextra -Werror \
	-Wno-missing-field-initializers
FZ := $(BUILD)/fuzz
REPORT_LIB := $(filter-out report/mureport.c,$(wildcard report/*.c))

fuzz_src_results := report/fuzz/results.c report/fuzz/fuzz_lib.c report/results.c
fuzz_src_report_json := report/fuzz/report_json.c $(REPORT_LIB)
fuzz_src_sizes := report/fuzz/sizes.c report/fuzz/fuzz_lib.c $(REPORT_LIB)
fuzz_src_escape := report/fuzz/escape.c probe/escape.c
fuzz_src_murun_args := report/fuzz/murun_args.c apps/murun/args.c
fuzz_lib_results := -ljansson
fuzz_lib_report_json := $(REPORT_LIBS)
fuzz_lib_sizes := $(REPORT_LIBS)

# Seeds: real outputs where a run left them, and the committed fixtures;
# report/fuzz/TARGET.dict, where there is one, gives libFuzzer the words of
# the format (KTAP plans and results, the schema's keys and verdicts) so
# that it reaches the checks behind them.
fuzz_seeds_results = report/tests/fixtures/*/*/results.txt \
	out/*/*/*/*/results.txt
fuzz_seeds_report_json = report/golden/*/*/*.json
fuzz_seeds_sizes = report/tests/fixtures/sizes/* out/*/*/*/sizes/*.bloat \
	out/*/*/*/sizes/*.size out/*/*/*/lost-syscalls.tsv
fuzz_seeds_escape = report/fuzz/seeds/escape/* out/*/*/*/nomultiuser/results.txt
fuzz_seeds_murun_args = report/fuzz/seeds/murun_args/*

define fuzz_bin
$(FZ)/$(1): $(fuzz_src_$(1)) $(wildcard report/*.h report/fuzz/*.h probe/escape.h apps/murun/murun.h) | deps
	$(Q)mkdir -p $$(@D)
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -Iapps/murun -o $$@ $(fuzz_src_$(1)) $(fuzz_lib_$(1))
endef
$(foreach t,$(FUZZ_TARGETS),$(eval $(call fuzz_bin,$(t))))

define fuzz_rules
# SECONDS: $(2).  A fresh working corpus from the seeds every time, so a
# run never depends on an earlier one; its last line gives executions.
fuzz-$(1)-$(2): $(FZ)/$(1)
	$(Q)rm -rf $(FZ)/$(1).corpus && mkdir -p $(FZ)/$(1).corpus
	$(Q)for s in $(fuzz_seeds_$(1)); do [ ! -f "$$$$s" ] || \
		cp "$$$$s" $(FZ)/$(1).corpus/$$$$(echo "$$$$s" | tr / _); done
	$(Q)rm -rf $(FZ)/$(1).tmp && mkdir -p $(FZ)/$(1).tmp
	$(Q)crashes=$$$$(ls report/fuzz/crashes/$(1)-* 2>/dev/null); \
	if [ -n "$$$$crashes" ]; then \
		TMPDIR=$(ABS)/$(FZ)/$(1).tmp $(FZ)/$(1) -close_fd_mask=3 $$$$crashes \
			>$(FZ)/$(1).replay.log 2>&1 || \
		{ rm -rf $(FZ)/$(1).tmp; tail -n 30 $(FZ)/$(1).replay.log; \
		  echo "fuzz: $(1): a recorded crash came back" >&2; exit 1; }; \
	fi
	$(Q)cd $(FZ) && TMPDIR=$(ABS)/$(FZ)/$(1).tmp ./$(1) -max_total_time=$(2) \
		-close_fd_mask=3 $(if $(wildcard report/fuzz/$(1).dict),-dict=$(ABS)/report/fuzz/$(1).dict) \
		-artifact_prefix=$(1)- -print_final_stats=1 $(1).corpus \
		>$(1).log 2>&1 || { rm -rf $(1).tmp; tail -n 40 $(1).log; \
		echo "fuzz: $(1) found a crash: $(FZ)/$$$$(ls -t | grep -m1 '^$(1)-'); add it to report/fuzz/crashes/" >&2; \
		exit 1; }
	$(Q)rm -rf $(FZ)/$(1).tmp
	$(Q)printf 'fuzz %-12s %s executions in %s s, corpus %s inputs, no crash\n' $(1) \
		"$$$$(sed -n 's/^stat::number_of_executed_units: *//p' $(FZ)/$(1).log)" $(2) \
		"$$$$(ls $(FZ)/$(1).corpus | wc -l)"
.PHONY: fuzz-$(1)-$(2)
endef
$(foreach t,$(FUZZ_TARGETS),$(eval $(call fuzz_rules,$(t),$(FUZZ_SECONDS))))
ifneq ($(FUZZ_CHECK_SECONDS),$(FUZZ_SECONDS))
$(foreach t,$(FUZZ_TARGETS),$(eval $(call fuzz_rules,$(t),$(FUZZ_CHECK_SECONDS))))
endif

fuzz: $(foreach t,$(FUZZ_TARGETS),fuzz-$(t)-$(FUZZ_SECONDS))
check-fuzz: $(foreach t,$(FUZZ_TARGETS),fuzz-$(t)-$(FUZZ_CHECK_SECONDS))

# mureport's own tests with a mureport built under ASan and UBSan.
$(BUILD)/report-asan/mureport: $(wildcard report/*.c report/*.h) | deps
	$(Q)mkdir -p $(@D)
	$(Q)$(FUZZ_CC) -g -O1 -D_GNU_SOURCE -fsanitize=address,undefined \
		-fno-sanitize-recover=undefined -Wall -Wextra -Werror \
		-Wno-missing-field-initializers -o $@ $(wildcard report/*.c) $(REPORT_LIBS)
check-report-asan: $(BUILD)/report-asan/mureport
	$(Q)report/tests/unit.sh $< >$(BUILD)/report-asan/unit.log 2>&1 || \
		{ grep -v '^ok' $(BUILD)/report-asan/unit.log | tail -n 30; exit 1; }
	$(Q)tail -n 1 $(BUILD)/report-asan/unit.log
.PHONY: fuzz check-fuzz check-report-asan
