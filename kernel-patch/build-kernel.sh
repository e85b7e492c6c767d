#!/bin/sh
# Usage: build-kernel.sh NAME LOG REFERENCE... -- COMMAND...
#
# Runs COMMAND (one kernel's kbuild) with its output in LOG and, every
# MU_PROGRESS_EVERY seconds (60), one progress line: the objects compiled
# so far and, when a REFERENCE build log of this architecture has more,
# an estimate of what is left.  A cold tiny kernel is minutes on 2 cores,
# and a newcomer's first make is several of them; a stage that prints
# nothing for that long reads as a hang.  REFERENCE: earlier complete
# build logs; the one with the most compiled objects is the estimate's
# whole (a variant seeded from another's objects compiles fewer).
# Exits with COMMAND's status.
set -u
name=$1 log=$2
shift 2
ref=0
while [ $# -gt 0 ] && [ "$1" != -- ]; do
	[ -r "$1" ] && n=$(grep -c '^  CC ' "$1") && [ "$n" -gt "$ref" ] && ref=$n
	shift
done
[ $# -gt 1 ] || { echo "build-kernel.sh: no command after --" >&2; exit 2; }
shift
every=${MU_PROGRESS_EVERY:-60}
t0=${MU_T0:-$(date +%s.%N)}

"$@" >"$log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid; exit 130' INT TERM HUP
start=$(date +%s)
next=$((start + every))
while kill -0 $pid 2>/dev/null; do
	sleep 2
	now=$(date +%s)
	[ "$now" -ge "$next" ] || continue
	next=$((now + every))
	done_=$(grep -c '^  CC ' "$log")
	awk -v t0="$t0" -v now="$(date +%s.%N)" -v name="$name" \
	    -v n="$done_" -v ref="$ref" -v el=$((now - start)) 'BEGIN {
		line = sprintf("build %s: %d objects compiled", name, n)
		left = n > 0 ? (ref - n) * el / n : 0
		if (ref > n && n > 0)
			line = sprintf("build %s: %d of ~%d objects, %s left",
				       name, n, ref, left < 60 ? "under a minute" :
				       sprintf("~%d min", int(left / 60 + 0.5)))
		printf "[%7.1fs] %s\n", now - t0, line
	}'
done
wait $pid
