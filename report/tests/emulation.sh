#!/bin/sh
# murun's fidelity, as the report measured it in this run: what the
# emulation is built to do, checked against what it did.
#   - both modes were measured (the host runs are complete);
#   - nomultiuser: every syscall the real guest lost is ENOSYS under murun;
#   - neither mode takes away a syscall that its real guest answers;
#   - every probe difference murun misses is a silent one (kernel state
#     that only the real kernel has): each loud one is reproduced, and so
#     are the silent ones its filter answers (chown family, bounding set,
#     IPC_SET);
#   - every scenario whose exit status changes on the real kernel changes
#     the same way under murun.
#
# usage: emulation.sh REPORT.json
set -eu
exec python3 - "$1" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
n = fails = 0
def check(name, ok):
    global n, fails
    n += 1
    print(("ok" if ok else "not ok"), n, name)
    fails += not ok
for key in ("emulation", "emulation_compat"):
    e = r.get(key, {})
    t = e.get("tool", key)
    check(f"{t}: measured", e.get("status") == "complete")
    if e.get("status") != "complete":
        continue
    if key == "emulation":
        # An ABI the host kernel lacks cannot be measured; the rest must be.
        can = e["syscalls_lost"] - e["syscalls_unmeasured"]
        check(f"{t}: all {can} lost syscalls the host can run reproduced"
              f" ({e['syscalls_unmeasured']} unmeasured:"
              f" {e['syscalls_unmeasured_why'] or 'none'})",
              can > 0 and e["syscalls_reproduced"] == can)
    check(f"{t}: no syscall lost that the {e['guest']} guest answers",
          e["syscalls_lost_only_under_murun"] == 0)
    loud = [m["id"] for m in e["not_reproduced"] if m["guest"] != "silent"]
    check(f"{t}: every loud probe difference reproduced {loud or ''}",
          not loud and e["probe_differences"] > 0)
    # The silent answers murun's filter gives (apps/murun/genfilter.c's
    # mu_filter_silent): each such guest difference is reproduced.
    emulated = {"own.chown", "own.fchown", "own.lchown", "own.fchownat",
                "caps.bset_drop", "ipc.shm_owner", "ipc.msg_owner",
                "ipc.sem_owner"}
    guest_silent = {m["id"] for m in e["not_reproduced"]} & emulated
    check(f"{t}: the chown family, PR_CAPBSET_DROP and IPC_SET reproduced "
          f"{sorted(guest_silent) or ''}", not guest_silent)
    if e.get("scenarios_measured"):
        miss = [m["id"] for m in e["scenarios_not_reproduced"]]
        check(f"{t}: every scenario exit change reproduced {miss or ''}",
              not miss and e["scenario_differences"] > 0)
print(f"{n - fails} passed, {fails} failed")
sys.exit(1 if fails else 0)
PY
