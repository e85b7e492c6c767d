#!/bin/sh
# The corpus's Debian packages, unpacked into the build folder: every
# "package" line of apps/corpus/*.prog and what those packages depend on
# (the libraries the programs load), downloaded with apt-get download and
# unpacked with dpkg-deb -x.  Nothing is installed into the host's root and
# no maintainer script runs: the guest's users and configuration come from
# the corpus files.
#
# usage: fetch.sh CORPUS_DIR OUT_DIR
#   OUT_DIR/debs/      the .deb files (kept: a second run downloads nothing)
#   OUT_DIR/root/      every package unpacked
#   OUT_DIR/packages   "package version" of each, sorted
#   OUT_DIR/info/      PACKAGE.list: its files, as dpkg's own lists
set -eu
corpus=$1
mkdir -p "$2"
out=$(cd "$2" && pwd)
mkdir -p "$out/debs"
want=$(sed -n 's/^package[[:space:]]\+//p' "$corpus"/*.prog | tr ' ' '\n' |
	LC_ALL=C sort -u)
[ -n "$want" ] || { echo "corpus: no 'package' line in $corpus/*.prog" >&2; exit 1; }
# A fresh machine may have no package lists yet: fetch them once, as root.
for p in $want; do
	apt-cache show "$p" >/dev/null 2>&1 && continue
	[ "$(id -u)" = 0 ] || break
	echo "corpus: '$p' unknown to apt; apt-get update"
	apt-get update -qq >"$out/update.log" 2>&1 || {
		tail -n 5 "$out/update.log" >&2
		echo "corpus: apt-get update failed; see $out/update.log" >&2
		exit 1
	}
	break
done
for p in $want; do
	apt-cache show "$p" >/dev/null 2>&1 || {
		echo "corpus: package '$p' (named in $(grep -l "^package.*\b$p\b" "$corpus"/*.prog | head -n 1)) is unknown to apt; run apt-get update" >&2
		exit 1
	}
done
# Depends and Pre-Depends only: what the programs need to load and run.
apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts \
	--no-breaks --no-replaces --no-enhances $want 2>/dev/null |
	grep -v '^[[:space:]<]' | LC_ALL=C sort -u >"$out/closure.tmp"
# An exact version, so that the same archive state gives the same files.
apt-cache policy $(cat "$out/closure.tmp") | awk '
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
	echo "corpus: downloading$(echo $need | wc -w | sed 's/^/ /') package(s)"
	# _apt must be able to write there, or apt warns and runs unsandboxed.
	chmod 755 "$out" "$out/debs"
	(cd "$out/debs" && apt-get download -q $need >"$out/download.log" 2>&1) || {
		tail -n 5 "$out/download.log" >&2
		echo "corpus: apt-get download failed; see $out/download.log" >&2
		exit 1
	}
fi
if ! cmp -s "$out/packages.tmp" "$out/packages" || [ ! -d "$out/root" ] ||
    [ ! -d "$out/info" ]; then
	rm -rf "$out/root.tmp" "$out/info"
	mkdir -p "$out/root.tmp" "$out/info"
	while read -r p v; do
		f=$(ls "$out/debs/${p}_$(echo "$v" | sed 's/:/%3a/')_"*.deb | head -n 1)
		[ -n "$f" ] || { echo "corpus: no .deb of $p $v in $out/debs" >&2; exit 1; }
		dpkg-deb -x "$f" "$out/root.tmp"
		dpkg-deb -c "$f" | awk '{ print $6 }' |
			sed 's|^\./|/|; s|/$||; /^$/d' >"$out/info/$p.list"
	done <"$out/packages.tmp"
	rm -rf "$out/root"
	mv "$out/root.tmp" "$out/root"
fi
mv "$out/packages.tmp" "$out/packages"
echo "corpus: $(grep -c '' "$out/packages") package(s) unpacked in $out/root"
