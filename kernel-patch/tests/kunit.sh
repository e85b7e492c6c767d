#!/bin/sh
# The series' KUnit suites as kunit.py ran them: every KUNIT_CASE() of
# the series' test files that the kunit kernel's configuration builds
# (read from the source and the .config, not from the results) passed,
# and no case failed, crashed or was skipped.
#
# usage: kunit.sh SRCTREE BUILD OUT/NAME.json...   (BUILD/NAME/.config)
set -eu
/usr/bin/python3 - "$@" <<'PY'
import json, os, re, sys

src, build, runs = sys.argv[1], sys.argv[2], sys.argv[3:]
files = ["kernel/multiuser_test.c", "kernel/multiuser_compat_test.c"]


def flatten(group, out):
    for sub in group.get("sub_groups", []):
        for case in sub.get("test_cases", []):
            out[sub["name"] + "." + case["name"]] = case["status"]
        flatten(sub, out)
    return out


def expected(config):
    """suite.case for every KUNIT_CASE() the configuration builds."""
    want = set()
    for f in files:
        text = open(os.path.join(src, f)).read()
        suite = re.search(r'\.name = "(\w+)"', text).group(1)
        needs = []
        for line in text.splitlines():
            m = re.match(r"#ifdef (CONFIG_\w+)", line)
            if m:
                needs.append(m.group(1))
            elif line.startswith("#endif"):
                needs.pop()
            m = re.search(r"KUNIT_CASE\((\w+)\)", line)
            if m and all(n + "=y" in config for n in needs):
                want.add(suite + "." + m.group(1))
        # The compat suite is built into multiuser_compat.c.
        if "compat" in f and "CONFIG_MULTIUSER_COMPAT=y" not in config:
            want = {w for w in want if not w.startswith(suite + ".")}
    return want


fails = 0
for run in runs:
    name = os.path.basename(run)[:-5]
    try:
        got = flatten(json.load(open(run)), {})
    except (OSError, ValueError, KeyError, TypeError) as e:
        print(f"not ok {name}: {run} is not kunit.py's JSON: {e}")
        fails += 1
        continue
    config = open(os.path.join(build, name, ".config")).read().split("\n")
    want = expected(config)
    bad = {k: v for k, v in got.items() if v != "PASS"}
    missing = sorted(want - set(got))
    if bad or missing or not want:
        print(f"not ok {name}: {len(want)} cases expected; missing {missing}; "
              f"not passing {bad}")
        fails += 1
    else:
        print(f"ok {name}: {len(got)} cases passed, "
              f"{len(want)} expected from the series' test files")
sys.exit(1 if fails else 0)
PY
