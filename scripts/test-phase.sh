#!/usr/bin/env bash
# Times the phases of `make test`: runs one phase's command and adds its name and seconds to the
# run's record; `--table` prints the record as a table. A phase that fails prints the table so far
# (the failing phase last) and passes its exit status on, so make stops there.
# Usage: scripts/test-phase.sh RECORD NAME COMMAND [ARGUMENTS…]
#        scripts/test-phase.sh --table RECORD
set -uo pipefail

table() {
    echo "make test phases:"
    awk '{ printf "  %-14s %6d s  %s\n", $1, $2, $3; total += $2 } END { printf "  %-14s %6d s\n", "total", total }' "$1"
}

if [[ "${1:-}" == "--table" ]]; then
    table "$2"
    exit 0
fi
record="$1" name="$2"
shift 2
started=$SECONDS
"$@"
status=$?
mkdir -p "$(dirname "$record")"
echo "$name $(( SECONDS - started )) $([[ $status -eq 0 ]] && echo ok || echo "failed($status)")" >>"$record"
if [[ $status -ne 0 ]]; then
    table "$record" >&2
fi
exit $status
