#!/usr/bin/env python3
"""Decodes an animated image (APNG or animated WebP) with Pillow and prints what it holds as JSON, so
that Swift tests can check Cairn's animation encoders against an independent decoder.

Usage: anim_decode.py FILE

Prints {"format", "width", "height", "frames", "loop", "durations", "pixels"}: format as Pillow names
it ("PNG", "WEBP"), the frame count, the loop count (0 = forever; null when the file has none), each
frame's duration in milliseconds as Pillow reports it, and each frame as the whole canvas after that
frame is composited (Pillow applies the dispose and blend operations), straight RGBA bytes row by
row, base64.
"""
import base64
import json
import sys

from PIL import Image


def main(path):
    with Image.open(path) as image:
        frames = getattr(image, "n_frames", 1)
        durations, pixels = [], []
        for index in range(frames):
            image.seek(index)
            image.load()  # the WebP reader sets the frame's duration when it decodes it
            durations.append(image.info.get("duration", 0))
            pixels.append(base64.b64encode(image.convert("RGBA").tobytes()).decode("ascii"))
        print(json.dumps({
            "format": image.format,
            "width": image.width,
            "height": image.height,
            "frames": frames,
            "loop": image.info.get("loop"),
            "durations": durations,
            "pixels": pixels,
        }))


if __name__ == "__main__":
    main(sys.argv[1])
