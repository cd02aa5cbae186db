"""Sweeps: the same games played with each value of a faction's numbers, and under each bot.

A sweep's variants are every combination of the values asked (`--vary`, repeatable, or a
sweep file) and of the bots asked (`--bots`). Every variant plays the same games: game `t` of
each has the seed `game_seed(seed, t)` and the map `t` of the list, so its seats and its
seats' bots' seeds are the same too (common random numbers: a difference between two values
comes from the values, not from luck). Rows are numbered in the order they are played, game
by game and, within a game, variant by variant, so the rows are the same whatever the number
of workers or the backend.

With `until` the sweep plays blocks of `games` games (each variant in step) and stops after
the first block at whose end every faction of every variant is decided (rootlaw.tools.verdict),
or at `until.max_games`; it checks only at the ends of blocks, so where it stops does not
depend on how the work is split either. A sweep's plan (plan.json) holds its variants and its
`until`, so `simulate --resume` plays on only with the same values and bots, from the row it
stopped at, and stops where the uninterrupted run would have.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Callable, Iterable, Iterator

from rootlaw.agents.registry import bot_names
from rootlaw.content.factions import FactionDef
from rootlaw.content.variations import Variation, show, tunables, value_problem
from rootlaw.core import names
from rootlaw.core.game import Rules
from rootlaw.errors import DataError, RootlawError
from rootlaw.files.documents import load_yaml
from rootlaw.files.schemas import validate

from . import vary_option
from .report_words import words
from .simulate import GameSpec, Plan, game_seed
from .verdict import WIDTH, decided

MAX_VARIANTS = 100   # combinations of values and bots in one sweep


@dataclass(frozen=True)
class Axis:
    """One variable or track of a faction and the values to try; `where` says where it was written."""

    faction: str
    name: str
    values: tuple[Any, ...]
    where: str
    value_where: tuple[str, ...] = ()  # where each value was written (a sweep file's positions)


@dataclass(frozen=True)
class Variant:
    """One combination a sweep plays: values for some variables and tracks, and the bots."""

    vary: Variation
    bots: tuple[str, ...]


@dataclass(frozen=True)
class Until:
    """--until-decided: stop once every rate is decided at `width`, or after `max_games` games."""

    width: float = WIDTH
    max_games: int = 1000


@dataclass(frozen=True)
class Sweep(Plan):
    """A plan whose games are each played once per variant (`games` games per variant)."""

    variants: tuple[Variant, ...] = ()
    until: Until | None = None

    def spec(self, index: int) -> GameSpec:
        """Row `index`: game `index // variants` of the variant `index % variants`."""
        game, v = divmod(index, len(self.variants))
        variant = self.variants[v]
        return GameSpec(index, game_seed(self.seed, game), self.maps[game % len(self.maps)], self.factions,
                        variant.bots, self.round_limit, self.packs, self.deck, variant.vary)

    def specs(self, start: int = 0) -> Iterator[GameSpec]:
        return (self.spec(i) for i in range(start, self.games * len(self.variants)))

    @property
    def total(self) -> int:
        return (self.until.max_games if self.until else self.games) * len(self.variants)

    def first_games(self) -> list[GameSpec]:
        return [self.spec(v) for v in range(len(self.variants))]

    def play(self, run: Callable[[Iterable[GameSpec]], Iterator[dict]], done: list[dict] = ()) -> Iterator[dict]:
        """The rows after `done` (a resumed run's): with `until`, block by block, a block's end
        deciding whether to go on from every row up to it, played now or before."""
        if self.until is None:
            yield from run(self.specs(start=len(done)))
            return
        rows, n = list(done), len(self.variants)
        played = 0  # games per variant in the blocks before this one
        while played < self.until.max_games:
            block = min(self.games, self.until.max_games - played)
            end = (played + block) * n
            if len(rows) < end:  # (a resumed run may have played this block already)
                for row in run(self.spec(i) for i in range(len(rows), end)):
                    rows.append(row)
                    yield row
            played += block
            if decided(rows[:end], self.until.width):
                return


def make_variants(axes: list[Axis], bot_axes: list[tuple[str | None, list[str]]], bots: dict[str, str]) -> tuple[Variant, ...]:
    """Every combination of the axes' values and of the bots (`bot_axes`: (faction or None for
    every seat, bot names)), the values varying slowest; `bots` are the bots of every seat otherwise."""
    points: list[Variation] = []
    for values in itertools.product(*(axis.values for axis in axes)):
        vary: Variation = {}
        for axis, value in zip(axes, values):
            vary.setdefault(axis.faction, {})[axis.name] = value
        points.append(vary)
    settings: list[dict[str, str]] = []
    for names in itertools.product(*(choices for _, choices in bot_axes)):
        setting = dict(bots)
        for (faction, _), name in zip(bot_axes, names):
            setting.update({f: name for f in setting} if faction is None else {faction: name})
        settings.append(setting)
    count = len(points) * len(settings)
    if count > MAX_VARIANTS:
        raise RootlawError(f"the sweep has {count:,} combinations of values and bots, more than {MAX_VARIANTS}; "
                           "try fewer values, or sweep one name at a time")
    return tuple(Variant(vary, tuple(s.values())) for vary in points for s in settings)


def parse_bots(texts: list[str], factions: list[str]) -> list[tuple[str | None, list[str]]]:
    """`--bots random,greedy` (every seat plays each in turn) or `--bots FACTION=random,greedy`
    (that faction's seat does; the others keep --bot); bots by their names in the registry."""
    axes: list[tuple[str | None, list[str]]] = []
    for text in texts:
        faction, equals, names = text.rpartition("=")
        faction = faction.strip() if equals else None
        if faction is not None and faction not in factions:
            raise RootlawError(f"--bots {text}: '{faction}' does not play; the factions are {', '.join(factions)}")
        choices = [n.strip() for n in names.split(",")]
        for name in choices:
            bot_names(name, [faction or factions[0]])  # an unknown bot is refused with the registry's list
        if len(set(choices)) != len(choices) or len(choices) < 2:
            raise RootlawError(f"--bots {text}: give two or more different bots to compare")
        if any(faction == other for other, _ in axes):
            raise RootlawError(f"--bots names {'every seat' if faction is None else faction} twice")
        axes.append((faction, choices))
    return axes


def axes_from_options(texts: list[str]) -> list[Axis]:
    """The axes of `--vary FACTION.NAME=V1,V2` options."""
    return [Axis(f, n, tuple(values), f"--vary {text if len(text) <= 60 else text[:57] + '...'}")
            for text in texts for f, n, values in [vary_option.parse(text)]]


def axes_from_file(path: str) -> list[Axis]:
    """The axes of a sweep file, checked against schemas/sweep.schema.json."""
    doc = load_yaml(path, max_bytes=200_000)
    problems = validate(doc, "sweep")
    if problems:
        raise DataError(problems)
    axes = []
    for key, values in doc.data["vary"].items():
        faction, name = key.split(".")
        at = lambda *path: "{}:{}:{}".format(doc.source, *doc.where(("vary", key, *path)))  # noqa: E731
        axes.append(Axis(faction, name, tuple(values), at(), tuple(at(i) for i in range(len(values)))))
    return axes


def check_axes(axes: list[Axis], rules: Rules) -> None:
    """Every value of every axis fits its faction's schema and the kind of value its file gives;
    else one error listing each value that does not (before any game starts)."""
    seen: set[tuple[str, str]] = set()
    problems = []
    for axis in axes:
        if axis.faction not in rules.factions:
            raise RootlawError(f"{axis.where}: faction '{axis.faction}' does not play in these games; "
                               f"they are {', '.join(rules.factions)}")
        if (axis.faction, axis.name) in seen:
            raise RootlawError(f"{axis.where}: {axis.faction}.{axis.name} is varied twice")
        seen.add((axis.faction, axis.name))
        if len(set(map(repr, axis.values))) != len(axis.values):
            raise RootlawError(f"{axis.where}: a value is given twice")
        for i, value in enumerate(axis.values):
            problem = value_problem(rules.factions[axis.faction], axis.name, value)
            if problem is not None:
                where = axis.value_where[i] if axis.value_where else axis.where
                problems.append(f"{where}: value {i + 1}, {show(value)}: {problem}")
    if problems:
        raise RootlawError("\n".join(problems))


def list_tunables(f: FactionDef, lang: str = "en") -> str:
    """What `simulate --list-vary FACTION` prints: each variable and track, placeholders first,
    by the name to type and the name people read, with its value, rule and note, and an example
    of the option that varies it."""
    found, w = tunables(f), words(lang)
    if not found:
        return w("vary_none", faction=f.display_name(lang)) + "\n"
    rules = SimpleNamespace(factions={f.id: f})
    shown = {t.name: names.thing_title(rules, "track" if t.kind == "track" else "var", t.name, lang, f.id)
             for t in found}
    width, named = max(len(t.name) for t in found), max(map(len, shown.values()))
    lines = [w("vary_head", faction=f.display_name(lang))]
    for t in found:
        flag, rule = "⚠" if t.placeholder else " ", f"{t.rule or '—':8}"
        lines.append(f"{flag} {t.name:{width}}  {shown[t.name]:{named}}  {w('tunable_' + t.kind):8}  {show(t.value):24}  "
                     f"{w('vary_rule', rule=rule)} {t.note}")
    example = next((t for t in found if t.placeholder), found[0])
    lines.append(w("vary_example", command=f"rootlaw simulate --factions ... --vary '{_example(example)}'"))
    return "\n".join(lines) + "\n"


def _example(t) -> str:
    """An example option for a tunable: its value and a neighbour (numbers one up)."""
    def bumped(v: Any) -> Any:
        if isinstance(v, bool):
            return not v
        if isinstance(v, int):
            return v + 1
        if isinstance(v, list | tuple):
            return [bumped(x) for x in v]
        return v

    def text(v: Any) -> str:
        return show(v).replace(" ", "")
    return f"{t.key}={text(t.value)},{text(bumped(t.value))}"


__all__ = ["Axis", "Variant", "Until", "Sweep", "make_variants", "parse_bots", "axes_from_options",
           "axes_from_file", "check_axes", "list_tunables", "MAX_VARIANTS"]
