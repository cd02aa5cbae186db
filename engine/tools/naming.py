"""Options and prompts of a decision as a person reads them, in English, French or Polish.

An option is plain data (an int, a string, a tuple); what an int stands for depends on the
decision. The core decisions say it by their kind; a faction's `choose` says it through what
its file declares (rootlaw.core.names: a yes-or-no question, values of a variable, words of
its own) or, failing that, through its prompt's words (a card, a clearing, a piece); a number
that is none of them stays a number. The core's prompts are written from their kind in the
chosen language; a faction's prompt is its file's text.
"""
from __future__ import annotations

import re
from typing import Any

from rootlaw.core import names as n
from rootlaw.core.board import path_ends
from rootlaw.core.game import Game
from rootlaw.core.option_names import CARD_OPTIONS, REACTION, number_domain
from rootlaw.files.numbers import is_digits

SPENDING_BIRD = {"en": "{action} (spending a bird card)", "fr": "{action} (en dépensant une carte Oiseau)",
                 "pl": "{action} (za ptasią kartę)"}
OPEN_PATH = {"en": "clear the closed path {path}", "fr": "ouvrir le chemin fermé {path}",
             "pl": "otwórz Zamkniętą Ścieżkę {path}"}
CARD_VERBS = {"card": {"en": "use {card}", "fr": "utiliser {card}", "pl": "użyj: {card}"},
              "dominance": {"en": "activate {card}", "fr": "activer {card}", "pl": "aktywuj: {card}"},
              "take_dominance": {"en": "take {card}", "fr": "prendre {card}", "pl": "weź: {card}"}}
CHOOSE = {"en": "{what}: choose one", "fr": "{what} : choisissez", "pl": "{what}: wybierz"}
HOLDING = {"en": "holding", "fr": "portant", "pl": "trzymający"}
ON_PATH = {"en": "on the path {path}", "fr": "sur le chemin {path}", "pl": "na ścieżce {path}"}
IN_BOX = {"en": "in the box {box}", "fr": "dans la case {box}", "pl": "w polu {box}"}

# The core's prompts by decision kind: a pattern reading the numbers or words the English prompt
# carries, and the prompt in each language.
PROMPTS: dict[str, tuple[str, dict[str, str]]] = {
    "spend_bird": ("", {"en": "Spend which bird card?", "fr": "Dépenser quelle carte Oiseau ?",
                        "pl": "Którą ptasią kartę wydać?"}),
    "action": (r"action (?P<n>\d+)", {"en": "{step}: action {n}, what next?", "fr": "{step} : action {n}, que faire ?",
                                      "pl": "{step}: akcja {n}, co dalej?"}),
    "home": ("", {"en": "Set up in which clearing?", "fr": "Mise en place dans quelle clairière ?",
                  "pl": "Na której polanie się rozstawić?"}),
    "order_reactions": ("", {"en": "Which effect resolves first?", "fr": "Quel effet s'applique d'abord ?",
                             "pl": "Który efekt rozpatrzyć najpierw?"}),
    "discard": (r"hand limit (?P<n>\d+)", {"en": "Hand limit {n}: discard which card?",
                                           "fr": "Limite de main {n} : défausser quelle carte ?",
                                           "pl": "Limit kart {n}: którą kartę odrzucić?"}),
    "battle_where": ("", {"en": "Battle in which clearing?", "fr": "Combattre dans quelle clairière ?",
                          "pl": "Na której polanie walczyć?"}),
    "battle_defender": ("", {"en": "Battle whom?", "fr": "Combattre qui ?", "pl": "Z kim walczyć?"}),
    "ambush": ("", {"en": "Play an ambush card?", "fr": "Jouer une carte Embuscade ?", "pl": "Zagrać kartę Zasadzki?"}),
    "foil": ("", {"en": "Foil the ambush?", "fr": "Déjouer l'embuscade ?", "pl": "Udaremnić Zasadzkę?"}),
    "take_hit": (r"(?P<n>\d+) hit", {"en": "{n} hit(s) left: remove which piece?",
                                     "fr": "Encore {n} perte(s) : retirer quelle pièce ?",
                                     "pl": "Pozostałe obrażenia: {n}. Który komponent usunąć?"}),
    "move_from": ("", {"en": "Move from which clearing?", "fr": "Se déplacer depuis quelle clairière ?",
                       "pl": "Z której polany wykonać Ruch?"}),
    "move_to": (r"move from (?P<origin>\d+)", {"en": "Move from {origin} to which clearing?",
                                               "fr": "Se déplacer depuis {origin} vers quelle clairière ?",
                                               "pl": "Ruch z polany {origin}: na którą polanę?"}),
    "move_group": ("", {"en": "Move which pieces?", "fr": "Déplacer quelles pièces ?", "pl": "Które komponenty przesunąć?"}),
    "move_which": (r"move which (?P<kind>\w+)", {"en": "Move which {kind}?", "fr": "Déplacer quel {kind} ?",
                                                 "pl": "Który {kind} ma się przesunąć?"}),
    "craft_with": ("", {"en": "Activate which crafting pieces?", "fr": "Activer quelles pièces de fabrication ?",
                        "pl": "Które komponenty aktywować do Przekuwania?"}),
    "craft": ("", {"en": "Craft a card?", "fr": "Fabriquer une carte ?", "pl": "Przekuć kartę?"}),
    "replacement": ("", {"en": "Two effects would send this removed piece elsewhere: which applies?",
                         "fr": "Deux effets enverraient ailleurs cette pièce retirée : lequel s'applique ?",
                         "pl": "Dwa efekty przeniosłyby ten usunięty komponent: który obowiązuje?"}),
    "coalition": ("", {"en": "Form a coalition with whom?", "fr": "Former une coalition avec qui ?",
                       "pl": "Z kim zawrzeć Koalicję?"}),
    "pay_card": (r"(?P<suit>\w+) card (?P<i>\d+) of (?P<count>\d+)",
                 {"en": "{suit} card {i} of {count}: which one?", "fr": "Carte {suit} {i} sur {count} : laquelle ?",
                  "pl": "Karta ({suit}) {i} z {count}: która?"}),
}


def option_labels(game: Game, decision: dict, lang: str = "en") -> list[str]:
    """One label per option, in the decision's order."""
    return [option_label(game, decision, o, lang) for o in decision["options"]]


def option_label(game: Game, decision: dict, option: Any, lang: str = "en") -> str:
    owner, meta = _choice(game, decision)
    if meta.get("question") and len(decision["options"]) == 2:
        return n.term("no" if option == "none" else "yes", lang)
    if meta.get("values_of") and option != "none":
        return n.value_name(game.rules, meta["values_of"], option, lang, owner)
    if isinstance(option, str):
        carried = _carried(game, decision, option, lang)
        if carried is not None:
            return carried
    return _name(game, owner or decision["player"], number_domain(game, decision), option, lang)


def _choice(game: Game, decision: dict) -> tuple[str | None, dict]:
    """The faction whose `choose` asked this decision, and what its file says of the options."""
    return n.choice_of(game.rules, decision["kind"])


def _carried(game: Game, decision: dict, text: str, lang: str) -> str | None:
    """Options whose text carries an internal number (a reaction's place in the batch, a card's
    number), named by what they stand for; None for any other option."""
    reaction = REACTION.match(text) if decision["kind"] == "order_reactions" else None
    if reaction:
        ability, faction = reaction["ability"], reaction["faction"]
        card = next((c for c in game.rules.deck.cards if c.id == ability), None)
        if card is not None:
            label = card.name
        else:
            label = n.display_name(game.rules, "ability", ability, lang, faction if faction in game.rules.factions else None)
        return f"{label} ({n.display_name(game.rules, 'faction', faction, lang)})" \
            if faction in game.rules.factions else label
    carried = CARD_OPTIONS.match(text)
    if carried and int(carried["card"]) < len(game.rules.deck.cards):
        return CARD_VERBS[carried["kind"]][lang].format(card=n.card_name(game.rules, int(carried["card"]), lang))
    return None


def _name(game: Game, player: str, domain: str, option: Any, lang: str) -> str:
    if isinstance(option, bool):
        return n.term("yes" if option else "no", lang)
    if isinstance(option, int):
        return _number(game, domain, option, lang)
    if isinstance(option, tuple):
        if len(option) == 2 and isinstance(option[0], str) and isinstance(option[1], int) \
                and not isinstance(option[1], bool):
            return _count(game, player, option[0], option[1], lang)
        return ", ".join(_name(game, player, domain, o, lang) for o in option) or n.term("nothing", lang)
    if isinstance(option, dict):
        return ", ".join(f"{_count(game, player, k, v, lang)}" if isinstance(v, int)
                         else f"{n.readable(k)}: {_name(game, player, domain, v, lang)}" for k, v in option.items())
    return _word(game, player, str(option), lang)


def _count(game: Game, player: str, kind: str, count: int, lang: str) -> str:
    owner = player if (player, kind) in game.rules.piece_defs else None
    return n.count_name(game.rules, "piece", kind, count, lang, owner)


def clearing(game: Game, cid: int, lang: str = "en") -> str:
    """'Hill (1, fox)', with the suit dealt in this game."""
    return n.clearing_name(game.rules, cid, lang, game.s.suits.get(cid))


def path(game: Game, key: str, lang: str = "en") -> str:
    """'path Hill–Creek': a path by the clearings it joins."""
    a, b = path_ends(key)
    ends = [game.rules.map.clearings[c].name if c in game.rules.map.clearings else str(c) for c in (a, b)]
    return f"{n.term('path', lang)} {ends[0]}–{ends[1]}"


def _number(game: Game, domain: str, value: int, lang: str) -> str:
    if domain == "card" and 0 <= value < len(game.rules.deck.cards):
        return n.card_name(game.rules, value, lang)
    if domain == "clearing" and value in game.rules.map.clearings:
        return clearing(game, value, lang)
    if domain == "piece" and value in game.s.pieces:
        return piece(game, value, lang)
    return str(value)


def piece(game: Game, pid: int, lang: str = "en") -> str:
    """'River Otters Net token on the path Hill–Creek holding Lizard warrior', 'River Otters
    boat (damaged) in the box Dock'."""
    faction, kind, loc = game.s.pieces[pid]
    text = f"{n.display_name(game.rules, 'faction', faction, lang)} {n.display_name(game.rules, 'piece', kind, lang, faction)}"
    states = game.s.states.get(pid, ())
    if states:  # which of two items is the damaged one
        text += " (" + ", ".join(n.word_name(game.rules, st, lang, faction) for st in states) + ")"
    if loc[0] == "c":
        text += f" — {clearing(game, int(loc[1:]), lang)}"
    elif loc[0] == "p":
        text += " " + ON_PATH[lang].format(path=path(game, loc[1:], lang).split(" ", 1)[1])
    elif loc[0] == "b":
        box = loc.split(".")[-1]
        text += " " + IN_BOX[lang].format(box=n.display_name(game.rules, "box", box, lang, faction))
    held = game.pieces_at(f"x{pid}")
    if held:
        text += f" {HOLDING[lang]} " + ", ".join(
            f"{n.display_name(game.rules, 'faction', game.s.pieces[h][0], lang)} "
            f"{n.display_name(game.rules, 'piece', game.s.pieces[h][1], lang, game.s.pieces[h][0])}" for h in held)
    return text


def _word(game: Game, player: str, text: str, lang: str) -> str:
    if text in ("none", "done", "end"):
        return n.term(text, lang)
    if text.startswith("bird:"):
        return SPENDING_BIRD[lang].format(action=_word(game, player, text[5:], lang))
    if re.fullmatch(r"\d+-\d+", text):
        return path(game, text, lang)
    if text.startswith("open_path:"):
        return OPEN_PATH[lang].format(path=path(game, text[10:], lang).split(" ", 1)[1])
    return n.word_name(game.rules, text, lang, player if player in game.rules.factions else None)


def prompt_text(game: Game, decision: dict, lang: str = "en") -> str:
    """The decision's question: the core's in `lang`, with clearings and pieces by name; a
    faction's as its file writes it."""
    kind = decision["kind"]
    prompt = decision.get("prompt") or kind
    if kind not in PROMPTS:
        unwritten = re.fullmatch(r"(?P<ability>[^:]+): choose \w+", prompt)  # a `choose` with no prompt
        if unwritten:
            owner, _ = _choice(game, decision)
            return CHOOSE[lang].format(what=_source(game, unwritten["ability"], owner, lang))
        return prompt[:1].upper() + prompt[1:]
    pattern, texts = PROMPTS[kind]
    found = re.search(pattern, prompt) if pattern else None
    values = dict(found.groupdict()) if found else {}
    if "origin" in values:
        values["origin"] = clearing(game, int(values["origin"]), lang)
    if "kind" in values:
        owner = decision["player"] if (decision["player"], values["kind"]) in game.rules.piece_defs else None
        values["kind"] = n.display_name(game.rules, "piece", values["kind"], lang, owner)
    if "suit" in values:
        values["suit"] = n.term(values["suit"], lang)
    if kind == "action":
        values["step"] = _menu_name(game, decision["player"], lang)
    try:
        return texts[lang].format(**values)
    except KeyError:  # the prompt did not carry what the template needs: the file's own words
        return prompt


def _source(game: Game, ability: str, owner: str | None, lang: str) -> str:
    """The ability, action or turn step an unprompted choice belongs to, by name."""
    for kind in ("action", "ability", "step"):
        if owner is not None and (kind, ability) in game.rules.factions[owner].labels:
            return n.display_name(game.rules, kind, ability, lang, owner)
    return n.source_name(game.rules, ability, lang, owner)


def _menu_name(game: Game, player: str, lang: str) -> str:
    """The name of the turn step (or the action) whose menu is asking."""
    frame = next((f for f in reversed(game.s.stack) if f.get("op") == "actions"), None)
    if frame is not None and "step" in frame:
        phase, index = frame["step"]
        return n.display_name(game.rules, "step", f"{phase} step {index + 1}", lang, player)
    return n.term(game.s.phase, lang)


def match_option(game: Game, decision: dict, text: str, lang: str = "en") -> int | None:
    """The index of the option a person typed: its number (from 1), its label (in `lang` or in
    English) or its raw value, a clearing by its name (any case), or an unambiguous start of a
    label; None if nothing or several match."""
    text = text.strip()
    options = decision["options"]
    if is_digits(text) and 1 <= int(text) <= len(options):
        return int(text) - 1
    labels = [s.lower() for s in option_labels(game, decision, lang)]
    english = [s.lower() for s in option_labels(game, decision)] if lang != "en" else labels
    raws = [str(o).lower() for o in options]
    wanted = text.lower()
    for names in (labels, english, raws):
        if wanted in names and names.count(wanted) == 1:
            return names.index(wanted)
    named = [cid for cid, c in game.rules.map.clearings.items() if c.name.lower() == wanted]
    if named and number_domain(game, decision) == "clearing" and options.count(named[0]) == 1:
        return options.index(named[0])
    starts = [i for i, label in enumerate(labels) if label.startswith(wanted)]
    return starts[0] if len(starts) == 1 and wanted else None
