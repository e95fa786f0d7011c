#!/usr/bin/env bash
# Runs the Swift tests (already built with `swift build --build-tests`) under a time limit, so a
# hung test fails the run and names itself instead of running into CI's own limit.
# Usage: scripts/test-swift.sh [SECONDS [SWIFT-TEST-ARGUMENTS…]]
#        (default limit: 1200 s, four times what the suite takes on 2 cores; CAIRN_TEST_LIMIT overrides; `make check` passes its --skip list and
#        CAIRN_TEST_TIER=check, see Tests/TestTier)
#
# Output is Swift Testing's, less the "◇ … started" lines, passed through as it comes. When the
# limit is reached, the tests that started and never ended are listed (a deadlock or a hang is
# among them), what this run started is stopped, and the run fails with exit code 124.
#
# Only what this run started is ever stopped, found by process id: `swift test` and its descendants
# (the test runner, the servers and tools the tests started), the processes the tests noted in
# $CAIRN_TEST_PIDS (TestTier.started: found there even when a crashed runner left them to init) that
# still run with this run's TMPDIR, and the PostgreSQL servers whose data directories are under this
# run's own scratch directory (pg_ctl detaches them: their postmaster.pid names them). Another
# checkout's test run on the same machine is left alone.
set -uo pipefail

limit="${1:-${CAIRN_TEST_LIMIT:-1200}}"
shift $(( $# > 0 ? 1 : 0 ))
log="$(mktemp /tmp/cairn-swift-tests.XXXXXX)"
# The tests make their scratch files and directories under TMPDIR: one directory for the run,
# removed at the end, so that runs leave nothing behind in /tmp.
scratch="$(mktemp -d /tmp/cairn-swift-scratch.XXXXXX)"
chmod 0755 "$scratch"  # the PostgreSQL tests' server runs as user postgres and must reach its directory
export TMPDIR="$scratch/"
export CAIRN_TEST_PIDS="$scratch/started-pids"

# The process ids below `pid`, children before their own children.
descendants() {
    local child
    for child in $(cat /proc/"$1"/task/*/children 2>/dev/null); do
        echo "$child"
        descendants "$child"
    done
}

# Stops this run's PostgreSQL servers: the postmaster of each data directory under the scratch
# directory (its children end with it).
stop_postgres() {
    local pidfile pid
    for pidfile in "$scratch"/cairn-pg-*/data/postmaster.pid; do
        [[ -f "$pidfile" ]] || continue
        pid="$(head -n 1 "$pidfile")"
        [[ "$pid" =~ ^[0-9]+$ ]] && kill -KILL "$pid" 2>/dev/null
    done
}

# Stops the processes the tests noted that still run, each only if its environment has this run's
# TMPDIR (a process id reused since by another program is left alone).
stop_started() {
    local pid
    [[ -f "$CAIRN_TEST_PIDS" ]] || return 0
    while read -r pid; do
        [[ "$pid" =~ ^[0-9]+$ ]] || continue
        if tr '\0' '\n' <"/proc/$pid/environ" 2>/dev/null | grep -qxF "TMPDIR=$TMPDIR"; then
            kill -KILL "$pid" 2>/dev/null
        fi
    done <"$CAIRN_TEST_PIDS"
}

cleanup() {
    stop_started
    stop_postgres
    rm -f "$log"
    rm -rf "$scratch"
}
trap cleanup EXIT

# Line-buffered (stdbuf, inherited by the test runner), so a hang shows exactly which tests ran.
stdbuf -oL -eL "${SWIFT:-swift}" test --skip-build "$@" >"$log" 2>&1 &
runner=$!
tail -n +1 -f --pid="$runner" "$log" | grep --line-buffered -v '^◇' &
viewer=$!

deadline=$(( SECONDS + limit ))
while kill -0 "$runner" 2>/dev/null && (( SECONDS < deadline )); do
    sleep 1
done
if kill -0 "$runner" 2>/dev/null; then
    # `swift test` starts the test runner in a process group of its own: collect the whole tree
    # first (a killed parent's children would be handed to init and lost), then stop it.
    started=$(descendants "$runner")
    kill -KILL "$runner" $started 2>/dev/null
    wait "$runner" 2>/dev/null
    wait "$viewer" 2>/dev/null
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
    exit 124
fi
wait "$runner"
status=$?
wait "$viewer"
exit $status
