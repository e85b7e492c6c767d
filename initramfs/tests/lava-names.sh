#!/bin/sh
# Names that reach LAVA: muprobe-lava (initramfs/lava/ktap-cases) on a
# payload whose names and verdict words are hostile records every case
# under a name LAVA accepts and never runs what the payload printed; the
# job renderer quotes a URL for YAML and refuses names that are not words.
#
# usage: lava-names.sh
set -eu
here=$(cd "$(dirname "$0")/../lava" && pwd)
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
mkdir -p "$t/pl" "$t/bin" "$t/tmp"
cat >"$t/probe.ktap" <<'KTAP'
KTAP version 1
1..4
# a(b verdict=same
ok 1 a(b
# $(touch${IFS}PWNED1) verdict=loud
not ok 2 $(touch${IFS}PWNED1)
# x;touch${IFS}PWNED2 verdict=$(touch${IFS}PWNED3)
not ok 3 x;touch${IFS}PWNED2
    KTAP version 1
    # Subtest: s`touch${IFS}PWNED4`
    1..1
    ok 1 "q'uote
ok 4 s`touch${IFS}PWNED4`
KTAP
printf '#!/bin/sh\ncat %s\n' "$t/probe.ktap" >"$t/pl/20-probe"
printf '#!/bin/sh\nfor a; do printf "[%%s]" "$a"; done; echo\n' >"$t/bin/lava-test-case"
printf '#!/bin/sh\nprintf "set"; for a; do printf "[%%s]" "$a"; done; echo\n' >"$t/bin/lava-test-set"
chmod +x "$t/pl/20-probe" "$t/bin/lava-test-case" "$t/bin/lava-test-set"
rc=0
(cd "$t/tmp" && PATH=$t/bin:$PATH MUPROBE_PAYLOADS=$t/pl MUPROBE_TMP=$t/tmp \
	busybox sh "$here/ktap-cases" probe) >"$t/out" 2>&1 || rc=$?
n=0 fails=0
check() {
	n=$((n + 1))
	if eval "$2"; then echo "ok $n $1"; else echo "not ok $n $1"; fails=$((fails + 1)); fi
}
check "exit 0" '[ $rc -eq 0 ]'
check "nothing the payload printed was run" \
	'[ -z "$(find "$t" -name "PWNED*")" ]'
check "every case recorded, the complete case last and passing" \
	'[ "$(grep -c "^\[" "$t/out")" = 6 ] &&
	 [ "$(grep "^\[" "$t/out" | tail -n 1)" = "[probe.complete][--result][pass]" ]'
check "names keep only LAVA's characters" \
	'grep -qxF "[a_b][--result][pass]" "$t/out" &&
	 grep -qxF "[__touch__IFS_PWNED1_][--result][fail]" "$t/out" &&
	 grep -qxF "[x_touch__IFS_PWNED2][--result][fail]" "$t/out" &&
	 grep -qxF "[s_touch__IFS_PWNED4_._q_uote][--result][pass]" "$t/out" &&
	 ! grep "^\[" "$t/out" | grep -q "[^][A-Za-z0-9._-]"'
check "a hostile verdict word is a set name of safe characters" \
	'grep -qxF "set[start][__touch__IFS_PWNED3_]" "$t/out"'

render() { # URL [VAR=VALUE]: render.sh's exit status, jobs in $t/job
	rm -rf "$t/job"
	env ${2:+"$2"} "$here/render.sh" 6.1 tiny multiuser "$1" "$t/job" bzImage \
		2>"$t/rerr"
}
rc=0; render "http://lab.example/a'b&c=d" || rc=$?
check "a URL with ' and & is one single-quoted YAML scalar" \
	'[ $rc -eq 0 ] && /usr/bin/python3 -c "
import sys, yaml
j = yaml.safe_load(open(sys.argv[1]))
urls = [a[\"deploy\"][\"images\"][k][\"url\"] for a in j[\"actions\"] if \"deploy\" in a for k in (\"kernel\", \"ramdisk\")]
assert urls == [\"http://lab.example/a\x27b&c=d/bzImage\", \"http://lab.example/a\x27b&c=d/initramfs.cpio\"], urls
" "$t/job/job-qemu.yaml"'
for bad in "http://lab.example/a b" "http://x/\$(id)\"" ; do
	rc=0; render "$bad" || rc=$?
	check "URL '$bad': exit 2, one line, no job" \
		'[ $rc -eq 2 ] && [ "$(wc -l <"$t/rerr")" = 1 ] && [ ! -e "$t/job/job-qemu.yaml" ]'
done
rc=0; render http://lab.example "LAVA_DEVICE_TYPE=up2: {x}" || rc=$?
check "a device type that is not a word: exit 2 naming it" \
	'[ $rc -eq 2 ] && grep -q "LAVA_DEVICE_TYPE" "$t/rerr"'

# results.py on input it cannot use: exit 2, one line, no traceback.
echo '{}' >"$t/empty.json"
echo '[1' >"$t/cut.json"
printf '@@ muprobe-guest 1\n' >"$t/cut.txt"
for c in "a missing LAVA file@$t/none.json $t/cut.txt $t/empty.json" \
	"a cut JSON file@$t/cut.json $t/cut.txt $t/empty.json" \
	"a cut native run@$t/empty.json $t/cut.txt $t/empty.json"; do
	what=${c%%@*} args=${c#*@}
	rc=0
	# shellcheck disable=SC2086
	/usr/bin/python3 "$here/results.py" compare $args multiuser \
		"$here/../../build/none/kunit.py" >"$t/out" 2>"$t/err" || rc=$?
	check "results.py compare, $what: exit 2, one line" \
		'[ $rc -eq 2 ] && [ "$(wc -l <"$t/err")" = 1 ] && ! grep -q Traceback "$t/err"'
done
echo "$((n - fails)) passed, $fails failed"
[ $fails -eq 0 ]
