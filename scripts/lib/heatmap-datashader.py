#!/usr/bin/env python3
"""datashader drawing the heatmap tiles Cairn draws, at its best footing, for scripts/bench-heatmap.sh.

Usage: heatmap-datashader.py POINTS.csv CAIRN_RESULTS
CAIRN_RESULTS has a line `z/x/y heatmap-ms overlay-ms scale` per tile (CairnBench heatmap). For each
tile, datashader aggregates the points of the tile's area widened by the radius (Canvas.points,
count, on the tile's own pixel grid), applies the same quartic kernel (radius 20 px) by an FFT
convolution (scipy.signal.fftconvolve), divides by Cairn's scale for the zoom, and shades it through
the same 256 colours of the `heat` ramp (tf.shade), then encodes the PNG. The points are in a
DataFrame already, in Web Mercator metres; every tile is drawn once before it is timed (numba's JIT
compiled); prints `z/x/y median-ms` over 7 runs.
"""
import io
import math
import statistics
import sys
import time

import datashader as ds
import datashader.transfer_functions as tf
import numpy as np
import pandas as pd
import xarray as xr
from scipy.signal import fftconvolve

RADIUS = 20.0
REACH = int(math.ceil(RADIUS)) + 1
HALF_WORLD = 20037508.342789244


def heat_ramp():
    """The 256 colours of Cairn's `heat` ramp: MapLibre's stops, interpolated in linear light."""
    stops = [(0, (0, 0, 255, 0)), (0.1, (65, 105, 225, 255)), (0.3, (0, 255, 255, 255)), (0.5, (0, 255, 0, 255)),
             (0.7, (255, 255, 0, 255)), (1, (255, 0, 0, 255))]

    def linear(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    def encoded(v):
        v = min(max(v, 0), 1)
        return 255 * (v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055)

    colours = []
    for level in range(256):
        t = level / 255
        upper = next(i for i, (p, _) in enumerate(stops) if p >= t) if t > 0 else 1
        (p0, a), (p1, b) = stops[upper - 1], stops[upper]
        f = (t - p0) / (p1 - p0)
        alpha = a[3] + (b[3] - a[3]) * f
        rgb = [encoded((linear(a[k]) * a[3] * (1 - f) + linear(b[k]) * b[3] * f) / alpha) if alpha else 0 for k in range(3)]
        colours.append("#%02x%02x%02x" % tuple(int(round(c)) for c in rgb))
    return colours


def kernel():
    offsets = np.arange(-REACH, REACH + 1)
    dy, dx = np.meshgrid(offsets, offsets, indexing="ij")
    u2 = (dx * dx + dy * dy) / RADIUS ** 2
    return np.where(u2 < 1, (1 - u2) ** 2, 0)


def tile(frame, z, x, y, scale, table, ramp):
    metres = 2 * HALF_WORLD / (256 * 2 ** z)
    west = -HALF_WORLD + x * 256 * metres - REACH * metres
    north = HALF_WORLD - y * 256 * metres + REACH * metres
    side = 256 + 2 * REACH
    canvas = ds.Canvas(plot_width=side, plot_height=side, x_range=(west, west + side * metres),
                       y_range=(north - side * metres, north))
    counts = canvas.points(frame, "x", "y", agg=ds.count()).values.astype(np.float64)
    density = fftconvolve(counts, table, mode="same")[REACH:REACH + 256, REACH:REACH + 256]
    level = xr.DataArray(np.clip(density / scale, 0, 1)[::-1])
    image = tf.shade(level, cmap=ramp, how="linear", span=[0, 1], min_alpha=0)
    out = io.BytesIO()
    image.to_pil().save(out, format="PNG")
    return out.getvalue()


def main():
    points = pd.read_csv(sys.argv[1], usecols=["lon", "lat"])
    x, y = ds.utils.lnglat_to_meters(points["lon"], points["lat"])
    frame = pd.DataFrame({"x": x, "y": y})
    table, ramp = kernel(), heat_ramp()
    for line in open(sys.argv[2]):
        name, _, _, scale = line.split()
        z, x, y = (int(v) for v in name.split("/"))
        tile(frame, z, x, y, float(scale), table, ramp)
        times = []
        for _ in range(7):
            start = time.perf_counter()
            tile(frame, z, x, y, float(scale), table, ramp)
            times.append((time.perf_counter() - start) * 1000)
        print(f"{name} {statistics.median(times):.3f}", flush=True)


if __name__ == "__main__":
    main()
