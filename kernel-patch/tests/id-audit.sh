#!/bin/sh
# audit-ids.py's inventory holds the sites every supported tree has, in
# the class and state the tree gives them: chown (checked through
# setattr_vfsuid), IPC_SET, SCM_CREDENTIALS and the tmpfs and devpts
# mount options, each built into the tiny base; and every line has its
# nine fields.
#
# usage: id-audit.sh ID_SITES.TSV
set -eu
tsv=$1
n=0 fails=0
check() {
	n=$((n + 1))
	if eval "$2"; then echo "ok $n $1"; else echo "not ok $n $1"; fails=$((fails + 1)); fi
}
site() { # FILE FUNCTION CLASS: a checked, built site
	awk -F'\t' -v f="$1" -v fn="$2" -v c="$3" \
		'$1 == f && $3 == fn && $5 == c && $6 == "checks" && $7 == "built" { ok = 1 }
		 END { exit !ok }' "$tsv"
}
check "chown_common: chown, checked, built" 'site fs/open.c chown_common chown'
check "ipc_update_perm: IPC owner, checked, built" \
	'site ipc/util.c ipc_update_perm "IPC owner"'
check "scm_check_creds: SCM_CREDENTIALS, checked, built" \
	'site net/core/scm.c scm_check_creds SCM_CREDENTIALS'
check "devpts gid=: a mount option, checked, built" \
	'site fs/devpts/inode.c parse_mount_options "mount option"'
check "tmpfs uid=: a mount option, built" \
	'grep -q "^mm/shmem.c	[0-9]*	[^	]*	[^	]*	mount option	checks	built	" "$tsv"'
check "every site line has nine fields" \
	'! grep -v "^#" "$tsv" | awk -F"\t" "NF != 9 { bad = 1 } END { exit !bad }"'
check "a summary line per class" 'grep -q "^# chown: " "$tsv" && grep -q "^# mount option: " "$tsv"'
echo "$((n - fails)) passed, $fails failed"
[ $fails -eq 0 ]
