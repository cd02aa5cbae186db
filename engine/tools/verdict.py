"""The verdict of a simulation: what a designer acts on, worked out from its rows and summary.

For each faction (and each value of a sweep, each bot of a comparison): is its win rate told
apart from an even share at 95%, and if not, about how many more games would tell; the VP
sources that matter most; whether a seat position wins more than its share; how many games
stalled or ran to the round limit; for a sweep, which value brings each varied faction closest
to an even share; for several bots, whether the factions' ranking changes with the bot.

The even share is a faction's part of the games somebody won: (games with a winner / games) /
players. A stall or a tie at the round limit is won by nobody, so with such games a share of
1/players would call every faction weak. A rate is "even" when its interval holds the even
share and is at most `width` wide (so any imbalance is under about half of it); "above" or
"below" when the interval excludes it; else "undecided", with the number of games that would
decide it if the observed rate held.
"""
from __future__ import annotations

import json
from typing import Any

from rootlaw.content.variations import show, value_key

from .report_words import Words, words
from .summary import summarise, wilson

WIDTH = 0.10        # an interval this narrow around the even share calls the rate even
MAX_GAMES = 1_000_000


def even_share(rows: list[dict]) -> float:
    """A faction's even share of the games: the games somebody won, split between the players."""
    if not rows:
        return 0.0
    won = sum(row["leader"] is not None for row in rows) / len(rows)
    return won / max(1, max(len(row["seats"]) for row in rows))


def call(r: dict, even: float, width: float = WIDTH) -> dict[str, Any]:
    """What a rate (wins, games, rate, low, high) says against the even share."""
    if r["low"] > even:
        kind = "above"
    elif r["high"] < even:
        kind = "below"
    elif r["high"] - r["low"] <= width:
        kind = "even"
    else:
        kind = "undecided"
    more = games_to_decide(r["rate"], r["games"], even, width) if kind == "undecided" else 0
    return {"call": kind, "more_games": more}


def games_to_decide(p: float, games: int, even: float, width: float = WIDTH) -> int | None:
    """About how many more games decide a rate that stays at `p`: its interval then excludes the
    even share or is `width` narrow (None past a million games)."""
    def decided(n: int) -> bool:
        low, high = wilson(p * n, n)
        return low > even or high < even or high - low <= width

    n = max(1, games)
    if decided(n):
        return 0
    high = n
    while not decided(high):
        high *= 2
        if high > MAX_GAMES:
            return None
    low = high // 2
    while high - low > 1:
        mid = (low + high) // 2
        low, high = (low, mid) if decided(mid) else (mid, high)
    return high - games


def decided(rows: list[dict], width: float = WIDTH) -> bool:
    """Whether every faction of every variant of a run has a decided rate (for --until-decided)."""
    for group in variant_rows(rows).values():
        even = even_share(group)
        for r in _rates(group).values():
            if call(r, even, width)["call"] == "undecided":
                return False
    return True


def variant_rows(rows: list[dict]) -> dict[str, list[dict]]:
    """The rows of each variant (values varied and bots), in the order they first appear."""
    groups: dict[str, list[dict]] = {}
    for row in rows:
        groups.setdefault(json.dumps([row.get("vary", {}), row["bots"]], sort_keys=True), []).append(row)
    return groups


def _rates(rows: list[dict]) -> dict[str, dict]:
    """Each faction's rate, counted as the summary counts it (a coalition partner of the winner wins too)."""
    return summarise(rows)["factions"]


def designer_view(rows: list[dict], summary: dict, width: float | None = None) -> dict:
    """The summary's designer sections: `verdict`, and for runs of several variants `variants`,
    `sweep` (values varied) and `bot_sensitivity` (bots compared); `width` defaults to the plan's
    (--until-decided --width), else WIDTH. Its sentences and labels are in the summary's language
    (`names.lang`)."""
    if width is None:
        width = (summary.get("plan", {}).get("until") or {}).get("width", WIDTH)
    people = summary.get("names", {})
    variants = _variants(rows, width, people, words(summary))
    out: dict[str, Any] = {}
    if len(variants) > 1:
        out["variants"] = variants
    varied = sorted({key for v in variants for key in _flat(v["vary"])})
    if varied:
        out["sweep"] = {"varied": varied, "named": [_thing(people, key) for key in varied],
                        "closest": _closest(variants)}
    sensitivity = _bot_sensitivity(variants)
    if sensitivity is not None:
        out["bot_sensitivity"] = sensitivity
    out["verdict"] = _verdict(summary, variants, out, width)
    return out


def _flat(vary: dict) -> dict[str, Any]:
    return {f"{f}.{name}": value for f, names in sorted(vary.items()) for name, value in sorted(names.items())}


def _variants(rows: list[dict], width: float, people: dict, w: Words) -> list[dict]:
    groups = list(variant_rows(rows).values())
    vary_differs = len({json.dumps(g[0].get("vary", {}), sort_keys=True) for g in groups}) > 1
    # the seats whose bots differ between variants (a label names only them)
    bots_differ = sorted({f for g in groups for f, b in g[0]["bots"].items() if b != groups[0][0]["bots"].get(f)})
    out = []
    for group in groups:
        s = summarise(group)
        even = even_share(group)
        factions = {f: {**{k: d[k] for k in ("wins", "games", "rate", "low", "high", "mean_vp", "vp_by_source")},
                        **call(d, even, width)} for f, d in s["factions"].items()}
        vary, bots = group[0].get("vary", {}), group[0]["bots"]
        out.append({"label": _label(vary, bots, vary_differs, bots_differ, people, w), "vary": vary, "bots": bots,
                    "games": len(group), "even_share": even, "factions": factions})
    return out


def _label(vary: dict, bots: dict, vary_differs: bool, bots_differ: list[str], people: dict, w: Words) -> str:
    """What tells a variant from the others, as people read it: its values ('Écoles : PV (Schools:
    VP) = [2, 4]'), its bots, or (alone) the file as written."""
    parts = []
    if vary_differs:
        several = len({key.split(".")[0] for key in people.get("varied", {})}) > 1
        for key, value in _flat(vary).items():
            entry = people.get("varied", {}).get(key, {})
            shown = entry.get("values", {}).get(value_key(value), show(value))
            parts.append((f"{entry.get('faction', key.split('.')[0])}{w.colon}" if several else "")
                         + f"{_thing(people, key)} = {shown}")
    if bots_differ:
        names = set(bots.values())
        factions = people.get("factions", {})
        parts.append(w("bots_label", bots=next(iter(names)) if len(names) == 1 and len(bots_differ) == len(bots)
                       else ", ".join(f"{factions.get(f, f)} {bots[f]}" for f in bots_differ)))
    return w.semicolon.join(parts) or w("as_written")


def _thing(people: dict, key: str) -> str:
    """The name of a variable or track varied (`faction.name`), its key without names."""
    return people.get("varied", {}).get(key, {}).get("name", key)


def _closest(variants: list[dict]) -> list[dict]:
    """For each faction whose values were varied, under each setting of the bots: the variant
    whose rate is nearest the even share, and the others whose intervals also hold it."""
    out = []
    settings: dict[str, list[dict]] = {}
    for v in variants:
        settings.setdefault(json.dumps(v["bots"], sort_keys=True), []).append(v)
    for faction in sorted({f for v in variants for f in v["vary"]}):
        for group in settings.values():
            distance = lambda v: abs(v["factions"][faction]["rate"] - v["even_share"])  # noqa: E731
            best = min(group, key=distance)
            d = best["factions"][faction]
            out.append({"faction": faction, "label": best["label"], "vary": best["vary"], "bots": best["bots"],
                        "even_share": best["even_share"],
                        **{k: d[k] for k in ("wins", "games", "rate", "low", "high", "call")},
                        "tied": [v["label"] for v in group if v is not best and distance(v) == distance(best)],
                        "also_even": [v["label"] for v in group if v is not best
                                      and v["factions"][faction]["low"] <= v["even_share"] <= v["factions"][faction]["high"]]})
    return out


def _bot_sensitivity(variants: list[dict]) -> dict | None:
    """The factions' ranking under each bot (for the same values) and the pairs that swap places."""
    by_values: dict[str, list[dict]] = {}
    for v in variants:
        by_values.setdefault(json.dumps(v["vary"], sort_keys=True), []).append(v)
    groups = [g for g in by_values.values() if len(g) > 1]
    if not groups:
        return None
    out: dict[str, Any] = {"rankings": [], "swaps": []}
    for group in groups:
        for v in group:
            out["rankings"].append({"label": v["label"], "bots": v["bots"], "ranking": _ranking(v["factions"])})
        for i, x in enumerate(group):
            for y in group[i + 1:]:
                out["swaps"] += _swaps(x, y)
    out["changes"] = bool(out["swaps"])
    out["clear_changes"] = any(s["clear"] for s in out["swaps"])
    return out


def _ranking(factions: dict[str, dict]) -> list[list[str]]:
    """The factions from the highest win rate down, those with the same rate together."""
    out: list[list[str]] = []
    for f in sorted(factions, key=lambda f: (-factions[f]["rate"], f)):
        if out and factions[out[-1][0]]["rate"] == factions[f]["rate"]:
            out[-1].append(f)
        else:
            out.append([f])
    return out


def _swaps(x: dict, y: dict) -> list[dict]:
    """Pairs of factions ranked one way under x's bots and the other way under y's; `clear` when,
    under one of them, the pair's intervals do not overlap."""
    out = []
    factions = sorted(set(x["factions"]) & set(y["factions"]))
    for i, a in enumerate(factions):
        for b in factions[i + 1:]:
            dx = x["factions"][a]["rate"] - x["factions"][b]["rate"]
            dy = y["factions"][a]["rate"] - y["factions"][b]["rate"]
            if dx * dy < 0:
                apart = [v["label"] for v in (x, y) if v["factions"][a]["low"] > v["factions"][b]["high"]
                         or v["factions"][b]["low"] > v["factions"][a]["high"]]
                out.append({"factions": [a, b], "between": [x["label"], y["label"]], "clear": bool(apart),
                            "apart_under": apart})
    return out


def _verdict(summary: dict, variants: list[dict], extra: dict, width: float) -> dict:
    names, w = summary.get("names", {}).get("factions", {}), words(summary)
    name = lambda f: names.get(f, f)  # noqa: E731
    several = len(variants) > 1
    balance = {v["label"]: {f: {k: d[k] for k in ("rate", "low", "high", "games", "call", "more_games")}
                            for f, d in v["factions"].items()} for v in variants}
    balance_lines = [_variant_line(v, name, w) for v in variants] if several else [
        w("balance_line", name=name(f), says=w("says_" + d["call"]), even=w.share(v["even_share"]),
          interval=_interval(d, w), n=d["games"], more=_more(d, w)) for v in variants for f, d in v["factions"].items()]
    lines = []
    sources = {f: sorted(((src, vp) for src, vp in d["vp_by_source"].items() if vp > 0), key=lambda kv: -kv[1])[:3]
               for f, d in summary.get("factions", {}).items()}
    source_names = summary.get("names", {}).get("sources", {})
    for f, top in sources.items():
        if top and summary["factions"][f]["mean_vp"] > 0:
            shown = ", ".join(f"{source_names.get(f, {}).get(src, src)} {w.num(vp)}" for src, vp in top)
            lines.append(w("scores_from", name=name(f), shown=shown, mean=w.num(summary["factions"][f]["mean_vp"])))
    seats = _seats(summary, width, w)
    lines.append(seats["text"])
    endings = _endings(summary, w)
    lines.append(endings["text"])
    if "sweep" in extra:
        for c in extra["sweep"]["closest"]:
            lines.append(w("closest", even=w.share(c["even_share"]), name=name(c["faction"]), label=c["label"],
                           interval=_interval(c, w))
                         + (w("as_near", tied=w.semicolon.join(c["tied"])) if c["tied"] else "")
                         + (w("also_even", also=w.semicolon.join(c["also_even"])) if c["also_even"] else "") + ".")
    if "bot_sensitivity" in extra:
        lines.append(_sensitivity_text(extra["bot_sensitivity"], name, w))
    return {"width": width, "balance": balance, "vp_sources": {f: [{"source": s, "mean_vp": vp} for s, vp in top]
                                                                for f, top in sources.items()},
            "seats": seats, "endings": endings, "balance_lines": balance_lines, "lines": lines}


def _variant_line(v: dict, name, w: Words) -> str:
    """One variant's factions grouped by what their rates say."""
    parts = []
    for kind in ("above", "below", "even", "undecided"):
        shown = [f"{name(f)} {_interval(d, w)}" + (_more(d, w) if kind == "undecided" else "")
                 for f, d in v["factions"].items() if d["call"] == kind]
        if shown:
            parts.append(w("kind_" + kind) + w.colon + ", ".join(shown))
    return w("variant_line", label=v["label"], n=v["games"], even=w.share(v["even_share"]), parts=w.semicolon.join(parts))


def _interval(d: dict, w: Words) -> str:
    return w.interval(w.share(d["rate"]), w.share(d["low"]), w.share(d["high"]))


def _more(d: dict, w: Words) -> str:
    if d["call"] != "undecided":
        return ""
    if d["more_games"] is None:
        return w("more_never")
    return w("more_games", more=w.whole(d["more_games"]), more_n=w.count(d["more_games"], "game"))


def _seats(summary: dict, width: float, w: Words) -> dict:
    seats = summary.get("seat_positions", {})
    won = summary["games"] - summary.get("no_winner", 0)
    even = won / summary["games"] / max(1, len(seats)) if summary["games"] else 0.0
    calls = {k: {**d, **call(d, even, width)} for k, d in seats.items()}
    ahead = [k for k, d in calls.items() if d["call"] == "above"]
    behind = [k for k, d in calls.items() if d["call"] == "below"]
    if ahead or behind:
        text = w("seats_matter", seats=w.semicolon.join(w("seat_wins", k=k, interval=_interval(calls[k], w))
                                                  for k in ahead + behind), even=w.share(even))
    else:
        text = (w("seats_even", even=w.share(even), interval=_interval(calls["1"], w)) if "1" in calls
                else w("no_seats"))
    return {"even_share": even, "positions": calls, "advantage": ahead, "disadvantage": behind, "text": text}


def _endings(summary: dict, w: Words) -> dict:
    results, games = summary.get("results", {}), summary["games"]
    limit, stalls = results.get("round_limit", 0), results.get("stall", 0)
    rounds = summary.get("plan", {}).get("round_limit")
    at_limit = (w("at_limit_of", limit=limit, rounds=w.count(rounds, "round"), r=rounds) if rounds
                else w("at_limit", limit=limit))
    counting = summary.get("counting")
    if limit and counting:
        at_limit += w("limit_counted", led=counting["round_limit_led"], tied=counting["round_limit_tied"])
    elif limit:
        at_limit += w("limit_each")
    text = w("endings", vp=results.get("vp", 0), n=games, dominance=results.get("dominance", 0), at_limit=at_limit,
             stalls=stalls)
    if games and limit * 2 > games:
        text += w("mostly_limit")
    if stalls:
        text += w("stalls_note")
    return {"games": games, "vp": results.get("vp", 0), "dominance": results.get("dominance", 0),
            "round_limit": limit, "stalls": stalls, "text": text}


def _sensitivity_text(s: dict, name, w: Words) -> str:
    if not s["changes"]:
        return w("no_swaps")
    swaps = w.semicolon.join(w("swap", a=name(sw["factions"][0]), b=name(sw["factions"][1]), x=sw["between"][0],
                        y=sw["between"][1])
                      + (w("apart_under", under=", ".join(sw["apart_under"])) if sw["clear"] else "")
                      for sw in s["swaps"])
    return w("changes_clear" if s["clear_changes"] else "changes_noise", swaps=swaps)


def designer_text(summary: dict) -> str:
    """The verdict, and the table of each variant, for the terminal."""
    names, w = summary.get("names", {}).get("factions", {}), words(summary)
    verdict = summary["verdict"]
    lines = [w("verdict")] + [f"  {line}" for line in verdict["balance_lines"] + verdict["lines"]]
    if "variants" in summary:
        width = max(len(v["label"]) for v in summary["variants"])
        fwidth = max(len(names.get(f, f)) for v in summary["variants"] for f in v["factions"])
        lines.append(f"{w('variant_col'):{width}}  {w('faction_col'):{fwidth}}  {w('won_col'):>9}  {w('rate_col'):>6}  "
                     f"{w('ci_col'):15}  {w('mean_vp_col'):>7}  {w('call_col')}")
        for v in summary["variants"]:
            for f, d in v["factions"].items():
                bounds = w("bounds", low=f"{w.pct(d['low']):>5}", high=f"{w.pct(d['high']):>5}")
                lines.append(f"{v['label']:{width}}  {names.get(f, f):{fwidth}}  {d['wins']:4d}/{d['games']:<4d}  "
                             f"{w.pct(d['rate']):>6}  {bounds}  {w.num(d['mean_vp']):>7}  {w('kind_' + d['call'])}")
    return "\n".join(lines)


__all__ = ["WIDTH", "call", "games_to_decide", "decided", "designer_view", "designer_text", "even_share", "variant_rows"]
