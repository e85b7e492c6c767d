#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""The shared libraries and the loader an ELF file needs, found in ROOT.

usage: elf-needs.py ROOT PATH

PATH is the file's path inside ROOT (an unpacked Debian system of any
architecture).  Prints, one per line and sorted, the path inside ROOT of
its program interpreter and of every library it needs, transitively, as
the dynamic loader would find them: DT_RPATH (without DT_RUNPATH), then
DT_RUNPATH ($ORIGIN expanded), then ROOT's /etc/ld.so.conf.d, then /lib
and /usr/lib; a candidate of another ELF class or machine is passed over,
as the loader does.  Nothing is run: a foreign architecture's loader
cannot run here, and the host's must not look at the host's libraries.
A static program or a file that is not ELF needs nothing.  A library in
no folder of ROOT is an error naming it.
"""
import glob
import os
import sys

from elftools.common.exceptions import ELFError
from elftools.elf.elffile import ELFFile


def in_root(root, path):
    """ROOT/PATH with every link resolved inside ROOT, or None."""
    parts = [p for p in path.split('/') if p]
    done = []
    hops = 0
    while parts:
        p = parts.pop(0)
        if p == '..':
            if done:
                done.pop()
            continue
        if p == '.':
            continue
        cur = os.path.join(root, *done, p)
        if os.path.islink(cur):
            hops += 1
            if hops > 40:
                return None
            t = os.readlink(cur)
            parts = [x for x in t.split('/') if x] + parts
            if t.startswith('/'):
                done = []
            continue
        done.append(p)
    full = os.path.join(root, *done)
    return full if os.path.exists(full) else None


def read_elf(full):
    """(class, machine, interp, needed, rpath, runpath) or None."""
    try:
        with open(full, 'rb') as f:
            elf = ELFFile(f)
            interp, needed, rpath, runpath = None, [], [], []
            for seg in elf.iter_segments():
                if seg['p_type'] == 'PT_INTERP':
                    interp = seg.get_interp_name()
            dyn = elf.get_section_by_name('.dynamic')
            if dyn:
                for t in dyn.iter_tags():
                    if t.entry.d_tag == 'DT_NEEDED':
                        needed.append(t.needed)
                    elif t.entry.d_tag == 'DT_RPATH':
                        rpath += t.rpath.split(':')
                    elif t.entry.d_tag == 'DT_RUNPATH':
                        runpath += t.runpath.split(':')
            return (elf.elfclass, elf['e_machine'], interp, needed, rpath,
                    runpath)
    except (ELFError, OSError, ValueError):
        return None


def conf_dirs(root, conf, seen):
    """The folders ld.so.conf-style file CONF names, includes followed."""
    dirs = []
    full = in_root(root, conf)
    if not full or full in seen:
        return dirs
    seen.add(full)
    with open(full, errors='replace') as f:
        for line in f:
            line = line.split('#')[0].strip()
            if line.startswith('include '):
                for pat in line.split()[1:]:
                    pat = pat if pat.startswith('/') else \
                        os.path.join(os.path.dirname(conf), pat)
                    for g in sorted(glob.glob(root + pat)):
                        dirs += conf_dirs(root, g[len(root):], seen)
            elif line.startswith('/'):
                dirs.append(line)
    return dirs


def main():
    if len(sys.argv) != 3:
        sys.exit('usage: elf-needs.py ROOT PATH')
    root = os.path.abspath(sys.argv[1])
    path = sys.argv[2]
    top = in_root(root, path)
    if not top:
        sys.exit('elf-needs: no %s in %s' % (path, root))
    first = read_elf(top)
    if not first or not (first[2] or first[3]):
        return
    cls, machine = first[0], first[1]
    system = conf_dirs(root, '/etc/ld.so.conf', set())
    for c in sorted(glob.glob(os.path.join(root, 'etc/ld.so.conf.d/*.conf'))):
        system += conf_dirs(root, c[len(root):], set())
    system += ['/lib', '/usr/lib']
    found = set()
    if first[2]:
        if not in_root(root, first[2]):
            sys.exit('elf-needs: %s: its loader %s is in no unpacked package'
                     % (path, first[2]))
        found.add(first[2])
    # (guest path, its search folders before the system's)
    todo = [(path, first, [])]
    done = set()
    while todo:
        where, info, inherited = todo.pop()
        if where in done:
            continue
        done.add(where)
        _, _, _, needed, rpath, runpath = info
        origin = os.path.dirname(where)
        own = [d.replace('$ORIGIN', origin).replace('${ORIGIN}', origin)
               for d in (runpath or rpath) if d]
        # RPATH is searched by what a library loads, too; RUNPATH is not.
        passed = inherited + ([] if runpath else own)
        for lib in needed:
            hit = None
            for d in inherited + own + system:
                cand = os.path.join(d, lib)
                full = in_root(root, cand)
                if not full:
                    continue
                li = read_elf(full)
                if li and li[0] == cls and li[1] == machine:
                    hit = (cand, li)
                    break
            if not hit:
                sys.exit('elf-needs: %s needs %s, in no unpacked package'
                         % (where, lib))
            found.add(hit[0])
            todo.append((hit[0], hit[1], passed))
    for p in sorted(found):
        print(p)


if __name__ == '__main__':
    main()
