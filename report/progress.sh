#!/bin/sh
# Usage: progress.sh WHAT LOG (--lines RE | --objects DIR) [WHOLE...] -- COMMAND...
#
# Runs COMMAND with its output in LOG and, every MU_PROGRESS_EVERY
# seconds (60), prints one of make's progress lines: how far it is and,
# when the whole is known, an estimate of what is left.  A cold kernel is
# minutes on 2 cores, a new machine's packages several more, and a stage
# that prints nothing for that long reads as a hang.
#
# How far: LOG's lines matching RE (kbuild's "  CC ", dpkg's "Setting
# up "), or the objects under DIR (kunit.py keeps kbuild's output to
# itself).  WHOLE: a number, or earlier logs (folders with --objects)
# whose largest count is the estimate's whole: a variant started from
# another's objects compiles fewer.  Exits with COMMAND's status.
set -u
what=$1 log=$2 mode=$3 arg=$4
shift 4
case $mode in
--lines | --objects) ;;
*) echo "progress.sh: $what: $mode: not --lines or --objects" >&2; exit 2 ;;
esac
count() { # [FILE-OR-DIR]
	case $mode in
	--lines) grep -c -- "$arg" "${1:-$log}" 2>/dev/null || true ;;
	--objects) find "${1:-$arg}" -name '*.o' 2>/dev/null | wc -l ;;
	esac
}
whole=0
while [ $# -gt 0 ] && [ "$1" != -- ]; do
	case $1 in
	*[!0-9]*) n=$(count "$1") ;;
	*) n=$1 ;;
	esac
	[ "${n:-0}" -gt "$whole" ] && whole=$n
	shift
done
[ $# -gt 1 ] || { echo "progress.sh: $what: no command after --" >&2; exit 2; }
shift
every=${MU_PROGRESS_EVERY:-60}
t0=${MU_T0:-$(date +%s.%N)}
: >"$log"
n0=$(count)

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
	awk -v t0="$t0" -v now="$(date +%s.%N)" -v what="$what" -v n="$(count)" \
	    -v n0="$n0" -v whole="$whole" -v el=$((now - start)) 'BEGIN {
		line = sprintf("%s: %d so far", what, n)
		if (whole > n && n > n0) {
			left = (whole - n) * el / (n - n0)
			est = sprintf("~%d min", int(left / 60 + 0.5))
			if (left < 60)
				est = "under a minute"
			line = sprintf("%s: %d of ~%d, %s left", what, n,
				       whole, est)
		}
		printf "[%7.1fs] %s\n", now - t0, line
	}'
done
wait $pid
