#!/usr/bin/env python3
"""Writes COUNT uniformly random points (longitude -180..180, latitude -85..85), each with an
integer id and one numeric property `value`, as PREFIX.geojson (a FeatureCollection, one feature
a line) and PREFIX.csv (id,lon,lat,value). The same points on every run (seed 21).

Usage: random-points.py COUNT PREFIX"""
import random
import sys


def main():
    count, prefix = int(sys.argv[1]), sys.argv[2]
    rng = random.Random(21)
    with open(prefix + ".geojson", "w") as geojson, open(prefix + ".csv", "w") as csv:
        geojson.write('{"type":"FeatureCollection","features":[\n')
        csv.write("id,lon,lat,value\n")
        for i in range(count):
            lon = round(rng.uniform(-180, 180), 6)
            lat = round(rng.uniform(-85, 85), 6)
            value = round(rng.uniform(0, 1000), 2)
            separator = ",\n" if i else ""
            geojson.write(f'{separator}{{"type":"Feature","id":{i},"properties":{{"value":{value}}},'
                          f'"geometry":{{"type":"Point","coordinates":[{lon},{lat}]}}}}')
            csv.write(f"{i},{lon},{lat},{value}\n")
        geojson.write("\n]}\n")


if __name__ == "__main__":
    main()
