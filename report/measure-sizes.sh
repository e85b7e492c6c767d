#!/bin/sh
# Host-side size measurements for the report, with the kernel's own tools:
# scripts/bloat-o-meter for each pair, size -A of each vmlinux and its
# bzImage byte count.
#
# usage: measure-sizes.sh SRCTREE BUILD_DIR IMAGE SIZES_DIR FROM:TO...
set -eu
src=$1 build=$2 image=$3 dir=$4
shift 4
rm -rf "$dir.tmp" && mkdir -p "$dir.tmp"
one() {
	[ -r "$build/$1/vmlinux" ] || { echo "sizes: no $build/$1/vmlinux" >&2; exit 1; }
	size -A "$build/$1/vmlinux" | awk '$1 ~ /^\./ { print $1, $2 }' >"$dir.tmp/$1.size"
	stat -c %s "$build/$1/$image" >"$dir.tmp/$1.bzimage"
}
for pair in "$@"; do
	a=${pair%%:*} b=${pair#*:}
	one "$a"
	one "$b"
	"$src/scripts/bloat-o-meter" "$build/$a/vmlinux" "$build/$b/vmlinux" \
		>"$dir.tmp/$a--$b.bloat"
done
rm -rf "$dir" && mv "$dir.tmp" "$dir"
