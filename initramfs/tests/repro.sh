#!/bin/sh
# Same inputs, same bytes: build the guest image twice, with the inputs'
# mtimes changed in between, and compare.
#
# usage: repro.sh GEN_INIT_CPIO BUILD_DIR IMAGE [LISTS]
# LISTS: the image's lists (default the standard image's), ':'-separated
set -eu
gen=$1 build=$2 image=$3
here=$(dirname "$0")/..
lists=${4:-$here/files.list:$here/payload.list}
work=$build/tests/repro
rm -rf "$work" && mkdir -p "$work"
cp "$image" "$work/first.cpio"
"$here/mkinitramfs.sh" "$gen" "$lists" "$build" "$work/second.cpio"
# A new mtime on an input must not change the bytes; the old one comes
# back after, or every image and boot that depends on init would be
# rebuilt by the next make for nothing.
touch -r "$here/init" "$work/init.mtime"
trap 'touch -r "$work/init.mtime" "$here/init"; rm -rf "$work"' EXIT
touch "$here/init"
sleep 1
"$here/mkinitramfs.sh" "$gen" "$lists" "$build" "$work/third.cpio"
cmp "$work/first.cpio" "$work/second.cpio"
cmp "$work/second.cpio" "$work/third.cpio"
echo "identical: $(sha256sum <"$work/third.cpio" | cut -c1-16) ($(stat -c %s "$work/third.cpio") bytes)"
