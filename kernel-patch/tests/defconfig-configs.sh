#!/bin/sh
# BASE=defconfig, which takes ~13 minutes per kernel to build here, is not
# built by make check; its variants must still configure and verify, and
# MULTIUSER must really come out off where asked.  Which syscalls the
# options it takes with it compile out is read from the two configs: acct
# (BSD_PROCESS_ACCT) on every version, lsm_* (SECURITY) where the tree has
# them.
#
# usage: defconfig-configs.sh BUILD_DIR SRCTREE   (from the project root)
set -eu
build=$1 src=$2
make -s --no-print-directory BASE=defconfig SEED=0 configs
fail() { echo "FAIL: $*" >&2; exit 1; }
grep -qx 'CONFIG_MULTIUSER=y' "$build/defconfig/multiuser/.config" || fail "multiuser"
grep -qx 'CONFIG_MULTIUSER=y' "$build/defconfig/control/.config" || fail "control"
for v in nomultiuser nomultiuser-compat nomultiuser-strict; do
	grep -qx '# CONFIG_MULTIUSER is not set' "$build/defconfig/$v/.config" ||
		fail "$v: MULTIUSER did not come out off"
done
grep -qx 'CONFIG_MULTIUSER_COMPAT=y' "$build/defconfig/nomultiuser-compat/.config" ||
	fail "nomultiuser-compat: MULTIUSER_COMPAT is not on"
grep -qx 'CONFIG_MULTIUSER_STRICT=y' "$build/defconfig/nomultiuser-strict/.config" ||
	fail "nomultiuser-strict: MULTIUSER_STRICT is not on"
tbl=$src/arch/x86/entry/syscalls
python3 report/lost-syscalls.py "$src" "$build/defconfig/multiuser/.config" \
	"$build/defconfig/nomultiuser/.config" "$tbl/syscall_64.tbl" \
	"$tbl/syscall_32.tbl" >"$build/defconfig/lost-syscalls.tsv"
lost() { awk -v o="$1" '$1 == "x86_64" && $4 == o { print $2 }' \
	"$build/defconfig/lost-syscalls.tsv" | sort | tr '\n' ' '; }
[ "$(lost CONFIG_BSD_PROCESS_ACCT)" = "acct " ] ||
	fail "acct is not lost with BSD_PROCESS_ACCT: '$(lost CONFIG_BSD_PROCESS_ACCT)'"
[ "$(lost CONFIG_MULTIUSER | wc -w)" = 14 ] ||
	fail "not the 14 identity calls with MULTIUSER: $(lost CONFIG_MULTIUSER)"
if grep -q '^SYSCALL_DEFINE.(lsm_list_modules' "$src/security/lsm_syscalls.c" 2>/dev/null; then
	[ "$(lost CONFIG_SECURITY)" = "lsm_get_self_attr lsm_list_modules lsm_set_self_attr " ] ||
		fail "lsm_* are not lost with SECURITY: '$(lost CONFIG_SECURITY)'"
fi
echo "defconfig: 5 kernels configured; control turns off $(grep -c 'is not set' "$build/defconfig/control.config") fallout options; x86_64 loses $(awk '$1 == "x86_64"' "$build/defconfig/lost-syscalls.tsv" | wc -l) syscalls: $(awk '$1 == "x86_64" { print $2 "(" $4 ")" }' "$build/defconfig/lost-syscalls.tsv" | sed 's/CONFIG_//' | grep -v '(MULTIUSER)' | tr '\n' ' ')and the 14 identity calls"
