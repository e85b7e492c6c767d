#!/bin/sh
# import-scan.py on fixtures built here: a dynamic program importing
# setuid and setgroups, one importing neither, a static one, an object
# file, a symlink to the first; one of them owned by a package in a fake
# dpkg database.
#
# usage: import-scan.sh SCAN
set -eu
scan=$1
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
mkdir -p "$t/bin" "$t/info"
printf '#include <grp.h>\n#include <unistd.h>\nint main(void) { gid_t g = 0; return setgroups(1, &g) || setuid(0); }\n' >"$t/drop.c"
printf 'int main(void) { return 0; }\n' >"$t/plain.c"
cc -o "$t/bin/drop" "$t/drop.c"
cc -o "$t/bin/plain" "$t/plain.c"
cc -static -o "$t/bin/static" "$t/drop.c"
cc -c -o "$t/bin/drop.o" "$t/drop.c"
ln -s drop "$t/bin/drop-link"
echo "$t/bin/drop" >"$t/info/fixture-pkg.list"
n=0 fails=0
check() {
	n=$((n + 1))
	if eval "$2"; then echo "ok $n $1"; else echo "not ok $n $1"; fails=$((fails + 1)); fi
}
"$scan" --dpkg-info "$t/info" "$t/bin" >"$t/out"
check "the importing program under its package, with its calls" \
	'grep -qx "fixture-pkg:" "$t/out" && grep -qx "  $t/bin/drop: setgroups setuid" "$t/out"'
check "the others are not listed, the symlink not twice" \
	'[ "$(grep -c "^  /" "$t/out")" = 1 ]'
check "totals: 1 of 3 programs, 1 static, the object file not counted" \
	'tail -n 1 "$t/out" | grep -q "^1 of 3 ELF files import an identity call (1 packages; 1 static"'
"$scan" --json --dpkg-info "$t/info" "$t/bin" >"$t/json"
check "--json: the same, as one object" \
	'python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert d[\"importing\"] == 1 and d[\"calls\"] == {\"setgroups\": 1, \"setuid\": 1} and d[\"no_dynamic_symbols\"] == 1 and not d[\"cut_at_limit\"]" "$t/json"'
# An image unpacked in a folder: paths and packages as inside it.
mkdir -p "$t/img/usr/sbin" "$t/img/info"
cp "$t/bin/drop" "$t/img/usr/sbin/daemon"
echo /usr/sbin/daemon >"$t/img/info/img-pkg.list"
"$scan" --json --root "$t/img" --dpkg-info "$t/img/info" /usr >"$t/rjson"
check "--root: guest paths, guest packages, no host path" \
	'python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert d[\"files\"] == {\"/usr/sbin/daemon\": {\"package\": \"img-pkg\", \"calls\": [\"setgroups\", \"setuid\"]}} and d[\"folders\"] == [\"/usr\"]" "$t/rjson" && ! grep -q "$t" "$t/rjson"'
# One corrupted ELF file (a mutation of drop that makes pyelftools raise
# something other than ELFError, found with a fixed seed) and, scanning
# as nobody, one unreadable file: each named, the scan goes on.
mkdir -p "$t/bad"
cp "$t/bin/drop" "$t/bad/drop"
/usr/bin/python3 - "$t/bin/plain" "$t/bad/corrupt" <<'PY'
import io, random, sys
from elftools.common.exceptions import ELFError
from elftools.elf.elffile import ELFFile
data, rnd = open(sys.argv[1], "rb").read(), random.Random(1)
for _ in range(5000):
    b = bytearray(data)
    for _ in range(30):
        b[rnd.randrange(4, len(b))] = rnd.randrange(256)
    try:
        d = ELFFile(io.BytesIO(bytes(b))).get_section_by_name(".dynsym")
        for s in (d.iter_symbols() if d else ()):
            s.name, s["st_shndx"]
    except (ELFError, ValueError, KeyError, OSError):
        continue
    except Exception:
        open(sys.argv[2], "wb").write(b)
        sys.exit(0)
sys.exit("no mutation found")
PY
"$scan" --json "$t/bad" >"$t/bjson" 2>"$t/berr" || true
check "a corrupted ELF file is named malformed, the rest still scanned" \
	'python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert d[\"malformed\"] == [sys.argv[2]] and d[\"importing\"] == 1" "$t/bjson" "$t/bad/corrupt" && ! grep -q Traceback "$t/berr"'
printf 'x' >"$t/bad/secret" && chmod 000 "$t/bad/secret" && chmod 755 "$t" "$t/bad"
chmod 644 "$t/bad/drop" "$t/bad/corrupt"
if setpriv --reuid=65534 --regid=65534 --clear-groups true 2>/dev/null; then
	setpriv --reuid=65534 --regid=65534 --clear-groups "$scan" --json "$t/bad" \
		>"$t/ujson" 2>"$t/uerr" || true
	check "not as root: an unreadable file is named, the rest still scanned" \
		'python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert d[\"unreadable\"] == [sys.argv[2]] and d[\"importing\"] == 1" "$t/ujson" "$t/bad/secret" && ! grep -q Traceback "$t/uerr"'
else
	echo "# SKIP unreadable file: this root cannot change its uid (setpriv)"
fi
rc=0; "$scan" "$t/missing" 2>"$t/err" || rc=$?
check "a missing folder: exit 2, one line naming it" \
	'[ $rc -eq 2 ] && [ "$(wc -l <"$t/err")" = 1 ] && grep -q "missing" "$t/err"'
echo "$((n - fails)) passed, $fails failed"
[ $fails -eq 0 ]
