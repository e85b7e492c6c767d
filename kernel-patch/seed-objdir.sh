#!/bin/sh
# Start a variant's object folder from a built one, so that kbuild
# recompiles only what the changed Kconfig symbols reach (fixdep records a
# dependency per CONFIG_ symbol).  objtool's own dependency files hold
# absolute paths; left as they are, objtool is rebuilt in the copy and,
# being newer than every object, forces a full rebuild.
#
# usage: seed-objdir.sh FROM TO   (absolute paths)
set -eu
from=$1 to=$2
rm -rf "$to" "$to.tmp"
cp -a "$from" "$to.tmp"
rm -f "$to.tmp/.build.ok" "$to.tmp/.config.ok"
grep -rlF "$from/" "$to.tmp" --include='*.cmd' --include='*.d' |
	while read -r f; do
		sed -i "s|$from/|$to/|g" "$f"
	done
mv "$to.tmp" "$to"
