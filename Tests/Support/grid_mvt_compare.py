#!/usr/bin/env python3
"""Compares grid vector tiles made by Cairn with the same tiles made by PostGIS (ST_AsMVT), both
decoded with mapbox-vector-tile, their polygons compared with shapely.

Usage: grid_mvt_compare.py CAIRN.mvt POSTGIS.mvt [CAIRN.mvt POSTGIS.mvt ...]

Prints a JSON list, one entry per pair: {"features": n, "only_cairn": [ids], "only_postgis": [ids],
"count_mismatches": [ids], "invalid": [ids], "max_distance": d}, where max_distance is the largest
Hausdorff distance (tile units) between the two polygons of one id and invalid lists the ids whose
Cairn polygon shapely finds invalid (its winding or self-intersections).
"""
import json
import sys

import mapbox_vector_tile
from shapely.geometry import shape


def features(path):
    with open(path, "rb") as file:
        decoded = mapbox_vector_tile.decode(file.read(), default_options={"y_coord_down": True})
    layer = decoded.get("grid", {"features": []})
    return {feature["id"]: feature for feature in layer["features"]}


def compare(cairn_path, postgis_path):
    cairn, postgis = features(cairn_path), features(postgis_path)
    shared = sorted(set(cairn) & set(postgis))
    distance = 0.0
    invalid = []
    for id in shared:
        ours, theirs = shape(cairn[id]["geometry"]), shape(postgis[id]["geometry"])
        if not ours.is_valid:
            invalid.append(id)
        distance = max(distance, ours.hausdorff_distance(theirs))
    return {
        "features": len(cairn),
        "only_cairn": sorted(set(cairn) - set(postgis)),
        "only_postgis": sorted(set(postgis) - set(cairn)),
        "count_mismatches": [id for id in shared if cairn[id]["properties"].get("count") != postgis[id]["properties"].get("count")],
        "invalid": invalid,
        "max_distance": distance,
    }


if __name__ == "__main__":
    paths = sys.argv[1:]
    if not paths or len(paths) % 2:
        sys.exit("usage: grid_mvt_compare.py CAIRN.mvt POSTGIS.mvt [...]")
    json.dump([compare(paths[k], paths[k + 1]) for k in range(0, len(paths), 2)], sys.stdout)
    sys.stdout.write("\n")
