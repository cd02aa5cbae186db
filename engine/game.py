"""The game: immutable `Rules` shared by every copy, a mutable `State`, and the decision loop.

At every moment the game has one pending decision (who decides, what kind, the complete
ordered list of legal options) or has ended. `answer()` stores the chosen option in the frame
that asked and runs frames until the next decision. The loop is the only driver; rule modules
register frame handlers in `engine.frames`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable

from . import events, invariant_abilities, replacements
from .board import MapDef, path_ends
from .cards import Deck
from .errors import IllegalAnswer, RootlawError, RuleLoopError
from .frames import HANDLERS
from .language.holders import card_holders, faction_owner
from .language.context import Ctx, LanguageError
from .locations import as_location, clearing_loc, piece_loc
from .option_names import option_name, option_names
from .rng import Rng
from .state import Player, State, freeze

if TYPE_CHECKING:
    from .factions import FactionDef, PieceDef

WIN_SCORE = 30
STEP_BUDGET = 20000  # frame steps allowed between two decisions before we call it a loop
MODIFIER_DEPTH = 30  # modifiers running inside modifiers (ruler() in a ruler modifier...) before we call it a loop
TURN_DECISIONS = 2000  # decisions in one turn (or setup) before we call it a loop; real turns ask a few dozen


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
    listeners: dict[str, list[Callable]] = field(default_factory=dict)
    piece_defs: dict[tuple[str, str], "PieceDef"] = field(default_factory=dict)
    adjacency: dict[int, tuple[tuple[int, str], ...]] = field(default_factory=dict)
    neighbours: dict[int, tuple[int, ...]] = field(default_factory=dict)  # every path open, no modifier
    ruling: frozenset = frozenset()  # (faction, kind) of the pieces that count for rule: warriors, buildings

    code: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for fid, faction in self.factions.items():
            for kind, piece in faction.pieces.items():
                self.piece_defs[(fid, kind)] = piece
            self.code.update(faction.code)
            owner = faction_owner(fid)
            for trigger in faction.triggers:
                self.listeners.setdefault(trigger.event, []).append(trigger.listener(owner))
            for modifier in faction.modifiers:
                self.modifiers.setdefault(modifier.hook, []).append(modifier.function(owner))
        self.code.update(self.deck.code)
        self.ruling = frozenset(key for key, piece in self.piece_defs.items() if piece.category in ("warrior", "building"))
        for card_id, trigger in self.deck.triggers:
            self.listeners.setdefault(trigger.event, []).append(trigger.listener(card_holders(card_id)))
        for card_id, modifier in self.deck.modifiers:
            self.modifiers.setdefault(modifier.hook, []).append(modifier.function(card_holders(card_id)))
        table: dict[int, list[tuple[int, str]]] = {c: [] for c in self.map.clearings}
        for key in self.map.paths:
            a, b = path_ends(key)
            table[a].append((b, key))
            table[b].append((a, key))
        self.adjacency = {c: tuple(sorted(v)) for c, v in table.items()}
        self.neighbours = {c: tuple(sorted({n for n, _ in v})) for c, v in self.adjacency.items()}

    def category(self, faction: str, kind: str) -> str:
        return self.piece_defs[(faction, kind)].category


class Game:
    """A game in progress: the rules it is played by and its state."""

    __slots__ = ("rules", "s", "_rng", "_frame", "offered", "changed", "_modifying")

    def __init__(self, rules: Rules, state: State) -> None:
        self.rules = rules
        self.s = state
        self._rng = Rng(0)
        self._frame: dict | None = None  # the frame whose handler is running
        # when a list, every decision offered is noted here, also those that answer themselves
        # (scenarios observe them); not game state, so clones and saves leave it out
        self.offered: list[dict] | None = None
        self.changed = False  # a piece was placed, moved or removed, or a variable set, since invariants were checked
        self._modifying: list[str] = []  # abilities of the modifiers running now, outermost first

    # --- the decision loop ---------------------------------------------------------------
    def pending(self) -> dict | None:
        """The decision waiting for an answer, or None once the game has ended."""
        return self.s.decision

    def answer(self, option: Any) -> None:
        """Give one of the pending decision's options and run to the next decision."""
        decision = self.s.decision
        if decision is None:
            raise IllegalAnswer("the game has ended; there is nothing to answer")
        option = freeze(option)
        if not any(option == o and type(option) is type(o) for o in decision["options"]):
            raise IllegalAnswer(f"{option_name(self, decision, option)} is not an option of '{decision['kind']}' "
                                f"for {decision['player']}; options: {option_names(self, decision, 12)}")
        self.s.stack[-1][decision["slot"]] = option
        self.s.decision = None
        self._count_turn_decision()
        self.run()

    def _count_turn_decision(self) -> None:
        """A trigger loop that keeps asking a question never exhausts the step budget; the
        count of answers in the current turn (kept in its frame, so saves keep it) does."""
        turn = next((f for f in reversed(self.s.stack) if f["op"] in ("turn", "setup")), None)
        if turn is None:
            return
        turn["answers"] = turn.get("answers", 0) + 1
        if turn["answers"] > TURN_DECISIONS:
            names = sorted({str(f.get("ability") or f["op"]) for f in self.s.stack})
            raise RuleLoopError(f"one turn asked more than {TURN_DECISIONS} decisions; "
                                f"the loop involves: {', '.join(names)}")

    def run(self) -> None:
        """Advance frames until a decision is pending or the game ends."""
        s = self.s
        s.steps = 0
        while s.decision is None and s.stack:
            if s.ended:
                s.stack.clear()
                break
            frame = self._frame = s.stack[-1]
            try:
                HANDLERS[frame["op"]](self, frame)
                if self.changed:
                    invariant_abilities.check(self)  # after every batch of changes, whatever caused it
            except RootlawError:
                raise
            except LanguageError as exc:
                raise RootlawError(f"{_where(frame)} failed: {exc}") from None
            except RecursionError:
                self._modifying.clear()
                raise RuleLoopError(f"{_where(frame)} failed: abilities call each other without end") from None
            except MemoryError:
                raise RootlawError(f"{_where(frame)} failed: out of memory (a count or a list grew too big)") from None
            except (KeyError, TypeError, ValueError, IndexError, ZeroDivisionError, OverflowError,
                    AssertionError, AttributeError) as exc:
                # an ability given a value of the wrong kind (a pack's mistake) must end in a
                # message, not a traceback; the frame says where it happened
                raise RootlawError(f"{_where(frame)} failed: {type(exc).__name__}: {exc}") from exc
            s.steps += 1
            if s.steps > STEP_BUDGET:
                names = sorted({f.get("ability") or f["op"] for f in s.stack})
                raise RuleLoopError(f"rules ran {STEP_BUDGET} steps without asking anything; "
                                    f"the loop involves: {', '.join(names)}")

    def ask(self, frame: dict, slot: str, player: str, kind: str, options: Iterable, prompt: str = "") -> bool:
        """Ask `player` to choose; return True if play must wait for the answer.

        A decision with one option answers itself: it changes nothing and keeps records short.
        """
        if self.s.stack[-1] is not frame:
            return True  # reactions this frame set off run first; it asks again when it resumes
        options = tuple(freeze(o) for o in options)
        if not options:
            raise AssertionError(f"decision '{kind}' with no options")
        if self.offered is not None:
            decision = {"player": player, "kind": kind, "options": options}
            decision["names"] = tuple(option_name(self, decision, o) for o in options)
            self.offered.append(decision)
        if len(options) == 1:
            frame[slot] = options[0]
            return False
        self.s.decision = {"player": player, "kind": kind, "prompt": prompt or kind,
                           "options": options, "slot": slot}
        return True

    def push(self, frame: dict, ret: str | None = None) -> None:
        """Start a child frame; with `ret`, its result lands in the current top frame's `ret`."""
        if ret:
            frame["_ret"] = ret
        self.s.stack.append(frame)

    def pop(self, result: Any = None) -> None:
        """End the frame being run. Reactions it emitted may sit above it; they stay and run next."""
        stack = self.s.stack
        frame = self._frame
        index = next(i for i in range(len(stack) - 1, -1, -1) if stack[i] is frame)
        del stack[index]
        if "_ret" in frame and index > 0:
            stack[index - 1][frame["_ret"]] = freeze(result)

    def clone(self) -> "Game":
        g = Game(self.rules, self.s.clone())
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

    def log(self, text: str) -> None:
        self.s.log.append(f"[round {self.s.round} {self.s.phase}] {text}")

    def trace(self, rule: str, text: str) -> None:
        """Record that a rule fired; scenarios assert on these rule numbers."""
        if rule:
            self.s.trace.append((rule, text))

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
        original = next((n for lang, n in a.names.items() if lang != "en"), None)
        return f"{english} ({original})" if original and original != english else english

    # --- modifiers and events ------------------------------------------------------------
    def modify(self, hook: str, value: Any, **context: Any) -> Any:
        """Fold the static modifiers registered for `hook` into a core computation.

        A modifier may ask the core something that runs modifiers again (a ruler modifier
        calling ruler()); past MODIFIER_DEPTH nested ones it is a loop, named by its abilities."""
        fns = self.rules.modifiers.get(hook)
        if not fns:
            return value
        for fn in fns:
            if len(self._modifying) >= MODIFIER_DEPTH:
                names = sorted(set(self._modifying))
                self._modifying.clear()
                raise RuleLoopError(f"modifiers call each other without end ({MODIFIER_DEPTH} deep); "
                                    f"the loop involves: {', '.join(names)}")
            self._modifying.append(getattr(fn, "ability", hook))
            try:
                value = fn(self, value, context)
            except RecursionError:
                names = sorted(set(self._modifying))
                self._modifying.clear()
                raise RuleLoopError(f"modifiers call each other without end; "
                                    f"the loop involves: {', '.join(names)}") from None
            finally:
                if self._modifying:
                    self._modifying.pop()
        return value

    def emit(self, event: str, **payload: Any) -> None:
        """Tell the abilities that something happened; their reactions run next."""
        events.emit(self, event, payload)

    # --- board queries -------------------------------------------------------------------
    def pieces_at(self, loc: str) -> list[int]:
        return self.s.at.get(loc, [])

    def suit(self, clearing: int) -> str:
        return self.s.suits[clearing]

    def clearings(self) -> tuple[int, ...]:
        return tuple(self.rules.map.clearings)

    def clearing_of(self, piece: int) -> int | None:
        """The clearing a piece stands in, following pieces held on other pieces."""
        loc = self.s.pieces[piece][2]
        while loc[0] == "x":
            loc = self.s.pieces[int(loc[1:])][2]
        return int(loc[1:]) if loc[0] == "c" else None

    def count(self, faction: str | None, clearing: int, categories: tuple[str, ...] = ("warrior",),
              kind: str | None = None) -> int:
        """Pieces standing directly in a clearing (held pieces are not there, CA.2.7.II-style)."""
        n = 0
        pieces, defs = self.s.pieces, self.rules.piece_defs
        for pid in self.s.at.get(f"c{clearing}", ()):
            f, k, _ = pieces[pid]
            if (faction is None or f == faction) and (kind is None or k == kind) \
                    and defs[(f, k)].category in categories:
                n += 1
        return n

    def factions_present(self, clearing: int) -> list[str]:
        """Factions with any piece directly in the clearing, in seat order."""
        here = {self.s.pieces[pid][0] for pid in self.s.at.get(clearing_loc(clearing), ())}
        return [f for f in self.s.seats if f in here]

    def rule_weights(self, clearing: int) -> dict[str, int]:
        """Warriors plus buildings standing in the clearing, per faction (Law 2.5)."""
        weights: dict[str, int] = {}
        pieces, ruling = self.s.pieces, self.rules.ruling
        for pid in self.s.at.get(f"c{clearing}", ()):
            f, k, _ = pieces[pid]
            if (f, k) in ruling:
                weights[f] = weights.get(f, 0) + 1
        return weights

    def ruler(self, clearing: int) -> str | None:
        """Law 2.5: most warriors plus buildings; a tie rules nobody."""
        weights = self.rule_weights(clearing)
        if not weights:
            return None
        best = max(weights.values())
        leaders = [f for f in self.s.seats if weights.get(f) == best]
        ruler = leaders[0] if len(leaders) == 1 and best > 0 else None
        return self.modify("ruler", ruler, clearing=clearing, weights=weights)

    def rules_clearing(self, faction: str, clearing: int) -> bool:
        return self.ruler(clearing) == faction

    def adjacent(self, clearing: int, faction: str | None = None) -> tuple[int, ...]:
        """Law 2.2.1: clearings joined by an open path; abilities may add links (rivers...)."""
        closed = self.s.closed_paths
        if not closed and (faction is None or "adjacency" not in self.rules.modifiers):
            return self.rules.neighbours[clearing]  # the usual case, worked out once per game
        out = tuple(n for n, key in self.rules.adjacency[clearing] if key not in closed)
        if faction is not None:
            out = self.modify("adjacency", out, clearing=clearing, faction=faction)
        return tuple(sorted(set(out)))

    def free_slots(self, clearing: int) -> int:
        used = self.count(None, clearing, ("building",)) + self.s.ruins.get(clearing, 0)
        return self.rules.map.clearings[clearing].slots - used


    # --- changing the board --------------------------------------------------------------
    def place(self, faction: str, kind: str, loc: str, rule: str = "") -> int | None:
        """Place one piece from the faction's supply; None when the supply is empty (Law 1.5.4)."""
        player = self.s.players[faction]
        if player.supply.get(kind, 0) <= 0:
            return None
        player.supply[kind] -= 1
        self.changed = True
        pid = self.s.next_piece
        self.s.next_piece += 1
        self.s.pieces[pid] = (faction, kind, loc)
        self.s.at.setdefault(loc, []).append(pid)
        return pid

    def can_place(self, faction: str, kind: str, loc: str, by: str | None = None) -> bool:
        """Supply, building slots (Law 2.2.3), the piece's own limits per clearing, path or holder,
        and the factions' `may_place` restrictions (`by`: whose effect places it)."""
        if self.why_not_place(faction, kind, loc) is not None:
            return False
        clearing = int(loc[1:]) if loc[0] == "c" else None
        return self.modify("may_place", True, player=faction, kind=kind, clearing=clearing, by=by)

    def why_not_place(self, faction: str, kind: str, loc: str) -> str | None:
        """What the pieces and the board forbid about placing one more piece there, or None.
        Scenario positions are checked by this alone: the `may_place` restrictions judge effects."""
        if self.s.players[faction].supply.get(kind, 0) <= 0:
            return f"{faction} has no {kind} left in its supply"
        piece = self.rules.piece_defs[(faction, kind)]
        same = sum(1 for p in self.s.at.get(loc, ()) if self.s.pieces[p][:2] == (faction, kind))
        if loc[0] == "c":
            clearing = int(loc[1:])
            if piece.category == "building" and self.free_slots(clearing) <= 0:
                return (f"clearing {clearing} has no free building slot "
                        f"({self.rules.map.clearings[clearing].slots} slot(s), {self.s.ruins.get(clearing, 0)} ruin(s))")
            if piece.max_per_clearing is not None and same >= piece.max_per_clearing:
                return f"{faction} may have at most {piece.max_per_clearing} {kind} in a clearing"
        elif loc[0] == "p":
            if loc[1:] in self.s.closed_paths:
                return f"path {loc[1:]} is closed: nothing may be placed on it (Law 16.2.3.II)"
            if piece.max_per_path is not None and same >= piece.max_per_path:
                return f"{faction} may have at most {piece.max_per_path} {kind} on a path"
        elif loc[0] == "x" and piece.category != "marker" and not self.can_hold(int(loc[1:])):
            return f"that {' '.join(self.s.pieces[int(loc[1:])][:2])} can hold no more pieces"
        return None

    def can_hold(self, holder: int) -> bool:
        """Whether a piece has room for one more held piece (markers aside)."""
        capacity = self.rules.piece_defs[self.s.pieces[holder][:2]].capacity
        held = sum(1 for p in self.s.at.get(piece_loc(holder), ())
                   if self.rules.category(*self.s.pieces[p][:2]) != "marker")
        return capacity is None or held < capacity

    def relocate(self, pid: int, loc: str) -> None:
        faction, kind, old = self.s.pieces[pid]
        self.changed = True
        self.s.at[old].remove(pid)
        if not self.s.at[old]:
            del self.s.at[old]
        self.s.pieces[pid] = (faction, kind, loc)
        self.s.at.setdefault(loc, []).append(pid)

    def take_off(self, pid: int) -> tuple[str, str, str]:
        """Lift a piece off the map without returning it anywhere yet."""
        faction, kind, loc = self.s.pieces.pop(pid)
        self.changed = True
        self.s.at[loc].remove(pid)
        if not self.s.at[loc]:
            del self.s.at[loc]
        return faction, kind, loc

    def remove(self, pids: Iterable[int], cause: str, by: str | dict[int, str] | None,
               **context: Any) -> list[dict]:
        """Remove pieces at once (Law 1.5.4), score 1 VP per enemy building or token (3.2.1),
        then tell the abilities, which resolve after every piece is gone.

        Returns the snapshot of each removed piece, as triggers see it.
        """
        batch: list[dict] = []
        vp: dict[str, int] = {}
        contested: list[dict] = []  # pieces two replacements send to different places
        together = tuple(p for p in pids if p in self.s.pieces)
        for pid in together:
            if pid not in self.s.pieces:
                continue
            remover = by.get(pid) if isinstance(by, dict) else by
            snap = self._snapshot(pid, cause, remover, context)
            faction, kind, loc = self.take_off(pid)
            if loc[0] == "p" and context.get("clearing") is not None:
                loc = clearing_loc(context["clearing"])  # a piece on a path was hit from this clearing
            for rider in list(self.s.at.get(piece_loc(pid), ())):
                self._drop_rider(rider, loc)
            # a replacement may send the piece elsewhere instead of its supply (a box, a clearing)
            offers: list = []
            self.modify("removed_to", None, piece=snap, batch=together, offers=offers)
            destination = None
            if len({repr(o.value) for o in offers}) > 1:
                contested.append(replacements.contest(self, len(batch), snap, cause, offers))
            elif offers:
                destination = offers[0].value
                offers[0].trace(self, snap)
            if destination is None:
                self.s.players[faction].supply[kind] = self.s.players[faction].supply.get(kind, 0) + 1
            else:
                self.put_removed(pid, faction, kind, destination)
                snap["replaced_to"] = destination
            category = snap["category"]
            if remover is not None and remover != faction and category in ("building", "token"):
                points = self.modify("removal_vp", 1, piece=snap, by=remover)
                if points:
                    vp[remover] = vp.get(remover, 0) + points
            batch.append(snap)
        for f in sorted(vp, key=lambda f: f != self.current):
            self.score(f, vp[f], "3.2.1", "removing enemy buildings and tokens", "removal")
        fight = self._battle_fought()
        if batch and fight is not None:  # battle_ended tells what the battle removed, by any means
            fight["removed"] = fight.get("removed", ()) + tuple(freeze(b) for b in batch)
        payload = dict(pieces=tuple(freeze(b) for b in batch), cause=cause,
                       attacker=context.get("attacker"), defender=context.get("defender"),
                       clearing=context.get("clearing"), ability=context.get("ability"))
        if contested:  # the removal is told once a player has chosen where each such piece goes
            self.push(replacements.frame(contested, payload))
        elif batch:
            self.emit("removed", **payload)
        return batch

    def put_removed(self, pid: int, faction: str, kind: str, destination: Any) -> None:
        """Put a removed piece where a replacement sends it (a clearing, a path, a box)."""
        self.s.pieces[pid] = (faction, kind, as_location(destination))
        self.s.at.setdefault(as_location(destination), []).append(pid)

    def _battle_fought(self) -> dict | None:
        """The innermost battle on the stack that has begun (its clearing as it stood is kept)."""
        for frame in reversed(self.s.stack):
            if frame["op"] == "battle" and "before" in frame:
                return frame
        return None

    def _snapshot(self, pid: int, cause: str, by: str | None, context: dict) -> dict:
        faction, kind, loc = self.s.pieces[pid]
        clearing = self.clearing_of(pid)
        return {"piece": pid, "faction": faction, "kind": kind,
                "category": self.rules.category(faction, kind), "location": loc,
                "clearing": clearing, "suit": self.s.suits.get(clearing) if clearing else None,
                "cause": cause, "by": by,
                "riders": tuple(self.s.pieces[r][1] for r in self.s.at.get(piece_loc(pid), ())),
                "replaced_to": None,
                "attacker": context.get("attacker"), "defender": context.get("defender")}

    def _drop_rider(self, rider: int, loc: str) -> None:
        """A piece held on a removed piece falls where its holder stood (into the battle's
        clearing for a holder on a path); markers go back to their supply."""
        faction, kind, _ = self.s.pieces[rider]
        if self.rules.category(faction, kind) == "marker":
            self.take_off(rider)
            self.s.players[faction].supply[kind] = self.s.players[faction].supply.get(kind, 0) + 1
        else:
            self.relocate(rider, loc)

    def score(self, faction: str, points: int, rule: str, why: str, source: str | None = None) -> None:
        """Law 3.1: 30 VP wins at once; a player with an activated dominance card never scores.

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
        self.log(f"{self.name(faction)} {'scores' if points > 0 else 'loses'} {abs(points)} VP, "
                 f"now {player.score}: {why}")
        self.trace(rule, f"{faction} {points:+d} VP: {why}")
        if player.score >= WIN_SCORE and self.s.winner is None:
            self.trace("3.1", f"{faction} reaches {WIN_SCORE} VP and wins")
            self.end(faction, "reached 30 VP")

    def end(self, winner: str | None, why: str) -> None:
        self.s.winner = winner
        self.s.ended = why
        self.s.decision = None
        self.log(f"game over: {why}" + (f", {self.name(winner)} wins" if winner else ""))

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
        drawn = 0
        for _ in range(n):
            card = self.draw_card()
            if card is None:
                break
            self.s.players[faction].hand.append(card)
            drawn += 1
        return drawn

    def discard_card(self, card: int) -> None:
        """To the discard pile; a dominance card goes beside the map, available (Law 3.3.3)."""
        if self.rules.deck.cards[card].kind == "dominance":
            self.s.available_dominance.append(card)
        else:
            self.s.discard.append(card)

    def add_to_pile(self, faction: str, pile: str, card: int) -> None:
        """Put a card on one of a faction's piles; past the pile's limit it is discarded."""
        cards = self.s.players[faction].piles.setdefault(pile, [])
        code = self.rules.factions[faction].piles.get(pile)
        limit = self.rules.code[code](Ctx(self, faction, {})) if code else None
        if limit is not None and len(cards) >= limit:
            self.discard_card(card)
            self.log(f"{self.name(faction)}'s {pile} pile is full: the card is discarded")
            return
        cards.append(card)

    def spend(self, faction: str, card: int) -> None:
        self.s.players[faction].hand.remove(card)
        self.discard_card(card)



def _where(frame: dict) -> str:
    who = f" of {frame['me']}" if "me" in frame else ""
    return f"ability '{frame['ability']}'{who}" if "ability" in frame else f"the rules step '{frame['op']}'"


def distinct_cards(game: Game, cards: Iterable[int]) -> list[int]:
    """One card per distinct definition, lowest id first: identical cards are one option."""
    seen: dict[Any, int] = {}
    for card in sorted(cards):
        seen.setdefault(game.rules.deck.cards[card], card)
    return sorted(seen.values())


__all__ = ["Game", "Rules", "Options", "distinct_cards"]
