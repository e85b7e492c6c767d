#!/bin/sh
# The probe's command line and output writer, run on the build host: KTAP
# that the kernel's parser accepts (plan first, end line last, subset runs
# planned right), --list/--help, and a clear error for a bad option.
#
# usage: cli.sh MUPROBE SRCTREE
set -eu
probe=$1 src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

cd "$work"
"$probe" --no-sweep 'uid.*' 'gid.*' 'caps.status_*' >sub.ktap || fail "subset run exited $?"
[ "$(sed -n 2p sub.ktap)" = "1..9" ] || fail "subset plan is '$(sed -n 2p sub.ktap)', not 1..9"
[ "$(grep -c '^\(not \)\{0,1\}ok ' sub.ktap)" = 9 ] || fail "subset has not 9 results"
tail -n 1 sub.ktap | grep -qx '# muprobe end' || fail "no end line"
python3 "$src/tools/testing/kunit/kunit.py" parse "$work/sub.ktap" >parse 2>&1 || true
! grep -E '\[(ERROR|CRASHED)\]' parse || fail "kunit.py parse errors"
grep -q 'Ran 9 tests' parse || fail "kunit.py did not see 9 tests: $(tail -n 1 parse)"

"$probe" 'sweep.x86_64' >sweep.ktap || fail "sweep exited $?"
python3 "$src/tools/testing/kunit/kunit.py" parse "$work/sweep.ktap" >parse 2>&1 || true
! grep -E '\[(ERROR|CRASHED)\]' parse || fail "kunit.py parse errors in the sweep"
n=$(grep -c '^    \(not \)\{0,1\}ok ' sweep.ktap)
t=$(grep -c '^[0-9]' "$src/arch/x86/entry/syscalls/syscall_64.tbl")
x=$(grep -c '^[0-9]*[[:space:]]*x32' "$src/arch/x86/entry/syscalls/syscall_64.tbl")
[ "$n" = $((t - x)) ] || fail "sweep ran $n calls, the table has $((t - x)) non-x32 entries"

"$probe" --list >list || fail "--list exited $?"
[ "$(wc -l <list)" -ge 60 ] || fail "--list shows $(wc -l <list) probes, fewer than 60"
"$probe" --help | grep -q '^usage: muprobe' || fail "--help has no usage line"
if "$probe" --bogus >/dev/null 2>err; then fail "--bogus accepted"; fi
grep -q "unknown option '--bogus'" err || fail "bad option error: $(cat err)"
echo "subset, sweep ($n calls), --list ($(wc -l <list) probes), --help, bad option: ok"
