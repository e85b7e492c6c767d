#!/bin/sh
# Write a version's series as the mails a maintainer could take: each
# patch addressed as scripts/get_maintainer.pl says for the files it
# touches (people in To, lists in Cc), plus what get_maintainer.pl cannot
# know: Andrew Morton, who takes kernel/ and include/ changes without a
# maintainer of their own, in To, and linux-api, since the series changes
# the ABI, in Cc.  A patch adding a KUnit suite is also sent to the KUnit
# lists (get_maintainer.pl -f lib/kunit).  The cover letter goes to
# everyone and names the base as b4 reads it (base-commit:).
#
# usage: mails.sh SRCTREE SERIES_DIR BASE_COMMIT OUTDIR
#   SRCTREE      the tree with the series applied (MAINTAINERS, scripts/)
#   BASE_COMMIT  the commit of the git import the series applies to
set -eu
src=$1 dir=$2 base=$3 out=$4
[ -f "$dir/series" ] || { echo "mails: $dir/series: no series" >&2; exit 2; }
# get_maintainer.pl runs from the top of the tree: the patches by full path.
dir=$(cd "$dir" && pwd)
[ -x "$src/scripts/get_maintainer.pl" ] ||
	{ echo "mails: $src: no scripts/get_maintainer.pl" >&2; exit 2; }
echo "$base" | grep -Eq '^[0-9a-f]{40}$' ||
	{ echo "mails: base commit '$base' is not a commit id" >&2; exit 2; }
self='muprobe@example.invalid'
akpm='Andrew Morton <akpm@linux-foundation.org>'
api='linux-api@vger.kernel.org'

gm() { # OPTIONS... FILE: one address per line, never the series' own
	(cd "$src" && perl scripts/get_maintainer.pl --no-git \
		--no-git-fallback --no-rolestats "$@") | grep -v "$self" || true
}

# "Header: a, b, c" folded as git send-email does: one address per line.
header() { # NAME FILE
	[ -s "$2" ] || return 0
	awk -v h="$1" 'NR == 1 { printf "%s: %s", h, $0; next }
		{ printf ",\n %s", $0 } END { printf "\n" }' "$2"
}

# Insert To/Cc after the (possibly folded) Subject header of a mail.
address() { # PATCH TOFILE CCFILE OUT
	awk -v to="$(header To "$2")" -v cc="$(header Cc "$3")" '
		done || !hdr { print; if (/^Subject: /) hdr = 1; next }
		/^[ \t]/ { print; next }
		{ if (to != "") print to; if (cc != "") print cc; done = 1; print }
	' "$1" >"$4"
}

rm -rf "$out.tmp" && mkdir -p "$out.tmp"
: >"$out.tmp/all.to"
: >"$out.tmp/all.cc"
for p in $(sed -e 's/#.*//' "$dir/series"); do
	{ gm --no-l "$dir/$p"; echo "$akpm"; } | awk '!seen[$0]++' >"$out.tmp/to"
	{
		gm --no-m --no-r --l "$dir/$p"
		grep -q '^+++ b/.*\(_test\.c\|\.kunitconfig\)$' "$dir/$p" &&
			gm --no-m --no-r --l -f lib/kunit
		echo "$api"
	} | awk '!seen[$0]++' >"$out.tmp/cc"
	cat "$out.tmp/to" >>"$out.tmp/all.to"
	cat "$out.tmp/cc" >>"$out.tmp/all.cc"
	address "$dir/$p" "$out.tmp/to" "$out.tmp/cc" "$out.tmp/$p"
done
awk '!seen[$0]++' "$out.tmp/all.to" >"$out.tmp/to"
awk '!seen[$0]++' "$out.tmp/all.cc" >"$out.tmp/cc"
cl=0000-cover-letter.patch
[ -f "$dir/$cl" ] || { echo "mails: $dir/$cl: no cover letter" >&2; exit 2; }
# base-commit: goes last, before the signature, where format-patch --base
# puts it.
awk -v b="base-commit: $base" '/^-- $/ && !done { print b; print ""; done = 1 }
	{ print }' "$dir/$cl" >"$out.tmp/cl"
address "$out.tmp/cl" "$out.tmp/to" "$out.tmp/cc" "$out.tmp/$cl"
rm -f "$out.tmp/to" "$out.tmp/cc" "$out.tmp/all.to" "$out.tmp/all.cc" \
	"$out.tmp/cl"
rm -rf "$out" && mv "$out.tmp" "$out"
echo "mails: $(ls "$out" | grep -c .) in $out, base $base"
