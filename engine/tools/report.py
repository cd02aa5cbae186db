"""The simulation report: one self-contained HTML file (plots embedded as PNG data), plus each
plot as PNG and SVG files, drawn with matplotlib.

One file is what a designer can post on a forum or mail to playtesters; the separate plot
files are for slides and rule-book drafts. Output is reproducible: no dates in the files and
fixed SVG ids.
"""
from __future__ import annotations

import base64
import html
import io
from pathlib import Path
from typing import Any

from rootlaw.errors import RootlawError


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise RootlawError("the report needs matplotlib: pip install \"rootlaw[sim]\"") from None
    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "rootlaw"
    import matplotlib.pyplot as plt

    return plt


def write_report(summary: dict, rows: list[dict], out: Path) -> list[Path]:
    """Draw the plots into `out/plots/` and write `out/report.html`; returns the files written."""
    plt = _pyplot()
    plots = out / "plots"
    plots.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    figures: list[tuple[str, str, str]] = []  # (title, PNG as base64, file stem)
    for stem, title, draw in (("win_rates", "Win rate per faction (95% Wilson interval)", _win_rates),
                              ("seat_positions", "Win rate by seat position (95% Wilson interval)", _seats),
                              ("vp_over_rounds", "Mean VP at the end of each round", _vp_rounds),
                              ("vp_by_source", "Mean VP per game by source", _vp_sources)):
        fig = draw(plt, summary)
        fig.suptitle(title)
        fig.tight_layout()
        png = io.BytesIO()
        fig.savefig(png, format="png", dpi=100, metadata={"Software": None})
        (plots / f"{stem}.png").write_bytes(png.getvalue())
        fig.savefig(plots / f"{stem}.svg", format="svg", metadata={"Date": None, "Creator": None})
        plt.close(fig)
        written += [plots / f"{stem}.png", plots / f"{stem}.svg"]
        figures.append((title, base64.b64encode(png.getvalue()).decode("ascii"), stem))
    page = out / "report.html"
    page.write_text(_html(summary, figures), encoding="utf-8")
    return [page, *written]


def _win_rates(plt: Any, summary: dict) -> Any:
    factions = summary["factions"]
    names = list(factions)
    rates = [factions[f]["rate"] for f in names]
    errors = _error_bars([factions[f] for f in names])
    fig, ax = plt.subplots(figsize=(7, 3.6))
    ax.bar(names, rates, yerr=errors, capsize=6, color="#4c72b0")
    fair = 1 / max(1, len(summary["seat_positions"]))
    ax.axhline(fair, color="grey", linestyle="--", linewidth=1, label=f"even share ({fair:.0%})")
    ax.set_ylim(0, 1)
    ax.set_ylabel("games won")
    ax.legend(loc="upper right")
    return fig


def _error_bars(rates: list[dict]) -> list[list[float]]:
    """Distances from each rate to its interval's ends (never negative, despite rounding)."""
    return [[max(0.0, r["rate"] - r["low"]) for r in rates], [max(0.0, r["high"] - r["rate"]) for r in rates]]


def _seats(plt: Any, summary: dict) -> Any:
    seats = summary["seat_positions"]
    names = list(seats)
    rates = [seats[k]["rate"] for k in names]
    errors = _error_bars([seats[k] for k in names])
    fig, ax = plt.subplots(figsize=(7, 3.2))
    ax.bar([f"seat {k}" for k in names], rates, yerr=errors, capsize=6, color="#55a868")
    ax.set_ylim(0, 1)
    ax.set_ylabel("games won")
    return fig


def _vp_rounds(plt: Any, summary: dict) -> Any:
    fig, ax = plt.subplots(figsize=(7, 3.6))
    for f, d in summary["factions"].items():
        curve = d["vp_by_round"]
        ax.plot(range(1, len(curve) + 1), curve, marker=".", label=f)
    ax.axhline(30, color="grey", linestyle="--", linewidth=1)
    ax.set_xlabel("round")
    ax.set_ylabel("mean VP")
    ax.legend(loc="upper left")
    return fig


def _vp_sources(plt: Any, summary: dict) -> Any:
    factions = summary["factions"]
    names = list(factions)
    sources = sorted({s for d in factions.values() for s in d["vp_by_source"]})
    fig, ax = plt.subplots(figsize=(7, 0.9 + 0.6 * max(1, len(names))))
    left = [0.0] * len(names)
    colours = plt.get_cmap("tab20")
    for i, src in enumerate(sources):
        widths = [factions[f]["vp_by_source"].get(src, 0.0) for f in names]
        ax.barh(names, widths, left=left, label=src, color=colours(i % 20))
        left = [a + b for a, b in zip(left, widths)]
    ax.set_xlabel("mean VP per game")
    ax.invert_yaxis()
    if sources:
        ax.legend(loc="center left", bbox_to_anchor=(1.0, 0.5), fontsize="small")
    return fig


def _html(summary: dict, figures: list[tuple[str, str, str]]) -> str:
    e = html.escape
    plan = summary.get("plan", {})
    bots = ", ".join(f"{f}: {b}" for f, b in zip(plan.get("factions", ()), plan.get("bots", ())))
    head = (f"{summary['games']} games on {', '.join(plan.get('maps', ()))}, seed {plan.get('seed')}, "
            f"round limit {plan.get('round_limit')}; bots {bots}")
    faction_rows = "".join(
        f"<tr><td>{e(f)}</td><td>{e(', '.join(d['bots']))}</td><td>{d['wins']}/{d['games']}</td>"
        f"<td>{d['rate']:.1%}</td><td>{d['low']:.1%} – {d['high']:.1%}</td><td>{d['mean_vp']:.1f}</td>"
        f"<td>{d['dominance_wins']}</td><td>{e(', '.join(f'{s} {v:.1f}' for s, v in d['vp_by_source'].items()))}</td></tr>"
        for f, d in summary["factions"].items())
    seat_rows = "".join(f"<tr><td>{k}</td><td>{d['wins']}/{d['games']}</td><td>{d['rate']:.1%}</td>"
                        f"<td>{d['low']:.1%} – {d['high']:.1%}</td></tr>" for k, d in summary["seat_positions"].items())
    results = ", ".join(f"{e(k)}: {v}" for k, v in summary["results"].items())
    stalls = "".join(f"<li>game {s['game']} (seed {s['seed']}): {e(str(s['problem']))}</li>" for s in summary["stalls"])
    images = "".join(f'<figure><img alt="{e(title)}" src="data:image/png;base64,{data}">'
                     f"<figcaption>{e(title)} — also <code>plots/{stem}.png</code>, <code>plots/{stem}.svg</code>"
                     f"</figcaption></figure>" for title, data, stem in figures)
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>rootlaw simulation report</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; color: #222; }}
table {{ border-collapse: collapse; margin: 1em 0; }}
td, th {{ border: 1px solid #bbb; padding: 0.3em 0.6em; text-align: left; }}
th {{ background: #eee; }}
figure {{ margin: 1.5em 0; }} img {{ max-width: 100%; }}
</style></head><body>
<h1>rootlaw simulation report</h1>
<p id="plan">{e(head)}</p>
<p>Results: {results}. Length: {summary['rounds']['mean']:.1f} rounds on average
({summary['rounds']['min']}–{summary['rounds']['max']}), {summary['decisions']['mean']:.0f} decisions.
A game is won by its winner (30 VP or dominance) or, at the round limit, by the single player with most VP.</p>
<h2>Factions</h2>
<table id="factions"><tr><th>faction</th><th>bot</th><th>won</th><th>win rate</th><th>95% interval</th>
<th>mean VP</th><th>dominance wins</th><th>mean VP by source</th></tr>{faction_rows}</table>
<h2>Seat positions</h2>
<table id="seats"><tr><th>seat</th><th>won</th><th>win rate</th><th>95% interval</th></tr>{seat_rows}</table>
<h2>Stalls</h2>
{f"<ul>{stalls}</ul>" if stalls else "<p>None: every game ended.</p>"}
<h2>Plots</h2>
{images}
</body></html>
"""


__all__ = ["write_report"]
