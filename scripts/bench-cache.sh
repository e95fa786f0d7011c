#!/usr/bin/env bash
# `make bench`, part 4: `cairn cache` on tmpfs (docs/cache.md). Three measurements, each the median
# of 3 runs, next to a baseline measured in the same run:
#   purge  100 000 cached tiles (a synthetic cache, layer/z/x/y.png + .meta)   vs rm -rf of the same tree
#   stats  a 1 GB cache (50 000 entries of 20 kB)                              vs du -s --apparent-size
#   seed   Samples/cairn.yml's world-mosaic, zooms 0-6 (5 461 tiles, 4 445 of them in the source:
#          tiles/s counts those stored)             vs cairn render of the same tiles, source and chain
# Usage: scripts/bench-cache.sh [path/to/cairn]   (default .build/release/cairn)
# Never fails on timing (exit 1 only if a command fails).
set -euo pipefail
cairn="$(realpath "${1:-.build/release/cairn}")"
root="$(cd "$(dirname "$0")/.." && pwd)"
shm="$(mktemp -d /dev/shm/cairn-bench-cache.XXXXXX)"
cleanup() { rm -rf "$shm"; }
trap cleanup EXIT

cat > "$shm/cairn.yml" <<YAML
cache: {dir: $shm/cache, max_size: 2GB, ttl: 7d}
layers:
  world:
    source: {url: "file://$root/Samples/tiles/{z}/{x}/{y}.png", maxzoom: 4}
    maxzoom: 12
YAML

# make_cache DIR COUNT BYTES: COUNT entries of layer world at zoom 9, as the server writes them.
make_cache() { python3 "$root/scripts/lib/make-cache.py" "$@"; }

# seconds COMMAND…: the wall-clock seconds COMMAND takes (its output discarded; exit 1 if it fails).
seconds() {
  local start end
  start=$(date +%s.%N)
  "$@" >"$shm/out" 2>"$shm/err" || { echo "failed: $*"; cat "$shm/err"; exit 1; }
  end=$(date +%s.%N)
  awk -v s="$start" -v e="$end" 'BEGIN { printf "%.3f", e - s }'
}
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", a / b }'; }

echo "# cairn cache on tmpfs ($(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start), medians of 3 runs"

purge=(); rm_rf=()
for _ in 1 2 3; do
  rm -rf "$shm/cache"; make_cache "$shm/cache" 100000 600
  purge+=("$(seconds env CAIRN_CACHE_DIR="$shm/cache" "$cairn" cache purge --config "$shm/cairn.yml" --layer world --bbox=-180,-85,180,85 --zoom 8-9)")
  grep -q "purged 100000 tiles" "$shm/err" || { echo "purge did not remove 100 000 tiles:"; cat "$shm/err"; exit 1; }
  rm -rf "$shm/cache"; make_cache "$shm/cache" 100000 600
  rm_rf+=("$(seconds rm -rf "$shm/cache/world")")
done
p=$(median "${purge[@]}"); r=$(median "${rm_rf[@]}")
printf '%-52s %7s s   (runs %s)   target ≤ 2 s\n' "cache purge, 100 000 tiles" "$p" "${purge[*]}"
printf '%-52s %7s s   purge / rm -rf: %s×\n' "  baseline: rm -rf of the same tree" "$r" "$(ratio "$p" "$r")"

rm -rf "$shm/cache"; make_cache "$shm/cache" 50000 20000
stats=(); du=()
for _ in 1 2 3; do
  stats+=("$(seconds env CAIRN_CACHE_DIR="$shm/cache" "$cairn" cache stats --config "$shm/cairn.yml")")
  grep -q "^layer world *50000 " "$shm/out" || { echo "stats did not count 50 000 entries:"; cat "$shm/out"; exit 1; }
  du+=("$(seconds du -s --apparent-size "$shm/cache")")
done
s=$(median "${stats[@]}"); d=$(median "${du[@]}")
printf '%-52s %7s s   (runs %s)   target ≤ 1 s\n' "cache stats, 50 000 entries, $(du -sh --apparent-size "$shm/cache" | cut -f1)" "$s" "${stats[*]}"
printf '%-52s %7s s   stats / du: %s×\n' "  baseline: du -s --apparent-size" "$d" "$(ratio "$s" "$d")"
rm -rf "$shm/cache"

region=(--bbox=-180,-85.0511,180,85.0511 --zoom 0-6)
seed=(); render=()
for i in 1 2 3; do
  seed+=("$(seconds env CAIRN_CACHE_DIR="$shm/seed-$i" "$cairn" cache seed --config "$root/Samples/cairn.yml" --layer world-mosaic "${region[@]}")")
  stored=$(sed -n 's/^seeded \([0-9]*\) tiles.*/\1/p' "$shm/err")
  [ "${stored:-0}" -ge 3000 ] || { echo "seed stored fewer than 3 000 tiles:"; cat "$shm/err"; exit 1; }
  rm -rf "$shm/seed-$i"
  render+=("$(seconds "$cairn" render --source "file://$root/Samples/tiles/{z}/{x}/{y}.png" --source-maxzoom 4 "${region[@]}" \
    --chain 'mosaic:cells=8,alpha=0.2|grid' --format png --out "$shm/render-$i")")
  rm -rf "$shm/render-$i"
done
s=$(median "${seed[@]}"); r=$(median "${render[@]}")
printf '%-52s %7s tiles/s   (%s s, runs %s)   target ≥ 1 500\n' "cache seed, world-mosaic z0-6, $stored tiles stored" \
  "$(awk -v n="$stored" -v s="$s" 'BEGIN { printf "%.0f", n / s }')" "$s" "${seed[*]}"
printf '%-52s %7s tiles/s   (%s s)   seed / render: %s×\n' "  baseline: cairn render, same tiles and chain" \
  "$(awk -v n="$stored" -v s="$r" 'BEGIN { printf "%.0f", n / s }')" "$r" "$(ratio "$r" "$s")"
