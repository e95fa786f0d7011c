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
echo
echo "Samples are in $out/:"
echo "  $out/badges/{google,ios,leaflet,brand}/   one badge per bucket of each style, @2x"
echo "  $out/sprite/clusters{,@2x}.{png,json}     a MapLibre sprite sheet of 105 badges"
echo "  $out/cards/                               info-window cards from Samples/cards.jsonl, @2x"
echo "  $out/tiles/mosaic-grid/{z}/{x}/{y}.png       the sample tiles (zooms 0-4) through mosaic|grid"
echo "  $out/tiles/dark.mbtiles                     night mode, zooms 0-5 (zoom 5 over-zoomed from 4)"
