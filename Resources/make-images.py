#!/usr/bin/env python3
# Makes pushsim's sample images from code (gradients and shapes, no third-party art): python3 Resources/make-images.py
"""
Writes Resources/images/: five 1080x1620 story pages (aurora.jpg, dunes.jpg, city.png,
ocean.jpg, forest.png), banner-sale.jpg (1200x600), avatar-1.png and avatar-2.png (256x256)
and hero-bell.png (512x512); bench-photo.jpg (1080x1620,
a detailed photo-like page for bench/media.sh). PNGs are written with the standard library (zlib); JPEGs are
encoded by gdk-pixbuf through a ten-line C tool compiled on the fly (cc + pkg-config
gdk-pixbuf-2.0, both installed by `make deps`). The output is deterministic (fixed seeds).
"""
import math
import os
import random
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "images")
JPEG_QUALITY = 85


# ---------------------------------------------------------------- PNG writing

def _chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def write_png(path, width, height, rows, color_type, palette=None):
    """rows: one bytes object per row (3 bytes/pixel for RGB, 4 for RGBA, 1 for palette indices)."""
    raw = bytearray()
    for row in rows:
        raw.append(0)
        raw += row
    png = b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, color_type, 0, 0, 0))
    if palette is not None:
        png += _chunk(b"PLTE", b"".join(bytes(c[:3]) for c in palette))
        if any(len(c) == 4 and c[3] != 255 for c in palette):
            png += _chunk(b"tRNS", bytes(c[3] if len(c) == 4 else 255 for c in palette))
    png += _chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + _chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(png)


class Indexed:
    """A palette image: flat-colour art stays tiny as an indexed PNG."""

    def __init__(self, width, height):
        self.width, self.height = width, height
        self.palette = []
        self.index = {}
        self.rows = [bytearray(width) for _ in range(height)]

    def color(self, rgb):
        rgb = tuple(int(max(0, min(255, round(v)))) for v in rgb)
        if rgb not in self.index:
            if len(self.palette) == 256:
                raise ValueError("more than 256 colours")
            self.index[rgb] = len(self.palette)
            self.palette.append(rgb)
        return self.index[rgb]

    def fill_row(self, y, x0, x1, rgb):
        x0, x1 = max(0, int(x0)), min(self.width, int(x1))
        if y < 0 or y >= self.height or x1 <= x0:
            return
        self.rows[y][x0:x1] = bytes([self.color(rgb)]) * (x1 - x0)

    def rect(self, x0, y0, x1, y1, rgb):
        for y in range(max(0, int(y0)), min(self.height, int(y1))):
            self.fill_row(y, x0, x1, rgb)

    def circle(self, cx, cy, r, rgb):
        """rgb may be a function of the row, to cut a shape out of a banded sky."""
        for y in range(int(cy - r), int(cy + r) + 1):
            d = r * r - (y + 0.5 - cy) ** 2
            if d > 0:
                h = math.sqrt(d)
                self.fill_row(y, cx - h, cx + h, rgb(y) if callable(rgb) else rgb)

    def polygon(self, pts, rgb):
        ys = [p[1] for p in pts]
        for y in range(max(0, int(min(ys))), min(self.height, int(max(ys)) + 1)):
            yc = y + 0.5
            xs = []
            for (xa, ya), (xb, yb) in zip(pts, pts[1:] + pts[:1]):
                if (ya <= yc < yb) or (yb <= yc < ya):
                    xs.append(xa + (yc - ya) * (xb - xa) / (yb - ya))
            xs.sort()
            for i in range(0, len(xs) - 1, 2):
                self.fill_row(y, xs[i], xs[i + 1], rgb)

    def save(self, path):
        write_png(path, self.width, self.height, self.rows, 3, self.palette)


def mix(a, b, t):
    t = max(0.0, min(1.0, t))
    return tuple(a[i] + (b[i] - a[i]) * t for i in range(3))


def banded(a, b, t, bands):
    """A gradient posterised into bands, so flat-colour PNGs stay small."""
    return mix(a, b, math.floor(max(0.0, min(0.999, t)) * bands) / (bands - 1))


# ------------------------------------------------------------ 5x7 pixel font

FONT = {
    "S": ["01111", "10000", "10000", "01110", "00001", "00001", "11110"],
    "A": ["01110", "10001", "10001", "11111", "10001", "10001", "10001"],
    "L": ["10000", "10000", "10000", "10000", "10000", "10000", "11111"],
    "E": ["11111", "10000", "10000", "11110", "10000", "10000", "11111"],
    "O": ["01110", "10001", "10001", "10001", "10001", "10001", "01110"],
    "F": ["11111", "10000", "10000", "11110", "10000", "10000", "10000"],
    "K": ["10001", "10010", "10100", "11000", "10100", "10010", "10001"],
    "5": ["11111", "10000", "11110", "00001", "00001", "10001", "01110"],
    "0": ["01110", "10011", "10101", "10101", "10101", "11001", "01110"],
    "%": ["11001", "11010", "00010", "00100", "01000", "01011", "10011"],
    "-": ["00000", "00000", "00000", "11111", "00000", "00000", "00000"],
    " ": ["00000"] * 7,
}


def text_mask(text, scale):
    """The set of (x, y) pixels covered by text in the pixel font, plus its size."""
    pixels = set()
    x0 = 0
    for ch in text:
        glyph = FONT[ch]
        for gy, line in enumerate(glyph):
            for gx, bit in enumerate(line):
                if bit == "1":
                    for dy in range(scale):
                        for dx in range(scale):
                            pixels.add((x0 + gx * scale + dx, gy * scale + dy))
        x0 += 6 * scale
    return pixels, x0 - scale, 7 * scale


# ------------------------------------------------------ smooth (JPEG) images

def smooth_image(width, height, shade):
    """Rows of RGB bytes from shade(x, y) -> (r, g, b)."""
    rows = []
    for y in range(height):
        row = bytearray(width * 3)
        for x in range(width):
            r, g, b = shade(x, y)
            i = 3 * x
            row[i] = 0 if r < 0 else 255 if r > 255 else int(r)
            row[i + 1] = 0 if g < 0 else 255 if g > 255 else int(g)
            row[i + 2] = 0 if b < 0 else 255 if b > 255 else int(b)
        rows.append(bytes(row))
    return rows


W, H = 1080, 1620


def aurora():
    rnd = random.Random(1)
    stars = {(rnd.randrange(W), rnd.randrange(int(H * 0.7))): rnd.uniform(0.4, 1.0) for _ in range(900)}
    ridge = [int(H * 0.78 + 60 * math.sin(x / 140.0) + 35 * math.sin(x / 47.0 + 1.3) + 14 * math.sin(x / 13.0)) for x in range(W)]
    curtains = [(H * 0.30, 120, 0.0042, 0.3, 70), (H * 0.42, 90, 0.0061, 2.1, 55), (H * 0.22, 70, 0.0089, 4.0, 40)]
    centre = [[c[0] + c[1] * math.sin(x * c[2] + c[3]) + 25 * math.sin(x * 0.021 + c[3]) for c in curtains] for x in range(W)]
    streak = [0.55 + 0.45 * math.sin(x * 0.043) * math.sin(x * 0.011 + 0.7) for x in range(W)]

    def shade(x, y):
        t = y / H
        r, g, b = mix((6, 8, 32), (14, 44, 70), t / 0.8)
        if y >= ridge[x]:
            d = (y - ridge[x]) / (H - ridge[x] + 1)
            return mix((10, 16, 30), (3, 5, 10), d)
        glow = 0.0
        for (cy, _, _, _, thick), c in zip(curtains, centre[x]):
            dy = y - c
            if dy < 0:  # curtains hang down: long soft tail upward, sharp lower edge
                glow += math.exp(-(dy / (thick * 3.0)) ** 2)
            else:
                glow += math.exp(-(dy / (thick * 0.5)) ** 2)
        glow *= streak[x]
        top = max(0.0, min(1.0, 1.0 - y / (H * 0.45)))
        ac = mix((60, 255, 160), (170, 80, 255), top)
        r += ac[0] * glow * 0.8
        g += ac[1] * glow * 0.8
        b += ac[2] * glow * 0.8
        s = stars.get((x, y))
        if s:
            r, g, b = mix((r, g, b), (255, 255, 255), s)
        return r, g, b

    return smooth_image(W, H, shade)


def bench_photo():
    """A photo-like page for the benchmarks: fractal clouds, ridged mountains, a grassy meadow and sensor grain,
    detailed at every scale, so a JPEG of it costs what a real photo costs to decode (not a flat gradient)."""
    rnd = random.Random(14)

    def lattice(n):
        return [[rnd.random() for _ in range(n)] for _ in range(n)]

    octaves = [(lattice(c), c) for c in (6, 13, 27, 55, 111, 223)]

    def noise(x, y, first, last):
        total, amp, norm = 0.0, 1.0, 0.0
        for grid, cells in octaves[first:last]:
            gx, gy = x * cells / W, y * cells / W
            ix, iy = int(gx), int(gy)
            fx, fy = gx - ix, gy - iy
            # The lattice wraps, so any x and y (a stretched meadow, the image below its width) are valid.
            row0, row1 = grid[iy % cells], grid[(iy + 1) % cells]
            x0, x1 = ix % cells, (ix + 1) % cells
            top = row0[x0] + (row0[x1] - row0[x0]) * fx
            bottom = row1[x0] + (row1[x1] - row1[x0]) * fx
            total += amp * (top + (bottom - top) * fy)
            norm += amp
            amp *= 0.55
        return total / norm

    ridge = [int(H * 0.42 + 260 * (noise(x, 0, 0, 4) - 0.5)) for x in range(W)]
    meadow = [int(H * 0.62 + 90 * (noise(x, 400, 0, 3) - 0.5)) for x in range(W)]

    def shade(x, y):
        grain = rnd.uniform(-9, 9)
        if y < ridge[x]:
            cloud = max(0.0, noise(x, y, 0, 6) - 0.45) * 2.2
            r, g, b = mix(mix((40, 90, 170), (150, 190, 230), y / H * 2), (245, 245, 250), min(1.0, cloud))
        elif y < meadow[x]:
            rock = noise(x, y, 2, 6)
            snow = 1.0 if (y - ridge[x]) < 40 * rock and rock > 0.5 else 0.0
            r, g, b = mix(mix((70, 66, 74), (150, 140, 135), rock), (240, 244, 250), snow)
        else:
            blade = noise(x * 3, y, 3, 6)
            flower = 1.0 if noise(x, y, 4, 6) > 0.74 else 0.0
            depth = (y - meadow[x]) / (H - meadow[x] + 1)
            r, g, b = mix(mix((60, 110, 30), (150, 190, 60), blade), (230, 200, 40), flower * (1 - depth))
        return r + grain, g + grain, b + grain

    return smooth_image(W, H, shade)


def dunes():
    sun = (760, 430, 105)
    layers = []
    for i, (base, amp, f, ph, light, dark) in enumerate([
        (820, 70, 0.0041, 0.5, (236, 170, 110), (196, 120, 70)),
        (990, 90, 0.0057, 2.0, (226, 150, 90), (170, 95, 55)),
        (1180, 110, 0.0035, 4.2, (214, 132, 74), (150, 78, 42)),
        (1390, 120, 0.0049, 1.1, (200, 112, 60), (120, 58, 32)),
    ]):
        ys = [base + amp * math.sin(x * f + ph) + amp * 0.35 * math.sin(x * f * 2.7 + ph * 1.7) for x in range(W)]
        slope = [ys[min(W - 1, x + 1)] - ys[max(0, x - 1)] for x in range(W)]
        layers.append((ys, slope, light, dark))

    def shade(x, y):
        for ys, slope, light, dark in reversed(layers):
            if y >= ys[x]:
                k = 0.5 + max(-0.5, min(0.5, slope[x] * 0.9))
                c = mix(light, dark, k)
                return mix(c, (90, 40, 20), (y - ys[x]) / 900.0)
        t = y / 900.0
        c = mix((250, 150, 110), (255, 226, 180), t)
        d = math.hypot(x - sun[0], y - sun[1])
        if d < sun[2]:
            return (255, 248, 225)
        return mix(c, (255, 240, 200), math.exp(-((d - sun[2]) / 160.0) ** 2) * 0.8)

    return smooth_image(W, H, shade)


def ocean():
    horizon = 760
    sun = (540, 690, 90)

    def shade(x, y):
        if y < horizon:
            c = mix((40, 90, 170), (250, 190, 150), (y / horizon) ** 1.6)
            d = math.hypot(x - sun[0], y - sun[1])
            if d < sun[2]:
                return (255, 236, 200)
            return mix(c, (255, 210, 160), math.exp(-((d - sun[2]) / 140.0) ** 2) * 0.7)
        t = (y - horizon) / (H - horizon)
        c = mix((60, 90, 140), (8, 40, 80), t ** 0.6)
        wave = math.sin((y - horizon) ** 1.25 * 0.35 + 3.0 * math.sin(x * 0.012 + y * 0.05))
        c = mix(c, (120, 160, 210), max(0.0, wave) * 0.25 * (1.0 - t))
        glitter = math.exp(-((x - sun[0]) / (40 + 220 * t)) ** 2) * (1.0 - t) ** 1.5
        if wave > 0.6:
            c = mix(c, (255, 220, 170), glitter)
        return c

    return smooth_image(W, H, shade)


def banner_sale():
    bw, bh = 1200, 600
    text, tw, th = text_mask("SALE", 26)
    sub, sw, sh = text_mask("-50% OFF", 9)
    tx, ty = (bw - tw) // 2, 120
    sx, sy = (bw - sw) // 2, 120 + th + 50
    circles = [(150, 90, 170), (1080, 520, 210), (980, 60, 90), (260, 560, 120)]

    def shade(x, y):
        c = mix((236, 40, 120), (255, 150, 40), (x / bw + y / bh) / 2)
        for cx, cy, r in circles:
            if (x - cx) ** 2 + (y - cy) ** 2 < r * r:
                c = mix(c, (255, 255, 255), 0.18)
        if (x - tx, y - ty) in text or (x - sx, y - sy) in sub:
            return (255, 255, 255)
        if (x - tx - 8, y - ty - 8) in text:
            return mix(c, (60, 0, 40), 0.5)
        return c

    return bw, bh, smooth_image(bw, bh, shade)


# ------------------------------------------------------- flat (PNG) images

def city():
    img = Indexed(W, H)
    sky_top, sky_bottom = (40, 24, 80), (250, 140, 90)
    for y in range(H):
        img.fill_row(y, 0, W, banded(sky_top, sky_bottom, y / 1150.0, 14))
    img.circle(800, 300, 80, (255, 236, 200))
    img.circle(830, 285, 72, lambda y: banded(sky_top, sky_bottom, y / 1150.0, 14))
    rnd = random.Random(7)
    for layer, (colour, window, hmin, hmax, base) in enumerate([
        ((120, 70, 110), None, 300, 620, 1250),
        ((70, 40, 80), (255, 200, 120), 380, 820, 1360),
        ((30, 18, 40), (255, 225, 140), 260, 700, 1480),
    ]):
        x = -rnd.randrange(60)
        while x < W:
            bw = rnd.randrange(90, 200)
            top = base - rnd.randrange(hmin, hmax)
            img.rect(x, top, x + bw - 6, H, colour)
            if rnd.random() < 0.3:
                img.rect(x + bw // 2 - 4, top - 60, x + bw // 2 + 2, top, colour)
            if window:
                for wy in range(top + 24, H - 40, 44):
                    for wx in range(x + 14, x + bw - 30, 30):
                        if rnd.random() < 0.45:
                            img.rect(wx, wy, wx + 14, wy + 22, window)
            x += bw
    img.rect(0, 1560, W, H, (20, 12, 26))
    return img


def forest():
    img = Indexed(W, H)
    for y in range(H):
        img.fill_row(y, 0, W, banded((150, 200, 210), (240, 236, 190), y / 1000.0, 12))
    img.circle(300, 420, 90, (255, 250, 220))
    img.polygon([(-50, 980), (380, 560), (700, 880), (900, 700), (1200, 1000), (1200, H), (-50, H)], (150, 170, 180))
    rnd = random.Random(3)
    for colour, trunk, ground, size, count in [
        ((96, 140, 120), None, 1060, 260, 14),
        ((56, 110, 80), (70, 50, 40), 1230, 380, 11),
        ((28, 72, 48), (50, 34, 26), 1420, 520, 8),
        ((14, 40, 26), (30, 20, 14), 1660, 560, 7),
    ]:
        img.rect(0, ground - 40, W, H, colour)
        for i in range(count):
            cx = (i + rnd.uniform(0.1, 0.9)) * W / count
            h = size * rnd.uniform(0.7, 1.1)
            top = ground - 40 - h
            if trunk:
                img.rect(cx - size * 0.03, ground - 40 - h * 0.2, cx + size * 0.03, ground, trunk)
            for k in range(3):
                y0 = top + h * 0.25 * k
                half = size * (0.16 + 0.07 * k)
                img.polygon([(cx, y0), (cx + half, y0 + h * 0.45), (cx - half, y0 + h * 0.45)], colour)
    return img


def avatar_person():
    img = Indexed(256, 256)
    img.rect(0, 0, 256, 256, (28, 150, 160))
    img.circle(128, 100, 50, (240, 250, 250))
    img.circle(128, 270, 110, (240, 250, 250))
    return img


def avatar_letters():
    img = Indexed(256, 256)
    img.rect(0, 0, 256, 256, (240, 110, 90))
    img.circle(128, 128, 112, (250, 140, 110))
    mask, tw, th = text_mask("AK", 14)
    ox, oy = (256 - tw) // 2, (256 - th) // 2
    for (x, y) in mask:
        img.fill_row(oy + y, ox + x, ox + x + 1, (255, 255, 255))
    return img


def hero_bell():
    size = 512
    rows = []
    for y in range(size):
        row = bytearray(size * 4)
        for x in range(size):
            dx, dy = x + 0.5 - 256, y + 0.5 - 256
            if dx * dx + dy * dy > 240 * 240:
                continue  # transparent outside the badge
            c = mix((70, 110, 255), (160, 70, 230), (x + y) / 1024.0)
            bell = False
            if 130 <= y < 300:  # dome and body: a width that grows downwards
                half = 60 + 55 * ((y - 130) / 170.0) ** 1.6
                bell = abs(dx) < half and (y >= 180 or dx * dx + (y - 185) ** 2 < 62 * 62)
            if 300 <= y < 330 and abs(dx) < 135:
                bell = True  # the rim
            if (dx) ** 2 + (y - 352) ** 2 < 30 * 30:
                bell = True  # the clapper
            if abs(dx) < 12 and 100 <= y < 135:
                bell = True  # the loop on top
            if bell:
                c = (255, 255, 255)
            i = 4 * x
            row[i:i + 4] = bytes([int(c[0]), int(c[1]), int(c[2]), 255])
        rows.append(bytes(row))
    return rows


# ------------------------------------------------------------------ JPEG via gdk-pixbuf

ENCODER_C = r"""
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <stdio.h>
int main(int argc, char **argv) {
    GError *error = NULL;
    GdkPixbuf *p = gdk_pixbuf_new_from_file(argv[1], &error);
    if (!p || !gdk_pixbuf_save(p, argv[2], "jpeg", &error, "quality", argv[3], NULL)) {
        fprintf(stderr, "%s\n", error ? error->message : "failed");
        return 1;
    }
    return 0;
}
"""


class JpegEncoder:
    def __init__(self, workdir):
        self.workdir = workdir
        src = os.path.join(workdir, "topng.c")
        self.tool = os.path.join(workdir, "png-to-jpeg")
        with open(src, "w") as f:
            f.write(ENCODER_C)
        flags = subprocess.run(["pkg-config", "--cflags", "--libs", "gdk-pixbuf-2.0"], check=True,
                               capture_output=True, text=True).stdout.split()
        subprocess.run([os.environ.get("CC", "cc"), "-O1", "-o", self.tool, src] + flags, check=True)

    def save(self, path, width, height, rows):
        tmp = os.path.join(self.workdir, "tmp.png")
        write_png(tmp, width, height, rows, 2)
        subprocess.run([self.tool, tmp, path, str(JPEG_QUALITY)], check=True)


def main():
    os.makedirs(OUT, exist_ok=True)
    work = tempfile.mkdtemp(prefix="pushsim-images-")
    try:
        jpeg = JpegEncoder(work)
        jobs = [
            ("aurora.jpg", lambda: jpeg.save(os.path.join(OUT, "aurora.jpg"), W, H, aurora())),
            ("dunes.jpg", lambda: jpeg.save(os.path.join(OUT, "dunes.jpg"), W, H, dunes())),
            ("ocean.jpg", lambda: jpeg.save(os.path.join(OUT, "ocean.jpg"), W, H, ocean())),
            ("city.png", lambda: city().save(os.path.join(OUT, "city.png"))),
            ("forest.png", lambda: forest().save(os.path.join(OUT, "forest.png"))),
            ("banner-sale.jpg", lambda: jpeg.save(os.path.join(OUT, "banner-sale.jpg"), *banner_sale())),
            ("avatar-1.png", lambda: avatar_person().save(os.path.join(OUT, "avatar-1.png"))),
            ("avatar-2.png", lambda: avatar_letters().save(os.path.join(OUT, "avatar-2.png"))),
            ("bench-photo.jpg", lambda: jpeg.save(os.path.join(OUT, "bench-photo.jpg"), W, H, bench_photo())),
            ("hero-bell.png", lambda: write_png(os.path.join(OUT, "hero-bell.png"), 512, 512, hero_bell(), 6)),
        ]
        only = set(sys.argv[1:])
        for name, job in jobs:
            if only and name not in only:
                continue
            job()
            print(f"{name}: {os.path.getsize(os.path.join(OUT, name)) // 1024} KB")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
