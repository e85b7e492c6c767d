#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Which syscall entry points a config change compiles out, and why.

probe/gen-multiuser.sh reads the identity calls out of the MULTIUSER blocks
of kernel/sys.c and friends; it cannot see a call that goes because an
option which depends on MULTIUSER goes (acct with BSD_PROCESS_ACCT, the
lsm_* calls with SECURITY, landlock_* with SECURITY_LANDLOCK).  This reads
where each entry point of the syscall tables is defined, the #if blocks
around its definition and the kbuild lines that build its file and the
folders above it, and names the option that is set in the first .config
and not in the second.  It works from the resolved configs alone, so a
base whose kernels are not built (defconfig in make check) is covered too.

usage: lost-syscalls.py SRCTREE FROM.config TO.config TBL64 TBL32 [ABI64 ABI32]

The tables are probe/gen-tbl.sh's; the ABIs are named as the probe's sweep
names them (default x86_64, ia32).

Prints one line per lost entry: ABI, name, entry point, option, file.
"""
import os
import re
import sys

DEFINE = re.compile(r'^(COMPAT_)?SYSCALL_DEFINE[0-6]\((\w+)')
COND = re.compile(r'^\s*#\s*(ifdef|ifndef|if|elif|else|endif)\b(.*)')
SYM = re.compile(r'CONFIG_(\w+)')


def load_config(path):
    on = set()
    with open(path) as f:
        for line in f:
            m = re.match(r'CONFIG_(\w+)=[ym]', line)
            if m:
                on.add(m.group(1))
    return on


def conditions(text):
    """For each SYSCALL_DEFINE: (entry, [(symbol, wanted), ...])."""
    stack, found = [], []
    for line in text.splitlines():
        m = COND.match(line)
        if m:
            kw, rest = m.group(1), m.group(2)
            if kw in ('ifdef', 'ifndef'):
                s = SYM.search(rest)
                stack.append([(s.group(1), kw == 'ifdef')] if s else [])
            elif kw == 'if':
                stack.append(simple_if(rest))
            elif kw in ('else', 'elif') and stack:
                top = stack[-1]
                # #else of a one-symbol test is its negation.
                stack[-1] = ([(top[0][0], not top[0][1])]
                             if kw == 'else' and len(top) == 1 else [])
            elif kw == 'endif' and stack:
                stack.pop()
            continue
        m = DEFINE.match(line)
        if m:
            entry = ('compat_sys_' if m.group(1) else 'sys_') + m.group(2)
            found.append((entry, [c for level in stack for c in level]))
    return found


def simple_if(rest):
    """#if defined(CONFIG_X), IS_ENABLED(CONFIG_X), their negations."""
    rest = rest.split('/*')[0].strip()
    m = re.fullmatch(r'(!?)\s*(?:defined|IS_ENABLED|IS_BUILTIN)\s*\(?\s*'
                     r'CONFIG_(\w+)\s*\)?', rest)
    return [(m.group(2), not m.group(1))] if m else []


def kbuild_chain(src, path):
    """The options kbuild tests on the way to PATH, innermost first."""
    chain = []
    d, name = os.path.split(path)
    target = name[:-2] + '.o'
    while d:
        mk = os.path.join(src, d, 'Makefile')
        text = open(mk).read().replace('\\\n', ' ') if os.path.exists(mk) else ''
        hit = None
        for _ in range(3):	# composite objects: landlock-y := syscalls.o
            hit = None
            for line in text.splitlines():
                m = re.match(r'\s*([\w-]+)-(y|objs|\$\(CONFIG_(\w+)\))\s*[:+]?=(.*)', line)
                if m and re.search(r'(^|\s)' + re.escape(target) + r'(\s|$)', m.group(4)):
                    hit = m
                    break
            if not hit:
                break
            if hit.group(3):
                chain.append((hit.group(3), True))
            if hit.group(1) in ('obj', 'lib'):
                break
            target = hit.group(1) + '.o'
        d, name = os.path.split(d)
        target = name + '/'
    return chain


def main():
    if len(sys.argv) not in (6, 8):
        sys.exit('usage: lost-syscalls.py SRCTREE FROM.config TO.config TBL64 TBL32')
    src, cfrom, cto, t64, t32 = sys.argv[1:6]
    abi64, abi32 = sys.argv[6:8] if len(sys.argv) == 8 else ('x86_64', 'ia32')
    on_from, on_to = load_config(cfrom), load_config(cto)
    where = {}
    # The architecture's own folder, named after its sweep ABI.
    archdir = 'arch/' + {'x86_64': 'x86', 'riscv64': 'riscv'}.get(abi64, abi64)
    for top in ('kernel', 'fs', 'mm', 'ipc', 'security', 'net', 'block',
                'io_uring', archdir, 'init', 'drivers/char', 'lib'):
        for root, _, files in os.walk(os.path.join(src, top)):
            for f in files:
                if not f.endswith('.c'):
                    continue
                p = os.path.join(root, f)
                with open(p, errors='replace') as fh:
                    text = fh.read()
                if 'SYSCALL_DEFINE' not in text:
                    continue
                rel = os.path.relpath(p, src)
                for entry, conds in conditions(text):
                    where.setdefault(entry, []).append((rel, conds))

    def lost_by(entry):
        """(option, file) if ENTRY is built in FROM and in no way in TO."""
        defs = [(rel, list(reversed(conds)) + kbuild_chain(src, rel))
                for rel, conds in where.get(entry, [])]

        def built(conds, on):
            return all((sym in on) == wanted for sym, wanted in conds)
        if any(built(c, on_to) for _, c in defs):
            return None
        for rel, conds in defs:
            if built(conds, on_from):
                return next(sym for sym, wanted in conds
                            if (sym in on_to) != wanted), rel
        return None

    rows = []
    for abi, tbl, kinds in ((abi64, t64, ('common', '64')),
                            (abi32, t32, ('i386',))):
        with open(tbl) as f:
            for line in f:
                col = line.split()
                if not col or col[0].startswith('#') or len(col) < 4 or \
                        col[1] not in kinds:
                    continue
                # IA32_EMULATION calls the compat entry where there is one.
                entry = col[4] if abi == 'ia32' and len(col) > 4 else col[3]
                entry = entry.replace('__ia32_', '').replace('__x64_', '')
                r = lost_by(entry)
                if r:
                    rows.append((abi, int(col[0]), col[2], entry, r[0], r[1]))
    for abi, _, name, entry, opt, rel in rows:
        print('%s\t%s\t%s\tCONFIG_%s\t%s' % (abi, name, entry, opt, rel))


if __name__ == '__main__':
    main()
