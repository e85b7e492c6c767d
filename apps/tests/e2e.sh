#!/bin/sh
# Scenarios as the guests ran them, checked against facts measured by hand
# on these kernels: on nomultiuser busybox id exits 1 with "can't get
# groups", su to nobody fails with "can't set groups: Function not
# implemented", chown 1000:1000 succeeds while ls -ln shows 0 0; on
# multiuser all three behave as on any Linux; on nomultiuser-strict tar,
# chown -R and install -o fail with EINVAL.  Also: every scenario of
# every variant ran (KTAP plan matched, end line present).
#
# An image without a glibc userland (MU_GLIBC=0: an architecture Debian
# 12 has no binaries for) must skip every glibc scenario, naming the
# program.
#
# usage: e2e.sh OUT_DIR SRCTREE VARIANT...
set -eu
out=$1 src=$2
shift 2
sec=$(dirname "$0")/../../initramfs/section.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fails=0
fail() { echo "FAIL: $*" >&2; fails=$((fails + 1)); }

for v in "$@"; do
	"$sec" "$out/$v/results.txt" apps >"$work/$v.ktap"
	tail -n 1 "$work/$v.ktap" | grep -qx '# apps end' || fail "$v: no end line"
	python3 "$src/tools/testing/kunit/kunit.py" parse "$work/$v.ktap" \
		>"$work/$v.parse" 2>&1 || true
	! grep -E '\[(ERROR|CRASHED)\]' "$work/$v.parse" || fail "$v: KTAP errors"
done
if grep -n '^not ok' "$work/multiuser.ktap"; then
	fail "multiuser: the scenarios above differ from stock Linux on the baseline"
fi
has() { # VARIANT ID KEY TEXT
	grep -qF "# $2 $3=$4" "$work/$1.ktap" ||
		fail "$1: $2 has no $3 '$4': $(grep "^# $2 $3=" "$work/$1.ktap" | head -n 2 | tr '\n' '|')"
}
has nomultiuser apps.busybox.id exit 1
has nomultiuser apps.busybox.id stderr "id: can't get groups"
has nomultiuser apps.busybox.su_nobody stderr "su: can't set groups: Function not implemented"
has nomultiuser apps.busybox.chown exit 0
has nomultiuser apps.busybox.chown state "ls -ln f | awk '{ print \$3, \$4 }' => 0 0"
has multiuser apps.busybox.id exit 0
has multiuser apps.busybox.su_nobody exit 0
has multiuser apps.busybox.su_nobody stdout "uid=65534(nobody)"
has multiuser apps.busybox.chown state "ls -ln f | awk '{ print \$3, \$4 }' => 1000 1000"
has nomultiuser apps.privdrop.careless stdout "STILL ROOT: reads a mode-000 root file"
has multiuser apps.privdrop.careless stdout "dropped: setuid(0) fails, root's file is refused"
glibc=${MU_GLIBC:-1}
if [ "$glibc" = 0 ]; then
	for v in "$@"; do
		# (or first for what the kernel lacks, as on any image)
		n=$(grep -c '^ok [0-9]* apps\.glibc\.[A-Za-z0-9_]* # SKIP the image has no /glibc/bin/' "$work/$v.ktap" || true)
		k=$(grep -c '^ok [0-9]* apps\.glibc\.[A-Za-z0-9_]* # SKIP kernel lacks ' "$work/$v.ktap" || true)
		all=$(grep -c '^\(not \)\{0,1\}ok [0-9]* apps\.glibc\.' "$work/$v.ktap" || true)
		[ "$n" -gt 0 ] && [ $((n + k)) = "$all" ] ||
			fail "$v: $n of $all glibc scenarios skipped for a program the image lacks, $k for the kernel"
	done
	[ $fails -eq 0 ] || exit 1
	echo "no glibc userland in this image: its scenarios skipped, naming the program"
fi
# The strict trade-off: what nomultiuser accepts silently fails loudly.
[ "$glibc" = 0 ] || has nomultiuser apps.glibc.tar_same_owner exit 0
[ "$glibc" = 0 ] || has nomultiuser apps.glibc.tar_same_owner state "/glibc/bin/stat -c %u:%g dst/etc/app.conf => 0:0"
if [ "$glibc" = 1 ] && [ -e "$work/nomultiuser-strict.ktap" ]; then
	has nomultiuser-strict apps.glibc.tar_same_owner exit 2
	has nomultiuser-strict apps.glibc.tar_same_owner stderr \
		"/glibc/bin/tar: etc/app.conf: Cannot change ownership to uid 1000, gid 1000: Invalid argument"
	has nomultiuser-strict apps.glibc.chown_R_pkg exit 1
	has nomultiuser-strict apps.glibc.install_o stderr \
		"/glibc/bin/install: cannot change ownership of 'dst': Invalid argument"
fi
[ $fails -eq 0 ] || exit 1
for v in "$@"; do
	printf '%s: %s scenarios, %s as on stock Linux\n' "$v" \
		"$(grep -c '^\(not \)\{0,1\}ok ' "$work/$v.ktap")" \
		"$(grep -c '^ok ' "$work/$v.ktap")"
done
