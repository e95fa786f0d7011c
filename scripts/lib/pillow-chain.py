#!/usr/bin/env python3
"""The Pillow peer of Cairn's `mosaic|grid` chain, for `CairnBench png` (issue 21's "≥ 4.5× faster
than Pillow's default batch"): per tile, what a Pillow batch script does for the same picture.

    pillow-chain.py TILES_DIR FONT ROUNDS

Every z/x/y.png under TILES_DIR is read into memory once; then, ROUNDS times over all tiles, each is
decoded, given an 8 × 8 mosaic of seeded colours at alpha 0.2 and a grid label (a 1 px border, a
translucent rounded plate and "z/x/y" in 12 px DejaVu Sans Bold), composited once, and encoded with
Pillow's PNG defaults (zlib level 6). Opaque tiles are written as RGB, as Cairn writes them, so the
peer does no more work than it must. Prints the median milliseconds per tile and the mean size.
"""
import io
import os
import statistics
import sys
import time
import zlib

from PIL import Image, ImageDraw, ImageFont


def seeded_color(z, x, y, cell):
    """A colour per (tile, cell), the same every run (Cairn seeds its own hash the same way)."""
    h = zlib.crc32(f"{z}/{x}/{y}/{cell}".encode())
    return (h & 0xFF, (h >> 8) & 0xFF, (h >> 16) & 0xFF, 51)


def render(data, z, x, y, font):
    image = Image.open(io.BytesIO(data))
    opaque = "A" not in image.getbands() and "transparency" not in image.info
    image = image.convert("RGBA")
    width, height = image.size
    overlay = Image.new("RGBA", image.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(overlay)
    cells = 8
    for row in range(cells):
        for column in range(cells):
            box = (round(width * column / cells), round(height * row / cells),
                   round(width * (column + 1) / cells) - 1, round(height * (row + 1) / cells) - 1)
            draw.rectangle(box, fill=seeded_color(z, x, y, row * cells + column))
    label = f"{z}/{x}/{y}"
    left, top, right, bottom = draw.textbbox((5, 5), label, font=font)
    draw.rounded_rectangle((left - 2, top - 2, right + 2, bottom + 2), radius=2, fill=(255, 255, 255, 191))
    image = Image.alpha_composite(image, overlay)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, width - 1, height - 1), outline=(0xE0, 0x24, 0x5E, 255), width=1)
    draw.text((5, 5), label, font=font, fill=(0x20, 0x21, 0x24, 255))
    if opaque:
        image = image.convert("RGB")
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getbuffer().nbytes


def main():
    root, font_path, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
    tiles = []
    for directory, _, names in sorted(os.walk(root)):
        for name in sorted(names):
            if not name.endswith(".png"):
                continue
            path = os.path.join(directory, name)
            z, x, y = (int(part) for part in os.path.relpath(path, root)[:-4].split(os.sep))
            with open(path, "rb") as file:
                tiles.append((file.read(), z, x, y))
    font = ImageFont.truetype(font_path, 12)
    times, sizes = [], []
    for _ in range(rounds):
        for data, z, x, y in tiles:
            started = time.perf_counter()
            sizes.append(render(data, z, x, y, font))
            times.append(time.perf_counter() - started)
    print(f"{statistics.median(times) * 1000:.3f} {statistics.mean(sizes):.0f} {len(tiles)}")


if __name__ == "__main__":
    main()
