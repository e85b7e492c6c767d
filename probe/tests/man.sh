#!/bin/sh
# The manual pages: each renders with man(1) without a warning, has the
# sections a user looks for and a NAME line mandb indexes, and documents
# every option and command its program's --help names, so that a new
# option without its page fails here.
#
# usage: man.sh PAGE=PROGRAM...
set -eu
fail() { echo "FAIL: $*" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for arg; do
	page=${arg%%=*} prog=${arg#*=}
	[ -r "$page" ] || fail "$page: no such page"
	name=$(basename "$page" .1)
	# --warnings=w is groff's -ww: every warning (its "all" leaves
	# out undefined macros).
	MAN_KEEP_STDERR=1 MANWIDTH=80 man --warnings=w -l -Tutf8 "$page" \
		>"$work/out" 2>"$work/err" || fail "$page: man exited $?"
	[ ! -s "$work/err" ] || fail "$page: $(head -n 1 "$work/err")"
	col -b <"$work/out" >"$work/text"
	lexgrog "$page" | grep -q ": \"$name - " ||
		fail "$page: no NAME line mandb can index ($(lexgrog "$page"))"
	for s in NAME SYNOPSIS DESCRIPTION 'EXIT STATUS' EXAMPLES 'SEE ALSO'; do
		grep -qx "$s" "$work/text" || fail "$page: no $s section"
	done
	"$prog" --help >"$work/help" || fail "$prog --help exited $?"
	# Options as --help spells them, and mureport's commands.
	words=$(grep -o -- '--[a-z][a-z-]*' "$work/help" | sort -u)
	words="$words $(sed -n "s/^ *usage: *$name \([a-z][a-z]*\).*/\1/p; s/^ *$name \([a-z][a-z]*\).*/\1/p" \
		"$work/help" | sort -u)"
	n=0
	for w in $words; do
		grep -q -- "$w" "$work/text" || fail "$page: $prog --help names $w, the page does not"
		n=$((n + 1))
	done
	[ "$n" -ge 2 ] || fail "$prog --help: only $n options found; its format changed?"
	echo "$page: renders clean, $n options and commands of --help documented"
done
