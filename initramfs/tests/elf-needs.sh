#!/bin/sh
# initramfs/elf-needs.py on a root made here from the host's id and its
# libraries: it finds the loader and every library, transitively, through
# the root's own links and ld.so.conf; passes over a library of another
# machine as the loader does; names a library no folder has; and needs
# nothing for a file that is not ELF.
#
# usage: elf-needs.sh
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0 fails=0 n=0
ok() { pass=$((pass + 1)) n=$((n + 1)); echo "ok $n $1"; }
bad() { fails=$((fails + 1)) n=$((n + 1)); echo "not ok $n $1"; }
check() { if eval "$2"; then ok "$1"; else bad "$1"; fi; }

r=$work/root
ma=$(gcc -print-multiarch)
mkdir -p "$r/usr/bin" "$r/lib/$ma" "$r/lib64" "$r/opt/wrong" "$r/etc/ld.so.conf.d"
cp /usr/bin/id "$r/usr/bin/id"
# Every library the host's loader gives id, at its path in the root.
ldd /usr/bin/id | sed -n 's/.*=> \(\/[^ ]*\).*/\1/p' | while read -r l; do
	cp "$(readlink -f "$l")" "$r/lib/$ma/${l##*/}"
done
interp=$(readelf -l /usr/bin/id | sed -n 's/.*interpreter: \(.*\)\]/\1/p')
cp "$(readlink -f "$interp")" "$r/lib/$ma/${interp##*/}"
# The loader as Debian places it: a link, absolute, resolved in the root.
ln -s "/lib/$ma/${interp##*/}" "$r$interp"
# A libc of another machine first in the search (e_machine made aarch64).
printf '/opt/wrong\n/lib/%s\n' "$ma" >"$r/etc/ld.so.conf.d/test.conf"
cp "$r/lib/$ma/libc.so.6" "$r/opt/wrong/libc.so.6"
printf '\267\000' | dd of="$r/opt/wrong/libc.so.6" bs=1 seek=18 conv=notrunc 2>/dev/null
"$here/elf-needs.py" "$r" /usr/bin/id >"$work/out"
ldd /usr/bin/id | sed -n "s|.*=> /.*/\([^/ ]*\) .*|/lib/$ma/\1|p" >"$work/want"
{ echo "$interp"; echo "/lib/$ma/${interp##*/}"; } >>"$work/want"
LC_ALL=C sort -u "$work/want" -o "$work/want"
check "id: the loader and every library ldd names, as paths in the root" \
	'cmp -s "$work/out" "$work/want" || { diff "$work/want" "$work/out"; false; }'
check "id: the other machine's libc is passed over" \
	'! grep -q /opt/wrong "$work/out"'
# libpcre2 is needed by libselinux, not by id: found transitively.
check "id: a library's own needs are found (libpcre2 through libselinux)" \
	'grep -q "/libpcre2-8.so.0$" "$work/out" && ! readelf -d /usr/bin/id | grep -q libpcre2'
rm "$r/lib/$ma/libpcre2-8.so.0"
rc=0; "$here/elf-needs.py" "$r" /usr/bin/id >/dev/null 2>"$work/err" || rc=$?
check "a library in no folder of the root is an error naming it" \
	'[ $rc -ne 0 ] && grep -q "needs libpcre2-8.so.0, in no unpacked package" "$work/err"'
echo '#!/bin/sh' >"$r/usr/bin/script"
check "a file that is not ELF needs nothing" \
	'[ -z "$("$here/elf-needs.py" "$r" /usr/bin/script)" ]'
rc=0; "$here/elf-needs.py" "$r" /usr/bin/absent 2>"$work/err" || rc=$?
check "a path the root lacks is a named error" \
	'[ $rc -ne 0 ] && grep -q "no /usr/bin/absent in" "$work/err"'
echo "$pass passed, $fails failed"
[ $fails -eq 0 ]
