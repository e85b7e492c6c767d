#!/bin/sh
# Run one rendered qemu job with lava-run, no server, and keep what LAVA
# recorded.
#
# usage: run.sh DEVICE JOB JOBID OUTDIR
#
# OUTDIR gets lava.log (lava-run's YAML log: the console and every result
# record) and lava-results.json (the cases by suite) only when the job
# passed and every test definition reported; otherwise exit 1 with one
# line and the log's tail, evidence kept.  lava-run itself downloads into
# /var/lib/lava/dispatcher/tmp/JOBID and removes it when done.
set -eu
dev=$1 job=$2 id=$3 out=$4
here=$(dirname "$0")
for f in "$dev" "$job"; do
	[ -r "$f" ] || { echo "lava: cannot read $f" >&2; exit 2; }
done
command -v lava-run >/dev/null || {
	echo "lava: lava-run not found: install lava-dispatcher (make deps)" >&2
	exit 2
}
rm -rf "$out/run" "$out/lava-results.json"
mkdir -p "$out/run"
rc=0
lava-run --job-id "$id" --output-dir "$out/run" --device "$dev" "$job" \
	>"$out/lava.log" 2>&1 || rc=$?
if ! "$here/results.py" read "$out/lava.log" >"$out/lava-results.json.tmp"; then
	echo "lava: $id: lava-run exited $rc; log $out/lava.log, its end:" >&2
	grep -v '"lvl": "results"' "$out/lava.log" | tail -n 8 | cut -c1-200 >&2
	rm -f "$out/lava-results.json.tmp"
	exit 1
fi
mv "$out/lava-results.json.tmp" "$out/lava-results.json"
