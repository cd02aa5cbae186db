"""Writing the faction sheet's blocks (rootlaw.tools.sheet) as Markdown or as one HTML page
with a print stylesheet: the board and the turn on the first printed page, the actions and
abilities in two columns after it, the appendix for designers on pages of its own."""
from __future__ import annotations

import html
from typing import TYPE_CHECKING

from .sheet_words import HEADINGS

if TYPE_CHECKING:
    from .sheet import Block


def to_markdown(blocks: list["Block"]) -> str:
    out: list[str] = []
    for b in blocks:
        if b.kind in ("h1", "h2", "h3"):
            out.append("#" * int(b.kind[1]) + " " + b.text)
        elif b.kind == "appendix":
            out.append("---\n\n## " + b.text)
        elif b.kind == "p":
            out.append(b.text)
        elif b.kind == "code":
            out.append("```\n" + b.text + "\n```")
        elif b.kind == "flow":
            for phase, *steps in b.rows:
                out.append(f"### {phase}\n\n" + ("\n".join(f"- {s}" if s[:1].isdigit() else f"  {s}" for s in steps)
                                                 or "-"))
        elif b.kind == "slots":
            values = b.rows[0]
            out.append(f"{b.text}\n\n| " + " | ".join(values) + " |\n|" + "---|" * len(values))
        else:
            head, *body = b.rows
            cell = lambda s: s.replace("|", "\\|")  # noqa: E731
            out.append("\n".join(["| " + " | ".join(map(cell, head)) + " |", "|" + "---|" * len(head)]
                                 + ["| " + " | ".join(map(cell, r)) + " |" for r in body]))
    return "\n\n".join(out) + "\n"


STYLE = """
body{font-family:system-ui,"DejaVu Sans",sans-serif;max-width:52em;margin:1.5em auto;color:#222;line-height:1.35}
h1{margin:.2em 0;border-bottom:3px solid #6b5a3c}h2{margin:1em 0 .3em;color:#4d3b22;border-bottom:1px solid #cbb98f}
h3{margin:.8em 0 .2em;font-size:1.02em}p{margin:.25em 0}
table{border-collapse:collapse;margin:.4em 0}td,th{border:1px solid #bba67a;padding:.15em .5em;text-align:left}
th{background:#efe6cc}.flow{display:grid;grid-template-columns:repeat(3,1fr);gap:.6em}
.phase{border:2px solid #6b5a3c;border-radius:8px;padding:.3em .6em;background:#fbf6e8}
.phase h3{margin:.1em 0 .3em;text-align:center}.phase ol{margin:0;padding-left:1.2em}.phase li{margin:.25em 0}
.phase .note{font-size:.88em;color:#444}.slots{display:flex;gap:3px;margin:.2em 0 .6em}
.slot{width:2.2em;height:2.2em;border:1.5px solid #8b6b43;border-radius:4px;background:#f3ecd9;
display:flex;align-items:flex-end;justify-content:center;font-weight:bold}
.appendix{page-break-before:always;break-before:page}pre{background:#f4f1ea;padding:.4em;overflow-x:auto;font-size:.85em}
@page{size:A4;margin:10mm}
@media print{body{max-width:none;margin:0;font-size:8.4pt;line-height:1.22}h1{font-size:15pt}h2{font-size:11pt;
margin:.5em 0 .2em;break-after:avoid}h3{font-size:9pt;margin:.4em 0 .1em;break-after:avoid}table{font-size:8pt}
.phase,table,.slots{break-inside:avoid}.rules{break-before:page;column-count:2;column-gap:6mm}
.rules h2{column-span:all}.slot{width:1.9em;height:1.9em}}
"""


def to_html(blocks: list["Block"], lang: str = "en") -> str:
    e = html.escape
    body: list[str] = ['<section class="board">']
    for b in blocks:
        if b.kind == "h2" and b.text == HEADINGS[lang]["actions"]:
            body.append('</section>\n<section class="rules">')  # the second page, in two columns when printed
        if b.kind in ("h1", "h2", "h3"):
            body.append(f"<{b.kind}>{e(b.text)}</{b.kind}>")
        elif b.kind == "appendix":
            body.append(f'</section>\n<section class="appendix"><h2>{e(b.text)}</h2>')
        elif b.kind == "p":
            body.append(f"<p>{e(b.text)}</p>")
        elif b.kind == "code":
            body.append(f"<pre><code>{e(b.text)}</code></pre>")
        elif b.kind == "flow":
            phases = []
            for phase, *steps in b.rows:
                items = "".join(f"<li>{_bold(e(s.split('. ', 1)[1]))}</li>" if s[:1].isdigit()
                                else f'<div class="note">{e(s)}</div>' for s in steps)
                phases.append(f'<div class="phase"><h3>{e(phase)}</h3><ol>{items}</ol></div>')
            body.append('<div class="flow">' + "".join(phases) + "</div>")
        elif b.kind == "slots":
            cells = "".join(f'<div class="slot">{e(v)}</div>' for v in b.rows[0])
            body.append(f'<p>{e(b.text)}</p><div class="slots">{cells}</div>')
        else:
            head, *rows = b.rows
            body.append("<table><tr>" + "".join(f"<th>{e(c)}</th>" for c in head) + "</tr>"
                        + "".join("<tr>" + "".join(f"<td>{e(c)}</td>" for c in r) + "</tr>" for r in rows)
                        + "</table>")
    title = e(blocks[0].text) if blocks else "faction sheet"
    return (f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title>\n'
            f"<style>{STYLE}</style></head><body>\n" + "\n".join(body) + "\n</section>\n</body></html>\n")


def _bold(text: str) -> str:
    """'**name**: ...' (the flow's Markdown emphasis) as HTML."""
    if text.startswith("**") and "**" in text[2:]:
        name, rest = text[2:].split("**", 1)
        return f"<strong>{name}</strong>{rest}"
    return text


__all__ = ["to_markdown", "to_html", "STYLE"]
