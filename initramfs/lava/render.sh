#!/bin/sh
# Render the LAVA jobs of one variant (make lava): a qemu job and a board
# job, each with the probe's test shells.
#
# usage: render.sh KVER BASE VARIANT URL OUTDIR KERNEL
#
# OUTDIR gets job-qemu.yaml and job-board.yaml; the kernel (file name
# KERNEL, bzImage on x86) and initramfs.cpio are expected beside them and
# served under URL.
# Board placeholders come from LAVA_DEVICE_TYPE, LAVA_ARCH and
# LAVA_KERNEL_TYPE; unset, they stay visible as REPLACE-... words, which
# no lab has as a device type.
set -eu
kver=$1 base=$2 name=$3 url=$4 out=$5 kernel=$6
here=$(dirname "$0")
case $name in *[!a-z0-9-]*|'') echo "lava: bad variant name '$name'" >&2; exit 2 ;; esac
for f in job-qemu.yaml.in job-board.yaml.in tests.yaml.in; do
	[ -r "$here/$f" ] || { echo "lava: cannot read $here/$f" >&2; exit 2; }
done
mkdir -p "$out"
render() { # TEMPLATE OUT
	sed -e "/^@TESTS@$/{r $here/tests.yaml.in" -e 'd}' \
	    -e "s|@NAME@|$name|g; s|@KVER@|$kver|g; s|@BASE@|$base|g" \
	    -e "s|@KERNEL_URL@|$url/$kernel|g; s|@RAMDISK_URL@|$url/initramfs.cpio|g" \
	    -e "s|@DEVICE_TYPE@|${LAVA_DEVICE_TYPE:-REPLACE-device-type}|g" \
	    -e "s|@ARCH@|${LAVA_ARCH:-REPLACE-arch}|g" \
	    -e "s|@KERNEL_TYPE@|${LAVA_KERNEL_TYPE:-REPLACE-kernel-type}|g" \
	    "$here/$1" >"$2.tmp"
	if grep -n '@[A-Z_]*@' "$2.tmp" >&2; then
		echo "lava: $1: placeholder left unrendered" >&2
		exit 1
	fi
	mv "$2.tmp" "$2"
}
render job-qemu.yaml.in "$out/job-qemu.yaml"
render job-board.yaml.in "$out/job-board.yaml"
