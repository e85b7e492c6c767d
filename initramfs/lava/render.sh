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
# no lab has as a device type.  LAVA_DTB, a file beside the kernel, is the
# board's device tree: U-Boot's booti wants one on arm64.  The qemu job's architecture and console
# come from LAVA_QEMU_ARCH and LAVA_CONSOLE (default amd64, ttyS0).
set -eu
kver=$1 base=$2 name=$3 url=$4 out=$5 kernel=$6
here=$(dirname "$0")
case $name in *[!a-z0-9-]*|'') echo "lava: bad variant name '$name'" >&2; exit 2 ;; esac
# Names go into YAML and sed unquoted: LAVA's own names are such words.
word() { # WHAT VALUE
	case $2 in
	*[!A-Za-z0-9._-]*|'')
		echo "lava: $1 '$2' is not a word of letters, digits, '.', '_' and '-'" >&2
		exit 2 ;;
	esac
}
word KVER "$kver"
word BASE "$base"
word KERNEL "$kernel"
dtype=${LAVA_DEVICE_TYPE:-REPLACE-device-type}
arch=${LAVA_ARCH:-REPLACE-arch}
ktype=${LAVA_KERNEL_TYPE:-REPLACE-kernel-type}
word LAVA_DEVICE_TYPE "$dtype"
word LAVA_ARCH "$arch"
word LAVA_KERNEL_TYPE "$ktype"
qarch=${LAVA_QEMU_ARCH:-amd64} console=${LAVA_CONSOLE:-ttyS0}
word LAVA_QEMU_ARCH "$qarch"
word LAVA_CONSOLE "$console"
# A URL holds only what RFC 3986 allows unescaped; it reaches the job as
# a single-quoted YAML scalar (' doubled), through sed (\, | and & escaped).
case $url in
*[!A-Za-z0-9._~:/?#@!\$\&\'\(\)*+,\;=%-]*|'')
	echo "lava: URL '$url' has a character a URL cannot carry unescaped (percent-encode it)" >&2
	exit 2 ;;
esac
yq() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/''/g")" | sed 's/[\\|&]/\\&/g'; }
kurl=$(yq "$url/$kernel")
rurl=$(yq "$url/initramfs.cpio")
dtb=
if [ -n "${LAVA_DTB:-}" ]; then
	word LAVA_DTB "$LAVA_DTB"
	dtb="    dtb:\\n      url: $(yq "$url/$LAVA_DTB")"
fi
for f in job-qemu.yaml.in job-board.yaml.in tests.yaml.in; do
	[ -r "$here/$f" ] || { echo "lava: cannot read $here/$f" >&2; exit 2; }
done
mkdir -p "$out"
render() { # TEMPLATE OUT
	sed -e "/^@TESTS@$/{r $here/tests.yaml.in" -e 'd}' \
	    -e "s|@NAME@|$name|g; s|@KVER@|$kver|g; s|@BASE@|$base|g" \
	    -e "s|@KERNEL_URL@|$kurl|g; s|@RAMDISK_URL@|$rurl|g" \
	    -e "s|@DEVICE_TYPE@|$dtype|g; s|@ARCH@|$arch|g; s|@KERNEL_TYPE@|$ktype|g" \
	    -e "s|@QEMU_ARCH@|$qarch|g; s|@CONSOLE@|$console|g" \
	    -e "/^@DTB@$/{s|^@DTB@$|$dtb|;/^$/d}" \
	    "$here/$1" >"$2.tmp"
	if grep -n '@[A-Z_]*@' "$2.tmp" >&2; then
		echo "lava: $1: placeholder left unrendered" >&2
		exit 1
	fi
	mv "$2.tmp" "$2"
}
render job-qemu.yaml.in "$out/job-qemu.yaml"
render job-board.yaml.in "$out/job-board.yaml"
