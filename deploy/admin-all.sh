#!/usr/bin/env bash
# Sends one admin API request to every Cairn replica — a purge, a clear or a dataset refresh must
# reach them all, since each keeps its own disk cache and memory tier — and reports each answer.
#
# Usage: admin-all.sh (--service HOST:PORT | --endpoints HOST:PORT,HOST:PORT…) METHOD PATH [JSON-BODY]
#   --service    a headless Service (k8s/service-admin.yaml: cairn-admin:9091); every address its
#                name resolves to (getent ahosts: one per ready pod) gets the request. Run it inside
#                the cluster (k8s/purge-job.yaml).
#   --endpoints  the replicas' admin addresses, comma-separated.
# The token comes from CAIRN_ADMIN_TOKEN or the file CAIRN_ADMIN_TOKEN_FILE; it is sent as
# `Authorization: Bearer …` and never printed.
# Examples:
#   admin-all.sh --service cairn-admin:9091 DELETE '/admin/cache/streets-mosaic?bbox=5.9,45.8,10.5,47.8&zoom=10-14'
#   admin-all.sh --service cairn-admin:9091 DELETE /admin/cache
#   admin-all.sh --endpoints 10.0.0.5:9091,10.0.0.6:9091 POST /admin/datasets/shops/refresh
# Prints `HOST:PORT STATUS BODY` per replica; exits 0 when every replica answered 2xx, 1 when one
# did not (or could not be reached), 64 for bad usage.
set -uo pipefail

usage() { echo "usage: $0 (--service HOST:PORT | --endpoints HOST:PORT,…) METHOD PATH [JSON-BODY]" >&2; exit 64; }
service="" endpoints=""
while [ $# -gt 0 ]; do
  case "$1" in
    --service) service="${2:-}"; shift 2 || usage ;;
    --endpoints) endpoints="${2:-}"; shift 2 || usage ;;
    --help|-h) sed -n '2,20p' "$0"; exit 0 ;;
    *) break ;;
  esac
done
[ $# -ge 2 ] && [ $# -le 3 ] || usage
if { [ -n "$service" ] && [ -n "$endpoints" ]; } || { [ -z "$service" ] && [ -z "$endpoints" ]; }; then usage; fi
method="$1" path="$2" body="${3:-}"
case "$path" in /admin/*) ;; *) echo "error: PATH must start with /admin/ (got '$path')" >&2; exit 64 ;; esac

token="${CAIRN_ADMIN_TOKEN:-}"
if [ -z "$token" ] && [ -n "${CAIRN_ADMIN_TOKEN_FILE:-}" ]; then
  token="$(cat "$CAIRN_ADMIN_TOKEN_FILE")" || { echo "error: cannot read CAIRN_ADMIN_TOKEN_FILE" >&2; exit 64; }
  token="${token%$'\n'}"
fi
[ -n "$token" ] || { echo "error: set CAIRN_ADMIN_TOKEN (or CAIRN_ADMIN_TOKEN_FILE)" >&2; exit 64; }

targets=()
if [ -n "$service" ]; then
  host="${service%:*}" port="${service##*:}"
  [ "$host" != "$service" ] || { echo "error: --service needs HOST:PORT (got '$service')" >&2; exit 64; }
  mapfile -t addresses < <(getent ahosts "$host" | awk '$2 == "STREAM" { print $1 }' | sort -u)
  [ "${#addresses[@]}" -gt 0 ] || { echo "error: '$host' resolves to no address" >&2; exit 1; }
  for address in "${addresses[@]}"; do
    case "$address" in *:*) targets+=("[$address]:$port") ;; *) targets+=("$address:$port") ;; esac
  done
else
  IFS=, read -r -a targets <<<"$endpoints"
fi

# The token goes to curl on stdin (a header file), never on its command line, where `ps` shows it.
failed=0
for target in "${targets[@]}"; do
  args=(-sS --max-time 120 -X "$method" -H @- -o /dev/stdout -w ' %{http_code}')
  [ -z "$body" ] || args+=(-H 'Content-Type: application/json' --data-binary "$body")
  answer="$(printf 'Authorization: Bearer %s\n' "$token" | curl "${args[@]}" "http://$target$path" 2>&1)"
  status="${answer##* }" text="${answer% *}"
  echo "$target $status $text"
  case "$status" in 2??) ;; *) failed=1 ;; esac
done
[ "$failed" -eq 0 ] || echo "error: not every replica answered 2xx" >&2
exit "$failed"
