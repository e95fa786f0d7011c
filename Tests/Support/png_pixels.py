"""Decodes PNG files with Pillow (an implementation independent of Cairn's libpng path) and writes
each one's pixels as raw 8-bit straight-alpha RGBA next to it (FILE.rgba), for the Swift tests to compare.

Usage: png_pixels.py FILE.png...   Exits non-zero, naming the file, when Pillow rejects one.
"""
import sys

from PIL import Image


def main(paths):
    for path in paths:
        try:
            with Image.open(path) as image:
                image.load()
                rgba = image.convert("RGBA")
        except Exception as error:  # noqa: BLE001 - any rejection is the answer
            print(f"{path}: {error}", file=sys.stderr)
            return 1
        with open(path + ".rgba", "wb") as out:
            out.write(rgba.tobytes())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
