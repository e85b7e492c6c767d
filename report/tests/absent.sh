#!/bin/sh
# What lost-syscalls.py --absent reads from the baseline's config and
# tree against what the baseline's guest answered: every call the guest
# found ENOSYS has a reason, and no reason is given for a call it answered.
#
# usage: absent.sh RESULTS.txt ABSENT.tsv
set -eu
results=$1 absent=$2
[ -s "$results" ] || { echo "absent.sh: $results: no results" >&2; exit 2; }
[ -e "$absent" ] || { echo "absent.sh: $absent: missing" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sed -n 's/^ *# sweep\.\([a-z0-9_]*\)\.\([a-z0-9_]*\) result=ENOSYS$/\1 \2/p' \
	"$results" | sort >"$work/guest"
cut -f1,2 "$absent" | tr '\t' ' ' | sort >"$work/tree"
[ -s "$work/guest" ] || { echo "absent.sh: $results: no ENOSYS in its sweep" >&2; exit 1; }
rc=0
comm -23 "$work/guest" "$work/tree" >"$work/noreason"
comm -13 "$work/guest" "$work/tree" >"$work/answered"
if [ -s "$work/noreason" ]; then
	echo "FAIL: ENOSYS on the baseline with no reason from its config:" >&2
	sed 's/^/  /' "$work/noreason" >&2
	rc=1
fi
if [ -s "$work/answered" ]; then
	echo "FAIL: a reason for a call the baseline's guest answered:" >&2
	sed 's/^/  /' "$work/answered" >&2
	rc=1
fi
[ $rc -ne 0 ] || echo "ok: $(wc -l <"$work/guest") calls ENOSYS on the baseline, each with its reason"
exit $rc
