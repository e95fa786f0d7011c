#!/usr/bin/env bash
# The map page in a real browser (part of `make test`): headless Chromium from Debian, driven by
# Selenium from the test venv, against a real `cairn serve` on loopback and through nginx under a
# path prefix. See Tests/Browser/map_page_test.py for the checks; the screenshot it takes is
# written to $CAIRN_TEST_OUTPUT (default .build/test-output)/map-page.png.
# Usage: scripts/test-browser.sh [CAIRN_BINARY]      (default: .build/debug/cairn)
# Needs chromium, chromium-driver, nginx and libjs-leaflet (scripts/install-deps.sh test) and the
# venv (scripts/test-venv.sh). CAIRN_KEEP_TMP=1 keeps the temp dir (logs, nginx config, profile).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cairn="${1:-.build/debug/cairn}"
case "$cairn" in /*) ;; *) cairn="$PWD/$cairn" ;; esac
output="${CAIRN_TEST_OUTPUT:-$root/.build/test-output}"
for tool in chromium chromedriver nginx; do
  if ! command -v "$tool" >/dev/null 2>&1 && [ ! -x "/usr/sbin/$tool" ]; then
    echo "test-browser: error: $tool is missing: run scripts/install-deps.sh test (make test does)" >&2
    exit 69
  fi
done
PATH="$PATH:/usr/sbin" exec timeout 300 "$root/.venv/bin/python" "$root/Tests/Browser/map_page_test.py" "$cairn" "$output"
