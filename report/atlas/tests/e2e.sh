#!/bin/sh
# make atlas end to end on three options, each kernel built and booted
# with the probe's and the corpus's images: POSIX_TIMERS, whose
# setrlimit(RLIMIT_CPU) succeeds and is never enforced (silent); EPOLL,
# whose calls are compiled out (loud, nothing silent); SGETMASK_SYSCALL,
# two entry points of kernel/signal.c, an object every kernel shares
# (only that object recompiles).  What is expected of each is the
# kernel's own promise (the options' help, the syscall tables), not the
# atlas's output.
#
# usage: e2e.sh ATLAS_OUT "MAKE ARGS..."
set -u
out=$1 make=$2
fails=0 n=0
check() {
	n=$((n + 1))
	if eval "$2"; then echo "ok $n $1"; else echo "not ok $n $1"; fails=$((fails + 1)); fi
}
q() { python3 -c "import json,sys; a=json.load(open(sys.argv[1])); r={x['option']: x for x in a['options']}; print($1)" "$out/atlas.json"; }
mkdir -p "$(dirname "$out")" || exit 1
rc=0
$make ATLAS_OPTIONS="POSIX_TIMERS EPOLL SGETMASK_SYSCALL" atlas >"$out.log" 2>&1 || rc=$?
check "make atlas exits 0 and says what is left after each option" \
	'[ $rc -eq 0 ] && [ "$(grep -c "atlas [123]/3: .* in [0-9]* s; about .* min left" "$out.log")" -eq 3 ]'
check "atlas.json, .md and .html are written; schema.py takes the JSON" \
	'[ -s "$out/atlas.md" ] && [ -s "$out/atlas.html" ] && python3 "$(dirname "$0")/../schema.py" "$out/atlas.json"'
check "each of the three is measured, with a command and a report" \
	'[ "$(q "sorted((o, r[o][\"status\"]) for o in (\"POSIX_TIMERS\", \"EPOLL\", \"SGETMASK_SYSCALL\"))")" = "[('"'"'EPOLL'"'"', '"'"'measured'"'"'), ('"'"'POSIX_TIMERS'"'"', '"'"'measured'"'"'), ('"'"'SGETMASK_SYSCALL'"'"', '"'"'measured'"'"')]" ]'
check "none of the three is a row kept from the committed atlas" \
	'[ "$(q "[o for o in (\"POSIX_TIMERS\", \"EPOLL\", \"SGETMASK_SYSCALL\") if \"kept_from\" in r[o]]")" = "[]" ]'
check "POSIX_TIMERS: timers.rlimit_cpu is silent" \
	'q "[p[\"id\"] for p in r[\"POSIX_TIMERS\"][\"probes_silent\"]]" | grep -q "timers.rlimit_cpu"'
check "EPOLL: loud only, epoll_create1 among the syscalls lost" \
	'[ "$(q "r[\"EPOLL\"][\"probes_silent\"]")" = "[]" ] &&
	 [ "$(q "r[\"EPOLL\"][\"syscalls_lost\"][\"x86_64\"] > 0")" = True ]'
check "SGETMASK_SYSCALL: sgetmask and ssetmask lost (ia32 only), nothing silent" \
	'[ "$(q "(r[\"SGETMASK_SYSCALL\"][\"syscalls_lost\"][\"ia32\"], r[\"SGETMASK_SYSCALL\"][\"probes_silent\"])")" = "(2, [])" ]'
# Ranked among whatever else the folder holds (a whole atlas made before).
check "each saves bytes, and the silent one is ranked above the loud ones" \
	'[ "$(q "all(r[o][\"bytes_saved\"] > 0 for o in (\"POSIX_TIMERS\", \"EPOLL\", \"SGETMASK_SYSCALL\"))")" = True ] &&
	 [ "$(q "[x[\"option\"] for x in a[\"options\"] if x[\"option\"] in (\"POSIX_TIMERS\", \"EPOLL\", \"SGETMASK_SYSCALL\")][0]")" = POSIX_TIMERS ]'
[ $fails -eq 0 ] || tail -n 20 "$out.log"
echo "$((n - fails)) passed, $fails failed"
[ $fails -eq 0 ]
