#!/bin/sh
# The mails, taken as a maintainer takes them: "git am" onto the git
# import of the tree they name as base-commit, giving exactly the tree
# make builds; then sparse (C=2) and W=1 on every object the series
# touches, before and after it: no new warning, none in a new file.
#
# usage: mails.sh IMPORT MAILDIR SRCTREE CONFIG OBJDIR ARCH
#   IMPORT   git import of the unpatched tree (kernel-patch/import.sh)
#   SRCTREE  the tree make builds, the series applied
#   CONFIG   .config files, colon-separated, concatenated (later lines
#            win): one that turns on the series' options and its tests
set -eu
imp=$1 mails=$2 src=$3 config=$4 obj=$5 arch=$6
# git -C runs from the import: every other path in full.
mails=$(cd "$mails" && pwd) src=$(cd "$src" && pwd)
fails=0
fail() { echo "FAIL: $*" >&2; fails=$((fails + 1)); }

cl=$mails/0000-cover-letter.patch
base=$(sed -n 's/^base-commit: //p' "$cl")
[ -n "$base" ] || { echo "FAIL: $cl names no base-commit" >&2; exit 1; }
for h in To Cc; do
	grep -q "^$h: " "$cl" || fail "$cl has no $h:"
done
grep -q '^Subject: \[RFC PATCH 0/[0-9]*\] ' "$cl" || fail "$cl: no RFC in its subject"
grep -q '^Link: https://' "$cl" || fail "$cl: no Link: tag"
git -C "$imp" cat-file -e "$base^{commit}" 2>/dev/null ||
	{ echo "FAIL: base-commit $base is not in $imp" >&2; exit 1; }
for p in "$mails"/0*.patch; do
	[ "$p" = "$cl" ] && continue
	grep -q '^To: .*akpm@linux-foundation.org' "$p" ||
		grep -q '^ .*akpm@linux-foundation.org' "$p" || fail "$p: akpm not addressed"
	grep -q 'linux-api@vger.kernel.org' "$p" || fail "$p: linux-api not in Cc"
done

# First a mail whose context no longer matches: git am must refuse it,
# or taking the real ones would prove nothing.
bad=$(mktemp -d)
trap 'rm -rf "$bad"' EXIT
first=$(ls "$mails"/0*.patch | grep -v 0000-cover-letter | head -n 1)
awk '/^@@ / && !done { print; getline; print $0 "x"; done = 1; next }
	{ print }' "$first" >"$bad/bad.patch"
git -C "$imp" checkout -q -f --detach "$base"
if git -C "$imp" -c user.name=muprobe -c user.email=muprobe@example.invalid \
	am -q "$bad/bad.patch" >/dev/null 2>&1; then
	fail "git am took a mail whose context does not match"
fi
git -C "$imp" am --abort 2>/dev/null || true
git -C "$imp" checkout -q -f --detach "$base"
git -C "$imp" -c user.name=muprobe -c user.email=muprobe@example.invalid \
	am -q $(ls "$mails"/0*.patch | grep -v 0000-cover-letter) ||
	{ git -C "$imp" am --abort 2>/dev/null; echo "FAIL: git am" >&2; exit 1; }
head=$(git -C "$imp" rev-parse HEAD)
n=$(git -C "$imp" rev-list --count "$base..$head")
echo "git am: $n patches on $base"
files=$(git -C "$imp" diff --name-only "$base" "$head")
for f in $files; do
	cmp -s "$imp/$f" "$src/$f" || fail "$f: the mails and make's tree differ"
done

# sparse and W=1 on each touched C file's object, at the base and after.
objs=$(echo "$files" | sed -n 's/\.c$/.o/p')
# A suite included into another file (multiuser_compat_test.c) has no
# object of its own: the including object covers it.
check() { # the warnings of the touched objects this commit has
	echo "$config" | tr : '\n' | xargs cat >"$obj/.config"
	make -C "$imp" O="$obj" ARCH="$arch" olddefconfig >/dev/null 2>&1
	here=
	for o in $objs; do
		[ -f "$imp/${o%.o}.c" ] || continue
		grep -q "^#include \"$(basename "${o%.o}").c\"" \
			"$imp/$(dirname "$o")"/*.c \
			2>/dev/null && continue
		here="$here $o"
	done
	# One make for them all: kbuild's preparation, seconds a make,
	# runs once; -k so that one object's error hides no other's.
	[ -z "$here" ] ||
		make -k -C "$imp" O="$obj" ARCH="$arch" C=2 W=1 \
			-j"$(nproc)" $here 2>&1 |
		grep -E ': (warning|error):' |
		sed -E 's/:[0-9]+:[0-9]+:/:/' | sort -u ||
		true
}
mkdir -p "$obj"
git -C "$imp" checkout -q -f --detach "$base"
check >"$obj/../sparse-before.txt"
git -C "$imp" checkout -q -f --detach "$head"
check >"$obj/../sparse-after.txt"
new=$(comm -13 "$obj/../sparse-before.txt" "$obj/../sparse-after.txt")
if [ -n "$new" ]; then
	echo "$new" >&2
	fail "sparse/W=1: $(echo "$new" | grep -c .) new warning(s)"
fi
echo "sparse C=2, W=1 on $(echo $objs | wc -w) object(s):" \
	"$(grep -c . "$obj/../sparse-before.txt") warning(s) before," \
	"$(grep -c . "$obj/../sparse-after.txt") after"
[ $fails -eq 0 ]
