"""The summary of a simulation: what a designer asks of a faction's balance.

Win rates carry a 95% Wilson score interval (sound for small samples and rates near 0 or 1,
unlike the normal approximation). A game counts as won by its winner (30 VP or dominance) or,
at the round limit, by the single player with most VP (its `leader`); ties and stalls are won
by nobody.
"""
from __future__ import annotations

import math
from typing import Any

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


def summarise(rows: list[dict], plan: dict | None = None) -> dict:
    """Win rates per faction and per seat position, mean VP by source and by round, game lengths."""
    factions = sorted({f for row in rows for f in row["seats"]})
    played = {f: [row for row in rows if f in row["seats"]] for f in factions}
    per_faction = {}
    for f in factions:
        games = played[f]
        n = len(games)
        sources = sorted({src for row in games for src in row["vp_by_source"][f]})
        per_faction[f] = {
            **rate(sum(row["leader"] == f for row in games), n),
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
    return {
        "plan": plan or {},
        "games": len(rows),
        "results": dict(sorted(results.items())),
        "no_winner": sum(row["leader"] is None for row in rows),
        "stalls": [{"game": row["game"], "seed": row["seed"], "problem": row["problem"]}
                   for row in rows if row["result"] == "stall"],
        "rounds": _spread([row["rounds"] for row in rows]),
        "decisions": _spread([row["decisions"] for row in rows]),
        "factions": per_faction,
        "seat_positions": by_seat,
    }


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _spread(values: list[int]) -> dict[str, float]:
    return {"mean": _mean(values), "min": min(values, default=0), "max": max(values, default=0)}


def _mean_curve(curves: list[list[int]]) -> list[float]:
    """Mean score at the end of each round; a game that ended early keeps its final score."""
    length = max((len(c) for c in curves), default=0)
    return [_mean([c[min(r, len(c) - 1)] for c in curves if c]) for r in range(length)]


def text_table(summary: dict) -> str:
    """The summary as a short plain-text table for the terminal."""
    lines = [f"{summary['games']} games; results: "
             + ", ".join(f"{k} {v}" for k, v in summary["results"].items())
             + f"; mean length {summary['rounds']['mean']:.1f} rounds, {summary['decisions']['mean']:.0f} decisions"]
    lines.append(f"{'faction':20} {'bot':10} {'wins':>5} {'rate':>6}  {'95% CI':15} {'mean VP':>7}")
    for f, d in summary["factions"].items():
        lines.append(f"{f:20} {','.join(d['bots']):10} {d['wins']:5d} {d['rate']:6.1%}  "
                     f"[{d['low']:.1%}, {d['high']:.1%}]{'':2} {d['mean_vp']:7.1f}")
    lines.append("by seat: " + ", ".join(f"{k}: {d['rate']:.1%} [{d['low']:.1%}, {d['high']:.1%}]"
                                          for k, d in summary["seat_positions"].items()))
    return "\n".join(lines)


__all__ = ["wilson", "rate", "summarise", "text_table", "Z95"]
