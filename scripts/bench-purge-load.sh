#!/usr/bin/env bash
# `make bench`, the admin purge under load: a release `cairn serve` with 100 000 tiles in its disk
# cache (on tmpfs) answers one cached tile under wrk; then the same while `DELETE /admin/cache/…`
# purges the 100 000. Prints both hit rates, their ratio (target: above 0.5) and the purge's time.
# Usage: scripts/bench-purge-load.sh [path/to/cairn]   (default .build/release/cairn)
# Never fails on timing (exit 1 only if something does not start).
set -euo pipefail
cairn="${1:-.build/release/cairn}"
root="$(cd "$(dirname "$0")/.." && pwd)"
shm="$(mktemp -d /dev/shm/cairn-bench-purge.XXXXXX)"
pid=""
cleanup() { [ -z "$pid" ] || kill "$pid" 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$shm"; }
trap cleanup EXIT
# shellcheck source=lib/free-port.sh
source "$root/scripts/lib/free-port.sh"
free_port port || { echo "found no free loopback port"; exit 1; }
command -v wrk >/dev/null || { echo "wrk is not installed (scripts/install-deps.sh bench)"; exit 1; }
token="bench-$RANDOM$RANDOM"

# 100 000 entries of zoom 10 (1.5 kB each, with their .meta), as the server stores them.
python3 "$root/scripts/lib/make-cache.py" "$shm/cache" 100000 1536 10
cat > "$shm/cairn.yml" <<CONF
server: {host: 127.0.0.1, port: $port}
cache: {dir: $shm/cache, max_size: 2GB}
layers:
  world:
    source: {url: "file://$root/Samples/tiles/{z}/{x}/{y}.png", maxzoom: 4}
    maxzoom: 12
CONF
CAIRN_ADMIN_TOKEN="$token" "$cairn" serve --config "$shm/cairn.yml" --log-level warning 2>"$shm/serve.log" &
pid=$!
for _ in $(seq 300); do curl -fsS -o /dev/null "http://127.0.0.1:$port/health" 2>/dev/null && break; sleep 0.1; done
url="http://127.0.0.1:$port/tiles/world/2/2/1.png"
curl -fsS -o /dev/null "$url" || { echo "cairn serve did not start:"; cat "$shm/serve.log"; exit 1; }

rate() { wrk -t2 -c64 -d"$1" "$url" | awk '/Requests\/sec/ { print int($2) }'; }
rate 2s >/dev/null                      # warm-up
normal=$(rate 5s)
start=$(date +%s.%N)
( curl -fsS -o "$shm/purge.json" -X DELETE -H "Authorization: Bearer $token" "http://127.0.0.1:$port/admin/cache/world?zoom=10"
  date +%s.%N >"$shm/purge.end" ) &
purge=$!
during=$(rate 5s)
wait "$purge"
purged=$(grep -oE '"tiles":[0-9]+' "$shm/purge.json" | cut -d: -f2)
echo "bench-purge-load: hits of a cached tile, wrk -t2 -c64: $normal req/s alone, $during req/s while an admin purge of $purged tiles runs" \
     "(ratio $(awk -v a="$during" -v b="$normal" 'BEGIN { printf "%.2f", a / b }'); target > 0.50)"
echo "bench-purge-load: the purge answered after $(awk -v s="$start" -v e="$(cat "$shm/purge.end")" 'BEGIN { printf "%.2f", e - s }') s, under that load"
