"""The game state: plain data only, so it can be cloned, hashed and saved to JSON.

Everything that changes during a game lives here; everything that does not (map, deck,
faction definitions, compiled abilities) lives in `Rules` and is shared between clones.
Frames on `stack` and decisions hold only immutable values (ints, strings, tuples), so a
shallow copy of each is a full copy.
"""
from __future__ import annotations

import hashlib
import json
import marshal
from collections.abc import Iterable
from typing import Any


class Player:
    """One faction's part of the state."""

    __slots__ = ("faction", "score", "hand", "supply", "piles", "items", "persistent",
                 "dominance", "vars", "used", "vp_by")

    def __init__(self, faction: str) -> None:
        self.faction = faction
        self.score = 0
        self.hand: list[int] = []
        self.supply: dict[str, int] = {}       # piece kind -> pieces off the map
        self.piles: dict[str, list[int]] = {}  # named card piles the faction owns
        self.items: list[str] = []             # crafted items
        self.persistent: list[int] = []        # persistent cards in the play area
        self.dominance: int | None = None      # activated dominance card
        self.vars: dict[str, Any] = {}         # faction variables (immutable values)
        self.used: dict[str, int] = {}         # per-turn counters, cleared at each turn's start
        self.vp_by: dict[str, int] = {}        # VP gained or lost per source (see Game.score)

    def clone(self) -> "Player":
        p = Player.__new__(Player)
        p.faction = self.faction
        p.score = self.score
        p.hand = self.hand.copy()
        p.supply = self.supply.copy()
        p.piles = {k: v.copy() for k, v in self.piles.items()} if self.piles else {}
        p.items = self.items.copy()
        p.persistent = self.persistent.copy()
        p.dominance = self.dominance
        p.vars = self.vars.copy()
        p.used = self.used.copy()
        p.vp_by = self.vp_by.copy()
        return p

    def to_json(self) -> dict:
        return {name: getattr(self, name) for name in self.__slots__}

    @classmethod
    def from_json(cls, data: dict) -> "Player":
        p = cls(data["faction"])
        for name in cls.__slots__:
            if name == "vp_by":  # saved before VP were booked by source: nothing booked yet
                p.vp_by = dict(data.get(name, {}))
                continue
            setattr(p, name, freeze(data[name]) if name in ("vars",) else data[name])
        return p


class State:
    """The whole mutable game: board, cards, players, pending work and the random generator."""

    __slots__ = ("seats", "players", "pieces", "at", "next_piece", "deck", "discard",
                 "available_dominance", "items", "ruins", "suits", "closed_paths", "ferry",
                 "current", "round", "phase", "turn_used", "stack", "decision", "rng",
                 "forced_dice", "winner", "ended", "log", "trace", "steps",
                 "states", "ruin_items", "items_out", "known")
    # saved only when not empty, so games that never use them hash and save as before
    OPTIONAL = ("states", "ruin_items", "items_out", "known")

    def __init__(self) -> None:
        self.seats: list[str] = []                      # factions in clockwise order
        self.players: dict[str, Player] = {}
        self.pieces: dict[int, tuple[str, str, str]] = {}  # id -> (faction, kind, location)
        self.at: dict[str, list[int]] = {}              # location -> piece ids, oldest first
        self.next_piece = 1
        self.deck: list[int] = []                       # top of the deck is the end
        self.discard: list[int] = []
        self.available_dominance: list[int] = []
        self.items: dict[str, int] = {}                 # the map's item supply
        self.ruins: dict[int, int] = {}
        self.suits: dict[int, str] = {}
        self.closed_paths: list[str] = []
        self.ferry: int | None = None
        self.current = 0                                # index into seats
        self.round = 1
        self.phase = "setup"
        self.turn_used: dict[str, int] = {}             # once-per-turn uses shared by all players
        self.stack: list[dict] = []
        self.decision: dict | None = None
        self.rng = 0
        self.forced_dice: list[int] = []
        self.winner: str | None = None
        self.ended: str | None = None                   # why the game ended
        self.log: list[dict | str] = []                 # entries as data (rootlaw.core.narration); old saves: lines
        self.trace: list[tuple[str, str]] = []          # (rule number, what happened)
        self.steps = 0
        self.states: dict[int, tuple[str, ...]] = {}    # piece id -> its states (exhausted...), sorted
        self.ruin_items: dict[int, list[str]] = {}      # clearing -> items hidden under its ruin
        self.items_out: dict[str, int] = {}             # items of the game now held as item pieces
        # seat -> {card: place it was seen in} for cards shown to it (rootlaw.core.visibility)
        self.known: dict[str, dict[int, str]] = {}

    def clone(self, share_record: bool = False) -> "State":
        """A copy sharing nothing that changes; with `share_record`, the log and the trace are
        the same lists (a quiet game's, to which nothing is added: `Game.clone`)."""
        # .copy() rather than list()/dict(): the same copies for less (a list's, a third of a
        # list() call's cost); a search clones the state at every node
        s = State.__new__(State)
        s.seats = self.seats.copy()
        s.players = {k: p.clone() for k, p in self.players.items()}
        s.pieces = self.pieces.copy()
        s.at = {k: v.copy() for k, v in self.at.items()}
        s.next_piece = self.next_piece
        s.deck = self.deck.copy()
        s.discard = self.discard.copy()
        s.available_dominance = self.available_dominance.copy()
        s.items = self.items.copy()
        s.ruins = self.ruins.copy()
        s.suits = self.suits  # fixed once dealt
        s.closed_paths = self.closed_paths.copy()
        s.ferry = self.ferry
        s.current = self.current
        s.round = self.round
        s.phase = self.phase
        s.turn_used = self.turn_used.copy()
        s.stack = [f.copy() for f in self.stack]
        s.decision = self.decision
        s.rng = self.rng
        s.forced_dice = self.forced_dice.copy()
        s.winner = self.winner
        s.ended = self.ended
        if share_record:
            s.log = self.log
            s.trace = self.trace
        else:
            s.log = self.log.copy()
            s.trace = self.trace.copy()
        s.steps = self.steps
        s.states = self.states.copy()
        s.ruin_items = {k: v.copy() for k, v in self.ruin_items.items()}
        s.items_out = self.items_out.copy()
        s.known = {seat: cards.copy() for seat, cards in self.known.items()} if self.known else {}
        return s

    # --- serialisation -------------------------------------------------------------------
    def to_json(self) -> dict:
        out: dict[str, Any] = {}
        for name in self.__slots__:
            value = getattr(self, name)
            if name in self.OPTIONAL and not value:
                continue
            if name == "players":
                value = {k: p.to_json() for k, p in value.items()}
            elif name == "pieces":
                value = {str(k): list(v) for k, v in value.items()}
            elif name in ("ruins", "suits", "ruin_items"):
                value = {str(k): v for k, v in value.items()}
            elif name == "states":
                value = {str(k): list(v) for k, v in value.items()}
            elif name == "known":
                value = {seat: {str(k): v for k, v in cards.items()} for seat, cards in value.items()}
            out[name] = value
        return out

    @classmethod
    def from_json(cls, data: dict) -> "State":
        s = cls()
        for name in cls.__slots__:
            if name in cls.OPTIONAL and name not in data:
                continue
            value = data[name]
            if name == "players":
                value = {k: Player.from_json(v) for k, v in value.items()}
            elif name == "pieces":
                value = {int(k): tuple(v) for k, v in value.items()}
            elif name in ("ruins", "suits"):
                value = {int(k): v for k, v in value.items()}
            elif name == "ruin_items":
                value = {int(k): list(v) for k, v in value.items()}
            elif name == "states":
                value = {int(k): tuple(v) for k, v in value.items()}
            elif name == "stack":
                value = [{k: freeze(v) for k, v in f.items()} for f in value]
            elif name == "decision":
                value = freeze(value)
            elif name == "trace":
                value = [tuple(t) for t in value]
            elif name == "known":
                value = {seat: {int(k): v for k, v in cards.items()} for seat, cards in value.items()}
            setattr(s, name, value)
        return s

    def outline(self) -> tuple:
        """A few numbers of the position (`position` is the same only where these are): cheap to
        compare before hashing the whole of it."""
        return (len(self.pieces), self.rng, len(self.deck), len(self.discard),
                tuple([(p.score, len(p.hand)) for p in self.players.values()]))  # a list: cheaper than a generator

    def position(self) -> str:
        """A hash of the position: what the game is, not how it got there or what runs next
        (the log, the trace and the frames are left out, and so is the order in which pieces
        arrived in a place). Two equal positions have the same futures from the same decision."""
        # plain values only (numbers, strings, tuples of them), so their repr is the same in
        # every process: the text of the tuple (pieces, players, deck, ...), its first part
        # from each piece's remembered text, its second from each player's, the rest written
        # from the state's other fields (`rest_text`)
        parts = piece_texts(self.pieces.items())  # repr(tuple(self.pieces.items())), joined below
        pieces = f"({parts[0]},)" if len(parts) == 1 else f"({', '.join(parts)})"
        parts = player_texts(self.players)  # repr of the players' parts (`player_part`), joined below
        players_text = f"({parts[0]},)" if len(parts) == 1 else f"({', '.join(parts)})"
        text = f"({pieces}, {players_text}, {rest_text(self)}"
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def digest(self) -> str:
        """A hash of everything that decides the rest of the game (the log, the trace and what
        each seat was shown excluded: the rules never read them)."""
        data = self.to_json()
        del data["log"], data["trace"], data["steps"]
        data.pop("known", None)
        text = json.dumps(data, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:16]


# the text (repr) of each (piece id, (faction, kind, location)) met in a position, by the piece's
# id: the piece's tuple it was written for and its text (a search hashes positions that differ by
# a few pieces thousands of times; the state's tuple of a piece is replaced when the piece
# changes and shared by clones, so the same tuple object is the same piece, and a tuple that is
# not the one kept, equal or not, is written again and kept instead)
_PIECE_TEXTS: dict[int, tuple[tuple[str, str, str], str]] = {}


def piece_texts(pieces: Iterable[tuple[int, tuple[str, str, str]]]) -> list[str]:
    """repr() of each (id, piece) item, from the pieces' remembered texts: joined, they make
    the text of the tuple or list of the items (`State.position`, the stall check)."""
    get = _PIECE_TEXTS.get
    return [kept[1] if (kept := get(pid)) is not None and kept[0] is piece else _piece_text(pid, piece)
            for pid, piece in pieces]


def _piece_text(pid: int, piece: tuple[str, str, str]) -> str:
    text = repr((pid, piece))
    _PIECE_TEXTS[pid] = (piece, text)
    return text


def player_part(faction: str, p: Player) -> tuple:
    """A player's part of `State.position`: its containers as tuples and sorted items, so two
    players holding the same things have the same part whatever order they came in."""
    return (faction, p.score, tuple(p.hand), sorted(p.supply.items()), sorted(p.piles.items()), tuple(p.items),
            tuple(p.persistent), p.dominance, sorted(p.vars.items()), sorted(p.used.items()))


# Texts of parts of a position remembered by the marshal form of the fields they are written
# from, as the fields are: marshal writes every value with its type (True and 1, 0 and False,
# 1 and 1.0 apart, which are equal keys; a list apart from a tuple) and a dict's items in their
# order, so one form is one content and that content one text (two orders of the same items are
# two forms of one text). Version 2 writes no references to values met before, so a form does
# not depend on which values happen to be shared. A form costs a few times less than the
# text's repr (repr guards every tuple it writes against recursion), and a position mostly
# repeats the last one's parts: an action changes a player or two and a few fields.
_FORMS_MAX = 20_000
_PLAYER_TEXTS: dict[bytes, str] = {}  # a player's fields -> its part's text
_SORTED_TEXTS: dict[bytes, str] = {}  # a dict -> the text of its sorted items


def player_texts(players: dict[str, Player]) -> list[str]:
    """repr() of each player's part of `State.position` (`player_part`), remembered by the
    marshal form of its fields (a search hashes positions whose players' parts recur thousands
    of times), a part not remembered written from the remembered texts of its dicts."""
    texts = _PLAYER_TEXTS
    if len(texts) > _FORMS_MAX:
        texts.clear()
    out = []
    dumps = marshal.dumps
    for f, p in players.items():
        try:
            form = dumps((f, p.score, p.hand, p.supply, p.piles, p.items, p.persistent, p.dominance, p.vars, p.used), 2)
        except ValueError:  # a value marshal cannot write: its text made afresh
            out.append(repr(player_part(f, p)))
            continue
        text = texts.get(form)
        if text is None:  # repr(player_part(f, p)), a tuple of ten, written item by item
            text = texts[form] = (
                f"({f!r}, {p.score!r}, {tuple(p.hand)!r}, {_sorted_text(p.supply)}, {_sorted_text(p.piles)}, "
                f"{tuple(p.items)!r}, {tuple(p.persistent)!r}, {p.dominance!r}, {_sorted_text(p.vars)}, "
                f"{_sorted_text(p.used)})")
        out.append(text)
    return out


def _sorted_text(items: dict) -> str:
    """repr(sorted(items.items())), remembered by the dict's marshal form."""
    texts = _SORTED_TEXTS
    try:
        form = marshal.dumps(items, 2)
    except ValueError:
        return repr(sorted(items.items()))
    text = texts.get(form)
    if text is None:
        if len(texts) > _FORMS_MAX:
            texts.clear()
        text = texts[form] = repr(sorted(items.items()))
    return text


def rest_text(s: State) -> str:
    """The text of the state's fields after the players in `State.position`, without the
    opening bracket: repr((s.deck, s.discard, ..., s.ended))[1:], the dicts as sorted items,
    written item by item."""
    return (f"{s.deck!r}, {s.discard!r}, {s.available_dominance!r}, {_sorted_text(s.items)}, "
            f"{_sorted_text(s.ruins)}, {s.closed_paths!r}, {s.ferry!r}, {s.current!r}, {s.round!r}, "
            f"{s.phase!r}, {_sorted_text(s.turn_used)}, {s.rng!r}, {s.forced_dice!r}, {s.winner!r}, {s.ended!r})")


# types whose values `freeze` returns as they are (not a list or a dict, nor made from one;
# a tuple is kept as it is, whatever it holds)
_KEPT_AS_IS = frozenset((str, int, type(None), tuple, bool, float))


def freeze(value: Any) -> Any:
    """Lists (from JSON, YAML or an ability) to the tuples frames and decisions are made of."""
    if type(value) in _KEPT_AS_IS:  # most values: nothing to do
        return value
    if isinstance(value, list):
        return tuple(freeze(v) for v in value)
    if isinstance(value, dict):  # a removed piece's snapshot, a frame's values: strings, numbers, None
        return {k: v if type(v) in _KEPT_AS_IS else freeze(v) for k, v in value.items()}
    return value
