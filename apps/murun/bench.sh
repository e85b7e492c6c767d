#!/bin/sh
# murun's overhead: wall time of a syscall-heavy program that makes none of
# the filtered calls (ls -lR of a large tree) and of /bin/true, bare and
# under murun, interleaved ROUNDS times.  Prints the ratios.
#
# usage: bench.sh MURUN [TREE] [ROUNDS]
set -eu
mr=$1 tree=${2:-/usr/share} rounds=${3:-3}
t() { # N COMMAND...: seconds for N runs
	n=$1
	shift
	s=$(date +%s.%N)
	i=0
	while [ $i -lt "$n" ]; do "$@" >/dev/null 2>&1 || true; i=$((i + 1)); done
	echo "$(date +%s.%N) - $s" | bc
}
ls -lR "$tree" >/dev/null 2>&1 || true
b=0 m=0 tb=0 tm=0 r=0
while [ $r -lt "$rounds" ]; do
	b=$(echo "$b + $(t 5 ls -lR "$tree")" | bc)
	m=$(echo "$m + $(t 5 "$mr" -- ls -lR "$tree")" | bc)
	tb=$(echo "$tb + $(t 200 /bin/true)" | bc)
	tm=$(echo "$tm + $(t 200 "$mr" -- /bin/true)" | bc)
	r=$((r + 1))
done
echo "ls -lR $tree: bare $b s, murun $m s, ratio $(echo "scale=3; $m / $b" | bc)"
echo "/bin/true: bare $tb s, murun $tm s, ratio $(echo "scale=3; $tm / $tb" | bc)," \
	"$(echo "scale=2; ($tm - $tb) * 1000 / (200 * $rounds)" | bc) ms added per run"
