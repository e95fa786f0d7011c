#!/usr/bin/env bash
# Renders the bundled samples with the cairn binary $1 into directory $2 (what `make run` shows).
set -euo pipefail
cairn="$1"
out="$2"
here="$(cd "$(dirname "$0")/.." && pwd)"
rm -rf "$out"
mkdir -p "$out"
for style in google ios leaflet "$here/Samples/styles/brand.yml"; do
  name="$(basename "$style" .yml)"
  "$cairn" badges --buckets --style "$style" --scale 2 --out-dir "$out/badges/$name"
done
"$cairn" badges --counts 1-100,200,500,1000,5000,10000 --style google --sprite clusters --out-dir "$out/sprite"
"$cairn" badge 1234 --style "$here/Samples/styles/brand.yml" --format svg -o "$out/badges/brand-1234.svg"
"$cairn" cards "$here/Samples/cards.jsonl" --out-dir "$out/cards" --scale 2
tiles="file://$here/Samples/tiles/{z}/{x}/{y}.png"
"$cairn" render --source "$tiles" --bbox=-180,-85.0511,180,85.0511 --zoom 0-4 --chain 'mosaic|grid' --dry-run
"$cairn" render --source "$tiles" --bbox=-180,-85.0511,180,85.0511 --zoom 0-4 --chain 'mosaic|grid' --out "$out/tiles/mosaic-grid"
"$cairn" render --source "$tiles" --bbox=-180,-85.0511,180,85.0511 --zoom 0-5 --source-maxzoom 4 --chain 'dark' \
  --out "$out/tiles/dark.mbtiles"
points="$here/Samples/points/cities15000.geojson"
mkdir -p "$out/clusters"
"$cairn" clusters "$points" --stats --aggregate total_population=sum:population -o "$out/clusters/stats.tsv"
"$cairn" clusters "$points" --zoom 3 --bbox=-10,35,30,60 --aggregate total_population=sum:population -o "$out/clusters/europe-z3.geojson"
"$cairn" render --source none --bbox=-180,-85.0511,180,85.0511 --zoom 0-5 \
  --chain "clusters:dataset=$points,radius=80,label=abbrev" --out "$out/clusters/overlay.mbtiles"
echo
echo "Samples are in $out/:"
echo "  $out/badges/{google,ios,leaflet,brand}/   one badge per bucket of each style, @2x"
echo "  $out/sprite/clusters{,@2x}.{png,json}     a MapLibre sprite sheet of 105 badges"
echo "  $out/cards/                               info-window cards from Samples/cards.jsonl, @2x"
echo "  $out/tiles/mosaic-grid/{z}/{x}/{y}.png       the sample tiles (zooms 0-4) through mosaic|grid"
echo "  $out/tiles/dark.mbtiles                     night mode, zooms 0-5 (zoom 5 over-zoomed from 4)"
echo "  $out/clusters/stats.tsv                     the 34 006 sample cities clustered: clusters and points per zoom"
echo "  $out/clusters/europe-z3.geojson             their clusters over Europe at zoom 3 (GeoJSON, with total_population)"
echo "  $out/clusters/overlay.mbtiles               transparent cluster overlay tiles, zooms 0-5"
