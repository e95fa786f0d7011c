#!/usr/bin/env python3
"""Runs the `curl` examples of README.md and docs/http-api.md against a real `cairn serve` of the
bundled Samples/cairn.yml on a free loopback port (scripts/test-docs.sh runs it): every example
that names http://127.0.0.1:8080 must get a 2xx answer. Prints one `FAIL:` line per example that
does not, exits 1 when there is any.

Usage: scripts/lib/check-doc-examples.py ROOT CAIRN_BINARY
"""
import os
import re
import subprocess
import sys
import tempfile
import time

from sh_blocks import sh_lines

ROOT, BINARY = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
BASE = "http://127.0.0.1:8080"
TOKEN = "docs-example-token"


def examples(path):
    """The curl command lines of the page's ```sh blocks (continuations joined) that name BASE."""
    return [line for line in sh_lines(path) if line.startswith("curl ") and BASE in line]


def main():
    pages = [os.path.join(ROOT, "README.md"), os.path.join(ROOT, "docs", "http-api.md")]
    commands = [(os.path.relpath(p, ROOT), c) for p in pages for c in examples(p)]
    if len(commands) < 10:
        print(f"FAIL: found only {len(commands)} curl examples of {BASE} in README.md and docs/http-api.md")
        return 1
    with tempfile.TemporaryDirectory() as work:
        log_path = os.path.join(work, "serve.log")
        env = dict(os.environ, CAIRN_CACHE_DIR=os.path.join(work, "cache"), CAIRN_ADMIN_TOKEN=TOKEN, TOKEN=TOKEN)
        with open(log_path, "w") as log:
            server = subprocess.Popen([BINARY, "serve", "--config", os.path.join(ROOT, "Samples", "cairn.yml"),
                                       "--host", "127.0.0.1", "--port", "0"], stdout=log, stderr=subprocess.STDOUT, env=env)
        try:
            base = None
            deadline = time.monotonic() + 120
            while base is None and time.monotonic() < deadline and server.poll() is None:
                with open(log_path) as log:
                    match = re.search(r"listening.*url=(http://127\.0\.0\.1:\d+)", log.read())
                base = match.group(1) if match else None
                time.sleep(0.2)
            if base is None:
                with open(log_path) as log:
                    print(f"FAIL: cairn serve --config Samples/cairn.yml did not start: {log.read()[-500:]}")
                return 1
            failures = 0
            for page, command in commands:
                run = command.replace(BASE, base).replace("curl ", "curl --fail --silent --show-error --max-time 60 ", 1)
                result = subprocess.run(["bash", "-c", run], cwd=work, env=env, capture_output=True, text=True)
                if result.returncode != 0:
                    failures += 1
                    print(f"FAIL: {page}: `{command.split('#')[0].strip()}` exits {result.returncode}: {result.stderr.strip()[:200]}")
            print(f"examples: {len(commands)} curl examples run against cairn serve of Samples/cairn.yml")
            return 1 if failures else 0
        finally:
            server.terminate()
            server.wait(timeout=30)


if __name__ == "__main__":
    sys.exit(main())
