#!/usr/bin/env bash
# `make bench`, a dataset refreshing under requests: a release `cairn serve` with a COUNT-point
# dataset (default 1 000 000 random points, CSV, on tmpfs) answers `/health` (a Hummingbird route)
# to a paced probe (scripts/lib/latency-probe.py, 200 a second on one connection) for SECONDS,
# first with nothing else going on, then while `POST /admin/datasets/big/refresh` re-reads and
# re-indexes the dataset back to back. Prints both p99s, their ratio (target: <= 5) and how many
# refreshes ran. Usage: scripts/bench-dataset-refresh.sh [path/to/cairn] [COUNT] [SECONDS]
# (default .build/release/cairn, 1000000, 15). Never fails on timing (exit 1 only if something
# does not start or a refresh fails).
set -euo pipefail
cairn="$(realpath "${1:-.build/release/cairn}")"
count="${2:-1000000}"
seconds="${3:-15}"
root="$(cd "$(dirname "$0")/.." && pwd)"
base="${BENCH_TMP:-/dev/shm}"
[ -d "$base" ] && [ -w "$base" ] || base="${TMPDIR:-/tmp}"
work="$(mktemp -d "$base/cairn-bench-refresh.XXXXXX")"
pid=""
refresher=""
cleanup() {
  [ -z "$refresher" ] || kill "$refresher" 2>/dev/null || true
  [ -z "$pid" ] || kill "$pid" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
# shellcheck source=lib/free-port.sh
source "$root/scripts/lib/free-port.sh"
free_port port || { echo "found no free loopback port"; exit 1; }
token="bench-$RANDOM$RANDOM"

python3 "$root/scripts/lib/random-points.py" "$count" "$work/points"
rm -f "$work/points.geojson"
cat > "$work/cairn.yml" <<CONF
server: {host: 127.0.0.1, port: $port}
cache: {dir: $work/cache}
layers:
  world:
    source: {url: "file://$root/Samples/tiles/{z}/{x}/{y}.png", maxzoom: 4}
datasets:
  big: {file: $work/points.csv, refresh: 1h}
CONF
CAIRN_ADMIN_TOKEN="$token" "$cairn" serve --config "$work/cairn.yml" --log-level warning 2>"$work/serve.log" &
pid=$!
refresh_url="http://127.0.0.1:$port/admin/datasets/big/refresh"
for _ in $(seq 600); do
  curl -fsS -o /dev/null -H "Authorization: Bearer $token" -X POST "$refresh_url" 2>/dev/null && break
  sleep 0.1
done
curl -fsS -o /dev/null -H "Authorization: Bearer $token" -X POST "$refresh_url" \
  || { echo "cairn serve did not start or did not load the dataset:"; cat "$work/serve.log"; exit 1; }

probe() { python3 "$root/scripts/lib/latency-probe.py" "http://127.0.0.1:$port/health" "$1"; }
probe 2 >/dev/null  # warm-up
alone="$(probe "$seconds")"
: > "$work/refreshes"
( while :; do
    curl -fsS -o /dev/null -H "Authorization: Bearer $token" -X POST "$refresh_url" || { echo failed >> "$work/refreshes"; exit 1; }
    echo ok >> "$work/refreshes"
  done ) &
refresher=$!
during="$(probe "$seconds")"
kill "$refresher" 2>/dev/null || true
wait "$refresher" 2>/dev/null || true
refresher=""
! grep -q failed "$work/refreshes" || { echo "a refresh failed:"; tail -5 "$work/serve.log"; exit 1; }
p99() { sed -n 's/.*p99 \([0-9.]*\).*/\1/p' <<<"$1"; }
echo "bench-dataset-refresh: /health, paced at 200/s for ${seconds} s: alone $alone"
echo "bench-dataset-refresh: /health while $count points refresh back to back ($(grep -c ok "$work/refreshes") refreshes): $during"
awk -v a="$(p99 "$alone")" -v d="$(p99 "$during")" \
  'BEGIN { printf "bench-dataset-refresh: p99 %.3f ms alone, %.3f ms during refreshes: ratio %.2f (target <= 5)\n", a, d, d / a }'
