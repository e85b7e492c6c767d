#!/bin/sh
# A guest that fails does not stop the report: make report, its guests
# given one second (every boot times out), still writes report.json with
# each variant incomplete and the runner's reason, and exits non-zero
# naming each one.  Its own output folder: the real results stay.  The
# corpus and Debian boots are other bases' guests, reached through OUT
# paths of their own: left out here.
#
# usage: incomplete.sh "MAKE ARGS..." DIR MUREPORT
set -u
make=$1 dir=$2 mureport=$3
fails=0 n=0
check() {
	n=$((n + 1))
	if eval "$2"; then echo "ok $n $1"; else echo "not ok $n $1"; fails=$((fails + 1)); fi
}
rm -rf "$dir" && mkdir -p "$dir"
$make OUT="$dir" BOOT_TIMEOUT=1 CORPUS_ARCHS= DEBIAN_ARCHS= KUNIT_CONFIGS= \
	VARIANTS="multiuser nomultiuser" PAIRS=multiuser:nomultiuser report \
	>"$dir.log" 2>&1
rc=$?
check "make report exits non-zero" '[ $rc -ne 0 ]'
check "the report is written" '[ -s "$dir/report.json" ] && [ -s "$dir/report.md" ]'
for v in multiuser nomultiuser; do
	check "$v: named incomplete, timed out" \
		'grep -q "^report: .*: $v is incomplete: .*timed out" "$dir.log"'
	check "$v: no results, the reason kept in VARIANT.failed" \
		'[ ! -e "$dir/$v/results.txt" ] && [ -s "$dir/$v.failed/reason" ]'
done
check "mureport complete agrees" '! "$mureport" complete "$dir/report.json" 2>/dev/null'
[ $fails -eq 0 ] || tail -n 20 "$dir.log"
echo "$((n - fails)) passed, $fails failed"
[ $fails -eq 0 ]
