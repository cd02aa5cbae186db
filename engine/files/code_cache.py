"""The compiled code of generated texts kept as CPython keeps a module's: marshalled, so a warm
start loads the code of the texts it ran before instead of compiling them again.

The generated effects, legality checks and expressions are kept as text
(engine/language/effect_cache.py, expression_cache.py), and compiling those texts was still a
quarter of a warm start (some two hundred `compile()` calls, about 0.3 MB of text for a
one-round game). This module keeps beside
them what `compile()` made of each text: its code object written by `marshal`, Python's own
format for bytecode (.pyc files hold the same), never `pickle`. An entry is found by the exact
text and the name it is compiled under (the text itself is the key: no hash to collide, and
Python's own string hash is cheaper than a digest of 0.3 MB), in a file that starts with the
interpreter's bytecode magic (`importlib.util.MAGIC_NUMBER`) and optimization level, so code is
only ever reused for the very text, by an interpreter that writes the same bytecode; another
Python or another text misses and compiles. The text stays the cache's truth: every caller
still has the text and asks here for its code; an entry that is missing or does not load
(`marshal` raising ValueError, EOFError or TypeError, or giving anything but code; a file of
another magic) is compiled from the text and written again. Effects and legality checks ask
here only for a text recalled from the effect cache (language/bodies.py, legality.py), so their
code is kept by the second start that runs them and a first start, which generates every text,
pays nothing for keeping code it may never run again; expressions ask for every text they
compile, and so do the folds of the hooks' modifiers and the events' listeners
(engine/core/folds.py: their texts follow from the rules; one file holds them all).

Each document has one file (`code-<hash of its path>.marshal`: the magic and level, then one
marshalled dict, (name, text) -> the code marshalled), read whole on its first use, so a start
reads a file per document; the files live in the private, checked folder of the other caches
(engine/files/cache_folder.py), and are written when the process ends with the entries this
process used, as the tree cache writes its files. The trust is that of the texts: whoever can
write that folder can already change the texts the engine runs. ROOTLAW_NO_CACHE=1 turns this
off; ROOTLAW_CACHE_DIR moves it.
"""
from __future__ import annotations

import atexit
import functools
import hashlib
import marshal
import sys
from importlib.util import MAGIC_NUMBER
from types import CodeType

from .cache_folder import data_cache_folder, is_private, prune, store_changed
from .regular import Unreadable, read_regular

_PREFIX = "code-"
_SUFFIX = ".marshal"
_FILES = 400  # document files kept; the least recently written go first
_MAX_BYTES = 40_000_000  # of one document's file
_BYTECODE = MAGIC_NUMBER + bytes([sys.flags.optimize])  # what decides the bytecode of a text


def compiled(text: str, name: str, document: str, dont_inherit: bool = False) -> CodeType:
    """`compile(text, name, "exec", dont_inherit=dont_inherit)`, from the code an earlier start
    kept for this very text in the file of `document` (what the text is generated from, the path
    of its faction file; "": not kept) when it has it; raises what compile() raises. A document's
    texts are all compiled with the same `dont_inherit` (with False, this module's own `from
    __future__` flags apply, as they did where each caller compiled its texts itself)."""
    if not document:
        return compile(text, name, "exec", dont_inherit=dont_inherit)
    where = shard(document)
    kept = _loaded(where)
    if kept is None:  # no cache folder, or one not to be trusted
        return compile(text, name, "exec", dont_inherit=dont_inherit)
    k = (name, text)
    raw = kept.get(k)
    if type(raw) is bytes:
        try:
            code = marshal.loads(raw)
        except (ValueError, EOFError, TypeError):  # damaged: compiled again and written anew
            code = None
        if type(code) is CodeType:
            _used.setdefault(where, {})[k] = raw
            return code
    code = compile(text, name, "exec", dont_inherit=dont_inherit)
    if not _changed:
        atexit.register(_store)
    _used.setdefault(where, {})[k] = marshal.dumps(code)
    _changed.add(where)
    return code


@functools.lru_cache(maxsize=None)
def shard(document: str) -> str:
    """The name of the file that keeps the code of one document's texts."""
    return f"{_PREFIX}{hashlib.sha256(document.encode()).hexdigest()[:32]}{_SUFFIX}"


# per document file, the entries this process loaded or compiled: a file written again keeps
# only these, so the code of texts since changed does not pile up
_used: dict[str, dict[tuple[str, str], bytes]] = {}
_changed: set[str] = set()  # document files with code compiled in this process


@functools.lru_cache(maxsize=None)
def _loaded(where: str) -> dict | None:
    """The entries of one document's file: empty when there is none, or it is damaged, odd
    (read_regular's checks) or written for another bytecode; None when nothing is cached
    (ROOTLAW_NO_CACHE, or a folder that is not private: code_cache then neither reads nor writes)."""
    folder = data_cache_folder()
    if folder is None or not is_private(folder):
        return None
    try:
        data = read_regular(folder / where, _MAX_BYTES, what="cache file", follow=False, owner=True)
        if not data.startswith(_BYTECODE):
            return {}
        entries = marshal.loads(memoryview(data)[len(_BYTECODE):])
    except (Unreadable, ValueError, EOFError, TypeError):
        return {}
    return entries if type(entries) is dict else {}


def _store() -> None:
    """Write the files of the documents with newly compiled code, then drop the least recently
    written files past _FILES; failing to write only costs the next start its compiling."""
    folder = store_changed(_changed, lambda where: _BYTECODE + marshal.dumps(_used[where]))
    if folder is not None:
        prune(folder, f"{_PREFIX}*{_SUFFIX}", _FILES)
