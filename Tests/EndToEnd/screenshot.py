# Screenshot tools for the real-terminal tests: read an X window dump (xwd), write PNG, score similarity (SSIM).
"""Usage:
  screenshot.py png DUMP.xwd OUT.png                 convert a dump (for looking at a failure)
  screenshot.py compare DUMP.xwd SOURCE.ppm X Y W H TOP BOTTOM
                                                     SSIM of the box X Y W H (rows TOP..BOTTOM of it) against SOURCE
                                                     aspect-filled into W x H
  screenshot.py same A.xwd B.xwd "X Y W H"...       largest channel difference of two dumps per box (0: identical)
  screenshot.py bright DUMP.xwd X Y W H              percent of near-white pixels in a box
  screenshot.py flat DUMP.xwd X Y W H                largest difference from the box's first pixel
  screenshot.py blank DUMP.xwd                       1 once a frame is drawn (2 % of the pixels off the background)
Only numpy and the standard library: ImageMagick is not on a fresh machine, and xwd's format is simple."""
import struct
import sys
import zlib

import numpy as np


def read_xwd(path):
    data = open(path, "rb").read()
    h = struct.unpack(">25I", data[:100])
    header_size, version, fmt, depth, width, height = h[0], h[1], h[2], h[3], h[4], h[5]
    byte_order, bits_per_pixel, bytes_per_line = h[7], h[11], h[12]
    red_mask, green_mask, blue_mask = h[14], h[15], h[16]
    ncolors = h[19]
    if version != 7 or fmt != 2 or bits_per_pixel != 32:
        raise SystemExit(f"{path}: only 32-bit ZPixmap X window dumps are read (got format {fmt}, {bits_per_pixel} bpp)")
    offset = header_size + ncolors * 12
    rows = np.frombuffer(data, dtype=np.uint8, count=bytes_per_line * height, offset=offset).reshape(height, bytes_per_line)
    px = rows[:, : width * 4].reshape(height, width, 4).copy().view("<u4" if byte_order == 0 else ">u4")[..., 0]

    def channel(mask):
        shift = (mask & -mask).bit_length() - 1
        return ((px & mask) >> shift).astype(np.uint8)

    return np.stack([channel(red_mask), channel(green_mask), channel(blue_mask)], axis=-1)


def write_png(path, rgb):
    h, w, _ = rgb.shape
    raw = b"".join(b"\x00" + rgb[y].tobytes() for y in range(h))

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b"")
    open(path, "wb").write(png)


def read_ppm(path):
    data = open(path, "rb").read()
    parts, pos = [], 0
    while len(parts) < 4:
        while data[pos:pos + 1].isspace():
            pos += 1
        if data[pos:pos + 1] == b"#":
            pos = data.index(b"\n", pos) + 1
            continue
        end = pos
        while not data[end:end + 1].isspace():
            end += 1
        parts.append(data[pos:end])
        pos = end
    pos += 1
    if parts[0] != b"P6" or parts[3] != b"255":
        raise SystemExit(f"{path}: not a binary 8-bit PPM")
    w, h = int(parts[1]), int(parts[2])
    return np.frombuffer(data, dtype=np.uint8, count=w * h * 3, offset=pos).reshape(h, w, 3)


def resize_area(rgb, w, h):
    """Box-filter resize (area average), good enough to compare a downscaled photo."""
    src = rgb.astype(np.float64)
    sh, sw, _ = src.shape
    ys = (np.arange(h + 1) * sh / h).astype(int)
    xs = (np.arange(w + 1) * sw / w).astype(int)
    c = src.cumsum(0).cumsum(1)
    c = np.pad(c, ((1, 0), (1, 0), (0, 0)))
    total = c[ys[1:]][:, xs[1:]] - c[ys[:-1]][:, xs[1:]] - c[ys[1:]][:, xs[:-1]] + c[ys[:-1]][:, xs[:-1]]
    area = np.outer(ys[1:] - ys[:-1], xs[1:] - xs[:-1])[..., None]
    return total / np.maximum(area, 1)


def aspect_fill(rgb, w, h):
    """Centre crop to w:h then scale, like UIImageView's scaleAspectFill."""
    sh, sw, _ = rgb.shape
    if sw / sh > w / h:
        cw = max(1, round(sh * w / h))
        x0 = (sw - cw) // 2
        rgb = rgb[:, x0:x0 + cw]
    else:
        ch = max(1, round(sw * h / w))
        y0 = (sh - ch) // 2
        rgb = rgb[y0:y0 + ch]
    return resize_area(rgb, w, h)


def luma(x):
    x = x.astype(np.float64)
    return 0.299 * x[..., 0] + 0.587 * x[..., 1] + 0.114 * x[..., 2]


def ssim(a, b):
    """Mean SSIM of two same-sized images on luma, 8x8 windows (Wang et al. 2004 constants)."""
    x, y = luma(a), luma(b)
    k = 8
    hh, ww = (x.shape[0] // k) * k, (x.shape[1] // k) * k
    x = x[:hh, :ww].reshape(hh // k, k, ww // k, k).transpose(0, 2, 1, 3).reshape(-1, k * k)
    y = y[:hh, :ww].reshape(hh // k, k, ww // k, k).transpose(0, 2, 1, 3).reshape(-1, k * k)
    mx, my = x.mean(1), y.mean(1)
    vx, vy = x.var(1), y.var(1)
    cov = ((x - mx[:, None]) * (y - my[:, None])).mean(1)
    c1, c2 = (0.01 * 255) ** 2, (0.03 * 255) ** 2
    s = ((2 * mx * my + c1) * (2 * cov + c2)) / ((mx ** 2 + my ** 2 + c1) * (vx + vy + c2))
    return float(s.mean())


def main(argv):
    if len(argv) >= 3 and argv[0] == "png":
        write_png(argv[2], read_xwd(argv[1]))
    elif len(argv) == 9 and argv[0] == "compare":
        # The picture fills X Y W H; only rows TOP..BOTTOM of it (pixels from its top) are compared, where no text is.
        shot = read_xwd(argv[1])
        x, y, w, h, top, bottom = map(int, argv[3:9])
        ref = aspect_fill(read_ppm(argv[2]), w, h)[top:bottom]
        print(f"{ssim(shot[y + top:y + bottom, x:x + w], ref):.4f}")
    elif len(argv) >= 4 and argv[0] == "same":
        # For each box "X Y W H", the largest channel difference of two dumps there (0: the same cells drawn).
        a, b = read_xwd(argv[1]).astype(int), read_xwd(argv[2]).astype(int)
        out = []
        for box in argv[3:]:
            x, y, w, h = map(int, box.split())
            out.append(str(int(np.abs(a[y:y + h, x:x + w] - b[y:y + h, x:x + w]).max(initial=0))))
        print(" ".join(out))
    elif len(argv) == 6 and argv[0] == "bright":
        # Percent of the box's pixels that are near white (white text drawn over a dark part of a picture).
        shot = read_xwd(argv[1])
        x, y, w, h = map(int, argv[2:6])
        print(int(100 * (luma(shot[y:y + h, x:x + w]) > 200).mean()))
    elif len(argv) == 6 and argv[0] == "flat":
        # Largest difference from the box's first pixel (0: one colour, nothing spilled into it).
        shot = read_xwd(argv[1]).astype(int)
        x, y, w, h = map(int, argv[2:6])
        box = shot[y:y + h, x:x + w]
        print(int(np.abs(box - box[0, 0]).max(initial=0)))
    elif len(argv) == 2 and argv[0] == "blank":
        # 1 once more than 2 % of the pixels differ from the most common colour (the terminal's background): the
        # program has drawn its first frame; a cursor alone does not count.
        shot = read_xwd(argv[1]).reshape(-1, 3)
        colours, counts = np.unique(shot[::7], axis=0, return_counts=True)
        background = colours[counts.argmax()]
        print(int((shot != background).any(axis=1).mean() > 0.02))
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
