#!/bin/sh
# The probe and the scenarios on the build host, bare and under murun
# (--mode=nomultiuser, then --mode=compat), framed like a guest's results
# so that mureport reads them the same way.
# The scenarios rewrite /etc, so they run in a chroot of the guest image,
# never on the host's own files.  Only /proc is mounted there; the few
# device nodes the scenarios need are made with mknod, so nothing of the
# host's /dev is ever inside the folder that is removed afterwards.
#
# usage: host-run.sh MUPROBE MURUN IMAGE.cpio OUT_DIR
set -eu
probe=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
murun=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
image=$(cd "$(dirname "$3")" && pwd)/$(basename "$3")
out=$4
root=$(mktemp -d)
[ "$(id -u)" = 0 ] || echo "host-run: not root: the scenarios (chroot) are skipped" >&2
cleanup() {
	umount -l "$root/proc" 2>/dev/null || true
	if mountpoint -q "$root/proc"; then
		echo "host-run: $root/proc still mounted; left in place" >&2
		return
	fi
	rm -rf --one-file-system "$root"
}
trap cleanup EXIT
"$(dirname "$0")/../initramfs/unpack-root.sh" "$image" "$root"
[ "$(id -u)" != 0 ] || mount -t proc proc "$root/proc"

run() { # NAME [MURUN_OPTION...]: bare without options, else under murun
	name=$1
	shift
	rm -rf "$out/$name" "$out/$name.tmp"
	mkdir -p "$out/$name.tmp"
	{
		echo "@@ muprobe-guest 1"
		echo "@@ begin probe"
		rc=0
		if [ $# -gt 0 ]; then
			(cd /tmp && "$murun" "$@" -- "$probe") || rc=$?
		else
			(cd /tmp && "$probe") || rc=$?
		fi
		echo "@@ end probe rc=$rc"
		if [ "$(id -u)" = 0 ]; then
			echo "@@ begin apps"
			rc=0
			if [ $# -gt 0 ]; then
				chroot "$root" /bin/murun "$@" -- /apps/run \
					/apps/scenarios /etc.pristine || rc=$?
			else
				chroot "$root" /apps/run /apps/scenarios \
					/etc.pristine || rc=$?
			fi
			echo "@@ end apps rc=$rc"
		fi
		echo "@@ done"
	} >"$out/$name.tmp/results.txt" 2>"$out/$name.tmp/stderr.txt"
	mv "$out/$name.tmp" "$out/$name"
}
run host-bare
for mode in nomultiuser compat; do
	run "host-murun-$mode" "--mode=$mode"
done
