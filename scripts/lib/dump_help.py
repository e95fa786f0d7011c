"""What `cairn --experimental-dump-help` says about the commands (swift-argument-parser's ToolInfo
JSON), for scripts/docs-reference.py (which writes the reference and man pages) and
scripts/lib/check-docs.py (which checks them)."""
import json
import subprocess


def dump_help(binary):
    """The root command's ToolInfo."""
    out = subprocess.run([binary, "--experimental-dump-help"], check=True, capture_output=True, text=True).stdout
    return json.loads(out)["command"]


def walk(command, parents=()):
    """Every shown command with the names of the commands above it, depth first, in declared order."""
    path = parents + (command["commandName"],)
    yield path, command
    for sub in subcommands(command):
        yield from walk(sub, path)


def subcommands(command):
    return [s for s in command.get("subcommands") or [] if s.get("shouldDisplay", True) and s["commandName"] != "help"]


def flag_name(name):
    """`--output`, `-o` from a ToolInfo name."""
    return ("-" if name["kind"] in ("short", "longWithSingleDash") else "--") + name["name"]
