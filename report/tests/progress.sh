#!/bin/sh
# report/progress.sh on commands that stand in for a kernel build, a
# package install and kunit.py: its lines, its estimate, its exit status.
#
# usage: progress.sh PROGRESS
set -u
p=$1 w=$(mktemp -d)
fails=0 n=0
check() {
	n=$((n + 1))
	if eval "$2"; then echo "ok $n $1"; else echo "not ok $n $1"; fails=$((fails + 1)); fi
}
printf '  CC a.o\n  CC b.o\n  LD x\n  CC c.o\n  CC d.o\n' >"$w/ref.log"
rc=0
MU_PROGRESS_EVERY=1 MU_T0=0 "$p" "build x, objects compiled" "$w/build.log" \
	--lines '^  CC ' "$w/ref.log" "$w/missing.log" -- \
	sh -c 'echo "  CC a.o"; sleep 3; echo "  CC b.o"; sleep 2; exit 3' \
	>"$w/out" 2>&1 || rc=$?
check "the command's exit status" '[ $rc -eq 3 ]'
check "the command's output is in the log" \
	'[ "$(cat "$w/build.log")" = "$(printf "  CC a.o\n  CC b.o")" ]'
check "lines of make's form, the whole from the largest reference" \
	'grep -Eq "^\[ *[0-9]+\.[0-9]s\] build x, objects compiled: 1 of ~4, under a minute left$" "$w/out" &&
	 ! grep -v "^\[" "$w/out"'
# A new machine's awk is mawk (gawk comes later with the packages), and
# deps is the first stage that prints an estimate.
mkdir -p "$w/bin" && ln -s "$(command -v mawk)" "$w/bin/awk"
MU_PROGRESS_EVERY=1 MU_T0=0 PATH="$w/bin:$PATH" "$p" "build x, objects compiled" \
	"$w/build.log" --lines '^  CC ' "$w/ref.log" -- \
	sh -c 'echo "  CC a.o"; sleep 3' >"$w/out" 2>&1
check "the estimate with Debian's default awk, mawk" \
	'grep -Eq "build x, objects compiled: 1 of ~4, under a minute left$" "$w/out" &&
	 ! grep -v "^\[" "$w/out"'
MU_PROGRESS_EVERY=1 "$p" "deps, packages set up" "$w/apt.log" --lines '^Setting up ' 200 -- \
	sh -c 'echo "Setting up a"; sleep 3' >"$w/out" 2>&1
# The minutes depend on how late the loaded machine's first look comes:
# 199 lines left at 1 line in 2 s or more is at least 6 minutes.
check "a number as the whole: minutes left from the rate so far" \
	'grep -Eq "deps, packages set up: 1 of ~200, ~([6-9]|[1-9][0-9]+) min left$" "$w/out"'
mkdir -p "$w/objs"
MU_PROGRESS_EVERY=1 "$p" "kunit y, objects" "$w/kunit.log" --objects "$w/objs" -- \
	sh -c "touch $w/objs/a.o; sleep 3" >"$w/out" 2>&1
check "objects under a folder, no whole: the count alone" \
	'grep -q "kunit y, objects: 1 so far$" "$w/out"'
rc=0; "$p" "z" "$w/z.log" --words x -- true >"$w/out" 2>&1 || rc=$?
check "a bad mode is named, exit 2" '[ $rc -eq 2 ] && grep -q "progress.sh: z: --words: not --lines or --objects" "$w/out"'
rm -rf "$w"
echo "$((n - fails)) passed, $fails failed"
[ $fails -eq 0 ]
