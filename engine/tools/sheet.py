"""The faction sheet: a faction file rendered as the player sheet a designer hands to
playtesters (setup, turn structure, actions with their costs, abilities with rule numbers and
rulings, placeholder values flagged), as Markdown or as one HTML page.

The sheet is built once as a list of blocks (headings, paragraphs, tables, code) and written
in either format, so the two never drift apart. Names and headings follow `lang` (French,
Polish or English); a name missing in that language falls back to English, then to the
faction's original. Rulings and notes are written in English in the faction files and stay so.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rootlaw.content.catalog import find_faction
from rootlaw.errors import RootlawError

LANGUAGES = ("en", "fr", "pl")

HEADINGS = {
    "en": {"pieces": "Pieces", "setup": "Setup", "turn": "Turn", "birdsong": "Birdsong", "daylight": "Daylight",
           "evening": "Evening", "actions": "Actions", "abilities": "Abilities", "boards": "Faction board",
           "placeholders": "Placeholder values", "source": "Source", "rule": "rule", "ruling": "Ruling",
           "cost": "Cost", "when": "Can be taken when", "piece": "piece", "kind": "kind", "count": "count",
           "limits": "limits", "value": "value", "note": "note", "choices": "choose among", "limit": "at most",
           "draw": "draw", "discard_to": "discard down to", "effect": "Effect", "flag": "placeholder"},
    "fr": {"pieces": "Pièces", "setup": "Mise en place", "turn": "Tour de jeu", "birdsong": "Aurore",
           "daylight": "Jour", "evening": "Crépuscule", "actions": "Actions", "abilities": "Capacités",
           "boards": "Plateau de faction", "placeholders": "Valeurs provisoires", "source": "Source",
           "rule": "règle", "ruling": "Arbitrage", "cost": "Coût", "when": "Possible si", "piece": "pièce",
           "kind": "type", "count": "nombre", "limits": "limites", "value": "valeur", "note": "note",
           "choices": "au choix", "limit": "au plus", "draw": "piocher", "discard_to": "défausser jusqu'à",
           "effect": "Effet", "flag": "provisoire"},
    "pl": {"pieces": "Elementy", "setup": "Przygotowanie", "turn": "Tura", "birdsong": "Świt",
           "daylight": "Dzień", "evening": "Zmierzch", "actions": "Akcje", "abilities": "Zdolności",
           "boards": "Plansza frakcji", "placeholders": "Wartości tymczasowe", "source": "Źródło",
           "rule": "zasada", "ruling": "Wyjaśnienie", "cost": "Koszt", "when": "Dostępna gdy",
           "piece": "element", "kind": "rodzaj", "count": "liczba", "limits": "limity", "value": "wartość",
           "note": "uwaga", "choices": "do wyboru", "limit": "najwyżej", "draw": "dobierz",
           "discard_to": "odrzuć do", "effect": "Efekt", "flag": "tymczasowa"},
}

FLAG = "⚠"
_COST = re.compile(r"^\s*(spend\b.*?)\s*(\{|$)", re.MULTILINE)


@dataclass(frozen=True)
class Block:
    kind: str          # "h1", "h2", "h3", "p", "table", "code"
    text: str = ""
    rows: tuple[tuple[str, ...], ...] = ()


def faction_data(name: str) -> dict:
    """The faction file's data, after the full check (a bad file raises DataError)."""
    faction = find_faction(name)
    if faction.doc is None:
        raise RootlawError(f"faction '{name}' has no file to render")
    return faction.doc.data


def build(data: dict, lang: str = "en") -> list[Block]:
    """The sheet's blocks, in reading order."""
    if lang not in LANGUAGES:
        raise RootlawError(f"unknown sheet language '{lang}'; known: {', '.join(LANGUAGES)}")
    h = HEADINGS[lang]
    pick = lambda names, fallback: _name(names, lang, fallback)  # noqa: E731
    actions = data.get("actions") or {}
    blocks = [Block("h1", _title(data.get("names") or {}, lang, data["id"]))]
    if data.get("source"):
        blocks.append(Block("p", f"{h['source']}: {data['source']}"))
    placeholders = _placeholders(data)
    if placeholders:
        blocks.append(Block("p", f"{FLAG} {h['placeholders']}: {', '.join(placeholders)}"))

    blocks.append(Block("h2", h["pieces"]))
    rows = [(h["piece"], h["kind"], h["count"], h["limits"], h["rule"])]
    for kind, p in (data.get("pieces") or {}).items():
        limits = ", ".join(f"{k} {p[k]}" for k in ("max_per_clearing", "max_per_path", "capacity", "craft_limit")
                           if k in p)
        if p.get("crafts"):
            limits = ", ".join(filter(None, ["crafts", limits]))
        rows.append((pick(p.get("names"), kind), p.get("category", ""), str(p.get("count", "")), limits,
                     str(p.get("rule", ""))))
    blocks.append(Block("table", rows=tuple(rows)))
    blocks += _rulings(data.get("pieces") or {}, lang, h)

    board = _board(data, h)
    if board:
        blocks.append(Block("h2", h["boards"]))
        blocks += board

    blocks.append(Block("h2", h["setup"]))
    for step in data.get("setup") or []:
        blocks += _step(step, h, actions, lang)

    blocks.append(Block("h2", h["turn"]))
    for phase, steps in (data.get("turn") or {}).items():
        blocks.append(Block("h3", h.get(phase, phase)))
        for step in steps:
            blocks += _step(step, h, actions, lang)

    blocks.append(Block("h2", h["actions"]))
    for aid, action in actions.items():
        blocks.append(Block("h3", f"{pick(action.get('names'), aid)} ({h['rule']} {action.get('rule', '—')})"))
        flags = [k for k in ("free", "once_per_turn") if action.get(k)]
        if flags:
            blocks.append(Block("p", ", ".join(flags)))
        if action.get("if"):
            blocks.append(Block("p", f"{h['when']}: {_one_line(action['if'])}"))
        costs = [m.group(1) for m in _COST.finditer(action.get("do") or "")]
        if costs:
            blocks.append(Block("p", f"{h['cost']}: " + "; ".join(costs)))
        if action.get("ruling"):
            blocks.append(Block("p", f"{h['ruling']}: {_one_line(action['ruling'])}"))
        if action.get("do"):
            blocks.append(Block("code", str(action["do"]).rstrip()))

    blocks.append(Block("h2", h["abilities"]))
    for ability in data.get("abilities") or []:
        when = ability.get("on") or ability.get("hook") or ""
        blocks.append(Block("h3", f"{pick(ability.get('names'), ability['id'])} "
                                  f"({h['rule']} {ability.get('rule', '—')})"))
        blocks.append(Block("p", f"{ability.get('kind', '')}: {when}"
                                 + (f" — if {_one_line(ability['if'])}" if ability.get("if") else "")))
        if ability.get("ruling"):
            blocks.append(Block("p", f"{h['ruling']}: {_one_line(ability['ruling'])}"))
        code = ability.get("do") or ability.get("value")
        if code:
            blocks.append(Block("code", str(code).rstrip()))
    return blocks


def _name(names: dict | None, lang: str, fallback: str) -> str:
    names = names or {}
    return names.get(lang) or names.get("en") or next(iter(names.values()), fallback)


def _title(names: dict, lang: str, fid: str) -> str:
    """The name in `lang`, with the original beside it when it differs (display names keep
    their original language)."""
    shown = _name(names, lang, fid)
    original = next((n for code, n in names.items() if code != "en"), None)
    return f"{shown} ({original})" if original and original != shown else shown


def _one_line(text: Any) -> str:
    return " ".join(str(text).split())


def _placeholders(data: dict) -> list[str]:
    found = [name for name, v in (data.get("vars") or {}).items() if isinstance(v, dict) and v.get("placeholder")]
    found += [name for name, t in (data.get("tracks") or {}).items() if isinstance(t, dict) and t.get("placeholder")]
    return found


def _rulings(pieces: dict, lang: str, h: dict) -> list[Block]:
    return [Block("p", f"{_name(p.get('names'), lang, kind)} — {h['ruling']}: {_one_line(p['ruling'])}")
            for kind, p in pieces.items() if p.get("ruling")]


def _board(data: dict, h: dict) -> list[Block]:
    """Tracks, boxes, piles and variables, each placeholder flagged."""
    blocks: list[Block] = []
    rows = [("", h["value"], h["rule"], h["note"])]
    for name, t in (data.get("tracks") or {}).items():
        flag = f" {FLAG} {h['flag']}" if t.get("placeholder") else ""
        rows.append((name, " ".join("—" if v is None else str(v) for v in t.get("values", [])) + flag,
                     str(t.get("rule", "")), _one_line(t.get("note", f"{h['piece']} {t.get('piece', '')}"))))
    for name, v in (data.get("vars") or {}).items():
        v = v if isinstance(v, dict) else {"value": v}
        flag = f" {FLAG} {h['flag']}" if v.get("placeholder") else ""
        rows.append((name, f"{v.get('value')}{flag}", str(v.get("rule", "")), _one_line(v.get("note", ""))))
    if len(rows) > 1:
        blocks.append(Block("table", rows=tuple(rows)))
    extras = [*(data.get("boxes") or []), *(data.get("piles") or {})]
    if extras:
        blocks.append(Block("p", ", ".join(str(x) for x in extras)))
    return blocks


def _step(step: dict, h: dict, actions: dict, lang: str) -> list[Block]:
    title = _name(step.get("names"), lang, "")
    parts = [f"{h['rule']} {step.get('rule', '—')}" + (f" — {title}" if title else "")]
    menu = step.get("actions")
    if menu:
        names = [_name((actions.get(a) or {}).get("names"), lang, a) for a in menu.get("choices", [])]
        parts.append(f"{h['choices']}: {', '.join(names)}")
        if "limit" in menu:
            parts.append(f"{h['limit']} {_one_line(menu['limit'])}")
        parts += [key for key, v in menu.items() if v is True]  # flags such as extra_per_bird
    if "home" in step:
        home = step["home"]
        pieces = ", ".join(f"{n} {k}" for k, n in (home.get("pieces") or {}).items())
        parts.append(f"{home.get('where', '')}: {pieces}")
    if "draw" in step:
        parts.append(f"{h['draw']} {_one_line(step['draw'])}")
    if "discard_to" in step:
        parts.append(f"{h['discard_to']} {step['discard_to']}")
    blocks = [Block("p", "; ".join(parts))]
    if step.get("ruling"):
        blocks.append(Block("p", f"{h['ruling']}: {_one_line(step['ruling'])}"))
    if step.get("do"):
        blocks.append(Block("code", str(step["do"]).rstrip()))
    return blocks


# --- writing ---------------------------------------------------------------------------------

def to_markdown(blocks: list[Block]) -> str:
    out: list[str] = []
    for b in blocks:
        if b.kind in ("h1", "h2", "h3"):
            out.append("#" * int(b.kind[1]) + " " + b.text)
        elif b.kind == "p":
            out.append(b.text)
        elif b.kind == "code":
            out.append("```\n" + b.text + "\n```")
        else:
            head, *body = b.rows
            cell = lambda s: s.replace("|", "\\|")  # noqa: E731
            out.append("\n".join(["| " + " | ".join(map(cell, head)) + " |", "|" + "---|" * len(head)]
                                 + ["| " + " | ".join(map(cell, r)) + " |" for r in body]))
    return "\n\n".join(out) + "\n"


def to_html(blocks: list[Block], lang: str = "en") -> str:
    e = html.escape
    body: list[str] = []
    for b in blocks:
        if b.kind in ("h1", "h2", "h3"):
            body.append(f"<{b.kind}>{e(b.text)}</{b.kind}>")
        elif b.kind == "p":
            body.append(f"<p>{e(b.text)}</p>")
        elif b.kind == "code":
            body.append(f"<pre><code>{e(b.text)}</code></pre>")
        else:
            head, *rows = b.rows
            body.append("<table><tr>" + "".join(f"<th>{e(c)}</th>" for c in head) + "</tr>"
                        + "".join("<tr>" + "".join(f"<td>{e(c)}</td>" for c in r) + "</tr>" for r in rows)
                        + "</table>")
    title = e(blocks[0].text) if blocks else "faction sheet"
    return (f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title>\n<style>'
            "body{font-family:system-ui,sans-serif;max-width:50em;margin:2em auto;color:#222}"
            "table{border-collapse:collapse}td,th{border:1px solid #bbb;padding:.2em .5em;text-align:left}"
            "pre{background:#f4f4f4;padding:.5em;overflow-x:auto}</style></head><body>\n"
            + "\n".join(body) + "\n</body></html>\n")


def render(name: str, lang: str = "en", fmt: str = "md") -> str:
    """The sheet of a faction (id or file) as Markdown (`md`) or HTML (`html`)."""
    blocks = build(faction_data(name), lang)
    return to_html(blocks, lang) if fmt == "html" else to_markdown(blocks)


def output_format(path: str | None) -> str:
    """The format an output file asks for by its suffix (stdout gets Markdown)."""
    if path is None:
        return "md"
    suffix = Path(path).suffix.lower()
    if suffix in (".html", ".htm"):
        return "html"
    if suffix in (".md", ".markdown"):
        return "md"
    raise RootlawError(f"{path}: the sheet is written as .html or .md")


__all__ = ["Block", "build", "render", "to_markdown", "to_html", "output_format", "faction_data", "LANGUAGES"]
