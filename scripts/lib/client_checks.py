"""What the client scripts of scripts/test-gis.sh share: checks that stop the script at the first
failure, naming it, and count the others; and an HTTP GET of a URL's bytes."""
import sys
import urllib.request


class Checks:
    """`check(condition, what)`: exits 1 naming `what` when the condition is false, else counts it."""

    def __init__(self, script):
        self.script = script
        self.passed = 0

    def __call__(self, condition, what):
        if not condition:
            print(f"{self.script}: FAIL: {what}", file=sys.stderr)
            sys.exit(1)
        self.passed += 1


def fetch(url):
    with urllib.request.urlopen(url, timeout=30) as answer:
        return answer.read()
