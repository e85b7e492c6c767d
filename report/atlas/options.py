#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The options the atlas turns off, one at a time: those issue 29 names
(named.list) and every option the tree shows gating a syscall entry point
(lost-syscalls.py --absent against an empty config) that Kconfig lets a
configuration change (a prompt, under this architecture's arch/ or
outside arch/).  An option named in excluded.tsv stays as the baseline
has it, for the reason given there; every other one is on in the
baseline and off in its own variant, so a new kernel's new option is
measured without anyone adding it.  An option the tree does not define
(BASE_FULL after 6.9), or derives without a prompt (BASE_SMALL before
6.10, an int set by BASE_FULL), is left out with a line on stderr.

Kconfig's select overrides "off": an option another option of the atlas
selects unconditionally (RSEQ selects MEMBARRIER) is turned off with it,
and its row says so; one the architecture's own symbol selects (X86
selects PERF_EVENTS) cannot be turned off there and is excluded, saying
why.

usage: options.py SRCTREE KARCH TBL64 TBL32 ABI64 ABI32
       options.py --fragment SRCTREE KARCH TBL64 TBL32 ABI64 ABI32

Prints one line per option: option, origin (named, tree or both), the
entry points it gates with an empty config, its value in the baseline
(y or n), the value its variant gives it, "excluded: why" or "-", and
the options its variant turns off with it (comma-separated) or "-".
With --fragment, the baseline's Kconfig fragment.
"""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CONFIG = re.compile(r'^\s*(?:menu)?config\s+(\w+)')
PROMPT = re.compile(r'^\s*(?:bool|tristate|prompt)\s+"')
SELECT = re.compile(r'^\s*select\s+(\w+)\s*(?:#.*)?$')


def kconfig_symbols(src, karch):
    """(defined, with a prompt, selected): the symbols of the tree's
    Kconfig files, other architectures' folders left out; selected maps a
    symbol to the (symbol, file) pairs that select it unconditionally."""
    defined, prompted, selected = set(), set(), {}
    # kbuild's ARCH=x86_64 has its Kconfig in arch/x86.
    karch = {'x86_64': 'x86', 'i386': 'x86'}.get(karch, karch)
    for root, dirs, files in os.walk(src):
        rel = os.path.relpath(root, src)
        dirs[:] = sorted(d for d in dirs if not d.startswith('.') and
                         (rel != 'arch' or d == karch))
        for f in files:
            if not f.startswith('Kconfig'):
                continue
            sym = None
            with open(os.path.join(root, f), errors='replace') as fh:
                for line in fh:
                    m = CONFIG.match(line)
                    sel = SELECT.match(line)
                    if m:
                        sym = m.group(1)
                        defined.add(sym)
                    elif sym and PROMPT.match(line):
                        prompted.add(sym)
                    elif sym and sel:
                        selected.setdefault(sel.group(1), []).append(
                            (sym, os.path.relpath(os.path.join(root, f), src)))
    return defined, prompted, selected


def read_list(path, lo, hi):
    """Lines of PATH without comments, split on tabs into LO to HI fields."""
    rows = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.split('#')[0].rstrip()
            if not line:
                continue
            col = [c.strip() for c in line.split('\t')]
            if not lo <= len(col) <= hi or not re.fullmatch(r'[A-Z0-9_]+', col[0]):
                sys.exit('%s:%d: want an option and %d to %d tab-separated fields'
                         % (path, n, lo - 1, hi - 1))
            rows.append(col)
    return rows


def main():
    args = sys.argv[1:]
    fragment = args[:1] == ['--fragment']
    args = args[1:] if fragment else args
    if len(args) != 6:
        sys.exit('usage: ' + __doc__.split('usage: ')[1].split('\n\n')[0])
    src, karch, t64, t32, a64, a32 = args
    named = {r[0]: (r[1] if len(r) > 1 else 'n')
             for r in read_list(os.path.join(HERE, 'named.list'), 1, 2)}
    excluded = {r[0]: r[1]
                for r in read_list(os.path.join(HERE, 'excluded.tsv'), 2, 2)}
    tsv = subprocess.run([sys.executable,
                          os.path.join(HERE, '..', 'lost-syscalls.py'),
                          '--absent', src, os.devnull, t64, t32, a64, a32],
                         check=True, capture_output=True, text=True).stdout
    gates = {}
    for line in tsv.splitlines():
        opt = line.split('\t')[3]
        if opt.startswith('CONFIG_'):
            gates[opt[7:]] = gates.get(opt[7:], 0) + 1
    defined, prompted, selected = kconfig_symbols(src, karch)
    tree = {o for o in gates if o in prompted}
    atlas = {o for o in set(named) | tree
             if o in prompted and o not in excluded}
    # The architecture's own symbol: arch/x86/Kconfig's X86, no prompt.
    root = 'arch/%s/Kconfig' % {'x86_64': 'x86', 'i386': 'x86'}.get(karch, karch)
    for opt in sorted(set(named) | tree):
        if opt not in prompted:
            print('atlas: %s (named.list) is %s; left out' % (opt,
                  'not in this tree' if opt not in defined else
                  'derived here, with no prompt'), file=sys.stderr)
            continue
        origin = 'both' if opt in tree and opt in named else \
            'tree' if opt in tree else 'named'
        tiny = named.get(opt, 'n')
        base = 'n' if tiny == 'y' else 'y'
        why = excluded.get(opt)
        by = selected.get(opt, [])
        arch = [s for s, f in by if f == root and s not in prompted]
        if arch and not why:
            why = 'selected by %s (%s): this architecture has no kernel ' \
                'without it' % (arch[0], root)
        also = sorted({s for s, f in by if s in atlas})
        if fragment:
            # On in the baseline all the same: its selector has it on.
            if not excluded.get(opt):
                print('CONFIG_%s=y' % opt if base == 'y'
                      else '# CONFIG_%s is not set' % opt)
            continue
        print('%s\t%s\t%d\t%s\t%s\t%s\t%s' % (
            opt, origin, gates.get(opt, 0), base, tiny,
            'excluded: ' + why if why else '-', ','.join(also) or '-'))


if __name__ == '__main__':
    main()
