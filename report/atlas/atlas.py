#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The atlas: one row per option that removes ABI, from the report that
mureport built for it (the baseline against the option's variant), ranked
by bytes saved per piece of ABI lost, the options with silent differences
first.  Nothing here judges a probe or a program: the verdicts are the
report's, made from what the guests printed.

usage: atlas.py [--keep ATLAS.json] OPTIONS_TSV ATLAS_OUT ARCH KVER
       atlas.py --render ATLAS.json DEST

OPTIONS_TSV is report/atlas/options.py's table; ATLAS_OUT holds
off-OPTION/report/report.json for each option measured.  Writes
ATLAS_OUT/atlas.json, atlas.md and atlas.html; an option without a
report is a row saying so, never left out.

--keep: an option this run has no report for takes its measured row from
ATLAS.json (the committed atlas), marked kept_from: a whole atlas is
hours, more than one machine's session, so it is gathered over several
runs; a row measured here always replaces a kept one.  --render writes
DEST/atlas.md and atlas.html again from an atlas.json.
"""
import html
import json
import math
import os
import re
import sys

SCHEMA = 'muprobe-atlas/1'
BASE = 'multiuser'


def load_options(path):
    rows = []
    with open(path) as f:
        for line in f:
            col = line.rstrip('\n').split('\t')
            if len(col) != 7:
                sys.exit('atlas: %s: not options.py output: %r' % (path, line))
            rows.append({'option': col[0], 'origin': col[1],
                         'gates': int(col[2]), 'baseline': col[3],
                         'variant_value': col[4],
                         'excluded': col[5][len('excluded: '):]
                         if col[5] != '-' else None,
                         'with': col[6].split(',') if col[6] != '-' else []})
    return rows


def verdict_of(item, variant):
    return (item.get('verdict') or {}).get(variant, 'missing')


def measure(opt, out, arch, kver, kept):
    """The atlas row of OPT from its report, or its row in the kept
    atlas, or a row naming what is missing."""
    var = 'off-' + opt['option']
    path = os.path.join(out, var, 'report', 'report.json')
    row = {'option': opt['option'], 'origin': opt['origin'],
           'variant': var,
           'command': 'make ARCH=%s KVER=%s ATLAS_OPTIONS=%s atlas'
                      % (arch, kver, opt['option']),
           'report': os.path.relpath(path, out)}
    if opt['with']:
        # Options that select it, off in its variant too: the row is theirs
        # as well.
        row['turned_off_with'] = opt['with']
    old = kept['rows'].get(opt['option'])
    if not os.path.exists(path) and old and old['status'] == 'measured':
        # A row measured with other options off than the table now turns
        # off with it is another measurement: not kept.
        was = old.get('turned_off_with', [])
        if was == opt['with']:
            return dict(old, kept_from=old.get('kept_from') or kept['path'])
        row['status'] = 'not measured'
        row['reason'] = ('%s measured it turned off with %s, the table now '
                         'with %s' % (old.get('kept_from') or kept['path'],
                                      ','.join(was) or 'nothing else',
                                      ','.join(opt['with']) or
                                      'nothing else'))
        return row
    if not os.path.exists(path):
        row['status'] = 'not measured'
        row['reason'] = 'no %s' % row['report']
        return row
    with open(path) as f:
        rep = json.load(f)
    status = {v['name']: v for v in rep.get('variants', [])}
    bad = [n for n in (BASE, var)
           if status.get(n, {}).get('status') != 'complete']
    if bad:
        row['status'] = 'incomplete'
        row['reason'] = '; '.join('%s: %s' % (n, status.get(n, {}).get(
            'reason') or status.get(n, {}).get('status', 'missing'))
                                  for n in bad)
        return row
    sizes = rep.get('sizes') or [{}]
    total = sizes[0].get('bloat_o_meter', {}).get('total')
    lost = {abi: s.get('lost', 0)
            for abi, s in rep.get('summary', {}).get('syscalls', {}).items()}
    silent, loud = [], []
    for p in rep.get('probes', []):
        a, b = verdict_of(p, BASE), verdict_of(p, var)
        # A row the baseline judged and the variant skips lost what it
        # needs with the option (unshare(CLONE_NEWUSER) is EINVAL without
        # NAMESPACES): the call fails, so it is loud.  A variant like Linux
        # where the baseline was not has lost nothing.
        if a == b or b not in ('silent', 'loud', 'broken', 'skip'):
            continue
        entry = {'id': p['id'], 'baseline': a, 'variant': b,
                 'reason': (p.get('reason') or {}).get(var, '')}
        (silent if b == 'silent' else loud).append(entry)
    # A corpus guest that did not finish (murun cannot load its filter
    # without SECCOMP) leaves its programs "missing": not run, so not
    # changed, and the row says why.
    runs = {x.get('name'): x for x in
            (rep.get('applications_runs') or {}).get('runs', [])}
    corpus = runs.get(var, {})
    broken = []
    for app in rep.get('applications', []):
        a, b = verdict_of(app, BASE), verdict_of(app, var)
        if a != b and b != 'missing':
            broken.append({'id': app['id'], 'baseline': a, 'variant': b,
                           'call': (app.get('call') or {}).get(var, '')})
    fallout = rep.get('fallout', {})
    row.update({
        'status': 'measured',
        'package': rep.get('kernel', {}).get('package'),
        'bytes_saved': -total if total is not None else None,
        'syscalls_lost': lost,
        'probes_silent': silent,
        'probes_loud': loud,
        'programs_changed': broken,
        # The corpus this report had: what programs_changed is out of.
        'programs_measured': len(rep.get('applications', [])),
        'programs_not_run': sum(verdict_of(x, var) == 'missing'
                                for x in rep.get('applications', [])),
        'fallout': sorted(o for g in fallout.get('groups', {}).values()
                          for o in g),
    })
    if corpus.get('status') not in (None, 'complete'):
        row['corpus_incomplete'] = corpus.get('reason') or corpus['status']
    abi = sum(lost.values()) + len(silent) + len(loud)
    row['abi_lost'] = abi
    row['bytes_per_abi'] = (row['bytes_saved'] // abi
                            if abi and row['bytes_saved'] is not None else None)
    return row


def rank(row):
    """Silent first, then bytes saved per piece of ABI lost, largest first."""
    m = row['status'] == 'measured'
    return (not m, not (m and row['probes_silent']),
            -(row.get('bytes_per_abi') or 0) if m else 0, row['option'])


def kept_note(rows):
    kept = sorted({r['kept_from'] for r in rows if r.get('kept_from')})
    n = sum(1 for r in rows if r.get('kept_from'))
    return ('; %d of them (kept) taken from %s, measured by an earlier run'
            % (n, ', '.join(kept)) if n else '')


def programs(row):
    n = str(len(row['programs_changed']))
    if row.get('corpus_incomplete'):
        return '%s; %d not run: %s' % (n, row.get('programs_not_run', 0),
                                      row['corpus_incomplete'])
    return n


def markdown(atlas):
    out = ['# Atlas: options that remove ABI, %s %s' % (atlas['arch'],
                                                      atlas['kver']), '',
           'Each option turned off alone against the baseline (BASE=atlas: '
           'tiny (loopback networking included) and every option below on).  '
           '*Silent*: a probe whose call succeeds without what Linux does; '
           '*loud*: one that fails; *ABI lost*: syscalls lost plus probes '
           'changed.  Each row was measured by the command in its report.',
           '', 'Measured on Debian\'s kernel source %s; %d of %d options '
           'measured%s.' % (', '.join(atlas['packages']) or '(none measured)',
                            sum(r['status'] == 'measured'
                                for r in atlas['options']),
                            len(atlas['options']),
                            kept_note(atlas['options'])),
           '',
           '| option | silent | loud | syscalls lost | bytes saved | bytes per ABI lost | programs changed | fallout |',
           '|---|---|---|---|---|---|---|---|']
    for r in atlas['options']:
        if r['status'] != 'measured':
            out.append('| %s | %s: %s | | | | | | |' % (r['option'],
                                                        r['status'], r['reason']))
            continue
        out.append('| %s%s%s%s | %d | %d | %d | %s | %s | %s | %s |' % (
            '**%s**' % r['option'] if r['probes_silent'] else r['option'],
            ' (with %s)' % ' '.join(r['turned_off_with'])
            if r.get('turned_off_with') else '',
            ' (series)' if r['option'] == 'MULTIUSER' else '',
            ' (kept)' if r.get('kept_from') else '',
            len(r['probes_silent']), len(r['probes_loud']),
            sum(r['syscalls_lost'].values()),
            r['bytes_saved'] if r['bytes_saved'] is not None else '?',
            r['bytes_per_abi'] if r['bytes_per_abi'] is not None else '-',
            programs(r), ' '.join(r['fallout']) or '-'))
    out += ['', '## Silent differences', '']
    for r in atlas['options']:
        for p in r.get('probes_silent', []):
            out.append('- %s: `%s`: %s' % (r['option'], p['id'], p['reason']))
    if atlas['excluded']:
        out += ['', '## Not turned off', '']
        out += ['- %s: %s' % (e['option'], e['why']) for e in atlas['excluded']]
    return '\n'.join(out) + '\n'


def picture(atlas):
    """Bytes saved (a log scale: they span three orders of magnitude)
    against programs changed, silent options in red.  Only the options
    that changed a program or have a silent row are labelled: the others
    crowd the axis and are named by their tooltip and the table."""
    pts = [r for r in atlas['options'] if r['status'] == 'measured'
           and r['bytes_saved'] is not None]
    w, h, m = 720, 380, 50
    logs = [math.log10(max(r['bytes_saved'], 1)) for r in pts] or [0]
    lo, hi = math.floor(min(logs)), max(math.ceil(max(logs)),
                                        math.floor(min(logs)) + 1)
    ymax = max([len(r['programs_changed']) for r in pts] + [1])

    def xpos(b):
        return m + (w - m - 60) * (math.log10(max(b, 1)) - lo) / (hi - lo)

    def ypos(n):
        return h - m - (h - m - 20) * n / ymax
    svg = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'role="img" aria-label="bytes saved against programs changed">'
           % (w, h),
           '<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#333"/>'
           % (m, h - m, w - 10, h - m),
           '<line x1="%d" y1="10" x2="%d" y2="%d" stroke="#333"/>'
           % (m, m, h - m),
           '<text x="%d" y="%d" font-size="12">bytes saved (log scale)</text>'
           % (w // 2 - 60, h - 12),
           '<text x="12" y="%d" font-size="12" transform="rotate(-90 12 %d)">'
           'programs changed, of %d</text>'
           % (h // 2 + 60, h // 2 + 60, max([r.get('programs_measured', 0)
                                             for r in pts] + [0]))]
    for e in range(lo, hi + 1):
        svg.append('<text x="%.1f" y="%d" font-size="10" text-anchor="middle">'
                   '%s</text>' % (xpos(10 ** e), h - m + 14, format(10 ** e, ',')))
    for n in sorted({0, ymax}):
        svg.append('<text x="%d" y="%.1f" font-size="10" text-anchor="end">'
                   '%d</text>' % (m - 4, ypos(n) + 4, n))
    placed = []
    for r in sorted(pts, key=lambda r: (r['bytes_saved'], r['option'])):
        x, y = xpos(r['bytes_saved']), ypos(len(r['programs_changed']))
        col = '#c0392b' if r['probes_silent'] else '#2c3e50'
        svg.append('<circle cx="%.1f" cy="%.1f" r="4" fill="%s"><title>%s'
                   '</title></circle>' % (x, y, col, html.escape(r['option'])))
        if not (r['probes_silent'] or r['programs_changed']):
            continue
        # The first height above the point where the label overlaps none
        # placed yet (7.5 px a capital), with a line down to its point.
        wide = 7.5 * len(r['option'])
        for ty in (y - 6 - 12 * k for k in range(30)):
            if ty > 12 and not any(x < px + pw and px < x + wide and
                                   abs(ty - py) < 11
                                   for px, py, pw in placed):
                break
        placed.append((x, ty, wide))
        if ty < y - 6:
            svg.append('<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" '
                       'stroke="#999"/>' % (x, y - 4, x + 2, ty))
        svg.append('<text x="%.1f" y="%.1f" font-size="10" fill="%s">%s</text>'
                   % (x + 2, ty, col, html.escape(r['option'])))
    svg.append('</svg>')
    return '\n'.join(svg)


def cell(text):
    """A Markdown table cell as HTML: its **bold** kept bold."""
    return re.sub(r'\*\*(.+?)\*\*', r'<strong>\1</strong>',
                  html.escape(text.strip()))


def page(atlas, md):
    rows = []
    for line in md.splitlines():
        if line.startswith('|') and not line.startswith('|---'):
            cells = [cell(c) for c in line.strip('|').split('|')]
            tag = 'th' if line.startswith('| option') else 'td'
            rows.append('<tr>' + ''.join('<%s>%s</%s>' % (tag, c, tag)
                                         for c in cells) + '</tr>')
    silent = ''.join('<li>%s: <code>%s</code>: %s</li>' % (
        html.escape(r['option']), html.escape(p['id']),
        html.escape(p['reason'])) for r in atlas['options']
        for p in r.get('probes_silent', []))
    return ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            '<title>Atlas %s %s</title><style>body{font-family:sans-serif;'
            'max-width:70em;margin:auto}table{border-collapse:collapse}'
            'td,th{border:1px solid #ccc;padding:2px 6px}'
            'td:last-child{font-size:smaller;overflow-wrap:anywhere}</style></head>'
            '<body><h1>Atlas: options that remove ABI, %s %s</h1>\n%s\n'
            '<p>Red: an option with a silent difference.</p>\n'
            '<table>%s</table>\n<h2>Silent differences</h2><ul>%s</ul>'
            '</body></html>\n' % (atlas['arch'], atlas['kver'], atlas['arch'],
                                  atlas['kver'], picture(atlas), '\n'.join(rows),
                                  silent))


def load_kept(path, arch, kver):
    if not path:
        return {'path': None, 'rows': {}}
    try:
        with open(path) as f:
            a = json.load(f)
    except (OSError, ValueError) as e:
        sys.exit('atlas: --keep %s: %s' % (path, e))
    if (a.get('schema'), a.get('arch'), a.get('kver')) != (SCHEMA, arch, kver):
        sys.exit('atlas: --keep %s: not a %s atlas of %s %s'
                 % (path, SCHEMA, arch, kver))
    return {'path': path, 'rows': {r['option']: r for r in a['options']}}


def write(atlas, out):
    # A run whose every option failed still writes its rows, each saying why.
    os.makedirs(out, exist_ok=True)
    md = markdown(atlas)
    with open(os.path.join(out, 'atlas.md'), 'w') as f:
        f.write(md)
    with open(os.path.join(out, 'atlas.html'), 'w') as f:
        f.write(page(atlas, md))


def main():
    args = sys.argv[1:]
    if len(args) == 3 and args[0] == '--render':
        with open(args[1]) as f:
            write(json.load(f), args[2])
        return
    keep = None
    if len(args) == 6 and args[0] == '--keep':
        keep, args = args[1], args[2:]
    if len(args) != 4:
        sys.exit('usage: atlas.py [--keep ATLAS.json] OPTIONS_TSV ATLAS_OUT '
                 'ARCH KVER\n       atlas.py --render ATLAS.json DEST')
    tsv, out, arch, kver = args
    opts = load_options(tsv)
    kept = load_kept(keep, arch, kver)
    rows = sorted((measure(o, out, arch, kver, kept)
                   for o in opts if not o['excluded']), key=rank)
    atlas = {'schema': SCHEMA, 'arch': arch, 'kver': kver,
             'baseline': BASE,
             # More than one: options measured on different Debian
             # packages, which the rows' own package fields tell apart.
             'packages': sorted({r['package'] for r in rows
                                 if r.get('package')}),
             'options': rows,
             'excluded': [{'option': o['option'], 'why': o['excluded']}
                          for o in opts if o['excluded']]}
    write(atlas, out)
    with open(os.path.join(out, 'atlas.json'), 'w') as f:
        json.dump(atlas, f, indent=1, sort_keys=True)
        f.write('\n')


if __name__ == '__main__':
    main()
