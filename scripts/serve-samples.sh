#!/usr/bin/env bash
# Serves the bundled configuration (Samples/cairn.yml) with the cairn binary $1 until Ctrl-C:
# the last step of `make run`. CAIRN_PORT / CAIRN_HOST change where it listens.
set -euo pipefail
cairn="$1"
here="$(cd "$(dirname "$0")/.." && pwd)"
port="${CAIRN_PORT:-8080}"
echo
echo "Serving Samples/cairn.yml on http://127.0.0.1:$port (Ctrl-C stops)."
echo "  http://127.0.0.1:$port/                                  the map page: layers, clusters, badges, cards"
echo "Try:"
echo "  http://127.0.0.1:$port/tiles/world-mosaic/2/2/1.png      a sample tile through mosaic|grid"
echo "  http://127.0.0.1:$port/tiles/world/3/4/2@2x.png          @2x, stitched from zoom 4"
echo "  http://127.0.0.1:$port/tiles/world-dark/6/33/22.webp     night mode, over-zoomed beyond zoom 4"
echo "  http://127.0.0.1:$port/tiles/world-mosaic.json           TileJSON"
echo "  http://127.0.0.1:$port/badges/1234.png?style=brand&scale=2"
echo "  http://127.0.0.1:$port/cards/europe.png?title=Caf%C3%A9%20Central&subtitle=Vienna"
echo "  http://127.0.0.1:$port/clusters/cities?bbox=-10,35,30,60&zoom=3      clusters of the sample cities (GeoJSON)"
echo "  http://127.0.0.1:$port/clusters/cities/3/4/2.png                       a cluster overlay tile (also @2x, .webp, .mvt)"
echo "  http://127.0.0.1:$port/clusters/cities/points/2643743/card.png?scale=2  the card of one city (London)"
echo "  http://127.0.0.1:$port/metrics"
exec "$cairn" serve --config "$here/Samples/cairn.yml"
