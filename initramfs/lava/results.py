#!/usr/bin/python3
"""LAVA's recorded results for a muprobe job, and their check against the
native run of the same images.

usage: results.py read LOG > RESULTS.json
       results.py compare RESULTS.json NATIVE_RESULTS.txt REPORT.json VARIANT KUNIT_PY

read: the "results" records lava-run logged (one YAML mapping per line),
grouped by test definition (suite).  Exit 1, one line, if the job or a test
definition did not pass or a suite is missing: a cut job is never taken for
a short good one.

compare: every leaf result of the native run, as the kernel's own KTAP
parser (kunit.py parse) reads it, must be a LAVA case with the same result,
and nothing else may be there but the subtest parents and SUITE.complete;
the verdict sets must count what the report counts for that variant.
Exit 1 naming each difference.

Either: exit 2 and one line for input it cannot read or that is not what
it expects (a missing or cut file, JSON of another shape).
"""
import json
import os
import subprocess
import sys
import tempfile

import yaml

SUITES = ("probe", "apps")
VERDICT_SETS = ("same", "loud", "silent", "differs", "skip", "broken")
KUNIT = {"PASS": "pass", "FAIL": "fail", "SKIP": "skip"}


def die(msg, code=1):
    print(f"lava: {msg}", file=sys.stderr)
    sys.exit(code)


def read(log):
    try:
        lines = open(log, encoding="utf-8", errors="replace").readlines()
    except OSError as e:
        die(f"cannot read {log}: {e.strerror}", 2)
    suites, infra = {}, {}
    for n, line in enumerate(lines, 1):
        if '"lvl": "results"' not in line:
            continue
        try:
            msg = yaml.load(line, Loader=yaml.CSafeLoader)["msg"]
        except (yaml.YAMLError, KeyError, TypeError):
            die(f"{log}:{n}: a results record that is not YAML")
        definition, case = msg.get("definition"), msg.get("case")
        if definition == "lava":
            infra[case] = msg.get("result")
            continue
        suite = definition.split("_", 1)[-1].removeprefix("muprobe-")
        cases = suites.setdefault(suite, {})
        if case in cases:
            die(f"{log}:{n}: case {suite}/{case} recorded twice")
        cases[case] = {"result": msg.get("result"), "set": msg.get("set", "")}
    if infra.get("job") != "pass":
        die(f"{log}: job result is {infra.get('job', 'missing')}, not pass")
    for s in SUITES:
        if s not in suites:
            die(f"{log}: no results for test definition muprobe-{s}")
        d = [k for k in infra if k.endswith("_muprobe-" + s)]
        if not d or infra[d[0]] != "pass":
            die(f"{log}: test definition muprobe-{s} did not pass")
    json.dump(suites, sys.stdout, indent=1, sort_keys=True)
    print()


def sections(path, names=("probe", "apps")):
    """Each payload's KTAP lines, through initramfs/section.sh, which also
    refuses a results file without its end line or a failed payload."""
    here = os.path.dirname(os.path.abspath(__file__))
    out = {}
    for n in names:
        r = subprocess.run([os.path.join(here, "..", "section.sh"), path, n],
                           capture_output=True, text=True)
        if r.returncode:
            die(r.stderr.strip().removeprefix("section: "), 2)
        out[n] = r.stdout.splitlines()
    return out


def kunit_tree(kunit, ktap):
    """KTAP lines as the kernel's own parser reads them (its JSON)."""
    with tempfile.TemporaryDirectory() as d:
        src, dst = os.path.join(d, "in.ktap"), os.path.join(d, "out.json")
        with open(src, "w") as f:
            f.write("\n".join(ktap) + "\n")
        # kunit.py exits 1 when a test failed: its JSON is the answer.
        subprocess.run([sys.executable, kunit, "parse", "--json=" + dst, src],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            return json.load(open(dst))
        except (OSError, ValueError):
            die(f"kunit.py parse wrote no JSON for {ktap[:1]}")


def kunit_leaves(kunit, ktap):
    tree = kunit_tree(kunit, ktap)
    leaves = {t["name"]: KUNIT.get(t["status"], t["status"])
              for t in tree["test_cases"]}
    parents = set()
    for g in tree["sub_groups"]:
        parents.add(g["name"])
        for t in g["test_cases"]:
            leaves[g["name"] + "." + t["name"]] = KUNIT.get(t["status"],
                                                          t["status"])
    return leaves, parents


def load(path, what):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except OSError as e:
        die(f"cannot read {path}: {e.strerror}", 2)
    except ValueError as e:
        die(f"{path}: not {what}: {e}", 2)


def compare(lava_json, native, report, variant, kunit):
    try:
        compare_runs(lava_json, native, report, variant, kunit)
    except (KeyError, TypeError, AttributeError) as e:
        die(f"{lava_json} or {report}: not the results this expects "
            f"({type(e).__name__}: {e})", 2)


def compare_runs(lava_json, native, report, variant, kunit):
    lava = load(lava_json, "a muprobe-lava results file")
    native_sections = sections(native)
    problems, summary = [], []
    for s in SUITES:
        leaves, parents = kunit_leaves(kunit, native_sections.get(s, []))
        got = lava[s]
        if not leaves:
            problems.append(f"{s}: the native run has no results")
        for name, res in leaves.items():
            if name not in got:
                problems.append(f"{s}: {name} ({res}) is not a LAVA case")
            elif got[name]["result"] != res:
                problems.append(f"{s}: {name} is {got[name]['result']} "
                                f"in LAVA, {res} natively")
        extra = set(got) - set(leaves) - parents - {s + ".complete"}
        problems += [f"{s}: LAVA case {x} has no native result"
                     for x in sorted(extra)]
        if got.get(s + ".complete", {}).get("result") != "pass":
            problems.append(f"{s}: {s}.complete did not pass")
        summary.append(f"{s} {len(got)} cases")
    rep = load(report, "a report")
    want = {}
    for p in rep["probes"]:
        v = p["verdict"].get(variant)
        want[v] = want.get(v, 0) + 1
    got = {}
    for c in lava["probe"].values():
        if c["set"] in VERDICT_SETS:
            got[c["set"]] = got.get(c["set"], 0) + 1
    if got != want:
        problems.append(f"probe verdict sets {got} but the report "
                        f"counts {want} for {variant}")
    for p in problems[:20]:
        print(f"lava: {variant}: {p}", file=sys.stderr)
    if problems:
        die(f"{variant}: {len(problems)} differences between LAVA and "
            f"the native run")
    sets = ", ".join(f"{k} {want[k]}" for k in VERDICT_SETS if k in want)
    print(f"{variant}: {', '.join(summary)}; probe verdicts {sets}: "
          f"equal to the native run")


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "read":
        read(sys.argv[2])
    elif len(sys.argv) == 7 and sys.argv[1] == "compare":
        compare(*sys.argv[2:])
    else:
        die(__doc__.split("\n\n")[1], 2)


if __name__ == "__main__":
    main()
