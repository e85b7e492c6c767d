#!/bin/sh
# The Debian guest: a small Debian 12 system with systemd as PID 1, as one
# initramfs, made from the packages initramfs/fetch-debs.sh fetched, with
# no chroot, no maintainer script and nothing of the host's own root: the
# packages are unpacked into a merged /usr (as Debian 12 installs), then
# the few steps their maintainer scripts would take are taken here, each
# below with why, and what only a running system can do (users, host
# keys) is left to its first boot, as systemd does it.
#
# usage: mkdebian.sh FETCH_DIR LIST OVERLAY GEN_INIT_CPIO OUT.cpio
#   FETCH_DIR  fetch-debs.sh's folder (its packages and debs/)
#   LIST       apps/debian/system.list ("enable" lines: units to enable,
#              "alternative" lines: update-alternatives' links)
#   OVERLAY    apps/debian/root: the project's files, copied over
#   MU_RESULTS (environment) the guest's results channel, ttyS1 or hvc0
# Files get mtime 0 and the entries are sorted: the same packages give the
# same bytes.
set -eu
[ $# -eq 5 ] || { echo "usage: mkdebian.sh FETCH_DIR LIST OVERLAY GEN_INIT_CPIO OUT.cpio" >&2; exit 2; }
fetch=$1 list=$2 overlay=$3 gen=$4 out=$5
# The packages' owners (/var/mail's group mail, crontab's group crontab)
# survive unpacking only as root.
[ "$(id -u)" = 0 ] || { echo "debian: the image needs root to keep the packages' owners" >&2; exit 1; }
[ -s "$fetch/packages" ] || { echo "debian: no $fetch/packages: run initramfs/fetch-debs.sh first" >&2; exit 1; }
[ -r "$list" ] || { echo "debian: cannot read list $list" >&2; exit 1; }
[ -d "$overlay" ] || { echo "debian: no overlay folder $overlay" >&2; exit 1; }
root=$out.root
rm -rf "$root" "$out" "$out.tmp" "$out.list"
mkdir -p "$root/usr/bin" "$root/usr/sbin" "$root/usr/lib" "$root/usr/lib64"
for d in bin sbin lib lib64; do ln -s "usr/$d" "$root/$d"; done

# Merged /usr: tar keeps the links above where a package names /bin.
while read -r p v; do
	f=$(ls "$fetch/debs/${p}_$(echo "$v" | sed 's/:/%3a/')_"*.deb 2>/dev/null | head -n 1)
	[ -n "$f" ] || { echo "debian: no .deb of $p $v in $fetch/debs" >&2; exit 1; }
	dpkg-deb --fsys-tarfile "$f" | tar -x --keep-directory-symlink -C "$root" ||
		{ echo "debian: cannot unpack $f" >&2; exit 1; }
done <"$fetch/packages"
# What a small image leaves out, as Debian's own minimal images do.
rm -rf "$root/usr/share/doc" "$root/usr/share/man" "$root/usr/share/info" \
	"$root/usr/share/locale" "$root/usr/share/lintian"

# base-passwd's postinst: the users and groups every Debian system has
# (systemd-sysusers adds the rest at first boot).  Empty password-change
# dates: a date would make each build differ, 0 would force a change.
cp "$root/usr/share/base-passwd/passwd.master" "$root/etc/passwd"
cp "$root/usr/share/base-passwd/group.master" "$root/etc/group"
awk -F: '{ print $1 ":*::0:99999:7:::" }' "$root/etc/passwd" >"$root/etc/shadow"
awk -F: '{ print $1 ":*::" }' "$root/etc/group" >"$root/etc/gshadow"
chmod 640 "$root/etc/shadow" "$root/etc/gshadow"
chgrp 42 "$root/etc/shadow" "$root/etc/gshadow"
# base-files' postinst: the shell start-up files; libc-bin's:
# nsswitch.conf.
cp "$root/usr/share/base-files/profile" "$root/etc/profile"
cp "$root/usr/share/libc-bin/nsswitch.conf" "$root/etc/nsswitch.conf"
mkdir -p "$root/root"
cp "$root/usr/share/base-files/dot.profile" "$root/root/.profile"
cp "$root/usr/share/base-files/dot.bashrc" "$root/root/.bashrc"
# debianutils' postinst (add-shell).
cp "$root/usr/share/debianutils/shells" "$root/etc/shells"
# libpam-runtime's postinst (pam-auth-update): the overlay's
# etc/pam.d/common-*.
# openssh-server's postinst writes sshd_config from its template.
cp "$root/usr/share/openssh/sshd_config" "$root/etc/ssh/sshd_config"
# systemd's postinst writes a random machine-id; a fixed one keeps the
# image the same from build to build.  Without one the boot would be a
# first boot, whose systemd-firstboot asks on the console for a locale, a
# time zone and a password, and waits there.
echo 6d7570726f62652d64656269616e3132 >"$root/etc/machine-id"
echo debian >"$root/etc/hostname"
: >"$root/etc/fstab"
cp -R "$overlay/." "$root/"
# deb-systemd-helper in the maintainer scripts; the host's systemctl only
# makes the links, inside the root.  SYSTEMCTL_SKIP_SYSV: no chroot into
# the root to run its update-rc.d (a program of the guest's architecture)
# for the init scripts, which systemd does not read beside a unit.
units=$(sed -n 's/^enable[[:space:]]\+//p' "$list" | tr ' \t' '\n\n' | sed '/^$/d')
units="$units ssh-hostkeys.service"
# shellcheck disable=SC2086 # unit names, no spaces
SYSTEMCTL_SKIP_SYSV=1 systemctl --root="$root" --quiet enable $units >"$out.enable.log" 2>&1 || {
	cat "$out.enable.log" >&2
	echo "debian: systemctl enable failed in $root" >&2
	exit 1
}
rm -f "$out.enable.log"
# The collector's channel (MU_RESULTS, muprobe.results=) is no terminal
# for logins.  Where it is a virtual console (hvc0 on arm64 and riscv64),
# systemd's getty generator starts a getty on it, whose vhangup() cut
# the collector off after its first lines; masked, no variant starts it.
[ -z "${MU_RESULTS:-}" ] ||
	ln -sfn /dev/null "$root/etc/systemd/system/serial-getty@$MU_RESULTS.service"
# update-alternatives in the maintainer scripts: the "alternative" lines.
sed -n 's/^alternative[[:space:]]\+//p' "$list" | while read -r link name path; do
	[ -e "$root$path" ] || { echo "debian: $list: alternative $name: no $path in the packages" >&2; exit 1; }
	mkdir -p "$root/etc/alternatives"
	ln -sfn "$path" "$root/etc/alternatives/$name"
	ln -sfn "/etc/alternatives/$name" "$root$link"
done
ln -s /usr/lib/muprobe/debian-init "$root/init"

# The cpio list: every entry with its owner and mode, console first (the
# kernel opens it for init's standard streams), /dev/null for the shell
# that starts the collector in the background (devtmpfs comes later).
find "$root" -exec touch -h -d @0 {} +
{
	echo "dir /dev 0755 0 0"
	echo "nod /dev/console 0600 0 0 c 5 1"
	echo "nod /dev/null 0666 0 0 c 1 3"
	(cd "$root" && find . -mindepth 1 ! -path ./dev ! -path './dev/*' \
		-printf '%p\t%y\t%m\t%U\t%G\t%l\n' | LC_ALL=C sort -t '	' -k1,1) |
	while IFS='	' read -r p y m u g l; do
		p=${p#.}
		case $y in
		d) echo "dir $p $m $u $g" ;;
		f) echo "file $p $root$p $m $u $g" ;;
		l) echo "slink $p $l 0777 $u $g" ;;
		*) echo "debian: $p: cannot put a file of type $y in the image" >&2; exit 1 ;;
		esac
	done
} >"$out.list"
"$gen" -t 0 "$out.list" >"$out.tmp"
mv "$out.tmp" "$out"
rm -rf "$root" "$out.list"
echo "debian: $(grep -c '' "$fetch/packages") packages, $(du -k "$out" | cut -f1) KiB in $out"
