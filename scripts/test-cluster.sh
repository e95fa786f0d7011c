#!/usr/bin/env bash
# End-to-end test of deploy/nginx.conf in front of two `cairn serve` replicas, all on loopback.
# Usage: scripts/test-cluster.sh [CAIRN_BINARY]      (default: .build/debug/cairn)
#
# In a temp dir: a Cairn config over Samples/tiles (two layers, badges, cards), two replicas each
# with its own disk cache (CAIRN_CACHE_DIR), and nginx (as the current user, no daemon) rendered
# from deploy/nginx.conf by rewriting its `# DEPLOY:` lines. Every tile of zooms 0-3 of one layer,
# zooms 0-2 of a second, some badges and cards are requested through nginx three times; checked:
#   - every answer is 200 with an image Content-Type;
#   - the first round is an nginx MISS for every URL (its cache starts empty);
#   - each URL reached exactly one replica (from the replicas' own request logs), none both;
#   - the second round is a cache hit (nginx X-Cache-Status: HIT, or Cairn's Cache-Status: hit);
#   - a third round, after nginx restarted with an empty cache, reaches the replicas again and
#     each finds its tiles in its own disk cache (the hash sent every URL to the same replica);
#   - each replica got at least 20% of the URLs (the consistent hash spreads them);
#   - /health and /metrics pass through uncached, TileJSON links carry nginx's host and port,
#     If-None-Match gets 304;
#   - deploy/admin-all.sh purges a region on both replicas through their admin API: together they
#     remove exactly its tiles, which are then misses on the replica that owns them while every
#     other tile stays a hit; no token is a 401; the token is in no log line;
#   - the seed Job's merge: shards rendered with --shard I/4 into part-I.mbtiles, merged with
#     `cairn convert part-*.mbtiles world.pmtiles`, hold exactly the unsharded render's tiles.
# Ends with "N passed, 0 failed", N the checks that ran; the first failed check stops the run.
# Needs nginx and curl (scripts/install-deps.sh test). CAIRN_KEEP_TMP=1 keeps the temp dir.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cairn="${1:-.build/debug/cairn}"
case "$cairn" in /*) ;; *) cairn="$PWD/$cairn" ;; esac

say() { echo "test-cluster: $*"; }
# Checks count as they pass; the first failure ends the run with the count so far.
checks_passed=0
passed() { checks_passed=$((checks_passed + 1)); }
fail() {
  echo "test-cluster: FAIL: $*" >&2
  echo "test-cluster: $checks_passed passed, 1 failed"
  exit 1
}

[ -x "$cairn" ] || fail "no cairn binary at $cairn (build it: swift build --product cairn)"
nginx="$(command -v nginx || true)"
[ -n "$nginx" ] || { [ -x /usr/sbin/nginx ] && nginx=/usr/sbin/nginx; } || true
[ -n "$nginx" ] || fail "nginx is not installed (scripts/install-deps.sh test installs it)"
command -v curl >/dev/null || fail "curl is not installed (scripts/install-deps.sh test installs it)"
[ -f "$root/Samples/tiles/0/0/0.png" ] || fail "no sample tiles at $root/Samples/tiles"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/cairn-cluster.XXXXXX")"
replica_pids=()
nginx_pid=""

cleanup() {
  local status=$?
  trap - EXIT INT TERM
  for pid in "${replica_pids[@]}" $nginx_pid; do
    kill -TERM "$pid" 2>/dev/null || true
  done
  for pid in "${replica_pids[@]}" $nginx_pid; do
    wait "$pid" 2>/dev/null || true
  done
  if [ "$status" -ne 0 ]; then
    for log in "$tmp"/replica-*.log "$tmp"/nginx/error.log; do
      [ -f "$log" ] || continue
      echo "--- last lines of ${log#"$tmp"/}" >&2
      tail -n 15 "$log" >&2
    done
  fi
  if [ "${CAIRN_KEEP_TMP:-}" = 1 ]; then
    say "kept $tmp"
  else
    rm -rf "$tmp"
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# --- ports: a random port nobody answers on, not one already taken here; start-up retries if it
# is taken in between.
# shellcheck source=lib/free-port.sh
source "$root/scripts/lib/free-port.sh"

# --- the Cairn configuration: both replicas read it; CAIRN_CACHE_DIR gives each its own cache.
cat >"$tmp/cairn.yml" <<EOF
server:
  host: 127.0.0.1
  port: 0
  cors: "*"
  shutdown_grace: 2s
cache:
  dir: cache-unused
  max_size: 200MB
layers:
  # Samples/tiles lacks 8 tiles of zoom 3 (404 "no tile"): zoom 3 is cut from zoom 2 here.
  world-mosaic:
    source: {url: "file://$root/Samples/tiles/{z}/{x}/{y}.png", maxzoom: 2}
    chain: [{mosaic: {cells: 8, alpha: 0.2}}, {grid: {}}]
    format: png
    maxzoom: 8
  world-dark:
    source: {url: "file://$root/Samples/tiles/{z}/{x}/{y}.png", maxzoom: 4}
    chain: [dark]
    format: webp
    maxzoom: 8
badges:
  default_style: google
cards:
  image_source: {url: "file://$root/Samples/thumbnails/{id}.png"}
  width: 240
EOF

# The replicas' admin token (the admin API is on their serving port here; the k8s kit gives it its own).
admin_token="test-cluster-$RANDOM$RANDOM$RANDOM"

# start_replica N: starts replica N on a free port; sets replica_port[N].
declare -A replica_port
start_replica() {
  local n=$1 port pid log="$tmp/replica-$1.log"
  for _ in 1 2 3 4 5; do
    free_port port || fail "found no free loopback port"
    : >"$log"   # exists before the polling below reads it
    CAIRN_CACHE_DIR="$tmp/cache-$n" CAIRN_ADMIN_TOKEN="$admin_token" "$cairn" serve --config "$tmp/cairn.yml" --host 127.0.0.1 --port "$port" 2>"$log" &
    pid=$!
    for _ in $(seq 300); do
      grep -q " listening .*url=http://127.0.0.1:$port" "$log" && break
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    if grep -q " listening .*url=http://127.0.0.1:$port" "$log"; then
      replica_pids+=("$pid")
      replica_port[$n]=$port
      return 0
    fi
    if kill -0 "$pid" 2>/dev/null; then
      kill -TERM "$pid"; wait "$pid" 2>/dev/null || true
      fail "replica $n did not log 'listening ... url=http://127.0.0.1:$port' within 30 s"
    fi
    wait "$pid" 2>/dev/null || true
    grep -q "cannot serve" "$log" || { cat "$log" >&2; fail "replica $n did not start"; }
  done
  cat "$log" >&2
  fail "replica $n could not bind a port in 5 tries"
}
start_replica 1
start_replica 2
port_a=${replica_port[1]} port_b=${replica_port[2]}

# --- nginx, rendered from deploy/nginx.conf: only the `# DEPLOY:` lines change.
mkdir -p "$tmp/nginx/temp" "$tmp/nginx/cache"
if [ "$(id -u)" -eq 0 ]; then
  user_line="user $(id -un) $(id -gn);"   # workers as root, so they can use the temp dir
else
  user_line=""                            # not root: workers run as the current user anyway
fi
start_nginx() {
  local port conf="$tmp/nginx/nginx.conf"
  for _ in 1 2 3 4 5; do
    free_port port || fail "found no free loopback port"
    sed -e "s|^user .*# DEPLOY.*\$|$user_line|" \
        -e "s|^pid .*# DEPLOY.*\$|pid $tmp/nginx/nginx.pid;|" \
        -e "s|^error_log .*# DEPLOY.*\$|error_log $tmp/nginx/error.log warn;|" \
        -e "/# DEPLOY: temp path/s|/var/lib/nginx/|$tmp/nginx/temp/|" \
        -e "s|^\( *access_log \)[^ ]*\( .*# DEPLOY.*\)\$|\1$tmp/nginx/access.log\2|" \
        -e "s|^\( *proxy_cache_path \)[^ ]*\( .*# DEPLOY.*\)\$|\1$tmp/nginx/cache\2|" \
        -e "s|^\( *server \)[^ ]*\(.*# DEPLOY: replica 1\)\$|\1127.0.0.1:$port_a\2|" \
        -e "s|^\( *server \)[^ ]*\(.*# DEPLOY: replica 2\)\$|\1127.0.0.1:$port_b\2|" \
        -e "s|^\( *listen \)[^ ;]*\(;.*# DEPLOY.*\)\$|\1127.0.0.1:$port\2|" \
        "$root/deploy/nginx.conf" >"$conf"
    # Every deployment value must have been rewritten: nothing may point outside the temp dir.
    if sed 's/#.*//' "$conf" | grep -nE '/var/|/run/|^ *listen +80;|:808[12] ' >&2; then
      fail "deploy/nginx.conf changed: the lines above were not rewritten by test-cluster.sh"
    fi
    "$nginx" -t -q -p "$tmp/nginx/" -c "$conf" -e "$tmp/nginx/error.log" \
      || fail "nginx -t rejects the rendered deploy/nginx.conf ($conf)"
    "$nginx" -p "$tmp/nginx/" -c "$conf" -e "$tmp/nginx/error.log" -g 'daemon off;' 2>>"$tmp/nginx/error.log" &
    nginx_pid=$!
    for _ in $(seq 300); do
      curl -fsS -o /dev/null --max-time 2 "http://127.0.0.1:$port/health" 2>/dev/null && { nginx_port=$port; return 0; }
      kill -0 "$nginx_pid" 2>/dev/null || break
      sleep 0.1
    done
    if kill -0 "$nginx_pid" 2>/dev/null; then
      fail "/health did not answer through nginx on port $port within 30 s"
    fi
    wait "$nginx_pid" 2>/dev/null || true
    nginx_pid=""
    grep -q "Address already in use" "$tmp/nginx/error.log" || fail "nginx did not start"
  done
  fail "nginx could not bind a port in 5 tries"
}
start_nginx
base="http://127.0.0.1:$nginx_port"
say "replicas on :$port_a and :$port_b, nginx on :$nginx_port ($("$nginx" -v 2>&1 | sed 's/.*: //'))"

# --- the URLs: each one distinct (the replicas log the path with its query, quoted when it has
# characters beyond letters, digits and `/._-`).
urls=()
for z in 0 1 2 3; do
  n=$((1 << z))
  for ((x = 0; x < n; x++)); do for ((y = 0; y < n; y++)); do urls+=("/tiles/world-mosaic/$z/$x/$y.png"); done; done
done
for z in 0 1 2; do
  n=$((1 << z))
  for ((x = 0; x < n; x++)); do for ((y = 0; y < n; y++)); do urls+=("/tiles/world-dark/$z/$x/$y.webp"); done; done
done
for count in 1 2 7 10 42 99 100 250 999 1000 1234 99999; do urls+=("/badges/$count.png"); done
urls+=("/badges/5000.png?style=ios&scale=2" "/badges/77.png?style=leaflet&label=bucket")
urls+=("/cards/europe.png?title=Caf%C3%A9%20Central&subtitle=Vienna" "/cards/tokyo.png?title=Tokyo&scale=2")
tile_count=$(printf '%s\n' "${urls[@]}" | grep -c '^/tiles/world-mosaic/' || true)
[ "$tile_count" -eq 85 ] || fail "expected 85 tiles of zooms 0-3, have $tile_count"

# fetch PATH [CURL ARGS]: sets status, ctype, xcache, cstatus, etag (headers read with builtins only).
fetch() {
  status="$(curl -sS --max-time 30 -o "$tmp/body" -D "$tmp/headers" -w '%{http_code}' "${@:2}" "$base$1")" \
    || fail "curl $base$1 failed"
  ctype="" xcache="" cstatus="" etag=""
  local name value
  while IFS=: read -r name value; do
    value="${value%$'\r'}" value="${value# }"
    case "${name,,}" in
      content-type) ctype=$value ;;
      x-cache-status) xcache=$value ;;
      cache-status) cstatus=$value ;;
      etag) etag=$value ;;
    esac
  done <"$tmp/headers"
}

# round N: every URL once through nginx. Round 1 is cold; round 2 must be answered from a cache
# (nginx's X-Cache-Status: HIT, or the replica's Cache-Status: cairn; hit); round 3 runs after
# nginx restarted with an empty cache, so every request reaches a replica again and must find the
# tile in that replica's disk cache: the URL went to the same replica as in round 1.
round() {
  local n=$1 url count=0 order=("${urls[@]}")
  # Round 3 in a shuffled order: a round-robin balancer restarted with the same request order
  # would send every URL to the same replica again by accident.
  [ "$n" != 3 ] || mapfile -t order < <(printf '%s\n' "${urls[@]}" | shuf)
  for url in "${order[@]}"; do
    fetch "$url"
    [ "$status" = 200 ] || fail "round $n: $url answered $status: $(head -c 200 "$tmp/body")"
    case "$ctype" in image/*) ;; *) fail "round $n: $url has Content-Type '$ctype', not an image" ;; esac
    [ -s "$tmp/body" ] || fail "round $n: $url has an empty body"
    case $n in
      1) [ "$xcache" != MISS ] || count=$((count + 1)) ;;
      2) if [ "$xcache" = HIT ] || [[ "$cstatus" == "cairn; hit"* ]]; then count=$((count + 1)); else
           fail "round 2: $url was no cache hit (X-Cache-Status '$xcache', Cache-Status '$cstatus')"; fi ;;
      3) if [[ "$cstatus" == "cairn; hit"* ]]; then count=$((count + 1)); else
           fail "round 3: $url was not in the disk cache of the replica it reached (Cache-Status '$cstatus'): it reached another replica than in round 1"; fi ;;
    esac
  done
  round_count[$n]=$count
  passed  # every URL answered 200 with an image (and, rounds 2 and 3, from a cache)
}
declare -A round_count
image_requests() { cat "$tmp"/replica-*.log | grep -c ' info request .* path=/\(tiles\|badges\|cards\)/' || true; }

round 1
# Round 1 is cold for nginx too: every URL must have been an nginx MISS that reached a replica.
[ "${round_count[1]}" -eq "${#urls[@]}" ] \
  || fail "round 1: ${round_count[1]} of ${#urls[@]} URLs were nginx MISSes; a cold cache must miss every one"
passed
after_1=$(image_requests)
round 2
after_2=$(image_requests)
second_round_upstream=$((after_2 - after_1))
kill -TERM "$nginx_pid"; wait "$nginx_pid" 2>/dev/null || true; nginx_pid=""
rm -rf "$tmp/nginx/cache" && mkdir "$tmp/nginx/cache"
start_nginx
base="http://127.0.0.1:$nginx_port"
round 3
nginx_hits=$(grep -c 'cache=HIT' "$tmp/nginx/access.log" || true)

# --- who served what, from the replicas' own logs (one `request … path=…` line per request).
paths_of() {
  grep ' info request ' "$1" | grep -oE ' path=("[^"]*"|[^ ]*)' | cut -d= -f2- | tr -d '"' || true
}
declare -A on_a on_b
while read -r p; do on_a[$p]=$((${on_a[$p]:-0} + 1)); done < <(paths_of "$tmp/replica-1.log")
while read -r p; do on_b[$p]=$((${on_b[$p]:-0} + 1)); done < <(paths_of "$tmp/replica-2.log")
served_a=0 served_b=0
for url in "${urls[@]}"; do
  a=${on_a[$url]:-0} b=${on_b[$url]:-0}
  if [ "$a" -gt 0 ] && [ "$b" -gt 0 ]; then
    fail "$url reached both replicas ($a times :$port_a, $b times :$port_b): the hash does not pin URLs to replicas"
  elif [ "$a" -eq 0 ] && [ "$b" -eq 0 ]; then
    fail "$url is in neither replica's log"
  elif [ "$a" -gt 0 ]; then
    served_a=$((served_a + 1))
  else
    served_b=$((served_b + 1))
  fi
done
passed  # every URL on exactly one replica
total=${#urls[@]}
for share in "$served_a" "$served_b"; do
  [ $((share * 5)) -ge "$total" ] || fail "uneven spread: replica :$port_a got $served_a of $total URLs, :$port_b got $served_b (each needs 20%)"
done
passed

# --- the rest of the proxy's contract.
fetch /health
[ "$status" = 200 ] || fail "/health through nginx answered $status"
fetch /health
[ -z "$xcache" ] || fail "/health went through nginx's cache (X-Cache-Status: $xcache)"
passed
fetch /metrics
[ "$status" = 200 ] || fail "/metrics through nginx answered $status"
[ -z "$xcache" ] || fail "/metrics went through nginx's cache (X-Cache-Status: $xcache)"
grep -q '^cairn_http_requests_total' "$tmp/body" || fail "/metrics through nginx has no cairn_http_requests_total"
passed
fetch /tiles/world-mosaic.json
[ "$status" = 200 ] || fail "TileJSON through nginx answered $status"
grep -qF "\"$base/tiles/world-mosaic/{z}/{x}/{y}.png\"" "$tmp/body" \
  || fail "TileJSON links do not point at nginx ($base): $(cat "$tmp/body")"
passed
fetch /tiles/world-mosaic/2/1/1.png
tag=$etag
[ -n "$tag" ] || fail "no ETag on /tiles/world-mosaic/2/1/1.png through nginx"
fetch /tiles/world-mosaic/2/1/1.png -H "If-None-Match: $tag"
[ "$status" = 304 ] || fail "If-None-Match through nginx answered $status, not 304"
passed

# --- a purge reaches every replica: deploy/admin-all.sh sends it to each (here by their addresses;
# in Kubernetes by the headless Service's). The north-west quarter of zooms 2-3 goes, on whichever
# replica holds each tile; asked directly (nginx keeps its own copies until their max-age), those
# tiles are then misses on the replica that owns them, and every other tile of zooms 1-3 a hit.
owner_port() { if [ "${on_a[$1]:-0}" -gt 0 ]; then echo "$port_a"; else echo "$port_b"; fi; }
purge_path='/admin/cache/world-mosaic?bbox=-180,0,0,85&zoom=2-3'
purge_out="$(CAIRN_ADMIN_TOKEN="$admin_token" "$root/deploy/admin-all.sh" --endpoints "127.0.0.1:$port_a,127.0.0.1:$port_b" DELETE "$purge_path")" \
  || fail "deploy/admin-all.sh purge failed: $purge_out"
[ "$(grep -c ' 200 ' <<<"$purge_out")" -eq 2 ] || fail "the purge did not answer 200 on both replicas: $purge_out"
removed=$(grep -oE '"tiles":[0-9]+' <<<"$purge_out" | cut -d: -f2 | awk '{ sum += $1 } END { print sum + 0 }')
[ "$removed" -eq 20 ] || fail "the replicas purged $removed tiles together, not the 4 + 16 of the quarter: $purge_out"
grep -q "$admin_token" <<<"$purge_out" && fail "the admin token appears in admin-all.sh's output"
passed
misses=0 hits=0
for z in 1 2 3; do
  n=$((1 << z))
  for ((x = 0; x < n; x++)); do for ((y = 0; y < n; y++)); do
    url="/tiles/world-mosaic/$z/$x/$y.png"
    status="$(curl -sS --max-time 30 -o /dev/null -D "$tmp/headers" -w '%{http_code}' "http://127.0.0.1:$(owner_port "$url")$url")"
    cstatus="$(grep -i '^cache-status:' "$tmp/headers" | tr -d '\r' | cut -d' ' -f2-)"
    [ "$status" = 200 ] || fail "after the purge $url answered $status"
    if [ "$z" -ge 2 ] && [ $((x * 2)) -lt "$n" ] && [ $((y * 2)) -lt "$n" ]; then
      [[ "$cstatus" == "cairn; fwd=miss"* ]] || fail "$url was purged, but its replica answered '$cstatus'"
      misses=$((misses + 1))
    else
      [[ "$cstatus" == "cairn; hit"* ]] || fail "$url was not purged, but its replica answered '$cstatus'"
      hits=$((hits + 1))
    fi
  done; done
done
passed
unauthorized="$(curl -sS -o /dev/null -w '%{http_code}' -X DELETE "http://127.0.0.1:$port_a/admin/cache")"
[ "$unauthorized" = 401 ] || fail "an admin request without the token answered $unauthorized, not 401"
! grep -q "$admin_token" "$tmp"/replica-*.log || fail "the admin token appears in a replica's log"
passed

# --- The seed Job's last step (deploy/README.md): its parts, rendered with --shard I/N into
# part-I.mbtiles, merged by `cairn convert` into one PMTiles archive, which must hold exactly the
# tiles of the same render unsharded, byte for byte (unpacked with convert again and compared).
seed="$tmp/seed"
mkdir -p "$seed"
seed_job=(render --source "$root/Samples/tiles" --bbox -180,-85,180,85 --zoom 0-3 --chain grayscale --quiet)
"$cairn" "${seed_job[@]}" --out "$seed/whole" || fail "the unsharded seed render failed"
for part in 0 1 2 3; do
  "$cairn" "${seed_job[@]}" --shard "$part/4" --out "$seed/part-$part.mbtiles" || fail "seed shard $part/4 failed"
done
"$cairn" convert "$seed"/part-*.mbtiles "$seed/world.pmtiles" 2>"$seed/convert.log" || fail "cairn convert part-*.mbtiles world.pmtiles: $(cat "$seed/convert.log")"
grep -q "from 4 inputs to $seed/world.pmtiles" "$seed/convert.log" || fail "convert's summary: $(cat "$seed/convert.log")"
"$cairn" convert "$seed/world.pmtiles" "$seed/unpacked" --quiet || fail "cairn convert world.pmtiles unpacked failed"
diff -r "$seed/whole" "$seed/unpacked" >/dev/null || fail "the merged parts differ from the unsharded render"
seed_tiles="$(find "$seed/whole" -type f | wc -l)"
source_tiles="$(find "$root/Samples/tiles"/[0-3] -type f -name '*.png' | wc -l)"
[ "$seed_tiles" -eq "$source_tiles" ] || fail "the unsharded seed render wrote $seed_tiles tiles, the source has $source_tiles"
passed

say "$total URLs ($tile_count tiles of zooms 0-3 + $((total - tile_count)) more tiles, badges and cards), 3 rounds: all 200 with an image Content-Type"
say "round 1 (cold): ${round_count[1]}/$total nginx MISSes (all of them, as they must be)"
say "round 2: ${round_count[2]}/$total cache hits ($nginx_hits nginx HITs), $second_round_upstream requests reached a replica"
say "round 3 (nginx cache emptied): ${round_count[3]}/$total hits in the disk cache of the replica that rendered them"
say "replica logs: every URL on exactly one replica, none on both: :$port_a $served_a ($((served_a * 100 / total))%), :$port_b $served_b ($((served_b * 100 / total))%)"
say "purge through deploy/admin-all.sh on both replicas: $removed tiles removed; then $misses misses where purged, $hits hits elsewhere; 401 without the token"
say "/health and /metrics uncached, TileJSON links to $base, If-None-Match -> 304"
say "seed Job's merge: 4 shards (part-N.mbtiles) -> cairn convert -> world.pmtiles = the unsharded render ($seed_tiles tiles, byte for byte)"
echo "test-cluster: $checks_passed passed, 0 failed"
