"""Starting a game (Law 5.1): seats, suits, ruins, items, cards, then each faction's setup."""
from __future__ import annotations

from typing import Any, Callable

from rootlaw.core.board import SUITS
from rootlaw.core.context import Ctx
from rootlaw.core.frames import handler
from rootlaw.core.game import Game, Rules
from rootlaw.core.locations import clearing_loc
from rootlaw.core.rng import Rng
from rootlaw.core.state import Player, State, freeze
from rootlaw.errors import RootlawError
from rootlaw.language.statements import block_frame

STARTING_HAND = 3


def new_game(rules: Rules, factions: list[str], seed: int, shuffle: bool = True) -> Game:
    """Seat the factions in a random order (or, with `shuffle` False, in the order given; the
    first seat plays first) and run to the first decision."""
    if len(factions) < 2:
        raise RootlawError("a game needs at least two factions")
    if len(set(factions)) != len(factions):
        raise RootlawError("each faction can be played by only one seat")
    for fid in factions:
        if fid not in rules.factions:
            raise RootlawError(f"unknown faction '{fid}'; known: {', '.join(sorted(rules.factions))}")
    s = State()
    rng = Rng(seed)
    s.seats = list(factions)
    if shuffle:
        rng.shuffle(s.seats)
    s.rng = rng.state
    s.players = {fid: new_player(rules, fid) for fid in s.seats}
    s.stack = [{"op": "game"}]
    game = Game(rules, s)
    game.run()
    return game


def new_player(rules: Rules, fid: str) -> Player:
    """A faction before setup: every piece in its supply, its variables at their start values."""
    p = Player(fid)
    p.supply = {kind: piece.count for kind, piece in rules.factions[fid].pieces.items()}
    p.vars = freeze(dict(rules.factions[fid].variables))
    return p


@handler("setup")
def setup(game: Game, f: dict) -> None:
    s = game.s
    if not f.get("board"):
        f["board"] = True
        _board(game)
        order = sorted(s.seats, key=lambda fid: (game.faction(fid).setup_order, s.seats.index(fid)))
        f["order"] = tuple(order)
        f["next"] = 0
    if f["next"] < len(f["order"]):
        fid = f["order"][f["next"]]
        f["next"] += 1
        game.push({"op": "faction_setup", "player": fid, "index": 0})
        return
    s.phase = "birdsong"
    game.pop()


def _board(game: Game) -> None:
    s, m, deck = game.s, game.rules.map, game.rules.deck
    if m.suits == "dealt" or (m.suits == "suggested" and game.rules.options.deal_suits):
        markers = [suit for suit in SUITS for _ in range(4)]
        game.shuffle(markers)
        s.suits = dict(zip(sorted(m.clearings), markers))
        game.trace("16.1.1", "suit markers dealt onto the clearings")
    else:
        s.suits = {c: cl.suit for c, cl in m.clearings.items()}
    s.ruins = {c: cl.ruins for c, cl in m.clearings.items() if cl.ruins}
    s.items = dict(deck.items)
    s.closed_paths = list(m.closed_paths)
    s.ferry = m.ferry
    cards = list(range(len(deck.cards)))
    if len(s.seats) == 2:
        cards = [c for c in cards if deck.cards[c].kind != "dominance"]
        game.trace("5.1.3", "two players: the dominance cards are removed")
    game.shuffle(cards)
    s.deck = cards
    for fid in s.seats:
        game.draw(fid, STARTING_HAND)
    game.trace("5.1", f"seats {', '.join(s.seats)}; {s.seats[0]} plays first; {STARTING_HAND} cards each")
    game.log("seats", factions=s.seats)


@handler("faction_setup")
def faction_setup(game: Game, f: dict) -> None:
    player = f["player"]
    steps = game.faction(player).setup
    if f["index"] >= len(steps):
        game.pop()
        return
    step = steps[f["index"]]
    if step["kind"] == "do":
        f["index"] += 1
        game.push(block_frame(step["code"], player, {}, "setup", step["rule"]))
        return
    if "clearing" not in f:
        test = None
        if step.get("if"):
            code = game.rules.code[step["if"]]
            test = lambda c: code(Ctx(game, player, {"clearing": c}))  # noqa: E731
        candidates = home_candidates(game, player, step["where"], test, tuple(k for k, _ in step["pieces"]))
        if game.ask(f, "clearing", player, "home", candidates, "set up in which clearing?"):
            return
    clearing = f.pop("clearing")
    game.player(player).vars["home"] = clearing
    loc = clearing_loc(clearing)
    for kind, n in step["pieces"]:
        for _ in range(min(n, game.player(player).supply.get(kind, 0))):  # the supply caps it (Law 1.5.4)
            if not game.can_place(player, kind, loc, by=player):  # a building needs a free slot
                break
            game.place(player, kind, loc)
    game.log("home", faction=player, clearing=clearing)
    game.trace(step["rule"], f"{player} sets up in {clearing}")
    f["index"] += 1


def home_candidates(game: Game, player: str, where: str, test: Callable[[int], Any] | None = None,
                    kinds: tuple[str, ...] = ()) -> list[int]:
    """The clearings a faction may set up in, by the place its setup names and that place's
    condition, and the step's own condition (`test`, e.g. "never the Pass"):

    * `corner`: a corner with no enemy piece, preferring one diagonally opposite another
      faction's home; with no corner free, an edge clearing without enemy building or token;
    * `central`, `inner`, `any`: a clearing of that place without enemy building or token.

    The conditions hold in every fallback: with no clearing of the place meeting them, the
    place widens (corner, then the map edge, then the whole map; central and inner, then the
    whole map), never the conditions. Only a map with no clearing at all meeting them drops
    them (the step's own condition last). Of the clearings found, those where each of the
    home's pieces (`kinds`) may be placed (a building slot, no one's restriction such as a
    Keep), unless that leaves none."""
    m = game.rules.map
    mine = lambda pid: game.s.pieces[pid][0] == player  # noqa: E731
    at = lambda c: game.pieces_at(clearing_loc(c))  # noqa: E731
    allowed = (lambda c: True) if test is None else test

    def clean(pool) -> list[int]:
        return [c for c in pool if allowed(c) and not any(
            not mine(p) and game.rules.category(*game.s.pieces[p][:2]) in ("building", "token") for p in at(c))]

    everywhere = game.clearings()
    if where == "corner":
        corners = [c for c in m.corners if allowed(c) and all(mine(p) for p in at(c))]
        homes = [p.vars["home"] for f, p in game.s.players.items() if f != player and "home" in p.vars]
        opposite = [c for c in corners if any(m.opposite.get(h) == c for h in homes)]
        ladder = [opposite or corners, clean(m.edge)]
    else:
        place = {"central": m.central, "inner": m.inner}.get(where)
        ladder = [clean(c for c in everywhere if place is None or c in place)]
    ladder += [clean(everywhere), [c for c in everywhere if allowed(c)], list(everywhere)]
    found = next(found for found in ladder if found)
    return _placeable(game, player, kinds, found) or found


def _placeable(game: Game, player: str, kinds: tuple[str, ...], clearings: list[int]) -> list[int]:
    """Of `clearings`, those where a piece of each of `kinds` may be placed."""
    return [c for c in clearings
            if all(game.can_place(player, kind, clearing_loc(c), by=player, supply=False) for kind in kinds)]
