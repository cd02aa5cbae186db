"""What a step expects to have happened while it ran: the rules and abilities fired, the log
lines written, the decisions offered (or never offered), and how a decision's options are
compared with the options a scenario writes.

All of it is read from what the step added, given by a `Since` mark taken before it ran.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from rootlaw.core.game import Game
from rootlaw.core.narration import WHOLE_TRUTH, log_lines
from rootlaw.core.option_names import find_option, option_names
from rootlaw.core.state import freeze

FACTION = r"[a-z][a-z0-9_]*(?::[a-z][a-z0-9_]*)?"  # a faction id, or pack:id


@dataclass(frozen=True)
class Since:
    """Where a step began: lengths of the trace and the log, and the decisions offered since."""

    trace: int
    log: int
    offered: list


def trace_matches(entry: tuple[str, str], want: Any) -> bool:
    """Whether one trace entry (rule, text) is the rule number or the ability `want` names."""
    rule, text = entry
    if not isinstance(want, dict):
        return rule == str(want)
    if "rule" in want and rule != str(want["rule"]):
        return False
    if "ability" in want or "faction" in want:
        faction = re.escape(want["faction"]) if "faction" in want else FACTION
        ability = re.escape(want["ability"]) if "ability" in want else r"\S+"
        return re.match(rf"^{faction}: {ability}(?: |$)", text) is not None
    return True


def show_fired(want: Any) -> str:
    if not isinstance(want, dict):
        return str(want)
    who = f"{want['faction']}: " if "faction" in want else ""
    what = f"{who}{want.get('ability', 'any ability')}" if "ability" in want or who else ""
    rule = f"rule {want['rule']}" if "rule" in want else ""
    return " ".join(p for p in (what, rule and (f"({rule})" if what else rule)) if p)


def _fired(game: Game, wanted: list, _e: dict, since: Since) -> list[str]:
    trace = game.s.trace[since.trace:]
    it = iter(trace)
    if all(any(trace_matches(entry, want) for entry in it) for want in wanted):
        return []
    shown = ", ".join(f"{rule}: {text}" for rule, text in trace) or "nothing"
    return [f"fired: expected {', '.join(show_fired(w) for w in wanted)} in this order; fired {shown}"]


def _not_fired(game: Game, wanted: list, _e: dict, since: Since) -> list[str]:
    trace = game.s.trace[since.trace:]
    return [f"{show_fired(w)} fired but should not have" for w in wanted
            if any(trace_matches(entry, w) for entry in trace)]


def _log(game: Game, wanted: list, _e: dict, since: Since, seat: str | None = WHOLE_TRUTH) -> list[str]:
    """The log as the whole truth tells it (every card named), or as one seat reads it, in English."""
    written = log_lines(game, seat, start=since.log)
    lines = iter(written)
    if all(any(text in line for line in lines) for text in wanted):
        return []
    shown = "\n      ".join(written) or "nothing"
    label = "log" if seat is WHOLE_TRUTH else f"log as {seat} reads it"
    return [f"{label}: expected lines containing {wanted} in this order; it says:\n      {shown}"]


def _not_log(game: Game, wanted: list, _e: dict, since: Since, seat: str | None = WHOLE_TRUTH) -> list[str]:
    label = "the log" if seat is WHOLE_TRUTH else f"the log as {seat} reads it"
    return [f"{label} says '{line}', which should not contain '{text}'"
            for text in wanted for line in log_lines(game, seat, start=since.log) if text in line]


def _seat_log(check):
    """`log` or `not_log` per seat: faction -> texts."""
    def checker(game: Game, want_all: dict, e: dict, since: Since) -> list[str]:
        return [problem for seat, wanted in want_all.items() for problem in check(game, wanted, e, since, seat)]
    return checker


def options_differ(game: Game, decision: dict, want: Any) -> str | None:
    """Why `decision`'s options are not `want` (an exact list, or includes/excludes), or None."""
    options = list(decision["options"])
    found = option_names(game, decision)
    if isinstance(want, list):
        if [find_option(game, decision, freeze(o)) for o in want] != options:
            return f"expected {written(want)}, found {found}"
        return None
    missing = [o for o in want.get("includes", []) if not _among(game, decision, o)]
    extra = [o for o in want.get("excludes", []) if _among(game, decision, o)]
    why = []
    if missing:
        why.append(f"{written(missing)} not among them")
    if extra:
        why.append(f"{written(extra)} among them but should not be")
    return f"{'; '.join(why)} (options: {found})" if why else None


def _among(game: Game, decision: dict, value: Any) -> bool:
    option = find_option(game, decision, freeze(value))
    return any(option == o and type(option) is type(o) for o in decision["options"])


def written(values: list) -> str:
    """Values as a scenario writes them: numbers as numbers, names without quotes."""
    return ", ".join(f"[{written(v)}]" if isinstance(v, list) else str(v) for v in values)


def _same_offer(game: Game, want: dict, decision: dict) -> bool:
    """Whether an offered decision is the one `want` describes (kind, player, options)."""
    if decision["kind"] != want["kind"] or want.get("player", decision["player"]) != decision["player"]:
        return False
    shape = want["options"] if "options" in want else {k: want[k] for k in ("includes", "excludes") if k in want}
    return not shape or options_differ(game, decision, shape) is None


def _not_offered(game: Game, wanted: list, _e: dict, since: Since) -> list[str]:
    """Decisions that must never have been asked, not even with one option (answering itself)."""
    out = []
    for want in wanted:
        for d in since.offered:
            if _same_offer(game, want, d):
                alone = " (it had one option and answered itself)" if len(d["options"]) == 1 else ""
                out.append(f"decision '{d['kind']}' for {d['player']} was offered but should not be{alone}; "
                           f"its options: {', '.join(d['names'])}")
                break
    return out


def _offered(game: Game, wanted: list, _e: dict, since: Since) -> list[str]:
    out = []
    for want in wanted:
        same = [d for d in since.offered if d["kind"] == want["kind"]
                and want.get("player", d["player"]) == d["player"]]
        if not same:
            kinds = ", ".join(dict.fromkeys(d["kind"] for d in since.offered)) or "none"
            out.append(f"no decision '{want['kind']}'" + (f" for {want['player']}" if "player" in want else "")
                       + f" was offered (offered: {kinds})")
            continue
        if "options" not in want and "includes" not in want and "excludes" not in want:
            continue
        shape = want["options"] if "options" in want else {k: want[k] for k in ("includes", "excludes") if k in want}
        whys = [options_differ(game, d, shape) for d in same]
        if all(whys):
            out.append(f"decision '{want['kind']}' offered, but its options differ: {whys[-1]}")
    return out


HAPPENED = (
    ("fired", _fired),
    ("not_fired", _not_fired),
    ("log", _log),
    ("not_log", _not_log),
    ("seat_log", _seat_log(_log)),
    ("not_seat_log", _seat_log(_not_log)),
    ("offered", _offered),
    ("not_offered", _not_offered),
)
"""The checks of what happened, by the `expect` key each reads (see `expect.CHECKS`)."""

__all__ = ["HAPPENED", "Since", "options_differ", "trace_matches", "show_fired", "written"]
