"""The simulation report's plots, drawn with matplotlib; factions and VP sources by the names
people read (the summary's `names`)."""
from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

from rootlaw.errors import RootlawError

from .report_words import Words, words


@dataclass(frozen=True)
class Figure:
    """A drawn plot: its file stem, its title and its PNG (base64) for the page, in `lang`."""

    stem: str
    title: str
    png: str  # base64
    lang: str = "en"


def figure_html(figures: dict[str, Figure], stem: str) -> str:
    """The plot `stem` embedded as PNG, with the names of its files ('' if it was not drawn)."""
    f = figures.get(stem)
    if f is None:
        return ""
    e = html.escape
    return (f'<figure><img alt="{e(f.title)}" src="data:image/png;base64,{f.png}">'
            f"<figcaption>{e(f.title)} — {e(words(f.lang)('also'))} <code>plots/{f.stem}.png</code>, <code>plots/{f.stem}.svg</code>"
            f"</figcaption></figure>")


def header_row(w: Words, *keys: str) -> str:
    """A table's row of headings, by their keys in rootlaw.tools.report_words."""
    return "<tr>" + "".join(f"<th>{html.escape(w(key))}</th>" for key in keys) + "</tr>"


def local_numbers(axis: Any, w: Words) -> None:
    """Write an axis's tick numbers the language's way (a decimal comma in French and Polish)."""
    if w.lang != "en":
        from matplotlib.ticker import FuncFormatter

        axis.set_major_formatter(FuncFormatter(w.tick))


def pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise RootlawError("the report needs matplotlib: pip install \"rootlaw[sim]\"") from None
    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "rootlaw"
    import matplotlib.pyplot as plt

    return plt


def faction_name(summary: dict, fid: str) -> str:
    return summary.get("names", {}).get("factions", {}).get(fid, fid)


def source_name(summary: dict, fid: str, source: str) -> str:
    return summary.get("names", {}).get("sources", {}).get(fid, {}).get(source, source)


def _short(summary: dict, fid: str) -> str:
    """A faction's name short enough for an axis: the name in the chosen language."""
    name = faction_name(summary, fid)
    return name.split(" (")[1].rstrip(")") if " (" in name else name


def _error_bars(rates: list[dict]) -> list[list[float]]:
    """Distances from each rate to its interval's ends (never negative, despite rounding)."""
    return [[max(0.0, r["rate"] - r["low"]) for r in rates], [max(0.0, r["high"] - r["rate"]) for r in rates]]


def win_rates(plt: Any, summary: dict) -> Any:
    factions, w = summary["factions"], words(summary)
    ids = list(factions)
    fig, ax = plt.subplots(figsize=(7, 3.6))
    ax.bar([_short(summary, f) for f in ids], [factions[f]["rate"] for f in ids],
           yerr=_error_bars([factions[f] for f in ids]), capsize=6, color="#4c72b0")
    fair = 1 / max(1, len(summary["seat_positions"]))
    ax.axhline(fair, color="grey", linestyle="--", linewidth=1, label=w("axis_even_share", share=w.pct(fair, 0)))
    ax.set_ylim(0, 1)
    ax.set_ylabel(w("axis_games_won"))
    local_numbers(ax.yaxis, w)
    ax.tick_params(axis="x", labelrotation=15)
    ax.legend(loc="upper right")
    return fig


def seats(plt: Any, summary: dict) -> Any:
    positions, w = summary["seat_positions"], words(summary)
    names = list(positions)
    fig, ax = plt.subplots(figsize=(7, 3.2))
    ax.bar([w("axis_seat", k=k) for k in names], [positions[k]["rate"] for k in names],
           yerr=_error_bars([positions[k] for k in names]), capsize=6, color="#55a868")
    ax.set_ylim(0, 1)
    ax.set_ylabel(w("axis_games_won"))
    local_numbers(ax.yaxis, w)
    return fig


def vp_rounds(plt: Any, summary: dict) -> Any:
    w = words(summary)
    fig, ax = plt.subplots(figsize=(7, 3.6))
    for f, d in summary["factions"].items():
        curve = d["vp_by_round"]
        ax.plot(range(1, len(curve) + 1), curve, marker=".", label=_short(summary, f))
    ax.axhline(30, color="grey", linestyle="--", linewidth=1)
    ax.set_xlabel(w("axis_round"))
    ax.set_ylabel(w("axis_mean_vp"))
    local_numbers(ax.yaxis, w)
    ax.legend(loc="upper left")
    return fig


def vp_sources(plt: Any, summary: dict) -> Any:
    factions, w = summary["factions"], words(summary)
    ids = list(factions)
    labels = sorted({(source_name(summary, f, s)) for f in ids for s in factions[f]["vp_by_source"]})
    fig, ax = plt.subplots(figsize=(7, 0.9 + 0.6 * max(1, len(ids))))
    left = [0.0] * len(ids)
    colours = plt.get_cmap("tab20")
    for i, label in enumerate(labels):
        widths = [sum(v for s, v in factions[f]["vp_by_source"].items() if source_name(summary, f, s) == label)
                  for f in ids]
        ax.barh([_short(summary, f) for f in ids], widths, left=left, label=label, color=colours(i % 20))
        left = [a + b for a, b in zip(left, widths)]
    ax.set_xlabel(w("axis_vp_per_game"))
    local_numbers(ax.xaxis, w)
    ax.invert_yaxis()
    if labels:
        ax.legend(loc="center left", bbox_to_anchor=(1.0, 0.5), fontsize="small")
    return fig


def lengths(plt: Any, summary: dict) -> Any:
    counts, w = {int(k): v for k, v in summary.get("lengths", {}).items()}, words(summary)
    fig, ax = plt.subplots(figsize=(7, 3.2))
    ax.bar(list(counts), list(counts.values()), color="#8172b2", width=0.8)
    ax.set_xlabel(w("axis_rounds_played"))
    ax.set_ylabel(w("axis_games"))
    local_numbers(ax.yaxis, w)
    if counts:
        ax.set_xticks(range(min(counts), max(counts) + 1))
    return fig


# (file stem, title's key in rootlaw.tools.report_words, drawing): the report's plots, in order
PLOTS = (("win_rates", "plot_win_rates", win_rates),
         ("seat_positions", "plot_seat_positions", seats),
         ("vp_over_rounds", "plot_vp_over_rounds", vp_rounds),
         ("vp_by_source", "plot_vp_by_source", vp_sources),
         ("game_lengths", "plot_game_lengths", lengths))

__all__ = ["PLOTS", "Figure", "figure_html", "header_row", "local_numbers", "pyplot", "faction_name", "source_name"]
