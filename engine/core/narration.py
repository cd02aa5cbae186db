"""The game log told to each seat, in its language.

A log entry is plain data: `{"round", "phase", "kind", ...arguments}`, whose arguments are typed
by their names (faction ids, clearing numbers, card ids, piece kinds with counts, numbers,
ability ids; `ARGUMENTS`), plus `"to"`, the seats that may read its secret part (the cards a
player draws, takes or is shown), when it has one. Saves and records keep every entry whole;
text is made only when someone reads the log, for that reader and in their language, from the
templates of `engine/data/log/<language>.yaml` (the file says how a template picks its variant).
Adding a language is adding such a file. Saves written before entries were data hold plain
lines; they are shown as they were written.

A reader is a seat (a faction id), `WHOLE_TRUTH` (records, scenarios, games of bots only) or
`SPECTATOR` (someone at the table who is no player: the public part only).
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from . import names as n

if TYPE_CHECKING:
    from .game import Game

WHOLE_TRUTH: str | None = None
SPECTATOR = ""  # no faction id is empty
MAX_LANGUAGE_BYTES = 1 << 20  # a log language file is bundled data, a few kilobytes

# what each argument name holds, so a template can say {faction} or {card:suit}
ARGUMENTS = {
    "faction": "faction", "defender": "faction", "victim": "faction", "winner": "faction",
    "shown_to": "faction", "owner": "faction", "by": "faction",
    "factions": "factions", "card": "card", "cards": "cards", "pieces": "pieces", "piece_kind": "kind",
    "pile": "pile", "ability": "ability", "abilities": "abilities", "action": "action", "place": "place",
    "clearing": "place", "origin": "place", "dest": "place", "path": "place", "removed": "removed",
    "holder": "holder", "item": "item", "state": "state", "clearings": "places", "phrase": "phrase",
    "values": "values",
}
# the kinds a faction's phrase may give a value (`{c:clearing}`), as the arguments they name like
VALUE_KINDS = {"clearing": "place", "faction": "faction", "card": "card", "suit": "suit", "item": "item",
               "piece": "kind", "word": "state", "action": "action", "number": "number"}
ROLES = ("victim", "shown_to", "owner")  # arguments naming a reader who gets a variant of their own


def data_dir(kind: str) -> Any:
    """The bundled data folder (read when the log is first read: a game plays without it)."""
    from rootlaw.files.resources import data_dir as bundled
    return bundled(kind)


@lru_cache(maxsize=None)
def language(lang: str) -> dict:
    """The templates of one language (the file is bundled data, read once)."""
    import yaml

    from rootlaw.files.regular import read_regular  # here: `import rootlaw` loads no file reader

    folder = data_dir("log")
    path = folder / f"{lang}.yaml"
    if not re.fullmatch(r"[a-z]{2}(-[A-Z]{2})?", lang) or not path.is_file():
        raise ValueError(f"no log language '{lang}' (languages: {', '.join(languages())})")
    return yaml.safe_load(read_regular(path, MAX_LANGUAGE_BYTES, what="log language file").decode("utf-8"))


def languages() -> list[str]:
    return sorted(p.stem for p in data_dir("log").glob("*.yaml"))


def may_read(entry: dict, reader: str | None) -> bool:
    """Whether `reader` may read the entry's secret part (an entry without one is public)."""
    return reader is WHOLE_TRUTH or "to" not in entry or reader in entry["to"]


def variant(entry: dict, reader: str | None, templates: dict) -> str:
    """The template for this reader: see the language file's header."""
    if reader is WHOLE_TRUTH:
        return templates["text"]
    if not may_read(entry, reader):
        return templates.get("others", "")
    if reader == entry.get("faction") and "you" in templates:
        return templates["you"]
    for role in ROLES:
        if role in templates and entry.get(role) == reader:
            return templates[role]
    return templates["text"]


def render(game: "Game", entry: Any, reader: str | None = WHOLE_TRUTH, lang: str = "en") -> str:
    """One entry as `reader` may read it, in `lang`."""
    if isinstance(entry, str):  # a line of a save written before entries were data
        return entry
    words = language(lang)
    try:
        prefix = words["prefix"].format(round=entry["round"], phase=n.term(entry["phase"], lang))
        template = variant(entry, reader, words["kinds"][entry["kind"]])
        if not template:
            return prefix + words["words"]["hidden"]
        return prefix + template.format_map(_Arguments(game, entry, words, lang))
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        return f"[{entry.get('kind', '?') if isinstance(entry, dict) else '?'}]"


def render_reason(game: "Game", why: dict, lang: str = "en") -> str:
    """A score's reason alone (the trace gives it in English)."""
    words = language(lang)
    try:
        return words["reasons"][why["reason"]].format_map(_Arguments(game, why, words, lang))
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        return str(why.get("reason", "?"))


def log_lines(game: "Game", reader: str | None = WHOLE_TRUTH, lang: str = "en", start: int = 0) -> list[str]:
    """The log from entry `start` on, as `reader` may read it."""
    return [render(game, e, reader, lang) for e in game.s.log[start:]]


def log_lines_with_rules(game: "Game", lang: str = "en", start: int = 0, last: bool = False) -> list[str]:
    """The whole log from entry `start` on with, before each line, the rules that fired since the
    line before, in the order they fired (`play --rules`, for rules-lawyers); `last`: then the
    rules fired since the last line. A save from before entries kept this shows its lines alone."""
    log, out, cards = game.s.log, [], {c.id for c in game.rules.deck.cards}
    for i in range(start, len(log)):
        lo = _traced(log[i - 1]) if i > 0 else 0
        out += _fired(game, lo, _traced(log[i]), lang, cards)
        out.append(render(game, log[i], WHOLE_TRUTH, lang))
    if last and log:
        out += _fired(game, _traced(log[-1]), len(game.s.trace), lang, cards)
    return out


def _traced(entry: Any) -> int | None:
    return entry.get("traced") if isinstance(entry, dict) and _whole(entry.get("traced")) else None


def _fired(game: "Game", lo: int | None, hi: int | None, lang: str, cards: set[str]) -> list[str]:
    """One indented line naming the rules traced from `lo` to `hi`: '4.3 · 1.2.4 Revenant'."""
    if lo is None or hi is None or hi <= lo:
        return []
    fired: list[list[str]] = []  # [rule number, name]: one entry per rule in a row, named if any is
    rules = game.rules
    for rule, text in game.s.trace[lo:hi]:
        owner, _, what = str(text).partition(": ")
        name = ""
        if owner in rules.factions and re.fullmatch(r"[a-z][a-z0-9_]*|(birdsong|daylight|evening) step \d+", what):
            name = n.source_name(rules, what, lang, owner)
        if rule in cards:  # a card's own ability: its name is the rule
            rule, name = "", n.source_name(rules, rule, lang)
        if fired and fired[-1][0] == rule and (fired[-1][1] == name or not name or not fired[-1][1]):
            fired[-1][1] = fired[-1][1] or name
        elif rule != "-" or name:
            fired.append([rule if rule != "-" else "", name])
    names = [f"{rule} {name}".strip() for rule, name in fired]
    return [f"      {language(lang)['words']['rules']}: " + " · ".join(names)] if names else []


def entry_problem(game: "Game", entry: Any) -> str | None:
    """What is wrong with a loaded log entry (a saved game is not trusted), or None."""
    if isinstance(entry, str):
        return None
    if not isinstance(entry, dict) or not isinstance(entry.get("kind"), str) \
            or entry["kind"] not in language("en")["kinds"]:
        return "a log entry of no known kind"
    if not isinstance(entry.get("round"), int) or not isinstance(entry.get("phase"), str):
        return f"a '{entry['kind']}' log entry without its round and phase"
    cards = len(game.rules.deck.cards)
    for key, value in entry.items():
        kind = ARGUMENTS.get(key)
        good = (
            isinstance(value, list) and all(f in game.rules.factions for f in value) if key in ("to", "factions")
            else value in game.rules.factions if kind == "faction"
            else _whole(value) and 0 <= value < cards if kind == "card"
            else isinstance(value, list) and all(_whole(c) and 0 <= c < cards for c in value) if kind == "cards"
            else isinstance(value, list) and all(isinstance(p, list) and len(p) == 2 and isinstance(p[0], str)
                                                 and _whole(p[1]) for p in value) if kind == "pieces"
            else isinstance(value, list) and all(isinstance(p, list) and len(p) == 4 and p[0] in game.rules.factions
                                                 and isinstance(p[1], str) and _whole(p[2]) for p in value)
            if kind == "removed"
            else isinstance(value, list) and len(value) == 2 and value[0] in game.rules.factions if kind == "holder"
            else isinstance(value, list) and all(isinstance(a, str) for a in value) if kind == "abilities"
            else isinstance(value, list) and all(isinstance(c, (int, str)) for c in value) if kind == "places"
            else isinstance(value, list) and _plain_data(value) if kind == "values"
            else isinstance(value, (str, int, type(None))) or isinstance(value, bool))
        if not good:
            return f"a '{entry['kind']}' log entry whose '{key}' is not what it should be"
    if entry["kind"] in ("score", "lose") and not (_whole(entry.get("points")) and "faction" in entry):
        return f"a '{entry['kind']}' log entry without its faction and points"
    if entry["kind"] == "phrase" and not (entry.get("phrase") in getattr(game.rules.factions.get(entry.get("faction")),
                                                                         "phrases", {}) and "values" in entry):
        return "a 'phrase' log entry naming no phrase of its faction"
    return None


def _plain_data(value: Any) -> bool:
    """Whether a value is made of numbers, texts, true/false, none and lists of them."""
    if isinstance(value, list):
        return all(_plain_data(v) for v in value)
    return isinstance(value, (str, int, type(None)))


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _Arguments(dict):
    """An entry's arguments, each formatted by its type (`ARGUMENTS`) for `str.format_map`,
    named as `rootlaw.core.names` names things for people, in the reader's language."""

    def __init__(self, game: "Game", entry: dict, words: dict, lang: str) -> None:
        super().__init__()
        self.game, self.entry, self.words, self.lang = game, entry, words, lang

    def __missing__(self, key: str) -> Any:
        entry, rules, lang = self.entry, self.game.rules, self.lang
        if key == "count" and "count" not in entry:
            return _Number(len(entry["cards"]), self.words)
        if key == "reason":
            return self.words["reasons"][entry["reason"]].format_map(self)
        owner = entry.get("by") if key == "ability" and "by" in entry else entry.get("owner", entry.get("faction"))
        if key == "counted":  # "2 warriors": a count of one piece kind
            return n.count_name(rules, "piece", entry["piece_kind"], entry["count"], lang, owner)
        if key in ("all_hits", "defender_all_hits"):  # all the hits of one side of a battle
            side = "" if key == "all_hits" else "defender_"
            return _Number(entry[f"{side}hits"] + entry[f"{side}extra"], self.words)
        if key == "ending":
            return _ending(entry["ended"], self.words)
        if key == "phrase":  # a faction's phrase, in the reader's language, its values named
            return self.phrase(entry["faction"], entry["phrase"], entry["values"])
        return self.named(ARGUMENTS.get(key), entry[key], owner)

    def named(self, kind: str | None, value: Any, owner: str | None) -> Any:
        """One value of an argument kind (`ARGUMENTS`), named in the reader's language."""
        entry, rules, lang = self.entry, self.game.rules, self.lang
        if kind == "faction":
            return _Faction(rules, value, lang)
        if kind == "factions":
            return ", ".join(n.faction_title(rules, f, lang) for f in value)
        if kind == "card":
            return _Card(rules, value, lang)
        if kind == "cards":
            return ", ".join(n.card_name(rules, c, lang) for c in value) or self.words["words"]["no_cards"]
        if kind == "pieces":
            return ", ".join(n.count_name(rules, "piece", k, c, lang, entry["faction"]) for k, c in value)
        if kind == "kind":
            return n.display_name(rules, "piece", value, lang, owner)
        if kind == "pile":
            return n.display_name(rules, "pile", value, lang, owner)
        if kind in ("ability", "action"):
            return n.source_name(rules, value, lang, owner)
        if kind == "abilities":
            return ", ".join(n.source_name(rules, a, lang, owner) for a in value)
        if kind == "place":
            return _place(self.game, value, self.words, lang)
        if kind == "places":
            return ", ".join(_place(self.game, c, self.words, lang) for c in value)
        if kind in ("item", "suit"):
            return n.term(value, lang)
        if kind == "state":
            return n.word_name(rules, value, lang, entry.get("faction"))
        if kind == "removed":  # [[faction, kind, count, place], ...]
            return ", ".join(self.words["words"]["pieces_in"].format(
                pieces=n.count_name(rules, "piece", k, c, lang, f), faction=_Faction(rules, f, lang),
                place=_place(self.game, where, self.words, lang)) for f, k, c, where in value)
        if kind == "holder":  # [faction, kind] of the piece others were put on
            return self.words["words"]["piece_of"].format(piece=n.display_name(rules, "piece", value[1], lang, value[0]),
                                                          faction=_Faction(rules, value[0], lang))
        if isinstance(value, int) and not isinstance(value, bool):
            return _Number(value, self.words)
        return value

    def phrase(self, fid: str, pid: str, values: list) -> str:
        """A phrase of a faction's file (`phrases:`), in the reader's language or else in English,
        each value named by the kind its placeholder gives (`VALUE_KINDS`)."""
        phrase = self.game.rules.factions[fid].phrases[pid]
        parts = phrase.texts.get(self.lang) or phrase.texts["en"]
        return "".join(p if isinstance(p, str) else self.phrase_value(phrase.kinds[p], values[p], fid) for p in parts)

    def phrase_value(self, kind: str | None, value: Any, owner: str) -> str:
        """A value a faction's rules hold, as a phrase's placeholder of `kind` names it: a list
        item by item, joined; without a kind (or one that does not fit), as any rule value is."""
        if isinstance(value, (list, tuple)):
            return ", ".join(self.phrase_value(kind, v, owner) for v in value) or n.shown_value(self.game.rules, (), self.lang)
        if kind in VALUE_KINDS and value is not None:
            try:
                return str(self.named(VALUE_KINDS[kind], value, owner))
            except (KeyError, IndexError, TypeError, ValueError, AttributeError):
                pass
        return n.shown_value(self.game.rules, value, self.lang, owner)


class _Number(int):
    """A number; the spec `# card|# cards` picks the plural form (`#` is the number)."""

    def __new__(cls, value: int, words: dict) -> "_Number":
        number = super().__new__(cls, value)
        number.words = words
        return number

    def __format__(self, spec: str) -> str:
        if "#" not in spec:
            return format(int(self), spec)
        forms = spec.split("|")
        return forms[_plural_form(self.words.get("plural", "one_other"), int(self), len(forms))].replace("#", str(int(self)))


def _plural_form(rule: str, count: int, forms: int) -> int:
    """Which of a template's plural forms a number takes, by the language's rule (CLDR's)."""
    if rule == "one_other":  # English, German...: 1 / other
        index = 0 if count == 1 else 1
    elif rule == "zero_one_other":  # French: 0 and 1 / other
        index = 0 if count in (0, 1) else 1
    elif rule == "one_few_many":  # Polish: 1 / 2-4 (not 12-14) / other
        index = 0 if count == 1 else 1 if count % 10 in (2, 3, 4) and count % 100 not in (12, 13, 14) else 2
    else:
        index = 0
    return min(index, forms - 1)


class _Faction(str):
    """A faction by its name in the language; `{faction:full}` is the name with the original."""

    def __new__(cls, rules: Any, fid: str, lang: str) -> "_Faction":
        if fid not in rules.factions:
            raise KeyError(fid)
        f = super().__new__(cls, n.display_name(rules, "faction", fid, lang))
        f.title = n.faction_title(rules, fid, lang)
        return f

    def __format__(self, spec: str) -> str:
        return self.title if spec == "full" else str(self)


class _Card(str):
    """'Ambush! (fox)'; `{card:name}` without the suit, `{card:suit}` the suit only."""

    def __new__(cls, rules: Any, card: int, lang: str) -> "_Card":
        if not 0 <= card < len(rules.deck.cards):
            raise IndexError(card)
        c = super().__new__(cls, n.card_name(rules, card, lang))
        c.card, c.lang = rules.deck.cards[card], lang
        return c

    def __format__(self, spec: str) -> str:
        if spec == "name":
            return self.card.name
        if spec == "suit":
            return n.term(self.card.suit, self.lang)
        return str(self)


def _place(game: "Game", where: Any, words: dict, lang: str) -> str:
    """A clearing (its number: 'Hill (1, fox)'), a path ('3-7': between two clearings' names),
    a forest (by the clearings around it) or a faction's box ('bFACTION.BOX')."""
    rules = game.rules
    if isinstance(where, int) and not isinstance(where, bool):
        return n.clearing_name(rules, where, lang, game.suit(where) if where in rules.map.clearings else None)
    if isinstance(where, str) and where.startswith("b") and "." in where:
        faction, box = where[1:].split(".", 1)
        return words["words"]["box"].format(name=n.display_name(rules, "box", box, lang, faction),
                                            faction=_Faction(rules, faction, lang))
    if isinstance(where, str) and where in rules.map.forests:
        return words["words"]["forest"].format(
            clearings=", ".join(rules.map.clearings[c].name for c in rules.map.forests[where]))
    if isinstance(where, str) and re.fullmatch(r"\d+-\d+", where):
        ends = [rules.map.clearings[int(c)].name if int(c) in rules.map.clearings else c for c in where.split("-")]
        return words["words"]["path"].format(a=ends[0], b=ends[1])
    return str(where)


def _ending(ended: str, words: dict) -> str:
    """Why a game ended, as `Game.end` says it in English, in the reader's language."""
    endings = words["endings"]
    for key, pattern in (("vp", r"reached 30 VP"), ("round_limit", r"round limit \((?P<n>\d+)\) reached"),
                         ("dominance", r"dominance \((?P<suit>\w+)\)"), ("stalled", r"stalled: (?P<why>.*)")):
        match = re.fullmatch(pattern, ended)
        if match:
            found = match.groupdict()
            if "suit" in found:
                found["suit"] = n.term(found["suit"], words.get("language", "en"))
            return endings[key].format(**found)
    return ended


__all__ = ["WHOLE_TRUTH", "SPECTATOR", "ARGUMENTS", "VALUE_KINDS", "render", "render_reason", "log_lines",
           "entry_problem", "may_read", "language", "languages"]
