"""The game and turn structure: rounds, Birdsong/Daylight/Evening, and each faction's steps.

A faction's turn is a list of steps per phase, read from its file. The generic step kinds
here (craft, draw, discard to a hand limit, a menu of actions) are what the faction
language's steps compile to; the menu also offers the Law's Daylight options open to every
player (dominance cards, the Mountain's closed paths).
"""
from __future__ import annotations

from rootlaw.core import stalemate
from rootlaw.core.frames import Entry, handler
from rootlaw.core.game import Game, distinct_cards
from rootlaw.core.hooks import PHASES
from rootlaw.law import victory
from rootlaw.play import actions


@handler("game")
def game_frame(game: Game, f: dict) -> None:
    """Set up, then turns in seat order until someone wins or the round limit passes."""
    s = game.s
    if not f.get("set_up"):
        f["set_up"] = True
        game.push({"op": "setup"})
        return
    if f.get("turn_taken"):
        f["turn_taken"] = False
        s.current = (s.current + 1) % len(s.seats)
        if s.current == 0:
            s.round += 1
            if stalemate.check_round(game, f):
                return
    if s.round > game.rules.options.round_limit:
        game.end(None, f"round limit ({game.rules.options.round_limit}) reached")
        return
    f["turn_taken"] = True
    game.push({"op": "turn", "player": game.current})


@handler("turn")
def turn(game: Game, f: dict) -> None:
    """A player's turn, phase by phase (Law 1.4.1): each phase starts (its start
    effects run while it is current), runs its steps, and ends (its end effects run, still in
    it); only then does the next phase become current. After the Evening ends, the turn does.

    The turn runs its phases' steps itself (no `steps` frame between it and each step), and
    goes from one stage to the next at once while the last one started nothing, asked nothing
    and changed nothing (`_advance_phase`), as the loop would."""
    player = f["player"]
    if f.get("stage") is None:
        s = game.s
        s.players[player].used = {}
        s.turn_used = {}
        s.phase = "birdsong"
        game.log("turn", faction=player)
        f["phase_index"] = 0
    index = f["phase_index"]
    while _advance_phase(game, f, player, PHASES[index]):
        if index == _EVENING:
            victory.pass_points(game, player)
            game.emit("turn_end", player=player)
            game.pop()
            return
        index = f["phase_index"] = index + 1
        f["stage"] = "start"


_EVENING = len(PHASES) - 1  # the index of a turn's last phase


def _advance_phase(game: Game, f: dict, player: str, phase: str) -> bool:
    """Run one phase from the stage it is at: its start, its steps, then its end (Law 1.4.1: a
    phase's end comes before the next phase starts), each stage after the last at once while
    nothing waits; True once all three have run, False when play must wait (a decision,
    reactions, a change). The frame's stage says where it waits: "steps" (and the next step's
    `index` once the steps began) until the steps are done, "next" once the end ran ("end", in
    a game saved while a `steps` frame ran the steps, until the end runs)."""
    stage = f.get("stage", "start")
    if stage == "next":
        return True
    if stage == "start":
        f["stage"] = "steps"
        f.pop("index", None)  # set when the steps begin, after the phase's start (`running_steps`)
        f.pop("window", None)
        _start_phase(game, f, player, phase)
        if not game.goes_on(f):
            return False
        stage = "steps"
    if stage == "steps":
        if "index" not in f:
            f["index"] = 0
        if not _run_steps(game, f, player, phase):
            return False
    f["stage"] = "next"
    game.emit("phase_end", player=player, phase=phase)
    return game.goes_on(f)


def _start_phase(game: Game, f: dict, player: str, phase: str) -> None:
    game.s.phase = phase
    if phase == "birdsong":
        victory.dominance_win(game, player)
        if game.s.ended:
            return
    game.emit("phase_start", player=player, phase=phase)


@handler("phase")
def phase_frame(game: Game, f: dict) -> None:
    """One phase of a turn alone, with what happens at its start and its end (as in `turn`)."""
    if _advance_phase(game, f, f["player"], f["phase"]):
        game.pop()


_ENDED = {phase: f"end:{phase}" for phase in PHASES}  # the used mark `end phase` sets in each phase


def running_steps(frame: dict) -> tuple[str, str, int] | None:
    """(player, phase, index of the next step) when `frame` is running a phase's steps: a
    `steps` frame, or a turn (or a phase alone) between its phase's start and end."""
    op = frame["op"]
    if op == "steps":
        return frame["player"], frame["phase"], frame["index"]
    if (op == "turn" or op == "phase") and frame.get("stage") == "steps" and "index" in frame:
        phase = frame["phase"] if op == "phase" else PHASES[frame["phase_index"]]
        return frame["player"], phase, frame["index"]
    return None


@handler("steps")
def steps(game: Game, f: dict) -> None:
    """The faction's steps of one phase alone (a turn runs its own: `_run_steps`)."""
    if _run_steps(game, f, f["player"], f["phase"]):
        game.pop()


def _run_steps(game: Game, f: dict, player: str, phase: str) -> bool:
    """Run the faction's steps of one phase in order, from the step `f["index"]` on, each step's
    frame at once (`run_now`) and the next one after it while nothing waits: True once the
    phase's steps are done, False when play must wait (a decision, reactions, a change).

    Cards used "in Birdsong" (or once in Daylight...) may be used at any point of the phase,
    not only at its start: every action menu offers them, and before each other step and at
    the phase's end a card window opens while one of them can be used.
    """
    spec = game.rules.factions[player].turn[phase]
    p = game.s.players[player]
    ended = _ENDED[phase]
    while True:
        if p.used.get(ended):  # `end phase` ran: the rest is skipped
            return True
        index = f["index"]
        try:
            # (card actions come from persistent cards in play: without any, there is no window)
            if p.persistent and f.get("window") != index and (index >= len(spec) or spec[index]["kind"] != "actions") \
                    and actions.card_actions(game, player):
                f["window"] = index
                frame = actions.card_window(player)
            elif index >= len(spec):
                return True
            else:
                f["index"] = index + 1
                frame = actions.step_frame(game, player, spec[index])
        except Exception:
            game.blame({"op": "steps"})  # what the steps' own frame was named by when the turn pushed one
            raise
        if not game.run_now(frame, f):
            return False


@handler("order_reactions")
def order_reactions(game: Game, f: dict) -> None:
    """Simultaneous reactions: the player `events.orderer` named picks the order (Law 4.3.4 in
    battle, Law 1.1.3 otherwise)."""
    pending = f["pending"]
    if "pick" in f:
        i = int(f.pop("pick").split(":")[0])
        chosen = pending[i]
        f["pending"] = pending[:i] + pending[i + 1:]
        game.push(dict(chosen))
        return
    if not pending:
        game.pop()
        return
    if len(pending) == 1 or all(p == pending[0] for p in pending):
        f["pending"] = pending[1:]
        game.push(dict(pending[0]))
        return
    labels = [f"{i}:{p.get('ability', p['op'])}" + (f" ({p['me']})" if "me" in p else "")
              for i, p in enumerate(pending)]
    game.ask(f, "pick", f.get("chooser", game.current), "order_reactions", labels, "which effect resolves first?")


@handler("draw")
def draw(game: Game, f: dict) -> None:
    player = f["player"]
    n = f["count"] + game.modify("draw_bonus", 0, player=player)
    if n <= 0:
        game.pop()
        return
    got = game.draw(player, n)
    game.trace(f["rule"], f"{player} draws {got}")
    game.pop()


@handler("discard_to", Entry(params=("limit",), needs=("limit",)))
def discard_to(game: Game, f: dict) -> None:
    """Evening hand limit: discard chosen cards down to the limit."""
    player = f["player"]
    hand = game.player(player).hand
    if "card" in f:
        game.spend(player, f.pop("card"))
    limit = game.modify("hand_limit", f["limit"], player=player)
    if len(hand) <= limit:
        game.pop()
        return
    game.ask(f, "card", player, "discard", distinct_cards(game, hand),
             f"hand limit {limit}: discard which card?")
