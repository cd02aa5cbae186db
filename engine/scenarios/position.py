"""A scenario's position: the state its file describes, built by the rules of placing.

Every piece is placed as the Law places it (from the supply, in free building slots, within
its limits), every card is one physical card given once, and every name is checked; what is
wrong is reported at its place in the file, all at once, before anything runs.
"""
from __future__ import annotations

import difflib

from rootlaw.core.game import Game
from rootlaw.core.locations import piece_loc
from rootlaw.core.rng import Rng
from rootlaw.core.state import State, freeze
from rootlaw.errors import DataError
from rootlaw.files.documents import Document
from rootlaw.play.setup import new_player

from .checks import ENTRY_HINT, Names
from .expect import BOX_ENTRY, ENTRY, box_loc, location_of


def position(doc: Document, rules) -> State:
    """The state the scenario file `doc` describes (DataError with every mistake at its place)."""
    d = doc.data
    s = State()
    s.seats = list(f.id for f in rules.factions.values())
    s.players = {fid: new_player(rules, fid) for fid in s.seats}
    m = rules.map
    names = Names(doc, rules)
    problems = names.problems
    s.suits = {c: cl.suit for c, cl in m.clearings.items()}
    for key, suit in (d.get("suits") or {}).items():
        if names.clearing(("suits", key), key, at_key=True):
            s.suits[int(key)] = suit
    missing = [c for c, suit in s.suits.items() if suit is None]
    if missing:
        raise DataError([doc.problem((), f"this map deals its suits: give 'suits' for clearings {missing}")])
    s.ruins = {c: cl.ruins for c, cl in m.clearings.items() if cl.ruins}
    for key, n in (d.get("ruins") or {}).items():
        if names.clearing(("ruins", key), key, at_key=True):
            slots = m.clearings[int(key)].slots
            if n > slots:
                names.add(("ruins", key), f"clearing {key} has {slots} building slot(s): it cannot hold {n} ruins")
            s.ruins[int(key)] = n
    s.ruins = {c: n for c, n in s.ruins.items() if n}
    s.items = dict(rules.deck.items)
    opened = []
    for i, key in enumerate(d.get("open_paths", ())):
        a, b = sorted(int(x) for x in key.split("-"))
        opened.append(f"{a}-{b}")
        if opened[-1] not in m.closed_paths:
            problems.append(doc.problem(("open_paths", i), f"{key} is not a closed path of this map",
                                        f"closed paths: {', '.join(m.closed_paths) or 'none'}"))
    s.closed_paths = [k for k in m.closed_paths if k not in opened]
    s.ferry = m.ferry
    s.rng = d.get("seed", 0)
    game = Game(rules, s)
    for where, entries in (d.get("board") or {}).items():
        if names.location(("board", where), where):
            for i, entry in enumerate(entries):
                _place_entry(game, names, ("board", where, i), location_of(where), entry)
    for fid, boxes in (d.get("boxes") or {}).items():
        if names.faction(("boxes", fid), fid, at_key=True):
            _fill_boxes(game, names, fid, boxes)
    _items(names, s, d)
    cards = _Cards(doc, rules)
    for fid, hand in (d.get("hands") or {}).items():
        if names.faction(("hands", fid), fid, at_key=True):
            s.players[fid].hand = [cards.take(("hands", fid, i), name, problems) for i, name in enumerate(hand)]
    for fid, piles in (d.get("piles") or {}).items():
        if names.faction(("piles", fid), fid, at_key=True):
            for pile, listed in piles.items():
                if names.pile(("piles", fid, pile), fid, pile):
                    s.players[fid].piles[pile] = [cards.take(("piles", fid, pile, i), n, problems)
                                                  for i, n in enumerate(listed)]
    for fid, listed in (d.get("persistent") or {}).items():
        if names.faction(("persistent", fid), fid, at_key=True):
            s.players[fid].persistent = [cards.take(("persistent", fid, i), n, problems) for i, n in enumerate(listed)]
    for fid, card in (d.get("dominance") or {}).items():
        if names.faction(("dominance", fid), fid, at_key=True):
            taken = cards.take(("dominance", fid), card, problems)
            if taken >= 0 and rules.deck.cards[taken].kind != "dominance":
                names.add(("dominance", fid), f"'{card}' is not a dominance card",
                          "dominance_bird, dominance_fox, dominance_rabbit or dominance_mouse")
            # activated (Law 3.3.1): in the play area, the score marker off the track
            s.players[fid].dominance = taken
    s.available_dominance = []
    for i, card in enumerate(d.get("dominance_available", ())):
        taken = cards.take(("dominance_available", i), card, problems)
        if taken >= 0 and rules.deck.cards[taken].kind != "dominance":
            names.add(("dominance_available", i), f"'{card}' is not a dominance card",
                      "only a dominance card is available beside the map (Law 3.3.3)")
        s.available_dominance.append(taken)
    s.discard = [cards.take(("discard", i), n, problems) for i, n in enumerate(d.get("discard", ()))]
    top = [cards.take(("deck", i), n, problems) for i, n in enumerate(d.get("deck", ()))]
    rest = cards.remaining()
    Rng(d.get("seed", 0)).shuffle(rest)
    s.deck = rest + list(reversed(top))
    for fid, score in (d.get("scores") or {}).items():
        if names.faction(("scores", fid), fid, at_key=True):
            s.players[fid].score = score
    for fid, values in (d.get("vars") or {}).items():
        if names.faction(("vars", fid), fid, at_key=True):
            for name in values:
                names.variable(("vars", fid, name), fid, name)
            s.players[fid].vars.update(freeze(values))
    turn = d.get("turn", s.seats[0])
    s.current = s.seats.index(turn) if names.faction(("turn",), turn) else 0
    s.phase = d.get("phase", "daylight")
    s.forced_dice = list(d.get("dice", ()))
    if problems:
        raise DataError(problems)
    return s


def _items(names: Names, s: State, d: dict) -> None:
    """Items in the Crafted Items boxes (taken from the map's item supply) and items hidden
    under ruins."""
    for fid, held in (d.get("items") or {}).items():
        if names.faction(("items", fid), fid, at_key=True):
            for i, item in enumerate(held):
                if s.items.get(item, 0) <= 0:
                    names.add(("items", fid, i), f"no {item} is left in the map's item supply",
                              f"the supply: {', '.join(f'{k} {n}' for k, n in sorted(s.items.items()))}")
                    continue
                s.items[item] -= 1
                s.players[fid].items.append(item)
    for key, hidden in (d.get("ruin_items") or {}).items():
        if names.clearing(("ruin_items", key), key, at_key=True):
            if not s.ruins.get(int(key)):
                names.add(("ruin_items", key), f"clearing {key} has no ruin to hide items under", at_key=True)
            s.ruin_items[int(key)] = list(hidden)


def _fill_boxes(game: Game, names: Names, fid: str, boxes: dict) -> None:
    """Pieces of a faction put in its boxes: entries '<piece> [xN] [STATE ...]'."""
    for box, entries in boxes.items():
        if not names.box(("boxes", fid, box), fid, box):
            continue
        for i, entry in enumerate(entries):
            match = BOX_ENTRY.match(str(entry))
            if not match:
                names.add(("boxes", fid, box, i), f"cannot read '{entry}'", "write '<piece> [xN] [STATE ...]'")
                continue
            if not names.box_entry(("boxes", fid, box, i), fid, entry):
                continue
            for pid in _place_many(game, names, ("boxes", fid, box, i), box_loc(fid, box), fid, match["kind"],
                                   match["n"]):
                for state in match["states"].split():
                    game.set_state(pid, state, True)


def _place_entry(game: Game, names: Names, path: tuple, loc: str, entry: str) -> None:
    match = ENTRY.match(str(entry))
    if not match:
        names.add(path, f"cannot read '{entry}'", ENTRY_HINT)
        return
    for holder in _place_many(game, names, path, loc, match["faction"], match["kind"], match["n"]):
        if match["hf"]:
            _place_many(game, names, path, piece_loc(holder), match["hf"], match["hk"], match["hn"])


def _place_many(game: Game, names: Names, path: tuple, loc: str, faction: str, kind: str,
                count: str | None) -> list[int]:
    """Place `count` pieces (one when not given); each must fit the rules of placing."""
    if not names.piece(path, faction, kind):
        return []
    n = int(count or 1)
    left = game.s.players[faction].supply.get(kind, 0)
    if n > left:
        names.add(path, f"{faction} has only {left} {kind} left in its supply, not {n}")
        return []
    placed = []
    for _ in range(n):
        why = game.why_not_place(faction, kind, loc)
        if why is not None:
            names.add(path, f"illegal position: {why}")
            break
        placed.append(game.place(faction, kind, loc))
    return placed


class _Cards:
    """Hands out physical cards by card id, each at most once."""

    def __init__(self, doc: Document, rules) -> None:
        self.doc = doc
        self.deck = rules.deck
        self.free = list(range(len(rules.deck.cards)))

    def take(self, path, name, problems) -> int:
        for card in self.free:
            if self.deck.cards[card].id == name:
                self.free.remove(card)
                return card
        known = sorted({c.id for c in self.deck.cards})
        if name in known:
            problems.append(self.doc.problem(path, f"no copy of '{name}' is left in the deck"))
        else:
            close = difflib.get_close_matches(str(name), known, 1)
            problems.append(self.doc.problem(path, f"unknown card '{name}'",
                                             f"did you mean '{close[0]}'?" if close else None))
        return -1

    def remaining(self) -> list[int]:
        return list(self.free)
