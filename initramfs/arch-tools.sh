#!/bin/sh
# What the guests of one architecture are built with: a static musl C
# compiler (OUT/musl-gcc), a static busybox (OUT/busybox) and its applets
# (OUT/busybox.applets, "bin/sh" lines as busybox --list-full prints).
#
# usage: arch-tools.sh DEBARCH CROSS SOURCE OUT
#   SOURCE host: the host's musl-tools and busybox-static (the host's
#                architecture only)
#          deb:  Debian's musl-dev and busybox-static .debs for DEBARCH,
#                fetched with an apt state of their own under OUT/apt and
#                unpacked into OUT/root: nothing is installed into the
#                host, whose dpkg architectures stay as they are
#          src:  where Debian 12 has no such binaries (riscv64): musl and
#                busybox built with CROSS from the source packages the
#                host's Debian release has (apt-get source with an apt
#                state of their own, Debian's patches applied), busybox
#                with Debian's own busybox-static configuration
#
# The applets of a foreign busybox cannot be listed by running it here:
# the host's busybox-static of the same upstream version has the same
# configuration (Debian builds one for every architecture), so its list
# is used, and a version mismatch is an error, not a guess.
set -eu
debarch=$1 cross=$2 source=$3 out=$4
rm -f "$out/.ok"
mkdir -p "$out"
out=$(cd "$out" && pwd)
die() { echo "arch-tools: $debarch: $*" >&2; exit 1; }

host_applets() {
	[ -x /bin/busybox ] || die "no /bin/busybox (busybox-static) to list applets"
	/bin/busybox --list-full | LC_ALL=C sort >"$out/busybox.applets.tmp"
	[ -s "$out/busybox.applets.tmp" ] || die "/bin/busybox lists no applets"
	mv "$out/busybox.applets.tmp" "$out/busybox.applets"
}
upstream() { echo "$1" | sed 's/^[0-9]*://; s/-[^-]*$//'; }
# The applets of a busybox of Debian version $1: the host's, when the
# upstream versions agree (Debian's configuration is the same).
foreign_applets() {
	ours=$(dpkg-query -W -f='${Version}' busybox-static 2>/dev/null) ||
		die "the host has no busybox-static to list applets"
	[ "$(upstream "$1")" = "$(upstream "$ours")" ] ||
		die "busybox $1 for $debarch, $ours on the host: cannot list its applets"
	host_applets
}

# An apt state of our own under OUT/apt-TYPE (initramfs/apt-state.sh).
. "$(dirname "$0")/apt-state.sh"
own_apt() { # TYPE
	apt_state "$out/apt-$1" "$debarch" "$1" "$out/apt.log" ||
		die "apt-get update failed; see $out/apt.log"
}

case $source in
host)
	command -v musl-gcc >/dev/null || die "no musl-gcc (musl-tools)"
	printf '#!/bin/sh\nexec musl-gcc "$@"\n' >"$out/musl-gcc"
	cp /bin/busybox "$out/busybox"
	host_applets ;;
deb)
	command -v "${cross}gcc" >/dev/null || die "no ${cross}gcc"
	mkdir -p "$out/debs"
	# _apt downloads into OUT: it must be able to enter it.
	chmod 755 "$out" "$out/debs"
	own_apt deb
	# shellcheck disable=SC2086
	(cd "$out/debs" && apt-get $apt download musl musl-dev busybox-static \
		>>"$out/apt.log" 2>&1) ||
		{ tail -n 5 "$out/apt.log" >&2; die "apt-get download failed; see $out/apt.log"; }
	rm -rf "$out/root"
	mkdir -p "$out/root"
	for p in musl musl-dev busybox-static; do
		f=$(ls -t "$out/debs/${p}_"*"_$debarch.deb" | head -n 1)
		dpkg-deb -x "$f" "$out/root"
		echo "$p $(dpkg-deb -f "$f" Version)"
	done >"$out/packages"
	specs=$(ls "$out"/root/usr/lib/*-linux-musl/musl-gcc.specs 2>/dev/null | head -n 1)
	[ -n "$specs" ] || die "musl-dev has no musl-gcc.specs"
	triplet=$(basename "$(dirname "$specs")")
	sed "s|/usr/include/$triplet|$out/root/usr/include/$triplet|g; s|/usr/lib/$triplet|$out/root/usr/lib/$triplet|g" \
		"$specs" >"$out/musl-gcc.specs"
	printf '#!/bin/sh\nexec %sgcc -specs="%s" "$@"\n' "$cross" \
		"$out/musl-gcc.specs" >"$out/musl-gcc"
	cp "$out/root/bin/busybox" "$out/busybox"
	foreign_applets "$(sed -n 's/^busybox-static //p' "$out/packages")" ;;
src)
	command -v "${cross}gcc" >/dev/null || die "no ${cross}gcc"
	command -v dpkg-source >/dev/null || die "no dpkg-source (dpkg-dev)"
	mkdir -p "$out/src"
	chmod 755 "$out" "$out/src"
	own_apt deb-src
	# shellcheck disable=SC2086
	(cd "$out/src" && apt-get $apt source --download-only musl busybox \
		>>"$out/apt.log" 2>&1) ||
		{ tail -n 5 "$out/apt.log" >&2; die "apt-get source failed; see $out/apt.log"; }
	jobs=$(nproc)
	for p in musl busybox; do
		dsc=$(ls -t "$out/src/${p}_"*.dsc | head -n 1)
		rm -rf "$out/src/$p"
		dpkg-source -x "$dsc" "$out/src/$p" >>"$out/build.log" 2>&1 ||
			die "dpkg-source -x $dsc failed; see $out/build.log"
		echo "$p $(sed -n 's/^Version: //p' "$dsc")"
	done >"$out/packages"
	(cd "$out/src/musl" && ./configure --target="${cross%-}" \
		CROSS_COMPILE="$cross" --prefix="$out/musl" --disable-shared &&
		make -j"$jobs" && make install) >>"$out/build.log" 2>&1 ||
		{ tail -n 10 "$out/build.log" >&2; die "musl did not build; see $out/build.log"; }
	[ -x "$out/musl/bin/musl-gcc" ] || die "musl installed no musl-gcc wrapper"
	printf '#!/bin/sh\nexec "%s" "$@"\n' "$out/musl/bin/musl-gcc" >"$out/musl-gcc"
	# Debian's busybox-static: its configuration, glibc's static libc.
	(cd "$out/src/busybox" &&
		cat debian/config/os/linux debian/config/pkg/static >.config &&
		yes "" | make CROSS_COMPILE="$cross" oldconfig >/dev/null &&
		make CROSS_COMPILE="$cross" -j"$jobs" busybox) >>"$out/build.log" 2>&1 ||
		{ tail -n 10 "$out/build.log" >&2; die "busybox did not build; see $out/build.log"; }
	cp "$out/src/busybox/busybox" "$out/busybox"
	foreign_applets "$(sed -n 's/^busybox //p' "$out/packages")" ;;
*)
	die "unknown source '$source' (host, deb, src)" ;;
esac
chmod 755 "$out/musl-gcc"
# The compiler works and makes a static program of the architecture.
printf 'int main(void) { return 0; }\n' >"$out/t.c"
"$out/musl-gcc" -static -o "$out/t" "$out/t.c" 2>"$out/cc.log" ||
	{ cat "$out/cc.log" >&2; die "$out/musl-gcc cannot build a program"; }
rm -f "$out/t" "$out/t.c" "$out/cc.log"
touch "$out/.ok"
