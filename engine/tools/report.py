"""The simulation report: one self-contained HTML file (plots embedded as PNG data), plus each
plot as PNG and SVG files, drawn with matplotlib (rootlaw.tools.report_plots).

One file is what a designer can post on a forum or mail to playtesters; the separate plot
files are for slides and rule-book drafts. Output is reproducible: no dates in the files and
fixed SVG ids. Factions and VP sources are named as people read them (the summary's `names`).

The page is a list of sections (`SECTIONS`), each a title and a function that writes its HTML
from the summary, the rows and the plots: a new section (a verdict, say) is one more entry.
"""
from __future__ import annotations

import base64
import html
import io
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from rootlaw.files.atomic import replacing, write_file

from .report_plots import PLOTS, Figure, faction_name, figure_html, pyplot, source_name
from .report_verdict import designer_plots, sensitivity_section, variants_section, verdict_section
from .summary import counting_sentence

e = html.escape


@dataclass(frozen=True)
class Section:
    """One part of the report: `id` (the HTML id), its heading, and its body's HTML."""

    id: str
    title: str
    body: Callable[[dict, list[dict], dict[str, Figure]], str]


def write_report(summary: dict, rows: list[dict], out: Path, sections: tuple[Section, ...] | None = None) -> list[Path]:
    """Draw the plots into `out/plots/` and write `out/report.html`; returns the files written."""
    plt = pyplot()
    plots = out / "plots"
    plots.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    figures: dict[str, Figure] = {}
    for stem, title, draw in (*designer_plots(summary), *PLOTS):
        fig = draw(plt, summary)
        fig.suptitle(title)
        fig.tight_layout()
        png = io.BytesIO()
        fig.savefig(png, format="png", dpi=100, metadata={"Software": None})
        write_file(plots / f"{stem}.png", png.getvalue(), "plot")
        with replacing(plots / f"{stem}.svg", "plot", binary=True) as handle:
            fig.savefig(handle, format="svg", metadata={"Date": None, "Creator": None})
        plt.close(fig)
        written += [plots / f"{stem}.png", plots / f"{stem}.svg"]
        figures[stem] = Figure(stem, title, base64.b64encode(png.getvalue()).decode("ascii"))
    page = out / "report.html"
    write_file(page, render(summary, rows, figures, SECTIONS if sections is None else sections), "report")
    return [page, *written]


def render(summary: dict, rows: list[dict], figures: dict[str, Figure], sections: tuple[Section, ...]) -> str:
    bodies = [(s, s.body(summary, rows, figures)) for s in sections]
    parts = "\n".join(f'<section id="{s.id}"><h2>{e(s.title)}</h2>\n{body}</section>'
                      for s, body in bodies if body)  # a section with nothing to say is left out
    lang = summary.get("names", {}).get("lang", "en")
    return f"""<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8"><title>rootlaw simulation report</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; color: #222; }}
table {{ border-collapse: collapse; margin: 1em 0; }}
td, th {{ border: 1px solid #bbb; padding: 0.3em 0.6em; text-align: left; }}
th {{ background: #eee; }} td.num {{ text-align: right; }}
figure {{ margin: 1.5em 0; }} img {{ max-width: 100%; }}
</style></head><body>
<h1>rootlaw simulation report</h1>
{_plan(summary)}
{parts}
</body></html>
"""


def _plan(summary: dict) -> str:
    plan = summary.get("plan", {})
    bots = ", ".join(f"{faction_name(summary, f)}: {b}" for f, b in zip(plan.get("factions", ()), plan.get("bots", ())))
    return (f'<p id="plan">{summary["games"]} games on {e(", ".join(plan.get("maps", ())))}, seed {plan.get("seed")}, '
            f"round limit {plan.get('round_limit')}; bots {e(bots)}</p>")


def _results(summary: dict, rows: list[dict], figures: dict[str, Figure]) -> str:
    results = ", ".join(f"{e(k.replace('_', ' '))}: {v}" for k, v in summary["results"].items())
    rounds, decisions = summary["rounds"], summary["decisions"]
    counting = counting_sentence(summary) if "counting" in summary else ""
    return (f"<p>Results: {results}. Length: {rounds['mean']:.1f} rounds on average ({rounds['min']}–{rounds['max']}), "
            f"{decisions['mean']:.0f} decisions.</p>\n<p id=\"counting\">{e(counting)}</p>")


def _factions(summary: dict, rows: list[dict], figures: dict[str, Figure]) -> str:
    body = "".join(
        f"<tr><td>{e(faction_name(summary, f))}</td><td>{e(', '.join(d['bots']))}</td><td>{d['wins']}/{d['games']}</td>"
        f"<td>{d['rate']:.1%}</td><td>{d['low']:.1%} – {d['high']:.1%}</td><td>{d['mean_vp']:.1f}</td>"
        f"<td>{d['dominance_wins']}</td><td>{e(_sources(summary, f, d))}</td></tr>"
        for f, d in summary["factions"].items())
    return ('<table id="factions"><tr><th>faction</th><th>bot</th><th>won</th><th>win rate</th><th>95% interval</th>'
            f"<th>mean VP</th><th>dominance wins</th><th>mean VP by source</th></tr>{body}</table>"
            + figure_html(figures, "win_rates") + figure_html(figures, "vp_by_source") + figure_html(figures, "vp_over_rounds"))


def _sources(summary: dict, fid: str, d: dict) -> str:
    """'Trade 6.2, Crafting 1.0': mean VP by what scored them, sources with one name together."""
    by_name: dict[str, float] = {}
    for src, value in d["vp_by_source"].items():
        name = source_name(summary, fid, src)
        by_name[name] = by_name.get(name, 0.0) + value
    return ", ".join(f"{name} {v:.1f}" for name, v in sorted(by_name.items(), key=lambda kv: -kv[1]))


def _matchups(summary: dict, rows: list[dict], figures: dict[str, Figure]) -> str:
    table = summary.get("matchups") or {}
    ids = [f for f in summary["factions"] if f in table]
    if not ids:
        return "<p>No two factions met.</p>"
    two = all(cell["two_player"] == cell["games"] for row in table.values() for cell in row.values())
    what = ("Each pair's win rate, in the 2-player games it played (row against column)." if two else
            "How often the row's faction finished ahead of the column's, in the games both played: ahead when it "
            "won, behind when the other did, otherwise by VP, a tie counting half.")
    head = "".join(f"<th>{e(faction_name(summary, g))}</th>" for g in ids)
    body = ""
    for f in ids:
        cells = "".join("<td>—</td>" if g == f or g not in table[f] else
                        f'<td class="num">{table[f][g]["rate"]:.0%} <small>({table[f][g]["games"]})</small></td>'
                        for g in ids)
        body += f"<tr><th>{e(faction_name(summary, f))}</th>{cells}</tr>"
    return f'<p>{e(what)} The number of games is in brackets.</p><table id="matchups"><tr><th></th>{head}</tr>{body}</table>'


def _lengths(summary: dict, rows: list[dict], figures: dict[str, Figure]) -> str:
    counts = summary.get("lengths", {})
    cells = "".join(f'<td class="num">{v}</td>' for v in counts.values())
    head = "".join(f"<th>{k}</th>" for k in counts)
    return (f'<table id="lengths"><tr><th>rounds</th>{head}</tr><tr><th>games</th>{cells}</tr></table>'
            + figure_html(figures, "game_lengths"))


def _seats(summary: dict, rows: list[dict], figures: dict[str, Figure]) -> str:
    body = "".join(f"<tr><td>{k}</td><td>{d['wins']}/{d['games']}</td><td>{d['rate']:.1%}</td>"
                   f"<td>{d['low']:.1%} – {d['high']:.1%}</td></tr>" for k, d in summary["seat_positions"].items())
    first = summary.get("first_player")
    sentence = ""
    if first and first["games"]:
        verdict = ("within the interval" if first["low"] <= first["even_share"] <= first["high"]
                   else "above the interval: the first player has an advantage" if first["even_share"] < first["low"]
                   else "below the interval: the first player is at a disadvantage")
        sentence = (f'<p id="first-player">The first player won {first["rate"]:.1%} of the games (95% interval '
                    f'{first["low"]:.1%} – {first["high"]:.1%}); an even share would be {first["even_share"]:.1%}, '
                    f"{verdict}.</p>")
    return (sentence + '<table id="seats"><tr><th>seat</th><th>won</th><th>win rate</th><th>95% interval</th></tr>'
            f"{body}</table>" + figure_html(figures, "seat_positions"))


def _stalls(summary: dict, rows: list[dict], figures: dict[str, Figure]) -> str:
    stalls = "".join(f"<li>game {s['game']} (seed {s['seed']}): {e(str(s['problem']))}</li>" for s in summary["stalls"])
    return f"<ul>{stalls}</ul>" if stalls else "<p>None: every game ended.</p>"


SECTIONS: tuple[Section, ...] = (
    Section("verdict", "Verdict", verdict_section),  # first: what a designer acts on
    Section("variants", "By value swept or bot compared", variants_section),
    Section("bot-sensitivity", "Bot sensitivity", sensitivity_section),
    Section("results", "Results", _results),
    Section("factions-section", "Factions", _factions),
    Section("matchups-section", "Matchups", _matchups),
    Section("lengths-section", "Game lengths", _lengths),
    Section("seats-section", "Seat positions and the first player's advantage", _seats),
    Section("stalls", "Stalls", _stalls),
)

__all__ = ["write_report", "render", "Section", "SECTIONS", "Figure"]
