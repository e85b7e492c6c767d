#!/bin/sh
# End to end: both variants booted and reported; what they reported shows
# the pipeline really built what it says (getgroups works on multiuser and
# is ENOSYS on nomultiuser, as observed in the guest); a second boot of the
# same kernel and image reports the same bytes.
#
# usage: e2e.sh OUT_DIR BUILD_DIR KERNEL_OF_nomultiuser IMAGE QEMU KVER
set -eu
out=$1 build=$2 kernel=$3 image=$4 qemu=$5 kver=$6
here=$(dirname "$0")/..
fail() { echo "FAIL: $*" >&2; exit 1; }

for v in multiuser nomultiuser; do
	"$here/section.sh" "$out/$v/results.txt" kernel >/dev/null
	"$here/section.sh" "$out/$v/results.txt" kernel |
		grep -q "^uname_r=$(echo "$kver" | sed 's/\./\\./g')\\." ||
		fail "$v: guest did not report a $kver uname -r"
	"$here/section.sh" "$out/$v/results.txt" kernel | grep -q '^memory=' ||
		fail "$v: guest did not report its Memory: line"
done
ret() { "$here/section.sh" "$out/$1/results.txt" probe |
	sed -n "s/^# groups.getgroups_count ret=//p"; }
m=$(ret multiuser) n=$(ret nomultiuser)
case $m in [0-9]*) ;; *) fail "multiuser: getgroups(0, NULL) returned '$m'" ;; esac
[ "$n" = "-1 ENOSYS" ] || fail "nomultiuser: getgroups(0, NULL) returned '$n', not ENOSYS"
echo "getgroups: multiuser $m, nomultiuser $n"

again=$build/tests/again
rm -rf "$again"
"$here/boot-guest.sh" nomultiuser "$kernel" "$image" "$again" 120 \
	"$(cat "$out/nomultiuser/accel")" "$qemu"
cmp "$out/nomultiuser/results.txt" "$again/results.txt" ||
	fail "two boots of the same kernel and image reported different bytes"
echo "second boot: identical results ($(grep -c '' "$again/results.txt") lines)"
rm -rf "$again"
