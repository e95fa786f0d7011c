#!/usr/bin/env python3
"""Holds the docs to the code (scripts/test-docs.sh runs it; see there). Prints one `FAIL:` line per
problem and exits 1 when there is any.

Usage: scripts/lib/check-docs.py ROOT CAIRN_BINARY
"""
import glob
import os
import re
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in scripts/lib
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dump_help import dump_help, flag_name, walk  # noqa: E402

ROOT, BINARY = os.path.abspath(sys.argv[1]), sys.argv[2]
DOCS = os.path.join(ROOT, "docs")
failures = []

# Links to pages another branch is adding: skipped while the page is absent, checked once it is
# there. Remove an entry when its branch is merged.


def fail(message):
    failures.append(message)
    print(f"FAIL: {message}")


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def sections(markdown):
    """(heading, body) pairs; the text before the first heading has heading ''."""
    result, heading, body = [], "", []
    fenced = False
    for line in markdown.split("\n"):
        if line.startswith("```"):
            fenced = not fenced
        if not fenced and re.match(r"#{1,6} ", line):
            result.append((heading, "\n".join(body)))
            heading, body = line.lstrip("#").strip(), []
        else:
            body.append(line)
    result.append((heading, "\n".join(body)))
    return result


# The configuration keys are held to docs/configuration.md by the Swift test ConfigKeysDocsTests,
# which reads the same tables the server reads with.

# 1. Commands and options ----------------------------------------------------------------------
dump = dump_help(BINARY)
cli = read(os.path.join(DOCS, "cli.md"))
cli_sections = dict(sections(cli))



commands = options = 0
for path, command in walk(dump):
    commands += 1
    title = " ".join(path)
    body = cli_sections.get(f"`{title}`")
    if body is None:
        fail(f"docs/cli.md: no heading ### `{title}` (run `make docs` after adding a command)")
        continue
    for argument in command.get("arguments") or []:
        if not argument.get("shouldDisplay", True):
            continue
        options += 1
        if argument["kind"] == "positional":
            wanted = [f"<{argument.get('valueName') or 'value'}>"]
        else:
            wanted = [flag_name(n) for n in argument.get("names") or []]
        for name in wanted:
            if f"`{name}`" not in body:
                fail(f"docs/cli.md: `{title}` does not document {name} (run `make docs`)")
    # The man page of the command renders and names the command and its options.
    page = os.path.join(DOCS, "man", "-".join(path) + ".1")
    if not os.path.exists(page):
        fail(f"docs/man/{os.path.basename(page)}: missing (run `make docs`)")
        continue
    rendered = subprocess.run(["man", "-l", page], capture_output=True, text=True,
                              env=dict(os.environ, LC_ALL="C", MANWIDTH="200", MAN_KEEP_FORMATTING="", MANPAGER="cat", PAGER="cat"))
    text = re.sub(r".\x08", "", rendered.stdout)
    flat = re.sub(r"\s+", " ", text)
    if rendered.returncode != 0 or "-".join(path) not in flat:
        fail(f"docs/man/{os.path.basename(page)}: man -l exits {rendered.returncode} or does not name {'-'.join(path)}: {rendered.stderr.strip()[:200]}")
        continue
    for argument in command.get("arguments") or []:
        if argument.get("shouldDisplay", True) and argument["kind"] != "positional":
            for n in argument.get("names") or []:
                name = flag_name(n)
                if not re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", flat):
                    fail(f"docs/man/{os.path.basename(page)}: man -l output lacks {name} (run `make docs`)")
print(f"cli: {commands} commands, {options} arguments and options checked in docs/cli.md and docs/man/")

# 2. Routes ------------------------------------------------------------------------------------
routes = []
route_files = [path for folder in ["App", "Admin", "OGC"] for path in glob.glob(os.path.join(ROOT, f"Sources/CairnServer/{folder}/*.swift"))]
for source in sorted(route_files):
    text = read(source)
    for method, path in re.findall(r'router\.(get|post|put|patch|delete|head)\("([^"]+)"', text):
        routes.append((method.upper(), path, os.path.relpath(source, ROOT)))
    # The cacheable routes' table (`CacheableRoute("/tiles/:layer/:z/:x/:file", …)`), registered as GETs.
    for path in re.findall(r'CacheableRoute\("([^"]+)"', text):
        routes.append(("GET", path, os.path.relpath(source, ROOT)))
    for path, method in re.findall(r'router\.on\("([^"]+)",\s*method:\s*\.(\w+)', text):
        if "**" not in path:  # catch-alls (the admin API when it is off) are not routes of their own
            routes.append((method.upper(), path, os.path.relpath(source, ROOT)))
if len(routes) < 15:
    fail(f"found only {len(routes)} routes in Sources/CairnServer/App and Admin: has the registration changed?")
http_api = read(os.path.join(DOCS, "http-api.md"))
headings = re.findall(r"^### `([A-Z]+) (/[^`]*)`\s*$", http_api, re.M)


def pattern(router_path):
    """A Hummingbird path (`/tiles/:layer/:z/:x/:file`) as a regex over documented paths."""
    parts = []
    for segment in router_path.strip("/").split("/"):
        parts.append("[^/]+" if segment.startswith(":") or segment == "*" else re.escape(segment))
    return re.compile("^/" + "/".join(parts) + "$") if parts != [""] else re.compile("^/$")


for method, path, source in routes:
    if not any(m == method and pattern(path).match(p) for m, p in headings):
        fail(f"docs/http-api.md: no heading ### `{method} /…` for the route {method} {path} registered in {source}")
# The router's templates are coarse (`/clusters/:dataset/:z/:x` serves `{id}/children`, `{id}/leaves`,
# `{id}/expansion-zoom`): the handlers compare the words in a documented path (`leaves`, `.mvt`, `@2x`,
# `card.png`) with string literals, so each such word must be one of the server's literals.
literals = set()
for source in glob.glob(os.path.join(ROOT, "Sources/CairnServer/**/*.swift"), recursive=True):
    literals.update(re.findall(r'"((?:[^"\\\n]|\\.)*)"', read(source)))
for method, path in headings:
    if not any(m == method and pattern(r).match(path) for m, r, _ in routes):
        fail(f"docs/http-api.md: ### `{method} {path}` is served by no registered route")
        continue
    served = [r for m, r, _ in routes if m == method and pattern(r).match(path)]
    router_segments = served[0].strip("/").split("/")
    for segment, template in zip(path.strip("/").split("/"), router_segments):
        if not template.startswith(":"):
            continue
        for word in re.findall(r"[@A-Za-z][\w@-]*", re.sub(r"\{[^}]*\}", " ", segment)):
            whole = re.compile(rf"(?<![\w-]){re.escape(word)}(?![\w-])")
            if not any(whole.search(literal) for literal in literals):
                fail(f"docs/http-api.md: ### `{method} {path}`: '{word}' is in no string of Sources/CairnServer, so no handler serves it")
print(f"http-api: {len(routes)} registered routes, {len(headings)} route headings checked")

# 3. Links -------------------------------------------------------------------------------------


def slug(heading, seen):
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower().replace("`", ""))
    text = text.replace(" ", "-")
    count = seen.get(text, 0)
    seen[text] = count + 1
    return text if count == 0 else f"{text}-{count}"


def anchors(path):
    seen = {}
    return {slug(h, seen) for h, _ in sections(read(path)) if h}


pages = [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(DOCS, "*.md")))
links = 0
for page in pages:
    text = re.sub(r"```.*?```", "", read(page), flags=re.S)
    text = re.sub(r"`[^`\n]*`", "", text)
    for target in re.findall(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)", text):
        if re.match(r"[a-z]+:", target):
            continue
        links += 1
        file_part, _, anchor = target.partition("#")
        resolved = os.path.normpath(os.path.join(os.path.dirname(page), file_part)) if file_part else page
        name = os.path.relpath(page, ROOT)
        if not os.path.exists(resolved):
            fail(f"{name}: link {target}: no such file")
            continue
        if anchor and resolved.endswith(".md") and anchor not in anchors(resolved):
            fail(f"{name}: link {target}: no heading with the anchor #{anchor} in {os.path.relpath(resolved, ROOT)}")
print(f"links: {links} relative links in {len(pages)} pages checked")

# 4. Size --------------------------------------------------------------------------------------
size = os.path.getsize(os.path.join(ROOT, "README.md"))
if size > 25_000:
    fail(f"README.md: {size} bytes, more than 25 kB: move details into docs/")

sys.exit(1 if failures else 0)
