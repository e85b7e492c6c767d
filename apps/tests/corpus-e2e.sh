#!/bin/sh
# The corpus as the guests of one kernel version ran it (make BASE=corpus):
# every run complete, to its end line, every daemon stopped; at least 25
# programs and 10 daemons; stock Linux (multiuser) runs every one of them
# as its corpus file says Linux does; plain MULTIUSER=n lets none of them
# work, and each loud one was refused an identity call with ENOSYS; on the
# strict variant nothing is silent unless the kernel refused the program a
# call and the program went on (the kernel said so; the program did not
# listen).  The host runs (murun) must be complete too.  Prints each
# run's guest time, measured by the guest (README's figure).
#
# usage: corpus-e2e.sh OUT_DIR VARIANT...
set -u
out=$1
shift
fails=0
no() { echo "corpus-e2e: $*" >&2; fails=$((fails + 1)); }
sec() { sed -n '/^@@ begin corpus$/,/^@@ end corpus/p' "$1"; }
hosts="host-bare host-murun-nomultiuser host-murun-compat"
[ "${MU_HOST_RUNS:-1}" != 0 ] || hosts=
for v in "$@" $hosts; do
	r=$out/$v/results.txt
	[ -s "$r" ] || { no "$v: no results ($r)"; continue; }
	[ "$(tail -n 1 "$r")" = "@@ done" ] || no "$v: no '@@ done' line"
	sec "$r" | grep -qx '# corpus end' || no "$v: the corpus did not reach its end line"
	sec "$r" | grep -q '^@@ end corpus rc=0$' || no "$v: the corpus payload failed"
	# KTAP: the plan, then each result numbered in order.
	sec "$r" | awk '
		/^1\.\.[0-9]+$/ { plan = substr($0, 4) }
		/^(not )?ok [0-9]+ / { n++; x = $1 == "ok" ? $2 : $3
			if (x != n) bad = 1 }
		END { exit bad || n != plan || !n }' ||
		no "$v: KTAP results not numbered 1..N as the plan says"
	! grep -q ' stopped=no$' "$r" || no "$v: left processes running: $(grep ' stopped=no$' "$r" | cut -d' ' -f2 | tr '\n' ' ')"
	t=$(grep -h 'corpus took' "$out/$v/console.log" 2>/dev/null | tr -d '\r' |
		sed 's/.*took \([0-9.]*\)\.\.\([0-9.]*\)s.*/\1 \2/' |
		awk '{ printf "%.1f", $2 - $1 }')
	[ -z "$t" ] || echo "corpus-e2e: $v: $t s of guest time"
done
m=$out/multiuser/results.txt
n=$(grep -c ' kind=' "$m")
d=$(grep -c ' kind=daemon$' "$m")
[ "$n" -ge 25 ] || no "only $n programs (25 wanted)"
[ "$d" -ge 10 ] || no "only $d daemons (10 wanted)"
bad=$(grep ' verdict=' "$m" | grep -v ' verdict=works$')
[ -z "$bad" ] || no "multiuser: not every program works as on Linux: $(echo "$bad" | cut -d' ' -f2 | tr '\n' ' ')"
nm=$out/nomultiuser/results.txt
if [ -s "$nm" ]; then
	w=$(grep ' verdict=works$' "$nm" | cut -d' ' -f2)
	[ -z "$w" ] || no "nomultiuser: works as on Linux, though every program asks for another identity: $w"
	grep ' verdict=loud$' "$nm" | cut -d' ' -f2 | while read -r id; do
		grep -q "^# $id call=.* = -1 ENOSYS (kernel)$" "$nm" ||
			echo "nomultiuser: $id is loud without an ENOSYS refusal"
	done >"$out/.corpus-e2e.$$"
	[ ! -s "$out/.corpus-e2e.$$" ] || no "$(cat "$out/.corpus-e2e.$$")"
	rm -f "$out/.corpus-e2e.$$"
fi
st=$out/nomultiuser-strict/results.txt
if [ -s "$st" ]; then
	for id in $(grep ' verdict=silent$' "$st" | cut -d' ' -f2); do
		grep -q "^# $id call=.* = -1 E" "$st" ||
			no "nomultiuser-strict: $id is silent and the kernel refused it nothing"
	done
fi
# murun's promise: on the host, each mode gives each program the verdict
# the guest of that kernel gave it.  Bare on the host against stock Linux
# is said, not judged: the host's own limits are not the kernel's.
verdicts() { grep ' verdict=' "$out/$1/results.txt" 2>/dev/null | cut -d' ' -f2,3 | LC_ALL=C sort; }
for pair in nomultiuser:host-murun-nomultiuser nomultiuser-compat:host-murun-compat \
    multiuser:host-bare; do
	g=${pair%%:*} h=${pair#*:}
	[ -s "$out/$g/results.txt" ] || continue
	# MU_HOST_RUNS=0: the build host does not run this architecture's
	# programs; otherwise a missing host run is a failure.
	if [ "${MU_HOST_RUNS:-1}" = 0 ]; then
		[ ! -d "$out/$h" ] || no "$h ran, on a host that cannot run these programs"
		echo "corpus-e2e: no $h run (the host does not run this architecture's programs)"
		continue
	fi
	x=$(verdicts "$g" | diff - "$(verdicts "$h" >"$out/.v.$$"; echo "$out/.v.$$")" |
		grep '^[<>]' | tr '\n' ' ')
	rm -f "$out/.v.$$"
	[ -n "$x" ] || { echo "corpus-e2e: $h gives every program $g's verdict"; continue; }
	case $h in
	host-bare) echo "corpus-e2e: $h differs from $g (host limits): $x" ;;
	*) no "$h differs from the $g guest: $x" ;;
	esac
done
echo "corpus-e2e: $n programs ($d daemons), $fails problem(s)"
[ $fails -eq 0 ]
