#!/usr/bin/env bash
# Makes the Python virtual environment the tests use, .venv in the repository, with the packages
# pinned in scripts/requirements-test.txt. Quick and silent when it is already there and up to date:
# a stamp in .venv records the requirements it was made from.
# Usage: scripts/test-venv.sh            (PYTHON=python3.11 scripts/test-venv.sh to choose the interpreter)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
venv="$root/.venv"
requirements="$here/requirements-test.txt"
stamp="$venv/.requirements.sha256"
python="${PYTHON:-python3}"

want="$(sha256sum "$requirements" | cut -d' ' -f1)"
up_to_date() {
  [ "$(cat "$stamp" 2>/dev/null)" = "$want" ] && "$venv/bin/python" -c '' 2>/dev/null
}
up_to_date && exit 0

# One maker at a time (two `make test` at once); the lock lives outside the repository.
if command -v flock >/dev/null 2>&1; then
  exec 9>"${TMPDIR:-/tmp}/cairn-venv-$(printf %s "$root" | sha256sum | cut -c1-16).lock"
  flock 9
  up_to_date && exit 0
fi

# Debian splits venv and ensurepip out of python3 (package python3-venv, listed in packages.txt).
if ! command -v "$python" >/dev/null 2>&1 || ! "$python" -c 'import ensurepip, venv' 2>/dev/null; then
  "$here/install-deps.sh" test
fi
if ! "$python" -c 'import ensurepip, venv' 2>/dev/null; then
  echo "error: $python: cannot make a virtual environment (no venv/ensurepip module); install python3-venv" >&2
  exit 69
fi

# A venv whose interpreter no longer runs (Python upgraded or removed) is made afresh.
if [ -e "$venv" ] && ! "$venv/bin/python" -c '' 2>/dev/null; then
  rm -rf "$venv"
fi
if [ ! -x "$venv/bin/python" ]; then
  echo "making $venv"
  "$python" -m venv "$venv"
fi
echo "installing test packages into $venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$requirements"
echo "$want" >"$stamp"
