#!/usr/bin/env python3
"""Draws the settings screen's favourite icons, with the Toggle example's
drawing code (Examples/Toggle/make_icons.py):

    python3 Examples/GTK/make_icons.py        # writes images/

  star-off  a five-pointed star's grey outline
  star-on   the star filled gold
"""
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Toggle"))
from make_icons import SIZE, GREY, outline, polygon, write  # noqa: E402

GOLD = (255, 184, 0)


def star_points(outer=27.0, inner=11.5):
    """The star's ten corners, its top point up, centred in the icon."""
    points = []
    for k in range(10):
        radius = outer if k % 2 == 0 else inner
        angle = -math.pi / 2 + k * math.pi / 5
        points.append((SIZE / 2 + radius * math.cos(angle), SIZE / 2 + 2.5 + radius * math.sin(angle)))
    return points


STAR = star_points()


def star(x, y):
    return polygon(x, y, STAR) - 0.6  # a little rounder at the points


ICONS = {
    "star-off": [(GREY, lambda x, y: outline(star(x, y) + 1.5, 3.5))],
    "star-on": [(GOLD, star)],
}


def main():
    write(ICONS, __file__)


if __name__ == "__main__":
    main()
