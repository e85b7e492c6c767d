#!/bin/sh
# make app: a dynamic glibc program (util-linux setpriv) dropping to nobody,
# run in every variant; the summary must show what each guest saw.  A bad
# APP must give a one-line error and exit 2.
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
if err=$(make -s --no-print-directory app APP=/nonexistent 2>&1); then
	fail "a missing APP was accepted"
fi
echo "$err" | grep -q '^app: /nonexistent is not an executable file$' ||
	fail "bad APP error: $err"
