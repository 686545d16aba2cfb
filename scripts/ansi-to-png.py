#!/usr/bin/env python3
"""Draws a terminal capture (`tmux capture-pane -e -p`: text with ANSI colours) as a PNG.

Usage: ansi-to-png.py CAPTURE.txt OUT.png
Needs Pillow and the DejaVu Sans Mono fonts (Debian: python3-pil, fonts-dejavu-core), which
`ALMANAC_NEED_SCREENSHOT=1 scripts/install-deps.sh` installs (scripts/screenshot.sh does).
Each cell is drawn at its column (wide characters take two), in the xterm 256-colour palette, on
a dark background; bold uses the bold face, dim halves the colour, reverse swaps the two.
"""
import re
import sys
import unicodedata

from PIL import Image, ImageDraw, ImageFont

FONTS = "/usr/share/fonts/truetype/dejavu/"
SIZE, CELL_W, CELL_H, PAD = 15, 9, 19, 12
BACKGROUND, FOREGROUND = (24, 26, 33), (220, 223, 228)
BASIC = [(24, 26, 33), (224, 108, 117), (152, 195, 121), (229, 192, 123), (97, 175, 239), (198, 120, 221), (86, 182, 194), (220, 223, 228)]
BRIGHT = [(92, 99, 112), (240, 130, 140), (170, 215, 140), (240, 205, 140), (120, 190, 250), (215, 140, 235), (110, 200, 210), (255, 255, 255)]


def palette(n):
    if n < 8:
        return BASIC[n]
    if n < 16:
        return BRIGHT[n - 8]
    if n < 232:
        n -= 16
        steps = [0, 95, 135, 175, 215, 255]
        return (steps[n // 36], steps[(n // 6) % 6], steps[n % 6])
    level = 8 + (n - 232) * 10
    return (level, level, level)


def apply(codes, state):
    codes = codes or [0]
    i = 0
    while i < len(codes):
        c = codes[i]
        if c == 0:
            state.update(fg=None, bg=None, bold=False, dim=False, reverse=False)
        elif c == 1:
            state["bold"] = True
        elif c == 2:
            state["dim"] = True
        elif c == 7:
            state["reverse"] = True
        elif c == 22:
            state.update(bold=False, dim=False)
        elif c == 27:
            state["reverse"] = False
        elif 30 <= c <= 37:
            state["fg"] = palette(c - 30)
        elif 90 <= c <= 97:
            state["fg"] = palette(c - 90 + 8)
        elif 40 <= c <= 47:
            state["bg"] = palette(c - 40)
        elif c in (38, 48) and i + 2 < len(codes) and codes[i + 1] == 5:
            state["fg" if c == 38 else "bg"] = palette(codes[i + 2])
            i += 2
        elif c == 39:
            state["fg"] = None
        elif c == 49:
            state["bg"] = None
        i += 1


def cells(line):
    """(character, state) for each character of a line, SGR sequences applied."""
    state = dict(fg=None, bg=None, bold=False, dim=False, reverse=False)
    for part in re.split(r"(\x1b\[[0-9;]*m)", line):
        if part.startswith("\x1b["):
            apply([int(x) for x in part[2:-1].split(";") if x], state)
        else:
            for ch in part:
                yield ch, dict(state)


def main(capture, out):
    lines = open(capture, encoding="utf-8").read().rstrip("\n").split("\n")
    regular = ImageFont.truetype(FONTS + "DejaVuSansMono.ttf", SIZE)
    bold = ImageFont.truetype(FONTS + "DejaVuSansMono-Bold.ttf", SIZE)
    columns = max(sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c, _ in cells(l)) for l in lines)
    image = Image.new("RGB", (columns * CELL_W + 2 * PAD, len(lines) * CELL_H + 2 * PAD), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for row, line in enumerate(lines):
        x = 0
        for ch, st in cells(line):
            width = 2 if unicodedata.east_asian_width(ch) in "WF" else 1
            fg, bg = st["fg"] or FOREGROUND, st["bg"]
            if st["dim"]:
                fg = tuple((a + b) // 2 for a, b in zip(fg, BACKGROUND))
            if st["reverse"]:
                fg, bg = bg or BACKGROUND, fg
            left, top = PAD + x * CELL_W, PAD + row * CELL_H
            if bg:
                draw.rectangle([left, top, left + width * CELL_W - 1, top + CELL_H - 1], fill=bg)
            if ch != " ":
                draw.text((left, top + 1), ch, font=bold if st["bold"] else regular, fill=fg)
            x += width
    image.save(out)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
