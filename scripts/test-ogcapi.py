#!/usr/bin/env python3
"""Cairn's OGC API – Tiles read by the clients themselves (scripts/test-gis.sh runs it).

Usage: test-ogcapi.py BASE_URL, against `cairn serve` on Tests/Fixtures/openapi/cairn.yml.
  - morecantile: /ogcapi/tileMatrixSets/WebMercatorQuad is morecantile's WebMercatorQuad, member
    for member (every zoom's scale denominator, cell size, origin, tile and matrix size), parses as
    a TileMatrixSet, and its tiles' bounds are morecantile's; WebMercatorQuadx2 parses too and has
    the same tiles' bounds;
  - GDAL's OGCAPI driver (the GDAL 3.12 that pyogrio bundles, through its C API: Debian bookworm's
    gdal-bin 3.6 predates the TMS 2.0 encoding): the collections are its subdatasets; a layer's
    collection read as a raster at two tile matrices gives a tile-aligned window equal to Cairn's own
    /tiles/... tiles stitched, pixel for pixel (Pillow); a dataset's vector tiles are one layer per
    zoom whose zoom-0 features hold the clusters of /clusters/cities?zoom=0, point_count for point_count,
    and a dataset's grid's the cells of /grid/cities/0/0/0.geojson, count for count.
Exits 1 at the first failure, naming it.
"""
import collections
import ctypes
import glob
import io
import json
import os
import sys
import tempfile

import morecantile
import pyogrio
from PIL import Image

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from client_checks import Checks, fetch  # noqa: E402

BASE = sys.argv[1].rstrip("/")
OGCAPI = BASE + "/ogcapi"
check = Checks("test-ogcapi")


def fetch_json(path):
    return json.loads(fetch(OGCAPI + path))


def tile_matrix_sets_are_morecantiles():
    ours = fetch_json("/tileMatrixSets/WebMercatorQuad")
    reference = morecantile.tms.get("WebMercatorQuad")
    expected = reference.model_dump(mode="json", exclude_none=True)
    for key in sorted(set(expected) | set(ours)):
        check(ours.get(key) == expected.get(key), f"WebMercatorQuad's {key}: {str(ours.get(key))[:300]} is not morecantile's {str(expected.get(key))[:300]}")
    parsed = morecantile.TileMatrixSet.model_validate(ours)
    double = morecantile.TileMatrixSet.model_validate(fetch_json("/tileMatrixSets/WebMercatorQuadx2"))
    check([m.tileWidth for m in double.tileMatrices] == [512] * 25, "WebMercatorQuadx2's tiles are 512 pixels")
    for z, x, y in [(0, 0, 0), (1, 1, 0), (3, 4, 2), (7, 100, 37), (14, 8501, 5762), (24, 16777215, 0)]:
        bounds = reference.xy_bounds(x, y, z)
        check(parsed.xy_bounds(x, y, z) == bounds, f"tile {z}/{x}/{y}: Cairn's bounds {parsed.xy_bounds(x, y, z)} are not morecantile's {bounds}")
        check(double.xy_bounds(x, y, z) == bounds, f"tile {z}/{x}/{y} of WebMercatorQuadx2 covers {double.xy_bounds(x, y, z)}, not {bounds}")
        check(parsed.bounds(x, y, z) == reference.bounds(x, y, z), f"tile {z}/{x}/{y}: geographic bounds differ")


class GDAL:
    """The few functions of GDAL's C API the checks need, from the library pyogrio ships."""

    def __init__(self):
        library = glob.glob(os.path.join(os.path.dirname(pyogrio.__file__) + ".libs", "libgdal-*.so*"))
        check(len(library) == 1, f"pyogrio bundles one libgdal: {library}")
        self.lib = ctypes.CDLL(library[0])
        self.lib.GDALAllRegister()
        self.lib.GDALOpenEx.restype = ctypes.c_void_p
        self.lib.GDALOpenEx.argtypes = [ctypes.c_char_p, ctypes.c_uint, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
        self.lib.GDALClose.argtypes = [ctypes.c_void_p]
        self.lib.GDALInfoOptionsNew.restype = ctypes.c_void_p
        self.lib.GDALInfoOptionsNew.argtypes = [ctypes.POINTER(ctypes.c_char_p), ctypes.c_void_p]
        self.lib.GDALInfo.restype = ctypes.c_void_p
        self.lib.GDALInfo.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
        self.lib.GDALTranslateOptionsNew.restype = ctypes.c_void_p
        self.lib.GDALTranslateOptionsNew.argtypes = [ctypes.POINTER(ctypes.c_char_p), ctypes.c_void_p]
        self.lib.GDALTranslate.restype = ctypes.c_void_p
        self.lib.GDALTranslate.argtypes = [ctypes.c_char_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
        self.lib.VSIFree.argtypes = [ctypes.c_void_p]

    @staticmethod
    def _argv(arguments):
        return (ctypes.c_char_p * (len(arguments) + 1))(*[a.encode() for a in arguments], None)

    def open(self, name, open_options=()):
        """The raster dataset `name` (GDAL_OF_RASTER | GDAL_OF_READONLY), with its open options."""
        options = self._argv(list(open_options)) if open_options else None
        dataset = self.lib.GDALOpenEx(name.encode(), 0x02, None, options, None)
        check(dataset, f"GDAL opens {name} {list(open_options)}")
        return dataset

    def info(self, dataset):
        """`gdalinfo -json`."""
        text = self.lib.GDALInfo(dataset, self.lib.GDALInfoOptionsNew(self._argv(["-json"]), None))
        result = json.loads(ctypes.string_at(text).decode())
        self.lib.VSIFree(text)
        return result

    def translate(self, dataset, destination, arguments):
        """`gdal_translate ARGUMENTS` of the dataset into `destination`."""
        out = self.lib.GDALTranslate(destination.encode(), dataset, self.lib.GDALTranslateOptionsNew(self._argv(arguments), None), None)
        check(out, f"gdal_translate {' '.join(arguments)} -> {destination}")
        self.lib.GDALClose(out)


def gdal_lists_the_collections(gdal):
    dataset = gdal.open("OGCAPI:" + OGCAPI + "/collections")
    names = gdal.info(dataset)["metadata"]["SUBDATASETS"]
    gdal.lib.GDALClose(dataset)
    for collection in ["world", "world-grid", "world-blink", "clusters:cities", "heatmap:cities", "grid:cities"]:
        check(f"OGCAPI:{OGCAPI}/collections/{collection}" in names.values(), f"GDAL lists collection {collection}: {sorted(names.values())}")


def gdal_reads_the_map_tiles(gdal, work):
    for zoom, (first_column, first_row, columns, rows) in [(3, (4, 2, 3, 2)), (4, (7, 5, 2, 3))]:
        dataset = gdal.open("OGCAPI:" + OGCAPI + "/collections/world", [f"TILEMATRIX={zoom}"])
        size = gdal.info(dataset)["size"]
        check(size == [256 << zoom, 256 << zoom], f"GDAL's raster of world at tile matrix {zoom} is {256 << zoom} px square: {size}")
        window = os.path.join(work, f"window-{zoom}.png")
        gdal.translate(dataset, window, ["-of", "PNG", "-srcwin", str(first_column * 256), str(first_row * 256), str(columns * 256), str(rows * 256)])
        gdal.lib.GDALClose(dataset)
        stitched = Image.new("RGBA", (columns * 256, rows * 256))
        for column in range(columns):
            for row in range(rows):
                tile = Image.open(io.BytesIO(fetch(f"{BASE}/tiles/world/{zoom}/{first_column + column}/{first_row + row}.png"))).convert("RGBA")
                stitched.paste(tile, (column * 256, row * 256))
        read = Image.open(window).convert("RGBA")
        check(read.size == stitched.size, f"zoom {zoom}: GDAL's window is {read.size}, the tiles {stitched.size}")
        check(read.tobytes() == stitched.tobytes(), f"zoom {zoom}: GDAL's window through /ogcapi is not Cairn's /tiles stitched ({window})")


def gdal_reads_the_vector_tiles():
    name = "OGCAPI:" + OGCAPI + "/collections/clusters:cities"
    layers = [str(layer) for layer, _ in pyogrio.list_layers(name)]
    zooms = [limit["tileMatrix"] for limit in fetch_json("/collections/clusters:cities/tiles/WebMercatorQuad")["tileMatrixSetLimits"]]
    check(layers == [f"Zoom level {zoom}" for zoom in zooms], f"GDAL's layers of clusters:cities are its zooms {zooms}: {layers}")
    _, _, _, fields = pyogrio.raw.read(name, layer="Zoom level 0", columns=["point_count"], read_geometry=False)
    counts = collections.Counter(int(count) for count in fields[0] if count is not None)
    clusters = json.loads(fetch(BASE + "/clusters/cities?zoom=0"))["features"]
    expected = collections.Counter(f["properties"]["point_count"] for f in clusters if f["properties"].get("cluster"))
    check(expected and not (expected - counts), f"GDAL's zoom-0 features hold every cluster of /clusters/cities?zoom=0 (missing {expected - counts})")


def gdal_reads_the_grids_vector_tiles():
    name = "OGCAPI:" + OGCAPI + "/collections/grid:cities"
    _, _, _, fields = pyogrio.raw.read(name, layer="Zoom level 0", columns=["count"], read_geometry=False)
    counts = collections.Counter(int(count) for count in fields[0] if count is not None)
    cells = json.loads(fetch(BASE + "/grid/cities/0/0/0.geojson"))["features"]
    expected = collections.Counter(cell["properties"]["count"] for cell in cells)
    check(expected and not (expected - counts), f"GDAL's zoom-0 cells of grid:cities hold every cell of /grid/cities/0/0/0.geojson (missing {expected - counts})")


def main():
    tile_matrix_sets_are_morecantiles()
    gdal = GDAL()
    gdal_lists_the_collections(gdal)
    with tempfile.TemporaryDirectory() as work:
        gdal_reads_the_map_tiles(gdal, work)
    gdal_reads_the_vector_tiles()
    gdal_reads_the_grids_vector_tiles()
    print(f"test-ogcapi: {check.passed} checks passed (morecantile {morecantile.__version__}, GDAL {pyogrio.__gdal_version_string__})")


if __name__ == "__main__":
    main()
