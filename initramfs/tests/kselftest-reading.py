#!/usr/bin/python3
"""What KernelCI's kselftest wrapper makes of a native muprobe run.

usage: kselftest-reading.py RESULTS.txt KUNIT_PY

test-definitions' automated/linux/kselftest/kselftest.sh turns KTAP into
LAVA results with parse_output(): a line "# selftests: DIR: NAME" sets the
prefix, and each line matching ^(?:# )*(not )?ok \\d+ NAME( # SKIP...)?
becomes "PREFIX.NAME pass|fail|skip".  The same reading is done here on
each payload's KTAP (the rule restated, not its code).  Checked: every
top-level result is read, under a unique muprobe.SUITE. name, with the
result the kernel's own parser (kunit.py) gives it.  Not read, by that
rule: indented subtest results (the sweep's entries); their parents
(sweep.x86_64, sweep.ia32) are, and the count of what is lost is printed.
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "lava"))
from results import KUNIT, kunit_tree, sections  # noqa: E402

DIR = re.compile(r"^# selftests: (.*)$")
RESULT = re.compile(r"^(?:# )*(not )?ok (?:\d+) ([^#]+)(# (SKIP)?)?")


def kselftest_reading(lines):
    testdir, out = "", []
    for line in lines:
        m = DIR.match(line)
        if m:
            testdir = re.sub(r"[:/]\s*", ".", m.group(1))
            continue
        m = RESULT.match(line)
        if not m:
            continue
        test = m.group(2).rstrip()
        if m.group(4) == "SKIP":
            res = "skip"
        elif m.group(1):
            res = "fail"
        else:
            res = "pass"
        out.append((f"{testdir}.{test}", res))
    return out


def kunit_top(kunit, lines):
    tree = kunit_tree(kunit, lines)
    top = {t["name"]: KUNIT[t["status"]] for t in tree["test_cases"]}
    nested = sum(len(g["test_cases"]) for g in tree["sub_groups"])
    # kunit.py's JSON has no status for a group: a parent fails when a
    # child does, as kunit.py itself decides a missing parent result.
    parents = {g["name"]: "fail" if any(t["status"] == "FAIL"
                                        for t in g["test_cases"]) else "pass"
               for g in tree["sub_groups"]}
    return top, nested, parents


def main():
    results, kunit = sys.argv[1], sys.argv[2]
    sec = sections(results)
    bad, said = [], []
    for suite in ("probe", "apps"):
        read = kselftest_reading(sec.get(suite, []))
        names = [n for n, _ in read]
        if len(set(names)) != len(names):
            bad.append(f"{suite}: names read twice")
        top, nested, parents = kunit_top(kunit, sec.get(suite, []))
        want = {f"muprobe.{suite}.{n}": r for n, r in top.items()}
        want.update({f"muprobe.{suite}.{p}": r for p, r in parents.items()})
        got = dict(read)
        for n in sorted(set(want) | set(got)):
            if want.get(n) != got.get(n):
                bad.append(f"{suite}: {n}: kselftest.sh reads "
                           f"{got.get(n, 'nothing')}, KTAP says "
                           f"{want.get(n, 'nothing')}")
        said.append(f"{suite} {len(read)} results"
                    + (f" (not the {nested} indented subtest results)"
                       if nested else ""))
    for b in bad[:10]:
        print(b, file=sys.stderr)
    if bad:
        sys.exit(1)
    print(", ".join(said) + ", names and results as KTAP gives them")


if __name__ == "__main__":
    main()
