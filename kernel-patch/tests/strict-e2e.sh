#!/bin/sh
# MULTIUSER_STRICT, as the nomultiuser-strict guest saw it: each request
# the option's Kconfig help and patch message say it refuses fails with
# the documented errno, what is left silent is only what the message says
# no kernel option can refuse, and no variant of the series is more silent
# than plain MULTIUSER=n.  All observed in the guests' probe output.  A
# row silent on multiuser too is the base's own departure from Linux (a
# kernel without COREDUMP or CGROUPS), not the series': not counted.
#
# usage: strict-e2e.sh OUT_DIR
set -eu
out=$1
sec=$(dirname "$0")/../../initramfs/section.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fails=0
fail() { echo "FAIL: $*" >&2; fails=$((fails + 1)); }
for v in multiuser nomultiuser nomultiuser-compat nomultiuser-strict; do
	"$sec" "$out/$v/results.txt" probe >"$work/$v.ktap"
done
val() { sed -n "s/^# $1 $2=//p" "$work/nomultiuser-strict.ktap"; }
want() { # ID KEY VALUE
	got=$(val "$1" "$2")
	[ "$got" = "$3" ] || fail "$1 $2 is '$got', documented '$3'"
}

# EINVAL: an id other than 0 has no mapping (make_kuid() maps only 0)
for id in own.chown own.fchown own.lchown own.fchownat; do
	want $id ret "-1 EINVAL"
	want $id verdict loud
done
want own.chown_keep verdict same
for id in ipc.shm_owner ipc.msg_owner ipc.sem_owner; do
	want $id ipc_set "-1 EINVAL"
done
want sock.scm_credentials sendmsg "-1 EINVAL"
# EPERM: a capability root keeps whatever it asks
want caps.bset_drop ret "-1 EPERM"
want caps.securebits_noroot ret "-1 EPERM"
# compat's answers are kept
want caps.capset_roundtrip_v1 capset 0
want setid.setgroups_root.raw groups 0
want uid.getresuid ids "0 0 0"

# Silent: at most 5, and only what the patch message names.
verdict_silent() { sed -n 's/^# \([^ ]*\) verdict=silent$/\1/p' "$work/$1.ktap" | sort; }
verdict_silent multiuser >"$work/base-silent"
silent() { verdict_silent "$1" | comm -23 - "$work/base-silent"; }
n=$(silent nomultiuser-strict | grep -c '') || true
[ "$n" -le 5 ] || fail "nomultiuser-strict has $n silent rows, more than 5"
for id in $(silent nomultiuser-strict); do
	case $id in
	privdrop.careless|setid.setfsuid_*|setid.setfsgid_*) ;;
	*) fail "nomultiuser-strict: $id is silent: $(sed -n "s/^# $id reason=//p" \
		"$work/nomultiuser-strict.ktap")" ;;
	esac
done
base=$(silent nomultiuser | grep -c '') || true
c=$(silent nomultiuser-compat | grep -c '') || true
[ "$c" -le "$base" ] ||
	fail "nomultiuser-compat has $c silent rows, nomultiuser $base"
[ $fails -eq 0 ] || exit 1
echo "documented refusals observed; silent rows: nomultiuser $base," \
	"nomultiuser-compat $c, nomultiuser-strict $n"
