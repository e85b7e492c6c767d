#!/bin/sh
# BASE=defconfig, which takes ~13 minutes per kernel to build here, is not
# built by make check; its variants must still configure and verify, and
# MULTIUSER must really come out off where asked.
#
# usage: defconfig-configs.sh BUILD_DIR   (from the project root; runs make)
set -eu
build=$1
make -s --no-print-directory BASE=defconfig SEED=0 configs
fail() { echo "FAIL: $*" >&2; exit 1; }
grep -qx 'CONFIG_MULTIUSER=y' "$build/defconfig/multiuser/.config" || fail "multiuser"
grep -qx 'CONFIG_MULTIUSER=y' "$build/defconfig/control/.config" || fail "control"
for v in nomultiuser nomultiuser-compat; do
	grep -qx '# CONFIG_MULTIUSER is not set' "$build/defconfig/$v/.config" ||
		fail "$v: MULTIUSER did not come out off"
done
grep -qx 'CONFIG_MULTIUSER_COMPAT=y' "$build/defconfig/nomultiuser-compat/.config" ||
	fail "nomultiuser-compat: MULTIUSER_COMPAT is not on"
echo "defconfig: 4 variants configured; control turns off $(grep -c 'is not set' "$build/defconfig/control.config") fallout options"
