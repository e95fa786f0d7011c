#!/usr/bin/env python3
"""Prints, one per line, the swiftc arguments that build a fuzz target against the libraries of a
SwiftPM build, read from that build's llbuild manifest (SCRATCH/debug.yaml). Used by scripts/fuzz.sh.

Usage: scripts/fuzz-flags.py SCRATCH/debug.yaml compile|objects|libraries

  compile    how the `cairn` module is compiled (module maps and include paths of every C module,
             the package name that opens `package` declarations, sanitizers, defines), without
             what names cairn's own sources, outputs and entry point
  objects    the object files the `cairn` executable links, without cairn's own
  libraries  the libraries and linker flags it links with, without its objects, output and entry point
"""
import json
import sys

# Flags that name cairn's own sources, outputs or entry point, with how many values follow each.
DROPPED = {"-module-name": 1, "-emit-dependencies": 0, "-emit-module": 0, "-emit-module-path": 1,
           "-output-file-map": 1, "-incremental": 0, "-c": 0, "-enable-batch-mode": 0,
           "-serialize-diagnostics": 0, "-index-store-path": 1, "-parseable-output": 0,
           "-color-diagnostics": 0, "-emit-executable": 0, "-o": 1}


def command(manifest, matches):
    """The `inputs` and `args` of the first manifest command whose description `matches`."""
    lines = open(manifest, encoding="utf-8").read().splitlines()
    for number, line in enumerate(lines):
        text = line.strip()
        if text.startswith("description: ") and matches(json.loads(text[len("description: "):])):
            fields = {}
            for following in lines[number - 4:number + 4]:
                key, _, value = following.strip().partition(": ")
                if key in ("inputs", "args"):
                    fields[key] = json.loads(value)
            return fields
    sys.exit(f"fuzz-flags: no such command in {manifest}; build the 'cairn' target first")


def without_own(args):
    """`args` without the dropped flags and their values, sources, file lists, -jN and the entry point."""
    kept, skip = [], 0
    for index, arg in enumerate(args[1:], start=1):
        pair = (arg, args[index + 1] if index + 1 < len(args) else "")
        if skip:
            skip -= 1
        elif arg in DROPPED:
            skip = DROPPED[arg]
        elif pair in (("-Xfrontend", "-entry-point-function-name"), ("-Xlinker", "--defsym")):
            skip = 3
        elif not (arg.startswith("-j") or arg.startswith("@") or arg.endswith((".swift", ".o"))):
            kept.append(arg)
    return kept


def main():
    if len(sys.argv) != 3 or sys.argv[2] not in ("compile", "objects", "libraries"):
        sys.exit(__doc__)
    manifest, what = sys.argv[1], sys.argv[2]
    if what == "compile":
        found = command(manifest, lambda text: text.startswith("Compiling Swift Module 'cairn'"))
        print("\n".join(without_own(found["args"])))
        return
    link = command(manifest, lambda text: text.startswith("Linking ") and text.endswith("/cairn"))
    if what == "objects":
        # `.swiftmodule.o` only wraps a module's AST for the debugger, and is made only for a link.
        print("\n".join(path for path in link["inputs"] if path.endswith(".o") and "/cairn.build/" not in path
                         and not path.endswith(".swiftmodule.o")))
    else:
        print("\n".join(without_own(link["args"])))


if __name__ == "__main__":
    main()
