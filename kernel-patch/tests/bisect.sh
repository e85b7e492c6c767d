#!/bin/sh
# Every prefix of the series builds and boots in every variant.  The full
# series is what make builds; for each shorter prefix the later patches are
# reversed in the source tree, one at a time, and each variant is rebuilt
# in a scratch copy of its object folder kept from one prefix to the next
# (kbuild then recompiles only what that patch touches) and booted with the
# guest image; the series is put back, whatever happens.
#
# usage: bisect.sh SRCTREE PATCH_DIR BUILD_BASE_DIR WORKDIR ARCH IMAGE \
#                  INITRAMFS QEMU VARIANT...
set -eu
src=$1 dir=$2 base=$3 work=$4 arch=$5 image=$6 initrd=$7 qemu=$8
shift 8
here=$(cd "$(dirname "$0")/.." && pwd)
patches=$(sed -e 's/#.*//' "$dir/series")
n=$(echo $patches | wc -w)
reversed=
restore() {
	for p in $reversed; do
		patch -d "$src" -p1 -s -f -N <"$dir/$p" >/dev/null
	done
	reversed=
}
trap restore EXIT
rm -rf "$work" && mkdir -p "$work"
k=$n
for p in $(echo $patches | tr ' ' '\n' | tac); do
	[ $k -gt 1 ] || break
	patch -d "$src" -p1 -s -f -R <"$dir/$p" >/dev/null
	reversed="$p $reversed"
	k=$((k - 1))
	for v in "$@"; do
		# A folder the kernel cache gave names another clone's paths:
		# seeded from it, every prefix would compile everything.
		if [ ! -d "$work/$v" ] && [ -e "$base/$v/kcache.restored" ]; then
			mkdir -p "$work/$v"
			cp "$base/$v/.config" "$work/$v/.config"
		fi
		[ -d "$work/$v" ] || "$here/seed-objdir.sh" "$base/$v" "$work/$v"
		if ! make -C "$src" O="$work/$v" ARCH="$arch" -j"$(nproc)" \
			olddefconfig "$(basename "$image")" >"$work/$v.log" 2>&1; then
			tail -n 15 "$work/$v.log" >&2
			echo "FAIL: the first $k patch(es) do not build in $v" >&2
			exit 1
		fi
		"$here/../initramfs/boot-guest.sh" "$v-first-$k" "$work/$v/$image" \
			"$initrd" "$work/$v.out" 120 tcg "$qemu" ||
			{ echo "FAIL: the first $k patch(es) do not boot in $v" >&2; exit 1; }
		echo "first $k of $n patch(es): $v builds and boots"
		rm -rf "$work/$v.out"
	done
done
restore
rm -rf "$work"
