"""The faction sheet: a handout a designer gives playtesters, laid out like a faction board.

First page: the pieces, the faction board (tracks as rows of slots with the value printed on
each, boxes, card piles, printed values and markers, placeholder values flagged ⚠), setup, and
the turn as a flow of Birdsong, Daylight and Evening steps. Then the actions, with their costs
in words, and the abilities, each with its rule number, when it applies and its ruling. Names
follow the chosen language (rootlaw.core.names); rulings are written in English in the files
and stay so. No text of the faction language reaches the body: an appendix for designers
gives it, part by part.

The sheet is built once as a list of blocks and written as Markdown or as one HTML page (with
a print stylesheet: two printed pages, then the appendix), so the two never drift apart.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rootlaw.content.catalog import faction_named
from rootlaw.content.factions import FactionDef, load_faction
from rootlaw.content.packs import load_packs
from rootlaw.core import names as n
from rootlaw.core.hooks import PHASES
from rootlaw.errors import RootlawError
from rootlaw.files.documents import Document
from rootlaw.language.parser import SyntaxProblem, parse
from rootlaw.language.syntax import Tree

from .sheet_pages import to_html, to_markdown
from .sheet_words import COSTS, HEADINGS, STEPS, counted, when

LANGUAGES = n.LANGUAGES
FLAG = "⚠"


@dataclass(frozen=True)
class Block:
    kind: str          # "h1", "h2", "h3", "p", "table", "flow", "slots", "code", "appendix"
    text: str = ""
    rows: tuple[tuple[str, ...], ...] = ()


class _Rules:
    """The one faction's rules as rootlaw.core.names reads them."""

    def __init__(self, faction: FactionDef) -> None:
        self.factions = {faction.id: faction}


def find(name: str, packs: list[str] | None = None) -> FactionDef:
    """The faction a sheet is asked of: a faction file, a faction of one of `packs`, or a
    bundled faction, by id or by any of its names."""
    if Path(name).is_file():
        return load_faction(name)
    extra = load_packs(list(packs)).factions if packs else {}
    fid = faction_named(name, extra)
    if fid in extra:
        return extra[fid]
    from rootlaw.content.catalog import find_faction
    return find_faction(fid)


def build(faction: FactionDef, lang: str = "en") -> list[Block]:
    """The sheet's blocks, in reading order."""
    n.check_language(lang)
    h, doc = HEADINGS[lang], faction.doc
    if doc is None:
        raise RootlawError(f"faction '{faction.id}' has no file to make a sheet of")
    data, rules = doc.data, _Rules(faction)
    name = lambda kind, ident: n.display_name(rules, kind, ident, lang, faction.id)  # noqa: E731
    blocks = [Block("h1", n.faction_title(rules, faction.id, lang))]
    if data.get("source"):
        blocks.append(Block("p", f"{h['source']}: {data['source']}"))
    flagged = _placeholders(data, name)
    if flagged:
        blocks.append(Block("p", f"{FLAG} {h['placeholders']}: {', '.join(flagged)}."))
    blocks += _pieces(faction, data, name, lang, h)
    blocks += _board(faction, data, rules, name, lang, h)
    blocks.append(Block("h2", h["setup"]))
    for step in data.get("setup") or ():
        blocks += _setup_step(step, rules, faction.id, lang, h)
    blocks.append(Block("h2", h["turn"]))
    blocks.append(Block("flow", rows=tuple(_phase(faction, data, phase, name, lang, h) for phase in PHASES)))
    blocks.append(Block("h2", h["actions"]))
    for aid, action in (data.get("actions") or {}).items():
        blocks += _action(doc, aid, action, name, lang, h)
    blocks.append(Block("h2", h["abilities"]))
    for ability in data.get("abilities") or ():
        blocks.append(Block("h3", f"{name('ability', ability['id'])} · {h['rule']} {ability.get('rule', '—')}"))
        what = ability.get("on") or ability.get("hook") or ("invariant" if ability.get("kind") == "invariant" else "")
        blocks.append(Block("p", f"{h['when']}: {when(what, lang)}."))
        if ability.get("ruling"):
            blocks.append(Block("p", f"{h['ruling']}: {_one_line(ability['ruling'])}"))
    return blocks + _appendix(data, name, h) + _sweep_hint(faction.id, data, h)


def _sweep_hint(fid: str, data: dict, h: dict) -> list[Block]:
    """How a designer tries other values of the placeholders (rootlaw.tools.sweeps), in the appendix."""
    ids = [k for section in ("vars", "tracks") for k, spec in (data.get(section) or {}).items()
           if isinstance(spec, dict) and spec.get("placeholder")]
    if not ids:
        return []
    return [Block("h3", h["try_values"]), Block("code", f"rootlaw simulate --list-vary {fid}\n"
                                                        f"rootlaw simulate --factions {fid},... --vary '{fid}.{ids[0]}=V1,V2,...'")]


def _one_line(text: Any) -> str:
    return " ".join(str(text).split())


def _placeholders(data: dict, name) -> list[str]:
    found = [name("var", v) for v, spec in (data.get("vars") or {}).items() if isinstance(spec, dict)
             and spec.get("placeholder")]
    return found + [name("track", t) for t, spec in (data.get("tracks") or {}).items() if spec.get("placeholder")]


def _pieces(faction: FactionDef, data: dict, name, lang: str, h: dict) -> list[Block]:
    rows = [(h["name"], h["kind"], h["count"], h["notes"], h["rule"])]
    rulings = []
    for kind, p in (data.get("pieces") or {}).items():
        notes = []
        if p.get("suit"):
            notes.append(f"{h['suit']}: {n.term(p['suit'], lang)}")
        if p.get("crafts"):
            notes.append(h["crafts"])
        for key, word in (("max_per_clearing", "per_clearing"), ("max_per_path", "per_path"), ("capacity", "holds"),
                          ("craft_limit", "craft_limit")):
            if key in p:
                notes.append(h["holds_none"] if key == "capacity" and p[key] == 0 else h[word].format(n=p[key]))
        rows.append((name("piece", kind), n.term(p["category"], lang), str(p["count"]), "; ".join(notes),
                     str(p.get("rule", ""))))
        if p.get("ruling"):
            rulings.append(Block("p", f"{name('piece', kind)}. {h['ruling']}: {_one_line(p['ruling'])}"))
    return [Block("h2", h["pieces"]), Block("table", rows=tuple(rows)), *rulings]


def _board(faction: FactionDef, data: dict, rules: _Rules, name, lang: str, h: dict) -> list[Block]:
    """Tracks as rows of slots, boxes, piles, printed values and markers."""
    out: list[Block] = []
    for track, spec in (data.get("tracks") or {}).items():
        flag = f" {FLAG} {h['flag']}" if spec.get("placeholder") else ""
        out.append(Block("slots", f"{name('track', track)} ({name('piece', spec['piece'])}; "
                                  f"{h['rule']} {spec.get('rule', '—')}){flag}",
                         rows=(tuple("—" if v is None else str(v) for v in spec["values"]),)))
    if faction.boxes:
        out.append(Block("p", f"{h['boxes']}: " + ", ".join(name("box", b) for b in faction.boxes) + "."))
    if data.get("piles"):
        out.append(Block("p", f"{h['piles']}: " + ", ".join(
            name("pile", p) + (f" ({h['pile_limit']})" if spec and spec.get("limit") is not None else "")
            for p, spec in data["piles"].items()) + "."))
    values, flags = [(h["values"], h["printed"], h["rule"])], []
    for var, spec in (data.get("vars") or {}).items():
        spec = spec if isinstance(spec, dict) else {"value": spec}
        if spec.get("internal"):
            continue
        value = faction.variables[var]
        if isinstance(value, bool):
            flags.append(f"{name('var', var)} ({h['set'] if value else h['not_set']})")
            continue
        flag = f" {FLAG} {h['flag']}" if spec.get("placeholder") else ""
        shown = n.value_name(rules, var, _frozen(value), lang, faction.id)
        values.append((name("var", var), shown + flag, str(spec.get("rule", ""))))
    if len(values) > 1:
        out.append(Block("table", rows=tuple(values)))
    if flags:
        out.append(Block("p", f"{h['flags']}: " + ", ".join(flags) + "."))
    return [Block("h2", h["board"]), *out] if out else []


def _frozen(value: Any) -> Any:
    return tuple(_frozen(v) for v in value) if isinstance(value, list) else value


def _setup_step(step: dict, rules: _Rules, fid: str, lang: str, h: dict) -> list[Block]:
    words = STEPS[lang]
    rule = f" ({h['rule']} {step.get('rule', '5.1')})"
    if "home" in step:
        home = step["home"]
        pieces = ", ".join(n.count_name(rules, "piece", k, c, lang, fid) for k, c in home["pieces"].items())
        where = {"corner": words["corner"], "inner": words["inner"]}.get(home.get("where", "corner"),
                                                                        words["any_clearing"])
        text = words["home"].format(pieces=pieces, where=where) + (words["home_if"] if home.get("if") else "") + rule
    else:
        text = (_one_line(step["ruling"]) if step.get("ruling") else h["see_appendix"]) + rule
        return [Block("p", text)]
    out = [Block("p", text)]
    if step.get("ruling"):
        out.append(Block("p", f"{h['ruling']}: {_one_line(step['ruling'])}"))
    return out


def _phase(faction: FactionDef, data: dict, phase: str, name, lang: str, h: dict) -> tuple[str, ...]:
    """One phase of the turn: its name, then one line per step."""
    lines = [n.term(phase, lang)]
    for i, step in enumerate((data.get("turn") or {}).get(phase) or ()):
        title = name("step", f"{phase} step {i + 1}")
        if step == "craft":
            lines.append(f"{i + 1}. {STEPS[lang]['craft']} · {h['rule']} 4.1")
            continue
        what = _step_words(step, name, lang, title)
        text = f"{i + 1}. **{title}**" + (f": {what}" if what and what != title else "")
        lines.append(text + f" · {h['rule']} {step.get('rule', '—')}")
        if step.get("ruling"):
            lines.append(f"{h['ruling']}: {_one_line(step['ruling'])}")
        elif "do" in step and not step.get("names"):
            lines.append(h["see_appendix"])
    return tuple(lines)


def _step_words(step: dict, name, lang: str, title: str) -> str:
    words = STEPS[lang]
    if "actions" in step:
        menu = step["actions"]
        limit = menu.get("limit")
        if limit is None:
            count = words["any"]
        elif isinstance(limit, int) and not isinstance(limit, bool):
            count = words["up_to"].format(n=counted(limit, "action", lang))
        else:
            count = words["set_by_rules"]
        choices = ", ".join(name("action", a) for a in menu["choices"])
        among = words["among"].format(choices=choices) if choices != title else ""
        return words["menu"].format(limit=count) + among + (words["bird"] if menu.get("extra_per_bird") else "")
    if "draw" in step:
        draw = step["draw"]
        return words["draw"].format(n=counted(draw, "card", lang)) if isinstance(draw, int) else words["draw_rules"]
    if "discard_to" in step:
        limit = step["discard_to"]
        return words["discard"].format(n=limit) if isinstance(limit, int) else words["discard_rules"]
    return ""


def _action(doc: Document, aid: str, action: dict, name, lang: str, h: dict) -> list[Block]:
    out = [Block("h3", f"{name('action', aid)} · {h['rule']} {action.get('rule', '—')}")]
    flags = [h[k] for k, key in (("once", "once_per_turn"), ("free", "free")) if action.get(key)]
    if flags:
        out.append(Block("p", "; ".join(flags).capitalize() + "."))
    costs = _costs(doc, ("actions", aid, "do"), action.get("do") or "", name, lang)
    if costs:
        out.append(Block("p", f"{h['cost']}: " + "; ".join(costs) + "."))
    if action.get("ruling"):
        out.append(Block("p", f"{h['ruling']}: {_one_line(action['ruling'])}"))
    return out


def _costs(doc: Document, path: tuple, text: str, name, lang: str) -> list[str]:
    """Each `spend` of an effect in words: '2 cards of the clearing's suit from the Stash'."""
    try:
        tree = parse(str(text), "effect", doc, path)
    except SyntaxProblem:
        return []
    words = COSTS[lang]
    out = []
    for node in tree.find_data("spend"):
        count, suit, pile, payer = node.children
        number = count.children[0] if count is not None else "1"
        if isinstance(number, str):  # a number written out
            what = counted(number, "card", lang)
        elif number.data == "call" and str(number.children[0]) == "track":  # the value a track shows
            track = str(number.children[1].children[0].children[0])
            what = words["track"].format(track=name("track", track))
        else:
            what = words["some"]
        if suit.data == "name" and str(suit.children[0]) in ("fox", "rabbit", "mouse"):
            what = words["suit"].format(what=what, suit=n.term(str(suit.children[0]), lang))
        elif suit.data == "name" and str(suit.children[0]) == "bird":
            what = words["bird"].format(what=what)
        elif suit.data == "name" and str(suit.children[0]) == "any":
            what = words["any"].format(what=what)
        elif suit.data == "call" and str(suit.children[0]) == "suit":
            what = words["of"].format(what=what, suit=words["clearing_suit"])
        elif suit.data == "name":
            what = words["of"].format(what=what, suit=words["chosen_suit"])
        else:
            what = words["matching"] if what == words["some"] else what
        if pile is not None:  # a pile's name, or an expression choosing one (then: "a pile")
            named = pile.children[0] if isinstance(pile, Tree) and pile.data in ("pile_name", "pile name") else pile
            what = words["from"].format(what=what, pile=name("pile", str(named)) if isinstance(named, str)
                                        else words["a_pile"])
        if payer is not None:
            what = words["by"].format(what=what)
        if what not in out:
            out.append(what)
    return out


def _appendix(data: dict, name, h: dict) -> list[Block]:
    """The faction language's texts, for designers, after the handout."""
    out = [Block("appendix", h["appendix"])]
    for phase in PHASES:
        for i, step in enumerate((data.get("turn") or {}).get(phase) or ()):
            code = [step.get(k) for k in ("do", "draw", "discard_to") if isinstance(step, dict)
                    and isinstance(step.get(k), str)]
            limit = step.get("actions", {}).get("limit") if isinstance(step, dict) else None
            code += [f"limit: {limit}"] if isinstance(limit, str) else []
            if code:
                out += [Block("h3", name("step", f"{phase} step {i + 1}")), Block("code", "\n".join(code).rstrip())]
    for i, step in enumerate(data.get("setup") or ()):
        if step.get("do"):
            out += [Block("h3", f"{h['setup']} {i + 1}"),
                    Block("code", str(step["do"]).rstrip())]
    for aid, action in (data.get("actions") or {}).items():
        code = ([f"if: {_one_line(action['if'])}"] if action.get("if") else []) + [str(action.get("do", "")).rstrip()]
        out += [Block("h3", name("action", aid)), Block("code", "\n".join(code))]
    for ability in data.get("abilities") or ():
        parts = [f"{k}: {_one_line(ability[k])}" for k in ("on", "hook", "if") if ability.get(k)]
        parts += [str(ability[k]).rstrip() for k in ("holds", "do", "value") if ability.get(k) is not None]
        out += [Block("h3", name("ability", ability["id"])), Block("code", "\n".join(parts))]
    return out


def render(name: str, lang: str = "en", fmt: str = "md", packs: list[str] | None = None) -> str:
    """The sheet of a faction (id, name, file, or a pack's) as Markdown (`md`) or HTML (`html`)."""
    blocks = build(find(name, packs), lang)
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


__all__ = ["Block", "build", "find", "render", "to_markdown", "to_html", "output_format", "LANGUAGES"]
