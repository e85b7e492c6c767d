#!/bin/sh
# Configure one kernel variant out of tree and prove the result.
#
# usage: kconfig-variant.sh SRCTREE OBJDIR ARCH BASE LOG FRAGMENT...
#
# BASE is a kbuild target (tinyconfig, defconfig) or, with a '/', the
# .config one made, which is copied: make runs the target once per tree
# and every variant starts from that.
# The base (tinyconfig, defconfig) is applied first, the fragments are
# merged with the kernel's own merge_config.sh, olddefconfig resolves the rest.
# olddefconfig drops any symbol whose dependencies are unmet without a word
# (MULTIUSER comes back on without EXPERT=y), so every line a fragment asked
# for is checked against the resolved .config and a mismatch fails the build.
set -eu
src=$1 obj=$2 arch=$3 target=$4 log=$5
shift 5

mkdir -p "$obj"
rm -f "$obj/.config.ok"
kmake() {
	make -C "$src" O="$obj" ARCH="$arch" "$@" >>"$log" 2>&1 || {
		echo "config: 'make $*' failed in $obj; see $log" >&2
		tail -n 20 "$log" >&2
		exit 1
	}
}
: >"$log"
case $target in
*/*) cp "$target" "$obj/.config" ;;
*) kmake "$target" ;;
esac
KCONFIG_CONFIG="$obj/.config" "$src/scripts/kconfig/merge_config.sh" -m \
	-O "$obj" "$obj/.config" "$@" >>"$log" 2>&1 || {
	echo "config: merge_config.sh failed in $obj; see $log" >&2
	exit 1
}
kmake olddefconfig

# Each symbol is checked against the last fragment that names it, as
# merge_config.sh lets a later fragment override an earlier one (a base
# turning off what the architecture's fragment turns on).  With MU_FALLOUT
# set (the atlas's variants) only the last fragment must hold: what an
# earlier one asked and the last one's option took with it is written to
# that file, "SYMBOL asked resolved FRAGMENT", as the option's fallout.
for frag in "$@"; do
	[ -r "$frag" ] || { echo "config: cannot read fragment $frag" >&2; exit 1; }
	last=$(basename "$frag")
done
fallout=${MU_FALLOUT:-}
[ -z "$fallout" ] || : >"$fallout"
# One awk over the fragments, then the .config: "SYMBOL asked resolved
# FRAGMENT", tab-separated (a string's value may hold spaces), for each
# symbol the .config does not hold as asked (a process per symbol cost
# seconds a variant here).
awk -v cfg="$obj/.config" '
	FILENAME != cfg && match($0, /^CONFIG_[A-Za-z0-9_]+=/) {
		s = substr($0, 1, RLENGTH - 1)
		want[s] = substr($0, RLENGTH + 1)
	}
	FILENAME != cfg && /^# CONFIG_[A-Za-z0-9_]+ is not set$/ {
		s = $2
		want[s] = "n"
	}
	FILENAME != cfg && s != "" {
		n = split(FILENAME, part, "/")
		from[s] = part[n]
		s = ""
	}
	FILENAME == cfg && match($0, /^CONFIG_[A-Za-z0-9_]+=/) {
		got[substr($0, 1, RLENGTH - 1)] = substr($0, RLENGTH + 1)
	}
	END {
		for (s in want) {
			g = (s in got) ? got[s] : "n"
			if (g != want[s])
				printf "%s\t%s\t%s\t%s\n", s, want[s], g, from[s]
		}
	}' "$@" "$obj/.config" | LC_ALL=C sort |
while IFS=$(printf '\t') read -r sym want got frag; do
	if [ -n "$fallout" ] && [ "$frag" != "$last" ]; then
		echo "$sym $want $got $frag" >>"$fallout"
	else
		echo "config: $sym asked =$want by $frag, resolved =$got in $obj/.config (unmet dependency?)" >&2
		echo x
	fi
done >"$obj/.config.bad"
bad=0
[ -s "$obj/.config.bad" ] && bad=1
rm -f "$obj/.config.bad"
[ $bad -eq 0 ] || exit 1
touch "$obj/.config.ok"
