#!/usr/bin/python3
"""Which programs and libraries could notice a single-user kernel: the ELF
files under the given folders that import an identity function.

usage: import-scan.py [--json] [--limit SECONDS] [--dpkg-info DIR]
                      [--root DIR] FOLDER...

An import is an undefined dynamic symbol (what the program asks the
dynamic linker for), read with pyelftools from .dynsym only, so a large
library costs what its symbol table costs.  Static programs import
nothing the scan can see and are counted apart.  Each file is named with its Debian
package, from dpkg's file lists (DIR, default /var/lib/dpkg/info), under
its path as found and as resolved (usrmerge makes /bin/x and /usr/bin/x
one file).  Output: the files by package, then the calls by how many
files import them, then one line of totals; --json gives the same as one
object.  --root DIR scans a system image unpacked in DIR: FOLDER and the
paths shown are paths inside it.  --limit stops the scan after SECONDS and says so: the totals
then count what was scanned.  A file it cannot open or parse is named
("unreadable", "malformed") and the scan goes on.  Exit 0, or 2 for a bad
command line.
"""
import argparse
import json
import os
import sys
import time

from elftools.elf.elffile import ELFFile
from elftools.elf.sections import SymbolTableSection

# The libc wrappers of the calls MULTIUSER=n takes away or answers
# differently, and the library entry points that make them.
CALLS = frozenset("""
setuid seteuid setreuid setresuid setgid setegid setregid setresgid
setgroups initgroups setfsuid setfsgid getresuid getresgid getgroups
capset capget
cap_set_proc cap_get_proc cap_setuid cap_setgroups cap_set_ambient
cap_drop_bound cap_set_secbits cap_get_bound
capng_apply capng_change_id capng_get_caps_process capng_lock
""".split())


def imports(path):
    """The identity calls PATH imports; None if not an ELF program or
    library, "static" if it has no dynamic symbol table, "unreadable" or
    "malformed" (an ELF file pyelftools cannot read) otherwise."""
    try:
        f = open(path, "rb")
    except OSError:
        return "unreadable"
    with f:
        try:
            if f.read(4) != b"\x7fELF":
                return None
        except OSError:
            return "unreadable"
        f.seek(0)
        try:
            elf = ELFFile(f)
            # Programs and libraries; not object files (ET_REL).
            if elf["e_type"] not in ("ET_EXEC", "ET_DYN"):
                return None
            dynsym = elf.get_section_by_name(".dynsym")
            if not isinstance(dynsym, SymbolTableSection):
                return "static"
            found = set()
            for sym in dynsym.iter_symbols():
                if sym["st_shndx"] != "SHN_UNDEF":
                    continue
                name = sym.name.split("@", 1)[0]
                if name in CALLS:
                    found.add(name)
            return found
        except OSError:
            return "unreadable"
        # A corrupted file makes pyelftools raise more than ELFError
        # (TypeError, AttributeError, OverflowError...): one bad file must
        # not end the scan, and is named instead.
        except Exception:  # pylint: disable=broad-except
            return "malformed"


def owners(info):
    """Path -> Debian package, from dpkg's *.list files."""
    out = {}
    try:
        names = os.listdir(info)
    except OSError:
        return out
    for n in names:
        if not n.endswith(".list"):
            continue
        pkg = n[:-5].split(":", 1)[0]
        try:
            with open(os.path.join(info, n), encoding="utf-8",
                      errors="replace") as f:
                for line in f:
                    out.setdefault(line.rstrip("\n"), pkg)
        except OSError:
            continue
    return out


def main():
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0].replace("\n", " "))
    ap.add_argument("folders", nargs="+")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--limit", type=float, default=600)
    ap.add_argument("--dpkg-info", default="/var/lib/dpkg/info")
    ap.add_argument("--root", default="")
    a = ap.parse_args()
    root = a.root.rstrip("/")
    for d in a.folders:
        if not os.path.isdir(root + d):
            print(f"import-scan: {d}: not a folder", file=sys.stderr)
            sys.exit(2)
    pkgs = owners(a.dpkg_info)
    t0 = time.monotonic()
    seen, files, static, elf, cut = set(), {}, 0, 0, False
    skipped = {"unreadable": [], "malformed": []}
    for top in a.folders:
        for where, dirs, names in os.walk(root + top):
            dirs.sort()
            for n in sorted(names):
                if time.monotonic() - t0 > a.limit:
                    cut = True
                    break
                p = os.path.join(where, n)
                real = os.path.realpath(p)
                if real in seen or not os.path.isfile(real) or \
                   os.path.islink(p):
                    continue
                seen.add(real)
                got = imports(real)
                if got is None:
                    continue
                if isinstance(got, str) and got in skipped:
                    skipped[got].append(p[len(root):])
                    continue
                elf += 1
                if got == "static":
                    static += 1
                    continue
                if not got:
                    continue
                # Inside --root, a link to an absolute path points
                # outside it: usrmerge's /bin and /sbin are read as /usr's.
                p, real = p[len(root):], real[len(root):] if \
                    real.startswith(root + "/") else real
                pkg = pkgs.get(p) or pkgs.get(real) or \
                    pkgs.get(p.removeprefix("/usr")) or \
                    pkgs.get("/usr" + p) or "(no package)"
                files[p] = {"package": pkg, "calls": sorted(got)}
            if cut:
                break
        if cut:
            break
    by_pkg, by_call = {}, {}
    for p, v in files.items():
        by_pkg.setdefault(v["package"], []).append(p)
        for c in v["calls"]:
            by_call[c] = by_call.get(c, 0) + 1
    secs = time.monotonic() - t0
    if a.json:
        json.dump({"folders": a.folders, "elf_files": elf,
                   "importing": len(files), "cut_at_limit": cut,
                   "no_dynamic_symbols": static,
                   "unreadable": skipped["unreadable"],
                   "malformed": skipped["malformed"],
                   "files": files, "calls": by_call}, sys.stdout,
                  indent=1, sort_keys=True)
        print()
        return
    for pkg in sorted(by_pkg):
        print(f"{pkg}:")
        for p in sorted(by_pkg[pkg]):
            print(f"  {p}: {' '.join(files[p]['calls'])}")
    print("calls:")
    for c in sorted(by_call, key=lambda c: (-by_call[c], c)):
        print(f"  {c}: {by_call[c]} files")
    for why, paths in skipped.items():
        for p in paths:
            print(f"not scanned, {why}: {p}")
    print(f"{len(files)} of {elf} ELF files import an identity call "
          f"({len(by_pkg)} packages; {static} static, whose calls it cannot "
          f"see), {secs:.1f} s"
          + (f"; stopped at the {a.limit:g} s limit" if cut else "")
          + "".join(f"; {len(v)} {k}" for k, v in skipped.items() if v))


if __name__ == "__main__":
    main()
