#!/usr/bin/env python3
"""Draws the Toggle example's icons: 64x64 PNG files with transparency, one
pair for each toggle of toggle.scene.yaml, written with the Python standard
library only.

    python3 Examples/Toggle/make_icons.py        # writes images/

  toggle-off  an empty rounded square, its outline grey
  toggle-on   the square filled green, a white check mark in it
  sound-off   the grey outline, a grey speaker crossed out
  sound-on    the square filled blue, a white speaker and two sound waves

Each shape is a signed distance field (negative inside, in pixels); a
pixel's coverage is how far its centre lies inside the edge, clamped to
0..1, which smooths every edge over about one pixel without sampling
more. Shapes are painted over each other, back to front. The output is the
same on every run.
"""
import math
import os
import struct
import zlib

SIZE = 64
GREY = (142, 142, 147)
GREEN = (52, 199, 89)
BLUE = (0, 122, 255)
WHITE = (255, 255, 255)


# --- Distances (pixels; negative inside) -----------------------------------

def rounded_square(x, y, inset=5.0, radius=14.0):
    """The icon's frame: a square `inset` from the edges, corners rounded."""
    half = SIZE / 2 - inset
    qx = abs(x - SIZE / 2) - (half - radius)
    qy = abs(y - SIZE / 2) - (half - radius)
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
    return outside + min(max(qx, qy), 0.0) - radius


def outline(distance, width):
    """A stroke of `width` centred on a shape's edge."""
    return abs(distance) - width / 2


def segment(x, y, a, b):
    """Distance to the segment from a to b."""
    (ax, ay), (bx, by) = a, b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(x - ax - t * dx, y - ay - t * dy)


def stroke(x, y, points, width):
    """A line through `points`, `width` thick, with round ends and joins."""
    return min(segment(x, y, a, b) for a, b in zip(points, points[1:])) - width / 2


def polygon(x, y, points):
    """A closed polygon: the distance to its nearest edge, negative inside
    (inside by the even-odd rule)."""
    nearest = min(segment(x, y, a, b) for a, b in zip(points, points[1:] + points[:1]))
    inside = False
    for (ax, ay), (bx, by) in zip(points, points[1:] + points[:1]):
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            inside = not inside
    return -nearest if inside else nearest


def arc(x, y, centre, radius, spread, width):
    """A circular arc opening to the right, `spread` radians either side of
    the horizontal, `width` thick with round ends."""
    cx, cy = centre
    if abs(math.atan2(y - cy, x - cx)) <= spread:
        return abs(math.hypot(x - cx, y - cy) - radius) - width / 2
    ends = [(cx + radius * math.cos(a), cy + radius * math.sin(a)) for a in (spread, -spread)]
    return min(math.hypot(x - ex, y - ey) for ex, ey in ends) - width / 2


# --- Glyphs ----------------------------------------------------------------

CHECK = [(20.0, 33.5), (28.5, 42.0), (44.5, 23.5)]
SPEAKER = [(15.0, 26.0), (23.0, 26.0), (33.0, 17.0), (33.0, 47.0), (23.0, 38.0), (15.0, 38.0)]


def speaker(x, y):
    return polygon(x, y, SPEAKER) - 0.8  # a little rounder at the corners


def waves(x, y):
    return min(arc(x, y, (31.0, 32.0), 8.5, 0.75, 3.5), arc(x, y, (31.0, 32.0), 15.5, 0.75, 3.5))


def cross(x, y):
    return min(segment(x, y, (39.5, 26.5), (49.5, 37.5)), segment(x, y, (39.5, 37.5), (49.5, 26.5))) - 1.75


# --- Icons: layers of (colour, distance), back to front --------------------

ICONS = {
    "toggle-off": [(GREY, lambda x, y: outline(rounded_square(x, y) + 2.0, 4.0))],
    "toggle-on": [(GREEN, rounded_square), (WHITE, lambda x, y: stroke(x, y, CHECK, 6.0))],
    "sound-off": [(GREY, lambda x, y: outline(rounded_square(x, y) + 2.0, 4.0)), (GREY, speaker), (GREY, cross)],
    "sound-on": [(BLUE, rounded_square), (WHITE, speaker), (WHITE, waves)],
}


def coverage(distance):
    return max(0.0, min(1.0, 0.5 - distance))


def render(layers):
    """Rows of straight (not premultiplied) RGBA bytes."""
    rows = []
    for j in range(SIZE):
        row = bytearray()
        for i in range(SIZE):
            x, y = i + 0.5, j + 0.5
            r = g = b = a = 0.0  # premultiplied while painting
            for colour, distance in layers:
                alpha = coverage(distance(x, y))
                r = colour[0] * alpha + r * (1 - alpha)
                g = colour[1] * alpha + g * (1 - alpha)
                b = colour[2] * alpha + b * (1 - alpha)
                a = alpha + a * (1 - alpha)
            if a > 0:
                row += bytes((round(r / a), round(g / a), round(b / a), round(a * 255)))
            else:
                row += bytes(4)
        rows.append(bytes(row))
    return rows


def png(rows):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", SIZE, SIZE, 8, 6, 0, 0, 0)  # 8-bit RGBA
    raw = b"".join(b"\0" + row for row in rows)  # filter: none
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b""))


def write(icons, beside):
    """Writes each icon as NAME.png in the images/ folder beside the file
    `beside` (a script's own path)."""
    folder = os.path.join(os.path.dirname(os.path.abspath(beside)), "images")
    os.makedirs(folder, exist_ok=True)
    for name, layers in icons.items():
        path = os.path.join(folder, name + ".png")
        with open(path, "wb") as handle:
            handle.write(png(render(layers)))
        print(path)


def main():
    write(ICONS, __file__)


if __name__ == "__main__":
    main()
