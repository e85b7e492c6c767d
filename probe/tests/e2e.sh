#!/bin/sh
# The probe as the guests ran it.  On multiuser every probe must be "ok" or
# "# SKIP" (the probe's self-check), or differ from Linux for an option
# its row names ("linux=... (COREDUMP)") that the multiuser .config does
# not have: the base's own departures from Linux, named.  On nomultiuser the 14 syscalls that
# commit 2813893f8b19 compiles out must show: their probes "not ok" and
# ENOSYS in the sweep (where multiuser has them); the chown read-back and
# the careless privilege drop must be silent differences.  Both outputs
# must parse cleanly with the kernel's own KTAP parser.
#
# usage: e2e.sh OUT_DIR SRCTREE MULTIUSER_CONFIG
# MU_ABIS: the sweep's ABIs, the architecture's own first (the architecture
# table's abis: "x86_64 ia32"; probe/sweep.c names them in the guest)
set -eu
out=$1 src=$2 config=$3
[ -r "$config" ] || { echo "e2e: $config: no multiuser .config" >&2; exit 2; }
abi=${MU_ABIS:?"MU_ABIS: the sweep's ABIs, from the architecture table (make sets it)"}
abi=${abi%% *}
sec=$(dirname "$0")/../../initramfs/section.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

for v in multiuser nomultiuser; do
	"$sec" "$out/$v/results.txt" probe >"$work/$v.ktap"
	tail -n 1 "$work/$v.ktap" | grep -q '^# muprobe end$' ||
		fail "$v: probe output has no end line"
	python3 "$src/tools/testing/kunit/kunit.py" parse "$work/$v.ktap" \
		>"$work/$v.parse" 2>&1 || true
	if grep -E '\[(ERROR|CRASHED)\]' "$work/$v.parse"; then
		fail "$v: kunit.py parse found errors in the KTAP"
	fi
done
# The options a row names: CONFIG_X, or X in the parentheses of its
# linux= text ("(COREDUMP, ELF_CORE)").
options() {
	sed -n "s/^# $1 linux=//p" "$work/multiuser.ktap" |
		grep -oE 'CONFIG_[A-Z0-9_]+|\([A-Z0-9_, ]+\)' |
		sed 's/CONFIG_//; s/[(),]/ /g'
}
base_lacks=
for id in $(sed -n 's/^not ok [0-9]* //p' "$work/multiuser.ktap"); do
	off=
	for o in $(options "$id"); do
		grep -qx "CONFIG_$o=[ym]" "$config" || off="$off $o"
	done
	[ -n "$off" ] ||
		fail "multiuser: $id is 'not ok' on the stock-Linux baseline, and its row names no option $config lacks"
	base_lacks="$base_lacks $id (no$off)"
done
[ -z "$base_lacks" ] || echo "multiuser: the base's own departures:$base_lacks"

verdict() { sed -n "s/^# $2 verdict=//p" "$work/$1.ktap"; }
result() { sed -n "s/^    # sweep.$abi.$2 result=//p" "$work/$1.ktap"; }
# syscall -> the probe that exercises it
for pair in setuid:setid.setuid_nobody.raw setgid:setid.setgid_nobody.raw \
	setreuid:setid.setreuid_nobody.raw setregid:setid.setregid_nobody.raw \
	setresuid:setid.setresuid_nobody.raw setresgid:setid.setresgid_nobody.raw \
	getresuid:uid.getresuid getresgid:gid.getresgid \
	setgroups:setid.setgroups_nobody.raw getgroups:groups.getgroups_count \
	setfsuid:setid.setfsuid_nobody.raw setfsgid:setid.setfsgid_nobody.raw \
	capget:caps.capget_v3 capset:caps.capset_drop; do
	sc=${pair%%:*} id=${pair#*:}
	grep -qx "not ok [0-9]* $id" "$work/nomultiuser.ktap" ||
		fail "nomultiuser: $id ($sc) is not 'not ok'"
	[ "$(result nomultiuser "$sc")" = ENOSYS ] ||
		fail "nomultiuser: sweep says $sc is '$(result nomultiuser "$sc")'"
	r=$(result multiuser "$sc")
	[ -n "$r" ] && [ "$r" != ENOSYS ] ||
		fail "multiuser: sweep says $sc is '$r'"
done
for id in own.chown privdrop.careless; do
	[ "$(verdict nomultiuser "$id")" = silent ] ||
		fail "nomultiuser: $id is '$(verdict nomultiuser "$id")', not silent"
done
lost=$(grep -c "^    # sweep.$abi\\..* result=ENOSYS" "$work/nomultiuser.ktap" || true)
echo "multiuser: $(grep -c '^ok' "$work/multiuser.ktap") ok," \
	"$(grep -c '^not ok' "$work/multiuser.ktap") not ok for the base's options;" \
	"nomultiuser: $(grep -c '^not ok' "$work/nomultiuser.ktap") not ok," \
	"$lost $abi syscalls ENOSYS"
