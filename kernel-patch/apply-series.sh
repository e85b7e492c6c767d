#!/bin/sh
# Bring a kernel tree to exactly the series in DIR/series.
#
# usage: apply-series.sh SRCTREE DIR
#
# The patches applied last time are kept in SRCTREE/.muprobe-applied; they
# are reversed (newest first) before the current series is applied, so a
# changed series touches only the files it changes and kbuild rebuilds only
# those.  A patch that does not apply stops here, naming it.
set -eu
src=$1 dir=$2
applied=$src/.muprobe-applied

if [ -d "$applied" ]; then
	for p in $(sed -n 's/^\([^#].*\)$/\1/p' "$applied/series" | tac); do
		patch -d "$src" -p1 -R -s -f <"$applied/$p" >/dev/null || {
			echo "patch: cannot reverse previously applied $p; run 'make distclean'" >&2
			exit 1
		}
	done
	rm -rf "$applied"
fi

mkdir -p "$applied.new"
: >"$applied.new/series"
for p in $(sed -e 's/#.*//' "$dir/series"); do
	[ -r "$dir/$p" ] || {
		echo "patch: $dir/series lists $p, which is missing" >&2
		exit 1
	}
	if ! patch -d "$src" -p1 -s -f -N --dry-run <"$dir/$p" >/dev/null 2>&1; then
		echo "patch: $dir/$p does not apply to $src (series line '$p')" >&2
		patch -d "$src" -p1 -f -N --dry-run <"$dir/$p" 2>&1 | tail -n 5 >&2
		# Leave the tree consistent with what is recorded as applied.
		mv "$applied.new" "$applied"
		exit 1
	fi
	patch -d "$src" -p1 -s -f -N <"$dir/$p" >/dev/null
	cp "$dir/$p" "$applied.new/$p"
	echo "$p" >>"$applied.new/series"
done
mv "$applied.new" "$applied"
