"""The names a faction file gives its things, gathered for `rootlaw.core.names`, and the
warnings of `rootlaw validate --strict` for the things it leaves unnamed.

Every thing a faction defines gets an entry in its labels, keyed by (kind, id): its names by
language, or an empty mapping when the file gives none (then people read the id made
readable). Kinds: piece (and `plural`), action, ability, step (keyed as the rules book it,
`birdsong step 2`), var, track, pile, box, value (the faction's own words, and the cards of its
card sets, named as their set names them, with the suit they print).
"""
from __future__ import annotations

from typing import Any

from rootlaw.core.hooks import PHASES
from rootlaw.core.names import LANGUAGES, in_language, term
from rootlaw.errors import Problem
from rootlaw.files.documents import Document

Labels = dict[tuple[str, str], dict[str, str]]


def named_items(spec: Any) -> dict[str, dict]:
    """A list of names or a mapping of name -> details (boxes, words), as a mapping."""
    if isinstance(spec, dict):
        return {name: (v if isinstance(v, dict) else {}) for name, v in spec.items()}
    return {name: {} for name in spec or ()}


def step_id(phase: str, index: int) -> str:
    """How the rules name a turn step (its ability label, its VP source): 'birdsong step 2'."""
    return f"{phase} step {index + 1}"


def _things(d: dict) -> list[tuple[str, str, tuple, Any]]:
    """(kind, id, path in the file, its entry) for every thing a person may read the name of."""
    out: list[tuple[str, str, tuple, Any]] = []
    for kind, key in (("piece", "pieces"), ("action", "actions"), ("var", "vars"), ("track", "tracks"),
                      ("pile", "piles")):
        for name, spec in (d.get(key) or {}).items():
            out.append((kind, name, (key, name), spec))
    for kind, key in (("box", "boxes"), ("value", "words")):
        spec = d.get(key)
        for name, entry in named_items(spec).items():
            path = (key, name) if isinstance(spec, dict) else (key, list(spec).index(name))
            out.append((kind, name, path, entry))
    for i, ability in enumerate(d.get("abilities") or ()):
        out.append(("ability", ability["id"], ("abilities", i), ability))
    for phase in PHASES:
        for i, step in enumerate((d.get("turn") or {}).get(phase) or ()):
            out.append(("step", step_id(phase, i), ("turn", phase, i), step))
    return out


def labels_of(d: dict) -> tuple[Labels, dict[str, tuple[tuple[Any, dict[str, str]], ...]]]:
    """The faction's labels and the names its variables give their values (var -> ((value, names), ...))."""
    labels: Labels = {}
    for kind, name, _, spec in _things(d):
        entry = spec if isinstance(spec, dict) else {}
        if (kind, name) in labels and not entry.get("names"):
            continue  # two abilities of one id: the named one names both
        labels[(kind, name)] = dict(entry.get("names") or {})
        if kind == "piece" and entry.get("plural"):
            labels[("plural", name)] = dict(entry["plural"])
    values = {var: tuple((_frozen(v["value"]), dict(v["names"])) for v in spec.get("values") or ())
              for var, spec in (d.get("vars") or {}).items() if isinstance(spec, dict)}
    return labels, {var: named for var, named in values.items() if named}


def card_labels(cards: Any) -> Labels:
    """Labels of card-set cards, which the rules hold as values (a quest face up, the character
    chosen): 'Errand (fox)' when the card prints a suit, as the deck's cards are named."""
    out: Labels = {}
    for card in cards:
        names = {lang: in_language(card.names, lang) for lang in LANGUAGES}
        if card.suit:
            names = {lang: f"{name} ({term(card.suit, lang)})" for lang, name in names.items()}
        out[("value", card.id)] = names
    return out


def _frozen(value: Any) -> Any:
    return tuple(_frozen(v) for v in value) if isinstance(value, list) else value


def warning(problem: Problem) -> Problem:
    """A problem as a warning: it does not stop the file from loading."""
    return Problem(problem.file, problem.line, problem.col, problem.message, problem.hint, "warning")


def name_warnings(doc: Document) -> list[Problem]:
    """What `validate --strict` warns of: things a person reads with no name, or with no
    English one; a bare `craft` step and the core's actions are named by the core."""
    out = []
    for kind, name, path, spec in _things(doc.data):
        if not isinstance(spec, dict):
            continue  # `- craft`
        names = spec.get("names") or {}
        if kind == "step" and not names and ("draw" in spec or "discard_to" in spec or "actions" in spec):
            continue  # named by what it does
        if kind == "var" and spec.get("internal"):
            continue
        what = "turn step" if kind == "step" else kind
        shown = f"{what} '{name}'" if kind != "step" else f"the {what} {name}"
        if not names:
            out.append(warning(doc.problem(path, f"{shown} has no names; people read it as '{name.replace('_', ' ')}'",
                                           "give it names: {en: ..., fr: ..., pl: ...}", at_key=kind != "step")))
        elif "en" not in names:
            out.append(warning(doc.problem(path + ("names",), f"{shown} has no English name", "add en: to its names")))
    return sorted(out, key=lambda p: (p.line, p.col))


__all__ = ["card_labels", "labels_of", "name_warnings", "named_items", "step_id", "warning"]
