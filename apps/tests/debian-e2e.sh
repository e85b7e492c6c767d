#!/bin/sh
# The Debian boots, as the guests reported them: stock Linux (multiuser)
# reaches its default target with no failed unit, runs dbus and
# timesyncd as users of their own and logs root and alice in over ssh as
# themselves; a MULTIUSER=n variant runs every process as uid 0, is not
# "running" when its units run nothing, says why each failed unit failed,
# and whatever login it grants is root's.  Each run must be complete: both
# lines of the frame and the KTAP plan met.
#
# usage: debian-e2e.sh OUT_DIR VARIANT...   (the first is stock Linux)
set -eu
out=$1
shift
sec=$(dirname "$0")/../../initramfs/section.sh
fails=0 n=0
ok() { n=$((n + 1)); echo "ok $n $1"; }
bad() { n=$((n + 1)); fails=$((fails + 1)); echo "not ok $n $1"; }
check() { if eval "$2"; then ok "$1"; else bad "$1"; fi; }
# Each variant's debian section, read once (empty when section.sh says
# the run is not whole: the completeness checks below say so).
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
for v in "$@"; do
	"$sec" "$out/$v/results.txt" debian >"$t/$v" 2>/dev/null || : >"$t/$v"
done
# obs VARIANT ID KEY: the value of "# ID KEY=..." in its debian section
obs() { sed -n "s|^# $2 $3=||p" "$t/$1"; }
procs() { sed -n 's|^# [^ ]* proc=||p' "$t/$1"; }

for v in "$@"; do
	r=$out/$v/results.txt
	check "$v: a complete run" '[ -s "$r" ] && head -n 1 "$r" | grep -qx "@@ muprobe-guest 1" &&
		tail -n 1 "$r" | grep -qx "@@ done" && grep -qx "@@ end debian rc=0" "$r"'
	p=$(sed -n 's/^1\.\.//p' "$t/$v")
	k=$(grep -c '^\(not \)\?ok ' "$t/$v" || true)
	check "$v: $k results meet the plan 1..$p" '[ -n "$p" ] && [ "$k" -eq "$p" ]'
done

mu=$1
shift
check "$mu: the boot reached its target, running" '[ "$(obs "$mu" boot state)" = running ]'
check "$mu: no unit failed" \
	'! grep -q "^# [^ ]* active=failed$" "$t/$mu"'
check "$mu: dbus runs as messagebus, not root" \
	'obs "$mu" dbus.service proc | grep -q "^dbus-daemon uid=\([1-9][0-9]*\),"'
check "$mu: timesyncd runs as a user of its own" \
	'obs "$mu" systemd-timesyncd.service proc | grep -q "uid=\([1-9][0-9]*\),"'
check "$mu: root logs in over ssh as root" \
	'obs "$mu" login.root output | grep -q "^uid=0(root) "'
check "$mu: alice logs in over ssh as alice" \
	'obs "$mu" login.alice output | grep -q "^uid=1000(alice) "'
# failed VARIANT: the units that failed
failed() { sed -n 's|^# \([^ ]*\) active=failed$|\1|p' "$t/$1"; }
for v in "$@"; do
	check "$v: every process runs as uid 0 (MULTIUSER=n)" \
		'! procs "$v" | grep -v " uid=0,0,0,0 gid=0,0,0,0 "'
	# A boot whose units run nothing (plain MULTIUSER=n: systemd
	# starts no unit) must not pass for a running system.
	check "$v: a boot with no process under a unit is not running" \
		'[ -n "$(procs "$v")" ] || [ "$(obs "$v" boot state)" != running ]'
	check "$v: each failed unit says why" \
		'(for u in $(failed "$v"); do [ -n "$(obs "$v" "$u" error)" ] || exit 1; done)'
	for u in root alice; do
		o=$(obs "$v" "login.$u" output)
		check "$v: a login as $u, if granted, is root's" \
			'case $o in uid=*) case $o in "uid=0(root) "*) true ;; *) false ;; esac ;; *) true ;; esac'
	done
done
echo "$((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
