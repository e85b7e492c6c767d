#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Check atlas.json files (atlas.py's output, the committed ones beside the
goldens): the schema, and that every row names its measurement (the
command and the report it came from) or why it has none.  One line per
fault, naming the file and the option; exit 1 if any.

usage: schema.py ATLAS.json...
"""
import json
import sys

MEASURED = {'package': str, 'bytes_saved': int, 'syscalls_lost': dict, 'probes_silent': list,
            'probes_loud': list, 'programs_changed': list, 'programs_measured': int,
            'fallout': list, 'abi_lost': int}


def faults(path):
    try:
        with open(path) as f:
            a = json.load(f)
    except (OSError, ValueError) as e:
        yield 'cannot read: %s' % e
        return
    if a.get('schema') != 'muprobe-atlas/1':
        yield 'schema is %r, not muprobe-atlas/1' % a.get('schema')
    for k in ('arch', 'kver', 'baseline'):
        if not isinstance(a.get(k), str) or not a.get(k):
            yield 'no %s' % k
    if not isinstance(a.get('packages'), list):
        yield 'no packages'
    if not isinstance(a.get('options'), list) or not a['options']:
        yield 'no options'
        return
    seen = set()
    for r in a['options']:
        o = r.get('option', '?')
        if o in seen:
            yield '%s: twice' % o
        seen.add(o)
        for k in ('command', 'report', 'variant', 'status'):
            if not isinstance(r.get(k), str) or not r.get(k):
                yield '%s: no %s' % (o, k)
        if r.get('command') and 'ATLAS_OPTIONS=%s' % o not in r['command']:
            yield '%s: its command does not measure it: %s' % (o, r['command'])
        if 'turned_off_with' in r and (
                not isinstance(r['turned_off_with'], list) or
                not all(isinstance(o, str) and o for o in r['turned_off_with'])):
            yield '%s: turned_off_with is not a list of options' % o
        if 'corpus_incomplete' in r and (
                not isinstance(r['corpus_incomplete'], str) or
                not r['corpus_incomplete']):
            yield '%s: corpus_incomplete without why' % o
        if 'kept_from' in r and (not isinstance(r['kept_from'], str) or
                                 not r['kept_from']):
            yield '%s: kept_from is empty' % o
        if r.get('status') == 'measured':
            for k, t in MEASURED.items():
                if not isinstance(r.get(k), t):
                    yield '%s: %s is not a %s' % (o, k, t.__name__)
            for p in r.get('probes_silent', []) + r.get('probes_loud', []):
                if not p.get('id') or not p.get('reason'):
                    yield '%s: a probe row without its id and reason' % o
        elif r.get('status') in ('incomplete', 'not measured'):
            if not r.get('reason'):
                yield '%s: %s without a reason' % (o, r['status'])
        else:
            yield '%s: status %r' % (o, r.get('status'))
    for e in a.get('excluded', []):
        if not e.get('option') or not e.get('why'):
            yield 'an excluded option without its name and why'


def main():
    if len(sys.argv) < 2:
        sys.exit('usage: schema.py ATLAS.json...')
    bad = 0
    for path in sys.argv[1:]:
        for f in faults(path):
            print('atlas: %s: %s' % (path, f), file=sys.stderr)
            bad = 1
    sys.exit(bad)


if __name__ == '__main__':
    main()
