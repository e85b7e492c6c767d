#!/bin/sh
# Same inputs, same bytes: build the guest image again, with every file of
# the project it takes given a new mtime, and compare it with make's.  One
# build, not two: equal bytes show both that a build repeats itself and
# that mtimes do not reach the image.
# The new mtimes are on copies: touching the shared sources would race
# with the other pairs of make check and make their images stale.
#
# usage: repro.sh GEN_INIT_CPIO BUILD_DIR IMAGE [LISTS]
# LISTS: the image's lists (default the standard image's), ':'-separated
set -eu
gen=$1 build=$2 image=$3
here=$(dirname "$0")/..
lists=${4:-$here/files.list:$here/payload.list}
work=$build/tests/repro
rm -rf "$work" && mkdir -p "$work/in"
trap 'rm -rf "$work"' EXIT
cp "$image" "$work/first.cpio"
# The lists again, each "file" of the project (a relative source) read
# from a copy made now.
sleep 1
copies=
for l in $(echo "$lists" | tr : ' '); do
	c=$work/in/list.$(echo "$copies" | wc -w)
	awk -F '\t' -v OFS='\t' -v w="$work/in" '
		$1 == "file" && $3 !~ /^\// && $3 !~ /@B@/ {
			system("mkdir -p \"" w "/$(dirname " $3 ")\" && cp \"" $3 "\" \"" w "/" $3 "\"")
			$3 = w "/" $3 }
		{ print }' "$l" >"$c"
	copies="$copies $c"
done
n=$(find "$work/in" -type f ! -name 'list.*' | wc -l)
[ "$n" -gt 0 ] || { echo "repro: no project file in $lists to copy" >&2; exit 1; }
"$here/mkinitramfs.sh" "$gen" "$(echo $copies | tr ' ' :)" "$build" "$work/second.cpio"
cmp "$work/first.cpio" "$work/second.cpio" ||
	{ echo "repro: $image and a build with new mtimes differ" >&2; exit 1; }
echo "identical: $(sha256sum <"$work/second.cpio" | cut -c1-16) ($(stat -c %s "$work/second.cpio") bytes), $n project files with new mtimes"
