"""The game: immutable `Rules` shared by every copy and a mutable `State`.

`Game` joins its parts, each in a module of its own: the decision loop (`rootlaw.core.loop`), the
board queries (`rootlaw.core.board_queries`) and the piece operations (`rootlaw.core.piece_ops`). What is
left here is what ties them: modifiers and events, randomness, the log and the trace, scores,
the end of the game and the cards.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable

from rootlaw.core import events

from .board import MapDef, path_ends
from .board_index import PieceCounts
from .board_queries import BoardQueries
from .cards import CardDef, Deck
from .context import Ctx
from .folds import fold, gather
from .holders import card_holders, faction_owner
from .locations import clearing_loc, path_loc
from .loop import DecisionLoop
from .piece_ops import PieceOperations
from .rng import Rng
from .narration import render_reason
from .state import Player, State
from .visibility import forget

if TYPE_CHECKING:
    from rootlaw.content.factions import FactionDef, PieceDef

WIN_SCORE = 30
MOVERS = ("warrior", "pawn")  # the categories a move carries (Law 4.2)


@dataclass(frozen=True)
class Options:
    """Game options chosen at setup."""

    round_limit: int = 30
    deal_suits: bool = False  # deal suit markers even on a map with suggested suits


@dataclass
class Rules:
    """Everything fixed for a game: the map, the deck, the factions and their compiled rules."""

    map: MapDef
    deck: Deck
    factions: dict[str, "FactionDef"]
    options: Options = Options()
    modifiers: dict[str, list[Callable]] = field(default_factory=dict)
    # each one's faction, if its own, else (a card's) the numbers of that card's copies in the deck
    modifier_owners: dict[str, list[str | frozenset[int]]] = field(default_factory=dict)
    folds: dict[str, Callable] = field(default_factory=dict)  # hook -> its modifiers in one function (folds.py)
    listeners: dict[str, list[Callable]] = field(default_factory=dict)
    listener_owners: dict[str, list[str | frozenset[int]]] = field(default_factory=dict)  # the same, for listeners
    gatherers: dict[str, Callable] = field(default_factory=dict)  # event -> its listeners in one function
    piece_defs: dict[tuple[str, str], "PieceDef"] = field(default_factory=dict)
    categories: dict[tuple[str, str], str] = field(default_factory=dict)  # (faction, kind) -> its category
    adjacency: dict[int, tuple[tuple[int, str], ...]] = field(default_factory=dict)
    neighbours: dict[int, tuple[int, ...]] = field(default_factory=dict)  # every path open, no modifier
    path_ends_at: dict[int, tuple[int, ...]] = field(default_factory=dict)  # the far end of each path there
    paths_at: dict[int, tuple[str, ...]] = field(default_factory=dict)  # the paths ending there
    ruling: frozenset = frozenset()  # (faction, kind) of the pieces that count for rule: warriors, buildings
    movers: frozenset = frozenset()  # (faction, kind) of the pieces a move carries: warriors, pawns
    clearing_ids: tuple[int, ...] = ()  # the map's clearings in order
    clearing_locs: tuple[str, ...] = ()  # their locations ("c3"), in the same order
    places: frozenset = frozenset()  # every location a game always has: clearings, paths, forests, boxes
    same_card: tuple[int, ...] = ()  # each card's lowest id with an equal definition: identical cards share it
    # tables worked out from these rules alone by the Law's modules on first use (the keys of the
    # board counts a move or a battle looks up, in their search order), shared by every game
    memo: dict[Any, Any] = field(default_factory=dict)

    code: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for fid, faction in self.factions.items():
            for kind, piece in faction.pieces.items():
                self.piece_defs[(fid, kind)] = piece
            self.code.update(faction.code)
            owner = faction_owner(fid)
            for trigger in faction.triggers:
                self.listeners.setdefault(trigger.event, []).append(trigger.listener(owner))
                self.listener_owners.setdefault(trigger.event, []).append(fid)
            for modifier in faction.modifiers:
                self.modifiers.setdefault(modifier.hook, []).append(modifier.function(owner))
                self.modifier_owners.setdefault(modifier.hook, []).append(fid)
        self.code.update(self.deck.code)
        self.categories = {key: piece.category for key, piece in self.piece_defs.items()}
        self.ruling = frozenset(key for key, piece in self.piece_defs.items() if piece.category in ("warrior", "building"))
        self.movers = frozenset(key for key, piece in self.piece_defs.items() if piece.category in MOVERS)
        numbers: dict[str, list[int]] = {}  # card id -> its copies' numbers in the deck
        for card, definition in enumerate(self.deck.cards):
            numbers.setdefault(definition.id, []).append(card)
        for card_id, trigger in self.deck.triggers:
            copies = frozenset(numbers.get(card_id, ()))
            self.listeners.setdefault(trigger.event, []).append(trigger.listener(card_holders(copies)))
            self.listener_owners.setdefault(trigger.event, []).append(copies)
        for card_id, modifier in self.deck.modifiers:
            copies = frozenset(numbers.get(card_id, ()))
            self.modifiers.setdefault(modifier.hook, []).append(modifier.function(card_holders(copies)))
            self.modifier_owners.setdefault(modifier.hook, []).append(copies)
        table: dict[int, list[tuple[int, str]]] = {c: [] for c in self.map.clearings}
        for key in self.map.paths:
            a, b = path_ends(key)
            table[a].append((b, key))
            table[b].append((a, key))
        self.adjacency = {c: tuple(sorted(v)) for c, v in table.items()}
        self.neighbours = {c: tuple(sorted({n for n, _ in v})) for c, v in self.adjacency.items()}
        self.path_ends_at = {c: tuple(n for n, _ in v) for c, v in self.adjacency.items()}
        self.paths_at = {c: tuple(key for _, key in v) for c, v in self.adjacency.items()}
        self.clearing_ids = tuple(self.map.clearings)
        self.clearing_locs = tuple(map(clearing_loc, self.clearing_ids))
        first: dict[CardDef, int] = {}
        self.same_card = tuple(first.setdefault(d, card) for card, d in enumerate(self.deck.cards))
        self.places = frozenset([*map(clearing_loc, self.map.clearings), *map(path_loc, self.map.paths),
                                 *(f"f{forest}" for forest in self.map.forests),
                                 *(f"b{fid}.{box}" for fid, faction in self.factions.items() for box in faction.boxes)])

    def category(self, faction: str, kind: str) -> str:
        return self.piece_defs[(faction, kind)].category

    def fold(self, hook: str) -> Callable | None:
        """The function running a hook's modifiers, made on first use; None without any."""
        made = self.folds.get(hook)
        if made is None and hook in self.modifiers:
            made = self.folds[hook] = fold(hook, list(zip(self.modifiers[hook], self.modifier_owners[hook])))
        return made

    def gatherer(self, event: str) -> Callable:
        """The function collecting an event's reactions (it has listeners), made on first use."""
        made = self.gatherers.get(event)
        if made is None:
            made = self.gatherers[event] = gather(event, list(zip(self.listeners[event], self.listener_owners[event])))
        return made


class Game(DecisionLoop, BoardQueries, PieceOperations):
    """A game in progress: the rules it is played by and its state."""

    __slots__ = ("rules", "s", "_rng", "_frame", "offered", "changed", "_modifying", "_kept", "_rulers", "_owned", "_counts")
    quiet = False  # a bot's trial game is a QuietGame, which writes no log and no trace

    def __init__(self, rules: Rules, state: State) -> None:
        self.rules = rules
        self.s = state
        self._rng = Rng(0)
        self._frame: dict | None = None  # the frame whose handler is running
        # when a list, every decision offered is noted here, also those that answer themselves
        # (scenarios observe them); not game state, so clones and saves leave it out
        self.offered: list[dict] | None = None
        # (faction, kind) of each piece placed, moved or removed since invariants were checked,
        # and ANY_CHANGE (engine/core/hooks.py) once a variable was set
        self.changed: set[tuple[str, str]] = set()
        self._modifying: list[str] = []  # abilities of the modifiers running now, outermost first
        # answers worked out from the board alone, kept until a piece is placed, moved or
        # removed, keyed by a tuple naming the question (each faction's movers by clearing...);
        # and who rules each clearing (BoardQueries.ruler, by location), kept until a piece
        # enters or leaves it; not game state: a clone or a load starts without them
        self._kept: dict = {}
        self._rulers: dict[str, str | None] = {}
        # each faction's pieces in the order of `s.pieces` (BoardQueries.pieces_of): built on
        # first use, then kept up to date by the piece operations
        self._owned: dict[str, list[int]] | None = None
        # pieces counted by location, faction, kind and category (engine/core/board_index.py):
        # built on first use, then kept up to date by the piece operations
        self._counts: PieceCounts | None = None

    def clone(self, quiet: bool = False) -> "Game":
        """An independent game in the same state: what is done to it leaves this one as it was.

        The clone of a quiet game is quiet (a `QuietGame`), and so is the clone asked for with
        `quiet`: its log and trace stay what they were when it went quiet (copied from a loud
        game, shared with a quiet one: no quiet game adds to them)."""
        g = (QuietGame if quiet or self.quiet else Game)(self.rules, self.s.clone(self.quiet))
        if self._rulers:  # who rules where: str or None, kept valid by the piece operations
            g._rulers = self._rulers.copy()
        if self._owned is not None:
            g._owned = {f: pids.copy() for f, pids in self._owned.items()}
        if self._counts is not None:
            g._counts = self._counts.copy()
        return g

    # --- randomness ----------------------------------------------------------------------
    def rng(self) -> Rng:
        """The game's generator, bound to the state's integer (kept in step by `commit_rng`)."""
        self._rng.state = self.s.rng
        return self._rng

    def commit_rng(self) -> None:
        self.s.rng = self._rng.state

    def shuffle(self, items: list) -> None:
        rng = self.rng()
        rng.shuffle(items)
        self.commit_rng()

    def roll_die(self) -> int:
        """A die shows 0-3; scenarios may force the values."""
        if self.s.forced_dice:
            return self.s.forced_dice.pop(0)
        value = self.rng().below(4)
        self.commit_rng()
        return value

    # --- record keeping ------------------------------------------------------------------
    @property
    def current(self) -> str:
        return self.s.seats[self.s.current]

    def log(self, kind: str, to: Iterable[str] | None = None, **args: Any) -> None:
        """A log entry: its kind and typed arguments (`rootlaw.core.narration`), told to each seat
        when read; `to` names the seats that may read its secret part (the cards in it)."""
        # "traced": how many rules had fired, so `play --rules` can show them between the lines
        s = self.s
        entry = {"round": s.round, "phase": s.phase, "kind": kind, "traced": len(s.trace), **args}
        for key, value in args.items():
            if type(value) is tuple or type(value) is list:  # the others are kept as they are
                entry[key] = _plain(value)
        if to is not None:
            entry["to"] = sorted(set(to))
        s.log.append(entry)

    def trace(self, rule: str, text: str) -> None:
        """Record that a rule fired; scenarios assert on these rule numbers."""
        if rule:
            self.s.trace.append((rule, text))

    def are_enemies(self, a: str, b: str) -> bool:
        """Law glossary: an enemy is any other player you are not in a coalition with (9.2.8)."""
        if a == b:
            return False
        players = self.s.players
        return players[a].vars.get("coalition") != b and players[b].vars.get("coalition") != a

    def faction(self, fid: str) -> "FactionDef":
        return self.rules.factions[fid]

    def player(self, fid: str) -> Player:
        return self.s.players[fid]

    def name(self, fid: str) -> str:
        return self.rules.factions[fid].name

    def action_label(self, fid: str, action: str) -> str:
        """A faction action's English name with its original one beside it, for the log."""
        a = self.rules.factions[fid].actions.get(action)
        if a is None or not a.names:
            return action
        english = a.names.get("en", action)
        lang, original = next(iter(a.names.items()))  # the original language is listed first
        return f"{english} ({original})" if lang != "en" and original != english else english

    # --- modifiers and events ------------------------------------------------------------
    def modify(self, hook: str, value: Any, **context: Any) -> Any:
        """Fold the static modifiers registered for `hook` into a core computation.

        A modifier may ask the core something that runs modifiers again (a ruler modifier
        calling ruler()); past folds.MODIFIER_DEPTH nested ones it is a loop, named by its abilities."""
        rules = self.rules
        run = rules.folds.get(hook)
        if run is None:
            if hook not in rules.modifiers:
                return value
            run = rules.fold(hook)
        return run(self, value, context)

    def emit(self, event: str, **payload: Any) -> None:
        """Tell the abilities that something happened; their reactions run next."""
        rules = self.rules
        gather = rules.gatherers.get(event)
        if gather is None:
            if event not in rules.listeners:  # most events have no listener in a given game
                return
            gather = rules.gatherer(event)
        frames = gather(self, payload)
        if frames:  # most events: no listener reacts
            events.react(self, event, payload, frames)

    def score(self, faction: str, points: int, rule: str, why: dict, source: str | None = None) -> None:
        """Law 3.1: 30 VP wins at once; a player with an activated dominance card never scores.

        `why` is the log's reason: {"reason": "ability", "ability": id, "by": faction}, or a core
        reason ("crafting" with its "card", "removal", "closed_path", "pass").

        Each change is also booked under its `source` (a core source such as "crafting", or the
        id of the ability that scored; the rule number when none is given), so balance reports
        can say where a faction's points come from.
        """
        player = self.s.players[faction]
        if points == 0 or player.dominance is not None:
            return
        player.score += points
        key = source or rule or "other"
        player.vp_by[key] = player.vp_by.get(key, 0) + points
        if not self.quiet:
            self.log("score" if points > 0 else "lose", faction=faction, points=abs(points), total=player.score,
                     **why)
            self.trace(rule, f"{faction} {points:+d} VP: {render_reason(self, why)}")
        if player.score >= WIN_SCORE and self.s.winner is None:
            self.trace("3.1", f"{faction} reaches {WIN_SCORE} VP and wins")
            self.end(faction, "reached 30 VP")

    def end(self, winner: str | None, why: str) -> None:
        self.s.winner = winner
        self.s.ended = why
        self.s.decision = None
        if winner:
            self.log("game_won", ended=why, winner=winner)
        else:
            self.log("game_over", ended=why)
        for partner in (f for f in self.s.seats if winner and self.s.players[f].vars.get("coalition") == winner):
            self.log("coalition_won", faction=partner, winner=winner)
            self.trace(self.rules.factions[partner].coalition or "3.1", f"{partner} wins with {winner}")

    # --- cards ---------------------------------------------------------------------------
    def card_suit(self, card: int) -> str:
        return self.rules.deck.cards[card].suit

    def card_name(self, card: int) -> str:
        d = self.rules.deck.cards[card]
        return f"{d.name} ({d.suit})"

    def draw_card(self) -> int | None:
        """Law 2.1: when the deck runs out, the discard pile is shuffled into a new deck at once."""
        if not self.s.deck:
            self._reshuffle()
            if not self.s.deck:
                return None
        card = self.s.deck.pop()
        if not self.s.deck:
            self._reshuffle()
        return card

    def _reshuffle(self) -> None:
        if self.s.discard:
            self.s.deck = self.s.discard
            self.s.discard = []
            self.shuffle(self.s.deck)
            self.trace("2.1", "discard pile reshuffled into the deck")

    def draw(self, faction: str, n: int) -> int:
        """Draw up to `n` cards into a hand; the log names them to the drawer only."""
        drawn = []
        for _ in range(n):
            card = self.draw_card()
            if card is None:
                break
            self.s.players[faction].hand.append(card)
            drawn.append(card)
        self.log("draw", to=(faction,), faction=faction, cards=drawn)
        return len(drawn)

    def discard_card(self, card: int) -> None:
        """To the discard pile; a dominance card goes beside the map, available (Law 3.3.3)."""
        if self.rules.deck.cards[card].kind == "dominance":
            self.s.available_dominance.append(card)
        else:
            self.s.discard.append(card)
        if self.s.known:
            forget(self, card)

    def add_to_pile(self, faction: str, pile: str, card: int) -> None:
        """Put a card on one of a faction's piles; past the pile's limit it is discarded."""
        cards = self.s.players[faction].piles.setdefault(pile, [])
        code = self.rules.factions[faction].piles.get(pile)
        limit = self.rules.code[code](Ctx(self, faction, {})) if code else None
        if limit is not None and len(cards) >= limit:
            self.discard_card(card)
            self.log("pile_full", faction=faction, pile=pile)
            return
        cards.append(card)

    def spend(self, faction: str, card: int) -> None:
        self.s.players[faction].hand.remove(card)
        self.discard_card(card)



class QuietGame(Game):
    """A bot's trial game: a game that writes no log entries and no trace. Nothing in the rules
    reads them back (the narration, the invariants' ledger, saves and scenarios do, and none of
    them reads a trial game), so it plays move for move as a loud game; a loud game pays
    nothing for it. Made by `Game.clone(quiet=True)`; its clones are quiet too."""

    __slots__ = ()
    quiet = True

    def log(self, kind: str, to: Iterable[str] | None = None, **args: Any) -> None:
        """Nothing: a quiet game keeps no log."""

    def trace(self, rule: str, text: str) -> None:
        """Nothing: a quiet game keeps no trace."""


def _plain(value: tuple | list) -> list:
    """A log argument as JSON holds it (tuples as lists), so a loaded log equals the played one.
    Most are flat (cards, piece ids): copied at once, without a call per item."""
    for v in value:
        if type(v) is tuple or type(v) is list:
            return [_plain(v) if type(v) is tuple or type(v) is list else v for v in value]
    return list(value)


def distinct_cards(game: Game, cards: Iterable[int]) -> list[int]:
    """One card per distinct definition, lowest id first: identical cards are one option."""
    seen: dict[int, int] = {}
    same = game.rules.same_card
    for card in sorted(cards):
        seen.setdefault(same[card], card)
    return list(seen.values())  # in the order first seen: lowest id first


__all__ = ["Game", "QuietGame", "Rules", "Options", "distinct_cards"]
