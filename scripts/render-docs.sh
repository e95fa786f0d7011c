#!/usr/bin/env bash
# Renders the small pictures the README shows into docs/ with the cairn binary $1.
set -euo pipefail
cairn="$1"
root="$(cd "$(dirname "$0")/.." && pwd)"
docs="$root/docs"
mkdir -p "$docs"
for style in google ios leaflet; do
  for count in 7 42 150 1200; do
    "$cairn" badge "$count" --style "$style" --scale 2 -o "$docs/badge-$style-$count.png"
  done
done
for count in 7 1234 56000; do
  "$cairn" badge "$count" --style "$root/Samples/styles/brand.yml" --scale 2 -o "$docs/badge-brand-$count.png"
done
for look in donut pie dominant; do
  "$cairn" badge 42 --parts restaurant=30,cafe=12 --look "$look" --scale 2 -o "$docs/badge-$look-42.png"
  "$cairn" badge 150 --style ios --parts restaurant=90,cafe=40,bar=20 --look "$look" --scale 2 -o "$docs/badge-$look-ios-150.png"
  "$cairn" badge 1000 --style leaflet --parts rare=1,common=999 --look "$look" --scale 2 -o "$docs/badge-$look-leaflet-1000.png"
done
"$cairn" badges --counts 1-12,20,50,100,200,500,1000 --sprite sprite --out-dir "$docs/sprite" --quiet
mv "$docs/sprite/sprite.png" "$docs/sprite.png"
rm -rf "$docs/sprite"
"$cairn" cards "$root/Samples/cards.jsonl" --out-dir "$docs/cards" --scale 1 --quiet
tile="$root/Tests/Fixtures/tiles/world/2/2/1.png"
"$cairn" filter "$tile" --chain 'mosaic|grid' -o "$docs/filter-mosaic-grid.png"
"$cairn" filter "$tile" --chain 'dark|grid:classic' -o "$docs/filter-dark-grid.png"
"$cairn" filter "$tile" --chain 'grayscale|pixelate:16' -o "$docs/filter-grayscale-pixelate.png"
"$cairn" filter "$tile" --chain 'text:text=© ACME,opacity=0.3|text:text=© Cairn samples,position=bottom-right,angle=0,size=11,opacity=0.8' \
  -o "$docs/filter-text.png"
# The cities' clusters by country as donuts, big cities only (docs/clusters-filters-categories.md).
"$cairn" snapshot --source "file://$root/Tests/Fixtures/tiles/world/{z}/{x}/{y}.png" --bbox=-10,35,30,60 --size 600x400 \
  --clusters "$root/Samples/points/cities15000.geojson" --radius 80 --categories country=DE,FR,IT,ES,GB \
  --filter 'population > 50000' -o "$docs/clusters-donuts-europe.png"
echo "docs pictures written to $docs"
