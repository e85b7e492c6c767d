#!/bin/sh
# Debian packages unpacked into the build folder: every "package" line of
# the FILEs (apps/corpus/*.prog, initramfs/payload-glibc.list) and what
# those packages depend on (the libraries the programs load), downloaded
# with apt-get download and unpacked with dpkg-deb -x.  Nothing is
# installed into the host's root and no maintainer script runs: the
# guest's users and configuration come from the project's files.  For the
# host's own architecture the host's package lists are used; for another,
# an apt state of its own under OUT_DIR/apt (initramfs/apt-state.sh), so
# that the host's dpkg architectures stay as they are.
#
# usage: fetch-debs.sh OUT_DIR DEBARCH FILE...
#   OUT_DIR/debs/      the .deb files (kept: a second run downloads nothing)
#   OUT_DIR/root/      every package unpacked
#   OUT_DIR/packages   "package version" of each, sorted
#   OUT_DIR/info/      PACKAGE.list: its files, as dpkg's own lists
set -eu
[ $# -ge 3 ] || { echo "usage: fetch-debs.sh OUT_DIR DEBARCH FILE..." >&2; exit 2; }
mkdir -p "$1"
out=$(cd "$1" && pwd)
debarch=$2
shift 2
mkdir -p "$out/debs"
want=$(sed -n 's/^package[[:space:]]\+//p' "$@" | tr ' \t' '\n\n' | sed '/^$/d' |
	LC_ALL=C sort -u)
[ -n "$want" ] || { echo "fetch: no 'package' line in $*" >&2; exit 1; }
# The wanted packages apt has no candidate for, in one call: apt-cache
# show takes unknown names without failing, and each apt-cache run costs
# about a CPU-second here (it loads the whole package cache).
unknown() {
	# shellcheck disable=SC2086 # options without spaces
	apt-cache $apt policy $want 2>/dev/null | awk '
		/^[^ ]/ { p = $1; sub(/:$/, "", p) }
		/^  Candidate:/ && $2 != "(none)" { print p }' |
		LC_ALL=C sort -u >"$out/known.tmp"
	echo "$want" | LC_ALL=C comm -23 - "$out/known.tmp"
	rm -f "$out/known.tmp"
}
apt=
if [ "$debarch" != "$(dpkg --print-architecture)" ]; then
	. "$(dirname "$0")/apt-state.sh"
	chmod 755 "$out"
	apt_state "$out/apt" "$debarch" deb "$out/update.log" || {
		echo "fetch: apt-get update for $debarch failed; see $out/update.log" >&2
		exit 1
	}
fi
missing=$(unknown)
# A fresh machine may have no package lists yet: fetch them once, as root.
if [ -n "$missing" ] && [ -z "$apt" ] && [ "$(id -u)" = 0 ]; then
	echo "fetch: '$(echo "$missing" | head -n 1)' unknown to apt; apt-get update"
	apt-get update -qq >"$out/update.log" 2>&1 || {
		tail -n 5 "$out/update.log" >&2
		echo "fetch: apt-get update failed; see $out/update.log" >&2
		exit 1
	}
	missing=$(unknown)
fi
p=$(echo "$missing" | head -n 1)
[ -z "$p" ] || {
	echo "fetch: package '$p' (named in $(grep -l "^package.*\b$p\b" "$@" | head -n 1)) is unknown to apt for $debarch; run apt-get update" >&2
	exit 1
}
# Depends and Pre-Depends only: what the programs need to load and run.
# shellcheck disable=SC2086
apt-cache $apt depends --recurse --no-recommends --no-suggests --no-conflicts \
	--no-breaks --no-replaces --no-enhances $want 2>/dev/null |
	grep -v '^[[:space:]<]' | LC_ALL=C sort -u >"$out/closure.tmp"
# An exact version, so that the same archive state gives the same files.
# shellcheck disable=SC2086
apt-cache $apt policy $(cat "$out/closure.tmp") | awk '
	/^[^ ]/ { p = $1; sub(/:$/, "", p) }
	/^  Candidate:/ && $2 != "(none)" { print p, $2 }' |
	LC_ALL=C sort >"$out/packages.tmp"
rm -f "$out/closure.tmp"
# apt-get download names a file PACKAGE_VERSION_ARCH.deb, the epoch's
# colon written %3a.
need=
while read -r p v; do
	ls "$out/debs/${p}_$(echo "$v" | sed 's/:/%3a/')_"*.deb >/dev/null 2>&1 ||
		need="$need $p=$v"
done <"$out/packages.tmp"
if [ -n "$need" ]; then
	echo "fetch: downloading$(echo $need | wc -w | sed 's/^/ /') package(s)"
	# _apt must be able to write there, or apt warns and runs unsandboxed.
	chmod 755 "$out" "$out/debs"
	# shellcheck disable=SC2086
	(cd "$out/debs" && apt-get $apt download -q $need >"$out/download.log" 2>&1) || {
		tail -n 5 "$out/download.log" >&2
		echo "fetch: apt-get download failed; see $out/download.log" >&2
		exit 1
	}
fi
if ! cmp -s "$out/packages.tmp" "$out/packages" || [ ! -d "$out/root" ] ||
    [ ! -d "$out/info" ]; then
	rm -rf "$out/root.tmp" "$out/info"
	mkdir -p "$out/root.tmp" "$out/info"
	while read -r p v; do
		f=$(ls "$out/debs/${p}_$(echo "$v" | sed 's/:/%3a/')_"*.deb | head -n 1)
		[ -n "$f" ] || { echo "fetch: no .deb of $p $v in $out/debs" >&2; exit 1; }
		dpkg-deb -x "$f" "$out/root.tmp"
		dpkg-deb -c "$f" | awk '{ print $6 }' |
			sed 's|^\./|/|; s|/$||; /^$/d' >"$out/info/$p.list"
	done <"$out/packages.tmp"
	rm -rf "$out/root"
	mv "$out/root.tmp" "$out/root"
fi
mv "$out/packages.tmp" "$out/packages"
echo "fetch: $(grep -c '' "$out/packages") $debarch package(s) unpacked in $out/root"
