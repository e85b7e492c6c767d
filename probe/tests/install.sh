#!/bin/sh
# make install and uninstall into a scratch DESTDIR: every file where
# PREFIX says, each architecture's binaries static and of that
# architecture, the host's linked into bin and running, the pages found by
# man through MANPATH, and uninstall leaving nothing behind.
#
# usage: install.sh MAKE HOST_ARCH ARCH...
#   MAKE      the make command, split at spaces (no quoting inside)
#   ARCH...   the architectures to install (INSTALL_ARCHS)
set -eu
make=$1 host=$2
shift 2
fail() { echo "FAIL: $*" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# readelf's name of each architecture's machine.
machine() {
	case $1 in
	x86_64) echo 'Advanced Micro Devices X86-64' ;;
	arm64) echo AArch64 ;;
	riscv64) echo RISC-V ;;
	*) fail "no machine name for $1" ;;
	esac
}

for prefix in /usr/local /opt/mu; do
	d=$work/dest
	$make DESTDIR="$d" PREFIX="$prefix" INSTALL_ARCHS="$*" install >"$work/log" 2>&1 ||
		fail "make install PREFIX=$prefix: $(tail -n 3 "$work/log")"
	p=$d$prefix
	for a; do
		for t in muprobe murun; do
			f=$p/lib/muprobe/$a/$t
			[ -x "$f" ] || fail "$f not installed"
			readelf -h "$f" | grep -q "Machine: *$(machine "$a")\$" ||
				fail "$f is not an $a binary"
			! readelf -l "$f" | grep -q INTERP ||
				fail "$f is not static"
		done
	done
	if [ -n "$host" ]; then
		for t in muprobe murun; do
			[ "$(readlink -f "$p/bin/$t")" = "$(readlink -f "$p/lib/muprobe/$host/$t")" ] ||
				fail "$p/bin/$t does not lead to the $host binary"
			"$p/bin/$t" --help | grep -q "^usage: $t" ||
				fail "installed $t --help has no usage line"
		done
	fi
	"$p/bin/mureport" --help | grep -q '^usage: mureport' ||
		fail "installed mureport --help has no usage line"
	for t in muprobe murun mureport; do
		[ "$(MANPATH=$p/share/man man -w "$t")" = "$p/share/man/man1/$t.1" ] ||
			fail "man -w $t does not find $p/share/man/man1/$t.1"
	done
	[ -r "$p/share/doc/muprobe/formats.md" ] || fail "formats.md not installed"
	# Nothing outside PREFIX.
	outside=$(cd "$d" && find . ! -type d | grep -v "^\.$prefix/" || true)
	[ -z "$outside" ] || fail "installed outside $prefix: $outside"
	n=$(find "$d" ! -type d | wc -l)
	# A second install over the first changes nothing.
	$make DESTDIR="$d" PREFIX="$prefix" INSTALL_ARCHS="$*" install >"$work/log" 2>&1 ||
		fail "second make install: $(tail -n 3 "$work/log")"
	[ "$(find "$d" ! -type d | wc -l)" = "$n" ] || fail "second install changed the file count"
	$make DESTDIR="$d" PREFIX="$prefix" INSTALL_ARCHS="$*" uninstall >"$work/log" 2>&1 ||
		fail "make uninstall: $(tail -n 3 "$work/log")"
	left=$(find "$d" ! -type d)
	[ -z "$left" ] || fail "uninstall left: $left"
	rm -rf "$d"
	echo "PREFIX=$prefix: $n files, $* static binaries, pages found by man, uninstall clean"
done
