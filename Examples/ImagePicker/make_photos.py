#!/usr/bin/env python3
"""Makes the photo library of the ImagePicker example: real PNG and JPEG
files of different sizes (landscape, portrait, small), drawn as flat-colour
pictures and encoded with the Python standard library only.

    python3 Examples/ImagePicker/make_photos.py        # writes photos/

PNG: signature, IHDR, one zlib-compressed IDAT, IEND.
JPEG: a baseline JPEG (SOF0) whose 8x8 blocks are each one flat colour, so
every block is only a DC coefficient: no DCT is needed, the decoded pixels
are exact, and Huffman tables made for that keep the files small.
Both are drawn on a grid of 8x8 cells; the output is the same on every run.
"""
import math
import os
import struct
import zlib

CELL = 8


# --- Pictures: a colour (r, g, b[, a]) for each cell centre, in 0..1 units.

def mix(a, b, t):
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def banded(top, bottom, t, bands=8):
    """A gradient in a few flat bands (flat colours compress well)."""
    return mix(top, bottom, min(bands - 1, int(t * bands)) / (bands - 1))


def ridge(x, peaks):
    """Height (0..1 from the top) of a mountain line through `peaks`."""
    for (x0, y0), (x1, y1) in zip(peaks, peaks[1:]):
        if x0 <= x <= x1:
            return y0 + (y1 - y0) * (x - x0) / (x1 - x0)
    return 1.0


def mountains(x, y):
    if (x - 0.75) ** 2 + ((y - 0.22) * 1.5) ** 2 < 0.006:
        return (255, 214, 102)
    if y > ridge(x, [(0, 0.62), (0.18, 0.38), (0.35, 0.55), (0.55, 0.30), (0.8, 0.58), (1, 0.45)]):
        if y > 0.8:
            return banded((92, 140, 72), (60, 98, 52), (y - 0.8) / 0.2, 3)
        return (70, 78, 104) if y > ridge(x, [(0, 0.75), (0.3, 0.6), (0.6, 0.72), (1, 0.58)]) else (110, 120, 150)
    return banded((70, 130, 210), (190, 220, 245), y / 0.62)


def sunset(x, y):
    if y > 0.66:
        return banded((40, 60, 110), (20, 30, 60), (y - 0.66) / 0.34, 4)
    if (x - 0.5) ** 2 + ((y - 0.62) * 1.33) ** 2 < 0.02:
        return (255, 190, 80)
    return banded((60, 40, 120), (250, 130, 70), y / 0.66)


def lighthouse(x, y):
    if 0.42 < x < 0.58 and 0.25 < y < 0.78:
        return (220, 40, 40) if int((y - 0.25) / 0.08) % 2 == 0 else (245, 245, 245)
    if 0.40 < x < 0.60 and 0.18 < y <= 0.25:
        return (40, 40, 50)
    if y > 0.72:
        return banded((30, 90, 150), (15, 50, 100), (y - 0.72) / 0.28, 4)
    return banded((150, 200, 240), (225, 240, 250), y / 0.72, 6)


def pebble(x, y):
    inside = ((x - 0.5) / 0.38) ** 2 + ((y - 0.55) / 0.3) ** 2
    if inside < 1:
        return (150 - round(40 * inside),) * 3
    return (225,) * 3


def badge(x, y):
    r = math.hypot(x - 0.5, y - 0.5)
    if r < 0.3:
        return (255, 255, 255, 255) if abs(x - 0.5) < 0.06 or abs(y - 0.5) < 0.06 else (0, 122, 255, 255)
    if r < 0.45:
        return (0, 122, 255, 255)
    return (0, 0, 0, 0)


def cells(picture, width, height):
    """Rows of cell colours (one per 8x8 cell, rounded up)."""
    columns, rows = -(-width // CELL), -(-height // CELL)
    return [[picture((i + 0.5) / columns, (j + 0.5) / rows) for i in range(columns)] for j in range(rows)]


# --- PNG

def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(picture, width, height, alpha=False):
    grid = cells(picture, width, height)
    raw = bytearray()
    for y in range(height):
        row = grid[y // CELL]
        line = b"".join(bytes(row[x // CELL]) for x in range(width))
        raw += b"\x00" + line  # filter: None
    colour_type = 6 if alpha else 2
    header = struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", header)
            + png_chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + png_chunk(b"IEND", b""))


# --- JPEG (baseline, DC-only blocks)

# DC categories 0..11: lengths chosen so that category 0 (no change from
# the block before, the common case) costs one bit.
DC_LENGTHS = [1, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9]
# The only AC symbol is EOB (0x00): every block ends after its DC term.
AC_SYMBOLS = {0x00: 1}


def huffman_table(lengths_by_symbol):
    """(BITS, HUFFVAL) of the DHT segment, and the canonical codes."""
    ordered = sorted(lengths_by_symbol.items(), key=lambda item: (item[1], item[0]))
    bits = [0] * 16
    for _, length in ordered:
        bits[length - 1] += 1
    codes, code, previous = {}, 0, ordered[0][1]
    for symbol, length in ordered:
        code <<= length - previous
        previous = length
        codes[symbol] = (code, length)
        code += 1
    return bytes(bits), bytes(symbol for symbol, _ in ordered), codes


class BitWriter:
    def __init__(self):
        self.out, self.accumulator, self.count = bytearray(), 0, 0

    def write(self, value, length):
        self.accumulator = (self.accumulator << length) | (value & ((1 << length) - 1))
        self.count += length
        while self.count >= 8:
            self.count -= 8
            byte = (self.accumulator >> self.count) & 0xFF
            self.out.append(byte)
            if byte == 0xFF:
                self.out.append(0x00)  # byte stuffing
        self.accumulator &= (1 << self.count) - 1

    def flush(self):
        if self.count:
            self.write((1 << (8 - self.count)) - 1, 8 - self.count)  # pad with ones
        return bytes(self.out)


def segment(marker, payload):
    return struct.pack(">BBH", 0xFF, marker, len(payload) + 2) + payload


def ycbcr(rgb):
    r, g, b = rgb
    clamp = lambda v: max(0, min(255, round(v)))
    return (clamp(0.299 * r + 0.587 * g + 0.114 * b),
            clamp(128 - 0.168736 * r - 0.331264 * g + 0.5 * b),
            clamp(128 + 0.5 * r - 0.418688 * g - 0.081312 * b))


def jpeg(picture, width, height, grey=False):
    grid = cells(picture, width, height)
    components = 1 if grey else 3
    dc_bits, dc_values, dc_codes = huffman_table(dict(enumerate(DC_LENGTHS)))
    ac_bits, ac_values, ac_codes = huffman_table(AC_SYMBOLS)
    writer = BitWriter()
    previous = [0] * components
    for row in grid:
        for colour in row:
            samples = (colour[0],) if grey else ycbcr(colour[:3])
            for c, sample in enumerate(samples):
                # A flat block's only coefficient: 8 * (sample - 128), quantized by 1.
                dc = 8 * (sample - 128)
                diff, previous[c] = dc - previous[c], dc
                category = abs(diff).bit_length()
                writer.write(*dc_codes[category])
                if category:
                    writer.write(diff if diff > 0 else diff + (1 << category) - 1, category)
                writer.write(*ac_codes[0x00])
    scan = writer.flush()

    ids = range(1, components + 1)
    return b"".join([
        b"\xFF\xD8",
        segment(0xE0, b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"),
        segment(0xDB, b"\x00" + b"\x01" * 64),  # table 0, 8-bit, all ones
        segment(0xC0, struct.pack(">BHHB", 8, height, width, components)
                + b"".join(struct.pack(">BBB", i, 0x11, 0) for i in ids)),
        segment(0xC4, b"\x00" + dc_bits + dc_values + b"\x10" + ac_bits + ac_values),
        segment(0xDA, struct.pack(">B", components) + b"".join(struct.pack(">BB", i, 0x00) for i in ids)
                + b"\x00\x3F\x00"),
        scan,
        b"\xFF\xD9",
    ])


PHOTOS = [
    ("mountains.png", lambda: png(mountains, 3000, 2000)),              # landscape, large
    ("sunset.jpg", lambda: jpeg(sunset, 1600, 1200)),                   # landscape
    ("lighthouse.jpg", lambda: jpeg(lighthouse, 1200, 1600)),           # portrait
    ("badge.png", lambda: png(badge, 256, 256, alpha=True)),            # small, with alpha
    ("pebble.jpg", lambda: jpeg(pebble, 240, 320, grey=True)),          # small, greyscale
]


def main():
    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "photos")
    os.makedirs(folder, exist_ok=True)
    for name, make in PHOTOS:
        data = make()
        with open(os.path.join(folder, name), "wb") as file:
            file.write(data)
        print(f"{name}: {len(data)} bytes")


if __name__ == "__main__":
    main()
