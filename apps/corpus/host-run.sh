#!/bin/sh
# The corpus on the build host, bare and under murun (--mode=nomultiuser,
# then --mode=compat), framed like a guest's results so that mureport reads
# them the same way.  Each run is a chroot of the corpus image in new
# mount, PID and network namespaces: the daemons bind the loopback of a
# network of their own, never the host's, and the runner rewrites the
# image's /etc, never the host's.  Only /proc and /tmp are mounted there;
# the device nodes are made with mknod, nothing of the host's /dev.
#
# usage: host-run.sh IMAGE.cpio OUT_DIR
# Not root: nothing runs, and each run's results say why.
set -eu
image=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
out=$2
mkdir -p "$out"
root=$(mktemp -d)
cleanup() {
	rm -rf --one-file-system "$root"
}
trap cleanup EXIT

run() { # NAME MODE
	rm -rf "$out/$1" "$out/$1.tmp"
	mkdir -p "$out/$1.tmp"
	{
		echo "@@ muprobe-guest 1"
		echo "@@ begin corpus"
		rc=0
		if [ "$(id -u)" != 0 ]; then
			echo "# corpus: host runs need root (chroot, namespaces)"
			rc=1
		else
			# The namespaces' first process stays a shell: it
			# inherits what the daemons leave behind.
			unshare --mount --pid --net --fork --kill-child sh -c '
				r=$1
				shift
				mount -t proc proc "$r/proc" &&
				mount -t tmpfs tmpfs "$r/tmp" &&
				chroot "$r" /bin/busybox ip link set lo up &&
				chroot "$r" "$@"
			' sh "$root" /bin/murun --mode="$2" --trace \
				--output=/tmp/murun.trace -- env \
				MU_CORPUS_TRACE=/tmp/murun.trace \
				/apps/corpus/run /apps/corpus || rc=$?
		fi
		echo "@@ end corpus rc=$rc"
		echo "@@ done"
	} >"$out/$1.tmp/results.txt" 2>"$out/$1.tmp/stderr.txt"
	mv "$out/$1.tmp" "$out/$1"
}

"$(dirname "$0")/../../initramfs/unpack-root.sh" "$image" "$root"
run host-bare native
for mode in nomultiuser compat; do
	run "host-murun-$mode" "$mode"
done
