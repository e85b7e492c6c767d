#!/bin/sh
# checkpatch.pl --strict on every patch of the series (no error, no warning;
# CHECKs only if the patch's message justifies them) and --no-tree -f on
# our own C (no error).
#
# usage: checkpatch.sh CHECKPATCH_PL PATCH_DIR C_FILE...
set -eu
cp=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") dir=$2
shift 2
# spdxcheck.py needs python3-ply, which Debian installs for /usr/bin/python3.
PATH=/usr/bin:$PATH
fails=0
# From inside the patch folder: run at the top of our own git work tree,
# checkpatch mistakes the committed .patch files for the files they add.
for p in $(sed -e 's/#.*//' "$dir/series"); do
	out=$(cd "$dir" && "$cp" --strict "$p" 2>&1) || true
	total=$(echo "$out" | grep '^total:')
	case $total in
	"total: 0 errors, 0 warnings, 0 checks,"*) echo "clean: $p" ;;
	"total: 0 errors, 0 warnings,"*)
		echo "$out" | grep -A3 '^CHECK' >&2
		grep -qi 'checkpatch' "$dir/$p" || {
			echo "FAIL: $p has CHECKs its message does not justify" >&2
			fails=$((fails + 1))
		} ;;
	*)
		echo "$out" | grep -A3 '^\(ERROR\|WARNING\)' >&2
		echo "FAIL: $p: $total" >&2
		fails=$((fails + 1)) ;;
	esac
done
# The cover letter (git format-patch --cover-letter) names every patch of
# the series, and its count.
n=$(sed -e 's/#.*//' "$dir/series" | grep -c .)
cl=$dir/0000-cover-letter.patch
if ! grep -q "^Subject: \[\(RFC \)\?PATCH 0/$n\] " "$cl" 2>/dev/null; then
	echo "FAIL: $cl missing or not [PATCH 0/$n]" >&2
	fails=$((fails + 1))
fi
for p in $(sed -e 's/#.*//' "$dir/series"); do
	subj=$(sed -n 's/^Subject: \[\(RFC \)\?PATCH [0-9]*\/[0-9]*\] //p' "$dir/$p")
	grep -qF "  $subj" "$cl" 2>/dev/null || {
		echo "FAIL: the cover letter does not list '$subj'" >&2
		fails=$((fails + 1))
	}
done
for f in "$@"; do
	out=$("$cp" --no-tree -f "$f" 2>&1) || true
	if echo "$out" | grep -q '^ERROR'; then
		echo "$out" | grep -A3 '^ERROR' >&2
		echo "FAIL: $f has checkpatch errors" >&2
		fails=$((fails + 1))
	fi
done
[ $fails -eq 0 ] && echo "$# C files without checkpatch errors"
