"""The `rootlaw` command's entry point (pyproject.toml's script): the command's modules imported
with the garbage collector at rest.

Importing them makes some 40,000 objects (classes, functions, tables) that live as long as the
process, and no garbage: a collector left on walks them a few dozen times while they are made
(about 1% of a `rootlaw play` start). In the command's own process they are imported with it
off, then frozen (later collections skip them) before it is turned on again, as `rootlaw play`
does with the rules it builds (tools/cli.py, `_built`); and the methods their dataclasses write
come from the code cache (files/dataclass_code.py). Calling `rootlaw.tools.cli.main` from
another program changes nothing of its collector or its classes.
"""
from __future__ import annotations

import gc


def main() -> int:
    gc.disable()
    from rootlaw.files.dataclass_code import kept_methods
    with kept_methods():  # the classes' methods compiled at an earlier start
        from .cli import main as command
    gc.freeze()
    gc.enable()
    return command()
