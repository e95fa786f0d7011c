#!/usr/bin/env python3
"""Cairn's WMTS 1.0.0 read by the GIS world's own clients (scripts/test-gis.sh runs it).

Usage: test-wmts.py BASE_URL, against `cairn serve` on Tests/Fixtures/openapi/cairn.yml.
  - GDAL (gdalinfo): the capabilities list every layer; each layer opened at its maxzoom
    (ZOOM_LEVEL) is that zoom's size, with its title, and every tile of its minzoom reads;
  - GDAL (gdal_translate): a tile-aligned window at two zooms, read through the WMTS, equals
    Cairn's own /tiles/... tiles stitched, pixel for pixel (Pillow);
  - OWSLib: WebMapTileService parses the layers, their formats, tile matrix sets with their
    limits and ResourceURLs; gettile (KVP) and the ResourceURL (REST) give /tiles/...'s bytes,
    and a dataset's clusters:, heatmap: and grid: layers /clusters/..., /heatmap/... and /grid/...'s.
Exits 1 at the first failure, naming it.
"""
import io
import json
import os
import subprocess
import sys

from owslib.wmts import WebMapTileService
from PIL import Image

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from client_checks import Checks, fetch  # noqa: E402

BASE = sys.argv[1].rstrip("/")
CAPABILITIES = BASE + "/wmts/1.0.0/WMTSCapabilities.xml"
# The fixture configuration's raster layers and their zooms.
LAYERS = {"world": (0, 6), "world-grid": (1, 4), "world-blink": (0, 4),
          "clusters:cities": (0, 16), "heatmap:cities": (0, 16), "grid:cities": (0, 16)}
check = Checks("test-wmts")


def gdal(*arguments):
    return subprocess.run(list(arguments), check=True, capture_output=True, text=True, timeout=120).stdout


def gdal_sees_every_layer_and_its_zooms():
    info = json.loads(gdal("gdalinfo", "-json", "WMTS:" + CAPABILITIES))
    names = info["metadata"]["SUBDATASETS"]
    for layer in LAYERS:
        check(any(f"layer={layer}," in value or value.endswith(f"layer={layer}") for value in names.values()),
              f"gdalinfo lists layer {layer}: {sorted(names.values())}")
    for layer, (minzoom, maxzoom) in LAYERS.items():
        # GDAL reads a layer at the tile matrix it is told (ZOOM_LEVEL), by default the set's deepest.
        raster = json.loads(gdal("gdalinfo", "-json", "-oo", f"ZOOM_LEVEL={maxzoom}",
                                 f"WMTS:{CAPABILITIES},layer={layer},tilematrixset=WebMercatorQuad"))
        size = 256 << maxzoom
        check(raster["size"] == [size, size], f"{layer}: GDAL's raster at zoom {maxzoom} is {size} px square: {raster['size']}")
        route, _, dataset = layer.rpartition(":")
        check(raster["metadata"][""]["TITLE"] == (f"{dataset} {route}" if route else layer),
              f"{layer}: GDAL reads its title: {raster['metadata']['']}")
        stats = json.loads(gdal("gdalinfo", "-json", "-oo", f"ZOOM_LEVEL={minzoom}", "-stats",
                                f"WMTS:{CAPABILITIES},layer={layer},tilematrixset=WebMercatorQuad"))
        check(stats["size"] == [256 << minzoom] * 2 and "STATISTICS_MEAN" in stats["bands"][0]["metadata"][""],
              f"{layer}: GDAL reads every tile of zoom {minzoom}")


def stitched(layer, zoom, columns, rows):
    """Cairn's own tiles of the window, side by side."""
    picture = Image.new("RGBA", (256 * len(columns), 256 * len(rows)))
    for i, x in enumerate(columns):
        for j, y in enumerate(rows):
            tile = Image.open(io.BytesIO(fetch(f"{BASE}/tiles/{layer}/{zoom}/{x}/{y}.png"))).convert("RGBA")
            picture.paste(tile, (256 * i, 256 * j))
    return picture


def gdal_translate_equals_the_tiles_stitched():
    for zoom, columns, rows in [(2, [1, 2], [1, 2]), (3, [4, 5, 6], [2, 3])]:
        output = f"window-{zoom}.png"
        gdal("gdal_translate", "-q", "-of", "PNG", "-oo", f"ZOOM_LEVEL={zoom}",
             "-srcwin", str(256 * columns[0]), str(256 * rows[0]), str(256 * len(columns)), str(256 * len(rows)),
             f"WMTS:{CAPABILITIES},layer=world,tilematrixset=WebMercatorQuad", output)
        through_gdal = Image.open(output).convert("RGBA")
        own = stitched("world", zoom, columns, rows)
        check(through_gdal.size == own.size, f"zoom {zoom}: window size {through_gdal.size} == {own.size}")
        check(through_gdal.tobytes() == own.tobytes(), f"zoom {zoom}: GDAL's window equals the tiles stitched, pixel for pixel")


def owslib_reads_the_service():
    for url in (CAPABILITIES, BASE + "/wmts"):
        service = WebMapTileService(url)
        check(set(service.contents) == set(LAYERS), f"OWSLib ({url}) reads the layers: {sorted(service.contents)}")
    world = service["world"]
    check(world.formats == ["image/png", "image/jpeg", "image/webp"], f"world's formats: {world.formats}")
    for overlay in ("clusters:cities", "heatmap:cities", "grid:cities"):
        check(service[overlay].formats == ["image/png", "image/webp"], f"{overlay}'s formats")
    check(set(service.tilematrixsets) == {"WebMercatorQuad", "WebMercatorQuadx2"}, f"tile matrix sets: {list(service.tilematrixsets)}")
    quad = service.tilematrixsets["WebMercatorQuad"]
    check(quad.crs == "urn:ogc:def:crs:EPSG::3857" and len(quad.tilematrix) == 25, "WebMercatorQuad: EPSG:3857, matrices 0 to 24")
    check(abs(quad.tilematrix["0"].scaledenominator - 559082264.0287178) < 1e-6, "WebMercatorQuad's scale at 0")
    check(service.tilematrixsets["WebMercatorQuadx2"].tilematrix["3"].tilewidth == 512, "WebMercatorQuadx2's 512-pixel tiles")
    grid_limits = service["world-grid"].tilematrixsetlinks["WebMercatorQuad"].tilematrixlimits
    check(sorted(grid_limits, key=int) == ["1", "2", "3", "4"], f"world-grid's limits are its zooms: {sorted(grid_limits)}")
    limit = grid_limits["3"]
    check((limit.mintilerow, limit.maxtilerow, limit.mintilecol, limit.maxtilecol) == (0, 7, 0, 7), "world-grid's limits at 3")
    templates = {url["format"]: url["template"] for url in world.resourceURLs if url["resourceType"] == "tile"}
    check(templates.get("image/png") == BASE + "/wmts/1.0.0/world/default/{TileMatrixSet}/{TileMatrix}/{TileRow}/{TileCol}.png",
          f"world's PNG ResourceURL: {templates}")

    own = fetch(f"{BASE}/tiles/world/3/5/2.png")
    kvp = service.gettile(layer="world", tilematrixset="WebMercatorQuad", tilematrix="3", row=2, column=5, format="image/png").read()
    check(kvp == own, "OWSLib's gettile (KVP) is /tiles/world/3/5/2.png, byte for byte")
    rest = fetch(templates["image/png"].format(TileMatrixSet="WebMercatorQuad", TileMatrix="3", TileRow="2", TileCol="5"))
    check(rest == own, "the ResourceURL (REST) is /tiles/world/3/5/2.png, byte for byte")
    retina = service.gettile(layer="world", tilematrixset="WebMercatorQuadx2", tilematrix="2", row=1, column=3, format="image/webp").read()
    check(retina == fetch(f"{BASE}/tiles/world/2/3/1@2x.webp"), "WebMercatorQuadx2 (KVP) is the @2x tile")
    for route in ("clusters", "heatmap", "grid"):
        overlay = service.gettile(layer=f"{route}:cities", tilematrixset="WebMercatorQuad", tilematrix="2", row=1, column=2).read()
        check(overlay == fetch(f"{BASE}/{route}/cities/2/2/1.png"), f"a dataset's {route} layer is its /{route} tile, byte for byte")


gdal_sees_every_layer_and_its_zooms()
gdal_translate_equals_the_tiles_stitched()
owslib_reads_the_service()
print(f"test-wmts: {check.passed} passed, 0 failed")
