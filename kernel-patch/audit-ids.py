#!/usr/bin/python3
"""Every site of a kernel tree that turns an id from userspace into a
kernel id or tests one, read from the tree: what MULTIUSER=n, the compat
layer and MULTIUSER_STRICT make of an id other than 0 there, and whether a
kernel built in OBJDIR contains it.

usage: audit-ids.py [--json] SRCTREE [OBJDIR]

A site is a call of make_kuid(), make_kgid(), the fs_parser's uid and gid
parameters (fsparam_uid, fsparam_gid), i_uid_write() or i_gid_write().
Its class comes from where it is (a mount option parser, an owner read
from a disk, chown, IPC, SCM_CREDENTIALS, an identity system call, LSM
policy, networking, user namespaces).  "checks" means the site tests the
id with uid_valid(), gid_valid() or setattr_vfsuid() within the next
twelve lines (a heuristic: a check further away reads as "unchecked"), so
that under MULTIUSER_STRICT an id other than 0 is refused there (EINVAL,
or the site's own error); otherwise the site keeps the invalid id, which
reads as 0 like every id.  Without STRICT every id is accepted and reads as 0.
With OBJDIR, "built" says whether the site's object file is in that
kernel (a base that cannot reach it cannot show it).  Output: one line per
site (TSV: file, line, function, call, class, checks, built, nomultiuser,
strict), then counts per class.  Exit 0, 2 for a bad command line.
"""
import json
import os
import re
import subprocess
import sys

CALL = re.compile(r"\b(make_kuid|make_kgid|fsparam_uid|fsparam_gid|"
                  r"i_uid_write|i_gid_write)\s*\(")
CHECK = re.compile(r"\b(uid_valid|gid_valid|vfsuid_valid|vfsgid_valid|"
                   r"setattr_vfsuid|setattr_vfsgid)\s*\(")
FUNC = re.compile(r"^(?:static\s+)?(?:inline\s+)?[A-Za-z_][\w\s\*]*?\b(\w+)\s*\(")
TABLE = re.compile(r"^(?:static\s+)?(?:const\s+)?struct\s+\w+\s+(\w+)\s*\[")
# make_kuid(ns, 0) and the like name root itself, not an id from userspace.
ROOT_ARG = re.compile(r"\(\s*[^,()]*(?:\([^()]*\))?[^,()]*,\s*(?:0|GLOBAL_ROOT_[UG]ID)\s*\)")
# Where a site is, first match wins: (path regex, function regex, class).
CLASSES = [
    (r"^fs/", r"param|parse|option|fill_super|mount|get_tree", "mount option"),
    (r"^mm/shmem\.c$", r"param|parse|option", "mount option"),
    (r"^fs/open\.c$", r"chown", "chown"),
    (r"^fs/", r"", "owner read from a disk or server"),
    (r"^ipc/", r"", "IPC owner"),
    (r"^net/core/scm\.c$", r"", "SCM_CREDENTIALS"),
    (r"^kernel/(sys|groups|uid16|multiuser\w*)\.c$", r"", "identity system call"),
    (r"^kernel/user_namespace\.c$", r"", "user namespace map"),
    (r"^security/", r"", "LSM policy"),
    (r"^net/", r"", "networking (sysctl, netfilter, RPC)"),
    (r"^drivers/", r"", "driver"),
]
SKIP = re.compile(r"(^|/)(tools|samples|scripts|Documentation)/|_test\.c$|"
                  r"kunit")


def classify(path, func, call):
    if call.startswith("fsparam"):
        return "mount option"
    for p, f, c in CLASSES:
        if re.search(p, path) and re.search(f, func):
            return c
    return "other"


def sites(src):
    # grep finds the files; only those are read.
    found = subprocess.run(
        ["grep", "-rlE", "--include=*.c", CALL.pattern.replace("\\s", "[[:space:]]")
         .replace("\\b", "\\b"), "."], cwd=src, capture_output=True, text=True)
    for rel in sorted(os.path.normpath(p) for p in found.stdout.split()):
        if SKIP.search(rel):
            continue
        try:
            with open(os.path.join(src, rel), encoding="utf-8",
                      errors="replace") as f:
                lines = f.read().split("\n")
        except OSError:
            continue
        func = "(file scope)"
        for n, line in enumerate(lines):
            m = FUNC.match(line) or TABLE.match(line)
            if m and not line.rstrip().endswith(";"):
                func = m.group(1)
            for c in CALL.finditer(line):
                if line.lstrip().startswith(("*", "/*", "#define")):
                    continue
                if ROOT_ARG.match(line[c.end() - 1:]):
                    continue
                after = "\n".join(lines[n:n + 12])
                yield rel, n + 1, func, c.group(1), \
                    bool(CHECK.search(after)) or \
                    c.group(1).startswith("fsparam")


def main():
    args = [a for a in sys.argv[1:] if a != "--json"]
    if not 1 <= len(args) <= 2 or not os.path.isdir(args[0]):
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        sys.exit(2)
    src, obj = args[0], args[1] if len(args) > 1 else None
    if obj and not os.path.isdir(obj):
        print(f"audit-ids: {obj}: not a build folder", file=sys.stderr)
        sys.exit(2)
    rows = []
    for rel, line, func, call, checks in sites(src):
        built = None
        if obj:
            built = os.path.exists(os.path.join(obj, rel[:-2] + ".o"))
        cls = classify(rel, func, call)
        if call.startswith("i_"):
            strict = "keeps an invalid owner, reads 0 (stat); chown and exec see it invalid"
        elif checks:
            strict = "refuses ids but 0 (loud)"
        else:
            strict = "keeps an invalid id, reads 0 (silent unless a later check)"
        rows.append({"file": rel, "line": line, "function": func,
                     "call": call, "class": cls, "checks": checks,
                     "built": built,
                     "nomultiuser": "accepts any id, reads 0 (silent)",
                     "strict": strict})
    if "--json" in sys.argv:
        json.dump(rows, sys.stdout, indent=1)
        print()
        return
    for r in rows:
        built = "-" if r["built"] is None else ("built" if r["built"]
                                                 else "not built")
        print("\t".join([r["file"], str(r["line"]), r["function"],
                         r["call"], r["class"],
                         "checks" if r["checks"] else "unchecked", built,
                         r["nomultiuser"], r["strict"]]))
    counts = {}
    for r in rows:
        k = counts.setdefault(r["class"], [0, 0, 0])
        k[0] += 1
        k[1] += bool(r["built"])
        k[2] += r["checks"]
    print(f"# {len(rows)} sites" + (f", {sum(bool(r['built']) for r in rows)}"
                                     " built in " + obj if obj else ""))
    for c in sorted(counts, key=lambda c: -counts[c][0]):
        print(f"# {c}: {counts[c][0]} sites, {counts[c][1]} built, "
              f"{counts[c][2]} check the id")


if __name__ == "__main__":
    main()
