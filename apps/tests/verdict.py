#!/usr/bin/env python3
"""apps/app-verdict.py on hand-written guest results, no QEMU: each verdict
(like Linux despite noise, loud, silent by identity, by file owner and by
output, baseline fails, cut short) and its exit status.

usage: verdict.py APP_VERDICT_PY
"""
import os
import subprocess
import sys
import tempfile


def results(recs, done=True):
    lines = ["@@ muprobe-guest 1", "@@ begin app", "KTAP version 1", "1..1"]
    lines += [f"# apps.app {r}" for r in recs]
    lines += ["ok 1 apps.app", "@@ end app rc=0"] + (["@@ done"] if done else [])
    return "\n".join(lines) + "\n"


BASE = ["exit=0", "stdout=uid 65534 at 2026-12-03 23:41:07, pid 181",
        "stdout=buffer at 0x7ffd5e3a9c10",
        "state=cat /tmp/app.calls => murun: setuid(65534) = 0 (kernel)",
        "state=cat /tmp/app.calls => murun: exit prog uid=65534 65534 65534 65534",
        "state=sh /app/identity => file 65534:65534 644 /tmp/scn/f"]
CASES = [  # name, variant's records (or None: cut short), verdict, exit
    ("noise", ["exit=0", "stdout=uid 65534 at 2026-12-03 23:41:09, pid 190",
               "stdout=buffer at 0x7ffc11112222"] + BASE[3:],
     "like Linux", 0),
    ("loud", ["exit=1", "stderr=prog: setuid: Function not implemented",
              "state=cat /tmp/app.calls => murun: setuid(65534) = -1 ENOSYS (kernel)"],
     "loud", 1),
    ("silent-ends", BASE[:3] + [
        "state=cat /tmp/app.calls => murun: setuid(65534) = -1 ENOSYS (kernel)",
        "state=cat /tmp/app.calls => murun: exit prog uid=0 0 0 0",
        BASE[5]], "silent", 1),
    ("silent-file", BASE[:5] + ["state=sh /app/identity => file 0:0 644 /tmp/scn/f"],
     "silent", 1),
    ("silent-output", ["exit=0", "stdout=uid 0 at 2026-12-03 23:41:09, pid 190",
                       BASE[2]] + BASE[3:], "silent", 1),
    ("cut", None, "cannot judge", 2),
]


def run(tool, d, expect, variants):
    p = subprocess.run([sys.executable, tool, d, expect] + variants,
                       capture_output=True, text=True)
    return p.returncode, p.stdout


def main():
    tool = sys.argv[1]
    n = fails = 0
    for name, recs, want, code in CASES:
        with tempfile.TemporaryDirectory() as d:
            for v, r in (("multiuser", BASE), ("nomultiuser", recs)):
                os.makedirs(f"{d}/{v}")
                with open(f"{d}/{v}/results.txt", "w") as f:
                    f.write(results(r or BASE[:2], done=r is not None))
            rc, out = run(tool, d, "0", ["multiuser", "nomultiuser"])
            line = [x for x in out.splitlines() if x.startswith("nomultiuser ")]
            got = line[0].split(None, 1)[1] if line else "(no line)"
            ok = rc == code and got.startswith(want + ":")
            n += 1
            fails += not ok
            print(f"{'ok' if ok else 'not ok'} {n} {name}: {got} (exit {rc})")
    with tempfile.TemporaryDirectory() as d:
        for v in ("multiuser", "nomultiuser"):
            os.makedirs(f"{d}/{v}")
            with open(f"{d}/{v}/results.txt", "w") as f:
                f.write(results(["exit=1", "stderr=prog: no such file /usr/share/x"]))
        rc, out = run(tool, d, "0", ["multiuser", "nomultiuser"])
        ok = rc == 2 and "nomultiuser          baseline fails: stock Linux's run exits 1, not 0" in out
        n += 1
        fails += not ok
        print(f"{'ok' if ok else 'not ok'} {n} baseline fails: exit {rc}")
        rc, out = run(tool, d, "1", ["multiuser", "nomultiuser"])
        ok = rc == 0 and "nomultiuser          like Linux" in out
        n += 1
        fails += not ok
        print(f"{'ok' if ok else 'not ok'} {n} --expect-exit=1 makes it judgeable: exit {rc}")
    print(f"{n - fails} passed, {fails} failed")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
