#!/bin/sh
# make's first report, on a copy of this version's results (nothing boots
# again): with the in-kernel tests never run (a kunitconfig without
# results) it is written with KUnit and the Debian boots pending, dated
# 1970; the whole report's make then writes it again, whole, the same
# bytes as the real one; and with every section there already, make
# first-report writes nothing.
#
# usage: first.sh "MAKE ARGS..." OUT DIR MUREPORT
set -u
make=$1 out=$2 dir=$3 mureport=$4
fails=0 n=0
check() {
	n=$((n + 1))
	if eval "$2"; then echo "ok $n $1"; else echo "not ok $n $1"; fails=$((fails + 1)); fi
}
rm -rf "$dir" && mkdir -p "$(dirname "$dir")" && cp -a "$out" "$dir" || exit 1
rm -f "$dir"/report.*
$make OUT="$dir" KUNIT_CONFIGS=never-run first-report >"$dir.log" 2>&1
rc=$?
check "make first-report exits 0" '[ $rc -eq 0 ]'
check "it says where the report is and what is pending" \
	'grep -q "first report: $dir/report.md $dir/report.html (pending: kunit" "$dir.log"'
check "the report is written, dated 1970 so that make writes it again" \
	'[ -s "$dir/report.md" ] && [ "$(stat -c %Y "$dir/report.json")" -eq 0 ]'
check "KUnit is pending in it, and mureport complete refuses it" \
	'grep -q "^- \*\*First report\*\*" "$dir/report.md" &&
	 ! "$mureport" complete "$dir/report.json" 2>/dev/null'
$make OUT="$dir" "$dir/report.json" >>"$dir.log" 2>&1
rc=$?
check "the whole report's make writes it again: the real report's bytes" \
	'[ $rc -eq 0 ] && cmp -s "$dir/report.json" "$out/report.json" &&
	 cmp -s "$dir/report.md" "$out/report.md" &&
	 "$mureport" complete "$dir/report.json"'
cp "$dir/report.json" "$dir.whole"
$make OUT="$dir" first-report >>"$dir.log" 2>&1
rc=$?
check "with every section made, first-report writes nothing" \
	'[ $rc -eq 0 ] && cmp -s "$dir/report.json" "$dir.whole" &&
	 [ "$(stat -c %Y "$dir/report.json")" -ne 0 ]'
[ $fails -eq 0 ] || tail -n 20 "$dir.log"
echo "$((n - fails)) passed, $fails failed"
[ $fails -eq 0 ]
