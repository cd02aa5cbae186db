"""The decision loop: at every moment one pending decision (who decides, what kind, the complete
ordered list of legal options) or the end of the game.

`answer()` stores the chosen option in the frame that asked and runs frames until the next
decision. The loop is the only driver; rule modules register frame handlers in `rootlaw.core.frames`.
It knows nothing of the board: `Game` mixes it with the board queries and the piece operations.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from rootlaw.core import invariant_abilities
from rootlaw.errors import IllegalAnswer, RootlawError, RuleLoopError

from .context import LanguageError
from .frames import HANDLERS
from .option_names import option_name, option_names
from .state import freeze

if TYPE_CHECKING:
    from .state import State

STEP_BUDGET = 20000  # frame steps allowed between two decisions before we call it a loop
TURN_DECISIONS = 2000  # decisions in one turn (or setup) before we call it a loop; real turns ask a few dozen
_NOT_OFFERED = object()  # what `answer` finds of an option that is not offered: of no option's type


class DecisionLoop:
    """Runs the frame stack of a state `s` between decisions (a part of `Game`)."""

    __slots__ = ()
    s: "State"
    _frame: dict | None
    offered: list[dict] | None
    changed: set[tuple[str, str]]
    _modifying: list[str]
    def pending(self) -> dict | None:
        """The decision waiting for an answer, or None once the game has ended."""
        return self.s.decision

    def answer(self, option: Any) -> None:
        """Give one of the pending decision's options and run to the next decision.

        A trigger loop that keeps asking a question never exhausts the step budget; the count
        of answers in the current turn (kept in its frame, so saves keep it) does. The game
        frame starts one turn (or the setup) at a time, so the stack holds one such frame at
        most, near its bottom: looked for from there. (Written out here, as the test of the
        option is: one call fewer each, at every decision.)"""
        s = self.s
        decision = s.decision
        if decision is None:
            raise IllegalAnswer("the game has ended; there is nothing to answer")
        if type(option) is not int and type(option) is not str:  # most answers: nothing to freeze
            option = freeze(option)
        options = decision["options"]
        try:
            found = options[options.index(option)]
        except ValueError:
            found = _NOT_OFFERED
        if type(found) is not type(option) and not _offered(option, options):  # (the long way: True is not 1)
            raise IllegalAnswer(f"{option_name(self, decision, option)} is not an option of '{decision['kind']}' "
                                f"for {decision['player']}; options: {option_names(self, decision, 12)}")
        stack = s.stack
        stack[-1][decision["slot"]] = option
        s.decision = None
        for turn in stack:
            op = turn["op"]
            if op == "turn" or op == "setup":
                answers = turn["answers"] = turn.get("answers", 0) + 1
                if answers > TURN_DECISIONS:
                    names = sorted({str(f.get("ability") or f["op"]) for f in stack})
                    raise RuleLoopError(f"one turn asked more than {TURN_DECISIONS} decisions; "
                                        f"the loop involves: {', '.join(names)}")
                break
        self.run()

    def run(self) -> None:
        """Advance frames until a decision is pending or the game ends."""
        s = self.s
        stack = s.stack
        handlers, check = HANDLERS, invariant_abilities.check  # bound once: the loop runs every frame
        s.steps = 0
        while s.decision is None and stack:
            if s.ended:
                stack.clear()
                break
            frame = self._frame = stack[-1]
            try:
                handlers[frame["op"]](self, frame)
                if self.changed:
                    check(self)  # after every batch of changes, whatever caused it
            # (the frame named is the one whose handler was running: a frame run at once
            # inside its parent's handler, `run_now`, is named itself)
            except LanguageError as exc:  # before RootlawError, which it is: say which ability failed
                raise RootlawError(f"{_where(self._frame)} failed: {exc}") from None
            except RootlawError:
                raise
            except RecursionError:
                self._modifying.clear()
                raise RuleLoopError(f"{_where(self._frame)} failed: abilities call each other without end") from None
            except MemoryError:
                raise RootlawError(f"{_where(self._frame)} failed: out of memory (a count or a list grew too big)") from None
            except (KeyError, TypeError, ValueError, IndexError, ZeroDivisionError, OverflowError,
                    AssertionError, AttributeError) as exc:
                # an ability given a value of the wrong kind (a pack's mistake) must end in a
                # message, not a traceback; the frame says where it happened
                raise RootlawError(f"{_where(self._frame)} failed: {type(exc).__name__}: {exc}") from exc
            steps = s.steps = s.steps + 1
            if steps > STEP_BUDGET:
                over_budget(s)

    def goes_on(self, frame: dict) -> bool:
        """Whether `frame`, whose handler has just done one stage of its work, may do the next
        at once, as the loop would run it next: it is still on top, nothing was asked, nothing
        changed (no invariant to check), the game goes on. Counted as a step of the loop."""
        s = self.s
        if s.decision is not None or s.ended or self.changed or not s.stack or s.stack[-1] is not frame:
            return False
        steps = s.steps = s.steps + 1
        if steps > STEP_BUDGET:
            over_budget(s)
        return True

    def run_now(self, frame: dict, parent: dict) -> bool:
        """Push `frame` and run its handler at once, as the loop would run it next (and check the
        invariants after it, as the loop would); True when it asked nothing and `parent`, the
        frame whose handler called this, may go on at once (`goes_on`). A parent that starts
        its children this way saves the loop a step out and a step back in per child, and the
        stack holds the same frames the loop would have run, so a decision finds them as before."""
        self.s.stack.append(frame)
        self._frame = frame
        HANDLERS[frame["op"]](self, frame)
        self._frame = parent
        if self.changed:
            invariant_abilities.check(self)
        return self.goes_on(parent)

    def blame(self, frame: dict) -> None:
        """Name `frame` in the error being raised: work a handler does for a frame it no longer
        pushes (a turn's steps) fails under the name it failed under when it was pushed."""
        self._frame = frame

    def ask(self, frame: dict, slot: str, player: str, kind: str, options: Iterable, prompt: str = "") -> bool:
        """Ask `player` to choose; return True if play must wait for the answer.

        A decision with one option answers itself: it changes nothing and keeps records short.
        """
        if self.s.stack[-1] is not frame:
            return True  # reactions this frame set off run first; it asks again when it resumes
        options = tuple(options)
        try:
            hash(options)  # no list or dict among them (freeze leaves every other value as it is)
        except TypeError:
            options = tuple([freeze(o) for o in options])
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
        if stack[-1] is frame:  # the usual case: nothing was pushed above it
            stack.pop()
            if "_ret" in frame and stack:
                stack[-1][frame["_ret"]] = freeze(result)
            return
        index = next(i for i in range(len(stack) - 2, -1, -1) if stack[i] is frame)
        del stack[index]
        if "_ret" in frame and index > 0:
            stack[index - 1][frame["_ret"]] = freeze(result)


def over_budget(s: "State") -> None:
    """Rules ran STEP_BUDGET steps (frames run, or turns of a compiled effect's loops) without
    a decision: a loop, named by the abilities it involves."""
    names = sorted({f.get("ability") or f["op"] for f in s.stack})
    raise RuleLoopError(f"rules ran {STEP_BUDGET} steps without asking anything; "
                        f"the loop involves: {', '.join(names)}")


def _offered(option: Any, options: tuple) -> bool:
    """Whether `option` is one of `options`, of the same type too (True is not 1)."""
    try:
        found = options[options.index(option)]
    except ValueError:
        return False
    return type(found) is type(option) or any(option == o and type(option) is type(o) for o in options)


def _where(frame: dict) -> str:
    who = f" of {frame['me']}" if "me" in frame else ""
    return f"ability '{frame['ability']}'{who}" if "ability" in frame else f"the rules step '{frame['op']}'"
