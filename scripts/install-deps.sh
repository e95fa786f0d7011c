#!/usr/bin/env bash
# Installs the Debian packages from scripts/packages.txt that are missing.
# Usage: scripts/install-deps.sh build [test ...]   (the kinds of packages to install)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
# The Swift toolchain is not a Debian package: it must already be on PATH (as on the project's machines).
if ! command -v "${SWIFT:-swift}" >/dev/null 2>&1; then
  echo "error: ${SWIFT:-swift}: not found; Cairn needs the Swift 6 toolchain (with its package manager) on PATH" >&2
  exit 69
fi
kinds=("$@")
[ ${#kinds[@]} -gt 0 ] || kinds=(build)
# The C suite's aarch64 cross build (kind "cross") comes with the test packages, except on arm64 itself.
if [[ " ${kinds[*]} " == *" test "* ]] && [ "$(dpkg --print-architecture)" != arm64 ]; then
  kinds+=(cross)
fi
missing=()
while read -r kind package; do
  case "$kind" in ''|'#'*) continue ;; esac
  for wanted in "${kinds[@]}"; do
    if [ "$kind" = "$wanted" ] && ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$package")
    fi
  done
done < "$here/packages.txt"
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "installing: ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
# The arm64 libraries of the C suite's cross build (name:arm64) need Debian's arm64 architecture.
if printf '%s\n' "${missing[@]}" | grep -q ':arm64$' && ! dpkg --print-foreign-architectures | grep -qx arm64; then
  $sudo dpkg --add-architecture arm64
fi
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
