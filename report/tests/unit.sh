#!/bin/sh
# mureport on fixtures: a good pair of variants gives the expected matrix;
# each bad results file (truncated, empty, no end line, garbage, crashed
# guest) marks that variant incomplete with its reason and still lists
# every row; diff exit codes are 0 / 1 / 2 as documented; output is
# byte-identical across runs.
#
# usage: unit.sh MUREPORT
set -eu
mr=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
fx=$(cd "$(dirname "$0")/fixtures" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0 fails=0 n=0
ok() { pass=$((pass + 1)) n=$((n + 1)); echo "ok $n $1"; }
bad() { fails=$((fails + 1)) n=$((n + 1)); echo "not ok $n $1"; }
check() { if eval "$2"; then ok "$1"; else bad "$1"; fi; }
# q FILE EXPR: evaluate a Python expression over the report as r
q() { python3 -c "import json,sys; r=json.load(open(sys.argv[1])); print($2)" "$1"; }

build() { # CASE DEST
	"$mr" build --out "$fx/$1" --build "$fx/build" --sizes "$fx/none" \
		--dest "$2" --base tiny --arch x86_64 --kver 6.1 \
		--package 0-fixture --lost "$fx/lost-syscalls.tsv" \
		multiuser nomultiuser
}

build good "$work/good"
r=$work/good/report.json
rc=0; "$mr" complete "$r" || rc=$?
check "good: complete exits 0" '[ $rc -eq 0 ]'
check "good: both variants complete" \
	'[ "$(q $r "[v[\"status\"] for v in r[\"variants\"]]")" = "['"'"'complete'"'"', '"'"'complete'"'"']" ]'
check "good: chown is silent on nomultiuser" \
	'[ "$(q $r "[p[\"verdict\"][\"nomultiuser\"] for p in r[\"probes\"] if p[\"id\"]==\"own.chown\"][0]")" = silent ]'
check "good: getresuid is loud on nomultiuser" \
	'[ "$(q $r "[p[\"verdict\"][\"nomultiuser\"] for p in r[\"probes\"] if p[\"id\"]==\"uid.getresuid\"][0]")" = loud ]'
check "good: summary counts silent 1, loud 1" \
	'[ "$(q $r "(r[\"summary\"][\"by_variant\"][\"nomultiuser\"][\"silent\"], r[\"summary\"][\"by_variant\"][\"nomultiuser\"][\"loud\"])")" = "(1, 1)" ]'
check "good: setuid is the one lost syscall" \
	'[ "$(q $r "[(s[\"name\"], s[\"result\"][\"nomultiuser\"]) for s in r[\"syscalls\"]]")" = "[('"'"'setuid'"'"', '"'"'ENOSYS'"'"')]" ]'
check "good: scenario changed, with a diff" \
	'q $r "r[\"scenarios\"][0][\"diff\"][\"nomultiuser\"]" | grep -q "^+stderr: id: can.t get groups"'
check "good: fallout lists UID16 and NAMESPACES, not MULTIUSER" \
	'[ "$(q $r "sorted(sum(r[\"fallout\"][\"groups\"].values(), []))")" = "['"'"'NAMESPACES'"'"', '"'"'UID16'"'"']" ]'
check "good: silent rows come first in the Markdown matrix" \
	'[ "$(sed -n "/^## Probe matrix/,/^## /p" $work/good/report.md | grep -m1 "^| \`")" != "" ] &&
	 sed -n "/^## Probe matrix/,/^## /p" $work/good/report.md | grep -m1 "^| \`" | grep -q own.chown'
check "good: HTML is self-contained" \
	'! grep -Eiq "(src|href)=.(https?:)?//" $work/good/report.html && grep -q "<svg" $work/good/report.html'
check "good: HTML has every Markdown table as a table, verdicts and diffs coloured" \
	'python3 report/tests/dom.py $work/good/report.md $work/good/report.html >/dev/null'
check "render: the golden report renders again, .md byte for byte as build wrote it" \
	'$mr render --dest $work/render/new/ $r &&
	 cmp -s $work/render/new/report.md $work/good/report.md &&
	 cmp -s $work/render/new/report.html $work/good/report.html'
rc=0; "$mr" render --dest "$r/x" "$r" 2>"$work/e" || rc=$?
check "render: a --dest under a file is one line naming it, exit 1" \
	'[ $rc -eq 1 ] && [ "$(wc -l <$work/e)" -eq 1 ] &&
	 grep -q "cannot make $r/x: " $work/e'
check "good: the lost syscall names the option that took it" \
	'[ "$(q $r "r[\"syscalls\"][0][\"note\"]")" = "compiled out with CONFIG_MULTIUSER (kernel/sys.c)" ]'
check "good: the sweep section lists every call, ENOSYS where it was" \
	'[ "$(q $r "[(s[\"name\"], s[\"enosys\"]) for s in r[\"sweep\"] if s[\"name\"]==\"setuid\"]")" = "[('"'"'setuid'"'"', ['"'"'nomultiuser'"'"'])]" ]'
printf 'x86_64 setuid\n' >"$work/lost.bad"
rc=0; "$mr" build --out "$fx/good" --build "$fx/build" --sizes "$fx/none" \
	--dest "$work" --base tiny --arch x86_64 --kver 6.1 --package 0 \
	--lost "$work/lost.bad" multiuser nomultiuser 2>"$work/e" || rc=$?
check "good: a malformed --lost file is a named error" \
	'[ $rc -ne 0 ] && grep -q "lost.bad:1:" "$work/e" && [ ! -e "$work/report.json" ]'
# --absent: why the baseline itself lacks a call, only where its guest
# said ENOSYS.  read made ENOSYS on both variants; setuid listed too, but
# the baseline answered it.
mkdir -p "$work/abs" "$work/absr"
cp -r "$fx/good/multiuser" "$fx/good/nomultiuser" "$work/abs/"
sed -i 's/sweep.x86_64.read result=EBADF/sweep.x86_64.read result=ENOSYS/' \
	"$work/abs/multiuser/results.txt" "$work/abs/nomultiuser/results.txt"
printf 'x86_64\tread\tsys_read\tCONFIG_FIXTURE_IO\tfs/read_write.c\nx86_64\tsetuid\tsys_setuid\tCONFIG_MULTIUSER\tkernel/sys.c\nia32\tbdflush\t-\t-\t-\n' \
	>"$work/absent.tsv"
"$mr" build --out "$work/abs" --build "$fx/build" --sizes "$fx/none" \
	--dest "$work/absr" --base tiny --arch x86_64 --kver 6.1 --package 0 \
	--lost "$fx/lost-syscalls.tsv" --absent "$work/absent.tsv" \
	multiuser nomultiuser
check "absent: the baseline's ENOSYS call says which option it lacks" \
	'[ "$(q $work/absr/report.json "[s.get(\"why\") for s in r[\"sweep\"] if s[\"name\"]==\"read\"][0]")" = "not built: CONFIG_FIXTURE_IO is off (fs/read_write.c)" ]'
check "absent: a call the baseline's guest answered gets no reason (the guest wins)" \
	'[ "$(q $work/absr/report.json "[s.get(\"why\") for s in r[\"sweep\"] if s[\"name\"]==\"setuid\"][0]")" = None ]'
check "absent: the Markdown groups what the baseline lacks by reason" \
	'grep -q "^### What the baseline lacks too" "$work/absr/report.md" &&
	 grep -qF -- "- not built: CONFIG_FIXTURE_IO is off (fs/read_write.c): \`x86_64 read\`" "$work/absr/report.md"'
rc=0; "$mr" build --out "$fx/good" --build "$fx/build" --sizes "$fx/none" \
	--dest "$work" --base tiny --arch x86_64 --kver 6.1 --package 0 \
	--lost "$work/absent.tsv" multiuser nomultiuser 2>"$work/e" || rc=$?
check "absent: its no-option lines are a named error as --lost" \
	'[ $rc -ne 0 ] && grep -q "absent.tsv:3: not ABI NAME ENTRY CONFIG_X FILE" "$work/e"'
printf 'x86_64\tread\tsys_read\tFIXTURE_IO\tfs/read_write.c\n' >"$work/absent.bad"
rc=0; "$mr" build --out "$fx/good" --build "$fx/build" --sizes "$fx/none" \
	--dest "$work" --base tiny --arch x86_64 --kver 6.1 --package 0 \
	--absent "$work/absent.bad" multiuser nomultiuser 2>"$work/e" || rc=$?
check "absent: a malformed --absent file is a named error" \
	'[ $rc -ne 0 ] && grep -q "absent.bad:1: not ABI NAME ENTRY CONFIG_X|- FILE" "$work/e"'
mkdir -p "$work/sz"
"$mr" build --out "$fx/good" --build "$fx/build" --sizes "$fx/sizes" \
	--dest "$work/sz" --base tiny --arch x86_64 --kver 6.1 --package 0 \
	--pair multiuser:nomultiuser multiuser nomultiuser
check "sizes: one-side symbols count, largest removal first" \
	'[ "$(q $work/sz/report.json "[(t[\"symbol\"], t[\"old\"], t[\"new\"]) for t in r[\"sizes\"][0][\"bloat_o_meter\"][\"largest_removals\"]]")" = "[('"'"'__do_sys_setgroups'"'"', 596, 0), ('"'"'__x64_sys_setuid'"'"', 536, 0), ('"'"'pipe_resize_ring'"'"', 241, 240)]" ]'
check "sizes: additions include a symbol new on the right" \
	'[ "$(q $work/sz/report.json "[t[\"symbol\"] for t in r[\"sizes\"][0][\"bloat_o_meter\"][\"largest_additions\"]]")" = "['"'"'CSWTCH'"'"', '"'"'__x64_sys_new'"'"']" ] &&
	 grep -q "| \`__do_sys_setgroups\` | 596 | 0 | -596 |" $work/sz/report.md'
rows=$(q $r "len(r[\"probes\"])")
build good "$work/again"
check "good: byte-identical on a second run" \
	'cmp -s $work/good/report.json $work/again/report.json && cmp -s $work/good/report.md $work/again/report.md'
check "good: no host paths in the report" \
	'! grep -q "$fx" $work/good/report.json'

for c in truncated:truncated empty:empty noend:"end line" garbage:garbage crashed:"guest run failed" badutf8:"invalid UTF-8 in nomultiuser/results.txt line 14"; do
	case=${c%%:*} why=${c#*:}
	build "$case" "$work/$case"
	r=$work/$case/report.json
	check "$case: nomultiuser incomplete, reason says '$why'" \
		'q $r "r[\"variants\"][1][\"status\"] + \" \" + r[\"variants\"][1][\"reason\"]" | grep -q "^incomplete .*$why"'
	check "$case: every probe still listed" \
		'[ "$(q $r "len(r[\"probes\"])")" = "$rows" ]'
	rc=0; "$mr" complete "$r" 2>"$work/e" || rc=$?
	check "$case: complete exits 1 with one line naming the variant" \
		'[ $rc -eq 1 ] && [ "$(wc -l <"$work/e")" = 1 ] && grep -q "nomultiuser is incomplete: .*$why" "$work/e"'
	check "$case: counts cover complete variants only, and say so" \
		'[ "$(q $r "(r[\"summary\"][\"counted_over\"], r[\"summary\"][\"syscalls\"][\"x86_64\"][\"lost\"], r[\"summary\"][\"scenarios_changed\"])")" = "(['"'"'multiuser'"'"'], 0, 0)" ] &&
		 grep -q "cover complete variants only" $work/$case/report.md'
	check "$case: the Markdown says incomplete" \
		'grep -q "nomultiuser is incomplete" $work/$case/report.md'
done

# A .raw/.libc pair is one behaviour: counted once when both rows agree
# (multiuser), as split when they do not (nomultiuser).
pair() { # SRC DST VERDICT_RAW VERDICT_LIBC
	python3 - "$@" <<'PY'
import re, sys
src, dst, vr, vl = sys.argv[1:5]
out = []
for line in open(src):
    line = {'1..3\n': '1..5\n'}.get(line, line)
    line = re.sub(r'^(not ok|ok) 3 sweep', r'\1 5 sweep', line)
    out.append(line)
    if re.match(r'^(not )?ok 2 own\.chown', line):
        for n, (suf, v) in enumerate((('raw', vr), ('libc', vl)), 3):
            i = 'setid.pair.' + suf
            out.append('# %s cat=setid\n# %s desc=d\n# %s linux=l\n' % (i, i, i))
            out.append('# %s verdict=%s\n# %s reason=r\n' % (i, v, i))
            out.append('%s %d %s\n' % ('ok' if v == 'same' else 'not ok', n, i))
open(dst, 'w').write(''.join(out))
PY
}
mkdir -p "$work/pairfx/multiuser" "$work/pairfx/nomultiuser" "$work/pair"
pair "$fx/good/multiuser/results.txt" "$work/pairfx/multiuser/results.txt" same same
pair "$fx/good/nomultiuser/results.txt" "$work/pairfx/nomultiuser/results.txt" silent loud
"$mr" build --out "$work/pairfx" --build "$fx/build" --sizes "$fx/none" \
	--dest "$work/pair" --base tiny --arch x86_64 --kver 6.1 \
	--package 0-fixture --lost "$fx/lost-syscalls.tsv" \
	multiuser nomultiuser >/dev/null 2>&1 || true
check "summary: 5 rows, 4 behaviours; a disagreeing pair is split" \
	'[ "$(q $work/pair/report.json "r[\"summary\"][\"probes\"]")" = 5 ] &&
	 grep -qx "By behaviour (4):" $work/pair/report.md &&
	 grep -qxF "| multiuser | **0** | 0 | 4 | 0 | 0 | 0 |" $work/pair/report.md &&
	 grep -qxF "| nomultiuser | **1** | 1 | 1 | 0 | 1 | 0 |" $work/pair/report.md'
"$mr" diff "$work/good/report.json" "$work/again/report.json" >/dev/null
check "diff: same report exits 0" '[ $? -eq 0 ]'
rc=0; "$mr" diff "$work/good/report.json" "$work/truncated/report.json" >"$work/d" || rc=$?
check "diff: changed behaviour exits 1, grouped by section" \
	'[ $rc -eq 1 ] && grep -q "^variants:" "$work/d" && grep -q "^probes:" "$work/d"'
python3 -c "import json,sys; r=json.load(open(sys.argv[1])); r['sizes']=[{'from':'a','to':'b'}]; json.dump(r,open(sys.argv[2],'w'))" \
	"$work/good/report.json" "$work/sizes.json"
rc=0; "$mr" diff "$work/good/report.json" "$work/sizes.json" >/dev/null || rc=$?
check "diff: a size change alone exits 0" '[ $rc -eq 0 ]'
rc=0; "$mr" diff --sizes "$work/good/report.json" "$work/sizes.json" >/dev/null || rc=$?
check "diff: --sizes makes it count (exit 1)" '[ $rc -eq 1 ]'
python3 -c "import json,sys; r=json.load(open(sys.argv[1])); r['variants'][0]['memory']='Memory: 1K/2K available'; json.dump(r,open(sys.argv[2],'w'))" \
	"$work/good/report.json" "$work/memory.json"
rc=0; "$mr" diff "$work/good/report.json" "$work/memory.json" >"$work/d" || rc=$?
check "diff: a boot memory change alone exits 0" '[ $rc -eq 0 ]'
rc=0; "$mr" diff --sizes "$work/good/report.json" "$work/memory.json" >"$work/d" || rc=$?
check "diff: --sizes counts the boot memory line (exit 1, named)" \
	'[ $rc -eq 1 ] && grep -q "^variants memory (volatile):" "$work/d"'
echo '{"schema": "other/9"}' >"$work/other.json"
printf '{"schema": "muprobe-report/2", ' >"$work/cut.json"
for f in other cut; do
	rc=0; "$mr" diff "$work/good/report.json" "$work/$f.json" 2>"$work/e" >/dev/null || rc=$?
	check "diff: $f report exits 2 with one line naming it" \
		'[ $rc -eq 2 ] && [ "$(wc -l <"$work/e")" = 1 ] && grep -q "$f.json" "$work/e"'
done
# The same report on a "newer" version whose table has one more call.
python3 -c "
import json,sys
r=json.load(open(sys.argv[1]))
r['kernel']['version']='6.12'
r['sweep'].append({'abi':'x86_64','name':'mseal','nr':462,'enosys':['nomultiuser']})
json.dump(r,open(sys.argv[2],'w'))" "$work/good/report.json" "$work/newer.json"
rc=0; "$mr" diff "$work/good/report.json" "$work/newer.json" >"$work/d" || rc=$?
check "diff: a call new in the table exits 1 and is named" \
	'[ $rc -eq 1 ] && grep -q "^sweep" "$work/d" && grep -qxF "  x86_64 mseal: new (enosys: [\"nomultiuser\"])" "$work/d"'
mkdir -p "$work/v"
"$mr" versions --dest "$work/v" "$work/good/report.json" "$work/newer.json"
check "versions: the step names the call multiuser gained" \
	'[ "$(q $work/v/versions.json "r[\"steps\"][0][\"variants\"][\"multiuser\"][\"syscalls_gained\"]")" = "['"'"'x86_64/mseal'"'"']" ] &&
	 [ "$(q $work/v/versions.json "r[\"steps\"][0][\"variants\"][\"nomultiuser\"][\"syscalls_gained\"]")" = "[]" ]'
check "versions: the Markdown has a column per version" \
	'grep -q "^| variant | 6.1 | 6.12 |" "$work/v/versions.md" && grep -q "^## 6.1 -> 6.12" "$work/v/versions.md"'
# The same report as another architecture's: its own table by its own
# name, ia32 replaced by a compat ABI, one call only x86_64 has.
python3 -c "
import json,sys
r=json.load(open(sys.argv[1]))
r['kernel']['arch']='arm64'
own=[x for x in r['sweep'] if x['abi']=='x86_64']
assert len(own) > 1, 'fixture sweep too small'
gone=own[0]['name']
r['sweep']=[dict(x, abi='arm64', nr=x['nr'] + 1000) for x in own[1:]]
r['syscalls']=[dict(x, abi='arm64') for x in r['syscalls'] if x['abi']=='x86_64' and x['name']!=gone]
r['summary']['syscalls']={'arm64': r['summary']['syscalls']['x86_64'], 'compat': {'calls': 0, 'lost': 0, 'regained': 0}}
for p in r['probes']:
    p['id']={'sweep.x86_64': 'sweep.arm64', 'sweep.ia32': 'sweep.compat'}.get(p['id'], p['id'])
json.dump(r,open(sys.argv[2],'w'))
open(sys.argv[3],'w').write(gone)" "$work/good/report.json" "$work/arm64.json" "$work/gone"
rc=0; "$mr" diff "$work/good/report.json" "$work/arm64.json" >"$work/d" || rc=$?
check "diff across architectures: tables alone differ, exit 0, the call one lacks listed" \
	'[ $rc -eq 0 ] && grep -q "^what one architecture.s tables lack" "$work/d" &&
	 grep -qF "\"$(cat $work/gone)\"" "$work/d" && ! grep -q "^sweep" "$work/d"'
python3 -c "
import json,sys
r=json.load(open(sys.argv[1]))
x=[x for x in r['sweep'] if x['abi']=='arm64'][0]
x['enosys']=['multiuser', 'nomultiuser']
x['why']='not built: CONFIG_FIXTURE is off (fixture.c)'
json.dump(r,open(sys.argv[2],'w'))
open(sys.argv[3],'w').write(x['name'])" "$work/arm64.json" "$work/arm64b.json" "$work/flip"
rc=0; "$mr" diff "$work/good/report.json" "$work/arm64b.json" >"$work/d" || rc=$?
check "diff across architectures: a call both have answering differently exits 1, named" \
	'[ $rc -eq 1 ] && grep -q "^  own $(cat $work/flip) enosys: " "$work/d"'
check "diff across architectures: the changed call says why the new side lacks it" \
	'grep -qF "  own $(cat $work/flip): old: no reason recorded; new: not built: CONFIG_FIXTURE is off (fixture.c)" "$work/d"'
mkdir -p "$work/ab"
"$mr" versions --by arch --dest "$work/ab" "$work/good/report.json" "$work/arm64b.json"
check "arches: the step says why a call is missing on the architecture that lacks it" \
	'[ "$(q $work/ab/arches.json "r[\"steps\"][0][\"syscalls_why\"]")" = "{'"'"'$(cat $work/flip)'"'"': {'"'"'arm64'"'"': '"'"'not built: CONFIG_FIXTURE is off (fixture.c)'"'"'}}" ] &&
	 grep -qF -- "- \`$(cat $work/flip)\` on arm64: not built: CONFIG_FIXTURE is off (fixture.c)" "$work/ab/arches.md"'
mkdir -p "$work/a"
"$mr" versions --by arch --dest "$work/a" "$work/good/report.json" "$work/arm64.json"
check "arches: a column per architecture, each with its own ABI names" \
	'grep -q "^| variant | x86_64 | arm64 |" "$work/a/arches.md" &&
	 grep -q "^| own ABI | x86_64: .* | arm64: .* |" "$work/a/arches.md" &&
	 [ "$(q $work/a/arches.json "(r[\"by\"], r[\"steps\"][0][\"from\"], r[\"steps\"][0][\"to\"])")" = "('"'"'arch'"'"', '"'"'x86_64'"'"', '"'"'arm64'"'"')" ]'
check "arches: the step lists no call as lost for being absent from one table" \
	'[ "$(q $work/a/arches.json "r[\"steps\"][0][\"variants\"][\"multiuser\"][\"syscalls_lost\"]")" = "[]" ]'
rc=0; "$mr" versions --dest "$work/v" "$work/good/report.json" "$work/cut.json" 2>"$work/e" || rc=$?
check "versions: a bad report exits 2 naming it" \
	'[ $rc -eq 2 ] && grep -q "cut.json" "$work/e"'
# Not a complete report: exit 2 naming the file and the section, never 1.
for c in "del r['summary']:summary" "del r['fallout']:fallout" \
	"r['probes']={}:probes" "r['scenarios'][0].pop('id'):scenarios" \
	"r['sweep'].append(3):sweep"; do
	expr=${c%:*} sec=${c##*:}
	python3 -c "import json,sys; r=json.load(open(sys.argv[1])); $expr; json.dump(r,open(sys.argv[2],'w'))" \
		"$work/good/report.json" "$work/broken.json"
	rc=0; "$mr" diff "$work/good/report.json" "$work/broken.json" >/dev/null 2>"$work/e" || rc=$?
	rc2=0; "$mr" diff "$work/broken.json" "$work/broken.json" >/dev/null 2>&1 || rc2=$?
	check "diff: $sec broken ($expr) exits 2 both ways, naming it" \
		'[ $rc -eq 2 ] && [ $rc2 -eq 2 ] && grep -q "broken.json: .*$sec" "$work/e"'
done
# A value of a type or a word the schema does not allow: every command
# exits 2 naming the file and the place (versions crashed on the first two,
# and dropped a column for the third).
for c in "r['sweep'][0]['enosys']=[7]@sweep\[0\].enosys\[0\]" \
	"r['fallout']['groups']={'g':[1]}@fallout.groups.g\[0\]" \
	"del r['summary']['by_variant']@summary.by_variant" \
	"r['summary']['by_variant'].pop('nomultiuser')@summary.by_variant.nomultiuser" \
	"r['probes'][0]['verdict']['multiuser']='fine'@probes\[0\].verdict.multiuser" \
	"r['variants'][0]['status']=1@variants\[0\].status" \
	"r['summary']['by_variant']['multiuser']['silent']='0'@summary.by_variant.multiuser.silent"; do
	expr=${c%%@*} place=${c#*@}
	python3 -c "import json,sys; r=json.load(open(sys.argv[1])); $expr; json.dump(r,open(sys.argv[2],'w'))" \
		"$work/good/report.json" "$work/typed.json"
	for cmd in "versions --dest $work/v $work/good/report.json" \
		"diff $work/good/report.json" "render --dest $work/v" complete; do
		rc=0; "$mr" $cmd "$work/typed.json" >/dev/null 2>"$work/e" || rc=$?
		check "${cmd%% *}: schema ($expr) exits 2 naming the place" \
			'[ $rc -eq 2 ] && [ "$(wc -l <"$work/e")" = 1 ] &&
			 grep -q "typed.json: \.$place" "$work/e"'
	done
done
# Lines lost (or repeated) inside a file that still has its first and last
# lines: the KTAP plans no longer match what was read.
for c in '/^not ok 2 own.chown$/d@result 3 at line 35 follows result 1' \
	'/^    ok 1 read$/d@result 2 at line 32 follows result 0' \
	'/^    # sweep.x86_64.read result/,/^    ok 2 setuid$/d@the plan 1..2 of line 27 has 0 results' \
	's/^ok 3 sweep.x86_64$/&\n&/@repeated: result 3 again'; do
	mkdir -p "$work/lines/multiuser" "$work/lines/nomultiuser" "$work/linesr"
	cp "$fx/good/multiuser/results.txt" "$work/lines/multiuser/"
	sed "${c%%@*}" "$fx/good/nomultiuser/results.txt" >"$work/lines/nomultiuser/results.txt"
	"$mr" build --out "$work/lines" --build "$fx/build" --sizes "$fx/none" \
		--dest "$work/linesr" --base tiny --arch x86_64 --kver 6.1 \
		--package 0 multiuser nomultiuser
	rc=0; "$mr" complete "$work/linesr/report.json" 2>"$work/e" || rc=$?
	check "lines: '${c%%@*}' is incomplete: ${c#*@}" \
		'[ $rc -eq 1 ] && grep -qF "${c#*@}" "$work/e" && grep -q "section probe of nomultiuser/results.txt" "$work/e"'
done
# A render stopped half way (here by a file size limit, SIGXFSZ, as a
# full disk or a kill would) leaves the old set whole and no .tmp file.
mkdir -p "$work/set"
"$mr" render --dest "$work/set" "$work/good/report.json"
cp "$work/set/report.md" "$work/set.md"
md=$(wc -c <"$work/set/report.md")
python3 -c "import json,sys; r=json.load(open(sys.argv[1])); r['context'].append({'scenario': None, 'text': 'x' * 400000}); json.dump(r,open(sys.argv[2],'w'))" \
	"$work/good/report.json" "$work/big.json"
rc=0; (ulimit -f $(((md + 200000) / 1024)); exec "$mr" render --dest "$work/set" "$work/big.json") \
	2>/dev/null || rc=$?
check "render: an interrupted render keeps the old set, leaves no .tmp" \
	'[ $rc -ne 0 ] && cmp -s "$work/set/report.md" "$work/set.md" && [ -z "$(ls "$work/set" | grep tmp)" ]'
# The series' KUnit results (kunit.py --json), one row per case.
mkdir -p "$work/ku" "$work/kures"
"$mr" build --out "$fx/good" --build "$fx/build" --sizes "$fx/none" \
	--dest "$work/ku" --base tiny --arch x86_64 --kver 6.1 --package 0 \
	--kunit "$fx/kunit" multiuser nomultiuser
check "kunit: every case a row, no host path" \
	'[ "$(q $work/ku/report.json "[(k[\"id\"], k[\"status\"]) for k in r[\"kunit\"]]")" = "[('"'"'multiuser: multiuser.multiuser_kuid_test'"'"', '"'"'PASS'"'"'), ('"'"'multiuser: multiuser.multiuser_vfsuid_test'"'"', '"'"'PASS'"'"'), ('"'"'multiuser: multiuser_compat.multiuser_compat_setid_test'"'"', '"'"'PASS'"'"')]" ] &&
	 ! grep -q /host/path "$work/ku/report.json" &&
	 grep -q "^| \`multiuser\` | 3 | 3 | 0 |" "$work/ku/report.md"'
sed 's/"status": "PASS"}/"status": "FAIL"}/' "$fx/kunit/multiuser.json" >"$work/kures/multiuser.json"
"$mr" build --out "$fx/good" --build "$fx/build" --sizes "$fx/none" \
	--dest "$work/kures" --base tiny --arch x86_64 --kver 6.1 --package 0 \
	--kunit "$work/kures" multiuser nomultiuser
rc=0; "$mr" diff "$work/ku/report.json" "$work/kures/report.json" >"$work/d" || rc=$?
check "kunit: a case that stops passing is a change (exit 1), named" \
	'[ $rc -eq 1 ] && grep -qF "multiuser: multiuser_compat.multiuser_compat_setid_test status: \"PASS\" -> \"FAIL\"" "$work/d" &&
	 grep -q "multiuser_compat.multiuser_compat_setid_test\`: FAIL" "$work/kures/report.md"'
echo '{"sub_groups": 3}' >"$work/kures/multiuser.json"
"$mr" build --out "$fx/good" --build "$fx/build" --sizes "$fx/none" \
	--dest "$work/kures" --base tiny --arch x86_64 --kver 6.1 --package 0 \
	--kunit "$work/kures" multiuser nomultiuser
check "kunit: results that are not kunit.py's JSON are said" \
	'grep -q "^| \`multiuser\` | no results: not kunit.py.s JSON" "$work/kures/report.md"'
for f in good truncated empty noend garbage crashed badutf8; do
	rc=0; "$mr" diff "$work/$f/report.json" "$work/$f/report.json" >/dev/null || rc=$?
	check "diff: $f against itself exits 0" '[ $rc -eq 0 ]'
done
python3 -c "import json,sys; r=json.load(open(sys.argv[1])); r['summary']['scenarios_changed']+=1; json.dump(r,open(sys.argv[2],'w'))" \
	"$work/good/report.json" "$work/summ.json"
rc=0; "$mr" diff "$work/good/report.json" "$work/summ.json" >"$work/d" || rc=$?
check "diff: a summary count change exits 1 under summary" \
	'[ $rc -eq 1 ] && grep -q "^summary:" "$work/d"'
rc=0; "$mr" diff "$work/good/report.json" 2>/dev/null || rc=$?
check "diff: bad command line exits 2" '[ $rc -eq 2 ]'

# The corpus (Applications): rows from the guests' own verdicts, a host
# column only for a host run that happened, a cut run named, diffs.
corpus() { # CASE DEST
	mkdir -p "$2"
	"$mr" build --out "$fx/good" --build "$fx/build" --sizes "$fx/none" \
		--dest "$2" --base tiny --arch x86_64 --kver 6.1 \
		--package 0-fixture --lost "$fx/lost-syscalls.tsv" \
		--corpus "$fx/$1" --corpus-base corpus multiuser nomultiuser
}
corpus corpus "$work/corpus"
r=$work/corpus/report.json
check "corpus: three programs, the guests' verdicts per variant" \
	'[ "$(q $r "[(a[\"id\"], a[\"verdict\"][\"multiuser\"], a[\"verdict\"][\"nomultiuser\"]) for a in r[\"applications\"]]")" = "[('"'"'corpus.httpd'"'"', '"'"'works'"'"', '"'"'loud'"'"'), ('"'"'corpus.chown'"'"', '"'"'works'"'"', '"'"'silent'"'"'), ('"'"'corpus.runuser'"'"', '"'"'works'"'"', '"'"'loud'"'"')]" ]'
check "corpus: a loud program keeps the refused call and its message" \
	'[ "$(q $r "r[\"applications\"][0][\"call\"][\"nomultiuser\"]")" = "setgroups(1, ptr) = -1 ENOSYS (kernel)" ] &&
	 [ "$(q $r "r[\"applications\"][0][\"message\"][\"nomultiuser\"]")" = "httpd: setgroups: Function not implemented" ]'
check "corpus: processes as the guest listed them" \
	'[ "$(q $r "r[\"applications\"][0][\"processes\"][\"multiuser\"]")" = "['"'"'httpd uid=33 33 33 33 gid=33 33 33 33 groups=33 capeff=0000000000000000'"'"']" ]'
check "corpus: only the host run that happened has a column" \
	'[ "$(q $r "sorted(r[\"applications\"][1][\"emulated\"].items())")" = "[('"'"'host-murun-nomultiuser'"'"', '"'"'works'"'"')]" ] &&
	 [ "$(q $r "sorted(r[\"applications_runs\"][\"counts\"])")" = "['"'"'host-murun-nomultiuser'"'"', '"'"'multiuser'"'"', '"'"'nomultiuser'"'"']" ]'
check "corpus: counts per run" \
	'[ "$(q $r "r[\"applications_runs\"][\"counts\"][\"nomultiuser\"]")" = "{'"'"'works'"'"': 0, '"'"'loud'"'"': 2, '"'"'silent'"'"': 1, '"'"'cannot'"'"': 0, '"'"'missing'"'"': 0}" ]'
check "corpus: the Markdown has the section, its table and what was refused" \
	'grep -q "^## Applications" $work/corpus/report.md &&
	 grep -q "^| \`chown\` | chown-pkg | tool | works | silent | works |" $work/corpus/report.md &&
	 grep -q "refused: \`setgroups(1, ptr) = -1 ENOSYS (kernel)\`" $work/corpus/report.md'
check "corpus: verdict cells are coloured in the HTML" \
	'grep -q "<td class=.silent.>silent" $work/corpus/report.html'
corpus corpus-cut "$work/corpus-cut"
r2=$work/corpus-cut/report.json
rc=0; "$mr" complete "$r2" 2>"$work/e" || rc=$?
check "corpus: complete exits 1 naming an incomplete corpus run" \
	'[ $rc -eq 1 ] && grep -q "corpus run nomultiuser is incomplete: the corpus did not reach its end line" "$work/e"'
check "corpus: a run without its end line is incomplete, its rows missing" \
	'[ "$(q $r2 "[x[\"status\"] for x in r[\"applications_runs\"][\"runs\"] if x[\"name\"]==\"nomultiuser\"][0]")" = incomplete ] &&
	 [ "$(q $r2 "r[\"applications\"][1][\"verdict\"][\"nomultiuser\"]")" = missing ] &&
	 grep -q "^- nomultiuser: the corpus did not reach its end line" $work/corpus-cut/report.md'
rc=0; "$mr" diff "$r" "$r2" >"$work/d" || rc=$?
check "corpus: diff names a program whose verdict changed (exit 1)" \
	'[ $rc -eq 1 ] && grep -q "^applications:" "$work/d" && grep -q "corpus.chown verdict" "$work/d"'
python3 -c "import json,sys; r=json.load(open(sys.argv[1])); r['kernel']['version']='6.12'; json.dump(r,open(sys.argv[2],'w'))" "$r2" "$work/cut612.json"
mkdir -p "$work/cv"
"$mr" versions --dest "$work/cv" "$r" "$work/cut612.json"
check "versions: the step names the corpus program whose verdict changed" \
	'[ "$(q $work/cv/versions.json "[(x[\"id\"], x[\"from\"], x[\"to\"]) for x in r[\"steps\"][0][\"variants\"][\"nomultiuser\"][\"applications\"]]")" = "[('"'"'corpus.chown'"'"', '"'"'silent'"'"', '"'"'missing'"'"'), ('"'"'corpus.runuser'"'"', '"'"'loud'"'"', '"'"'missing'"'"')]" ] &&
	 grep -q "^| \`corpus.chown\` | silent | missing |" "$work/cv/versions.md"'
# Debian boots: each row judged against multiuser from what the guests
# reported; a cut run is incomplete and its rows missing.
debian() { # CASE DEST
	mkdir -p "$2"
	"$mr" build --out "$fx/good" --build "$fx/build" --sizes "$fx/none" \
		--dest "$2" --base tiny --arch x86_64 --kver 6.12 \
		--package 0-fixture --lost "$fx/lost-syscalls.tsv" \
		--debian "$fx/$1" multiuser nomultiuser
}
debian debian "$work/debian"
rd=$work/debian/report.json
check "debian: each row's verdict on nomultiuser against multiuser" \
	'[ "$(q $rd "[(x[\"id\"], x[\"verdict\"][\"nomultiuser\"]) for x in r[\"debian\"]]")" = "[('"'"'boot'"'"', '"'"'loud'"'"'), ('"'"'ssh.service'"'"', '"'"'like Linux'"'"'), ('"'"'systemd-timesyncd.service'"'"', '"'"'loud'"'"'), ('"'"'cron.service'"'"', '"'"'like Linux'"'"'), ('"'"'mount:/dev/pts'"'"', '"'"'silent'"'"'), ('"'"'login.root'"'"', '"'"'like Linux'"'"'), ('"'"'login.alice'"'"', '"'"'silent'"'"')]" ]'
check "debian: a failed unit's reason has its status and first error" \
	'q $rd "[x[\"reason\"][\"nomultiuser\"] for x in r[\"debian\"] if x[\"id\"]==\"systemd-timesyncd.service\"][0]" | grep -qx "failed (exit-code, status 217): systemd-timesyncd.service: Failed to determine user credentials: Function not implemented, where Linux has active/running"'
check "debian: runs count and name the failed units" \
	'[ "$(q $rd "[(x[\"name\"], x[\"state\"], x[\"failed\"], x[\"counts\"][\"loud\"], x[\"counts\"][\"silent\"]) for x in r[\"debian_runs\"][\"runs\"]]")" = "[('"'"'multiuser'"'"', '"'"'running'"'"', [], 0, 0), ('"'"'nomultiuser'"'"', '"'"'degraded'"'"', ['"'"'systemd-timesyncd.service'"'"'], 2, 2)]" ]'
check "debian: the Markdown section lists loud before silent" \
	'grep -q "^## Debian boots" $work/debian/report.md &&
	 sed -n "/^## Debian boots/,/^## /p" $work/debian/report.md | grep -n "^| \`" | head -n 1 | grep -q "\`boot\` | nomultiuser" &&
	 grep -q "^| \`login.alice\` | nomultiuser | output uid=0(root)" $work/debian/report.md'
debian debian-cut "$work/debian-cut"
rd2=$work/debian-cut/report.json
rc=0; "$mr" complete "$rd2" 2>"$work/e" || rc=$?
check "debian: complete exits 1 naming a cut Debian boot" \
	'[ $rc -eq 1 ] && grep -q "Debian boot nomultiuser is incomplete: truncated" "$work/e"'
check "debian: what the cut run never said is missing" \
	'[ "$(q $rd2 "[x[\"verdict\"][\"nomultiuser\"] for x in r[\"debian\"] if x[\"id\"]==\"login.alice\"][0]")" = missing ]'
rc=0; "$mr" diff "$rd" "$rd2" >"$work/d" || rc=$?
check "debian: diff names a row whose verdict changed (exit 1)" \
	'[ $rc -eq 1 ] && grep -q "^debian:" "$work/d" && grep -q "login.alice verdict" "$work/d"'
rc=0; "$mr" diff "$rd" "$rd" >"$work/d" || rc=$?
check "debian: a report against itself is no change (exit 0)" '[ $rc -eq 0 ]'
python3 -c "import json,sys; r=json.load(open(sys.argv[1])); r['debian_runs']['runs'][1]['seconds']='99.0'; json.dump(r,open(sys.argv[2],'w'))" "$rd" "$work/slow.json"
rc=0; "$mr" diff "$rd" "$work/slow.json" >"$work/d" || rc=$?
check "debian: a slower boot alone is volatile (exit 0)" \
	'[ $rc -eq 0 ] && grep -q "debian runs (volatile: times)" "$work/d"'
debian debian "$work/debian2"
check "debian: the same results give the same bytes" \
	'cmp -s $work/debian/report.json $work/debian2/report.json && cmp -s $work/debian/report.md $work/debian2/report.md'
# --debian-variants: the variants Debian booted, which may be fewer than
# the report's; one named there and never booted is incomplete, named.
debianv() { # LIST DEST
	mkdir -p "$2"
	"$mr" build --out "$fx/good" --build "$fx/build" --sizes "$fx/none" \
		--dest "$2" --base tiny --arch x86_64 --kver 6.12 \
		--package 0-fixture --lost "$fx/lost-syscalls.tsv" \
		--debian "$fx/debian" --debian-variants "$1" multiuser nomultiuser
}
debianv multiuser,nomultiuser "$work/debianv"
check "debian: --debian-variants naming the report's variants changes nothing" \
	'cmp -s $work/debian/report.json $work/debianv/report.json'
debianv multiuser "$work/debianv1"
check "debian: --debian-variants multiuser reports that boot alone" \
	'[ "$(q $work/debianv1/report.json "[x[\"name\"] for x in r[\"debian_runs\"][\"runs\"]]")" = "['"'"'multiuser'"'"']" ]'
debianv multiuser,nomultiuser-strict "$work/debianv2"
"$mr" complete "$work/debianv2/report.json" 2>"$work/err" && rc=0 || rc=$?
check "debian: a variant named but never booted is incomplete, named" \
	'[ $rc -eq 1 ] && grep -q "Debian boot nomultiuser-strict is incomplete: no results" "$work/err"'
# make's first report: written before KUnit and the Debian boots, it says
# so at the top and in their sections, reads neither (the results given
# are ignored) and is refused by complete, diff and versions.
mkdir -p "$work/first"
"$mr" build --pending kunit,debian --out "$fx/good" --build "$fx/build" \
	--sizes "$fx/none" --dest "$work/first" --base tiny --arch x86_64 \
	--kver 6.12 --package 0-fixture --lost "$fx/lost-syscalls.tsv" \
	--kunit "$fx/kunit" --debian "$fx/debian" multiuser nomultiuser
rf=$work/first/report.json
check "pending: the sections are named, their results not read" \
	'[ "$(q $rf "(r[\"pending\"], r[\"kunit\"], \"debian\" in r)")" = "(['"'"'kunit'"'"', '"'"'debian'"'"'], [], False)" ]'
check "pending: the Markdown says so at the top and in both sections" \
	'grep -q "^- \*\*First report\*\*: .*before the in-kernel tests (KUnit) and the Debian boots" $work/first/report.md &&
	 [ "$(awk "/^## /{h=\$0} /^Pending: /{print h}" $work/first/report.md | tr "\n" ";")" = "## Debian boots;## In-kernel tests (KUnit);" ]'
rc=0; "$mr" complete "$rf" 2>"$work/e" || rc=$?
check "pending: complete exits 1 naming each pending section" \
	'[ $rc -eq 1 ] && grep -q "section kunit is pending" "$work/e" && grep -q "section debian is pending" "$work/e"'
rc=0; "$mr" diff "$rd" "$rf" >/dev/null 2>"$work/e" || rc=$?
check "pending: diff refuses a first report (exit 2)" \
	'[ $rc -eq 2 ] && grep -q "^mureport: diff: $rf: section kunit is pending" "$work/e"'
rc=0; "$mr" versions --dest "$work/fv" "$rd" "$rf" 2>"$work/e" || rc=$?
check "pending: versions refuses a first report (exit 2)" \
	'[ $rc -eq 2 ] && grep -q "^mureport: versions: $rf: section debian is pending" "$work/e"'
rc=0; "$mr" build --pending kunit,corpus --out "$fx/good" --build "$fx/build" \
	--sizes "$fx/none" --dest "$work/first2" --base tiny --arch x86_64 \
	--kver 6.12 --package 0 multiuser nomultiuser 2>"$work/e" || rc=$?
check "pending: an unknown section is bad input (exit 2), named" \
	'[ $rc -eq 2 ] && grep -qx "mureport: build: --pending kunit,corpus: .corpus. is not kunit or debian" "$work/e" && [ ! -e "$work/first2/report.json" ]'
# The same corpus report as another architecture's, its build host never
# having run the programs: not a change of behaviour.
python3 -c "
import json,sys
r=json.load(open(sys.argv[1]))
r['kernel']['arch']='arm64'
own=[x for x in r['sweep'] if x['abi']=='x86_64']
r['sweep']=[dict(x, abi='arm64') for x in own]
r['syscalls']=[dict(x, abi='arm64') for x in r['syscalls'] if x['abi']=='x86_64']
r['summary']['syscalls']={'arm64': r['summary']['syscalls']['x86_64'], 'compat': {'calls': 0, 'lost': 0, 'regained': 0}}
for p in r['probes']:
    p['id']={'sweep.x86_64': 'sweep.arm64', 'sweep.ia32': 'sweep.compat'}.get(p['id'], p['id'])
r['applications_runs']['runs']=[x for x in r['applications_runs']['runs'] if x['where']!='host']
for a in r['applications']:
    a['emulated']={}
json.dump(r,open(sys.argv[2],'w'))" "$r" "$work/corpus-arm64.json"
rc=0; "$mr" diff "$r" "$work/corpus-arm64.json" >"$work/d" || rc=$?
check "diff across architectures: host runs one side lacks are volatile, exit 0" \
	'[ $rc -eq 0 ] && grep -q "^applications runs on the build host (volatile):" "$work/d" &&
	 grep -q "^  host-murun-nomultiuser: gone" "$work/d"'
python3 -c "import json,sys; r=json.load(open(sys.argv[1])); r['applications'][0]['message']['nomultiuser']='2026/01/01 other words'; json.dump(r,open(sys.argv[2],'w'))" "$r" "$work/msg.json"
rc=0; "$mr" diff "$r" "$work/msg.json" >"$work/d" || rc=$?
check "corpus: a message alone (dates) is volatile, exit 0" \
	'[ $rc -eq 0 ] && grep -q "no behavioural change" "$work/d"'
build good "$work/nocorpus"
check "corpus: a report without a corpus says so" \
	'[ "$(q $work/nocorpus/report.json "r[\"applications_runs\"][\"status\"]")" = "not run" ] &&
	 grep -q "^Not run: no corpus base" $work/nocorpus/report.md'
python3 -c "import json,sys; r=json.load(open(sys.argv[1])); r['kernel']['version']='6.12'; json.dump(r,open(sys.argv[2],'w'))" "$work/nocorpus/report.json" "$work/nocorpus612.json"
"$mr" versions --dest "$work/cv" "$r" "$work/nocorpus612.json"
check "versions: a step with the corpus on one side only says it is not compared" \
	'[ "$(q $work/cv/versions.json "r[\"steps\"][0][\"applications_note\"]")" = "not compared: the corpus did not run on 6.12" ] &&
	 grep -q "^- corpus programs: not compared: the corpus did not run on 6.12" "$work/cv/versions.md"'
# A variant whose guest found no ia32 entry at all (IA32_EMULATION off):
# the baseline's ia32 calls are lost, not regained, and the row says why.
mkdir -p "$work/ia32/multiuser" "$work/ia32/nomultiuser"
python3 - "$fx/good" "$work/ia32" <<'PY'
import sys
src, dst = sys.argv[1:]
sweep = """    KTAP version 1
    # Subtest: sweep.ia32
    1..2
    # sweep.ia32.read nr=3
    # sweep.ia32.read result=EBADF
    ok 1 read
    # sweep.ia32.gone nr=222
    # sweep.ia32.gone result=ENOSYS
    ok 2 gone
# sweep.ia32 verdict=same
# sweep.ia32 reason=2 syscalls, 1 answer ENOSYS, 0 hung
ok 4 sweep.ia32
"""
skip = """# sweep.ia32 verdict=skip
# sweep.ia32 reason=no ia32 entry (IA32_EMULATION off)
ok 4 sweep.ia32 # SKIP no ia32 entry (IA32_EMULATION off)
"""
for v, add in (('multiuser', sweep), ('nomultiuser', skip)):
    t = open('%s/%s/results.txt' % (src, v)).read()
    t = t.replace('1..3\n', '1..4\n', 1).replace(
        'ok 3 sweep.x86_64\n', 'ok 3 sweep.x86_64\n' + add, 1)
    open('%s/%s/results.txt' % (dst, v), 'w').write(t)
PY
"$mr" build --out "$work/ia32" --build "$fx/build" --sizes "$fx/none" \
	--dest "$work/ia32/report" --base tiny --arch x86_64 --kver 6.1 \
	--package 0-fixture --lost "$fx/lost-syscalls.tsv" multiuser nomultiuser
r=$work/ia32/report/report.json
check "no ia32 entry in a variant: its calls lost, none regained, the row says why" \
	'[ "$(q $r "(r[\"summary\"][\"syscalls\"][\"ia32\"][\"lost\"], r[\"summary\"][\"syscalls\"][\"ia32\"][\"regained\"])")" = "(1, 0)" ] &&
	 [ "$(q $r "[s[\"note\"] for s in r[\"syscalls\"] if s[\"abi\"] == \"ia32\" and s[\"name\"] == \"read\"][0]")" = "no entry for this ABI at all in a variant" ]'
echo "$pass passed, $fails failed"
[ $fails -eq 0 ]
