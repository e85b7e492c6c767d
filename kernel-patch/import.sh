#!/bin/sh
# A git import of a Debian kernel source tarball, unpatched, as a reviewer
# makes one to "git am" a series onto: every file (Debian's tree
# .gitignores its top, hence add -f), one commit with a fixed author,
# committer and date, so that the same tarball always gives the same
# commit id, the base-commit the mails name.
#
# usage: import.sh TARBALL DIR
set -eu
tarball=$1 dir=$2
[ -r "$tarball" ] || { echo "import: $tarball: not readable" >&2; exit 2; }
rm -rf "$dir.tmp" && mkdir -p "$dir.tmp"
tar -C "$dir.tmp" -xf "$tarball" --strip-components=1
cd "$dir.tmp"
git init -q
git -c core.looseCompression=0 add -f -A
GIT_AUTHOR_DATE=2000-01-01T00:00:00Z GIT_COMMITTER_DATE=2000-01-01T00:00:00Z \
	git -c user.name=muprobe -c user.email=muprobe@example.invalid \
	commit -q -m "Debian $(basename "$tarball" .tar.xz)"
cd - >/dev/null
rm -rf "$dir" && mv "$dir.tmp" "$dir"
git -C "$dir" rev-parse HEAD
