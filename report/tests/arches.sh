#!/bin/sh
# The cross-architecture view and the differ between architectures, read
# against the two JSON reports independently: arches.{json,md} have a
# column per architecture; each report against itself is no change; the
# first architecture against each other one exits 1 exactly when a probe
# verdict or a call both tables have differs (by name, in each one's own
# ABI; each one's own sweep as sweep.own), names each such probe and call,
# and lists the calls one table lacks and the second ABIs' sweeps (ia32, a
# compat ABI not probed) without counting them.
#
# usage: arches.sh MUREPORT BASE KVER ARCH...   (from the project root)
set -eu
mureport=$1 base=$2 kver=$3
shift 3
adir=out/arches/$kver/$base
fail() { echo "FAIL: $*" >&2; exit 1; }
[ -s "$adir/arches.json" ] && [ -s "$adir/arches.md" ] ||
	fail "no $adir/arches.{json,md}"
first=$1
for a in "$@"; do
	r=out/$a/$kver/$base/report.json
	grep -q "^| $a | linux-source-$kver " "$adir/arches.md" ||
		fail "arches.md has no row for $a"
	"$mureport" diff "$r" "$r" >/dev/null || fail "$r against itself: exit $?"
	[ "$a" != "$first" ] || continue
	p=out/$first/$kver/$base/report.json
	rc=0
	"$mureport" diff "$p" "$r" >"$adir/diff-$first-$a.txt" || rc=$?
	python3 - "$p" "$r" "$adir/diff-$first-$a.txt" "$rc" <<'PY'
import json, sys
a, b = (json.load(open(x)) for x in sys.argv[1:3])
out = open(sys.argv[3]).read().splitlines()
rc = int(sys.argv[4])
own = lambda r: r['kernel']['arch']
def calls(r):
    return {x['name']: x for x in r['sweep'] if x['abi'] == own(r)}
ca, cb = calls(a), calls(b)
both = set(ca) & set(cb)
if not both:
    sys.exit('FAIL: the two tables share no call; nothing to compare')
changed = sorted(n for n in both if ca[n]['enosys'] != cb[n]['enosys'])
second = lambda r: 'ia32' if own(r) == 'x86_64' else 'compat'
def probes_of(r):
    """The sweep of its own table as sweep.own; its second ABI's left out."""
    m = {'sweep.' + own(r): 'sweep.own'}
    return {m.get(p['id'], p['id']): p for p in r['probes']
            if p['id'] != 'sweep.' + second(r)}
pa, pb = probes_of(a), probes_of(b)
probes = sorted(i for i in set(pa) & set(pb)
                if any(pa[i].get(k) != pb[i].get(k)
                       for k in ('verdict', 'observed', 'linux')))
probes += sorted(set(pa) ^ set(pb))
for n in changed:
    if not any(l.startswith('  own %s enosys: ' % n) for l in out):
        sys.exit('FAIL: diff does not name call %s (enosys %s -> %s)'
                 % (n, ca[n]['enosys'], cb[n]['enosys']))
for i in probes:
    if not any(l.startswith('  %s' % i) for l in out):
        sys.exit('FAIL: diff does not name probe %s' % i)
only = sorted(set(ca) ^ set(cb))
for n in only:
    if any(l.startswith('  own %s' % n) or l.startswith('  %s %s' % (own(a), n))
           for l in out):
        sys.exit('FAIL: diff counts %s, which one table lacks' % n)
if only and not any(l.startswith("what one architecture's tables lack") for l in out):
    sys.exit('FAIL: diff does not list the %d calls one table lacks' % len(only))
if (changed or probes) and rc != 1:
    sys.exit('FAIL: %d calls and %d probes differ, diff exit %d, not 1'
             % (len(changed), len(probes), rc))
if rc not in (0, 1):
    sys.exit('FAIL: diff exit %d' % rc)
print('%s -> %s: diff exits %d; %d calls in both tables differ, %d probes; '
      '%d calls in one table only, listed' % (own(a), own(b), rc, len(changed),
                                              len(probes), len(only)))
PY
done
echo "arches: $# reports of $kver, each unchanged against itself"
