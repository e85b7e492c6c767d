#!/bin/sh
# A fragment symbol that does not come out as asked must fail the config
# step, naming the symbol.  Without EXPERT=y, olddefconfig silently turns
# MULTIUSER back on: that is the case tested here, on the real tree, with
# the defconfig base (tinyconfig turns EXPERT on by itself), with EXPERT
# turned off outright: riscv's defconfig sets it.
#
# usage: kconfig-verify.sh SRCTREE ARCH WORKDIR [BASE]
#   BASE  the defconfig target, or the .config make made of it
set -eu
src=$1 arch=$2 work=$3 base=${4:-defconfig}
here=$(dirname "$0")
rm -rf "$work" && mkdir -p "$work"
{
	grep -v '^CONFIG_EXPERT=' "$here/../config/base-defconfig.config"
	echo '# CONFIG_EXPERT is not set'
} >"$work/no-expert.config"
if "$here/../kconfig-variant.sh" "$src" "$work/obj" "$arch" "$base" \
	"$work/log" "$work/no-expert.config" "$here/../config/nomultiuser.config" \
	2>"$work/err"; then
	echo "FAIL: config without EXPERT=y was accepted" >&2
	exit 1
fi
grep -q 'CONFIG_MULTIUSER asked =n .*resolved =y' "$work/err" || {
	echo "FAIL: the error does not name CONFIG_MULTIUSER:" >&2
	cat "$work/err" >&2
	exit 1
}
[ ! -e "$work/obj/.config.ok" ] || { echo "FAIL: .config.ok left behind" >&2; exit 1; }
echo "rejected as expected: $(head -n 1 "$work/err")"
rm -rf "$work"
