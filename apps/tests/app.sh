#!/bin/sh
# make app and apps/app.sh on one kernel version, with real programs:
#  - util-linux setpriv dropping to nobody: loud on every single-user
#    variant, with the call that broke and the message; exit 1
#  - perl dropping privileges without checking, then writing a file in its
#    (world-writable) folder: silent, it ends as uid 0 and its file is 0:0
#    where stock Linux has 65534, on nomultiuser-strict too
#  - busybox chgrp of a file the image holds: silent (by its ctime)
#  - python3 without its standard library: baseline fails, exit 2; with
#    --package=libpython3.11-minimal it runs and is judged
#  - GNU hello, not installed on the host: --package=hello fetches it
#  - hostile arguments, through app.sh's argument vector and make app's
#    ARGS, reach the program unchanged and nothing runs on the host
#  - bad usage: one line, exit 2
#
# usage: app.sh KVER BASE   (from the project root)
set -eu
kver=$1 base=$2
out=out/x86_64/$kver/$base/app
n=0 fails=0
check() {
	n=$((n + 1))
	if eval "$2"; then echo "ok $n $1"; else echo "not ok $n $1"; fails=$((fails + 1)); fi
}
app() { apps/app.sh --kver="$kver" --base="$base" "$@"; }

rc=0
o=$(app -- /usr/bin/setpriv --reuid=65534 --regid=65534 --clear-groups id -u 2>&1) || rc=$?
echo "$o" | head -n 5
check "setpriv: exit 1 (a variant differs)" '[ $rc = 1 ]'
check "setpriv: nomultiuser is loud, naming capget's ENOSYS and the message" \
	'echo "$o" | grep -q "^nomultiuser  *loud: exit 127, stock Linux 0; capget(ptr, ptr) = -1 ENOSYS (kernel); \"setpriv: .*Function not implemented\"$"'
check "setpriv: nomultiuser-compat is loud at setresuid's EINVAL" \
	'echo "$o" | grep -q "^nomultiuser-compat  *loud: exit 127, stock Linux 0; setresuid(65534, 65534, 65534) = -1 EINVAL (kernel)"'
check "setpriv: stock Linux became 65534 and murun traced it" \
	'grep -qx "stdout: 65534" $out/setpriv/multiuser.txt &&
	 grep -qx "call: setuid(65534) = 0 (kernel)" $out/setpriv/multiuser.txt &&
	 grep -q "^ends: id uid=65534 65534 65534 65534 " $out/setpriv/multiuser.txt'
check "setpriv: verdict.json has one row per variant" \
	'[ "$(grep -c "\"verdict\"" $out/setpriv/verdict.json)" = 4 ]'
check "setpriv: nomultiuser-strict is loud at the same EINVAL" \
	'echo "$o" | grep -q "^nomultiuser-strict  *loud: exit 127, stock Linux 0; setresuid(65534, 65534, 65534) = -1 EINVAL (kernel)"'

rc=0
o=$(app --variants="multiuser nomultiuser nomultiuser-strict" --name=perl-careless -- /usr/bin/perl -e 'chmod 01777, "."; $( = $) = 65534; $< = $> = 65534;
open(my $f, ">>", "owned") or die; print $f "x\n"; close $f; print "done\n"' 2>&1) || rc=$?
echo "$o" | head -n 4
check "perl careless: exit 1" '[ $rc = 1 ]'
check "perl careless: nomultiuser is silent, ending as uid 0" \
	'echo "$o" | grep -q "^nomultiuser  *silent: a process ends as perl uid=0 0 0 0 .*stock Linux: perl uid=65534 65534 65534 65534"'
check "perl careless: nomultiuser-strict is silent too: it ignores the refusal" \
	'echo "$o" | grep -q "^nomultiuser-strict  *silent: "'
check "perl careless: its file is 65534:65534 on stock Linux, 0:0 on nomultiuser" \
	'grep -qx "file: 65534:65534 644 /tmp/scn/owned" $out/perl-careless/multiuser.txt &&
	 grep -qx "file: 0:0 644 /tmp/scn/owned" $out/perl-careless/nomultiuser.txt'

rc=0
o=$(app --variants="multiuser nomultiuser" --name=chgrp -- /bin/busybox chgrp users /etc/shells 2>&1) || rc=$?
echo "$o" | head -n 3
check "chgrp of a file in the image: silent, the file stays 0:0 (seen by ctime)" \
	'[ $rc = 1 ] && echo "$o" | grep -q "^nomultiuser  *silent: a file it made or changed is 0:0 644 /etc/shells, stock Linux: 0:100 644 /etc/shells$"'

rc=0
o=$(app --variants="multiuser nomultiuser" --name=python3-bare -- /usr/bin/python3 -c 'print(1)' 2>&1) || rc=$?
echo "$o" | head -n 3
check "python3 without its library: baseline fails, exit 2" \
	'[ $rc = 2 ] && echo "$o" | grep -q "^nomultiuser  *baseline fails: stock Linux.s run exits 1, not 0"'
rc=0
o=$(app --variants="multiuser nomultiuser" --package=libpython3.11-minimal -- /usr/bin/python3 -c 'import os; print(os.getuid())' 2>&1) || rc=$?
echo "$o" | head -n 3
check "python3 with --package: like Linux, exit 0" \
	'[ $rc = 0 ] && echo "$o" | grep -q "^nomultiuser  *like Linux: "'

# A package the host has not installed: fetched with what it depends on,
# its program judged from the unpacked files; the host's dpkg untouched.
check "hello is not installed on the host (the fetch path is what is checked)" \
	'! dpkg -s hello >/dev/null 2>&1'
rc=0
hello_cmd="'/usr/bin/hello'"
o=$(app --variants="multiuser nomultiuser" --package=hello -- hello 2>&1) || rc=$?
echo "$o" | grep -v '^fetch: ' | head -n 3
check "hello fetched, not installed: like Linux, exit 0, its greeting from the guest" \
	'[ $rc = 0 ] && echo "$o" | grep -q "^nomultiuser  *like Linux: " &&
	 grep -qx "stdout: Hello, world!" $out/hello/multiuser.txt &&
	 grep -qxF -e "$hello_cmd" $out/hello/command &&
	 ! dpkg -s hello >/dev/null 2>&1'

# Hostile arguments: quotes, spaces, a newline, ';' and '$(...)' are the
# program's words, on the host and in the guest.
mark=/tmp/muprobe-app-host-ran.$$
rm -f "$mark" "$mark.2"
nl='g
h'
rc=0
app --variants=multiuser --no-trace --name=hostile -- /usr/bin/printf '[%s]\n' \
	'a"b' 'c d' "\$(touch $mark)" ';' "e'f" "x; touch $mark.2" "$nl" >/dev/null 2>&1 || rc=$?
want="stdout: [a\"b]
stdout: [c d]
stdout: [\$(touch $mark)]
stdout: [;]
stdout: [e'f]
stdout: [x; touch $mark.2]
stdout: [g
stdout: h]"
got=$(grep '^stdout: ' $out/hostile/multiuser.txt || true)
check "app.sh: hostile words reach printf unchanged (exit $rc)" '[ $rc = 0 ] && [ "$got" = "$want" ]'
rc=0
make -s --no-print-directory KVER="$kver" BASE="$base" app VARIANTS=multiuser TRACE=0 \
	APP=/usr/bin/printf "ARGS='[%s]\n' 'a\"b' 'c d' '\$(touch $mark)' ';' x; touch $mark.2" \
	>/dev/null 2>&1 || rc=$?
want="stdout: [a\"b]
stdout: [c d]
stdout: [\$(touch $mark)]
stdout: [;]
stdout: [x;]
stdout: [touch]
stdout: [$mark.2]"
got=$(grep '^stdout: ' $out/printf/multiuser.txt || true)
check "make app: ARGS split as sh splits quoted words, nothing expanded" '[ $rc = 0 ] && [ "$got" = "$want" ]'
check "no hostile word ran on the host" '[ ! -e "$mark" ] && [ ! -e "$mark.2" ]'

rc=0; e=$(app -- /nonexistent 2>&1) || rc=$?
check "missing program: exit 2, one line" \
	'[ $rc = 2 ] && [ "$e" = "app: /nonexistent is not an executable file" ]'
rc=0; e=$(make -s --no-print-directory KVER="$kver" app APP=/usr/bin/printf "ARGS='unbalanced" 2>&1) || rc=$?
check "make app: unbalanced quote in ARGS is refused" \
	'[ $rc != 0 ] && echo "$e" | grep -q "^app: ARGS: No closing quotation"'
rc=0; e=$(app --package=no-such-package -- /usr/bin/true 2>&1) || rc=$?
check "unknown package: exit 2 naming it" \
	'[ $rc = 2 ] && echo "$e" | grep -qx "app: --package no-such-package: not installed, and apt knows no such package (apt-get update?)"'
echo "$((n - fails)) passed, $fails failed"
[ $fails -eq 0 ]
