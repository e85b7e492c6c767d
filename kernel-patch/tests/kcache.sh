#!/bin/sh
# The kernel cache (kernel-patch/kcache.sh): its key moves with each of
# its inputs, a folder comes back as it went in, the least recently used
# go first; and a kernel it gave is the one a build makes: VARIANT's
# folder (from the cache or not) against the same .config built again in
# a scratch folder without it, byte for byte.
#
# usage: kcache.sh KSRC KOBJ KARCH TARGET IMAGE SCRATCH
#        (SCRATCH/rebuilt as deep under the tree's folder as KOBJ)
#        (under make's KBUILD_ENV: the compilers and KBUILD_BUILD_*)
set -u
ksrc=$1 kobj=$2 karch=$3 target=$4 image=$5 t=$6
kc=$(dirname "$0")/../kcache.sh
n=0 fails=0
check() {
	n=$((n + 1))
	if eval "$2"; then echo "ok $n $1"; else echo "not ok $n $1"; fails=$((fails + 1)); fi
}
rm -rf "$t"
mkdir -p "$t/obj" "$t/cache"
echo tree-a >"$t/tree"
printf 'CONFIG_A=y\n# CONFIG_B is not set\n' >"$t/obj/.config"
echo object >"$t/obj/a.o"
k1=$($kc key "$t/tree" "$t/obj" bzImage)
k=$k1
check "the key is the same for the same inputs" '[ "$($kc key "$t/tree" "$t/obj" bzImage)" = "$k1" ]'
echo 'CONFIG_B=y' >>"$t/obj/.config"
check "a .config line more is another key" '[ "$($kc key "$t/tree" "$t/obj" bzImage)" != "$k1" ]'
sed -i '$d' "$t/obj/.config"
echo tree-b >"$t/tree"
check "another tree is another key" '[ "$($kc key "$t/tree" "$t/obj" bzImage)" != "$k1" ]'
echo tree-a >"$t/tree"
check "another target is another key" '[ "$($kc key "$t/tree" "$t/obj" Image)" != "$k1" ]'
check "another KBUILD_BUILD_VERSION is another key" \
	'[ "$(KBUILD_BUILD_VERSION=2 $kc key "$t/tree" "$t/obj" bzImage)" != "$k1" ]'
check "a missing .config is a named error" \
	'! $kc key "$t/tree" "$t/none" bzImage 2>"$t/err" && grep -q "none/.config: missing" "$t/err"'
check "an absent key is exit 1, nothing written" \
	'$kc get "$t/cache" "$k" "$t/obj"; [ $? -eq 1 ] && [ ! -e "$t/obj/kcache.key" ]'
touch "$t/obj/.config.ok" "$t/obj/.build.ok"
$kc put "$t/cache" "$k" "$t/obj" 100
rm -rf "$t/obj"
mkdir -p "$t/obj"
echo stale >"$t/obj/stale.o"
touch "$t/obj/.config.ok"
check "a kept folder comes back whole, the older one's files gone" \
	'$kc get "$t/cache" "$k" "$t/obj" && [ "$(cat "$t/obj/a.o")" = object ] &&
	 [ ! -e "$t/obj/stale.o" ] && [ -e "$t/obj/.config.ok" ] && [ ! -e "$t/obj/.build.ok" ] &&
	 [ "$(cat "$t/obj/kcache.key")" = "$k" ]'
head -c 3000000 /dev/urandom >"$t/obj/big.o"
for i in 1 2 3; do
	echo "$i" >"$t/obj/n"
	$kc put "$t/cache" "key$i" "$t/obj" 5
	sleep 1
done
check "past MAXMB the least recently used go first" \
	'[ ! -e "$t/cache/$k.tar.zst" ] && [ ! -e "$t/cache/key1.tar.zst" ] && [ -e "$t/cache/key3.tar.zst" ]'
echo garbage >"$t/cache/key9.tar.zst"
check "an unreadable entry is removed and named" \
	'! $kc get "$t/cache" key9 "$t/obj" 2>"$t/err" && [ ! -e "$t/cache/key9.tar.zst" ] &&
	 grep -q "key9.tar.zst: unreadable" "$t/err"'

# The real kernel: built again from its .config, without the cache.
rm -rf "$t/obj" "$t/cache"
mkdir -p "$t/rebuilt"
cp "$kobj/.config" "$t/rebuilt/.config"
check "$(basename "$kobj") ($(cat "$kobj/kcache.key" 2>/dev/null || echo 'built here')): the same $target and vmlinux when built again without the cache" \
	'make -C "$ksrc" O="$t/rebuilt" ARCH="$karch" -j"$(nproc)" "$target" >"$t/build.log" 2>&1 &&
	 cmp "$kobj/$image" "$t/rebuilt/$image" && cmp "$kobj/vmlinux" "$t/rebuilt/vmlinux"'
[ $fails -ne 0 ] || rm -rf "$t"
echo "$((n - fails)) passed, $fails failed"
[ $fails -eq 0 ]
