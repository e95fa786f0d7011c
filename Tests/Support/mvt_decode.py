#!/usr/bin/env python3
"""Decodes a Mapbox Vector Tile with mapbox-vector-tile and prints what it holds as JSON, so that
Swift tests can check Cairn's encoder against an independent decoder.

Usage: mvt_decode.py TILE.mvt

Prints {"layers": [{"name", "version", "extent", "keys", "values", "features"}]}, layers in the
tile's order. Geometry and properties come from mapbox_vector_tile.decode (raw tile coordinates,
y down); the keys and values tables, whether a feature has an id, its numeric type and which field
each value uses come from the protobuf messages that mapbox-vector-tile parses with.
Each property is [key, type, value]: type is the Python type the decoder gave (str, int, float,
bool); an int's value is its decimal text, so that 64-bit integers survive JSON.
"""
import json
import sys

import mapbox_vector_tile
from mapbox_vector_tile.Mapbox import vector_tile_pb2

VALUE_FIELDS = ("string_value", "float_value", "double_value", "int_value", "uint_value", "sint_value", "bool_value")


def typed(value):
    if isinstance(value, bool):
        return "bool", value
    if isinstance(value, int):
        return "int", str(value)
    if isinstance(value, float):
        return "float", value
    if isinstance(value, str):
        return "str", value
    raise TypeError(f"unexpected property value {value!r}")


def value_entry(value):
    fields = [name for name in VALUE_FIELDS if value.HasField(name)]
    entry = {"fields": fields}
    if len(fields) == 1:
        entry["type"], entry["value"] = typed(getattr(value, fields[0]))
    return entry


def coordinates(geometry):
    if geometry["type"] == "Point":
        return [geometry["coordinates"]]
    return geometry["coordinates"]


def main(path):
    with open(path, "rb") as file:
        data = file.read()
    decoded = mapbox_vector_tile.decode(data, default_options={"y_coord_down": True})
    raw = vector_tile_pb2.tile()
    raw.ParseFromString(data)
    layers = []
    for layer in raw.layers:
        features = decoded[layer.name]["features"]
        if len(features) != len(layer.features):
            raise ValueError(f"layer {layer.name}: {len(features)} decoded features, {len(layer.features)} in the tile")
        layers.append({
            "name": layer.name,
            "version": decoded[layer.name]["version"],
            "extent": decoded[layer.name]["extent"],
            "keys": list(layer.keys),
            "values": [value_entry(value) for value in layer.values],
            "features": [
                {
                    "id": str(feature["id"]) if message.HasField("id") else None,
                    "type": message.type,
                    "geometry_type": feature["geometry"]["type"],
                    "geometry": list(message.geometry),
                    "coordinates": coordinates(feature["geometry"]),
                    "properties": [[key, *typed(value)] for key, value in feature["properties"].items()],
                }
                for feature, message in zip(features, layer.features)
            ],
        })
    json.dump({"layers": layers}, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: mvt_decode.py TILE.mvt")
    main(sys.argv[1])
