#!/bin/sh
# The probe on this (stock) kernel as a root a container gave less: a
# reduced bounding set (Docker's default, and each capability a row needs
# dropped alone), no_new_privs, a user namespace mapping only root.  On a
# stock kernel nothing may differ from Linux: every row is "ok", or a skip
# that names what the container lacks, and multiuser is never "no".
#
# usage: container.sh MUPROBE
set -eu
mp=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
cd "$t"
n=0 fails=0
check() {
	n=$((n + 1))
	if eval "$2"; then echo "ok $n $1"; else echo "not ok $n $1"; fails=$((fails + 1)); fi
}
# judge NAME OUT MIN: no difference, the header's multiuser not "no",
# and at least MIN rows skipped naming the container.
judge() {
	out=$2 min=$3
	# What differed, for the log: these runs' outputs are not kept.
	grep -A2 "^not ok" "$out" | sed 's/^/#   /' || true
	check "$1: no row differs from Linux" '! grep -q "^not ok" "$out"'
	check "$1: multiuser is yes or unknown" \
		'grep -q "^# muprobe root=yes multiuser=\(yes\|unknown\) " "$out"'
	check "$1: $min row(s) or more skipped, naming the container" \
		'[ "$(grep -c "^ok [0-9]* [^ ]* # SKIP the container" "$out")" -ge "$min" ]'
}
"$mp" >full 2>&1
check "full root: no row differs, none skipped for a container" \
	'! grep -q "^not ok" full && ! grep -q "SKIP the container" full'
bounding=$(capsh --print | sed -n 's/^Bounding set =//p')
docker="cap_chown cap_dac_override cap_fsetid cap_fowner cap_mknod cap_net_raw
cap_setgid cap_setuid cap_setfcap cap_setpcap cap_net_bind_service
cap_sys_chroot cap_kill cap_audit_write"
drop=$(echo "$bounding" | tr ',' '\n' | grep -vxF "$docker" | paste -sd, -)
capsh --drop="$drop" -- -c "exec '$mp'" >docker 2>&1
judge "Docker's default capabilities" docker 15
for c in cap_chown cap_dac_override cap_fowner cap_fsetid cap_setgid \
	cap_setuid cap_setpcap cap_sys_pacct cap_sys_admin; do
	case ",$bounding," in *",$c,"*) ;; *) continue ;; esac
	capsh --drop="$c" -- -c "exec '$mp' --no-sweep" >"$c" 2>&1
	judge "without $c" "$c" 1
done
setpriv --no-new-privs "$mp" --no-sweep >nnp 2>&1
judge "no_new_privs" nnp 2
if unshare -U -r true 2>/dev/null; then
	unshare -U -r "$mp" --no-sweep >userns 2>&1
	judge "a user namespace mapping only root" userns 20
else
	echo "# SKIP user namespace: this machine cannot create one"
fi
echo "$((n - fails)) passed, $fails failed"
[ $fails -eq 0 ]
