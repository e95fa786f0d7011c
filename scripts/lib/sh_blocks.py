"""The command lines of a Markdown page's ```sh blocks, as the docs tests read them."""
import re


def sh_lines(path):
    """Every line of the page's ```sh blocks, with backslash continuations joined."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        yield from block.replace("\\\n", " ").split("\n")
