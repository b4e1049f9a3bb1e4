#!/usr/bin/env python3
"""Writes a large image (PNG, GIF or PPM for cwebp) of two-pixel stripes, streamed, for the decode-memory tests.

Usage: big_image.py png|gif|ppm WIDTH HEIGHT OUT [--interlaced]  (GIF only: --interlaced)
Nothing here holds the whole image: the PNG is compressed row by row, the GIF uses 8-bit LZW codes (a clear code
every 100 pixels keeps the table under 256 entries, so each byte is one code) written in 255-byte sub-blocks.
"""
import struct
import sys
import zlib


def row_rgb(width):
    # Black and white stripes two pixels wide, with a blue tint so the picture is not grey.
    unit = b"\x00\x00\x40" * 2 + b"\xff\xff\xff" * 2
    return (unit * (width // 4 + 1))[: width * 3]


def png(width, height, out):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    out.write(b"\x89PNG\r\n\x1a\n")
    out.write(chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)))
    comp = zlib.compressobj(1)
    row = b"\x00" + row_rgb(width)
    pending = b""
    for _ in range(height):
        pending += comp.compress(row)
        if len(pending) > 1 << 20:
            out.write(chunk(b"IDAT", pending))
            pending = b""
    pending += comp.flush()
    out.write(chunk(b"IDAT", pending))
    out.write(chunk(b"IEND", b""))


def gif(width, height, out, interlaced):
    palette = bytearray(128 * 3)
    palette[0:3] = b"\x00\x00\x40"
    palette[3:6] = b"\xff\xff\xff"
    out.write(b"GIF89a" + struct.pack("<HHBBB", width, height, 0xF6, 0, 0) + bytes(palette))
    out.write(b"\x2c" + struct.pack("<HHHHB", 0, 0, width, height, 0x40 if interlaced else 0))
    out.write(b"\x07")
    row = bytes((x // 2) % 2 for x in range(width))
    # Every row is the same, so the interlaced order needs no reordering of the data, only the flag.
    buf = bytearray()
    count = 0
    for _ in range(height):
        i = 0
        while i < width:
            if count % 100 == 0:
                buf.append(128)
            k = min(width - i, 100 - count % 100)
            buf += row[i : i + k]
            i += k
            count += k
        while len(buf) >= 255:
            out.write(b"\xff" + bytes(buf[:255]))
            del buf[:255]
    buf.append(129)
    while buf:
        k = min(255, len(buf))
        out.write(bytes([k]) + bytes(buf[:k]))
        del buf[:k]
    out.write(b"\x00\x3b")


def ppm(width, height, out):
    out.write(b"P6\n%d %d\n255\n" % (width, height))
    row = row_rgb(width)
    for _ in range(height):
        out.write(row)


def main():
    kind, width, height, path = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    with open(path, "wb") as out:
        if kind == "png":
            png(width, height, out)
        elif kind == "gif":
            gif(width, height, out, "--interlaced" in sys.argv)
        elif kind == "ppm":
            ppm(width, height, out)
        else:
            sys.exit("kind must be png, gif or ppm")


if __name__ == "__main__":
    main()
