"""The summary of a simulation: what a designer asks of a faction's balance.

Win rates carry a 95% Wilson score interval (sound for small samples and rates near 0 or 1,
unlike the normal approximation). A game counts as won by its winner (30 VP or dominance) or,
at the round limit, by the single player with most VP (its `leader`), and by every player in a
coalition with the winner (Law 9.2.8); ties and stalls are won by nobody, so the wins may add up
to fewer than the games (`counting` says how many of each).
Matchups say how often each faction finished ahead of each other one in the games they shared:
ahead when it won, behind when the other did, else by VP, a tie counting half (in 2-player
games, the pair's win rate). `names` holds what people read for factions and VP sources.
"""
from __future__ import annotations

import math
from typing import Any

from .report_words import words

Z95 = 1.959963984540054


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate of `wins` in `games`."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def rate(wins: int, games: int) -> dict[str, Any]:
    low, high = wilson(wins, games)
    return {"wins": wins, "games": games, "rate": wins / games if games else 0.0, "low": low, "high": high}


def summarise(rows: list[dict], plan: dict | None = None, names: dict | None = None) -> dict:
    """Win rates per faction and per seat position, matchups, mean VP by source and by round, game
    lengths, the first player's advantage and how the games were counted."""
    factions = sorted({f for row in rows for f in row["seats"]})
    played = {f: [row for row in rows if f in row["seats"]] for f in factions}
    per_faction = {}
    for f in factions:
        games = played[f]
        n = len(games)
        sources = sorted({src for row in games for src in row["vp_by_source"][f]})
        per_faction[f] = {
            **rate(sum(row["leader"] == f or f in row.get("coalition_winners", ()) for row in games), n),
            "bots": sorted({row["bots"][f] for row in games}),
            "mean_vp": _mean([row["scores"][f] for row in games]),
            "vp_by_source": {src: _mean([row["vp_by_source"][f].get(src, 0) for row in games]) for src in sources},
            "vp_by_round": _mean_curve([row["vp_by_round"][f] for row in games]),
            "dominance_wins": sum(row["winner"] == f and row["result"] == "dominance" for row in games),
        }
    positions = max((len(row["seats"]) for row in rows), default=0)
    by_seat = {str(k + 1): rate(sum(len(row["seats"]) > k and row["leader"] == row["seats"][k] for row in rows),
                                sum(len(row["seats"]) > k for row in rows)) for k in range(positions)}
    results: dict[str, int] = {}
    for row in rows:
        results[row["result"]] = results.get(row["result"], 0) + 1
    lengths: dict[int, int] = {}
    for row in rows:
        lengths[row["rounds"]] = lengths.get(row["rounds"], 0) + 1
    return {
        "plan": plan or {},
        "names": names or {},
        "games": len(rows),
        "results": dict(sorted(results.items())),
        "no_winner": sum(row["leader"] is None for row in rows),
        "counting": _counting(rows),
        "lengths": {str(k): v for k, v in sorted(lengths.items())},
        "matchups": _matchups(rows, factions),
        "first_player": {**rate(sum(bool(row["seats"]) and row["leader"] == row["seats"][0] for row in rows), len(rows)),
                         "even_share": _mean([1 / len(row["seats"]) for row in rows if row["seats"]])},
        "stalls": [{"game": row["game"], "seed": row["seed"], "problem": row["problem"]}
                   for row in rows if row["result"] == "stall"],
        "rounds": _spread([row["rounds"] for row in rows]),
        "decisions": _spread([row["decisions"] for row in rows]),
        "factions": per_faction,
        "seat_positions": by_seat,
    }


def _counting(rows: list[dict]) -> dict[str, int]:
    """How the games were counted: won outright (30 VP, dominance), at the round limit by the one
    player with most VP, at the round limit with a tie at the top (nobody), stalled (nobody)."""
    limit = [row for row in rows if row["result"] == "round_limit"]
    return {"won": sum(row["result"] in ("vp", "dominance") for row in rows),
            "round_limit_led": sum(row["leader"] is not None for row in limit),
            "round_limit_tied": sum(row["leader"] is None for row in limit),
            "stalled": sum(row["result"] == "stall" for row in rows),
            "wins": sum(row["leader"] is not None for row in rows)}


def _matchups(rows: list[dict], factions: list[str]) -> dict[str, dict[str, dict[str, Any]]]:
    """For each faction and each opponent it met: how often it finished ahead, in how many games
    (and how many of them had two players)."""
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for f in factions:
        for g in factions:
            shared = [row for row in rows if f != g and f in row["seats"] and g in row["seats"]]
            if shared:
                ahead = sum(_ahead(row, f, g) for row in shared)
                out.setdefault(f, {})[g] = {"rate": ahead / len(shared), "games": len(shared),
                                            "two_player": sum(len(row["seats"]) == 2 for row in shared)}
    return out


def _ahead(row: dict, f: str, g: str) -> float:
    if row["leader"] in (f, g):
        return 1.0 if row["leader"] == f else 0.0
    a, b = row["scores"][f], row["scores"][g]
    return 1.0 if a > b else 0.0 if a < b else 0.5


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _spread(values: list[int]) -> dict[str, float]:
    return {"mean": _mean(values), "min": min(values, default=0), "max": max(values, default=0)}


def _mean_curve(curves: list[list[int]]) -> list[float]:
    """Mean score at the end of each round; a game that ended early keeps its final score."""
    length = max((len(c) for c in curves), default=0)
    return [_mean([c[min(r, len(c) - 1)] for c in curves if c]) for r in range(length)]


def text_table(summary: dict) -> str:
    """The summary as a short plain-text table for the terminal, in the summary's language."""
    names, w = summary.get("names", {}).get("factions", {}), words(summary)
    results = ", ".join(f"{w.result(k)} {v}" for k, v in summary["results"].items())
    lines = [w("table_head", n=summary["games"], results=results, mean=w.num(summary["rounds"]["mean"]),
               decisions=w.num(summary["decisions"]["mean"], 0))]
    width = max([20] + [len(names.get(f, f)) + 1 for f in summary["factions"]])
    lines.append(f"{w('faction_col'):{width}} {w('bot_col'):10} {w('wins_col'):>5} {w('rate_col'):>6}  "
                 f"{w('ci_col'):15} {w('mean_vp_col'):>7}")
    for f, d in summary["factions"].items():
        lines.append(f"{names.get(f, f):{width}} {','.join(d['bots']):10} {d['wins']:5d} {w.pct(d['rate']):>6}  "
                     f"{w('bounds', low=w.pct(d['low']), high=w.pct(d['high'])):15} "
                     f"{w.num(d['mean_vp']):>7}")
    lines.append(w("by_seat", seats=", ".join(k + w.colon + w.interval(w.pct(d["rate"]), w.pct(d["low"]), w.pct(d["high"]))
                                               for k, d in summary["seat_positions"].items())))
    counting = summary.get("counting")
    if counting and counting["wins"] < summary["games"]:
        lines.append(counting_sentence(summary))
    return "\n".join(lines)


def counting_sentence(summary: dict) -> str:
    """Why the wins add up to what they do: how each kind of ending was counted."""
    c, games, w = summary["counting"], summary["games"], words(summary)
    limit = summary.get("plan", {}).get("round_limit")
    parts = [w("counting_won", won=c["won"])]
    if c["round_limit_led"] or c["round_limit_tied"]:
        parts.append(w("counting_limit", reached=c["round_limit_led"] + c["round_limit_tied"],
                       of=w("counting_of", limit=limit) if limit else "", led=c["round_limit_led"],
                       tied=c["round_limit_tied"]))
    if c["stalled"]:
        parts.append(w("counting_stalled", stalled=c["stalled"]))
    return w("counting", n=games, parts=w.semicolon.join(parts), wins=c["wins"])


__all__ = ["wilson", "rate", "summarise", "text_table", "counting_sentence", "Z95"]
