#!/bin/sh
# Build the guest cpio from a declarative list with usr/gen_init_cpio.
#
# usage: mkinitramfs.sh GEN_INIT_CPIO LIST[:LIST...] BUILD_DIR OUT.cpio
#
# List lines: TYPE GUEST-PATH HOST-SOURCE MODE (@B@ is the build folder)
#   dir      a folder
#   nod      a device node; source is TYPE:MAJOR:MINOR
#   file     a file
#   elf      a dynamic program or library, plus every shared library it
#            needs, as the host's loader resolves them (ldd), at the same
#            paths in the guest
#   tree     every file under a host folder, modes as in the source tree
#   applets  a link to the busybox at SOURCE for each of its applets
# Parent folders are added as needed.
#
# No root and no fakeroot: gen_init_cpio writes owners and modes from the
# list.  It copies each file's mtime, so files are staged with mtime 0 and
# every entry gets timestamp 0: the same inputs give the same bytes.
set -eu
gen=$1 list=$2 build=$3 out=$4
stage=$out.stage
rm -rf "$stage" "$out" "$out.tmp"
mkdir -p "$stage"
: >"$stage/dirs"
n=0

parents() { # PATH: emit a dir entry for each missing parent
	local p=${1%/*}
	[ -n "$p" ] || return 0
	grep -qxF "$p" "$stage/dirs" && return 0
	parents "$p"
	echo "$p" >>"$stage/dirs"
	echo "dir $p 0755 0 0"
}

put_file() { # GUEST HOST MODE
	[ -r "$2" ] || {
		echo "initramfs: $where: cannot read $2 for $1" >&2
		exit 1
	}
	grep -qxF "$1" "$stage/files" 2>/dev/null && return 0
	echo "$1" >>"$stage/files"
	parents "$1"
	s=$stage/$(grep -c '' "$stage/files")
	cp "$2" "$s"
	touch -d @0 "$s"
	echo "file $1 $s $3 0 0"
}

for l in $(echo "$list" | tr : ' '); do
[ -r "$l" ] || { echo "initramfs: cannot read list $l" >&2; exit 1; }
line=0
while read -r type path src mode; do
	line=$((line + 1))
	case $type in ''|'#'*) continue ;; esac
	where="$l:$line"
	src=$(printf '%s' "$src" | sed "s|@B@|$build|g")
	case $type in
	dir)
		parents "$path"
		if ! grep -qxF "$path" "$stage/dirs"; then
			echo "$path" >>"$stage/dirs"
			echo "dir $path $mode 0 0"
		fi ;;
	nod)
		parents "$path"
		echo "nod $path $mode 0 0 $(echo "$src" | tr : ' ')" ;;
	file)
		put_file "$path" "$src" "$mode" ;;
	elf)
		put_file "$path" "$src" "$mode"
		ldd "$src" 2>/dev/null | sed -n 's/.*=> \(\/[^ ]*\).*/\1/p; s/^[[:space:]]*\(\/[^ ]*\) (0x.*/\1/p' |
		LC_ALL=C sort -u | while read -r lib; do
			put_file "$lib" "$(readlink -f "$lib")" 0755
		done ;;
	tree)
		[ -d "$src" ] || { echo "initramfs: $where: no folder $src" >&2; exit 1; }
		(cd "$src" && find . -type f | LC_ALL=C sort) | while read -r f; do
			f=${f#./}
			m=$(stat -c %a "$src/$f")
			put_file "$path/$f" "$src/$f" "0$m"
		done ;;
	applets)
		"$src" --list-full | LC_ALL=C sort | while read -r a; do
			[ "/$a" = "$src" ] && continue
			parents "/$a"
			echo "slink /$a $src 0777 0 0"
		done ;;
	*)
		echo "initramfs: $where: unknown type '$type'" >&2
		exit 1 ;;
	esac
done <"$l"
done >"$stage/list"
"$gen" -t 0 "$stage/list" >"$out.tmp"
mv "$out.tmp" "$out"
rm -rf "$stage"
