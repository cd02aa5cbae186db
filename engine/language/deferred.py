"""Effects compiled on their first use, for a file that built cleanly before.

Building a faction compiles every effect of its file (its statements' closures, their syntax
trees read back from the tree cache), and a short game runs a third of them: building the rest
is about a tenth of a `rootlaw play` start. Compiling is also how a file's mistakes are found,
and every one of them must be reported when the file loads. So an effect is left for later
only when a *record* says that this very file built with no problem before: kept beside the
file's syntax trees (engine/language/tree_cache.py, as plain JSON), under a hash of the file's
text, the names its effects can use (which the card sets it names add to), the source of the
language modules and of the core's tables of events and hooks (`key`). A file that has any
problem is never recorded, so its errors come at every load.

Block ids must not depend on which effect is first used: they reach frames, saves and records.
The record keeps, effect by effect in the order the build meets them, how many ids the effect
takes; a deferred effect reserves them, and compiling it later hands out the very same ids
(checked). The record also keeps what the build notes of the file's choices
(`Vocabulary.choices`), which the names of a choice's options read from the start.

A deferred block (`Deferred`) stands in the code tables until then: it answers `len`, indexing
and iteration by compiling its effect first, and the top block's `run` and `can` compile it on
their first call, then are the compiled block's own. Only the `rootlaw play` command's own
process defers (`enable`, engine/tools/cli.py): the tools that read every statement of a file,
and programs using the library, build everything at load as before.
"""
from __future__ import annotations

import functools
import gc
import hashlib
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from rootlaw.core import hooks
from rootlaw.core.context import Ctx
from rootlaw.errors import DataError, RootlawError
from rootlaw.files.cache_folder import data_cache_folder
from rootlaw.files.documents import Document

from . import tree_cache
from .effect_cache import compiler_version

if TYPE_CHECKING:
    from .compiler import Compiler, Vocabulary

_ENABLED = False


def enable() -> None:
    """Defer the effects of files that built cleanly before, for the rest of this process."""
    global _ENABLED
    _ENABLED = True


@functools.lru_cache(maxsize=1)
def _core_tables() -> str:
    """The source of the core's events and hooks, which the compiler checks names against."""
    return hashlib.sha256(Path(hooks.__file__).read_bytes()).hexdigest()


def key(doc: Document, vocab: "Vocabulary") -> str | None:
    """The record's key for this file and vocabulary; None where nothing is deferred (not
    enabled, a file of the old language, a document without its text)."""
    if not _ENABLED or vocab.reading.legacy or not doc.digest():
        return None
    names = (vocab.faction, vocab.pieces, vocab.variables, vocab.words, vocab.actions, vocab.piles or (),
             vocab.states or (), vocab.phrases)
    parts = ["built", compiler_version(), _core_tables(), doc.digest(), str(vocab.reading.language),
             *("\1".join(sorted(map(str, part))) for part in names),
             "\1".join(f"{k}={v}" for k, v in sorted(vocab.params.items()))]
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()


def order(code: dict[str, Any], start: int, span: int) -> tuple[int, list[int]]:
    """How many ids an effect compiled just now took after `start`, and the order its blocks
    entered the code table (each block after those inside it), as numbers past `start`."""
    last = [int(cid.rsplit("/", 1)[1]) - start for cid, _ in zip(reversed(code), range(span))]
    return span, last[::-1]


class Record:
    """What a clean build of a file noted: each effect's ability, how many ids it took and the
    order its blocks entered the code table, in the order the build compiled them; and the
    file's choices."""

    def __init__(self, spans: list[list], choices: dict[str, dict[str, Any]]) -> None:
        self.spans, self.choices = spans, choices
        self.next = 0

    @classmethod
    def recall(cls, k: str, doc: Document) -> "Record | None":
        kept = tree_cache.recall(k, tree_cache.shard(doc.source))
        try:
            spans, choices = kept["spans"], kept["choices"]
            if all(type(a) is str and type(n) is int and sorted(o) == list(range(1, n + 1)) for a, n, o in spans) \
                    and all(type(c) is str and type(v) is dict for c, v in choices.items()):
                return cls(spans, choices)
        except (TypeError, ValueError, KeyError, AttributeError):
            pass
        return None

    def span(self, ability: str) -> list[int] | None:
        """The order of the next effect's block ids, as numbers past the counter; None when the
        record does not say (then the build goes on compiling)."""
        if self.next >= len(self.spans) or self.spans[self.next][0] != ability:
            return None
        self.next += 1
        return self.spans[self.next - 1][2]


def recall(doc: Document, vocab: "Vocabulary") -> tuple[str | None, Record | None]:
    """The key of the file's record and the record, if it built cleanly before (then its
    choices are the vocabulary's already); give both to `Compiler` and `finish`."""
    k = key(doc, vocab)
    record = Record.recall(k, doc) if k is not None else None
    if record is not None:
        vocab.choices.update(record.choices)
    return k, record


def finish(k: str | None, record: Record | None, comp: "Compiler", doc: Document) -> None:
    """Record a file that has just built with no problem, every effect compiled (kept when the
    process ends)."""
    if k is not None and record is None and comp.record is None:
        entry = {"spans": comp.spans, "choices": dict(comp.vocab.choices)}
        tree_cache.remember(k, entry, tree_cache.shard(doc.source))


class Effect:
    """One deferred effect: what compiling it takes, and its blocks until then."""

    def __init__(self, comp: "Compiler", args: tuple, start: int, span: int) -> None:
        self.comp, self.args, self.start, self.span = comp, args, start, span
        self.blocks: list[Deferred] = []  # its top block first

    def compile(self) -> None:
        """Compile the effect now, with the ids it reserved; each deferred block takes its
        compiled block (the code table keeps the deferred ones, which now answer at once)."""
        comp = self.comp
        vocab = comp.vocab
        counter, before = vocab.counter, len(vocab.problems)
        vocab.counter = self.start
        collecting = gc.isenabled()  # what compiling makes lives as long as the rules: see tools/cli.py
        gc.disable()
        try:
            comp.compile_effect(*self.args)
            taken = vocab.counter - self.start
        finally:
            vocab.counter = counter
            if collecting:
                gc.freeze()
                gc.enable()
        problems = vocab.problems[before:]
        del vocab.problems[before:]
        if problems:
            raise DataError(problems)
        if taken != self.span:  # a record damaged on the disk: the cache is wrong, not the file
            raise RootlawError(f"{self.args[0].source}: the cache's record of this file does not match it "
                               f"(effect '{self.args[3]}'); delete the folder {data_cache_folder()} "
                               "and start again")
        for block in self.blocks:
            compiled = vocab.code[block.code]
            block.stmts, block.run, block.can = compiled, compiled.run, compiled.can
            vocab.code[block.code] = block


class Deferred:
    """A block of a deferred effect, in the code tables in its place (see the module's text)."""

    __slots__ = ("code", "effect", "stmts", "run", "can")

    def __init__(self, code: str, effect: Effect) -> None:
        self.code, self.effect, self.stmts = code, effect, None
        self.run: Callable | None = None
        self.can: Callable | None = None

    def compiled(self) -> tuple:
        if self.stmts is None:
            self.effect.compile()
        return self.stmts

    def __len__(self) -> int:
        return len(self.stmts if self.stmts is not None else self.compiled())

    def __getitem__(self, i: Any) -> Any:
        return (self.stmts if self.stmts is not None else self.compiled())[i]

    def __iter__(self) -> Any:
        return iter(self.compiled())

    def __repr__(self) -> str:
        return f"Deferred({self.code!r})"


def defer(comp: "Compiler", args: tuple, order: list[int]) -> str:
    """Reserve the effect's ids and put deferred blocks under them, in the order compiling
    them would; the id of its top block."""
    vocab = comp.vocab
    effect = Effect(comp, args, vocab.counter, len(order))
    vocab.counter += len(order)
    blocks = {n: Deferred(f"{vocab.faction}/{args[3]}/{effect.start + n}", effect) for n in order}
    for n in order:
        vocab.code[blocks[n].code] = blocks[n]
    effect.blocks = [blocks[n] for n in sorted(blocks)]
    top = effect.blocks[0]

    def run(game: Any, f: dict) -> None:
        top.compiled()
        return top.run(game, f)

    def can(game: Any, me: str, env: dict) -> bool:
        stmts = top.compiled()
        if top.can is not None:
            return top.can(game, me, env)
        return not stmts or stmts[0].possible(Ctx(game, me, env))  # as actions.startable asks

    top.run, top.can = run, can
    return top.code
