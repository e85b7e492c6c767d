#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""murun's seccomp programs, run by a small classic-BPF interpreter for
every syscall number of each ABI: exactly the calls MULTIUSER=n takes away
get the mode's action, everything else is allowed.  This covers x32 too,
which this machine's kernel cannot run (a filter that forgets an ABI is a
way around it).

usage: filter.py FILTERS_H MULTIUSER_SYSCALLS_H
"""
import re
import sys

AUDIT_ARCH_X86_64, AUDIT_ARCH_I386 = 0xC000003E, 0x40000003
X32_BIT = 0x40000000
ALLOW = 0x7FFF0000
ACTIONS = {  # program: the action for a filtered call
    "mu_filter_enosys": 0x00050000 | 38,  # SECCOMP_RET_ERRNO | ENOSYS
    "mu_filter_notify": 0x7FC00000,       # SECCOMP_RET_USER_NOTIF
    "mu_filter_trace": 0x7FF00000,        # SECCOMP_RET_TRACE, data 0
}


def programs(path):
    text = open(path).read()
    out = {}
    for name, body in re.findall(r"sock_filter (\w+)\[\] = \{(.*?)\};",
                                 text, re.S):
        out[name] = [tuple(int(x, 0) for x in m) for m in re.findall(
            r"\{ (0x[0-9a-f]+), (\d+), (\d+), (0x[0-9a-f]+) \}", body)]
    return out


def run(prog, nr, arch, args=()):
    """Classic BPF over struct seccomp_data {nr, arch, ip, args[6]}."""
    data = {0: nr & 0xFFFFFFFF, 4: arch}
    for i in range(6):
        a = args[i] if i < len(args) else 0
        data[16 + 8 * i], data[20 + 8 * i] = a & 0xFFFFFFFF, a >> 32
    a = pc = 0
    while True:
        code, jt, jf, k = prog[pc]
        cls = code & 0x07
        if code == 0x20:                   # ld [k]
            if k not in data:
                raise ValueError(f"load of offset {k}")
            a = data[k]
        elif cls == 0x06:                  # ret k
            return k
        elif code == 0x05:                 # ja k
            pc += k
        elif cls == 0x05:                  # jeq/jgt/jge/jset k
            op = code & 0xF0
            hit = {0x10: a == k, 0x20: a > k, 0x30: a >= k,
                   0x40: a & k != 0}.get(op)
            if hit is None or code & 0x08:
                raise ValueError(f"jump code {code:#x}")
            pc += jt if hit else jf
        elif code == 0x54:                 # and k
            a &= k
        else:
            raise ValueError(f"instruction {code:#x}")
        pc += 1


# mu_filter_ids: the identity reads, by the ABIs' own numbers
# (arch/x86/entry/syscalls/syscall_{64,32}.tbl), answer 0.
IDS = {64: {102, 104, 107, 108},                # getuid getgid geteuid getegid
       32: {24, 47, 49, 50, 199, 200, 201, 202}}  # ... and the *32 forms
IDS_ACTION = 0x00050000  # SECCOMP_RET_ERRNO, data 0: returns 0


def check_ids(prog):
    wrong = []
    for nr in range(1024):
        for abi, arch, num in ((64, AUDIT_ARCH_X86_64, nr),
                               (64, AUDIT_ARCH_X86_64, nr | X32_BIT),
                               (32, AUDIT_ARCH_I386, nr)):
            want = IDS_ACTION if nr in IDS[abi] else ALLOW
            got = run(prog, num, arch)
            if got != want:
                wrong.append(f"{arch:#x}/{num:#x}: {got:#x}")
    return wrong


# mu_filter_silent: the chown family to an id other than 0 (by argument:
# owner, group), prctl(PR_CAPBSET_DROP) and, on x86_64 and x32, IPC_SET
# (cmd & 0xff == 1 in shmctl msgctl semctl) answer 0; the 16-bit ia32
# chowns are lost ones, left to the main filter; ia32's IPC calls are
# allowed (genfilter.c says why).
SILENT = {64: {92: 1, 93: 1, 94: 1, 260: 2},        # chown fchown lchown fchownat
          32: {212: 1, 198: 1, 207: 1, 298: 2}}     # chown32 lchown32 fchown32 fchownat
PRCTL = {64: 157, 32: 172}
IPCSET = {64: {31: 1, 71: 1, 66: 2}, 32: {}}        # shmctl msgctl semctl


def check_silent(prog):
    wrong = []
    for abi, arch, bit in ((64, AUDIT_ARCH_X86_64, 0),
                           (64, AUDIT_ARCH_X86_64, X32_BIT),
                           (32, AUDIT_ARCH_I386, 0)):
        def want(nr, args):
            if nr in SILENT[abi]:
                u = SILENT[abi][nr]
                return IDS_ACTION if args[u] or args[u + 1] else ALLOW
            if nr == PRCTL[abi]:
                return IDS_ACTION if args[0] == 24 else ALLOW
            if nr in IPCSET[abi]:
                hit = args[IPCSET[abi][nr]] & 0xff == 1
                return IDS_ACTION if hit else ALLOW
            return ALLOW
        for nr in range(1024):
            for args in ((0, 0, 0, 0), (3, 1000, 0, 0), (3, 0, 1000, 0),
                         (3, 0xFFFFFFFF, 0, 0), (3, 3, 1000, 1000),
                         (24, 3, 0, 0), (23, 3, 0, 0), (3, 1, 0, 0),
                         (3, 0x101, 0, 0), (3, 0, 1, 0), (24, 0, 1, 0),
                         (14, 0, 0x101, 0), (3, 0, 0, 1), (2, 0, 1, 0),
                         (3, 2, 2, 2)):
                got = run(prog, nr | bit, arch, args)
                if got != want(nr, args):
                    wrong.append(f"{arch:#x}/{nr | bit:#x}{args}: {got:#x}")
    return wrong


def main():
    progs = programs(sys.argv[1])
    lost = {(int(abi), int(nr)) for abi, nr in re.findall(
        r"\{ (32|64), (\d+), \"", open(sys.argv[2]).read())}
    # x86_64 and x32 share the 64-bit entries.
    want_hits = [x for x in lost if x[0] == 64] * 2 + \
        [x for x in lost if x[0] == 32]
    n = fails = 0
    for name, action in ACTIONS.items():
        prog = progs.get(name)
        n += 1
        if not prog:
            print(f"not ok {n} {name}: not in {sys.argv[1]}")
            fails += 1
            continue
        wrong = []
        for nr in range(1024):
            for abi, arch, num in ((64, AUDIT_ARCH_X86_64, nr),
                                   (64, AUDIT_ARCH_X86_64, nr | X32_BIT),
                                   (32, AUDIT_ARCH_I386, nr)):
                want = action if (abi, nr) in lost else ALLOW
                got = run(prog, num, arch)
                if got != want:
                    wrong.append(f"{arch:#x}/{num:#x}: {got:#x}")
        ok = not wrong
        n64 = sum(1 for x in lost if x[0] == 64)
        print(f"{'ok' if ok else 'not ok'} {n} {name}: {n64} x86_64 and "
              f"x32, {len(lost) - n64} ia32 calls get {action:#x}, the other "
              f"{3 * 1024 - len(want_hits)} numbers are allowed"
              + ("" if ok else f"; wrong: {', '.join(wrong[:5])}"))
        fails += not ok
    n += 1
    wrong = check_ids(progs.get("mu_filter_ids") or [(6, 0, 0, 0)])
    print(f"{'not ok' if wrong else 'ok'} {n} mu_filter_ids: 4 x86_64, 4 "
          f"x32 and 8 ia32 identity reads answer 0, the rest are allowed"
          + (f"; wrong: {', '.join(wrong[:5])}" if wrong else ""))
    fails += bool(wrong)
    n += 1
    wrong = check_silent(progs.get("mu_filter_silent") or [(6, 0, 0, 0)])
    print(f"{'not ok' if wrong else 'ok'} {n} mu_filter_silent: chown, fchown, "
          f"lchown, fchownat (and ia32's *32) to an id other than 0, "
          f"PR_CAPBSET_DROP on every ABI and IPC_SET on x86_64 and x32 "
          f"answer 0, the rest are allowed"
          + (f"; wrong: {', '.join(wrong[:5])}" if wrong else ""))
    fails += bool(wrong)
    print(f"{n - fails} passed, {fails} failed")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
