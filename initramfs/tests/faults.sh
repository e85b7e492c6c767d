#!/bin/sh
# The runner must turn every broken guest into a one-line error naming the
# variant and stage, leave no results behind, and never hang.  Each case
# boots the real kernel with a guest image whose /init misbehaves.
#
# usage: faults.sh GEN_INIT_CPIO KERNEL BUILD_DIR QEMU
set -eu
gen=$1 kernel=$2 build=$3 qemu=$4
here=$(cd "$(dirname "$0")/.." && pwd)
work=$build/tests/faults
rm -rf "$work" && mkdir -p "$work"
fails=0

image() { # NAME INIT-BODY
	mkdir -p "$work/$1"
	printf '#!/bin/sh\nmount -t devtmpfs d /dev\n%s\n' "$2" >"$work/$1/init"
	cat >"$work/$1/list" <<EOL
dir	/bin	-	0755
dir	/dev	-	0755
nod	/dev/console	c:5:1	0600
file	/init	$work/$1/init	0755
file	/bin/busybox	$build/../tools/busybox	0755
applets	/bin/busybox	$build/../tools/busybox.applets	-
EOL
	"$here/mkinitramfs.sh" "$gen" "$work/$1/list" "$build" "$work/$1.cpio"
}

expect() { # NAME TIMEOUT PATTERN
	out=$work/out/$1
	if "$here/boot-guest.sh" "fault-$1" "$kernel" "$work/$1.cpio" "$out" \
		"$2" tcg "$qemu" 2>"$work/$1.err"; then
		echo "FAIL: $1: accepted as a good run" >&2
		fails=$((fails + 1))
	elif ! head -n 1 "$work/$1.err" | grep -q "^boot: fault-$1: .*$3"; then
		echo "FAIL: $1: wrong error: $(head -n 1 "$work/$1.err")" >&2
		fails=$((fails + 1))
	elif [ -e "$out" ]; then
		echo "FAIL: $1: left results in $out" >&2
		fails=$((fails + 1))
	else
		echo "ok: $1: $(head -n 1 "$work/$1.err")"
	fi
}

image panic 'exit 1'
image hang 'sleep 1000'
image garbage 'printf "\001\002\377garbage\n" >/dev/ttyS1; reboot -f'
image truncated 'printf "@@ muprobe-guest 1\n@@ begin probe\nKTAP version 1\n1..9\n" >/dev/ttyS1; reboot -f'
image silent 'reboot -f'

expect panic 60 'kernel panic'
expect hang 8 'timed out after 8s'
expect garbage 60 'garbage'
expect truncated 60 'truncated'
expect silent 60 'reported nothing'
[ $fails -eq 0 ] || exit 1
rm -rf "$work"
