#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The cover letters' atlas paragraph, made from a committed atlas.json:
a reviewer reads the table in the letter, so it must be the atlas's and
not a copy that went stale when the atlas grew.

usage: cover.py ATLAS.json          print the paragraph
       cover.py --check LETTER...   each letter's paragraph is its atlas's
       cover.py --write LETTER...   make it so

The paragraph starts at the line "Is MULTIUSER special?" and names the
atlas it cites (report/golden/ARCH/KVER/atlas.md); --check and --write
read that atlas's .json, relative to the current folder.
"""
import json
import re
import sys
import textwrap

START = 'Is MULTIUSER special?'
REST = 'The other '
CITED = re.compile(r'report/golden/[^/\s]+/[^/\s]+/atlas\.md')


def fill(text):
    return textwrap.fill(text, width=72, break_long_words=False,
                         break_on_hyphens=False)


def words(names):
    return ', '.join(names[:-1]) + ' and ' + names[-1] if len(names) > 1 \
        else ''.join(names)


def lost(row, abis):
    return '+'.join(str(row['syscalls_lost'].get(a, 0)) for a in abis)


def name(row):
    """The option, and those its variant turned off with it."""
    return '+'.join([row['option']] + row.get('turned_off_with', []))


def changed(row):
    if row.get('corpus_incomplete'):
        return 'not run (%d)' % row.get('programs_not_run', 0)
    n = len(row['programs_changed'])
    s = sum(1 for p in row['programs_changed'] if p['variant'] == 'silent')
    return '%d (%d silently)' % (n, s) if s else str(n)


def table_rank(row):
    """Silent rows first, then the programs changed, the loud rows, the
    bytes."""
    return (-len(row['probes_silent']), -len(row['programs_changed']),
            -len(row['probes_loud']), -(row['bytes_saved'] or 0),
            row['option'])


def paragraph(atlas, cited):
    arch, kver = atlas['arch'], atlas['kver']
    rows = atlas['options']
    done = sorted((r for r in rows if r['status'] == 'measured'),
                  key=table_rank)
    if not done:
        sys.exit('cover: %s: no option measured, nothing to cite' % cited)
    # The architecture's own entry points first, as the report lists them.
    abis = sorted({a for r in done for a in r['syscalls_lost']},
                  key=lambda a: (a != arch, a))
    totals = {r.get('programs_measured') for r in done}
    of = ', of %d' % totals.pop() if len(totals) == 1 and None not in totals \
        else ''
    ver = ', '.join(sorted({p.split('-')[0] for p in atlas['packages']}))
    mu = next((r for r in done if r['option'] == 'MULTIUSER'), None)
    taken = [o for o in mu['fallout'] if o != 'MULTIUSER'] if mu else []
    intro = ('%s  The same measurement for other options that remove ABI, '
             'each turned off alone against one baseline (tinyconfig with '
             'every such option on), %s and %s, %d of %d options measured%s '
             '(muprobe\'s %s, made by "make atlas").'
             % (START, arch, ver, len(done), len(rows),
                ' so far' if len(done) < len(rows) else '', cited))
    if taken:
        intro += ('  The bytes are against that baseline, so MULTIUSER\'s '
                  'include what it takes with it through Kconfig (%s).'
                  % words(taken))
    shown = [r for r in done if r['probes_silent'] or r['probes_loud'] or
             r['programs_changed'] or r.get('corpus_incomplete')]
    rest = [r for r in done if r not in shown]
    for r in done:
        if r.get('corpus_incomplete'):
            intro += ('  %s\'s corpus guest did not finish (%s): its '
                      'programs are not judged.' % (name(r),
                                                    r['corpus_incomplete']))
    intro += ('  Each measured option with a probe row or a corpus program '
              'it changes:' if rest else '  Each measured option:')
    head = '  %-18s%6s%6s%14s%10s   %s'
    out = [fill(intro), '',
           head % ('option', 'silent', 'loud', 'entries lost', 'bytes',
                   'corpus programs'),
           head % ('', '', '', '+'.join(abis), 'saved', 'changed' + of)]
    for r in (shown if rest else done):
        out.append((head % (name(r), len(r['probes_silent']),
                            len(r['probes_loud']), lost(r, abis),
                            r['bytes_saved'] if r['bytes_saved'] is not None
                            else '?', changed(r))).rstrip())
    if rest:
        rest.sort(key=lambda r: (-(r['bytes_saved'] or 0), r['option']))
        one = len(rest) == 1
        out += ['', fill(REST + '%s entry points away (%s) and %s no '
                         'probe row and no program of the corpus: %s.'
                         % ('option only takes' if one else
                            '%d options only take' % len(rest),
                            '+'.join(abis), 'changes' if one else 'change',
                            words(
                             ['%s (%s bytes, %s)' % (name(r),
                                                     r['bytes_saved'],
                                                     lost(r, abis))
                              for r in rest])))]
    return '\n'.join(out) + '\n'


def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        sys.exit('cover: %s: %s' % (path, e))


def letter(path):
    """The letter's lines, where its paragraph starts and the atlas it
    cites."""
    try:
        with open(path) as f:
            lines = f.read().split('\n')
    except OSError as e:
        sys.exit('cover: %s' % e)
    at = next((i for i, s in enumerate(lines) if s.startswith(START)), None)
    if at is None:
        sys.exit('cover: %s: no paragraph starting "%s"' % (path, START))
    end = lines.index('', at) if '' in lines[at:] else len(lines)
    m = CITED.search(' '.join(lines[at:end]))
    if not m:
        sys.exit('cover: %s:%d: the paragraph cites no report/golden/ARCH/'
                 'KVER/atlas.md' % (path, at + 1))
    return lines, at, m.group(0)


def main():
    args = sys.argv[1:]
    if len(args) == 1 and not args[0].startswith('--'):
        a = load(args[0])
        sys.stdout.write(paragraph(a, 'report/golden/%s/%s/atlas.md'
                                   % (a['arch'], a['kver'])))
        return
    if len(args) < 2 or args[0] not in ('--check', '--write'):
        sys.exit('usage: cover.py ATLAS.json | --check LETTER... | '
                 '--write LETTER...')
    bad = 0
    for path in args[1:]:
        lines, at, cited = letter(path)
        source = cited[:-len('.md')] + '.json'
        want = paragraph(load(source), cited).rstrip('\n').split('\n')
        # The introduction, the table and, when the atlas has options
        # outside the table, the sentence naming them: what follows is
        # the letter's own prose, never replaced.
        end = at
        for part in range(3):
            if part and (end + 1 >= len(lines) or part == 2 and
                         not lines[end + 1].startswith(REST)):
                break
            start = end + 1 if part else at
            end = lines.index('', start) if '' in lines[start:] else len(lines)
        have = lines[at:end]
        if have == want:
            continue
        if args[0] == '--write':
            with open(path, 'w') as f:
                f.write('\n'.join(lines[:at] + want + lines[end:]))
            print('cover: %s: the atlas paragraph from %s' % (path, cited))
            continue
        diff = next((i for i, (h, w) in enumerate(zip(have, want))
                     if h != w), min(len(have), len(want)))
        print('cover: %s:%d: not %s\'s atlas paragraph (make atlas-cover '
              'writes it): has %r, wants %r'
              % (path, at + diff + 1, source,
                 have[diff] if diff < len(have) else '',
                 want[diff] if diff < len(want) else ''), file=sys.stderr)
        bad = 1
    sys.exit(bad)


if __name__ == '__main__':
    main()
