#!/usr/bin/env bash
# Cairn as a versioned Swift package: builds and runs Examples/ (a package that depends on Cairn by
# URL and version) against a tagged clone of this repository's HEAD, so that SwiftPM applies its
# rules for dependencies (unsafe flags, versions), not those of a root package; then checks what the
# example printed and wrote: a PNG badge, the cities' clusters at zoom 3 (the same count `cairn
# clusters` prints), a vector tile, a tile through a chain. The article code in the libraries'
# documentation (Sources/*/Documentation.docc) must be the example's, snippet for snippet.
# Usage: scripts/test-package.sh CAIRN-BINARY
#
# Its work directory, .build/package-test, is kept between runs: the example's dependencies (Yams; it
# names no RemoteTiles, so no HTTP client or SwiftNIO) build once, and for a new commit only the Cairn
# files it changed.
set -euo pipefail

cairn_binary="$(realpath "$1")"
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$root/.build/package-test"
example="$work/example"
output="$work/output"

fail() { echo "error: test-package: $*" >&2; exit 1; }

# Sets each tracked file of the git checkout $1 to the commit time of the last commit that changed it.
commit_times() {
    python3 - "$1" <<'PY'
import os, subprocess, sys
checkout = sys.argv[1]
tracked = set(subprocess.run(["git", "-C", checkout, "ls-files", "-z"], capture_output=True, check=True).stdout.decode().split("\0")) - {""}
log = subprocess.run(["git", "-C", checkout, "log", "--format=@%ct", "--name-only", "HEAD"], capture_output=True, check=True, text=True).stdout
time = None
for line in log.splitlines():
    if line.startswith("@"):
        time = int(line[1:])
    elif line in tracked:
        os.utime(os.path.join(checkout, line), (time, time))
        tracked.discard(line)
PY
}

# The version the example asks for (`from: "X.Y.Z"`).
version="$(sed -n 's/.*\.package(url: cairnURL, from: "\([0-9.]*\)").*/\1/p' "$root/Examples/Package.swift")"
[[ -n "$version" ]] || fail "Examples/Package.swift names no version (.package(url: cairnURL, from: \"X.Y.Z\"))"

# Each product's article shows its snippet of the example (// snippet.NAME … // snippet.end) verbatim.
python3 - "$root" <<'PY' || fail "a library's article and the example differ"
import re, sys
root = sys.argv[1]
example = open(f"{root}/Examples/Sources/CairnExample/main.swift").read()
snippets = dict(re.findall(r"// snippet\.(\w+)\n(.*?)// snippet\.end\n", example, re.S))
assert set(snippets) == {"canvas", "codecs", "markers", "tiles", "clusters"}, f"snippets: {sorted(snippets)}"
for name, code in snippets.items():
    product = name.capitalize()
    article = f"Sources/{product}/Documentation.docc/{product}.md"
    if f"```swift\n{code}```\n" not in open(f"{root}/{article}").read():
        sys.exit(f"error: {article} does not show the example's '{name}' snippet as it is in Examples/Sources/CairnExample/main.swift")
PY

# A clone of HEAD, tagged with that version, in a directory named after the commit: a new commit is a
# new URL to SwiftPM, which then resolves Cairn afresh (a moved tag under an unchanged URL and version
# it would take for the old commit). The other dependencies stay resolved (Package.resolved) and built.
head="$(git -C "$root" rev-parse HEAD)"
clone="$work/clone-$head/cairn"
rm -rf "$output" "$example/Sources" "$example/Package.swift" "$work"/clone-*
mkdir -p "$work" "$output" "$example"
git clone --quiet --no-checkout "$root" "$clone"
git -C "$clone" checkout --quiet "$head"
git -C "$clone" tag "$version"
cp -R "$root/Examples/Package.swift" "$root/Examples/Sources" "$example"

cd "$example"
export CAIRN_URL="file://$clone"
# SwiftPM's checkout of the clone is new for each commit: its files get the time of the last commit
# that changed them, so that the compilers' incremental builds skip the unchanged ones.
if ! { swift package resolve && commit_times "$example/.build/checkouts/cairn" &&
       swift build --product CairnExample; } >"$work/build.log" 2>&1; then
    grep -v '^\[' "$work/build.log" >&2
    fail "the example does not build against the clone (its log: $work/build.log)"
fi
built="$(git -C "$example/.build/checkouts/cairn" rev-parse HEAD)"
[[ "$built" == "$head" ]] || fail "SwiftPM built Cairn at $built, not at $head (HEAD)"
lines="$("$example/.build/debug/CairnExample" "$clone" "$output")" || fail "the example failed"
echo "$lines"

png_signature() { [[ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" == "89504e470d0a1a0a" ]]; }

# The drawing and its re-encoding: 64×64, PNG then WebP.
[[ "$lines" =~ canvas:\ 64x64,\ [1-9][0-9]*\ bytes\ of\ PNG ]] || fail "expected 'canvas: 64x64, N bytes of PNG'"
[[ "$lines" =~ codecs:\ WebP\ 64x64,\ [1-9][0-9]*\ bytes ]] || fail "expected 'codecs: WebP 64x64, N bytes'"

# The badge and the card: PNG files of the sizes counted.
png_signature "$output/badge.png" || fail "badge.png is not a PNG"
png_signature "$output/card.png" || fail "card.png is not a PNG"
[[ "$lines" == *"markers: badge $(stat -c %s "$output/badge.png") bytes, card $(stat -c %s "$output/card.png") bytes"* ]] \
    || fail "the markers line does not give the sizes of badge.png and card.png"

# The clusters: every city of the file in the world's items at zoom 3, as many items as the CLI finds.
cities="$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["features"]))' "$clone/Samples/points/cities15000.geojson")"
cli_items="$("$cairn_binary" clusters "$clone/Samples/points/cities15000.geojson" --zoom 3 \
    | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["features"]))')"
[[ "$lines" =~ clusters:\ ${cities}\ points,\ ${cli_items}\ items\ at\ zoom\ 3\ holding\ ${cities}\ points,\ tile\ 3/4/2\ ([0-9]+)\ bytes ]] \
    || fail "expected 'clusters: $cities points, $cli_items items at zoom 3 holding $cities points, tile 3/4/2 N bytes'"
(( BASH_REMATCH[1] > 0 )) || fail "tile 3/4/2 is empty"
written="$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["features"]))' "$output/clusters-z3.geojson")"
[[ "$written" == "$cli_items" ]] || fail "clusters-z3.geojson has $written features, the CLI $cli_items"

# The tile: a 256×256 PNG, as the chain's output, where the example says it wrote it.
tile="$output/tiles/2/2/1.png"
[[ "$lines" == *"tile: 2/2/1 PNG $(stat -c %s "$tile") bytes at $tile"* ]] || fail "the tile line does not match $tile"
python3 - "$tile" <<'EOF' || fail "$tile is not a 256x256 PNG"
import struct, sys
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", data[16:24]) == (256, 256)
EOF

echo "test-package: the example built against $clone at $version and its output checked"
