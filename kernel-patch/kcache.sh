#!/bin/sh
# A built kernel's object folder, kept outside the clone under a key of
# everything that decides what kbuild makes of it: the tree (the tarball
# and the patches applied to it), the .config, the target, the compilers,
# assemblers and linkers (their binaries, not their names) and the
# KBUILD_BUILD_* values that make the build reproducible.  ccache keeps
# each object; a warm kernel still costs 100 to 400 CPU-s here in forks
# (kbuild's shell, fixdep and objtool per object), which is most of what
# make check spends (docs/performance.md).  A folder found under its key is
# what the build would make again: the key leaves nothing else to differ.
#
# usage: kcache.sh key TREEID KOBJ TARGET       print the key
#        kcache.sh get DIR KEY KOBJ              restore; exit 1 if absent
#        kcache.sh put DIR KEY KOBJ MAXMB        store, then keep DIR under MAXMB
#
# CROSS_COMPILE (empty for the host's architecture) names the toolchain.
set -eu
die() { echo "kcache: $*" >&2; exit 2; }

# Every program kbuild runs that writes into the image, resolved to its
# file: a changed compiler under the same name is another key.  The
# drivers are ccache's links; cc1 and the binutils are the programs.
tools() {
	for cc in "${CROSS_COMPILE:-}gcc" gcc; do
		command -v "$cc" >/dev/null || die "no $cc"
		readlink -f "$($cc -print-prog-name=cc1)"
	done
	for b in as ld objcopy nm ar strip; do
		t=$(command -v "${CROSS_COMPILE:-}$b") || die "no ${CROSS_COMPILE:-}$b"
		readlink -f "$t"
	done
}

case ${1:-} in
key)
	[ $# -eq 4 ] || die "usage: kcache.sh key TREEID KOBJ TARGET"
	treeid=$2 kobj=$3 target=$4
	[ -s "$treeid" ] || die "$treeid: no tree id"
	[ -s "$kobj/.config" ] || die "$kobj/.config: missing"
	{
		echo "muprobe kcache 1 $target"
		cat "$treeid"
		env | grep '^KBUILD_BUILD_' | LC_ALL=C sort
		"${CROSS_COMPILE:-}gcc" --version | head -n 1
		gcc --version | head -n 1
		tools | LC_ALL=C sort -u | xargs sha256sum
		grep -v '^#' "$kobj/.config"
	} | sha256sum | cut -c1-32 ;;
get)
	[ $# -eq 4 ] || die "usage: kcache.sh get DIR KEY KOBJ"
	dir=$2 key=$3 kobj=$4
	f=$dir/$key.tar.zst
	[ -f "$f" ] || exit 1
	# The folder becomes the one kept, not a mix of it and an older build;
	# its .config is the same (it is in the key), its make stamp stays.
	rm -rf "$kobj.kcache"
	mkdir -p "$kobj.kcache"
	zstd -q -d -c "$f" | tar -C "$kobj.kcache" -x ||
		{ rm -rf "$kobj.kcache" "$f"; die "$f: unreadable, removed; building"; }
	[ ! -e "$kobj/.config.ok" ] || cp -p "$kobj/.config.ok" "$kobj.kcache/"
	rm -rf "$kobj"
	mv "$kobj.kcache" "$kobj"
	touch "$f"
	echo "$key" >"$kobj/kcache.key"
	# Its .cmd files name the folders it was built in: a kbuild run here
	# (or in a copy) finds none of them and compiles everything again.
	echo "$key" >"$kobj/kcache.restored" ;;
put)
	[ $# -eq 5 ] || die "usage: kcache.sh put DIR KEY KOBJ MAXMB"
	dir=$2 key=$3 kobj=$4 max=$5
	mkdir -p "$dir"
	tar -C "$kobj" --sort=name --exclude=./.build.ok --exclude=./.config.ok \
		--exclude=./kcache.key --exclude=./kcache.restored -c . | zstd -q -1 -T0 >"$dir/$key.tar.zst.$$" ||
		{ rm -f "$dir/$key.tar.zst.$$"; die "cannot write $dir"; }
	mv "$dir/$key.tar.zst.$$" "$dir/$key.tar.zst"
	echo "$key" >"$kobj/kcache.key"
	# The least recently used go first.
	total=$(du -sm "$dir" | cut -f1)
	ls -tr "$dir"/*.tar.zst | while read -r f; do
		[ "$total" -gt "$max" ] || break
		total=$((total - $(du -m "$f" | cut -f1)))
		rm -f "$f"
	done ;;
*)
	die "usage: kcache.sh key|get|put ..." ;;
esac
