"""Faction definitions: pieces, boxes, piles, tracks, variables, setup, turn and abilities.

`load_faction` reads a faction file, checks it against the JSON Schema, then compiles every
text written in the faction language. All problems of a file are reported together, each
with its position. Nothing in this module names a faction.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rootlaw.core.hooks import BUILT_IN_ACTIONS, PHASES
from rootlaw.core.names import title_of
from rootlaw.errors import DataError
from rootlaw.files.documents import Document, load_yaml
from rootlaw.files.resources import data_dir
from rootlaw.files.schemas import validate
from rootlaw.language import deferred
from rootlaw.language.abilities import Modifier, Trigger, compile_ability
from rootlaw.language.compiler import Compiler, Vocabulary
from rootlaw.language.phrases import Phrase, read_phrases
from rootlaw.language.runtime import ActionDef
from rootlaw.language.versions import Reading, reading_of

from .faction_names import card_labels, labels_of, named_items, step_id
from .sets import CardSet, bundled_card_sets, bundled_item_sets, load_card_set, load_item_set


@dataclass(frozen=True)
class PieceDef:
    """One kind of a faction's pieces, as its file describes it."""

    kind: str
    category: str
    count: int
    suit: str | None = None
    crafts: bool = False            # a crafting piece (Law 4.1.1)
    craft_limit: int | None = None  # at most this many of its crafting group's pieces count per clearing
    craft_group: str | None = None  # crafting pieces counted together against craft_limit (none: all ungrouped)
    family: str | None = None       # a name shared by one kind per suit (kind_of_suit(s, family))
    max_per_clearing: int | None = None
    max_per_path: int | None = None
    capacity: int | None = None     # how many pieces (markers aside) it can hold
    names: dict[str, str] = field(default_factory=dict)
    symbol: str | None = None       # the letter drawn on it in pictures (default: its name's initials)
    item: str | None = None         # a piece of category item: the item it is
    states: tuple[str, ...] = ()    # states it can be in (exhausted, damaged...)
    hit_state: str | None = None    # a hit puts it in this state instead of removing it
    permanent: bool = False         # it cannot be removed from the map


@dataclass(frozen=True)
class FactionDef:
    """A loaded faction: its pieces, parts, turn and compiled abilities (code by id)."""

    id: str
    names: dict[str, str]
    source: str
    setup_order: int
    pieces: dict[str, PieceDef]
    setup: tuple[dict, ...]
    turn: dict[str, tuple[dict, ...]]
    craft_items: bool = True
    boxes: tuple[str, ...] = ()
    piles: dict[str, str | None] = field(default_factory=dict)   # pile -> limit expression id
    tracks: dict[str, dict] = field(default_factory=dict)
    variables: dict[str, Any] = field(default_factory=dict)       # name -> starting value
    actions: dict[str, ActionDef] = field(default_factory=dict)
    triggers: tuple[Trigger, ...] = ()
    modifiers: tuple[Modifier, ...] = ()
    code: dict[str, Any] = field(default_factory=dict)
    doc: Document | None = None
    colour: str | None = None  # #rrggbb for pictures of the board
    reading: Reading = field(default_factory=Reading)  # its language, the warnings of its old constructs
    # names people read, for rootlaw.core.names: (kind, id) -> names by language (empty: unnamed)
    labels: dict[tuple[str, str], dict[str, str]] = field(default_factory=dict)
    value_names: dict[str, tuple] = field(default_factory=dict)  # var -> ((value, names), ...)
    choices: dict[str, dict] = field(default_factory=dict)       # choose decision kind -> how to read it
    internal: frozenset[str] = frozenset()  # variables of the rules' bookkeeping, on no board
    pile_names: dict[str, dict[str, str]] = field(default_factory=dict)  # pile -> names by language
    # who sees each pile, box, track and variable that is not public: "pile:NAME" -> "owner" or
    # "none" (rootlaw.core.visibility)
    visible: dict[str, str] = field(default_factory=dict)
    pack: str | None = None  # the pack of a faction seated as `pack:id` (its id is a bundled one's)
    coalition: str | None = None  # its dominance cards form coalitions (Law 9.2.8): the rule's number
    card_sets: dict[str, CardSet] = field(default_factory=dict)       # name in the file -> the set
    item_sets: dict[str, tuple[str, ...]] = field(default_factory=dict)
    phrases: dict[str, Phrase] = field(default_factory=dict)  # what `say PHRASE` says, by language

    @property
    def name(self) -> str:
        name = self.names.get("en") or next(iter(self.names.values()))
        return f"{name} [{self.pack}]" if self.pack else name  # never mistaken for the bundled one

    def display_name(self, lang: str = "en") -> str:
        """Original-language name (the first listed) with the one in `lang` beside it; a pack's
        faction seated as `pack:id` says its pack."""
        title = title_of(self.names, lang)
        return f"{title} [{self.pack}]" if self.pack else title


def load_faction(source: str | Path, text: str | None = None, language: int | None = None,
                 pack: str | None = None) -> FactionDef:
    """A faction file, read in its own `language:`, else `language` (its pack's), else the
    current one; an older language's warnings are in the result's `reading`. With `pack`, the
    faction of that pack whose id is a bundled faction's: it is seated as `pack:id`
    (qualified_id), beside the bundled one."""
    doc = load_yaml(source, text=text) if text is None else load_yaml(text=text, source=str(source))
    problems = validate(doc, "faction")
    if problems:
        raise DataError(problems)
    return build_faction(doc, language, pack)


def qualified_id(pack: str, fid: str) -> str:
    """How a game names a pack's faction that shares its id with a bundled one: `pack:id`."""
    return f"{pack}:{fid}"


def build_faction(doc: Document, language: int | None = None, pack: str | None = None) -> FactionDef:
    d: dict[str, Any] = doc.data
    reading, problems = reading_of(doc, language)
    if problems:
        raise DataError(problems)
    seat = qualified_id(pack, d["id"]) if pack else d["id"]  # its code ids must not meet the bundled one's
    pieces = {kind: PieceDef(kind=kind, category=p["category"], count=p["count"], suit=p.get("suit"),
                             crafts=p.get("crafts", False), craft_limit=p.get("craft_limit"),
                             craft_group=p.get("craft_group"), family=p.get("family"),
                             max_per_clearing=p.get("max_per_clearing"), max_per_path=p.get("max_per_path"),
                             capacity=p.get("capacity"), names=dict(p.get("names", {})), symbol=p.get("symbol"),
                             item=p.get("item", kind) if p["category"] == "item" else None,
                             states=tuple(p.get("states", ())), hit_state=p.get("hit_state"),
                             permanent=p.get("permanent", False))
              for kind, p in d["pieces"].items()}
    problems: list = []
    _check_pieces(doc, d["pieces"], problems)
    card_sets, item_sets = _sets(doc, d, problems)
    states = {st for p in pieces.values() for st in p.states}
    set_cards = {c.id for cs in card_sets.values() for c in cs.cards}
    boxes = tuple(named_items(d.get("boxes")))
    tracks = {name: {"piece": t["piece"], "values": tuple(t["values"])} for name, t in d.get("tracks", {}).items()}
    variables = {name: (v["value"] if isinstance(v, dict) else v) for name, v in d.get("vars", {}).items()}
    action_specs = d.get("actions", {})
    vocab = Vocabulary(seat, set(pieces), set(variables),
                       set(boxes) | set(d.get("piles", {})) | set(tracks) | set(action_specs) | set(named_items(d.get("words")))
                       | {p.family for p in pieces.values() if p.family} | states | set(card_sets) | set(item_sets)
                       | set_cards,
                       set(action_specs), {a: tuple(s.get("params", ())) for a, s in action_specs.items()},
                       piles=set(d.get("piles", {})), reading=reading, states=states)
    vocab.problems.extend(problems)
    phrases, vocab.phrases, phrase_problems = read_phrases(doc, d.get("phrases"))
    vocab.problems.extend(phrase_problems)
    record_key, record = deferred.recall(doc, vocab)
    comp = Compiler(vocab, record)
    problems = vocab.problems
    for name, card_set in card_sets.items():
        for card in card_set.cards:
            if card.action is not None and card.action not in action_specs:
                problems.append(doc.problem(("card_sets", name), f"card '{card.id}' of set '{card_set.id}' grants "
                                            f"the action '{card.action}', which this faction does not define",
                                            _did_you_mean(card.action, action_specs,
                                                          "define it under 'actions:'")))
    for name, track in d.get("tracks", {}).items():
        if track["piece"] not in pieces:
            problems.append(doc.problem(("tracks", name, "piece"), f"unknown piece '{track['piece']}'",
                                        _did_you_mean(track["piece"], pieces,
                                                      f"pieces of this faction: {', '.join(pieces)}")))
    piles = {name: (comp.expression(doc, ("piles", name, "limit"), spec["limit"], f"pile {name}")
                    if spec.get("limit") is not None else None)
             for name, spec in d.get("piles", {}).items()}
    pile_limits = {}
    for name, fn in piles.items():
        if fn is not None:
            code = vocab.new_id(f"pile {name}")
            vocab.code[code] = fn
            pile_limits[name] = code
        else:
            pile_limits[name] = None
    actions = {}
    for aid, spec in action_specs.items():
        if aid in BUILT_IN_ACTIONS:
            problems.append(doc.problem(("actions", aid), f"'{aid}' is a core action and cannot be redefined",
                                        "give the faction's action another name", at_key=True))
        params = tuple(spec.get("params", ()))
        when = comp.expression(doc, ("actions", aid, "if"), spec["if"], aid, params) if "if" in spec else None
        code = comp.effect(doc, ("actions", aid, "do"), spec["do"], aid, params)
        actions[aid] = ActionDef(aid, str(spec.get("rule", "")), dict(spec.get("names", {})), when, code,
                                 spec.get("once_per_turn", False), spec.get("free", False), params)
    triggers, modifiers = [], []
    for i, spec in enumerate(d.get("abilities", ())):
        if "if" in spec and _never_true(spec["if"]):
            what = "trigger" if "on" in spec else "modifier"
            problems.append(doc.problem(("abilities", i, "if"), f"ability '{spec['id']}' can never fire: "
                                        "its condition is always false",
                                        f"remove the ability, or give the {what} a condition that can hold"))
        ability = compile_ability(comp, doc, ("abilities", i), spec, spec["id"])
        if isinstance(ability, Trigger):
            triggers.append(ability)
        elif ability is not None:
            modifiers.append(ability)
    _check_alternatives(doc, d.get("abilities", ()), triggers, problems)
    turn = {phase: tuple(_step(doc, comp, ("turn", phase, i), step, action_specs, problems)
                         for i, step in enumerate(d.get("turn", {}).get(phase, ())))
            for phase in PHASES}
    setup = tuple(_setup_step(doc, comp, ("setup", i), step, pieces, problems)
                  for i, step in enumerate(d.get("setup", ())))
    if problems:
        raise DataError(problems)
    deferred.finish(record_key, record, comp, doc)
    labels, value_names = labels_of(d)
    labels = {**card_labels(c for cs in card_sets.values() for c in cs.cards), **labels}
    return FactionDef(
        id=seat, names=dict(d["names"]), source=d.get("source", ""), setup_order=d.get("setup_order", 99),
        pieces=pieces, setup=setup, turn=turn,
        craft_items=d.get("craft_items", True), boxes=boxes, piles=pile_limits, tracks=tracks,
        variables=variables, actions=actions, triggers=tuple(triggers), modifiers=tuple(modifiers),
        code=dict(vocab.code), doc=doc, colour=d.get("colour"), reading=reading,
        pile_names={name: dict(spec.get("names", {})) for name, spec in d.get("piles", {}).items()},
        pack=pack, labels=labels, value_names=value_names, choices=dict(vocab.choices),
        internal=frozenset(n for n, v in d.get("vars", {}).items() if isinstance(v, dict) and v.get("internal")),
        coalition=str(d["coalition"].get("rule", "")) if "coalition" in d else None,
        card_sets=card_sets, item_sets=item_sets,
        visible=_visibilities(d), phrases=phrases,
    )


def _check_pieces(doc: Document, specs: dict, problems: list) -> None:
    """What the schema cannot say about a piece: a hit state is one of its states, only items
    name an item, and items are never hit by pieces standing in a clearing."""
    for kind, p in specs.items():
        if "hit_state" in p and p["hit_state"] not in p.get("states", ()):
            problems.append(doc.problem(("pieces", kind, "hit_state"),
                                        f"piece '{kind}' takes hits as '{p['hit_state']}', which is not one of its states",
                                        f"add it to states: [{', '.join([*p.get('states', ()), p['hit_state']])}]"))
        if "item" in p and p["category"] != "item":
            problems.append(doc.problem(("pieces", kind, "item"), f"piece '{kind}' is a {p['category']}, not an item",
                                        "only a piece of category item stands for an item", at_key=True))


def _sets(doc: Document, d: dict, problems: list) -> tuple[dict[str, CardSet], dict[str, tuple[str, ...]]]:
    """The card sets and item sets the file names, loaded from the bundled data by id; ids of
    the cards of different sets must differ, since the language names a card by its id."""
    card_sets = _bundled(doc, d, "card_sets", "card set", bundled_card_sets(), load_card_set, problems)
    owner: dict[str, str] = {}
    for name, card_set in card_sets.items():
        for card in card_set.cards:
            if card.id in owner:
                problems.append(doc.problem(("card_sets", name), f"card '{card.id}' is in the sets '{owner[card.id]}' "
                                            f"and '{card_set.id}'", "the language names a card by its id: use sets "
                                            "whose card ids differ"))
            owner[card.id] = card_set.id
    return card_sets, _bundled(doc, d, "item_sets", "item set", bundled_item_sets(), load_item_set, problems)


def _bundled(doc: Document, d: dict, key: str, what: str, bundled: dict[str, Path], load: Any,
             problems: list) -> dict[str, Any]:
    """name -> the loaded bundled file of each `name: id` under `key`; an unknown id is a problem."""
    out = {}
    for name, set_id in d.get(key, {}).items():
        if set_id in bundled:
            out[name] = load(bundled[set_id])
        else:
            problems.append(doc.problem((key, name), f"unknown {what} '{set_id}'",
                                        _did_you_mean(set_id, bundled, f"{what}s: {', '.join(bundled) or 'none'}")))
    return out


def _visibilities(d: dict) -> dict[str, str]:
    """"pile:NAME" -> "owner" | "none" for every part the file hides; public parts are left out."""
    out = {}
    boxes = d.get("boxes") if isinstance(d.get("boxes"), dict) else {}  # a list of names: all public
    for what, specs in (("pile", d.get("piles", {})), ("box", boxes), ("track", d.get("tracks", {})),
                        ("var", d.get("vars", {}))):
        for name, spec in specs.items():
            if isinstance(spec, dict) and spec.get("visible", "all") != "all":
                out[f"{what}:{name}"] = spec["visible"]
    return out


def _step(doc: Document, comp: Compiler, path: tuple, step: Any, actions: dict, problems: list) -> dict:
    """A turn step in normal form: {"kind": ..., "rule": ...} plus compiled parts by code id."""
    if step == "craft":
        return {"kind": "craft", "rule": "4.1"}
    rule = str(step.get("rule", ""))
    if "do" in step:
        label = step_id(path[1], path[2])
        return {"kind": "do", "rule": rule, "label": label,
                "code": comp.effect(doc, path + ("do",), step["do"], label)}
    if "actions" in step:
        spec = step["actions"]
        for i, choice in enumerate(spec["choices"]):
            if choice not in actions and choice not in BUILT_IN_ACTIONS:
                problems.append(doc.problem(path + ("actions", "choices", i), f"unknown action '{choice}'",
                                            _did_you_mean(choice, (*actions, *BUILT_IN_ACTIONS),
                                                          "define it under 'actions:' or use "
                                                          + ", ".join(BUILT_IN_ACTIONS))))
        limit = _expr_id(comp, doc, path + ("actions", "limit"), spec.get("limit"), "limit")
        return {"kind": "actions", "rule": rule, "choices": tuple(spec["choices"]), "limit": limit,
                "extra_per_bird": spec.get("extra_per_bird", False)}
    if "draw" in step:
        return {"kind": "draw", "rule": rule, "count": _expr_id(comp, doc, path + ("draw",), step["draw"], "draw")}
    return {"kind": "discard_to", "rule": rule,
            "limit": _expr_id(comp, doc, path + ("discard_to",), step["discard_to"], "hand limit")}


def _setup_step(doc: Document, comp: Compiler, path: tuple, step: dict, pieces: dict, problems: list) -> dict:
    rule = str(step.get("rule", "5.1"))
    if "do" in step:
        return {"kind": "do", "rule": rule, "code": comp.effect(doc, path + ("do",), step["do"], "setup")}
    for kind, count in step["home"]["pieces"].items():
        if kind not in pieces:
            problems.append(doc.problem(path + ("home", "pieces", kind), f"unknown piece '{kind}'",
                                        _did_you_mean(kind, pieces, f"pieces of this faction: {', '.join(pieces)}"),
                                        at_key=True))
        elif count > pieces[kind].count:
            problems.append(doc.problem(path + ("home", "pieces", kind),
                                        f"the home gets {count:,} {kind} but the faction has only {pieces[kind].count}",
                                        f"at most {pieces[kind].count}: the setup places pieces from the supply"))
    only = step["home"].get("if")
    return {"kind": "home", "rule": rule, "where": step["home"].get("where", "corner"),
            "pieces": tuple(step["home"]["pieces"].items()),
            "if": _expr_id(comp, doc, path + ("home", "if"), only, "home", ("clearing",)) if only is not None else None}


def _check_alternatives(doc: Document, specs: Any, triggers: list[Trigger], problems: list) -> None:
    """`exclusive_with` names other triggers of the faction on the same event."""
    events = {t.id: t.event for t in triggers}
    for i, spec in enumerate(specs):
        for j, other in enumerate(spec.get("exclusive_with", ())):
            where = ("abilities", i, "exclusive_with", j)
            if other == spec["id"]:
                problems.append(doc.problem(where, f"ability '{other}' cannot be its own alternative"))
            elif other not in events:
                problems.append(doc.problem(where, f"'{other}' is not a trigger of this faction",
                                            _did_you_mean(other, events, "name another trigger (on/if/do) of this file")))
            elif spec["id"] in events and events[other] != events[spec["id"]]:
                problems.append(doc.problem(where, f"'{other}' reacts to {events[other]}, not to {events[spec['id']]}",
                                            "alternatives are set off by the same event"))


def _did_you_mean(word: Any, known: Any, fallback: str) -> str:
    """'did you mean X?' for a likely typo, otherwise `fallback`."""
    import difflib  # only for a mistake's hint: not imported at start
    close = difflib.get_close_matches(str(word), [str(k) for k in known], 1)
    return f"did you mean '{close[0]}'?" if close else fallback


_FALSE_TEXTS = {"false", "none", "0", "not true"}


def _never_true(condition: Any) -> bool:
    """Whether an ability's condition is a constant that never holds: YAML false or 0, or a
    text that is only `false`, `none`, `0` or `not true` (in parentheses or not)."""
    if isinstance(condition, (bool, int)):
        return not condition
    text = " ".join(line.split("#", 1)[0] for line in str(condition).splitlines()).strip()
    while text.startswith("(") and text.endswith(")"):
        text = text[1:-1].strip()
    return " ".join(text.split()) in _FALSE_TEXTS


def _expr_id(comp: Compiler, doc: Document, path: tuple, text: Any, what: str,
             bound: tuple[str, ...] = ()) -> str | None:
    if text is None:
        return None
    fn = comp.expression(doc, path, text, what, bound)
    code = comp.vocab.new_id(what)
    comp.vocab.code[code] = fn
    return code


def bundled_factions() -> dict[str, Path]:
    """Faction id -> file, for the factions that ship with rootlaw."""
    return {p.stem: p for p in sorted(data_dir("factions").glob("*.yaml"))}
