#!/usr/bin/env bash
# GIS software against Cairn's OGC services (part of `make test`): starts the real `cairn serve` on
# a loopback port with Tests/Fixtures/openapi/cairn.yml (layers on local files, an animated one, a
# dataset) and runs each client script on it: scripts/test-wmts.py (GDAL's WMTS driver and OWSLib
# against WMTS 1.0.0) and, when present, scripts/test-ogcapi.py (OGC API - Tiles). Each script takes
# the server's base URL and the fixture tiles' directory, and exits non-zero on the first failure.
# Usage: scripts/test-gis.sh [CAIRN_BINARY]      (default: .build/debug/cairn)
# Needs gdal-bin (scripts/packages.txt) and the venv (scripts/test-venv.sh: OWSLib, Pillow, morecantile, pyogrio).
# CAIRN_KEEP_TMP=1 keeps the temp dir (the server's log).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cairn="${1:-.build/debug/cairn}"
case "$cairn" in /*) ;; *) cairn="$PWD/$cairn" ;; esac
python="$root/.venv/bin/python"
if [ ! -x "$cairn" ]; then echo "test-gis: error: $cairn: no such executable (swift build first)" >&2; exit 66; fi
if [ ! -x "$python" ]; then echo "test-gis: error: $root/.venv is missing: run scripts/test-venv.sh" >&2; exit 69; fi
command -v gdalinfo >/dev/null || { echo "test-gis: error: gdalinfo is missing: scripts/install-deps.sh test (gdal-bin)" >&2; exit 69; }

tmp="$(mktemp -d)"
server=""
finish() {
  status=$?
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  if [ "${CAIRN_KEEP_TMP:-0}" = 1 ] || [ "$status" != 0 ]; then echo "test-gis: kept $tmp" >&2; else rm -rf "$tmp"; fi
}
trap finish EXIT

# shellcheck source=lib/start-server.sh
. "$root/scripts/lib/start-server.sh"
start_server test-gis "$tmp/server.log" env CAIRN_CACHE_DIR="$tmp/cache" \
  "$cairn" serve --config "$root/Tests/Fixtures/openapi/cairn.yml" --host 127.0.0.1 --port 0

for script in "$root/scripts/test-wmts.py" "$root/scripts/test-ogcapi.py"; do
  [ -f "$script" ] || continue
  start=$SECONDS
  (cd "$tmp" && GDAL_HTTP_TIMEOUT=30 "$python" "$script" "http://127.0.0.1:$port")
  echo "test-gis: $(basename "$script") passed in $((SECONDS - start)) s"
done
