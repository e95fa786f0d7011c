#!/usr/bin/env bash
# `make bench`, part 3: a PostgreSQL dataset that listens for changes (docs/datasets-live.md). A
# table of ROWS random points (default 100 000) with a statement-level NOTIFY trigger, served by
# `cairn serve` with `listen:` and `refresh: 1h`; then, ten times, an INSERT far from the others and
# the seconds from just before psql sends it to the first /clusters answer that holds it (polled
# every 10 ms). Usage: scripts/bench-live.sh [path/to/cairn] [ROWS]   (default .build/release/cairn)
# Prints each latency, the median and the slowest; never fails on timing (exit 1 only if something
# does not start).
set -euo pipefail
cairn="$(realpath "${1:-.build/release/cairn}")"
rows="${2:-100000}"
root="$(cd "$(dirname "$0")/.." && pwd)"
bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
work="$(mktemp -d /tmp/cairn-bench-live.XXXXXX)"
chmod 755 "$work"
as_server=()
if [ "$(id -u)" = 0 ]; then as_server=(runuser -u postgres --); chown postgres: "$work"; fi
cairn_pid=""
cleanup() {
  [ -n "$cairn_pid" ] && kill "$cairn_pid" 2>/dev/null || true
  "${as_server[@]}" "$bin/pg_ctl" stop -D "$work/data" -m immediate >/dev/null 2>&1 || true
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
# shellcheck source=lib/free-port.sh
source "$root/scripts/lib/free-port.sh"
free_port pg_port && free_port cairn_port || { echo "found no free loopback port"; exit 1; }

"${as_server[@]}" "$bin/initdb" -D "$work/data" -U cairn -A trust -E UTF8 --no-locale --no-sync --no-instructions >/dev/null
"${as_server[@]}" "$bin/pg_ctl" start -D "$work/data" -l "$work/data/server.log" -w -t 20 \
  -o "-c listen_addresses=127.0.0.1 -c port=$pg_port -c unix_socket_directories=$work -c fsync=off -c synchronous_commit=off" >/dev/null \
  || { echo "PostgreSQL did not start"; exit 1; }
sql() { "$bin/psql" -X -q -A -t -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$pg_port" -U cairn -d postgres "$@"; }
sql <<SQL
CREATE TABLE places (id int PRIMARY KEY, name text, lon float8, lat float8);
CREATE FUNCTION notify_places_changed() RETURNS trigger LANGUAGE plpgsql AS \$\$
BEGIN PERFORM pg_notify('places_changed', ''); RETURN NULL; END \$\$;
CREATE TRIGGER places_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON places
  FOR EACH STATEMENT EXECUTE FUNCTION notify_places_changed();
INSERT INTO places SELECT i, 'p' || i, -10 + 40 * random(), 35 + 25 * random() FROM generate_series(1, $rows) AS i;
SQL

cat > "$work/cairn.yml" <<YAML
layers: {}
datasets:
  places:
    postgres: {url: "postgres://cairn@127.0.0.1:$pg_port/postgres?sslmode=disable", query: "SELECT id, name, lon, lat FROM places", listen: places_changed}
    refresh: 1h
YAML
CAIRN_CACHE_DIR="$work/cache" "$cairn" serve --config "$work/cairn.yml" --host 127.0.0.1 --port "$cairn_port" 2>"$work/cairn.log" &
cairn_pid=$!
metric() { curl -s "http://127.0.0.1:$cairn_port/metrics" | awk -v name="$1" '$1 ~ "^"name"[{ ]" { sum += $2 } END { print sum + 0 }'; }
for _ in $(seq 600); do
  [ "$(metric cairn_dataset_listening)" = 1 ] && [ "$(metric cairn_dataset_loads_total)" -ge 2 ] && break
  sleep 0.1
done
[ "$(metric cairn_dataset_listening)" = 1 ] || { echo "cairn serve did not start listening:"; cat "$work/cairn.log"; exit 1; }

since() { awk -v start="$1" -v now="$(date +%s.%N)" 'BEGIN { printf "%.3f", now - start }'; }
latencies=()
for i in $(seq 10); do
  id=$((rows + i)); lon="$((160 + i)).5"
  start=$(date +%s.%N)
  sql -c "INSERT INTO places VALUES ($id, 'new', $lon, -45.5)"
  until curl -s "http://127.0.0.1:$cairn_port/clusters/places?zoom=16&bbox=160,-46,180,-45" | grep -q "\"id\":$id[,}]"; do
    sleep 0.01
    if awk -v s="$(since "$start")" 'BEGIN { exit !(s > 30) }'; then echo "insert $i not served within 30 s"; exit 1; fi
  done
  latencies+=("$(since "$start")")
  sleep 0.3
done
sorted=($(printf '%s\n' "${latencies[@]}" | sort -n))
loads=$(metric cairn_dataset_refresh_duration_seconds_count); seconds=$(metric cairn_dataset_refresh_duration_seconds_sum)
printf 'commit to visible, %s rows: %s s\n' "$rows" "${latencies[*]}"
awk -v a="${sorted[4]}" -v b="${sorted[5]}" -v slowest="${sorted[9]}" -v sum="$seconds" -v count="$loads" 'BEGIN {
  printf "median %.3f s, slowest %.3f s; a refresh (query + index) takes %.3f s on average\n", (a + b) / 2, slowest, sum / count }'
