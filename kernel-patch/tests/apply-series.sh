#!/bin/sh
# apply-series.sh on a small scratch tree: a series applies once, a changed
# series is reversed and re-applied, a patch that does not apply stops with
# its name.
#
# usage: apply-series.sh WORKDIR
set -eu
work=$1
apply=$(cd "$(dirname "$0")/.." && pwd)/apply-series.sh
rm -rf "$work" && mkdir -p "$work/tree" "$work/p"
printf 'one\ntwo\nthree\n' >"$work/tree/file"
cp -r "$work/tree" "$work/a"
cd "$work"
sed 's/two/TWO/' a/file >b
diff -u a/file b | sed '1s|.*|--- a/file|; 2s|.*|+++ b/file|' >p/0001-two.patch || true
sed 's/three/THREE/' a/file >b
diff -u a/file b | sed '1s|.*|--- a/file|; 2s|.*|+++ b/file|' >p/0002-three.patch || true
sed 's/one/XXX/; s/four/FOUR/' a/file >b
printf 'one\ntwo\nthree\n' >c
printf 'nine\nten\n' >d
diff -u c d | sed '1s|.*|--- a/file|; 2s|.*|+++ b/file|' >p/0003-bad.patch || true

fail() { echo "FAIL: $*" >&2; exit 1; }
echo 0001-two.patch >p/series
"$apply" tree p || fail "series of one did not apply"
grep -qx TWO tree/file || fail "patch 1 not applied"
printf '0001-two.patch\n0002-three.patch\n' >p/series
"$apply" tree p || fail "series of two did not apply over the first"
[ "$(tr '\n' ' ' <tree/file)" = "one TWO THREE " ] || fail "tree is '$(cat tree/file)'"
echo 0003-bad.patch >>p/series
if "$apply" tree p 2>err; then fail "a bad patch was accepted"; fi
grep -q '0003-bad.patch does not apply' err || fail "error does not name the patch: $(cat err)"
: >p/series
"$apply" tree p 2>err || fail "empty series failed: $(cat err)"
[ "$(tr '\n' ' ' <tree/file)" = "one two three " ] || fail "empty series left '$(cat tree/file)'"
echo "series applied, changed, rejected and emptied as expected"
cd / && rm -rf "$work"
