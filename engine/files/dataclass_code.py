"""The methods `dataclasses` writes for the command's classes, compiled once, not at every start.

Each `@dataclass` writes its methods (`__init__`, `__repr__`, `__eq__`, a frozen class's
`__setattr__`...) as Python text and hands it to `exec`, which compiles it: for the modules
`rootlaw play` imports after the package itself, 108 texts (49 KB), some 7% of a warm start's
instructions, and the very same texts at every start (they follow from the classes'
fields). So while the command's process imports its modules (`kept_methods`, tools/entry.py),
the text goes to the code cache (code_cache.py): its code marshalled under the exact text, a
miss compiled as `exec` compiles it (no `from __future__` flag of ours: `dont_inherit`) and
written at exit. `exec` then runs that code with the globals and locals `dataclasses` gave it,
so every class and method is the one it would have made (tests/test_dataclass_code.py compares
them, code object by code object).

The hook is `dataclasses`' own global `exec` (which shadows the builtin while it is set),
removed when the imports are done: a Python whose `dataclasses` calls no `exec`, or compiles
otherwise, ignores it and compiles as always. The classes of `import rootlaw` itself (the core's)
are made before the command's entry point runs, and compile as always.
"""
from __future__ import annotations

import contextlib
import dataclasses
from typing import Any, Iterator

from . import code_cache

_DOCUMENT = "<dataclasses' methods>"  # the code cache's file for these texts: no faction file's path
_NAME = "<string>"  # the name `exec` compiles a text under


@contextlib.contextmanager
def kept_methods() -> Iterator[None]:
    """While the block runs, `dataclasses` gets its methods' code from the code cache."""
    if "exec" in vars(dataclasses):  # someone else's hook: left as it is
        yield
        return
    dataclasses.exec = _exec  # type: ignore[attr-defined]
    try:
        yield
    finally:
        del dataclasses.exec  # type: ignore[attr-defined]


def _exec(source: Any, *args: Any, **kwargs: Any) -> None:
    """`exec`, a text compiled through the code cache."""
    if type(source) is str:
        source = code_cache.compiled(source, _NAME, _DOCUMENT, dont_inherit=True)
    exec(source, *args, **kwargs)  # noqa: S102 - the text dataclasses wrote
