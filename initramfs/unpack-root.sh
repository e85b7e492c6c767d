#!/bin/sh
# A guest image unpacked on the host, for a chroot: the files, the folder
# opened to every user (the programs that become nobody must get in), and
# as root the few device nodes the programs open, made with mknod: nothing
# of the host's /dev is ever inside a folder that is removed afterwards.
#
# usage: unpack-root.sh IMAGE.cpio DIR   (as root; otherwise nothing)
set -eu
image=$1 root=$2
[ "$(id -u)" = 0 ] || exit 0
(cd "$root" && cpio -idm --quiet) <"$image"
chmod 755 "$root"
for n in null:1:3 zero:1:5 urandom:1:9 random:1:8 tty:5:0; do
	rm -f "$root/dev/${n%%:*}"
	mknod -m 666 "$root/dev/${n%%:*}" c $(echo "${n#*:}" | tr : ' ')
done
