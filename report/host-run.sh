#!/bin/sh
# The probe on the build host, bare and under murun, framed like a guest's
# results so that mureport reads them the same way.  Scenarios are not run
# here: they rewrite /etc, which only a guest may do.
#
# usage: host-run.sh MUPROBE MURUN OUT_DIR
set -eu
probe=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
murun=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
out=$3
run() { # NAME COMMAND...
	name=$1
	shift
	rm -rf "$out/$name" "$out/$name.tmp"
	mkdir -p "$out/$name.tmp"
	{
		echo "@@ muprobe-guest 1"
		echo "@@ begin probe"
		rc=0
		(cd /tmp && "$@") || rc=$?
		echo "@@ end probe rc=$rc"
		echo "@@ done"
	} >"$out/$name.tmp/results.txt"
	mv "$out/$name.tmp" "$out/$name"
}
run host-bare "$probe"
run host-murun "$murun" -- "$probe"
