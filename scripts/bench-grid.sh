#!/usr/bin/env bash
# `make bench`, grids (issue 49 §2): cold `.mvt` grid tiles of COUNT random points (default
# 1 000 000, scripts/lib/random-points.py) made by Cairn (CairnBench grid: the served dataset's
# index, nothing cached between runs, median of 7) against PostgreSQL with PostGIS answering the
# same tile the way Crunchy Data's pg_tileserv recipe does (ST_SquareGrid / ST_HexagonGrid over
# the tile, joined to the points through their GiST index, ST_AsMVTGeom + ST_AsMVT; median of 5
# runs of psql's client-side \timing over a local socket). 32-pixel cells, the tile holding
# Paris at zooms 0-12 for both shapes. Each row checks that both find the same cells and points
# (PostGIS's cells those of its grid over the tile and buffer whose area reaches into them, as
# Cairn keeps them; the timed recipe keeps every cell of its grid, a few more only touching).
# Prints per-tile times and PostGIS / Cairn, then the median ratio; the load average is printed
# with it (this VM's speed moves with its neighbours'). Never fails on timing.
# Usage: scripts/bench-grid.sh [path/to/CairnBench] [COUNT]   (default .build/release/CairnBench)
set -euo pipefail
bench="$(realpath "${1:-.build/release/CairnBench}")"
count="${2:-1000000}"
root="$(cd "$(dirname "$0")/.." && pwd)"
. "$root/scripts/lib/free-port.sh"
base="${BENCH_TMP:-/dev/shm}"
[ -d "$base" ] && [ -w "$base" ] || base="${TMPDIR:-/tmp}"
work="$(mktemp -d "$base/cairn-bench-grid.XXXXXX")"
chmod 755 "$work"
pgbin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
as_server=()
[ "$(id -u)" = 0 ] && as_server=(runuser -u postgres --)
port=""
cleanup() {
  [ -n "$port" ] && "${as_server[@]}" "$pgbin/pg_ctl" stop -D "$work/pg/data" -m immediate > /dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

echo "== Grids: $count random points, cold .mvt tiles, 32-pixel cells: Cairn against PostGIS (pg_tileserv's recipe)"
python3 "$root/scripts/lib/random-points.py" "$count" "$work/points"

mkdir "$work/pg"
[ "$(id -u)" = 0 ] && chown postgres "$work/pg"
"${as_server[@]}" "$pgbin/initdb" -D "$work/pg/data" -U cairn -A trust -E UTF8 --no-locale > /dev/null
free_port port
"${as_server[@]}" "$pgbin/pg_ctl" start -D "$work/pg/data" -l "$work/pg/log" -w \
  -o "-p $port -k $work/pg -c listen_addresses=127.0.0.1 -c shared_buffers=256MB -c jit=off" > /dev/null
psql=(psql -X -q -A -t -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U cairn)
"${psql[@]}" -d postgres -c "CREATE DATABASE cairn"
psql+=(-d cairn)
"${psql[@]}" <<SQL
CREATE EXTENSION postgis;
CREATE TABLE raw (id bigint, lon float8, lat float8, value float8);
\copy raw FROM '$work/points.csv' WITH (FORMAT csv, HEADER true)
CREATE TABLE points AS SELECT id, value, ST_Transform(ST_SetSRID(ST_MakePoint(lon, lat), 4326), 3857)::geometry(Point, 3857) AS geom FROM raw;
CREATE INDEX ON points USING gist (geom);
VACUUM ANALYZE points;
SQL

# The tile holding Paris (2.35, 48.85) at each zoom, both shapes.
python3 - "$work/tiles" <<'PY'
import math, sys
with open(sys.argv[1], "w") as out:
    for shape in ("square", "hex"):
        for z in range(13):
            n = 2 ** z
            x = int((2.35 + 180) / 360 * n)
            lat = math.radians(48.85)
            y = int((1 - math.asinh(math.tan(lat)) / math.pi) / 2 * n)
            out.write(f"{shape} {z} {x} {y}\n")
PY

"$bench" grid "$work/points.csv" "$work/tiles" > "$work/cairn"

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
printf '%-7s %-10s %10s %12s %8s %9s  %s\n' "shape" "tile" "Cairn ms" "PostGIS ms" "ratio" "cells" "points (Cairn = PostGIS)"
: > "$work/ratios"
while read -r shape tile ours cells points; do
  IFS=/ read -r z x y <<< "$tile"
  size="$(python3 -c "import math; print(repr(32 * 2 * math.pi * 6378137 / (256 * 2 ** $z)))")"
  function="ST_SquareGrid"; [ "$shape" = hex ] && function="ST_HexagonGrid"
  cells_sql="WITH b AS (SELECT ST_TileEnvelope($z, $x, $y) AS geom, ST_TileEnvelope($z, $x, $y, margin => 256.0 / 4096) AS wide),
    cells AS (SELECT g.i, g.j, g.geom FROM b, $function($size, b.wide) g WHERE ST_Area(ST_Intersection(g.geom, b.wide)) > 1e-9 * ST_Area(b.geom))"
  # pg_tileserv's recipe: the grid over the tile (here grown by the buffer), no test of each cell's area.
  mvt_sql="WITH b AS (SELECT ST_TileEnvelope($z, $x, $y) AS geom, ST_TileEnvelope($z, $x, $y, margin => 256.0 / 4096) AS wide),
    rows AS (SELECT g.i, g.j, count(*) AS count, ST_AsMVTGeom(g.geom, b.geom, 4096, 256, true) AS geom
    FROM b, $function($size, b.wide) g JOIN points p ON ST_Intersects(g.geom, p.geom) GROUP BY g.i, g.j, g.geom, b.geom)
    SELECT length(ST_AsMVT(rows, 'grid', 4096, 'geom')) FROM rows"
  theirs_count="$("${psql[@]}" -c "$cells_sql SELECT count(*), coalesce(sum(n), 0) FROM (SELECT count(*) AS n FROM cells c JOIN points p ON ST_Intersects(c.geom, p.geom) GROUP BY c.i, c.j) t")"
  : > "$work/pg-times"
  for _ in 1 2 3 4 5 6; do
    "${psql[@]}" -c '\timing on' -c "$mvt_sql" | sed -n 's/^Time: \([0-9.]*\) ms.*/\1/p' >> "$work/pg-times"
  done
  theirs="$(tail -5 "$work/pg-times" | median)"
  ratio="$(awk -v a="$theirs" -v b="$ours" 'BEGIN { printf "%.1f", a / b }')"
  echo "$ratio" >> "$work/ratios"
  same="$([ "$theirs_count" = "$cells|$points" ] && echo same || echo "DIFFERENT: PostGIS $theirs_count")"
  printf '%-7s %-10s %10.3f %12.3f %7sx %9s  %s %s\n' "$shape" "$tile" "$ours" "$theirs" "$ratio" "$cells" "$points" "$same"
done < "$work/cairn"
echo "median PostGIS / Cairn over the $(wc -l < "$work/ratios") tiles: $(median < "$work/ratios")x (target >= 10x); load average $(cut -d' ' -f1-3 /proc/loadavg)"
