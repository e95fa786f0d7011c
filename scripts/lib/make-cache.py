#!/usr/bin/env python3
"""A synthetic Cairn disk cache for the benchmarks: COUNT entries of layer `world` at zoom Z
(x = i // 500, y = i % 500), each a BYTES-byte tile and a .meta as the server writes it.
Usage: make-cache.py DIRECTORY COUNT BYTES [ZOOM]   (ZOOM defaults to 9)"""
import os
import sys
import time

directory, count, size = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
zoom = int(sys.argv[4]) if len(sys.argv) > 4 else 9
body = os.urandom(size)
now = time.time()
made = set()
for i in range(count):
    x, y = i // 500, i % 500
    column = f"{directory}/world/{zoom}/{x}"
    if x not in made:
        os.makedirs(column, exist_ok=True)
        made.add(x)
    with open(f"{column}/{y}.png", "wb") as f:
        f.write(body)
    with open(f"{column}/{y}.png.meta", "w") as f:
        f.write(f'stored={now}\nexpires={now + 604800}\netag="{i:016x}"\n')
