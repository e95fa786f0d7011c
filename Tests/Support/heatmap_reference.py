"""The heatmap of docs/density-maps.md recomputed with numpy, independently of Cairn.

Reads a JSON case {"zoom", "x", "y", "scale", "radius", "kernel", "density_scale",
"points": [[lon, lat, weight], ...]} from the file named on the command line and prints the colour
level of every pixel of tile z/x/y, row by row, as a JSON list: round(255 * min(1, D / S)) with
D(p) = sum of w * K(d / r) at each pixel centre p, d in output pixels at the tile's zoom and scale
(to the nearest copy of the point: the world repeats east and west),
r = radius * scale, K(u) = (1 - u^2)^2 (quartic) or exp(-4.5 u^2) (gaussian) for u < 1, else 0.
"""
import json
import sys

import numpy as np

case = json.load(open(sys.argv[1]))
size = 256 * case["scale"]
world = size * 2 ** case["zoom"]
r = case["radius"] * case["scale"]
points = np.array(case["points"], dtype=np.float64).reshape(-1, 3)
lon, lat, w = points[:, 0], points[:, 1], points[:, 2]
phi = np.radians(np.clip(lat, -85.0511287798066, 85.0511287798066))
px = (lon + 180) / 360 * world - case["x"] * size
py = (1 - np.log(np.tan(phi) + 1 / np.cos(phi)) / np.pi) / 2 * world - case["y"] * size

density = np.zeros((size, size))
# The world repeats east and west: a point near the antimeridian reaches across it.
px, py, w = np.concatenate([px - world, px, px + world]), np.tile(py, 3), np.tile(w, 3)
for x, y, weight in zip(px, py, w):
    # Only the pixels whose centre may lie within r of the point: K is 0 beyond.
    x0, x1 = max(0, int(np.floor(x - r)) - 1), min(size, int(np.ceil(x + r)) + 1)
    y0, y1 = max(0, int(np.floor(y - r)) - 1), min(size, int(np.ceil(y + r)) + 1)
    if x0 >= x1 or y0 >= y1:
        continue
    cy, cx = np.meshgrid(np.arange(y0, y1) + 0.5, np.arange(x0, x1) + 0.5, indexing="ij")
    u2 = ((cx - x) ** 2 + (cy - y) ** 2) / r ** 2
    k = (1 - u2) ** 2 if case["kernel"] == "quartic" else np.exp(-4.5 * u2)
    density[y0:y1, x0:x1] += weight * np.where(u2 < 1, k, 0)
levels = np.rint(255 * np.minimum(1, density / case["density_scale"])).astype(int)
json.dump(levels.ravel().tolist(), sys.stdout)
