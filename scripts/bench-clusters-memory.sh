#!/usr/bin/env bash
# `make bench`, clustering with properties (issue 21, part 3): COUNT random points (default
# 1 000 000), each with an id and one numeric property, as GeoJSON and as CSV. For each format, the
# whole `cairn clusters FILE --zoom 0` process on one core (taskset): wall time and peak RSS
# (/usr/bin/time), median of 3, against the targets (<= 1.2 s, <= 150 MB). Then the index build on
# one thread against all cores (`--jobs`, as `cairn serve` builds), median of 3 of the time
# `--stats` reports, with the two outputs compared byte for byte. Then the reference: supercluster
# (its `optimizations` branch, with kdbush) on node over the same GeoJSON, when SUPERCLUSTER_DIR
# names a checkout of it whose node_modules holds kdbush; "skipped" otherwise, else with Cairn's
# speed-up and the targets at the issue's pace (its seconds scaled by the reference's 11.6 s then
# over its time in this run: this VM's speed moves by more than 2x from day to day). Nothing of
# supercluster is kept in this repository.
# Usage: scripts/bench-clusters-memory.sh [path/to/cairn] [COUNT]   (default .build/release/cairn)
# Never fails on timing (exit 1 only when a run fails or the parallel output differs).
set -euo pipefail
cairn="$(realpath "${1:-.build/release/cairn}")"
count="${2:-1000000}"
root="$(cd "$(dirname "$0")/.." && pwd)"
base="${BENCH_TMP:-/dev/shm}"
[ -d "$base" ] && [ -w "$base" ] || base="${TMPDIR:-/tmp}"
work="$(mktemp -d "$base/cairn-bench-clusters.XXXXXX")"
trap 'rm -rf "$work"' EXIT
cores="$(nproc)"
one_core=()
command -v taskset >/dev/null && one_core=(taskset -c 0)

echo "== Clustering with properties: $count random points (id + one number), one core"
python3 "$root/scripts/lib/random-points.py" "$count" "$work/points"
printf '%-34s %10s %10s   %s\n' "run" "wall s" "peak MiB" "target"

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# Runs the command once unmeasured (the first read of a file just written ran up to 1.4x slower
# on these VMs), then 3 times under /usr/bin/time; prints the median wall time and peak RSS.
measure() {
  local label="$1" target="$2"; shift 2
  : > "$work/samples"
  "$@" > /dev/null 2>&1 || true
  for _ in 1 2 3; do
    /usr/bin/time -f "%e %M" -o "$work/time" "$@" > "$work/out" 2> "$work/err" \
      || { echo "$label failed:"; cat "$work/err"; exit 1; }
    tail -1 "$work/time" >> "$work/samples"
  done
  local wall peak
  wall="$(awk '{ print $1 }' "$work/samples" | median)"
  peak="$(awk '{ printf "%.1f\n", $2 / 1024 }' "$work/samples" | median)"
  printf '%-34s %10s %10s   %s\n' "$label" "$wall" "$peak" "$target"
  last_wall="$wall"
}

declare -A wall_of
for format in geojson csv; do
  measure "cairn clusters .$format --zoom 0" "<= 1.2 s, <= 150 MB" "${one_core[@]}" "$cairn" clusters "$work/points.$format" --zoom 0
  wall_of[$format]="$last_wall"
done

echo "-- index build, one thread against $cores (cairn serve builds on every core); median of 3"
indexed() {  # prints the "indexed in" seconds of 3 runs' --stats, median
  for _ in 1 2 3; do
    "$cairn" clusters "$work/points.csv" --stats --jobs "$1" | sed -n 's/.*indexed in \([0-9.]*\) s.*/\1/p'
  done | median
}
serial="$(indexed 1)"
parallel="$(indexed "$cores")"
awk -v s="$serial" -v p="$parallel" -v c="$cores" \
  'BEGIN { printf "index %d points: 1 thread %.3f s, %d threads %.3f s (%.2fx; target <= 0.7 s)\n", 0, s, c, p, s / p }' \
  | sed "s/index 0 points/index $count points/"
"$cairn" clusters "$work/points.csv" --zoom 3 --jobs 1 > "$work/serial.json"
"$cairn" clusters "$work/points.csv" --zoom 3 --jobs "$cores" > "$work/parallel.json"
if cmp -s "$work/serial.json" "$work/parallel.json"; then
  echo "parallel and serial indexes: identical output at zoom 3"
else
  echo "parallel and serial indexes differ at zoom 3"; exit 1
fi

echo "-- reference: supercluster (optimizations branch) + kdbush on node, the same GeoJSON"
if [ -z "${SUPERCLUSTER_DIR:-}" ]; then
  echo "skipped (SUPERCLUSTER_DIR not set)"
  exit 0
fi
cat > "$work/supercluster.mjs" <<'JS'
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
const { default: Supercluster } = await import(pathToFileURL(process.env.SUPERCLUSTER_DIR + '/index.js'));
const started = performance.now();
const data = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const index = new Supercluster({ radius: 40, extent: 512, maxZoom: 16 }).load(data.features);
const clusters = index.getClusters([-180, -90, 180, 90], 0);
process.stdout.write(JSON.stringify({ type: 'FeatureCollection', features: clusters }) + '\n');
console.error(`read and indexed in ${((performance.now() - started) / 1000).toFixed(3)} s`);
JS
measure "supercluster .geojson --zoom 0" "(reference)" "${one_core[@]}" node --max-old-space-size=8192 "$work/supercluster.mjs" "$work/points.geojson"
reference="$last_wall"
awk -v r="$reference" -v g="${wall_of[geojson]}" -v c="${wall_of[csv]}" \
  'BEGIN { printf "cairn against the reference, one core: %.1fx (GeoJSON), %.1fx (CSV)   (target >= 10x)\n", r / g, r / c }'
# The issue's seconds were set when the reference took 11.6 s on this kind of machine; its speed
# moves by more than 2x from day to day, so the same targets at the pace of this run's reference:
issue_reference=11.6
awk -v r="$reference" -v i="$issue_reference" -v g="${wall_of[geojson]}" -v c="${wall_of[csv]}" -v p="$parallel" -v n="$cores" \
  'BEGIN { s = i / r; printf "at the issue'"'"'s pace (the reference %.1f s then, %.2f s now): one core %.2f s (GeoJSON), %.2f s (CSV)   (target <= 1.2 s); index on %d threads %.3f s   (target <= 0.7 s)\n", i, r, g * s, c * s, n, p * s }'
"$cairn" clusters "$work/points.geojson" --zoom 0 > "$work/cairn.json"
python3 - "$work/cairn.json" "$work/out" <<'PY'
import json, sys
ours, theirs = (json.load(open(path))["features"] for path in sys.argv[1:3])
key = lambda f: (f["properties"].get("cluster_id"), f["properties"].get("point_count"))
same = len(set(map(key, ours)) & set(map(key, theirs)))
# The optimizations branch keeps coordinates as 32-bit fixed point (supercluster's release keeps
# doubles, as Cairn does), so a point right at a cluster's radius can fall the other way there.
print(f"zoom 0: {same} of {len(theirs)} supercluster clusters have Cairn's id and point count"
      f" (Cairn has {len(ours)}; the branch rounds coordinates to fixed point)")
PY
