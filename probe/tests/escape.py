#!/usr/bin/env python3
"""The observation escape, round trip: hostile program output through
'muprobe --obs', decoded by this independent reading of report/formats.md,
gives back the same bytes, one record per line, never glued, and the
report parser takes every record.  With MUOBS, the corpus's writer alone
must write the very same bytes.

usage: escape.py MUPROBE [MUOBS]
"""
import re
import subprocess
import sys

muprobe = sys.argv[1]
muobs = sys.argv[2] if len(sys.argv) > 2 else None
MAX = 4000
CASES = {
    'no_final_newline': b'uid=0(root) gid=0(root)',
    'nul_and_cr': b'a\x00b\r\nc\rd\n',
    'invalid_utf8': b'\xff\xfe ok \xc3\x28 \xed\xa0\x80\n',
    'valid_utf8': 'd\u00e9j\u00e0 vu \u2713\n'.encode(),
    'backslashes': b'\\x41 is not A, \\c is not the end\\\n',
    'empty_lines': b'\n\n\n',
    'long_line': b'x' * 10000 + b'\n',
    'all_bytes': bytes(range(256)).replace(b'\n', b'') + b'\n',
}


def decode(v):
    """(bytes, had_newline, cut) from one escaped value."""
    out, i, eol, cut = bytearray(), 0, True, False
    while i < len(v):
        c = v[i]
        if ord(c) < 0x20 or ord(c) > 0x7e:
            sys.exit('FAIL: raw byte %r in an escaped value' % c)
        if c != '\\':
            out.append(ord(c))
            i += 1
            continue
        t = v[i + 1:i + 2]
        if t == '\\':
            out.append(0x5c)
            i += 2
        elif t == 'x' and re.fullmatch(r'[0-9a-f]{2}', v[i + 2:i + 4]):
            out.append(int(v[i + 2:i + 4], 16))
            i += 4
        elif t == 'T' and not cut and v[i + 2:] in ('', '\\c'):
            cut = True
            i += 2
        elif t == 'c' and i + 2 == len(v):
            eol = False
            i += 2
        else:
            sys.exit('FAIL: unknown or misplaced escape %r' % v[i:i + 4])
    return bytes(out), eol, cut


fails = 0
for name, data in CASES.items():
    out = subprocess.run([muprobe, '--obs', 'apps.t', 'stdout', 'p => '],
                         input=data, capture_output=True, check=True).stdout
    if muobs and subprocess.run([muobs, 'apps.t', 'stdout', 'p => '],
                                input=data, capture_output=True,
                                check=True).stdout != out:
        print('not ok %s: muobs writes other bytes than muprobe --obs' % name)
        fails += 1
        continue
    lines = out.split(b'\n')
    if lines[-1] != b'':
        sys.exit('FAIL: %s: output does not end in a newline' % name)
    got, ok = b'', True
    for raw in lines[:-1]:
        line = raw.decode('ascii')
        prefix = '# apps.t stdout=p => '
        if not line.startswith(prefix):
            sys.exit('FAIL: %s: record %r lacks its prefix' % (name, line))
        b, eol, cut = decode(line[len(prefix):])
        if cut:
            ok = ok and len(line) - len(prefix) - len('p => ') <= MAX \
                and data.startswith(got + b)
            got += b + b'...'
            continue
        got += b + (b'\n' if eol else b'')
    want = data if name != 'long_line' else None
    if want is not None and got != want:
        print('not ok %s: %r != %r' % (name, got[:80], want[:80]))
        fails += 1
    elif want is None and not (ok and got.startswith(b'x' * 3000) and
                               got.endswith(b'...')):
        print('not ok %s: a long line is not cut with \\T' % name)
        fails += 1
    else:
        print('ok %s' % name)
sys.exit(1 if fails else 0)
