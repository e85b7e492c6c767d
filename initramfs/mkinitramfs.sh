#!/bin/sh
# Build the guest cpio from a declarative list with usr/gen_init_cpio.
#
# usage: mkinitramfs.sh GEN_INIT_CPIO LIST[:LIST...] BUILD_DIR OUT.cpio
#
# List lines: TYPE GUEST-PATH HOST-SOURCE MODE (@B@ is the build folder,
# @MULTIARCH@ the architecture's triplet, $MU_MULTIARCH)
#   dir      a folder
#   nod      a device node; source is TYPE:MAJOR:MINOR
#   file     a file
#   elf      a dynamic program or library, plus every shared library it
#            needs, as the host's loader resolves them (ldd), at the same
#            paths in the guest
#   distelf  a program of the distribution: as elf, the host's own; with
#            $MU_ELF_ROOT (another architecture's root of unpacked Debian
#            packages), SOURCE is a path in that root (merged /usr: /bin
#            and /usr/bin are one) and its libraries are found there
#   tree     every file under a host folder, modes as in the source tree
#   debelf   a program or library of unpacked Debian packages: SOURCE is
#            that root, the file is ROOT/GUEST-PATH; its loader and
#            libraries as initramfs/elf-needs.py finds them in the root
#            (nothing runs: the root may be of another architecture),
#            each at its path inside the root
#   package  Debian packages the list's programs come from, for
#            initramfs/fetch-debs.sh; nothing in the image
#   debtree  every file and link under ROOT/GUEST-PATH (SOURCE is ROOT)
#   applets  a link to the busybox at GUEST-PATH for each applet SOURCE
#            lists ("usr/bin/env" lines, as busybox --list-full prints)
# Parent folders are added as needed.
#
# No root and no fakeroot: gen_init_cpio writes owners and modes from the
# list.  It copies each file's mtime, so files are staged with mtime 0 and
# every entry gets timestamp 0: the same inputs give the same bytes.
set -eu
gen=$1 list=$2 build=$3 out=$4
here=$(cd "$(dirname "$0")" && pwd)
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

in_root() { # ROOT PATH: ROOT/PATH with every link resolved inside ROOT
	local f=$2 t n=0
	while [ -L "$1$f" ]; do
		n=$((n + 1))
		[ $n -lt 40 ] || { echo "initramfs: $where: link loop at $1$2" >&2; exit 1; }
		t=$(readlink "$1$f")
		case $t in /*) f=$t ;; *) f=${f%/*}/$t ;; esac
	done
	echo "$1$f"
}

put_elf() { # GUEST HOST MODE: a host program at GUEST, its libraries
	put_file "$1" "$2" "$3"
	ldd "$2" 2>/dev/null | sed -n 's/.*=> \(\/[^ ]*\).*/\1/p; s/^[[:space:]]*\(\/[^ ]*\) (0x.*/\1/p' |
	LC_ALL=C sort -u | while read -r lib; do
		put_file "$lib" "$(readlink -f "$lib")" 0755
	done
}

put_debelf() { # GUEST ROOT PATH MODE: ROOT/PATH at GUEST, its libraries
	# "-": the mode the package gives it, set-id bits included.
	m=$4
	[ "$m" != - ] || m=0$(stat -c %a "$(in_root "$2" "$3")")
	put_file "$1" "$(in_root "$2" "$3")" "$m"
	# Its loader and libraries, as paths in ROOT; not in a pipe: a
	# failure must end the script.
	"$here/elf-needs.py" "$2" "$3" >"$stage/libs" 2>"$stage/needs.err" || {
		echo "initramfs: $where: $(tail -n 1 "$stage/needs.err")" >&2
		exit 1
	}
	while read -r lib; do
		put_file "$lib" "$(in_root "$2" "$lib")" 0755
	done <"$stage/libs"
}

for l in $(echo "$list" | tr : ' '); do
[ -r "$l" ] || { echo "initramfs: cannot read list $l" >&2; exit 1; }
line=0
while read -r type path src mode; do
	line=$((line + 1))
	case $type in ''|'#'*) continue ;; esac
	where="$l:$line"
	src=$(printf '%s' "$src" | sed "s|@B@|$build|g")
	case $path$src in *@MULTIARCH@*)
		[ -n "${MU_MULTIARCH:-}" ] ||
			{ echo "initramfs: $where: @MULTIARCH@ without MU_MULTIARCH" >&2; exit 1; }
		path=$(printf '%s' "$path" | sed "s|@MULTIARCH@|$MU_MULTIARCH|g")
		src=$(printf '%s' "$src" | sed "s|@MULTIARCH@|$MU_MULTIARCH|g") ;;
	esac
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
	package)
		;;
	distelf)
		if [ -n "${MU_ELF_ROOT:-}" ]; then
			[ -d "$MU_ELF_ROOT" ] || { echo "initramfs: $where: no root $MU_ELF_ROOT" >&2; exit 1; }
			r=$(cd "$MU_ELF_ROOT" && pwd)
			# Merged /usr (Debian 12): /usr/bin/id is coreutils' /bin/id.
			[ -e "$(in_root "$r" "$src")" ] || case $src in
				/usr/*) src=${src#/usr} ;;
				*) src=/usr$src ;;
			esac
			put_debelf "$path" "$r" "$src" "$mode"
		else
			put_elf "$path" "$src" "$mode"
		fi ;;
	elf)
		put_elf "$path" "$src" "$mode" ;;
	debelf)
		put_debelf "$path" "$(cd "$src" && pwd)" "$path" "$mode" ;;
	debtree)
		[ -d "$src$path" ] || { echo "initramfs: $where: no folder $src$path" >&2; exit 1; }
		(cd "$src" && find ".$path" \( -type f -o -type l \) | LC_ALL=C sort) |
		while read -r f; do
			f=${f#.}
			if [ -L "$src$f" ]; then
				parents "$f"
				echo "slink $f $(readlink "$src$f") 0777 0 0"
			else
				put_file "$f" "$src$f" "0$(stat -c %a "$src$f")"
			fi
		done ;;
	tree)
		[ -d "$src" ] || { echo "initramfs: $where: no folder $src" >&2; exit 1; }
		(cd "$src" && find . -type f | LC_ALL=C sort) | while read -r f; do
			f=${f#./}
			m=$(stat -c %a "$src/$f")
			put_file "$path/$f" "$src/$f" "0$m"
		done ;;
	applets)
		[ -s "$src" ] || { echo "initramfs: $where: no applet list $src" >&2; exit 1; }
		LC_ALL=C sort "$src" | while read -r a; do
			[ "/$a" = "$path" ] && continue
			parents "/$a"
			echo "slink /$a $path 0777 0 0"
		done ;;
	*)
		echo "initramfs: $where: unknown type '$type'" >&2
		exit 1 ;;
	esac
done <"$l"
done >"$stage/list"
# A program of a later list replaces a busybox applet at the same path (the
# guest kernel would keep the last entry; cpio -i the first): one entry.
awk 'NR == FNR { f[$0] = 1; next } !($1 == "slink" && ($2 in f))' \
	"$stage/files" "$stage/list" >"$stage/list.1"
"$gen" -t 0 "$stage/list.1" >"$out.tmp"
mv "$out.tmp" "$out"
rm -rf "$stage"
