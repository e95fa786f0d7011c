# Sourced by the make-test phases that hold one real `cairn serve` to a client (test-openapi.sh,
# test-gis.sh). `start_server NAME LOG COMMAND…` runs COMMAND (a `cairn serve … --port 0`, behind
# `env` for its variables) in the background, its stderr to LOG, and waits up to 60 s for its
# listening line; then `server` is its process id and `port` the port it took. When it exits first
# or never listens, prints why (NAME: error: …, and the log) and exits 1.
start_server() {
  local name="$1" log="$2"
  shift 2
  "$@" 2>"$log" &
  server=$!
  port=""
  for _ in $(seq 1 600); do
    port="$(grep -o 'listening.*url=http://127.0.0.1:[0-9]*' "$log" | grep -o '[0-9]*$' | head -1 || true)"
    [ -n "$port" ] && return 0
    kill -0 "$server" 2>/dev/null || { echo "$name: error: cairn serve did not start:" >&2; cat "$log" >&2; exit 1; }
    sleep 0.1
  done
  echo "$name: error: cairn serve did not listen within 60 s" >&2
  exit 1
}
