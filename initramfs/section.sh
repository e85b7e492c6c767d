#!/bin/sh
# Print one payload's output from a guest results file.
#
# usage: section.sh RESULTS NAME
#
# Fails (exit 1, one line on stderr) when the results lack their end line,
# the section is missing or unterminated, or the payload exited non-zero.
set -eu
f=$1 name=$2
[ -r "$f" ] || { echo "section: cannot read $f" >&2; exit 1; }
[ "$(tail -n 1 "$f")" = "@@ done" ] || {
	echo "section: $f: truncated (no '@@ done' end line)" >&2
	exit 1
}
awk -v n="$name" -v f="$f" '
$0 == "@@ begin " n { on = 1; seen = 1; next }
on && index($0, "@@ end " n " rc=") == 1 {
	rc = substr($0, length("@@ end " n " rc=") + 1); on = 0; ended = 1; next
}
on { print }
END {
	if (!seen) { print "section: " f ": no section " n > "/dev/stderr"; exit 1 }
	if (!ended) { print "section: " f ": section " n " unterminated" > "/dev/stderr"; exit 1 }
	if (rc != 0) { print "section: " f ": " n " exited with status " rc > "/dev/stderr"; exit 1 }
}' "$f"
