"""The report's designer sections, first on its page: the verdict, the table and plot of each
value swept (or bot compared), and the bots' rankings (rootlaw.tools.verdict works them out).
Each is a body of a report section (rootlaw.tools.report.SECTIONS); the last two are empty, so
left out, when the run has one variant or compares no bots.
"""
from __future__ import annotations

import html
from typing import Any

from .report_plots import Figure, figure_html, header_row, local_numbers
from .report_words import words

PLOT = "win_rate_by_variant"
CALL_COLOURS = {"above": "#f4c7c3", "below": "#c6dbef", "even": "#d9ead3", "undecided": "#fff"}


def designer_plots(summary: dict) -> list[tuple[str, str, Any]]:
    """The designer's plots (stem, title's key in rootlaw.tools.report_words, drawing function) the
    summary calls for."""
    if "variants" not in summary:
        return []
    return [(PLOT, "plot_by_value" if "sweep" in summary else "plot_by_bots", _by_variant)]


def _by_variant(plt: Any, summary: dict) -> Any:
    variants = summary["variants"]
    names = summary.get("names", {}).get("factions", {})
    factions = sorted({f for v in variants for f in v["factions"]})
    xs = list(range(len(variants)))
    fig, ax = plt.subplots(figsize=(7.5, 4.2))
    offsets = [(i - (len(factions) - 1) / 2) * 0.06 for i in range(len(factions))]
    for f, dx in zip(factions, offsets):
        points = [(x + dx, v["factions"][f]) for x, v in zip(xs, variants) if f in v["factions"]]
        rates = [d["rate"] for _, d in points]
        errors = [[max(0.0, d["rate"] - d["low"]) for _, d in points], [max(0.0, d["high"] - d["rate"]) for _, d in points]]
        ax.errorbar([x for x, _ in points], rates, yerr=errors, marker="o", capsize=4, label=names.get(f, f))
    ax.plot(xs, [v["even_share"] for v in variants], color="grey", linestyle="--", linewidth=1)
    varied = summary.get("sweep", {}).get("named", [])
    ticks = [v["label"] for v in variants]
    if len(varied) == 1:  # one name varied: its values on the axis, its name below
        ticks = [t.replace(f"{varied[0]} = ", "") for t in ticks]
        ax.set_xlabel(varied[0])
    long = len(variants) > 3 or max(map(len, ticks)) > 16
    ax.set_xticks(xs)
    ax.set_xticklabels([_short(t) for t in ticks], rotation=20 if long else 0, ha="right" if long else "center",
                       fontsize="small")
    ax.set_ylim(0, 1)
    w = words(summary)
    ax.set_ylabel(w("axis_games_won"))
    local_numbers(ax.yaxis, w)
    ax.legend(loc="upper right", fontsize="small")
    return fig


def _short(label: str) -> str:
    return label if len(label) <= 40 else label[:37] + "..."


def _namer(summary: dict):
    names = summary.get("names", {}).get("factions", {})
    return lambda f: html.escape(names.get(f, f))


def verdict_section(summary: dict, rows: list[dict], figures: dict[str, Figure]) -> str:
    """Each faction's rate against the even share, then the verdict's sentences ('' for a summary
    without them)."""
    verdict = summary.get("verdict")
    if verdict is None:
        return ""
    e, w = html.escape, words(summary)
    name = _namer(summary)
    items = "".join(f"<li>{e(line)}</li>" for line in verdict["lines"])
    labels = list(verdict["balance"])
    factions = sorted({f for calls in verdict["balance"].values() for f in calls})
    head = "".join(f"<th>{e(label)}</th>" for label in labels)
    body = ""
    for f in factions:
        cells = ""
        for label in labels:
            d = verdict["balance"][label].get(f)
            if d is None:
                cells += "<td>—</td>"
                continue
            more = (w("more_games_short", more=w.whole(d["more_games"]), more_n=w.count(d["more_games"], "game"))
                    if d["call"] == "undecided" and d["more_games"] else "")
            cells += (f'<td class="call-{d["call"]}" style="background:{CALL_COLOURS[d["call"]]}">'
                      f"{w.pct(d['rate'])} [{w.pct(d['low'])}–{w.pct(d['high'])}]<br>{e(w('call_' + d['call']))}"
                      f"{e(more)}</td>")
        body += f"<tr><th>{name(f)}</th>{cells}</tr>"
    return f"""<p>{e(w("verdict_intro", width=w.pct(verdict["width"], 0)))}</p>
<table id="balance"><tr><th>{e(w("faction_head"))}</th>{head}</tr>{body}</table>
<ul>{items}</ul>"""


def variants_section(summary: dict, rows: list[dict], figures: dict[str, Figure]) -> str:
    """The table of each value swept (or bot compared), with its plot ('' for one variant)."""
    if "variants" not in summary:
        return ""
    e, w = html.escape, words(summary)
    name = _namer(summary)
    sources = summary.get("names", {}).get("sources", {})
    table = ""
    for v in summary["variants"]:
        for f, d in v["factions"].items():
            top = sorted(d["vp_by_source"].items(), key=lambda kv: -kv[1])
            shown = ", ".join(f"{sources.get(f, {}).get(s, s)} {w.num(vp)}" for s, vp in top)
            table += (f"<tr><td>{e(v['label'])}</td><td>{name(f)}</td><td>{d['wins']}/{d['games']}</td>"
                      f"<td>{w.pct(d['rate'])}</td><td>{w.pct(d['low'])} – {w.pct(d['high'])}</td>"
                      f"<td>{w.num(d['mean_vp'])}</td><td>{e(shown)}</td></tr>")
    image = figure_html(figures, PLOT)
    what = "value" if "sweep" in summary else "bots"
    head = header_row(w, f"{what}_head", "faction_head", "won_head", "rate_head", "interval_head", "mean_vp_head",
                      "sources_head")
    return f"""<p>{e(w("variants_" + what, n=summary["games"]))}</p>
<table id="variant-table">{head}{table}</table>
{image}"""


def sensitivity_section(summary: dict, rows: list[dict], figures: dict[str, Figure]) -> str:
    """The factions' ranking under each bot, and the pairs that swap ('' when no bots are compared)."""
    s = summary.get("bot_sensitivity")
    if s is None:
        return ""
    e, w = html.escape, words(summary)
    name = _namer(summary)
    rankings = "".join(f"<tr><td>{e(r['label'])}</td><td>"
                       f"{' &gt; '.join(' = '.join(map(name, tied)) for tied in r['ranking'])}</td></tr>"
                       for r in s["rankings"])
    flag = w("flag_clear" if s["clear_changes"] else "flag_noise" if s["changes"] else "flag_none")
    swaps = "".join("<li>" + w("swap_item", a=name(sw["factions"][0]), b=name(sw["factions"][1]), x=e(sw["between"][0]),
                               y=e(sw["between"][1]))
                    + (e(w("apart_under", under=", ".join(sw["apart_under"]))) if sw["clear"] else "") + "</li>"
                    for sw in s["swaps"])
    return f"""<p class="{'flag' if s['changes'] else 'steady'}"><strong>{e(flag)}</strong></p>
<table id="rankings">{header_row(w, "bots_head", "ranking_head")}{rankings}</table>
{f"<ul>{swaps}</ul>" if swaps else ""}"""


__all__ = ["designer_plots", "verdict_section", "variants_section", "sensitivity_section", "PLOT"]
