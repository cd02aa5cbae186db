"""What people read a game thing as: one naming API for every text shown to a person.

`display_name(rules, kind, ident, lang, faction)` names a faction, a piece kind, an action, an
ability, a turn step, a variable, a track, a pile, a box, one of a faction's own values (a
word, or a value of one variable), a clearing, a suit, a phase, an item, a
card or a VP source, in English, French or Polish. Names come from the faction files (their
`names`, keyed by language; see docs/language.md, "Names for people"), from the map and the
deck, and for the core's own words from `TERMS`. A thing a file leaves unnamed reads as its
id made readable (`stone_tower` as "stone tower"); `rootlaw validate --strict` warns of it.

It lives in the core, below everything that shows text (the log's renderer, options, pictures,
sheets, reports), and reads the factions only through the attributes of their definitions
(`names`, `labels`, `value_names`, `turn`), so it imports nothing above the core.
"""
from __future__ import annotations

from typing import Any

LANGUAGES = ("en", "fr", "pl")

# The core's words (Law of Root; French and Polish from the glossary of the project's references).
TERMS: dict[str, dict[str, str]] = {
    # suits
    "fox": {"en": "fox", "fr": "renard", "pl": "lis"},
    "rabbit": {"en": "rabbit", "fr": "lapin", "pl": "królik"},
    "mouse": {"en": "mouse", "fr": "souris", "pl": "mysz"},
    "bird": {"en": "bird", "fr": "oiseau", "pl": "ptak"},
    "any": {"en": "any suit", "fr": "n'importe quelle couleur", "pl": "dowolny symbol"},
    # piece categories
    "warrior": {"en": "warrior", "fr": "guerrier", "pl": "wojownik"},
    "building": {"en": "building", "fr": "bâtiment", "pl": "budynek"},
    "token": {"en": "token", "fr": "jeton", "pl": "żeton"},
    "pawn": {"en": "pawn", "fr": "pion", "pl": "pionek"},
    "marker": {"en": "marker", "fr": "marqueur", "pl": "znacznik"},
    # phases
    "birdsong": {"en": "Birdsong", "fr": "Aurore", "pl": "Świt"},
    "daylight": {"en": "Daylight", "fr": "Jour", "pl": "Dzień"},
    "evening": {"en": "Evening", "fr": "Crépuscule", "pl": "Wieczór"},
    "setup": {"en": "Setup", "fr": "Mise en place", "pl": "Przygotowanie"},
    # the core's actions
    "move": {"en": "Move", "fr": "Déplacement", "pl": "Ruch"},
    "battle": {"en": "Battle", "fr": "Combat", "pl": "Walka"},
    "craft": {"en": "Craft", "fr": "Fabrication", "pl": "Przekuwanie"},
    # items
    "boots": {"en": "boots", "fr": "bottes", "pl": "buty"},
    "bag": {"en": "bag", "fr": "sac", "pl": "torba"},
    "crossbow": {"en": "crossbow", "fr": "arbalète", "pl": "kusza"},
    "hammer": {"en": "hammer", "fr": "marteau", "pl": "młotek"},
    "sword": {"en": "sword", "fr": "épée", "pl": "miecz"},
    "tea": {"en": "tea", "fr": "café", "pl": "herbata"},
    "coins": {"en": "coins", "fr": "pièces", "pl": "monety"},
    "torch": {"en": "torch", "fr": "torche", "pl": "pochodnia"},
    # answers
    "yes": {"en": "yes", "fr": "oui", "pl": "tak"},
    "no": {"en": "no", "fr": "non", "pl": "nie"},
    "none": {"en": "none", "fr": "aucun", "pl": "brak"},
    "done": {"en": "done", "fr": "terminé", "pl": "gotowe"},
    "end": {"en": "end the step", "fr": "finir l'étape", "pl": "zakończ etap"},
    "nothing": {"en": "nothing", "fr": "rien", "pl": "nic"},
    # VP the core books by source (Game.score)
    "crafting": {"en": "Crafting", "fr": "Fabrication", "pl": "Przekuwanie"},
    "removal": {"en": "Removing enemy buildings and tokens", "fr": "Retrait de bâtiments et jetons adverses",
                "pl": "Usuwanie wrogich budynków i żetonów"},
    "pass": {"en": "Ruling the Pass", "fr": "Contrôle du Col", "pl": "Kontrola Przełęczy"},
    "closed_path": {"en": "Clearing a closed path", "fr": "Ouverture d'un chemin fermé",
                    "pl": "Otwarcie Zamkniętej Ścieżki"},
    # things on the map
    "clearing": {"en": "clearing", "fr": "clairière", "pl": "polana"},
    "path": {"en": "path", "fr": "chemin", "pl": "ścieżka"},
}

ORDINALS = {
    "en": ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"),
    "fr": ("première", "deuxième", "troisième", "quatrième", "cinquième", "sixième", "septième", "huitième"),
    "pl": ("pierwszy", "drugi", "trzeci", "czwarty", "piąty", "szósty", "siódmy", "ósmy"),
}
_STEP = {"en": "{ordinal} step of {phase}", "fr": "{ordinal} étape : {phase}", "pl": "{phase}: {ordinal} krok"}
_STEP_KINDS = {"draw": {"en": "Draw cards", "fr": "Piocher", "pl": "Dobieranie kart"},
               "discard_to": {"en": "Discard down to the hand limit", "fr": "Défausser jusqu'à la limite",
                              "pl": "Odrzucanie do limitu kart"},
               "craft": TERMS["craft"]}

KINDS = ("faction", "piece", "action", "ability", "step", "var", "track", "pile", "box", "value",
         "var_value", "clearing", "suit", "phase", "category", "item", "term", "card", "source")


def check_language(lang: str) -> str:
    if lang not in LANGUAGES:
        from rootlaw.errors import RootlawError
        raise RootlawError(f"unknown language '{lang}'; one of {', '.join(LANGUAGES)}")
    return lang


def in_language(names: dict[str, str] | None, lang: str) -> str | None:
    """The name in `lang`, else the English one, else the first given; None without names."""
    if not names:
        return None
    return names.get(lang) or names.get("en") or next(iter(names.values()))


def readable(ident: Any) -> str:
    """An id made readable, for a thing its file leaves unnamed: 'stone_tower' -> 'stone tower'."""
    return str(ident).replace("_", " ").strip()


def term(word: str, lang: str = "en") -> str:
    """One of the core's words (a suit, a category, a phase, an answer...) in `lang`."""
    return in_language(TERMS.get(word), lang) or readable(word)


def display_name(rules: Any, kind: str, ident: Any, lang: str = "en", faction: str | None = None) -> str:
    """The name people read for a thing of `kind` (one of KINDS) called `ident`.

    `faction` says whose piece, action, ability, step, variable, track, pile, box or value it is;
    without it the first faction (in seat order of the rules) that has one is taken. A
    `var_value` is named by `(variable, value)`; a `source` is a VP source as `Game.score` books it."""
    if kind == "faction":
        f = rules.factions.get(ident)
        if f is None:
            return readable(ident)
        pack = getattr(f, "pack", None)  # a pack's faction seated beside the bundled one of its id
        return in_language(f.names, lang) + (f" [{pack}]" if pack else "")
    if kind == "clearing":
        return clearing_name(rules, ident, lang)
    if kind in ("suit", "phase", "category", "item", "term"):
        return term(ident, lang)
    if kind == "card":
        return card_name(rules, ident, lang)
    if kind == "source":
        return source_name(rules, ident, lang, faction)
    if kind == "var_value":
        return value_name(rules, ident[0], ident[1], lang, faction)
    if kind == "piece" and faction is None and ident in TERMS:
        return term(ident, lang)
    for fid in _owners(rules, faction):
        f = rules.factions[fid]
        if (kind, ident) in f.labels:  # the faction has it: named, or unnamed and made readable
            name = in_language(f.labels[(kind, ident)], lang)
            if name:
                return name
            return _step_fallback(f, ident, lang) if kind == "step" else readable(ident)
    if kind == "action" and ident in ("move", "battle", "craft"):
        return term(ident, lang)
    return term(ident, lang) if ident in TERMS else readable(ident)


def _owners(rules: Any, faction: str | None) -> list[str]:
    if faction is not None:
        return [faction] if faction in rules.factions else []
    return list(rules.factions)


def choice_of(rules: Any, kind: str) -> tuple[str | None, dict]:
    """For a decision a faction's `choose` asks (kind 'ability:name'): that faction and what its
    file says of the options (`question`: a yes-or-no question; `values_of`: values of that
    variable); (None, {}) for any other decision."""
    if ":" in kind:
        for fid, faction in rules.factions.items():
            meta = getattr(faction, "choices", {}).get(kind)
            if meta is not None:
                return fid, meta
    return None, {}


def own_value(rules: Any, kind: str, option: Any) -> str | None:
    """The name a faction's file gives an option of its own `choose` (a value of the variable
    the choice sets, or a word of its own); None when the file names it no way."""
    owner, meta = choice_of(rules, kind)
    if owner is None or option == "none":
        return None
    f = rules.factions[owner]
    var = meta.get("values_of")
    if var and any(value == option for value, _ in f.value_names.get(var, ())):
        return value_name(rules, var, option, "en", owner)
    if isinstance(option, str) and f.labels.get(("value", option)):
        return display_name(rules, "value", option, "en", owner)
    return None


def faction_title(rules: Any, fid: str, lang: str = "en") -> str:
    """A faction's name in `lang` with its original-language name beside it when that differs:
    'Loutres de la Rivière (River Otters)'."""
    f = rules.factions.get(fid)
    if f is None:
        return readable(fid)
    return f.display_name(lang) if hasattr(f, "display_name") else title_of(f.names, lang)


def thing_title(rules: Any, kind: str, ident: str, lang: str = "en", faction: str | None = None) -> str:
    """A faction's thing (a variable, a track...) named as its faction is, the original language
    first with the name in `lang` beside: 'Écoles : PV (Schools: VP)'; unnamed, as display_name."""
    for fid in _owners(rules, faction):
        given = rules.factions[fid].labels.get((kind, ident))
        if given:
            return title_of(given, lang)
    return display_name(rules, kind, ident, lang, faction)


def title_of(names: dict[str, str], lang: str) -> str:
    """'Original (name in lang)', the original being the first name listed; the one name when
    they are the same."""
    shown = in_language(names, lang) or ""
    original = next(iter(names.values()), None)
    return f"{original} ({shown})" if original and original != shown else shown


def count_name(rules: Any, kind: str, ident: str, n: int, lang: str = "en", faction: str | None = None) -> str:
    """'2 warriors', '1 fox tower': a number of pieces (or of anything named) in `lang`.

    A piece's `plural` names (by language) are used when given; otherwise English and French add
    an 's' to the name's first word, and Polish, whose plurals depend on the number, writes
    'wojownik ×2'."""
    name = display_name(rules, kind, ident, lang, faction)
    if n == 1:
        return f"1 {name}"
    plural = None
    if kind == "piece":
        owner = next((fid for fid in _owners(rules, faction) if ("piece", ident) in rules.factions[fid].labels), None)
        if owner is not None:
            plural = in_language(rules.factions[owner].labels.get(("plural", ident)), lang)
    if plural:
        return f"{n} {plural}"
    if lang == "pl":
        return f"{name} ×{n}"
    return f"{n} {pluralise(name, lang)}"


def pluralise(name: str, lang: str = "en") -> str:
    """The plural of a name: in English on its last word ('Old Otter warrior' -> '... warriors',
    a number in brackets aside: 'Dam tokens (1)'), in French on its first ('Tour renard' ->
    'Tours renard', 'jeton Barrage (1)' -> 'jetons Barrage (1)')."""
    words = name.split(" ")
    if lang == "en":
        i = max((k for k, w in enumerate(words) if not w.startswith("(")), default=0)
    else:
        i = 0
    word = words[i]
    if word.endswith(("s", "x", "z")) or not word[-1:].isalpha():
        pass
    elif lang == "en" and word.endswith(("ch", "sh")):
        word += "es"
    elif lang == "en" and len(word) > 1 and word.endswith("y") and word[-2] not in "aeiou":
        word = word[:-1] + "ies"
    else:
        word += "s"
    words[i] = word
    return " ".join(words)


def clearing_name(rules: Any, cid: int, lang: str = "en", suit: str | None = None) -> str:
    """'Hill (1, fox)': the map's name for the clearing, its number and its suit (the printed
    one unless the dealt `suit` is given)."""
    clearing = rules.map.clearings.get(cid)
    if clearing is None:
        return f"{term('clearing', lang)} {cid}"
    shown = suit or clearing.suit
    return f"{clearing.name} ({cid}, {term(shown, lang)})" if shown else f"{clearing.name} ({cid})"


def card_name(rules: Any, card: int, lang: str = "en") -> str:
    """'Ambush! (fox)': a card of the deck by its number (its name as the deck prints it)."""
    d = rules.deck.cards[card]
    return f"{d.name} ({term(d.suit, lang)})"


def value_name(rules: Any, var: str, value: Any, lang: str = "en", faction: str | None = None) -> str:
    """One value of a faction variable as people read it: the name the variable's `values` give
    it, a word named by the faction, a list of such names, yes or no for a flag, '—' for none."""
    for fid in _owners(rules, faction):
        for known, names in rules.factions[fid].value_names.get(var, ()):
            if known == value:
                return in_language(names, lang)
        if var in rules.factions[fid].variables:
            faction = fid
            break
    return shown_value(rules, value, lang, faction)


def shown_value(rules: Any, value: Any, lang: str = "en", faction: str | None = None) -> str:
    """Any value a rule holds, with no Python in it: words by their names, lists joined."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return term("yes" if value else "no", lang)
    if isinstance(value, (tuple, list)):
        if value and all(isinstance(v, (tuple, list)) for v in value):
            return " · ".join(shown_value(rules, v, lang, faction) for v in value)  # a list of groups
        glue = " " if all(isinstance(v, int) and not isinstance(v, bool) for v in value) else ", "
        return glue.join(shown_value(rules, v, lang, faction) for v in value) or "—"
    if isinstance(value, str):
        return word_name(rules, value, lang, faction)
    return str(value)


def word_name(rules: Any, word: str, lang: str = "en", faction: str | None = None) -> str:
    """A word a faction's rules hold or offer: one of its own values, a piece kind, an action, a
    pile, box, track or variable of its own, another faction, or a core word."""
    if word in rules.factions:
        return display_name(rules, "faction", word, lang)
    for fid in _owners(rules, faction):
        f = rules.factions[fid]
        for kind in ("value", "action", "piece", "pile", "box", "track", "var"):
            if (kind, word) in f.labels:
                return display_name(rules, kind, word, lang, fid)
    return term(word, lang) if word in TERMS else readable(word)


def source_name(rules: Any, source: str, lang: str = "en", faction: str | None = None) -> str:
    """A VP source as `Game.score` books it: a core source, or the ability, action or turn step
    that scored, of `faction` or, failing that, of the faction that has it (then named too)."""
    if source in TERMS:
        return term(source, lang)
    order = _owners(rules, faction) + [f for f in rules.factions if f != faction]
    for fid in order:
        f = rules.factions[fid]
        for kind in ("ability", "action", "step"):
            if (kind, source) in f.labels:
                name = display_name(rules, kind, source, lang, fid)
                return name if fid == faction or faction is None else \
                    f"{name} ({display_name(rules, 'faction', fid, lang)})"
    for d in getattr(rules.deck, "cards", ()):
        if d.id == source:
            return d.name
    return readable(source)


def _step_fallback(faction: Any, ident: str, lang: str) -> str:
    """An unnamed turn step: what it does (draw, discard, a menu of named actions), else its place."""
    phase, _, number = ident.split(" ")
    step = faction.turn[phase][int(number) - 1]
    kind = step.get("kind")
    if kind in _STEP_KINDS:
        return _STEP_KINDS[kind][lang]
    if kind == "actions":
        return " / ".join(display_name(_Just(faction), "action", a, lang, faction.id) for a in step["choices"])
    ordinals = ORDINALS[lang]
    ordinal = ordinals[int(number) - 1] if int(number) <= len(ordinals) else number
    return _STEP[lang].format(ordinal=ordinal, phase=term(phase, lang)).capitalize()


class _Just:
    """Rules holding one faction, to name its own things."""

    def __init__(self, faction: Any) -> None:
        self.factions = {faction.id: faction}


__all__ = ["LANGUAGES", "TERMS", "KINDS", "display_name", "faction_title", "thing_title", "title_of", "count_name",
           "clearing_name", "card_name", "value_name", "shown_value", "word_name", "source_name", "term",
           "readable", "in_language", "choice_of", "own_value", "check_language", "pluralise"]
