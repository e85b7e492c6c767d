#!/usr/bin/env python3
"""Count pixels of given colours in a PNG (8-bit RGB/RGBA, no interlace),
with the standard library only.  Fails unless every colour is present.

usage: pngcolors.py FILE NAME=R,G,B...
"""
import struct
import sys
import zlib


def pixels(path):
    data = open(path, 'rb').read()
    if data[:8] != b'\x89PNG\r\n\x1a\n':
        sys.exit(f'{path}: not a PNG')
    pos, idat = 8, b''
    while pos < len(data):
        n, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b'IHDR':
            w, h, depth, ctype, _, _, lace = struct.unpack('>IIBBBBB', body)
        elif kind == b'IDAT':
            idat += body
        pos += 12 + n
    if depth != 8 or ctype not in (2, 6) or lace:
        sys.exit(f'{path}: unsupported PNG (depth {depth}, type {ctype})')
    bpp = 3 if ctype == 2 else 4
    raw, stride = zlib.decompress(idat), w * bpp
    prev, i = bytearray(stride), 0
    for _ in range(h):
        f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b, c = prev[x], (prev[x - bpp] if x >= bpp else 0)
            if f == 1:
                line[x] = (line[x] + a) & 255
            elif f == 2:
                line[x] = (line[x] + b) & 255
            elif f == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pr = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[x] = (line[x] + pr) & 255
        yield from (tuple(line[x:x + 3]) for x in range(0, stride, bpp))
        prev = line


def main():
    want = {}
    for arg in sys.argv[2:]:
        name, rgb = arg.split('=')
        want[tuple(int(v) for v in rgb.split(','))] = name
    seen = dict.fromkeys(want, 0)
    for px in pixels(sys.argv[1]):
        if px in seen:
            seen[px] += 1
    bad = [want[c] for c, n in seen.items() if n == 0]
    print(', '.join(f'{want[c]} {n} px' for c, n in seen.items()))
    if bad:
        sys.exit('FAIL: not rendered: ' + ', '.join(bad))


main()
