#!/bin/sh
# The cross-version view and the differ between versions: each report
# against itself is no change (exit 0); each version against the next is a
# change (exit 1) whose output names, in the sweep section, every call one
# table has and the other lacks, as read independently from the two JSON
# files; versions.{json,md} cover every version.
#
# usage: versions.sh MUREPORT ARCH_OUT BASE KVER...
#   (ARCH_OUT/KVER/BASE/report.json each, ARCH_OUT/BASE/versions.*)
set -eu
mureport=$1 aout=$2 base=$3
shift 3
vdir=$aout/$base
fail() { echo "FAIL: $*" >&2; exit 1; }
[ -s "$vdir/versions.json" ] && [ -s "$vdir/versions.md" ] ||
	fail "no $vdir/versions.{json,md}"
prev=
for v in "$@"; do
	r=$aout/$v/$base/report.json
	grep -q "^| $v | linux-source-$v " "$vdir/versions.md" ||
		fail "versions.md has no row for $v"
	"$mureport" diff "$r" "$r" >/dev/null || fail "$r against itself: exit $?"
	if [ -n "$prev" ]; then
		p=$aout/$prev/$base/report.json
		rc=0
		"$mureport" diff "$p" "$r" >"$vdir/diff-$prev-$v.txt" || rc=$?
		[ $rc = 1 ] || fail "diff $prev $v: exit $rc, not 1"
		python3 - "$p" "$r" "$vdir/diff-$prev-$v.txt" "$vdir/versions.json" "$prev" "$v" <<'PY'
import json, sys
a, b = (json.load(open(x)) for x in sys.argv[1:3])
out = open(sys.argv[3]).read().splitlines()
steps = json.load(open(sys.argv[4]))['steps']
key = lambda r: '%s %s' % (r['abi'], r['name'])
ka, kb = {key(r) for r in a['sweep']}, {key(r) for r in b['sweep']}
new, gone = kb - ka, ka - kb
if not new and not gone:
    sys.exit('FAIL: the two sweep tables are identical; nothing to test')
rows = {key(r): r for r in a['sweep'] + b['sweep']}
said = lambda k: json.dumps(rows[k]['enosys'], separators=(',', ':'))
for k in new:
    if '  %s: new (enosys: %s)' % (k, said(k)) not in out:
        sys.exit('FAIL: diff does not name %s as new, with its ENOSYS variants' % k)
for k in gone:
    if '  %s: gone (enosys: %s)' % (k, said(k)) not in out:
        sys.exit('FAIL: diff does not name %s as gone, with its ENOSYS variants' % k)
st = [s for s in steps if s['from'] == sys.argv[5] and s['to'] == sys.argv[6]]
if len(st) != 1:
    sys.exit('FAIL: versions.json has no step %s -> %s' % tuple(sys.argv[5:7]))
mu = st[0]['variants']['multiuser']
enosys = lambda r: 'multiuser' in r['enosys']
want = sorted('%s/%s' % (r['abi'], r['name']) for r in b['sweep']
              if key(r) in new and not enosys(r))
if sorted(mu['syscalls_gained']) != want:
    sys.exit('FAIL: versions.json multiuser gained %s, sweep says %s'
             % (mu['syscalls_gained'], want))
print('%s -> %s: diff exits 1, names %d new and %d gone calls; multiuser gains %d'
      % (sys.argv[5], sys.argv[6], len(new), len(gone), len(want)))
PY
	fi
	prev=$v
done
echo "versions: $# reports, each unchanged against itself"
