#!/usr/bin/env bash
# Builds Cairn's fuzz targets (one per file in Fuzz/, with Fuzz/Support) with libFuzzer and
# AddressSanitizer, and runs each for a while from its seed corpus.
# Usage: scripts/fuzz.sh [SECONDS] [TARGET ...]        (make fuzz FUZZ_SECONDS=60 FUZZ_TARGET=PNGDecode)
#   SECONDS   how long each target runs (default 60); 0 only builds
#   TARGET    Fuzz/TARGET.swift (default: every target)
# Environment: FUZZ_MAX_LEN (longest input, default 65536), FUZZ_TIMEOUT (seconds one input may
# take before it is a hang, default 10).
#
# Everything lives in .build-fuzz, never in .build: the libraries built with coverage and ASan
# (`swift build --sanitize=address -Xswiftc -sanitize=fuzzer -Xcc -fsanitize=fuzzer-no-link`),
# the targets in .build-fuzz/fuzz/bin, each target's corpus in .build-fuzz/fuzz/corpus/TARGET (seeded
# from the paths on the `/// Seeds:` line of its file, each seed cut to FUZZ_MAX_LEN bytes), what
# it finds (crash-*, leak-*, timeout-*, oom-*) in .build-fuzz/fuzz/artifacts/TARGET, its log next to
# them, and a table of every run in .build-fuzz/fuzz/report.md. Exits 1 when a target found something.
# Reproduce a finding: .build-fuzz/fuzz/bin/TARGET .build-fuzz/fuzz/artifacts/TARGET/crash-…
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
scratch=.build-fuzz
work="$scratch/fuzz"
max_len="${FUZZ_MAX_LEN:-65536}"
mkdir -p "$work/bin"

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  for file in Fuzz/*.swift; do targets+=("$(basename "$file" .swift)"); done
fi
for target in "${targets[@]}"; do
  [ -f "Fuzz/$target.swift" ] || { echo "error: no fuzz target Fuzz/$target.swift" >&2; exit 64; }
done

# The libraries (everything `cairn` links), instrumented for coverage and ASan.
echo "building the instrumented libraries (log: $work/build.log)"
if ! swift build --scratch-path "$scratch" --target cairn --sanitize=address \
     -Xswiftc -sanitize=fuzzer -Xcc -fsanitize=fuzzer-no-link > "$work/build.log" 2>&1; then
  grep -E 'error|warning: unable' "$work/build.log" >&2 || tail -20 "$work/build.log" >&2
  echo "error: the instrumented build failed (see $work/build.log)" >&2
  exit 1
fi
manifest="$scratch/debug.yaml"
mapfile -t compile < <(scripts/fuzz-flags.py "$manifest" compile)
mapfile -t libraries < <(scripts/fuzz-flags.py "$manifest" libraries)
# One quoted path a line: some object names hold spaces.
scripts/fuzz-flags.py "$manifest" objects | sed "s/.*/'&'/" > "$work/objects.txt"

# A target is rebuilt when its file, the support files or a library object is newer than it.
build_target() {
  local target="$1" binary="$work/bin/$1"
  if [ -x "$binary" ] && [ -z "$(find "Fuzz/$target.swift" Fuzz/Support -newer "$binary" | head -1)" ] \
     && [ -z "$(find "$scratch" -path "$work" -prune -o -name '*.o' -newer "$binary" -print -quit)" ]; then
    return
  fi
  echo "building fuzz target $target"
  swiftc "${compile[@]}" -sanitize=fuzzer,address -parse-as-library -module-name "Fuzz$target" \
    "Fuzz/$target.swift" Fuzz/Support/*.swift "@$work/objects.txt" "${libraries[@]}" -o "$binary" \
    2> >(grep -v "Cannot export local symbol '__asan" >&2)
}

# The seed corpus: every file under the paths the target's `/// Seeds:` line names, by content hash.
seed_corpus() {
  local target="$1" corpus="$work/corpus/$1" seeds
  mkdir -p "$corpus"
  seeds="$(sed -n 's|^/// Seeds: ||p' "Fuzz/$target.swift")"
  [ -n "$seeds" ] || { echo "error: Fuzz/$target.swift has no '/// Seeds:' line" >&2; exit 1; }
  # shellcheck disable=SC2086  # the line is a list of paths
  find $seeds -type f ! -name '*.md' | while read -r file; do
    head -c "$max_len" "$file" > "$corpus/.seed"
    mv "$corpus/.seed" "$corpus/seed-$(sha1sum "$corpus/.seed" | cut -c1-40)"
  done
}

# Third-party leak reports (fontconfig, Pango) are suppressed, each with its reason, in lsan.supp.
export LSAN_OPTIONS="suppressions=$PWD/scripts/asan/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
report="$work/report.md"
[ -f "$report" ] || printf '| target | seconds | executions | exec/s | coverage | corpus | found |\n|---|---|---|---|---|---|---|\n' > "$report"
found_any=0
for target in "${targets[@]}"; do
  build_target "$target"
done
[ "$seconds" -gt 0 ] || exit 0
for target in "${targets[@]}"; do
  seed_corpus "$target"
  artifacts="$work/artifacts/$target"
  mkdir -p "$artifacts"
  log="$artifacts/run-$(date +%Y%m%d-%H%M%S).log"
  before="$(ls "$artifacts" | grep -c -E '^(crash|leak|timeout|oom|slow-unit)-' || true)"
  echo "fuzzing $target for ${seconds}s (log: $log)"
  start=$(date +%s)
  status=0
  "$work/bin/$target" -max_total_time="$seconds" -max_len="$max_len" -timeout="${FUZZ_TIMEOUT:-10}" \
    -rss_limit_mb=2560 -print_final_stats=1 \
    -artifact_prefix="$artifacts/" "$work/corpus/$target" > "$log" 2>&1 || status=$?
  elapsed=$(( $(date +%s) - start ))
  executions="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | awk '{ s += $1 } END { print s + 0 }')"
  coverage="$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | cut -d' ' -f2)"
  after="$(ls "$artifacts" | grep -c -E '^(crash|leak|timeout|oom|slow-unit)-' || true)"
  found="nothing"
  if [ "$status" -ne 0 ] || [ "$after" -gt "$before" ]; then
    found_any=1
    found="$(grep -m1 -oE 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer): [a-zA-Z-]+|Fatal error: [^"]{0,80}|fuzz check failed: [^"]{0,80}' "$log" || echo "exit $status")"
    found="$found, see $(ls -t "$artifacts" | grep -m1 -E '^(crash|leak|timeout|oom)-' || echo "$log")"
  fi
  printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$target" "$elapsed" "$executions" \
    "$(( executions / (elapsed > 0 ? elapsed : 1) ))" "${coverage:-?}" "$(ls "$work/corpus/$target" | wc -l)" "$found" | tee -a "$report"
done
exit "$found_any"
