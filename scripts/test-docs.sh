#!/usr/bin/env bash
# The docs agree with the code (part of `make test`).
# Usage: scripts/test-docs.sh [CAIRN_BINARY]      (default: .build/debug/cairn)
#
# Checked (scripts/lib/check-docs.py), each problem one FAIL: line, exit 1 when there is any:
#   - every command, argument and option `cairn --experimental-dump-help` lists is under the
#     command's heading in docs/cli.md, and docs/man/cairn-COMMAND.1 renders with `man -l` naming the
#     command and every option (after changing a command: `make docs`);
#   - every route registered in Sources/CairnServer/App/*.swift and Admin/*.swift has a heading
#     ### `METHOD /path/{param}` in docs/http-api.md that it serves, and every such heading a route;
#   - every relative link and #anchor in README.md and docs/*.md resolves;
#   - README.md stays within 25 kB;
#   - every `curl` example of README.md and docs/http-api.md that names http://127.0.0.1:8080 gets a
#     2xx from a real `cairn serve` of Samples/cairn.yml on a free loopback port
#     (scripts/lib/check-doc-examples.py);
#   - every `cairn` example of README.md and docs/*.md exits 0 (a `cairn serve` one starts listening),
#     run in a scratch directory holding the files the examples name, made from Samples/
#     (scripts/lib/check-cli-examples.py).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cairn="${1:-$root/.build/debug/cairn}"
if [ ! -x "$cairn" ]; then
  echo "error: $cairn: no such executable (build first: swift build --product cairn)" >&2
  exit 74
fi
command -v man >/dev/null || { echo "error: man: not found (scripts/install-deps.sh test installs man-db)" >&2; exit 69; }
status=0
python3 "$root/scripts/lib/check-docs.py" "$root" "$cairn" || status=1
python3 "$root/scripts/lib/check-doc-examples.py" "$root" "$cairn" || status=1
python3 "$root/scripts/lib/check-cli-examples.py" "$root" "$cairn" || status=1
if [ "$status" -eq 0 ]; then
  echo "docs: all checks passed"
else
  echo "docs: some checks failed (above)" >&2
  exit 1
fi
