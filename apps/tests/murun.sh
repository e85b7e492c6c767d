#!/bin/sh
# murun on the host, no QEMU: a program calling setuid gets ENOSYS; --trace
# lists the call; the exit status passes through (plain mode is the
# program itself); a program that forks and execs keeps the filter,
# through the ia32 entry too; compat answers as the patch does; a bad
# command line gives a clear error; the program never outlives murun and
# murun never waits for the program's daemons; as another user than root
# every identity read answers 0.
#
# usage: murun.sh MURUN MUPROBE SETXID_THREADS PRIVDROP
set -eu
mr=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
mp=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
thr=$(cd "$(dirname "$3")" && pwd)/$(basename "$3")
pd=$(cd "$(dirname "$4")" && pwd)/$(basename "$4")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
n=0 fails=0
check() {
	n=$((n + 1))
	if eval "$2"; then echo "ok $n $1"; else echo "not ok $n $1"; fails=$((fails + 1)); fi
}
obs() { sed -n "s/^# $1 $2=//p" "$3"; }

"$mr" -- "$mp" --no-sweep 'setid.setuid_nobody.raw' >a 2>a.err
check "setuid gets ENOSYS" '[ "$(obs setid.setuid_nobody.raw ret a)" = "-1 ENOSYS" ]'
"$mr" --trace -- "$mp" --no-sweep 'setid.setuid_nobody.raw' >b 2>b.err
check "--trace lists setuid(65534)" 'grep -qx "murun: setuid(65534) = -1 ENOSYS" b.err'
rc=0; "$mr" -- sh -c 'exit 7' || rc=$?
check "exit status passes through (7)" '[ $rc -eq 7 ]'
rc=0; "$mr" -- sh -c 'kill -TERM $$' 2>/dev/null || rc=$?
check "death by signal reaches the caller (143)" '[ $rc -eq 143 ]'
rc=0; "$mr" --trace -- sh -c 'kill -TERM $$' || rc=$?
check "--trace: death by signal is 128+N (143)" '[ $rc -eq 143 ]'
"$mr" -- sh -c 'echo $$' >pid &
wpid=$!
wait $wpid || true
check "ENOSYS mode becomes the program (same pid, no fork)" '[ "$(cat pid)" = "$wpid" ]'
"$mr" --trace --output=t -- "$mp" --no-sweep 'setid.setuid_nobody.raw' >/dev/null 2>t.err
check "--output puts the trace in the file, not on stderr" \
	'grep -qx "murun: setuid(65534) = -1 ENOSYS" t && ! grep -q "^murun:" t.err'
# A trace that cannot be written (a full disk) is no trace: 125, named.
for m in nomultiuser compat native; do
	rc=0; "$mr" --mode=$m --trace --output=/dev/full -- "$mp" --no-sweep \
		'setid.setuid_nobody.raw' >/dev/null 2>f.err || rc=$?
	check "--mode=$m --output on a full disk: exit 125, one line naming it" \
		'[ $rc -eq 125 ] && [ "$(wc -l <f.err)" = 1 ] &&
		 grep -q "cannot write the trace to /dev/full: No space left on device" f.err'
done
rc=0; "$mr" --output=t -- true 2>t.err || rc=$?
check "--output without --trace: exit 2, one line" \
	'[ $rc -eq 2 ] && [ "$(wc -l <t.err)" = 1 ] && grep -q "needs --trace" t.err'
"$mr" -- sh -c "\"$mp\" --no-sweep uid.getresuid" >c
check "fork+exec keeps the filter" '[ "$(obs uid.getresuid ret c)" = "-1 ENOSYS" ]'
skip() { n=$((n + 1)); echo "ok $n $1 # SKIP $2"; }
# A host kernel without IA32_EMULATION has no ia32 entry to filter; the
# probe's own sweep says so, and the guests' kernels test it instead.
"$mp" sweep.ia32 >d0
noia32=$(sed -n 's/^# sweep.ia32 reason=\(no ia32 entry.*\)/\1/p' d0)
if [ -n "$noia32" ]; then
	skip "ia32 getuid (16-bit, nr 24) is ENOSYS too" "host: $noia32"
	skip "ia32 getuid32 is untouched" "host: $noia32"
else
	"$mr" -- "$mp" sweep.ia32 >d
	check "ia32 getuid (16-bit, nr 24) is ENOSYS too" \
		'[ "$(sed -n "s/^    # sweep.ia32.getuid result=//p" d)" = ENOSYS ]'
	check "ia32 getuid32 is untouched" \
		'r=$(sed -n "s/^    # sweep.ia32.getuid32 result=//p" d); [ -n "$r" ] && [ "$r" != ENOSYS ]'
fi
"$mr" --mode=compat -- "$mp" --no-sweep uid.getresuid 'setid.setuid_*.raw' \
	caps.capset_drop caps.capget_version_query >e
check "compat: getresuid reads 0 0 0" '[ "$(obs uid.getresuid ids e)" = "0 0 0" ]'
check "compat: setuid(0) succeeds" '[ "$(obs setid.setuid_root.raw ret e)" = 0 ]'
check "compat: setuid(65534) is EINVAL" '[ "$(obs setid.setuid_nobody.raw ret e)" = "-1 EINVAL" ]'
check "compat: capset drop is EPERM" '[ "$(obs caps.capset_drop ret e)" = "-1 EPERM" ]'
check "compat: libcap's version query works" '[ "$(obs caps.capget_version_query verdict e)" = same ]'
rc=0; "$mr" --mode=native -- sh -c "\"$mp\" --no-sweep setid.setuid_nobody.raw; exit 5" >i 2>i.err || rc=$?
check "native: the kernel's own answer is traced, through fork+exec" \
	'grep -qx "murun: setuid(65534) = 0 (kernel)" i.err && [ "$(obs setid.setuid_nobody.raw ret i)" = 0 ]'
check "native: exit status passes through (5)" '[ $rc -eq 5 ]'
"$mr" --mode=native --trace --output=tn -- "$thr" 4 >/dev/null
check "native: 5 threads in setuid at once, 5 lines" \
	'[ "$(grep -cx "murun: setuid(0) = 0 (kernel)" tn)" = 5 ]'
"$mr" --mode=compat --trace --output=tc -- "$thr" 4 >/dev/null
check "compat: 5 threads in setuid at once, 5 lines" \
	'[ "$(grep -cx "murun: setuid(0) = 0" tc)" = 5 ]'
rc=0; "$mr" --mode=bogus -- true 2>f || rc=$?
check "bad --mode: exit 2, one line naming it" \
	'[ $rc -eq 2 ] && [ "$(wc -l <f)" = 1 ] && grep -q "unknown mode .bogus." f'
rc=0; "$mr" 2>g || rc=$?
check "no program: exit 2" '[ $rc -eq 2 ] && grep -q "no program given" g'
rc=0; "$mr" -- /nonexistent 2>h || rc=$?
check "missing program: exit 127 with its name" '[ $rc -eq 127 ] && grep -q /nonexistent h'

# Silent answers: a chown to another owner is answered 0 and skipped (the
# file keeps the owner it had), a chown to root still happens.
: >own && chown 5:5 own
rc=0; "$mr" -- chown 1000:1000 own || rc=$?
check "chown to 1000 answers 0 and changes nothing (stays 5:5)" \
	'[ $rc -eq 0 ] && [ "$(stat -c %u:%g own)" = 5:5 ]'
rc=0; "$mr" --mode=compat -- chown 0:0 own || rc=$?
check "compat: chown to 0:0 still happens" '[ $rc -eq 0 ] && [ "$(stat -c %u:%g own)" = 0:0 ]'
"$mr" -- "$mp" --no-sweep caps.bset_drop >bs 2>&1 || true
check "PR_CAPBSET_DROP answers 0 and root keeps every capability (silent)" \
	'[ "$(obs caps.bset_drop verdict bs)" = silent ]'

# Lifetime (lifetime.c): signals reach the program, the program dies with
# murun, murun returns when the program exits and a daemon it left keeps
# its answers.  A dead process may stay a zombie here (this container's
# init reaps late): "gone" means no such pid or state Z.
gone() { ! [ -e "/proc/$1" ] || grep -q '^State:[[:space:]]*Z' "/proc/$1/status"; }
for mode in compat native; do
	rc=0
	"$mr" --mode=$mode -- sh -c 'trap "exit 3" TERM; echo $$ >ready
		while :; do sleep 0.1; done' &
	m=$!
	i=0; while [ ! -s ready ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
	kill -TERM $m
	wait $m || rc=$?
	check "$mode: SIGTERM to murun reaches the program (its trap exits 3)" '[ $rc -eq 3 ]'
	rm -f ready
	"$mr" --mode=$mode -- sh -c 'echo $$ >ready; exec sleep 30' &
	m=$!
	i=0; while [ ! -s ready ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
	kill -KILL $m
	wait $m 2>/dev/null || true
	p=$(cat ready)
	i=0; while ! gone "$p" && [ $i -lt 30 ]; do sleep 0.1; i=$((i + 1)); done
	check "$mode: SIGKILL of murun takes the program with it" 'gone "$p"'
	rm -f ready
done
t0=$(date +%s) rc=0
"$mr" --mode=compat --trace --output=dt -- sh -c '(sleep 2; id -G >daemon 2>&1) & exit 4' || rc=$?
t1=$(date +%s)
check "compat: murun returns with the program (4), not with its daemon" 	'[ $rc -eq 4 ] && [ $((t1 - t0)) -lt 2 ]'
i=0; while [ ! -s daemon ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
check "compat: the daemon is still answered (getgroups = 0, not ENOSYS)" \
	'[ "$(cat daemon)" = 0 ] && grep -qx "murun: getgroups(0, ptr) = 0" dt'
"$mr" --mode=native --status --output=st -- sh -c 'setpriv --reuid=65534 --regid=65534 --clear-groups true' 2>/dev/null || true
check "native --status: each process's identity at its exit" \
	'grep -qx "murun: exit true uid=65534 65534 65534 65534 gid=65534 65534 65534 65534 groups= capeff=0000000000000000" st'

# --summary: the silent-root case first, the first loud failure and what
# the program said next, what was answered and not carried out.
rc=0; "$mr" --summary -- "$pd" careless >s1 2>s1.err || rc=$?
check "--summary: careless goes on after setgroups failed: STILL ROOT" \
	'grep -q "^murun: STILL ROOT: pid [0-9]* went on after setgroups(1, ptr) = -1 ENOSYS (then: setgid(65534) = -1 ENOSYS)" s1.err &&
	 [ "$(grep -m1 "^murun:" s1.err | cut -c1-18)" = "murun: STILL ROOT:" ]'
check "--summary: the exit status passes through (3) and is said" \
	'[ $rc -eq 3 ] && [ "$(tail -n 1 s1.err)" = "murun: exit status 3" ]'
rc=0; "$mr" --summary -- "$pd" careful >s2 2>s2.err || rc=$?
check "--summary: careful stops after the failed drop, no STILL ROOT" \
	'[ $rc -eq 1 ] && grep -q "^murun: stopped: pid [0-9]* exited 1 after setgroups(1, ptr) = -1 ENOSYS$" s2.err &&
	 ! grep -q "STILL ROOT" s2.err'
rc=0; "$mr" --summary --mode=compat -- setpriv --reuid=65534 --regid=65534 \
	--clear-groups true >s3 2>s3.err || rc=$?
check "--summary: the first loud failure and what the program said next" \
	'grep -qx "murun: first loud failure: setresuid(65534, 65534, 65534) = -1 EINVAL; then it said: setpriv: setresuid failed: Invalid argument" s3.err'
check "--summary: the program's stderr still comes first, unchanged" \
	'[ "$(head -n 1 s3.err)" = "setpriv: setresuid failed: Invalid argument" ]'
: >own
"$mr" --summary -- chown 1000:1000 own 2>s4.err
check "--summary: chown to 1000 answered 0, not carried out, and said" \
	'grep -qx "murun: not carried out: fchownat(\"own\", 1000, 1000) = 0: the file stays 0:0 on a MULTIUSER=n kernel" s4.err &&
	 [ "$(stat -c %u:%g own)" = "$(id -u):$(id -g)" ]'
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null; then
	"$mr" --summary --mode=compat -- setpriv --bounding-set=-sys_admin true \
		2>s5.err || true
	check "--summary: a bounding-set drop answered 0 is a drop not carried out" \
		'grep -qx "murun: not carried out: prctl(PR_CAPBSET_DROP, 21) = 0: root keeps every capability on a MULTIUSER=n kernel" s5.err &&
		 grep -q "^murun: STILL ROOT: pid [0-9]* went on after prctl(PR_CAPBSET_DROP, 21) = 0" s5.err'
fi
if command -v perl >/dev/null; then
	"$mr" --summary -- perl -e '$< = 65534; exec "true"' 2>s8.err || true
	check "--summary: what it ran after the failed drop is the exec that worked" \
		'grep -q "^murun: STILL ROOT: pid [0-9]* went on after setreuid(65534, -1) = -1 ENOSYS (then: ran /[a-z/]*bin/true)" s8.err'
fi
"$mr" --summary -- true 2>s6.err
check "--summary: nothing to say is said" \
	'[ "$(cat s6.err)" = "murun: no call that a MULTIUSER=n kernel answers differently
murun: exit status 0" ]'
rc=0; "$mr" --summary --mode=native -- true 2>s7.err || rc=$?
check "--summary with --mode=native: exit 2, one line" \
	'[ $rc -eq 2 ] && [ "$(wc -l <s7.err)" = 1 ]'

# Not root: every identity read answers 0, as on the real kernel.
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null; then
	cp "$mr" "$work/mr" && chmod 755 "$work" "$work/mr"
	out=$(setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$work/mr" -- sh -c 'id -u; id -g' 2>&1 || true)
	check "nomultiuser as nobody: getuid and getgid answer 0" '[ "$out" = "0
0" ]'
	out=$(setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$work/mr" --mode=compat -- sh -c 'id -u; id -g; setpriv -d | head -n 2' 2>&1 || true)
	check "compat as nobody: getuid, getgid and getresuid all answer 0" '[ "$out" = "0
0
uid: 0
euid: 0" ]'
fi
echo "$((n - fails)) passed, $fails failed"
[ $fails -eq 0 ]
