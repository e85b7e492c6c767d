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
       lost-syscalls.py --absent SRCTREE CONFIG TBL64 TBL32 [ABI64 ABI32]

The tables are probe/gen-tbl.sh's; the ABIs are named as the probe's sweep
names them (default x86_64, ia32).

Prints one line per lost entry: ABI, name, entry point, option, file.
With --absent, the same for each entry of the tables that CONFIG does not
build at all: why a call is ENOSYS on the baseline, which is what differs
between architectures (arm64's tinyconfig has no PERF_EVENTS).
"""
import functools
import os
import re
import sys

# SYSCALL32_DEFINE is the compat entry on x86 (fanotify_mark, sigreturn).
DEFINE = re.compile(r'^(COMPAT_SYSCALL_|SYSCALL32_|SYSCALL_)DEFINE[0-6]\((\w+)')
COND = re.compile(r'^\s*#\s*(ifdef|ifndef|if|elif|else|endif)\b(.*)')
SYM = re.compile(r'CONFIG_(\w+)')
STUB = re.compile(r'[^{;]*\)\s*\{\s*return\s+-ENOSYS;\s*\}')


def load_config(path):
    on = set()
    with open(path) as f:
        for line in f:
            m = re.match(r'CONFIG_(\w+)=[ym]', line)
            if m:
                on.add(m.group(1))
    return on


def cond_step(stack, kw, rest):
    """The #if stack after one preprocessor line."""
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
    return stack


def conditions(text):
    """For each SYSCALL_DEFINE that is more than a stub answering ENOSYS
    (ioperm without X86_IOPL_IOPERM): (entry, [(symbol, wanted), ...])."""
    stack, found = [], []
    lines = text.splitlines()
    for i, line in enumerate(lines):
        m = COND.match(line)
        if m:
            stack = cond_step(stack, m.group(1), m.group(2))
            continue
        m = DEFINE.match(line)
        if m and not STUB.match(' '.join(lines[i:i + 4])):
            entry = ('sys_' if m.group(1) == 'SYSCALL_' else 'compat_sys_') + m.group(2)
            found.append((entry, [c for level in stack for c in level]))
    return found


def simple_if(rest):
    """#if defined(CONFIG_X), IS_ENABLED(CONFIG_X), their negations."""
    rest = rest.split('/*')[0].strip()
    m = re.fullmatch(r'(!?)\s*(?:defined|IS_ENABLED|IS_BUILTIN)\s*\(?\s*'
                     r'CONFIG_(\w+)\s*\)?', rest)
    return [(m.group(2), not m.group(1))] if m else []


MKCOND = re.compile(r'\s*(ifdef|ifndef|ifeq|ifneq|else|endif)\b(.*)')


def make_lines(text):
    """Each line of a kbuild file with the ifdef/ifeq tests around it."""
    stack = []
    for line in text.splitlines():
        m = MKCOND.match(line)
        if not m:
            yield line, [c for level in stack for c in level]
            continue
        kw, rest = m.group(1), m.group(2)
        s = SYM.search(rest)
        if kw in ('ifdef', 'ifndef'):
            stack.append([(s.group(1), kw == 'ifdef')] if s else [])
        elif kw in ('ifeq', 'ifneq'):
            # ifeq ($(CONFIG_X),y) and its negations; anything else unknown.
            y = s and re.search(r',\s*y\s*\)', rest)
            stack.append([(s.group(1), (kw == 'ifeq') == bool(y))]
                         if s and (y or re.search(r',\s*\)', rest)) else [])
        elif kw == 'else' and stack:
            top = stack[-1]
            stack[-1] = [(top[0][0], not top[0][1])] if len(top) == 1 else []
        elif kw == 'endif' and stack:
            stack.pop()


@functools.lru_cache(maxsize=None)
def kbuild_chains(src, path):
    """The ways kbuild reaches PATH: for each line that names it (x86 builds
    sys_ia32.o with X86_32 or with IA32_EMULATION), the options it tests
    and those of the folders above, innermost first."""
    d, name = os.path.split(path)
    return included_by(src, d, name) or \
        folder_chains(src, d, name[:-2] + '.o', 0)


@functools.lru_cache(maxsize=None)
def folder_chains(src, d, target, depth):
    # At the top only Kbuild names folders (obj-$(CONFIG_BLOCK) += block/).
    mk = next((os.path.join(src, d, f)
               for f in (('Kbuild', 'Makefile') if d else ('Kbuild',))
               if os.path.exists(os.path.join(src, d, f))), None)
    text = open(mk).read().replace('\\\n', ' ') if mk else ''
    alts = []
    for line, conds in make_lines(text):
        m = re.match(r'\s*([\w-]+)-(y|objs|\$\(CONFIG_(\w+)\))\s*[:+]?=(.*)', line)
        if not m or not re.search(r'(^|\s)' + re.escape(target) + r'(\s|$)',
                                  m.group(4)):
            continue
        own = ([(m.group(3), True)] if m.group(3) else []) + list(reversed(conds))
        if m.group(1) in ('obj', 'lib'):
            ups = parent_chains(src, d)
        elif depth < 3:	# composite objects: landlock-y := syscalls.o
            ups = folder_chains(src, d, m.group(1) + '.o', depth + 1)
        else:
            continue
        alts.extend(own + up for up in ups)
    # A name no line of its folder builds (mmu-y, collected by $(mmu-y)):
    # only the folders above decide.
    return alts or parent_chains(src, d)


def parent_chains(src, d):
    if not d:
        return [[]]
    up, name = os.path.split(d)
    return folder_chains(src, up, name + '/', 0)


def included_by(src, d, name):
    """A .c file another one includes (kernel/sched/build_utility.c takes
    membarrier.c under CONFIG_MEMBARRIER): that one's tests and its own."""
    hit = includes_in(src, d).get(name)
    if not hit:
        return None
    f, own = hit
    return [own + c for c in kbuild_chains(src, os.path.join(d, f))]


@functools.lru_cache(maxsize=None)
def includes_in(src, d):
    """{included.c: (includer.c, its #if tests there)} for folder D."""
    found = {}
    inc = re.compile(r'\s*#\s*include\s+"([\w-]+\.c)"')
    for f in sorted(os.listdir(os.path.join(src, d))):
        if not f.endswith('.c'):
            continue
        text = open(os.path.join(src, d, f), errors='replace').read()
        if '.c"' not in text:
            continue
        stack = []
        for line in text.splitlines():
            m = inc.match(line)
            if m:
                found.setdefault(m.group(1), (
                    f, list(reversed([c for lv in stack for c in lv]))))
                continue
            m = COND.match(line)
            if m:
                stack = cond_step(stack, m.group(1), m.group(2))
    return found


def defined_in(src, tops):
    """{entry: [(file, its #if tests), ...]} for the folders TOPS."""
    where = {}
    for top in tops:
        for root, dirs, files in os.walk(os.path.join(src, top)):
            # arch/x86/um is user-mode Linux's (ARCH=um), not x86's.
            dirs[:] = sorted(d for d in dirs if root != os.path.join(
                src, 'arch/x86') or d != 'um')
            for f in sorted(files):
                if not f.endswith('.c'):
                    continue
                p = os.path.join(root, f)
                with open(p, errors='replace') as fh:
                    text = fh.read()
                if 'SYSCALL_DEFINE' not in text and \
                        'SYSCALL32_DEFINE' not in text:
                    continue
                rel = os.path.relpath(p, src)
                for entry, conds in conditions(text):
                    where.setdefault(entry, []).append((rel, conds))
    return where


def main():
    args = sys.argv[1:]
    absent = args[:1] == ['--absent']
    if absent:
        # Nothing is on before: every option that CONFIG lacks is named.
        args = [args[1], None] + args[2:] if len(args) > 1 else []
    if len(args) not in (5, 7):
        sys.exit('usage: lost-syscalls.py SRCTREE FROM.config TO.config TBL64 TBL32\n'
                 '       lost-syscalls.py --absent SRCTREE CONFIG TBL64 TBL32')
    src, cfrom, cto, t64, t32 = args[:5]
    abi64, abi32 = args[5:7] if len(args) == 7 else ('x86_64', 'ia32')
    on_from, on_to = (load_config(cfrom) if cfrom else None), load_config(cto)
    # The architecture's own folder, named after its sweep ABI.
    archdir = 'arch/' + {'x86_64': 'x86', 'riscv64': 'riscv'}.get(abi64, abi64)
    where = defined_in(src, ('kernel', 'fs', 'mm', 'ipc', 'security', 'net',
                             'block', 'io_uring', archdir, 'init',
                             'drivers/char', 'lib'))
    # What only other architectures define (map_shadow_stack on arm64).
    elsewhere = defined_in(src, [os.path.join('arch', a) for a in
                                 sorted(os.listdir(os.path.join(src, 'arch')))
                                 if 'arch/' + a != archdir]) if absent else {}

    def lost_by(entry):
        """(option, file) if ENTRY is built in FROM and in no way in TO."""
        defs = [(rel, list(reversed(conds)) + chain)
                for rel, conds in where.get(entry, [])
                for chain in kbuild_chains(src, rel)]

        def built(conds, on):
            return all((sym in on) == wanted for sym, wanted in conds)
        if any(built(c, on_to) for _, c in defs):
            return None
        for rel, conds in defs:
            if on_from is None or built(conds, on_from):
                return next(sym for sym, wanted in conds
                            if (sym in on_to) != wanted), rel
        return None

    rows = []
    for abi, tbl, kinds in ((abi64, t64, ('common', '64')),
                            (abi32, t32, ('i386',))):
        with open(tbl) as f:
            for line in f:
                col = line.split()
                if not col or col[0].startswith('#') or col[1] not in kinds:
                    continue
                # IA32_EMULATION calls the compat entry where there is one.
                entry = col[4] if abi == 'ia32' and len(col) > 4 and \
                    col[4] != '-' else col[3] if len(col) > 3 else '-'
                if entry in ('-', 'sys_ni_syscall'):
                    # A number the table keeps without an entry point.
                    if absent:
                        rows.append((abi, int(col[0]), col[2], '-', '-', '-'))
                    continue
                entry = entry.replace('__ia32_', '').replace('__x64_', '')
                r = lost_by(entry)
                if not r and absent and entry not in where:
                    # Only another architecture defines it, or nothing
                    # does (6.1's lookup_dcookie: COND_SYSCALL alone).
                    r = ('-', elsewhere[entry][0][0] if entry in elsewhere
                         else '-')
                if r:
                    rows.append((abi, int(col[0]), col[2], entry, r[0], r[1]))
    for abi, _, name, entry, opt, rel in rows:
        print('%s\t%s\t%s\t%s\t%s' % (abi, name, entry,
                                       opt if opt == '-' else 'CONFIG_' + opt, rel))


if __name__ == '__main__':
    main()
