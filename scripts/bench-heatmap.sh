#!/usr/bin/env bash
# `make bench`, heatmaps (issue 49 §1): cold PNG heatmap tiles of COUNT random points (default
# 1 000 000, scripts/lib/random-points.py), radius 20, quartic, `heat`, made by Cairn (CairnBench
# heatmap: the served dataset's index, nothing cached between runs but the zoom's colour scale,
# median of 7) against datashader doing the same tile at its best footing (points already in a
# DataFrame, numba's JIT warm: Canvas.points over the tile and the radius, the kernel by an FFT
# convolution, tf.shade through the same ramp, PNG; scripts/lib/heatmap-datashader.py), and against
# a cold cluster overlay tile of the same dataset (CairnBench, same run). The tile holding Paris at
# zooms 0-12. Prints per-tile times and the ratios, then their medians and the load average (this
# VM's speed moves with its neighbours'). Never fails on timing. datashader comes from PyPI into
# .venv-bench (scripts/requirements-bench.txt), not the test venv.
# Usage: scripts/bench-heatmap.sh [path/to/CairnBench] [COUNT]   (default .build/release/CairnBench)
set -euo pipefail
bench="$(realpath "${1:-.build/release/CairnBench}")"
count="${2:-1000000}"
root="$(cd "$(dirname "$0")/.." && pwd)"
venv="$root/.venv-bench"
if [ ! -x "$venv/bin/python" ] || ! cmp -s "$root/scripts/requirements-bench.txt" "$venv/requirements.txt"; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q -r "$root/scripts/requirements-bench.txt"
  cp "$root/scripts/requirements-bench.txt" "$venv/requirements.txt"
fi
base="${BENCH_TMP:-/dev/shm}"
[ -d "$base" ] && [ -w "$base" ] || base="${TMPDIR:-/tmp}"
work="$(mktemp -d "$base/cairn-bench-heatmap.XXXXXX")"
trap 'rm -rf "$work"' EXIT

echo "== Heatmaps: $count random points, cold PNG tiles, radius 20: Cairn against datashader and a cold cluster overlay tile"
python3 "$root/scripts/lib/random-points.py" "$count" "$work/points"
# The tile holding Paris (2.35, 48.85) at each zoom.
python3 - "$work/tiles" <<'PY'
import math, sys
with open(sys.argv[1], "w") as out:
    for z in range(13):
        n = 2 ** z
        x = int((2.35 + 180) / 360 * n)
        lat = math.radians(48.85)
        y = int((1 - math.log(math.tan(lat) + 1 / math.cos(lat)) / math.pi) / 2 * n)
        out.write(f"{z} {x} {y}\n")
PY
"$bench" heatmap "$work/points.csv" "$work/tiles" > "$work/cairn"
"$venv/bin/python" "$root/scripts/lib/heatmap-datashader.py" "$work/points.csv" "$work/cairn" > "$work/datashader"
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
printf '%-12s %10s %10s %12s %14s %14s\n' tile cairn-ms overlay-ms datashader-ms datashader/cairn overlay/cairn
join "$work/cairn" "$work/datashader" | while read -r tile heat overlay _ datashader; do
  peer=$(awk -v a="$datashader" -v b="$heat" 'BEGIN { printf "%.2f", a / b }')
  cold=$(awk -v a="$overlay" -v b="$heat" 'BEGIN { printf "%.2f", a / b }')
  printf '%-12s %10s %10s %12s %14s %14s\n' "$tile" "$heat" "$overlay" "$datashader" "$peer" "$cold"
  echo "$peer" >> "$work/peer"
  echo "$cold" >> "$work/cold"
done
echo "median datashader / Cairn: $(median < "$work/peer")x (target >= 3x); median overlay / heatmap: $(median < "$work/cold")x (target >= 0.8x); load average $(cut -d' ' -f1-3 /proc/loadavg)"
