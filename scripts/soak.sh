#!/usr/bin/env bash
# `make soak`: a long mixed load on `cairn serve`, all on loopback; not part of `make test`.
# Usage: SOAK_SECONDS=600 scripts/soak.sh [CAIRN_BINARY]      (default .build/release/cairn)
#
# In a temp dir: a scripted upstream that fails on purpose (scripts/soak-upstream.py: real tiles
# of Tests/Fixtures/tiles/world, 500s, garbage, truncated bodies, hangs past the source timeout),
# a Cairn config over it with a small cache (max_size 20MB, so eviction runs all along) and the
# sample cities as a dataset, and one wrk process per URL class (scripts/soak.lua picks the class's
# URLs at random and counts the statuses):
#   hit        a few tiles, asked again and again (png, jpg, webp)        expects 200
#   cold       random tiles of zooms 8-16: most are rendered once         expects 200
#   retina     random @2x tiles (four children stitched)                  expects 200
#   badge      random counts, styles, scales and labels                   expects 200
#   card       cards with thumbnails fetched upstream (some missing)      expects 200
#   cond       If-None-Match with the real ETags of tiles, badges, clusters  expects 304
#   clusters   /clusters/cities bbox queries, children, leaves, expansion zooms,
#              point cards, overlay tiles (png, @2x, webp) and vector tiles   expects 200
#   bad        bad parameters, unknown layers and ids, tiles off the grid   expects 400 or 404
#   e500, garbage, truncated   layers whose upstream answers so           expect 502
#   hang       a layer whose upstream never answers                       expects 504
# Every SAMPLE_SECONDS (10 s) the server's RSS (VmRSS), open descriptors (/proc/PID/fd), the cache
# (bytes of its files, and cairn_cache_bytes) and the requests answered so far (the sum of
# cairn_http_requests_total) are sampled; the table is printed at the end. Checked (exit 1 when one fails):
#   - RSS: the largest sample after the first minute is at most 10 % above the sample at 60 s;
#   - descriptors: every sample after the first minute is within FD_TOLERANCE of the one at 60 s
#     (the 19 wrk connections reconnect after an error answer, and Cairn's upstream connection pool
#     opens and closes as the failing layers drop connections: a few dozen come and go, while a
#     leak of one per failed request would be thousands);
#   - the cache never holds more than max_size: Cairn's own count (cairn_cache_bytes), and the
#     files on disk within CACHE_WRITE_SLACK (tiles being written and not yet evicted for);
#   - every answer's status is in its class's expected set, and no request failed at the socket.
# The first two need SOAK_SECONDS > 60. Needs wrk, curl and python3 (scripts/install-deps.sh soak).
# SOAK_KEEP_TMP=1 keeps the temp dir (config, logs, wrk outputs).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cairn="${1:-.build/release/cairn}"
case "$cairn" in /*) ;; *) cairn="$PWD/$cairn" ;; esac
seconds="${SOAK_SECONDS:-600}"
SAMPLE_SECONDS=10
MAX_SIZE_MB=20
FD_TOLERANCE=32
# The files on disk may pass max_size by the tiles being written at that moment (a temporary file
# before its rename, a store before the eviction that follows it): a few tiles of ~40 kB.
CACHE_WRITE_SLACK=1000000
RSS_GROWTH_PERCENT=10

# class, wrk connections, expected statuses (comma-separated).
CLASSES="
hit        2 200
cold       3 200
retina     2 200
badge      2 200
card       1 200
cond       1 304
clusters   2 200
bad        1 400,404
e500       1 502
garbage    1 502
truncated  1 502
hang       2 504
"

say() { echo "soak: $*"; }
die() { echo "soak: error: $*" >&2; exit 1; }

[ -x "$cairn" ] || die "no cairn binary at $cairn (build it: swift build -c release --product cairn)"
for tool in wrk curl python3; do
  command -v "$tool" >/dev/null || die "$tool is not installed (scripts/install-deps.sh soak installs it)"
done
[[ "$seconds" =~ ^[0-9]+$ ]] && [ "$seconds" -ge 20 ] || die "SOAK_SECONDS must be a whole number of seconds, at least 20"

work="$(mktemp -d "${TMPDIR:-/tmp}/cairn-soak.XXXXXX")"
pids=()
cleanup() {
  local status=$?
  trap - EXIT INT TERM
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [ "$status" -ne 0 ] && [ -f "$work/cairn.log" ]; then
    echo "--- last lines of the server's log" >&2
    tail -n 15 "$work/cairn.log" >&2
  fi
  if [ "${SOAK_KEEP_TMP:-}" = 1 ]; then say "kept $work"; else rm -rf "$work"; fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# wait_for_line FILE PATTERN PID: waits up to 30 s for a line of FILE matching PATTERN while PID lives.
wait_for_line() {
  for _ in $(seq 300); do
    grep -qE "$2" "$1" && return 0
    kill -0 "$3" 2>/dev/null || return 1
    sleep 0.1
  done
  return 1
}

start_upstream() {
  python3 "$root/scripts/soak-upstream.py" "$root/Tests/Fixtures/tiles/world" "$root/Samples/thumbnails" \
    >"$work/upstream.out" 2>&1 &
  pids+=($!)
  wait_for_line "$work/upstream.out" '^listening [0-9]+$' $! || { cat "$work/upstream.out" >&2; die "the upstream did not start"; }
  upstream="http://127.0.0.1:$(awk '{print $2}' "$work/upstream.out")"
}

write_config() {
  local failing='timeout: 1s, deadline: 2s, retries: 1'
  cat >"$work/cairn.yml" <<EOF
server: {host: 127.0.0.1, port: 0, queue: 4096, shutdown_grace: 2s}
cache: {dir: $work/cache, max_size: ${MAX_SIZE_MB}MB, ttl: 60s, memory_items: 256, memory_size: 4MB}
layers:
  ok:
    source: {url: "$upstream/ok/{z}/{x}/{y}.png", connections: 8}
    chain: [{mosaic: {cells: 8, alpha: 0.2}}, {grid: {}}]
    maxzoom: 18
  e500:
    source: {url: "$upstream/e500/{z}/{x}/{y}.png", $failing}
  garbage:
    source: {url: "$upstream/garbage/{z}/{x}/{y}.png", $failing}
  truncated:
    source: {url: "$upstream/truncated/{z}/{x}/{y}.png", $failing}
  hang:
    source: {url: "$upstream/hang/{z}/{x}/{y}.png", $failing}
datasets:
  cities:
    file: $root/Samples/points/cities15000.geojson
    radius: 80
    card: {title: "{name}", subtitle: "{country} · population {population}"}
cards:
  image_source: {url: "$upstream/thumbs/{id}.png"}
EOF
}

start_cairn() {
  "$cairn" serve --config "$work/cairn.yml" --log-level notice 2>"$work/cairn.log" &
  cairn_pid=$!
  pids+=("$cairn_pid")
  wait_for_line "$work/cairn.log" ' listening .*url=http://127\.0\.0\.1:[0-9]+' "$cairn_pid" \
    || { cat "$work/cairn.log" >&2; die "cairn serve did not log 'listening' within 30 s"; }
  base="$(grep -oE 'url=http://127\.0\.0\.1:[0-9]+' "$work/cairn.log" | head -1 | cut -d= -f2)"
}

# --- the URLs of each class, one file each ($work/urls-CLASS).
random_tiles() {  # random_tiles COUNT MINZ MAXZ PREFIX SUFFIXES...: PREFIX/z/x/y.SUFFIX lines
  local count=$1 minz=$2 maxz=$3 prefix=$4; shift 4
  awk -v n="$count" -v a="$minz" -v b="$maxz" -v p="$prefix" -v s="$*" -v seed="$RANDOM" 'BEGIN {
    srand(seed); k = split(s, suffix, " ")
    for (i = 0; i < n; i++) {
      z = a + int(rand() * (b - a + 1)); side = 2 ^ z
      printf "%s/%d/%d/%d%s\n", p, z, int(rand() * side), int(rand() * side), suffix[1 + int(rand() * k)]
    }
  }'
}

etag_of() {  # etag_of PATH: the ETag Cairn answers PATH with
  curl -sS --max-time 30 -o /dev/null -D - "$base$1" | tr -d '\r' | awk 'tolower($1) == "etag:" {print $2}'
}

cluster_ids() {  # cluster_ids ZOOM: the ids of the clusters of the whole world at ZOOM
  curl -sS --max-time 30 "$base/clusters/cities?bbox=-180,-85,180,85&zoom=$1" | grep -oE '"cluster_id":[0-9]+' | cut -d: -f2
}

write_urls() {
  local hit=() z x y
  for z in 0 1 2; do for ((x = 0; x < 1 << z; x++)); do for ((y = 0; y < 1 << z; y++)); do
    hit+=("/tiles/ok/$z/$x/$y.png" "/tiles/ok/$z/$x/$y.jpg" "/tiles/ok/$z/$x/$y.webp")
  done; done; done
  printf '%s\n' "${hit[@]}" >"$work/urls-hit"
  random_tiles 200000 8 16 /tiles/ok .png .png .webp >"$work/urls-cold"
  random_tiles 50000 3 14 /tiles/ok @2x.png @2x.png @2x.webp >"$work/urls-retina"
  awk -v seed="$RANDOM" 'BEGIN { srand(seed); split("google ios leaflet", st, " "); split("exact bucket abbrev", lb, " ")
    for (i = 0; i < 20000; i++) printf "/badges/%d.png?style=%s&scale=%d&label=%s\n", 1 + int(rand() ^ 3 * 100000), st[1 + int(rand() * 3)], 1 + int(rand() * 3), lb[1 + int(rand() * 3)] }' \
    >"$work/urls-badge"
  awk 'BEGIN { split("europe tokyo cairo americas missing", id, " ")
    for (i = 0; i < 2000; i++) printf "/cards/%s.png?title=Soak%%20%d&subtitle=Card%%20number%%20%d&scale=%d\n", id[1 + i % 5], i, i, 1 + i % 2 }' \
    >"$work/urls-card"
  write_cluster_urls >"$work/urls-clusters"
  write_bad_urls >"$work/urls-bad"
  local layer
  for layer in e500 garbage truncated hang; do random_tiles 5000 0 6 "/tiles/$layer" .png >"$work/urls-$layer"; done
  write_conditional_urls >"$work/urls-cond"
}

write_cluster_urls() {
  local id
  awk -v seed="$RANDOM" 'BEGIN { srand(seed)
    for (i = 0; i < 3000; i++) {
      z = int(rand() * 9); w = 360 / 2 ^ (z / 2 + 1); h = w / 2
      x = -180 + rand() * (360 - w); y = -60 + rand() * (130 - h)
      printf "/clusters/cities?bbox=%.3f,%.3f,%.3f,%.3f&zoom=%d\n", x, y, x + w, y + h, z } }'
  for id in $(cluster_ids 2) $(cluster_ids 4 | shuf -n 200 --random-source=<(yes)); do
    printf '/clusters/cities/%s/%s\n' "$id" children "$id" "leaves?limit=10&offset=5" "$id" expansion-zoom
  done
  grep -oE '^\{"type":"Feature","id":[0-9]+' "$root/Samples/points/cities15000.geojson" | cut -d: -f3 \
    | shuf -n 300 --random-source=<(yes) | awk '{ printf "/clusters/cities/points/%s/card.png\n", $1 }'
  random_tiles 5000 0 10 /clusters/cities .png @2x.png .webp .mvt
}

write_bad_urls() {
  printf '%s\n' /tiles/ok/99/0/0.png /tiles/ok/1/5/0.png /tiles/ok/-1/0/0.png /tiles/nosuch/0/0/0.png \
    /tiles/ok/0/0/0.gif /tiles/ok/1/x/0.png /badges/abc.png /badges/-5.png '/badges/1.png?scale=99' \
    '/badges/7.png?style=nosuch' '/clusters/cities?bbox=1,2&zoom=3' '/clusters/cities?bbox=0,0,10,10&zoom=x' \
    /clusters/cities/999999999/children /clusters/cities/999999999/expansion-zoom /clusters/nosuch/0/0/0.png \
    /clusters/cities/points/999999999/card.png /nosuch
}

# If-None-Match with the ETag each URL really has: tiles, badges, overlay tiles, a cluster query.
write_conditional_urls() {
  local path tag
  for path in /tiles/ok/0/0/0.png /tiles/ok/1/0/1.png /tiles/ok/2/1/2.webp /tiles/ok/2/3/1@2x.png \
      '/badges/42.png' '/badges/1234.png?style=ios&scale=2' '/badges/7.png?style=leaflet&label=bucket' \
      /clusters/cities/3/4/2.png /clusters/cities/5/17/11.mvt '/clusters/cities?bbox=-10,35,30,60&zoom=3' \
      '/cards/europe.png?title=Conditional'; do
    tag="$(etag_of "$path")"
    [ -n "$tag" ] || die "no ETag on $path"
    printf '%s\t%s\n' "$path" "$tag"
  done
}

# --- the load: one wrk process per class, each for the whole run.
start_load() {
  local class connections expected
  while read -r class connections expected; do
    [ -n "$class" ] || continue
    SOAK_CLASS=$class SOAK_URLS="$work/urls-$class" wrk -t1 -c"$connections" -d"${seconds}s" --timeout 30s \
      -s "$root/scripts/soak.lua" "$base" >"$work/wrk-$class.out" 2>&1 &
    pids+=($!)
    wrk_pids+=($!)
  done <<<"$CLASSES"
}

# --- samples: "t rss_kB fds cache_file_bytes cache_metric_bytes requests" lines in $work/samples.
metric_sum() {  # metric_sum NAME: the sum of a metric's series in the text of /metrics ($work/metrics)
  awk -v name="$1" '$1 == name || index($1, name "{") == 1 { sum += $NF } END { printf "%d\n", sum }' "$work/metrics"
}

fetch_metrics() { curl -sS --max-time 10 -o "$work/metrics" "$base/metrics" || : >"$work/metrics"; }

sample() {  # sample T
  fetch_metrics
  local rss fds files
  rss=$(awk '/^VmRSS:/ {print $2}' "/proc/$cairn_pid/status")
  # Descriptors close and cache files are evicted while these run: a vanished entry is no error.
  fds=$({ ls -U "/proc/$cairn_pid/fd" 2>/dev/null || true; } | wc -l)
  files=$({ find "$work/cache" -type f -printf '%s\n' 2>/dev/null || true; } | awk '{ s += $1 } END { printf "%d\n", s }')
  echo "$1 $rss $fds $files $(metric_sum cairn_cache_bytes) $(metric_sum cairn_http_requests_total)" >>"$work/samples"
}

sample_until_done() {
  local start t
  start=$(date +%s)
  for ((t = 0; t <= seconds; t += SAMPLE_SECONDS)); do
    while [ "$(date +%s)" -lt $((start + t)) ]; do sleep 0.2; done
    kill -0 "$cairn_pid" 2>/dev/null || die "cairn serve died at about $t s"
    sample "$t"
  done
}

print_samples() {
  printf '\n%6s %9s %5s %14s %14s %10s\n' "time" "RSS MB" "fds" "cache MB files" "cache MB metric" "requests"
  awk '{ printf "%5ds %9.1f %5d %14.2f %15.2f %10d\n", $1, $2 / 1024, $3, $4 / 1e6, $5 / 1e6, $6 }' "$work/samples"
}

# --- the verdict.
failures=0
verdict() {  # verdict ok|FAIL MESSAGE
  say "$1: $2"
  [ "$1" = ok ] || failures=$((failures + 1))
}

check_growth() {  # check_growth COLUMN NAME: the sample at 60 s against the largest later one
  awk -v c="$1" '$1 == 60 { base = $c } $1 > 60 && $c > most { most = $c } END { printf "%d %d\n", base, most }' "$work/samples"
}

check_memory_and_descriptors() {
  if [ "$seconds" -le 60 ]; then
    say "skipped: RSS and descriptor growth need SOAK_SECONDS > 60"
    return
  fi
  local base most
  read -r base most < <(check_growth 2)
  if [ $((most * 100)) -le $((base * (100 + RSS_GROWTH_PERCENT))) ]; then
    verdict ok "RSS at 60 s $((base / 1024)) MB, largest later $((most / 1024)) MB (+$(((most - base) * 100 / base)) %, at most $RSS_GROWTH_PERCENT %)"
  else
    verdict FAIL "RSS grew from $((base / 1024)) MB at 60 s to $((most / 1024)) MB (+$(((most - base) * 100 / base)) %, more than $RSS_GROWTH_PERCENT %)"
  fi
  read -r base most < <(check_growth 3)
  local fewest
  fewest=$(awk '$1 > 60 && (least == "" || $3 < least) { least = $3 } END { print least }' "$work/samples")
  if [ "$most" -le $((base + FD_TOLERANCE)) ]; then
    verdict ok "descriptors at 60 s $base, later $fewest to $most (tolerance +$FD_TOLERANCE)"
  else
    verdict FAIL "descriptors grew from $base at 60 s to $most (tolerance +$FD_TOLERANCE)"
  fi
}

check_cache() {
  local limit=$((MAX_SIZE_MB * 1000000)) files metric
  read -r files metric < <(awk '$4 > f { f = $4 } $5 > m { m = $5 } END { printf "%d %d\n", f, m }' "$work/samples")
  if [ "$files" -le $((limit + CACHE_WRITE_SLACK)) ] && [ "$metric" -le "$limit" ]; then
    verdict ok "cache at most $files bytes of files, $metric by cairn_cache_bytes (max_size $limit; files may pass it by $CACHE_WRITE_SLACK)"
  else
    verdict FAIL "cache over max_size $limit: $files bytes of files (slack $CACHE_WRITE_SLACK), $metric by cairn_cache_bytes"
  fi
}

check_statuses() {
  local class connections expected status count rest answers unexpected errors
  printf '\n%-10s %-9s %s\n' class expected "answers (status x count)"
  while read -r class connections expected; do
    [ -n "$class" ] || continue
    answers="" unexpected=""
    while read -r status count; do
      answers+="$status x $count  "
      [[ ",$expected," == *",$status,"* ]] || unexpected+="$status x $count "
    done < <(awk -v c="$class" '$1 == "status" && $2 == c { print $3, $4 }' "$work/wrk-$class.out" | sort -n)
    errors=$(awk -v c="$class" '$1 == "errors" && $2 == c { printf "connect %d, read %d, write %d, timeout %d", $3, $4, $5, $6 }' "$work/wrk-$class.out")
    printf '%-10s %-9s %s\n' "$class" "$expected" "${answers:-none}"
    [ -n "$answers" ] || { verdict FAIL "$class: no answers at all: $(tail -n 3 "$work/wrk-$class.out")"; continue; }
    [ -z "$unexpected" ] || verdict FAIL "$class: unexpected statuses: $unexpected"
    [ "$errors" = "connect 0, read 0, write 0, timeout 0" ] || verdict FAIL "$class: socket errors: $errors"
  done <<<"$CLASSES"
  echo
}

print_metric_statuses() {  # the server's own count, by route and status
  fetch_metrics
  say "the server's cairn_http_requests_total, by status:"
  grep '^cairn_http_requests_total{' "$work/metrics" \
    | sed -E 's/.*status="([0-9]+)".* ([0-9]+)$/\1 \2/' \
    | awk '{ n[$1] += $2 } END { for (s in n) printf "  %s x %d\n", s, n[s] }' | sort
}

start_upstream
write_config
start_cairn
say "cairn serve on $base (pid $cairn_pid), upstream on $upstream, $seconds s of load, a sample every $SAMPLE_SECONDS s"
write_urls
wrk_pids=()
start_load
sample_until_done
for pid in "${wrk_pids[@]}"; do wait "$pid" || die "wrk exited with $? (see $work/wrk-*.out)"; done
print_samples
check_statuses
print_metric_statuses
check_memory_and_descriptors
check_cache
kill -0 "$cairn_pid" 2>/dev/null || verdict FAIL "cairn serve is no longer running"
if [ "$failures" -eq 0 ]; then say "passed"; else say "FAILED: $failures check(s)"; exit 1; fi
