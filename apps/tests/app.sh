#!/bin/sh
# make app: a dynamic glibc program (util-linux setpriv) dropping to nobody,
# run in every variant; the summary must show what each guest saw, with
# the identity calls murun traced there (and none with TRACE=0).  A bad
# APP must give a one-line error and exit 2.  Hostile ARGS reach the
# program as the guest's sh splits them and never run on the host.
#
# usage: app.sh OUT   (from the project root; runs make, which writes OUT)
set -eu
appout=$1
out=$(make -s --no-print-directory app APP=/usr/bin/setpriv \
	ARGS='--reuid=65534 --regid=65534 --clear-groups id -u' 2>&1)
echo "$out" | tail -n 12
fail() { echo "FAIL: $*" >&2; exit 1; }
echo "$out" | grep -q '^multiuser  *exit 0$' || fail "multiuser did not exit 0"
echo "$out" | grep -q '^nomultiuser  *exit 127$' || fail "nomultiuser did not exit 127"
echo "$out" | grep -q '^+stderr: setpriv: .*Function not implemented' ||
	fail "no ENOSYS diff for nomultiuser"
grep -qx 'stdout: 65534' "$appout/multiuser.txt" || fail "multiuser did not become 65534"
grep -qx 'call: setuid(65534) = 0 (kernel)' "$appout/multiuser.txt" ||
	fail "multiuser: murun did not trace setuid(65534) = 0"
grep -qx 'call: capget(ptr, ptr) = -1 ENOSYS (kernel)' "$appout/nomultiuser.txt" ||
	fail "nomultiuser: murun did not trace capget's ENOSYS"
out=$(make -s --no-print-directory app TRACE=0 APP=/usr/bin/setpriv \
	ARGS='--reuid=65534 --regid=65534 --clear-groups id -u' 2>&1)
echo "$out" | grep -q '^nomultiuser  *exit 127$' || fail "TRACE=0: nomultiuser did not exit 127"
! grep -q '^call:' "$appout/multiuser.txt" || fail "TRACE=0 still traced"
if err=$(make -s --no-print-directory app APP=/nonexistent 2>&1); then
	fail "a missing APP was accepted"
fi
echo "$err" | grep -q '^app: /nonexistent is not an executable file$' ||
	fail "bad APP error: $err"

# Hostile ARGS: quotes, spaces, ';' and '$(...)' reach the program as the
# guest's sh splits them, and nothing of them runs on the host.
mark=/tmp/muprobe-app-host-ran.$$
rm -f "$mark" "$mark.2"
hostile="'[%s]\n' 'a\"b' 'c d' '\$(touch $mark)' ';' 'e'\\''f' x; touch $mark.2"
out=$(make -s --no-print-directory app TRACE=0 VARIANTS=multiuser \
	APP=/usr/bin/printf "ARGS=$hostile" 2>&1) || fail "hostile ARGS: make app failed: $out"
[ ! -e "$mark" ] && [ ! -e "$mark.2" ] || fail "hostile ARGS ran on the host"
want='stdout: [a"b]
stdout: [c d]
stdout: [$(touch '"$mark"')]
stdout: [;]
stdout: [e'"'"'f]
stdout: [x]'
got=$(grep '^stdout: ' "$appout/multiuser.txt")
[ "$got" = "$want" ] || fail "hostile ARGS: the guest saw
$got
instead of
$want"
nl='a
b'
if err=$(make -s --no-print-directory app VARIANTS=multiuser APP=/usr/bin/printf \
	"ARGS=$nl" 2>&1); then
	fail "ARGS with a newline was accepted"
fi
echo "$err" | grep -q "^app: ARGS has a newline" || fail "newline ARGS error: $err"
echo "app: hostile ARGS reach the guest's sh intact; none ran on the host"
