#!/bin/sh
# atlas.py and schema.py on fixtures: per-option reports as mureport
# writes them (the fields the atlas reads), an option without one, an
# excluded one.  The ranking puts the silent option first; the missing one
# is a row saying so; schema.py takes the result and names each fault of
# broken copies.
#
# usage: unit.sh WORKDIR
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
work=$1
rm -rf "$work" && mkdir -p "$work"
n=0 fails=0
ok() { n=$((n + 1)); echo "ok $n $1"; }
bad() { n=$((n + 1)); fails=$((fails + 1)); echo "not ok $n $1"; }
report() { # OPTION BYTES LOST SILENT_VERDICT APP_VERDICT [SKIPPED_VERDICT]
	mkdir -p "$work/off-$1/report"
	cat >"$work/off-$1/report/report.json" <<JSON
{"kernel": {"package": "6.12.0-fixture"},
 "variants": [{"name": "multiuser", "status": "complete"},
              {"name": "off-$1", "status": "complete"}],
 "sizes": [{"bloat_o_meter": {"total": -$2}}],
 "summary": {"syscalls": {"x86_64": {"lost": $3}, "ia32": {"lost": 0}}},
 "fallout": {"groups": {"g": ["DEP_OF_$1"]}},
 "probes": [{"id": "p.one", "verdict": {"multiuser": "same", "off-$1": "$4"},
             "reason": {"off-$1": "what came back"}},
            {"id": "p.two", "verdict": {"multiuser": "same", "off-$1": "same"},
             "reason": {"off-$1": "as Linux"}},
            {"id": "p.three", "verdict": {"multiuser": "same", "off-$1": "${6:-same}"},
             "reason": {"off-$1": "EINVAL; kernel built without X"}},
            {"id": "p.four", "verdict": {"multiuser": "skip", "off-$1": "same"},
             "reason": {"off-$1": "as Linux"}}],
 "applications": [{"id": "corpus.a", "verdict": {"multiuser": "works", "off-$1": "$5"},
                   "call": {"off-$1": "x() = -1 ENOSYS"}}]}
JSON
}
report LOUDONE 9000 3 loud loud skip
report SILENTONE 100 0 silent works
printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' LOUDONE tree 3 y n - SELECTOR SILENTONE named 0 y n - - \
	MISSING named 0 y n - - GONE tree 1 y n 'excluded: a reason' - >"$work/options.tsv"
python3 "$here/atlas.py" "$work/options.tsv" "$work" x86_64 6.12
a=$work/atlas.json
order=$(python3 -c 'import json,sys; print(" ".join(r["option"] for r in json.load(open(sys.argv[1]))["options"]))' "$a")
[ "$order" = "SILENTONE LOUDONE MISSING" ] && ok "silent first, then by bytes per ABI lost, unmeasured last" ||
	bad "order: $order"
python3 - "$a" <<'PY' && ok "the figures are the reports'" || bad "the figures"
import json, sys
r = {o['option']: o for o in json.load(open(sys.argv[1]))['options']}
l = r['LOUDONE']
assert l['bytes_saved'] == 9000 and l['abi_lost'] == 5 and l['bytes_per_abi'] == 1800, l
# p.three: judged in the baseline, skipped without the option (loud);
# p.four: skipped in the baseline, like Linux without it (nothing lost).
assert [p['id'] for p in l['probes_loud']] == ['p.one', 'p.three'] and not l['probes_silent']
assert l['probes_loud'][1]['variant'] == 'skip'
assert l['programs_changed'][0]['call'] == 'x() = -1 ENOSYS'
assert l['fallout'] == ['DEP_OF_LOUDONE'] and l['programs_measured'] == 1
assert l['turned_off_with'] == ['SELECTOR'] and 'turned_off_with' not in r['SILENTONE']
s = r['SILENTONE']
assert [p['reason'] for p in s['probes_silent']] == ['what came back'] and not s['programs_changed']
assert r['MISSING']['status'] == 'not measured' and 'off-MISSING' in r['MISSING']['reason']
assert 'ATLAS_OPTIONS=LOUDONE' in l['command']
assert l['package'] == '6.12.0-fixture' and 'package' not in r['MISSING']
PY
grep -q "^Measured on Debian's kernel source 6.12.0-fixture; 2 of 3 options measured.$" "$work/atlas.md" &&
	ok "Markdown says what was measured, on which package" || bad "Markdown's package line"
grep -q '^| \*\*SILENTONE\*\* | 1 | 0 | 0 | 100 ' "$work/atlas.md" && ok "Markdown row, the silent option in bold" ||
	bad "Markdown row"
grep -q '^| LOUDONE (with SELECTOR) | 0 | 2 | 3 | 9000 ' "$work/atlas.md" &&
	ok "Markdown row of an option turned off with the one selecting it" || bad "Markdown row of LOUDONE"
grep -q '^- GONE: a reason$' "$work/atlas.md" && ok "excluded options listed with why" || bad "excluded"
grep -q '<circle[^>]*fill="#c0392b"><title>SILENTONE' "$work/atlas.html" &&
	ok "the picture marks the silent option" || bad "picture"
grep -q '<td><strong>SILENTONE</strong></td>' "$work/atlas.html" && ! grep -q '\*\*' "$work/atlas.html" &&
	ok "the HTML table shows the silent option bold, no Markdown left" || bad "HTML bold"
grep -q '>LOUDONE</text>' "$work/atlas.html" && ! grep -q '>MISSING</text>' "$work/atlas.html" &&
	ok "the picture labels the options that changed something, and only those measured" || bad "picture labels"
python3 "$here/schema.py" "$a" && ok "schema.py takes atlas.py's output" || bad "schema of the output"
python3 "$here/atlas.py" --render "$a" "$work/render" &&
	cmp -s "$work/render/atlas.md" "$work/atlas.md" && cmp -s "$work/render/atlas.html" "$work/atlas.html" &&
	ok "--render: atlas.json gives the same .md and .html again" || bad "--render"
# A committed atlas from an earlier run: MISSING measured there, LOUDONE
# with other figures (this run's report must win).
python3 - "$a" "$work/kept.json" <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))
r = {o['option']: o for o in a['options']}
r['MISSING'] = dict(r['SILENTONE'], option='MISSING', variant='off-MISSING',
                    command=r['MISSING']['command'], package='6.12.0-older')
r['LOUDONE']['bytes_saved'] = 1
a['options'] = list(r.values())
json.dump(a, open(sys.argv[2], 'w'))
PY
mkdir -p "$work/k" && cp -r "$work/off-LOUDONE" "$work/off-SILENTONE" "$work/k/"
python3 "$here/atlas.py" --keep "$work/kept.json" "$work/options.tsv" "$work/k" x86_64 6.12
python3 - "$work/k/atlas.json" "$work/kept.json" <<'PY' && ok "--keep: a row this run lacks is kept and marked; one it measured is its own" || bad "--keep"
import json, sys
a = json.load(open(sys.argv[1]))
r = {o['option']: o for o in a['options']}
assert r['MISSING']['status'] == 'measured' and r['MISSING']['kept_from'] == sys.argv[2], r['MISSING']
assert r['LOUDONE']['bytes_saved'] == 9000 and 'kept_from' not in r['LOUDONE'], r['LOUDONE']
assert a['packages'] == ['6.12.0-fixture', '6.12.0-older'], a['packages']
PY
grep -q "^| \*\*MISSING\*\* (kept) | 1 |" "$work/k/atlas.md" && grep -q "1 of them (kept) taken from $work/kept.json" "$work/k/atlas.md" &&
	ok "--keep: the Markdown marks the kept row and says where from" || bad "--keep Markdown"
# The table now turns MISSING off with another option: the committed
# row measured something else, and is not kept.
sed 's/^MISSING\tnamed\t0\ty\tn\t-\t-$/MISSING\tnamed\t0\ty\tn\t-\tNEWSEL/' "$work/options.tsv" >"$work/k/options.tsv"
python3 "$here/atlas.py" --keep "$work/kept.json" "$work/k/options.tsv" "$work/k/w" x86_64 6.12
python3 - "$work/k/w/atlas.json" "$work/kept.json" <<'PY' && ok "--keep: a row measured with other options off is not kept" || bad "--keep of a row the table now turns off otherwise"
import json, sys
r = {o['option']: o for o in json.load(open(sys.argv[1]))['options']}['MISSING']
assert r['status'] == 'not measured' and 'kept_from' not in r, r
assert r['reason'] == '%s measured it turned off with nothing else, the table now with NEWSEL' % sys.argv[2], r
PY
if python3 "$here/atlas.py" --keep "$work/kept.json" "$work/options.tsv" "$work/k" arm64 6.12 2>"$work/err"; then
	bad "--keep of another architecture's atlas: accepted"
else
	grep -q "not a muprobe-atlas/1 atlas of arm64 6.12" "$work/err" &&
		ok "--keep of another architecture's atlas: $(cat "$work/err")" || bad "--keep arch: $(cat "$work/err")"
fi
# A variant whose corpus guest did not finish (murun without SECCOMP):
# its programs are not run, not changed, and the row says why.
mkdir -p "$work/nr/off-NORUN/report"
python3 - "$work/off-LOUDONE/report/report.json" "$work/nr/off-NORUN/report/report.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
r['variants'][1]['name'] = 'off-NORUN'
for p in r['probes']:
    p['verdict']['off-NORUN'] = p['verdict'].pop('off-LOUDONE')
r['applications'][0]['verdict'] = {'multiuser': 'works', 'off-NORUN': 'missing'}
r['applications_runs'] = {'runs': [
    {'name': 'multiuser', 'status': 'complete', 'reason': ''},
    {'name': 'off-NORUN', 'status': 'incomplete', 'reason': 'corpus rc=125'}]}
json.dump(r, open(sys.argv[2], 'w'))
PY
printf 'NORUN\ttree\t1\ty\tn\t-\t-\n' >"$work/nr/options.tsv"
python3 "$here/atlas.py" "$work/nr/options.tsv" "$work/nr" x86_64 6.12
python3 - "$work/nr/atlas.json" <<'PY' && grep -q '^| NORUN | 0 | 2 | 3 | 9000 | 1800 | 0; 1 not run: corpus rc=125 |' "$work/nr/atlas.md" &&
import json, sys
r = json.load(open(sys.argv[1]))['options'][0]
assert r['programs_changed'] == [] and r['programs_not_run'] == 1, r
assert r['corpus_incomplete'] == 'corpus rc=125', r
PY
	ok "a corpus that did not run: no program changed, the row says why" || bad "corpus not run: $(cat "$work/nr/atlas.md")"
python3 "$here/cover.py" "$work/nr/atlas.json" >"$work/nr/para" &&
	tr '\n' ' ' <"$work/nr/para" | grep -q "NORUN's corpus guest did not finish (corpus rc=125): its programs are not judged" &&
	grep -q '^  NORUN  .* not run (1)$' "$work/nr/para" &&
	ok "cover.py: a corpus that did not run is named, its programs not counted" || bad "cover.py not run: $(cat "$work/nr/para")"
check_bad() { # LABEL PYTHON-EDIT EXPECTED-MESSAGE
	python3 -c "import json,sys; a=json.load(open(sys.argv[1])); $2; json.dump(a, open(sys.argv[2], 'w'))" \
		"$a" "$work/broken.json"
	if python3 "$here/schema.py" "$work/broken.json" 2>"$work/err"; then
		bad "$1: accepted"
	elif grep -q "$3" "$work/err"; then
		ok "$1: $(cat "$work/err")"
	else
		bad "$1: $(cat "$work/err")"
	fi
}
check_bad "a row without its command" "del a['options'][0]['command']" 'SILENTONE: no command'
check_bad "a command measuring another option" \
	"a['options'][0]['command'] = 'make atlas'" 'does not measure it'
check_bad "another schema" "a['schema'] = 'x'" "schema is 'x'"
check_bad "a measured row without its package" "del a['options'][1]['package']" 'LOUDONE: package is not a str'
check_bad "no packages" "del a['packages']" 'no packages'
check_bad "a kept row that does not say where from" "a['options'][1]['kept_from'] = ''" 'LOUDONE: kept_from is empty'
check_bad "an unmeasured row without why" "a['options'][2]['reason'] = ''" 'MISSING: not measured without a reason'
check_bad "bytes that are not a number" "a['options'][1]['bytes_saved'] = '9'" 'bytes_saved is not a int'
# The cover letter's paragraph, from a committed atlas with one more option
# that only takes syscalls away (the sentence after the table names it).
c=$work/cover && mkdir -p "$c/report/golden/x86_64/6.12"
python3 - "$a" "$c/report/golden/x86_64/6.12/atlas.json" <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))
q = dict(a['options'][1], option='QUIET', probes_loud=[], programs_changed=[],
         bytes_saved=77)
del q['turned_off_with']
a['options'].append(q)
json.dump(a, open(sys.argv[2], 'w'))
PY
(cd "$c" && python3 "$here/cover.py" report/golden/x86_64/6.12/atlas.json) >"$c/para"
grep -q '^every such option on), x86_64 and 6.12.0, 3 of 4 options measured so far$' "$c/para" &&
	grep -q '^  LOUDONE+SELECTOR       0     2           3+0      9000   1$' "$c/para" &&
	grep -q '^  *x86_64+ia32     saved   changed, of 1$' "$c/para" &&
	grep -q '^no probe row and no program of the corpus: QUIET (77 bytes, 3+0)\.$' "$c/para" &&
	ok "cover.py: the paragraph's count, rows, corpus size and the options outside the table" ||
	bad "cover.py paragraph: $(cat "$c/para")"
{ printf 'Subject: [PATCH 0/1] x\n\n'; cat "$c/para"; printf '\nThe letter'"'"'s own prose.\n'; } >"$c/letter"
(cd "$c" && python3 "$here/cover.py" --check letter) && ok "cover.py --check: a letter with its atlas's paragraph" ||
	bad "cover.py --check of a letter made from its atlas"
{ printf 'Subject: [PATCH 0/1] x\n\n'; sed '/^The other/,$d' "$c/para" | sed '$d' | sed 's/^\(  LOUDONE+SELECTOR .*\)9000/\19001/'
  printf '\nThe letter'"'"'s own prose.\n'; } >"$c/stale"
if (cd "$c" && python3 "$here/cover.py" --check stale) 2>"$c/err"; then
	bad "cover.py --check of a stale letter: accepted"
else
	grep -q "^cover: stale:[0-9]*: not report/golden/x86_64/6.12/atlas.json's atlas paragraph.*9001" "$c/err" &&
		ok "cover.py --check of a stale letter: $(cat "$c/err")" || bad "cover.py --check: $(cat "$c/err")"
fi
(cd "$c" && python3 "$here/cover.py" --write stale >/dev/null) && cmp -s "$c/stale" "$c/letter" &&
	ok "cover.py --write: the atlas's paragraph in, the letter's own prose kept" ||
	bad "cover.py --write: $(diff "$c/letter" "$c/stale")"
# report/formats.md names every key atlas.py writes, so the format's
# page cannot fall behind the code.
python3 - "$here/../formats.md" "$a" "$work/k/atlas.json" "$work/nr/atlas.json" >"$work/keys" <<'PY'
import json, re, sys
text = open(sys.argv[1]).read()
sec = text.split('## atlas.json', 1)[-1].split('\n## ', 1)[0]
named = set(re.findall(r'[a-z_]+', sec))
keys = set()
for path in sys.argv[2:]:
    a = json.load(open(path))
    keys |= set(a)
    for r in a['options']:
        keys |= set(r)
        for k in ('probes_silent', 'probes_loud', 'programs_changed'):
            for e in r.get(k, []):
                keys |= set(e)
print(' '.join(sorted(keys - named)))
PY
[ -s "$work/keys" ] && [ "$(cat "$work/keys")" = "" ] &&
	ok "report/formats.md names every key of atlas.json" || bad "report/formats.md lacks: $(cat "$work/keys")"
echo "$((n - fails)) passed, $fails failed"
[ $fails -eq 0 ]
