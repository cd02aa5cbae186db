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

from .report_plots import PLOTS, Figure, faction_name, figure_html, header_row, pyplot, source_name
from .report_verdict import designer_plots, sensitivity_section, variants_section, verdict_section
from .report_words import words
from .summary import counting_sentence

e = html.escape


@dataclass(frozen=True)
class Section:
    """One part of the report: `id` (the HTML id), its heading (a key of rootlaw.tools.report_words),
    and its body's HTML."""

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
    w = words(summary)
    for stem, key, draw in (*designer_plots(summary), *PLOTS):
        title = w(key)
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
        figures[stem] = Figure(stem, title, base64.b64encode(png.getvalue()).decode("ascii"), w.lang)
    page = out / "report.html"
    write_file(page, render(summary, rows, figures, SECTIONS if sections is None else sections), "report")
    return [page, *written]


def render(summary: dict, rows: list[dict], figures: dict[str, Figure], sections: tuple[Section, ...]) -> str:
    w = words(summary)
    bodies = [(s, s.body(summary, rows, figures)) for s in sections]
    parts = "\n".join(f'<section id="{s.id}"><h2>{e(w(s.title))}</h2>\n{body}</section>'
                      for s, body in bodies if body)  # a section with nothing to say is left out
    return f"""<!DOCTYPE html>
<html lang="{w.lang}"><head><meta charset="utf-8"><title>{e(w("title"))}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; color: #222; }}
table {{ border-collapse: collapse; margin: 1em 0; }}
td, th {{ border: 1px solid #bbb; padding: 0.3em 0.6em; text-align: left; }}
th {{ background: #eee; }} td.num {{ text-align: right; }}
figure {{ margin: 1.5em 0; }} img {{ max-width: 100%; }}
</style></head><body>
<h1>{e(w("title"))}</h1>
{_plan(summary)}
{parts}
</body></html>
"""


def _plan(summary: dict) -> str:
    plan, w = summary.get("plan", {}), words(summary)
    bots = ", ".join(f"{faction_name(summary, f)}{w.colon}{b}" for f, b in zip(plan.get("factions", ()), plan.get("bots", ())))
    return '<p id="plan">' + e(w("plan", n=summary["games"], maps=", ".join(plan.get("maps", ())), seed=plan.get("seed"),
                                 limit=plan.get("round_limit"), bots=bots)) + "</p>"


def _results(summary: dict, rows: list[dict], figures: dict[str, Figure]) -> str:
    w = words(summary)
    results = ", ".join(f"{w.result(k)}{w.colon}{v}" for k, v in summary["results"].items())
    rounds, decisions = summary["rounds"], summary["decisions"]
    counting = counting_sentence(summary) if "counting" in summary else ""
    sentence = w("results", results=results, mean=w.num(rounds["mean"]), low=rounds["min"], high=rounds["max"],
                 decisions=w.num(decisions["mean"], 0))
    return f"<p>{e(sentence)}</p>\n<p id=\"counting\">{e(counting)}</p>"



def _factions(summary: dict, rows: list[dict], figures: dict[str, Figure]) -> str:
    w = words(summary)
    body = "".join(
        f"<tr><td>{e(faction_name(summary, f))}</td><td>{e(', '.join(d['bots']))}</td><td>{d['wins']}/{d['games']}</td>"
        f"<td>{w.pct(d['rate'])}</td><td>{w.pct(d['low'])} – {w.pct(d['high'])}</td><td>{w.num(d['mean_vp'])}</td>"
        f"<td>{d['dominance_wins']}</td><td>{e(_sources(summary, f, d))}</td></tr>"
        for f, d in summary["factions"].items())
    head = header_row(w, "faction_head", "bot_head", "won_head", "rate_head", "interval_head", "mean_vp_head",
                      "dominance_head", "sources_head")
    return (f'<table id="factions">{head}{body}</table>'
            + figure_html(figures, "win_rates") + figure_html(figures, "vp_by_source") + figure_html(figures, "vp_over_rounds"))


def _sources(summary: dict, fid: str, d: dict) -> str:
    """'Trade 6.2, Crafting 1.0': mean VP by what scored them, sources with one name together."""
    by_name: dict[str, float] = {}
    for src, value in d["vp_by_source"].items():
        name = source_name(summary, fid, src)
        by_name[name] = by_name.get(name, 0.0) + value
    w = words(summary)
    return ", ".join(f"{name} {w.num(v)}" for name, v in sorted(by_name.items(), key=lambda kv: -kv[1]))


def _matchups(summary: dict, rows: list[dict], figures: dict[str, Figure]) -> str:
    w = words(summary)
    table = summary.get("matchups") or {}
    ids = [f for f in summary["factions"] if f in table]
    if not ids:
        return f"<p>{e(w('no_matchups'))}</p>"
    two = all(cell["two_player"] == cell["games"] for row in table.values() for cell in row.values())
    what = w("matchups_two" if two else "matchups_ahead")
    head = "".join(f"<th>{e(faction_name(summary, g))}</th>" for g in ids)
    body = ""
    for f in ids:
        cells = "".join("<td>—</td>" if g == f or g not in table[f] else
                        f'<td class="num">{w.pct(table[f][g]["rate"], 0)} <small>({table[f][g]["games"]})</small></td>'
                        for g in ids)
        body += f"<tr><th>{e(faction_name(summary, f))}</th>{cells}</tr>"
    return (f'<p>{e(what)} {e(w("brackets"))}</p><table id="matchups"><tr><th></th>{head}</tr>{body}</table>')


def _lengths(summary: dict, rows: list[dict], figures: dict[str, Figure]) -> str:
    w = words(summary)
    counts = summary.get("lengths", {})
    cells = "".join(f'<td class="num">{v}</td>' for v in counts.values())
    head = "".join(f"<th>{k}</th>" for k in counts)
    return (f'<table id="lengths"><tr><th>{e(w("rounds_head"))}</th>{head}</tr><tr><th>{e(w("games_head"))}</th>'
            f"{cells}</tr></table>" + figure_html(figures, "game_lengths"))


def _seats(summary: dict, rows: list[dict], figures: dict[str, Figure]) -> str:
    w = words(summary)
    body = "".join(f"<tr><td>{k}</td><td>{d['wins']}/{d['games']}</td><td>{w.pct(d['rate'])}</td>"
                   f"<td>{w.pct(d['low'])} – {w.pct(d['high'])}</td></tr>" for k, d in summary["seat_positions"].items())
    first = summary.get("first_player")
    sentence = ""
    if first and first["games"]:
        verdict = w("first_within" if first["low"] <= first["even_share"] <= first["high"]
                    else "first_ahead" if first["even_share"] < first["low"] else "first_behind")
        sentence = '<p id="first-player">' + e(w("first_player", rate=w.pct(first["rate"]), low=w.pct(first["low"]),
                                                   high=w.pct(first["high"]), even=w.pct(first["even_share"]),
                                                   verdict=verdict)) + "</p>"
    return (sentence + f'<table id="seats">{header_row(w, "seat_head", "won_head", "rate_head", "interval_head")}'
            f"{body}</table>" + figure_html(figures, "seat_positions"))


def _stalls(summary: dict, rows: list[dict], figures: dict[str, Figure]) -> str:
    w = words(summary)
    stalls = "".join(f"<li>{e(w('stall', game=s['game'], seed=s['seed'], problem=s['problem']))}</li>"
                     for s in summary["stalls"])
    return f"<ul>{stalls}</ul>" if stalls else f"<p>{e(w('no_stalls'))}</p>"


SECTIONS: tuple[Section, ...] = (
    Section("verdict", "section_verdict", verdict_section),  # first: what a designer acts on
    Section("variants", "section_variants", variants_section),
    Section("bot-sensitivity", "section_sensitivity", sensitivity_section),
    Section("results", "section_results", _results),
    Section("factions-section", "section_factions", _factions),
    Section("matchups-section", "section_matchups", _matchups),
    Section("lengths-section", "section_lengths", _lengths),
    Section("seats-section", "section_seats", _seats),
    Section("stalls", "section_stalls", _stalls),
)

__all__ = ["write_report", "render", "Section", "SECTIONS", "Figure"]
