#!/bin/sh
# The compatibility layer, as the nomultiuser-compat guest saw it: every
# identity syscall with the semantics documented in the Kconfig help and
# the patch messages, where nomultiuser answers ENOSYS.  All observed in
# the guest's probe output; the expectations come from the patch text.
#
# usage: compat-e2e.sh OUT_DIR
# MU_ABIS: the sweep's ABIs, the architecture's own first (the architecture
# table's abis: "x86_64 ia32"; probe/sweep.c names them in the guest)
set -eu
out=$1
sec=$(dirname "$0")/../../initramfs/section.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fails=0
"$sec" "$out/nomultiuser-compat/results.txt" probe >"$work/c.ktap"
"$sec" "$out/nomultiuser/results.txt" probe >"$work/n.ktap"

val() { sed -n "s/^# $2 $3=//p" "$work/$1.ktap"; }
want() { # ID KEY VALUE
	got=$(val c "$1" "$2")
	if [ "$got" != "$3" ]; then
		echo "FAIL: $1 $2 is '$got', documented '$3'" >&2
		fails=$((fails + 1))
	fi
}
sweep() { sed -n "s/^    # sweep.$1.$2 result=//p" "$work/$3.ktap"; }

for via in raw libc; do
	for id in setuid_root setgid_root setreuid_keep setresuid_keep \
		setresgid_keep setgroups_empty; do
		want setid.$id.$via ret 0
		want setid.$id.$via verdict same
	done
	for id in setuid_nobody setgid_nobody setreuid_nobody setregid_nobody \
		setresuid_nobody setresuid_euid setresgid_nobody setgroups_nobody; do
		want setid.$id.$via ret "-1 EINVAL"
		want setid.$id.$via privileged yes
	done
	# initgroups() for root asks for {0}: kept, and read back (0003)
	want setid.setgroups_root.$via ret 0
	want setid.setgroups_root.$via groups 0
	want setid.setgroups_root.$via verdict same
	# {0, 0} could only be read back as {0}: refused (0003)
	want setid.setgroups_root_twice.$via ret "-1 EINVAL"
	# a refused fs id change is loud, not Linux's silent old id (0003)
	want setid.setfsuid_nobody.$via ret "-1 EINVAL"
	want setid.setfsuid_nobody.$via uids "0 0 0 0"
	want setid.setfsgid_nobody.$via ret "-1 EINVAL"
	want setid.setfsgid_nobody.$via gids "0 0 0 0"
done
want uid.getresuid ids "0 0 0"
want gid.getresgid ids "0 0 0"
want groups.getgroups_count ret 0
want groups.getgroups_list ret 0
want caps.capget_v3 verdict same
want caps.capget_v1 verdict same
want caps.capget_version_query verdict same
want caps.capset_keep ret 0
# what capget returned, capset takes back, in every header version (0003)
for v in 1 2 3; do
	want caps.capset_roundtrip_v$v capset 0
	want caps.capset_roundtrip_v$v verdict same
done
want caps.capset_drop ret "-1 EPERM"
want privdrop.careful setgroups "-1 EINVAL"

# The 14 syscalls and, on ia32, the 16-bit entry points (getuid is 24).
abis=${MU_ABIS:?"MU_ABIS: the sweep's ABIs, from the architecture table (make sets it)"}
for sc in setuid setgid setreuid setregid setresuid setresgid getresuid \
	getresgid setgroups getgroups setfsuid setfsgid capget capset; do
	r=$(sweep "${abis%% *}" "$sc" c)
	if [ "$r" = ENOSYS ] || [ -z "$r" ]; then
		echo "FAIL: sweep: $sc is '$r' on nomultiuser-compat" >&2
		fails=$((fails + 1))
	fi
done
[ "${abis#* }" = ia32 ] && sc16="getuid setuid getgroups chown" || sc16=
for sc in $sc16; do
	c=$(sweep ia32 "$sc" c) n=$(sweep ia32 "$sc" n)
	if [ "$n" != ENOSYS ] || [ "$c" = ENOSYS ] || [ -z "$c" ]; then
		echo "FAIL: ia32 $sc: nomultiuser '$n', compat '$c'" >&2
		fails=$((fails + 1))
	fi
done
# What a user sees: busybox id works, su to nobody is refused with the
# chosen errno instead of ENOSYS, su to root works.
"$sec" "$out/nomultiuser-compat/results.txt" apps >"$work/a.ktap"
has() { # ID KEY TEXT
	grep -qxF "# $1 $2=$3" "$work/a.ktap" || {
		echo "FAIL: $1 $2 is not '$3': $(grep "^# $1 $2=" "$work/a.ktap" | head -n 2 | tr '\n' '|')" >&2
		fails=$((fails + 1))
	}
}
has apps.busybox.id exit 0
has apps.busybox.su_nobody stderr "su: can't set groups: Invalid argument"
has apps.busybox.su_root exit 0

[ $fails -eq 0 ] || exit 1
echo "documented semantics observed: $(grep -c '^ok' "$work/c.ktap") ok," \
	"$(grep -c '^not ok' "$work/c.ktap") not ok on nomultiuser-compat"
