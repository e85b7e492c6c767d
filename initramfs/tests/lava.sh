#!/bin/sh
# LAVA against the native runs of the same images (make check-lava).
#
# usage: lava.sh OUT KUNIT_PY RUN_VARIANT... -- RENDERED_VARIANT...
#
# OUT is out/ARCH/KVER/BASE: the native results, report.json and lava/.
# MU_LAVA_DTB: the device tree file the board job deploys, beside it
# (default none).
# MU_LAVA_BOARD: the device type the rendered board job names (default
# the placeholder); MU_LAVA_ARCH, MU_LAVA_KTYPE, MU_KERNEL: a lab's values
# for the architecture (default amd64, zimage, bzImage).
set -eu
out=$1 kunit=$2
shift 2
runs=
while [ "$1" != -- ]; do runs="$runs $1"; shift; done
shift
here=$(dirname "$0")/../lava
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
n=0 fail=0
ok() { n=$((n + 1)); echo "ok $n $1"; }
nok() { n=$((n + 1)); fail=1; echo "not ok $n $1"; }

for v in $runs; do
	r=$out/lava/$v/lava-results.json
	if "$here/results.py" compare "$r" "$out/$v/results.txt" \
	    "$out/report.json" "$v" "$kunit" >"$t/cmp" 2>&1; then
		ok "$(cat "$t/cmp")"
	else
		nok "$v: LAVA differs from the native run"; cat "$t/cmp"
	fi
done

# The comparison can fail: one result flipped, one case dropped.
v=${runs# }
v=${v%% *}
r=$out/lava/$v/lava-results.json
/usr/bin/python3 - "$r" "$t/flip.json" "$t/drop.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
name = sorted(c for c in d["probe"] if d["probe"][c]["result"] == "pass")[0]
d["probe"][name]["result"] = "fail"
json.dump(d, open(sys.argv[2], "w"))
d["probe"][name]["result"] = "pass"
del d["apps"][sorted(d["apps"])[0]]
json.dump(d, open(sys.argv[3], "w"))
EOF
for m in flip drop; do
	if "$here/results.py" compare "$t/$m.json" "$out/$v/results.txt" \
	    "$out/report.json" "$v" "$kunit" >"$t/cmp" 2>&1; then
		nok "a $m in LAVA's results goes unnoticed"
	else
		ok "a $m in LAVA's results is named: $(head -n 1 "$t/cmp")"
	fi
done

# A log cut before the job's end is no result.
log=$out/lava/$v/lava.log
head -n "$(($(grep -c '' "$log") / 2))" "$log" >"$t/cut.log"
if "$here/results.py" read "$t/cut.log" >/dev/null 2>"$t/err"; then
	nok "a cut lava-run log is read as complete"
else
	ok "a cut lava-run log: $(cat "$t/err")"
fi

# A cut KTAP in the guest: muprobe-lava fails NAME.complete.
mkdir -p "$t/pl" "$t/bin" "$t/tmp"
"$here/../section.sh" "$out/$v/results.txt" probe | head -n 200 >"$t/probe.ktap"
printf '#!/bin/sh\ncat %s\n' "$t/probe.ktap" >"$t/pl/20-probe"
printf '#!/bin/sh\necho "$*"\n' >"$t/bin/lava-test-case"
printf '#!/bin/sh\n:\n' >"$t/bin/lava-test-set"
chmod +x "$t/pl/20-probe" "$t/bin/lava-test-case" "$t/bin/lava-test-set"
PATH=$t/bin:$PATH MUPROBE_PAYLOADS=$t/pl MUPROBE_TMP=$t/tmp \
	busybox sh "$here/ktap-cases" probe >"$t/cases" 2>&1 || true
if grep -qx 'probe.complete --result fail' "$t/cases"; then
	ok "a cut KTAP fails probe.complete ($(grep -m1 incomplete "$t/cases"))"
else
	nok "a cut KTAP does not fail probe.complete"
fi

# Every rendered job passes LAVA's job schema: the qemu job as rendered,
# the board job once a lab's values are in (as rendered it keeps its
# placeholders visible).
valid() {
	/usr/bin/python3 -c '
import sys, yaml
from lava_common.schemas import validate
validate(yaml.safe_load(open(sys.argv[1])), strict=True)' "$1" 2>"$t/err"
}
for v in "$@"; do
	f=$out/lava/$v/job-qemu.yaml
	if valid "$f"; then ok "$v: job-qemu.yaml is a valid LAVA job"
	else nok "$v: job-qemu.yaml: $(tail -n 1 "$t/err")"; fi
	kver=$(sed -n "s/^  muprobe.kernel: '\(.*\)'$/\1/p" "$f")
	base=$(sed -n "s/^  muprobe.base: '\(.*\)'$/\1/p" "$f")
	LAVA_DEVICE_TYPE=up2-uboot LAVA_ARCH=${MU_LAVA_ARCH:-amd64} \
		LAVA_KERNEL_TYPE=${MU_LAVA_KTYPE:-zimage} LAVA_DTB=${MU_LAVA_DTB:-} \
		"$here/render.sh" "$kver" "$base" "$v" http://lab.example/mu \
		"$t/board-$v" "${MU_KERNEL:-bzImage}"
	if valid "$t/board-$v/job-board.yaml"; then
		ok "$v: job-board.yaml with a lab's values is a valid LAVA job"
	else nok "$v: job-board.yaml: $(tail -n 1 "$t/err")"; fi
	# The architecture's board, or a placeholder no lab has.
	grep -q "^device_type: ${MU_LAVA_BOARD:-REPLACE-device-type}\$" "$out/lava/$v/job-board.yaml" ||
		nok "$v: the rendered board job names no ${MU_LAVA_BOARD:-REPLACE-device-type}"
	# The board's device tree, when it has one: deployed, and there to serve.
	d=${MU_LAVA_DTB:-}
	if [ -n "$d" ]; then
		if grep -q "^      url: '.*/$d'\$" "$out/lava/$v/job-board.yaml" &&
		    [ "$(od -An -tx1 -N4 "$out/lava/$v/$d" | tr -d ' ')" = d00dfeed ]; then
			ok "$v: the board job deploys $d, a device tree beside it"
		else nok "$v: the board job's $d is not deployed or not a device tree"; fi
	elif grep -q '^    dtb:' "$out/lava/$v/job-board.yaml"; then
		nok "$v: a board job deploys a dtb the architecture has none of"
	fi
done

# What KernelCI's kselftest wrapper makes of the native KTAP.
for v in $runs; do
	if /usr/bin/python3 "$here/../tests/kselftest-reading.py" \
	    "$out/$v/results.txt" "$kunit" >"$t/ks" 2>&1; then
		ok "$v: kselftest.sh reads $(cat "$t/ks")"
	else
		nok "$v: kselftest.sh's reading"; cat "$t/ks"
	fi
done
echo "1..$n"
exit $fail
