#!/usr/bin/env bash
# The HTTP API held to its own contract (part of `make test`): starts the real `cairn serve` on a
# loopback port with Tests/Fixtures/openapi/cairn.yml (a layer on local files, an animated one, a
# dataset, the admin API on), fetches /openapi.json, validates it with openapi-spec-validator, then
# runs schemathesis against the server with a bounded number of examples per operation. Fails on
# any 5xx but a 503 (which the document allows), and on any answer that does not conform to the
# document: undocumented status, content type, headers or body.
# Usage: scripts/test-openapi.sh [CAIRN_BINARY]      (default: .build/debug/cairn)
# OPENAPI_EXAMPLES=N examples per operation (default 15); CAIRN_KEEP_TMP=1 keeps the temp dir
# (server log, document, schemathesis report). Needs the venv (scripts/test-venv.sh).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cairn="${1:-.build/debug/cairn}"
case "$cairn" in /*) ;; *) cairn="$PWD/$cairn" ;; esac
venv="$root/.venv/bin"
examples="${OPENAPI_EXAMPLES:-15}"
if [ ! -x "$cairn" ]; then echo "test-openapi: error: $cairn: no such executable (swift build first)" >&2; exit 66; fi
if [ ! -x "$venv/st" ]; then echo "test-openapi: error: schemathesis is missing from $root/.venv: run scripts/test-venv.sh" >&2; exit 69; fi

tmp="$(mktemp -d)"
server=""
finish() {
  status=$?
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  if [ "${CAIRN_KEEP_TMP:-0}" = 1 ] || [ "$status" != 0 ]; then echo "test-openapi: kept $tmp" >&2; else rm -rf "$tmp"; fi
}
trap finish EXIT

token="openapi-test-$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')"
# shellcheck source=lib/start-server.sh
. "$root/scripts/lib/start-server.sh"
start_server test-openapi "$tmp/server.log" env CAIRN_CACHE_DIR="$tmp/cache" CAIRN_ADMIN_TOKEN="$token" \
  "$cairn" serve --config "$root/Tests/Fixtures/openapi/cairn.yml" --host 127.0.0.1 --port 0
base="http://127.0.0.1:$port"

curl -fsS "$base/openapi.json" -o "$tmp/openapi.json"
"$venv/openapi-spec-validator" "$tmp/openapi.json"

# A 503 is the one 5xx the document allows (overloaded, a dataset loading, shutting down); and a
# seed larger than the disk cache is refused with its documented 507 Insufficient Storage.
cat >"$tmp/schemathesis.toml" <<TOML
[checks.not_a_server_error]
expected-statuses = ["1xx", "2xx", "3xx", "4xx", "503"]

[[operations]]
include-operation-id = "seedLayer"
checks.not_a_server_error.expected-statuses = ["2xx", "4xx", "503", "507"]

# WMTS answers a REQUEST it does not implement with OperationNotSupported, 501 (WMTS 1.0.0, table 28).
[[operations]]
include-operation-id = "getWMTS"
checks.not_a_server_error.expected-statuses = ["2xx", "3xx", "4xx", "501", "503"]
TOML
start=$SECONDS
"$venv/st" --config-file "$tmp/schemathesis.toml" --no-color run "$base/openapi.json" \
  --url "$base" \
  --header "Authorization: Bearer $token" \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance \
  --phases examples,coverage,fuzzing \
  --max-examples "$examples" --seed 22 --workers 1 --request-timeout 30 \
  --suppress-health-check too_slow,filter_too_much \
  --report junit --report-dir "$tmp/report" 2>&1 | tee "$tmp/schemathesis.log"
echo "test-openapi: schemathesis ran $((SECONDS - start)) s against $base ($examples examples per operation)"
