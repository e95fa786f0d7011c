#!/usr/bin/env bash
# Runs the Swift tests (already built with `swift build --build-tests`) under a time limit, so a
# hung test fails the run and names itself instead of running into CI's own limit.
# Usage: scripts/test-swift.sh [SECONDS]      (default: 2400; CAIRN_TEST_LIMIT overrides)
#
# Output is Swift Testing's, less the "◇ … started" lines, passed through as it comes. When the
# limit is reached, the tests that started and never ended are listed (a deadlock or a hang is
# among them), the runner and what it started are stopped, and the run fails with exit code 124.
set -uo pipefail

limit="${1:-${CAIRN_TEST_LIMIT:-2400}}"
log="$(mktemp /tmp/cairn-swift-tests.XXXXXX)"
# The tests make their scratch files and directories under TMPDIR: one directory for the run,
# removed at the end, so that runs leave nothing behind in /tmp.
scratch="$(mktemp -d /tmp/cairn-swift-scratch.XXXXXX)"
chmod 0755 "$scratch"  # the PostgreSQL tests' server runs as user postgres and must reach its directory
trap 'rm -f "$log"; rm -rf "$scratch"' EXIT
export TMPDIR="$scratch/"

# Line-buffered (stdbuf, inherited by the test runner), so a hang shows exactly which tests ran.
timeout --kill-after=10 "$limit" stdbuf -oL -eL "${SWIFT:-swift}" test --skip-build >"$log" 2>&1 &
runner=$!
tail -n +1 -f --pid="$runner" "$log" | grep --line-buffered -v '^◇'
wait "$runner"
status=$?

if [[ $status -eq 124 || $status -eq 137 ]]; then
    echo "error: the Swift tests did not end within ${limit} s; started and never ended:" >&2
    # A test's start and end lines name it the same way: "◇ Test NAME started." and
    # "✔/✘ Test NAME [with N test cases] passed|failed after …".
    python3 - "$log" >&2 <<'EOF'
import re, sys
started, ended = [], set()
for line in open(sys.argv[1], errors="replace"):
    line = line.strip()
    if m := re.match(r"^◇ Test (.*) started\.$", line):
        started.append(m.group(1))
    elif m := re.match(r"^[✔✘] Test (.*?)(?: with \d+ test cases?)? (?:passed|failed) after", line):
        ended.add(m.group(1))
for name in started:
    if name not in ended and name != "run" and not name.startswith("case"):
        print("  " + name)
EOF
    # `swift test` starts the test runner in a process group of its own, so the runner outlives
    # the timeout: stop it and the servers and tools it started (its children), then the
    # PostgreSQL servers of TestPostgres (pg_ctl detaches them from the runner).
    for tests in $(pgrep -f -- '/CairnPackageTests\.xctest( |$)'); do
        pkill -KILL -P "$tests" 2>/dev/null
        kill -KILL "$tests" 2>/dev/null
    done
    pkill -f -- '-D [^ ]*/cairn-pg-[0-9A-F]{8}/data' 2>/dev/null
    exit 124
fi
exit $status
