#!/usr/bin/env bash
# Builds the release `cairn` of an earlier commit, the yardstick `make bench` measures the server
# against in the same run (CAIRN_BASELINE, see scripts/bench-serve.sh). Issue 21 set its serving
# targets as rates on the VM of its day ("cold renders are served at ~1 600 tiles/s; ≥ 2 000"), and
# this VM's speed moves by 2x from day to day: the binary those rates were measured with, run beside
# today's, turns them into a ratio that holds on any day (2 000 / 1 600 = 1.25x).
# Usage: scripts/build-baseline.sh [COMMIT]   (default 1c73cc5, the tree issue 21 was filed on)
# Prints the binary's path on stdout. The tree is exported with `git archive` (no worktree, nothing
# in .git changes) under $BASELINE_DIR (default .build/baselines, ignored by git) and built once: a
# later call finds the binary. About 15 minutes on 2 cores. `make bench` calls it (BASELINE=COMMIT).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
case "${1:-}" in -h|--help) sed -n 's/^# \{0,1\}//; 2,10p' "$0"; exit 0 ;; esac
commit="${1:-1c73cc5}"
full="$(git -C "$root" rev-parse --verify --quiet "$commit^{commit}")" \
  || { echo "error: $commit: no such commit in $root (a shallow clone? fetch the history)" >&2; exit 2; }
dir="${BASELINE_DIR:-$root/.build/baselines}/${full:0:12}"
binary="$dir/.build/release/cairn"
if [ ! -x "$binary" ]; then
  mkdir -p "$dir"
  git -C "$root" archive "$full" | tar -x -C "$dir"
  echo "building cairn at ${full:0:12} in $dir (about 15 minutes on 2 cores)" >&2
  (cd "$dir" && swift build -c release --product cairn >&2) \
    || { echo "error: cairn at ${full:0:12} did not build (see above)" >&2; exit 1; }
fi
echo "$binary"
