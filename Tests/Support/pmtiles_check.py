#!/usr/bin/env python3
"""Reads a PMTiles archive with the reference implementation's Python reader (the `pmtiles`
package from PyPI) and compares it with a z/x/y directory of the same tiles.

Usage: pmtiles_check.py ARCHIVE [DIRECTORY]

Prints one JSON object: the header fields, the metadata, the number of tiles, and (with a
directory) the tiles that differ, are missing from the archive or are only in it. With
tile_compression gzip, the directory's files are compared as they are (both hold gzipped bytes).
"""
import json
import os
import sys

from pmtiles.reader import MmapSource, Reader, all_tiles


def directory_tiles(root):
    tiles = {}
    for z in os.listdir(root):
        if not z.isdigit():
            continue
        for x in os.listdir(os.path.join(root, z)):
            if not x.isdigit():
                continue
            for name in os.listdir(os.path.join(root, z, x)):
                y = name.split(".")[0]
                if y.isdigit():
                    with open(os.path.join(root, z, x, name), "rb") as f:
                        tiles[(int(z), int(x), int(y))] = f.read()
    return tiles


def main():
    with open(sys.argv[1], "rb") as f:
        reader = Reader(MmapSource(f))
        header = reader.header()
        metadata = reader.metadata()
        tiles = {tuple(zxy): data for zxy, data in all_tiles(reader.get_bytes)}
    result = {
        "header": {key: (value.value if hasattr(value, "value") else value) for key, value in header.items()},
        "metadata": metadata,
        "tiles": len(tiles),
        "bytes": sum(len(data) for data in tiles.values()),
    }
    if len(sys.argv) > 2:
        expected = directory_tiles(sys.argv[2])
        result["expected"] = len(expected)
        result["differ"] = ["%d/%d/%d" % t for t in sorted(expected) if t in tiles and tiles[t] != expected[t]]
        result["missing"] = ["%d/%d/%d" % t for t in sorted(expected) if t not in tiles]
        result["extra"] = ["%d/%d/%d" % t for t in sorted(tiles) if t not in expected]
    print(json.dumps(result, sort_keys=True))


if __name__ == "__main__":
    main()
