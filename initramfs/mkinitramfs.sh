#!/bin/sh
# Build the guest cpio from files.list with the kernel's usr/gen_init_cpio.
#
# usage: mkinitramfs.sh GEN_INIT_CPIO LIST BUILD_DIR OUT.cpio
#
# No root and no fakeroot: gen_init_cpio writes owners and modes from the
# list.  It copies each file's mtime, so files are staged with mtime 0 and
# every entry gets timestamp 0: the same inputs give the same bytes.
set -eu
gen=$1 list=$2 build=$3 out=$4
stage=$out.stage
rm -rf "$stage" "$out" "$out.tmp"
mkdir -p "$stage"
n=0
while read -r type path src mode; do
	case $type in ''|'#'*) continue ;; esac
	n=$((n + 1))
	where="$list:$n"
	src=$(printf '%s' "$src" | sed "s|@B@|$build|g")
	case $type in
	dir)
		echo "dir $path $mode 0 0" ;;
	nod)
		echo "nod $path $mode 0 0 $(echo "$src" | tr : ' ')" ;;
	file)
		[ -r "$src" ] || {
			echo "initramfs: $where: cannot read $src for $path" >&2
			exit 1
		}
		s=$stage/$n
		cp "$src" "$s"
		touch -d @0 "$s"
		echo "file $path $s $mode 0 0" ;;
	applets)
		"$src" --list-full | LC_ALL=C sort | while read -r a; do
			[ "/$a" = "$src" ] && continue
			echo "slink ${path%/}/$a $src 0777 0 0"
		done ;;
	*)
		echo "initramfs: $where: unknown type '$type'" >&2
		exit 1 ;;
	esac
done <"$list" >"$stage.list"
"$gen" -t 0 "$stage.list" >"$out.tmp"
mv "$out.tmp" "$out"
rm -rf "$stage" "$stage.list"
