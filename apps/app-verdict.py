#!/usr/bin/env python3
"""make app's verdict: one program's guest runs, each variant against the
multiuser baseline, in the report's words.

  like Linux      same exit status, messages, output, identities and files
  loud            the program says so: another exit status or a new message
                  (with the first identity call whose answer differs)
  silent          it does not say so, but ends or runs on with another
                  identity, capabilities or file owners (murun --status,
                  apps/app-identity.sh), or prints something else
  baseline fails  stock Linux's own run did not work here: nothing to judge
  cannot judge    this variant's run is missing or cut short

Known noise (addresses, times, dates, pids) is normalised before comparing;
VARIANT.raw.txt keeps the records as the guest wrote them, VARIANT.txt the
normalised ones that were compared.

usage: app-verdict.py DIR EXPECT_EXIT VARIANT...
Writes DIR/VARIANT.raw.txt, DIR/VARIANT.txt, DIR/verdict.json and prints
the summary; exits 0 (every variant like Linux), 1 (any differs) or 2
(could not judge).
"""
import difflib
import json
import os
import re
import subprocess
import sys

ID = "apps.app"
BASELINE = "multiuser"
SECTION = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                       "..", "initramfs", "section.sh")


class Incomplete(Exception):
    pass


def section(path, name="app"):
    """The lines of one payload's section: initramfs/section.sh's reading
    (end line, begin and end, rc=0), with its one-line reason on failure;
    then every line must be UTF-8 (report/formats.md)."""
    p = subprocess.run([SECTION, path, name], capture_output=True)
    if p.returncode:
        err = p.stderr.decode("utf-8", "replace").strip().splitlines()
        raise Incomplete(err[-1].removeprefix("section: ") if err
                         else f"{path}: unreadable")
    try:
        return p.stdout.decode("utf-8").splitlines()
    except UnicodeDecodeError as e:
        raise Incomplete(f"{path}: bytes that are not UTF-8 at offset "
                         f"{e.start} of section {name}")


def unescape(v):
    """report/formats.md's escape, undone for display ('\\c' and '\\T' kept
    as words: a missing newline or a cut line is part of what differs)."""
    out, i = [], 0
    while i < len(v):
        c = v[i]
        if c == "\\" and v[i + 1:i + 2] == "\\":
            out.append("\\")
            i += 2
        elif c == "\\" and v[i + 1:i + 2] == "x" and len(v) >= i + 4:
            b = int(v[i + 2:i + 4], 16)
            out.append(chr(b) if 0x20 <= b < 0x7f else f"<{b:02x}>")
            i += 4
        elif c == "\\" and v[i + 1:i + 2] == "c" and i + 2 == len(v):
            out.append(" (no newline)")
            i += 2
        elif c == "\\" and v[i + 1:i + 2] == "T":
            out.append(" (cut)")
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def records(lines):
    """(key, text) in the order the guest wrote them."""
    recs = []
    pre = f"# {ID} "
    for line in lines:
        if not line.startswith(pre):
            continue
        key, _, val = line[len(pre):].partition("=")
        val = unescape(val)
        if key in ("exit", "stdout", "stderr"):
            recs.append((key, val))
        elif key == "state":
            _, _, out = val.partition(" => ")
            if out.startswith("murun: exit "):
                recs.append(("ends", out[len("murun: exit "):]))
            elif out.startswith("murun: "):
                recs.append(("call", out[len("murun: "):]))
            elif out.startswith("proc "):
                recs.append(("runs", out[len("proc "):]))
            elif out.startswith("file "):
                recs.append(("file", out[len("file "):]))
            elif out:
                recs.append(("state", out))
    if not any(k == "exit" for k, _ in recs):
        raise Incomplete("the program's run left no exit status")
    return recs


NOISE = [
    (re.compile(r"0x[0-9a-fA-F]{5,}"), "0xADDR"),
    (re.compile(r"\b\d{4}-\d\d-\d\d[ T]\d\d:\d\d(:\d\d)?(\.\d+)?"
                r"( ?[+-]\d\d:?\d\d| ?UTC| ?Z)?"), "DATE"),
    (re.compile(r"\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun),? +"), ""),
    (re.compile(r"\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) +"
                r"\d{1,2}( +\d\d:\d\d(:\d\d)?)?( +\d{4})?"), "DATE"),
    (re.compile(r"\b\d\d:\d\d:\d\d(\.\d+)?\b"), "TIME"),
    (re.compile(r"\b1[0-9]{9}(\.\d+)?\b"), "EPOCH"),
    (re.compile(r"\b(pid|PID|process)([ =:#]+)\d+"), r"\1\2PID"),
    (re.compile(r"\[\d+\]"), "[PID]"),
    (re.compile(r"/proc/\d+/"), "/proc/PID/"),
]


def normalise(text):
    for rx, rep in NOISE:
        text = rx.sub(rep, text)
    return text


def norm_records(recs):
    return [(k, normalise(v) if k in ("stdout", "stderr", "state") else v)
            for k, v in recs]


def lines_of(recs, *keys):
    return [v for k, v in recs if k in keys]


def first_call_change(base, mine):
    """The first identity call this variant answered otherwise."""
    b, m = lines_of(base, "call"), lines_of(mine, "call")
    for i, call in enumerate(m):
        if i >= len(b) or call != b[i]:
            return call
    return None


def judge(base, mine):
    """(verdict, reason) for one variant against the baseline."""
    bexit, mexit = lines_of(base, "exit")[0], lines_of(mine, "exit")[0]
    call = first_call_change(base, mine)
    new_err = [e for e in lines_of(mine, "stderr")
               if e not in lines_of(base, "stderr")]
    said = f'"{new_err[0]}"' if new_err else None
    if mexit != bexit or new_err:
        why = [f"exit {mexit}, stock Linux {bexit}" if mexit != bexit
               else f"exit {mexit} as on stock Linux, but it says so"]
        why += [c for c in (call, said) if c]
        return "loud", "; ".join(why)
    for key, what in (("ends", "a process ends as"),
                      ("runs", "a process runs on as"),
                      ("file", "a file it made or changed is")):
        b, m = lines_of(base, key), lines_of(mine, key)
        if b != m:
            got = [x for x in m if x not in b]
            had = [x for x in b if x not in m]
            why = f"{what} {got[0] if got else '(none)'}"
            why += f", stock Linux: {had[0] if had else '(none)'}"
            return "silent", why + (f"; {call}" if call else "")
    if lines_of(base, "stdout") != lines_of(mine, "stdout"):
        b, m = lines_of(base, "stdout"), lines_of(mine, "stdout")
        for i in range(max(len(b), len(m))):
            x = m[i] if i < len(m) else "(nothing)"
            y = b[i] if i < len(b) else "(nothing)"
            if x != y:
                return "silent", (f'exit {mexit} as on stock Linux, but prints '
                                  f'"{x}" where stock Linux prints "{y}"')
    if lines_of(base, "state") != lines_of(mine, "state"):
        return "silent", "its state lines differ"
    if call:
        return "like Linux", f"every call it checks behaves; {call}"
    return "like Linux", "same exit, messages, output, identities and files"


def dump(path, recs):
    with open(path, "w", encoding="utf-8") as f:
        for k, v in recs:
            f.write(f"{k}: {v}\n")


def bad_input(msg):
    """One line on stderr and exit 2: not a verdict, a command that
    cannot be judged."""
    sys.stderr.write(f"app-verdict: {msg}\n")
    return 2


def main(argv):
    if len(argv) < 4:
        sys.stderr.write(__doc__.split("\n\n")[-1])
        return 2
    d, expect, variants = argv[1], argv[2], argv[3:]
    if not os.path.isdir(d):
        return bad_input(f"{d}: not a folder of runs")
    if not expect.isdigit():
        return bad_input(f"the expected exit status must be a number, "
                         f"not '{expect}'")
    try:
        return judge_all(d, expect, variants)
    except OSError as e:
        return bad_input(f"cannot write in {d}: {e.strerror}")


def judge_all(d, expect, variants):
    runs, verdicts = {}, {}
    for v in variants:
        try:
            raw = records(section(f"{d}/{v}/results.txt"))
        except Incomplete as e:
            # DIR is the host's: keep it out of verdict.json.
            verdicts[v] = ("cannot judge", str(e).replace(d + "/", ""))
            continue
        dump(f"{d}/{v}.raw.txt", raw)
        runs[v] = norm_records(raw)
        dump(f"{d}/{v}.txt", runs[v])
    base = runs.get(BASELINE)
    if BASELINE not in variants:
        why = "no multiuser run to compare with (VARIANTS lacks multiuser)"
        base = None
    elif base is None:
        why = "stock Linux's run: " + verdicts[BASELINE][1]
    else:
        bexit = lines_of(base, "exit")[0]
        err = lines_of(base, "stderr")
        why = None
        if bexit != expect:
            why = (f"stock Linux's run exits {bexit}, not {expect}"
                   + (f': "{err[0]}"' if err else "")
                   + " (add what it needs, or --expect-exit)")
        verdicts[BASELINE] = ("baseline", f"exit {bexit}")
    for v in variants:
        if v == BASELINE or v in verdicts:
            continue
        verdicts[v] = ("baseline fails", why) if why else judge(base, runs[v])
    if why and BASELINE in runs:
        verdicts[BASELINE] = ("baseline fails", why)
    for v in variants:
        print(f"{v:20s} {verdicts[v][0]}: {verdicts[v][1]}")
    for v in variants:
        if v == BASELINE or v not in runs or base is None:
            continue
        a = [f"{k}: {x}" for k, x in base]
        b = [f"{k}: {x}" for k, x in runs[v]]
        if a != b:
            print(f"== {v} differs from {BASELINE}:")
            for line in list(difflib.unified_diff(a, b, BASELINE, v,
                                                  lineterm=""))[2:]:
                print(line)
    with open(f"{d}/verdict.json", "w", encoding="utf-8") as f:
        json.dump({"variants": [{"variant": v, "verdict": verdicts[v][0],
                                 "reason": verdicts[v][1]}
                                for v in variants]}, f, indent=1)
        f.write("\n")
    kinds = {verdicts[v][0] for v in variants}
    if kinds & {"baseline fails", "cannot judge"}:
        return 2
    return 1 if kinds & {"loud", "silent"} else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
