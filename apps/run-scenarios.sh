#!/bin/sh
# Run every scenario in SCENARIO_DIR inside the guest and print KTAP, in
# the probe's form: "# <id> <key>=<value>" diagnostic lines, then
# "ok"/"not ok" (ok: what stock Linux does, per the scenario's expect-*).
#
# usage: run-scenarios.sh SCENARIO_DIR [PRISTINE_ETC]
#
# A scenario file holds lines "key value...":
#   setup CMD       shell run first, in a fresh working folder (repeatable)
#   run CMD         the command under test (one); exit, stdout, stderr kept
#   state CMD       shell run after it, its stdout kept (repeatable)
#   expect-exit N   stock Linux exits N
#   expect-out TEXT stock Linux prints TEXT (in stdout or a state line)
#   note TEXT       one line for the report
#   needs PATH      skip (not run) when PATH is absent: the kernel lacks
#                   the feature for a reason the path names
# A scenario naming a program (a path with /bin/ in it) the image lacks
# is skipped too, naming it: an architecture's image may have no glibc
# userland (/glibc/bin/...).
# Every scenario starts from the pristine /etc and an empty /home.
dir=$1 pristine=${2:-/etc.pristine}
# Seconds a scenario's run may take (make app sets its own).
limit=${MU_RUN_TIMEOUT:-10}
obs="${MUPROBE:-/bin/muprobe} --obs"
n=0
for f in "$dir"/*.scn; do n=$((n + 1)); done
echo "KTAP version 1"
echo "1..$n"
# kselftest.sh's parse_output names results after this line (probe/ktap.c)
echo "# selftests: muprobe: apps"
i=0
for f in "$dir"/*.scn; do
	i=$((i + 1))
	id=apps.$(basename "$f" .scn)
	if [ -d "$pristine" ]; then
		rm -rf /etc /home
		cp -a "$pristine" /etc
		mkdir -p /home
	fi
	w=/tmp/scn
	rm -rf "$w" && mkdir -p "$w"
	run= want_exit= want_out= missing=
	while read -r key rest; do
		case $key in
		run) run=$rest ;;
		needs) [ -e "$rest" ] || missing=$rest ;;
		note) echo "# $id note=$rest" ;;
		expect-exit) want_exit=$rest ;;
		expect-out) want_out=$rest ;;
		esac
	done <"$f"
	echo "# $id cmd=$run"
	prog=
	set -f
	for word in $run; do
		case $word in
		/*/bin/*) [ -e "$word" ] || { prog=$word; break; } ;;
		esac
	done
	set +f
	if [ -z "$missing" ] && [ -n "$prog" ]; then
		echo "# $id verdict=skip"
		echo "# $id reason=the image has no $prog"
		echo "ok $i $id # SKIP the image has no $prog"
		continue
	fi
	if [ -n "$missing" ]; then
		echo "# $id verdict=skip"
		echo "# $id reason=kernel lacks $missing"
		echo "ok $i $id # SKIP kernel lacks $missing"
		continue
	fi
	grep '^setup ' "$f" | sed 's/^setup //' >"$w.setup"
	(cd "$w" && sh "$w.setup") >/dev/null 2>&1
	(cd "$w" && timeout "$limit" sh -c "$run") >"$w.out" 2>"$w.err" </dev/null
	rc=$?
	echo "# $id exit=$rc"
	# Escaped (report/formats.md): a missing final newline, NUL or a
	# stray byte can neither glue two records nor be lost.
	$obs "$id" stdout <"$w.out"
	$obs "$id" stderr <"$w.err"
	grep '^state ' "$f" | sed 's/^state //' | while read -r s; do
		(cd "$w" && sh -c "$s") 2>&1 | $obs "$id" state "$s => "
	done >"$w.state"
	cat "$w.state"
	why=
	if [ -n "$want_exit" ] && [ "$rc" != "$want_exit" ]; then
		why="exit $rc, stock Linux exits $want_exit"
	elif [ -n "$want_out" ] && ! grep -qF -- "$want_out" "$w.out" "$w.state"; then
		why="output lacks '$want_out'"
	fi
	if [ -z "$why" ]; then
		echo "# $id verdict=same"
		echo "# $id reason=as on stock Linux"
		echo "ok $i $id"
	else
		echo "# $id verdict=differs"
		echo "# $id reason=$why"
		echo "not ok $i $id"
	fi
done
echo "# apps end"
