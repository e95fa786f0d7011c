#!/usr/bin/env python3
"""Runs every `cairn` command-line example of README.md and docs/*.md (the lines of their ```sh
blocks that run `cairn`, continuations joined) as a user would, in a scratch directory that holds
what the examples name (scripts/test-docs.sh runs it): each must exit 0. `cairn serve` examples
must start listening. Prints one `FAIL:` line per example that does not, exits 1 when there is any.

The examples name files a reader has (stores.csv, world.mbtiles, cafe.jpg, cairn.yml with a layer
`osm`) and servers on the internet; the scratch directory has files by those names made from the
bundled Samples, and the internet templates are rewritten to the sample tiles (REWRITES below).
`…` stands for the source and region of the example before it; `[--option value]` is run with
the option. The tile exports of the cities file (`cairn clusters|grid|heatmap cities.* … --out`)
run on every 11th of its cities (cities-sample.*, about 3 100 of every country, their options as
written): the whole file took 5-25 s each in the debug build and goes through the same code. A `cairn serve` example is interrupted (SIGINT, as Ctrl-C)
as soon as it says it is listening.

Usage: scripts/lib/check-cli-examples.py ROOT CAIRN_BINARY
"""
import glob
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile

from sh_blocks import sh_lines

ROOT, BINARY = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
SAMPLE_TILES = "file://$PWD/tiles/{z}/{x}/{y}.png"

# (pattern, replacement), applied in order to every example before it runs.
REWRITES = [
    (r"curl -s https://tile\.example\.org/(\d+/\d+/\d+\.png) \|", r"cat tiles/\1 |"),
    (r"https://(\{s\}\.)?tile\.example\.org/\{z\}/\{x\}/\{y\}\.png", SAMPLE_TILES),
    (r"https://radar\.example\.org/\{t\}/", "file://$PWD/radar/{t}/"),
    (r"cairn (clusters|grid|heatmap) cities\.(csv|geojson) (.*--out )", r"cairn \1 cities-sample.\2 \3"),
    (r"--source …", "--source tiles.mbtiles"),
    (r"--bbox …", "--bbox 5.9,45.8,10.5,47.8"),
    (r"/srv/tiles", "srv-tiles"),
    (r"/etc/cairn/cairn\.yml", "cairn.yml"),
    (r"/var/cache/cairn", "$PWD/cache"),
    (r"\[(--[^\]]+)\]", r"\1"),
]


def examples(path):
    """The `cairn` command lines of the page's ```sh blocks (continuations joined, comments dropped)."""
    found = []
    for line in sh_lines(path):
        command = re.sub(r"\s+#\s.*$", "", line).strip()
        command = re.sub(r" {2,}", " ", command)
        if re.search(r"(^|\| |^(\w+=\S+ )+)cairn ", command):
            found.append(command)
    return found


def make_scratch(work):
    """The files and directories the examples name, made from the bundled samples."""
    samples = os.path.join(ROOT, "Samples")
    os.symlink(samples, os.path.join(work, "Samples"))
    shutil.copytree(os.path.join(samples, "tiles"), os.path.join(work, "tiles"))
    os.makedirs(os.path.join(work, "srv-tiles"))
    os.makedirs(os.path.join(work, "radar"))
    for time in ("0900", "0910", "0920"):
        os.symlink(os.path.join(work, "tiles"), os.path.join(work, "radar", time))
    shutil.copy(os.path.join(samples, "tiles", "2", "2", "1.png"), os.path.join(work, "tile.png"))
    points = os.path.join(samples, "points")
    os.symlink(os.path.join(points, "cities15000.csv"), os.path.join(work, "cities.csv"))
    os.symlink(os.path.join(points, "cities15000.geojson"), os.path.join(work, "cities.geojson"))
    with open(os.path.join(points, "cities15000.csv"), encoding="utf-8") as f:
        lines = f.readlines()
    with open(os.path.join(work, "cities-sample.csv"), "w", encoding="utf-8") as f:
        f.writelines(lines[:1] + lines[1::11])
    with open(os.path.join(points, "cities15000.geojson"), encoding="utf-8") as f:
        cities = json.load(f)
    cities["features"] = cities["features"][::11]
    with open(os.path.join(work, "cities-sample.geojson"), "w", encoding="utf-8") as f:
        json.dump(cities, f)
    rows = [line.rstrip("\n").split(",") for line in lines[1:2001]]
    with open(os.path.join(work, "stores.csv"), "w", encoding="utf-8") as f:
        f.write("store,x_wgs84,y_wgs84,revenue\n")
        for index, row in enumerate(rows):
            f.write(f"{index},{row[-2]},{row[-1]},{(index * 7919) % 10000}\n")
    kinds = ["restaurant", "cafe", "bar", "bakery"]
    features = [{"type": "Feature", "properties": {"kind": kinds[index % 4]},
                 "geometry": {"type": "Point", "coordinates": [float(row[-2]), float(row[-1])]}}
                for index, row in enumerate(rows)]
    with open(os.path.join(work, "shops.geojson"), "w", encoding="utf-8") as f:
        json.dump({"type": "FeatureCollection", "features": features}, f)
    # A JPEG thumbnail, made by cairn itself.
    run(["filter", "Samples/thumbnails/cairo.png", "--chain", "", "-o", "cafe.jpg"], work)
    # Archives of the sample tiles under the names the examples use.
    run(["render", "--source", "tiles", "--bbox=-180,-85,180,85", "--zoom", "0-4", "--chain", "",
         "--out", "tiles.mbtiles", "--quiet"], work)
    for name in ("world.mbtiles", "region.mbtiles", "part-0.mbtiles"):
        shutil.copy(os.path.join(work, "tiles.mbtiles"), os.path.join(work, name))
    run(["convert", "tiles.mbtiles", "region.pmtiles"], work)
    with open(os.path.join(work, "failed.txt"), "w") as f:
        f.write("# failed 2/1/0: HTTP 500\n2/1/0\n3/4/2\n")
    with open(os.path.join(work, "signing.keys"), "w") as f:
        f.write("docs-example-signing-key\n")
    os.chmod(os.path.join(work, "signing.keys"), 0o600)
    with open(os.path.join(samples, "cairn.yml"), encoding="utf-8") as f:
        config = f.read()
    # The bundled configuration, read from the scratch directory, with the examples' layer `osm`
    # (the sample world, to zoom 14) and URL signing.
    edits = [("file://tiles/", "file://Samples/tiles/"), ("file://thumbnails/", "file://Samples/thumbnails/"),
             ("dir: ../out/cache", "dir: cache"), ("file: points/", "file: Samples/points/"),
             ("file: styles/", "file: Samples/styles/"),
             ("  world:\n    source: {url: \"file://Samples/tiles/{z}/{x}/{y}.png\", maxzoom: 4}\n    maxzoom: 8\n",
              "  osm:\n    source: {url: \"file://Samples/tiles/{z}/{x}/{y}.png\", maxzoom: 4}\n    maxzoom: 14\n")]
    for old, new in edits:
        if old not in config:
            raise SystemExit(f"FAIL: Samples/cairn.yml no longer has {old!r} (scripts/lib/check-cli-examples.py makes cairn.yml from it)")
        config = config.replace(old, new)
    config += "security:\n  signing: {keys_file: signing.keys, routes: [static]}\n"
    with open(os.path.join(work, "cairn.yml"), "w", encoding="utf-8") as f:
        f.write(config)


def run(arguments, work):
    subprocess.run([BINARY] + arguments, cwd=work, check=True, capture_output=True)


def run_example(command, work, env):
    """Runs one example; returns None when it does what the docs say, else the reason."""
    for pattern, replacement in REWRITES:
        command = re.sub(pattern, replacement, command)
    if re.search(r"\bcairn serve\b", command):
        return run_server_example(re.sub(r"\bcairn serve\b", "timeout -s INT 20 cairn serve", command) + " --port 0", work, env)
    result = subprocess.run(["bash", "-c", "generate-tiles() { printf '0/0/0\\n1/1/0\\n'; }\n" + command],
                            cwd=work, env=env, capture_output=True)
    stderr = result.stderr.decode("utf-8", "replace")
    return None if result.returncode == 0 else f"exits {result.returncode}: {stderr.strip()[-300:]}"


def run_server_example(command, work, env):
    """Runs a `cairn serve` example (in a session of its own) until it says it is listening, then
    interrupts it as Ctrl-C would; `timeout` ends it after 20 s if it never does. None when it
    listened, else the reason."""
    server = subprocess.Popen(["bash", "-c", command], cwd=work, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, start_new_session=True)
    output = b""
    try:
        while b"listening" not in output:
            line = server.stdout.readline()
            if not line:
                break
            output += line
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGINT)
        output += server.stdout.read()
        server.wait()
    if b"listening" in output:
        return None
    return f"never listened: {output.decode('utf-8', 'replace').strip()[-300:]}"


def main():
    pages = [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
    commands = {}
    for page in pages:
        for command in examples(page):
            commands.setdefault(command, os.path.relpath(page, ROOT))
    if len(commands) < 40:
        print(f"FAIL: found only {len(commands)} cairn examples in README.md and docs/*.md")
        return 1
    with tempfile.TemporaryDirectory() as work:
        bin_dir = os.path.join(work, ".bin")
        os.makedirs(bin_dir)
        os.symlink(BINARY, os.path.join(bin_dir, "cairn"))
        env = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ["PATH"], JOB_COMPLETION_INDEX="0")
        for name in ("CAIRN_CONFIG", "CAIRN_HOST", "CAIRN_PORT", "CAIRN_CACHE_DIR"):
            env.pop(name, None)
        make_scratch(work)
        failures = 0
        for command, page in commands.items():
            problem = run_example(command, work, env)
            if problem:
                failures += 1
                print(f"FAIL: {page}: `{command}` {problem}")
        print(f"examples: {len(commands)} cairn examples of README.md and docs/ run")
        return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
