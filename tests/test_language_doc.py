"""docs/language.md must keep up with the language: every builtin function (with its
arguments), event (with its fields), modifier hook (with its names), statement, constant and
top-level key of a faction file is documented, and the statement examples compile."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from rootlaw.core.hooks import EVENTS, HOOKS, SNAPSHOT_FIELDS
from rootlaw.files.documents import load_yaml
from rootlaw.files.resources import data_path
from rootlaw.files.schemas import load_schema
from rootlaw.language.builtins import CONSTANTS, FUNCTIONS, VALUES
from rootlaw.language.compiler import Compiler, Vocabulary
from rootlaw.language.expressions import signature

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")


def section(title: str) -> str:
    """The text under the level-2 heading `title`, up to the next one."""
    parts = re.split(r"^## ", DOC, flags=re.M)
    for part in parts:
        if part.startswith(title + "\n"):
            return part
    raise AssertionError(f"docs/language.md has no section '## {title}'")


def table_row(text: str, name: str) -> str:
    """The row of a Markdown table whose first cell is `name` in backticks."""
    for line in text.splitlines():
        if line.startswith(f"| `{name}` |"):
            return line
    raise AssertionError(f"no table row for `{name}`")


@pytest.mark.parametrize("name", sorted(FUNCTIONS))
def test_every_function_is_documented_with_its_arguments(name):
    functions = section("Functions")
    assert f"`{signature(name)}`" in functions, \
        f"docs/language.md, section Functions, does not show `{signature(name)}`"


@pytest.mark.parametrize("event", sorted(EVENTS))
def test_every_event_is_documented_with_its_fields(event):
    row = table_row(section("Events"), event)
    for field in EVENTS[event]:
        assert f"`{field}`" in row, f"event {event}: field `{field}` is not documented"


def test_every_snapshot_field_is_documented():
    events = section("Events")
    for field in SNAPSHOT_FIELDS:
        assert f"`{field}`" in events, f"the removed piece's field `{field}` is not documented"


@pytest.mark.parametrize("hook", sorted(HOOKS))
def test_every_hook_is_documented_with_its_names(hook):
    row = table_row(section("Modifier hooks"), hook)
    for name in HOOKS[hook]:
        assert f"`{name}`" in row, f"hook {hook}: name `{name}` is not documented"


def test_every_constant_and_value_is_documented():
    names = section("Names")
    for name in [*CONSTANTS, *VALUES]:
        assert f"`{name}`" in names, f"`{name}` is not documented in the section Names"


def test_every_statement_is_documented():
    """Each statement of the grammar, by its leading keywords, is in the statement table."""
    grammar = data_path("grammar", "rootlaw.lark").read_text(encoding="utf-8")
    alternatives = re.search(r"^\?stmt: (.*?)\n\n", grammar, flags=re.M | re.S).group(1)
    first_cells = [line.split(" | ")[0] for line in section("Statements").splitlines() if line.startswith("| `")]
    for rule in re.findall(r"\b([a-z_]+)\b", alternatives):
        start = re.search(rf'^{rule}: ((?:"[a-z]+" ?)+|NAME "[^"]+")', grammar, flags=re.M)
        assert start, f"statement {rule} does not start with a keyword (or a name and an operator)"
        keywords = " ".join(re.findall(r'"([a-z]+)"', start.group(1))) or \
            "NAME " + re.search(r'"([^"]+)"', start.group(1)).group(1)
        assert any(f"`{keywords}" in cell for cell in first_cells), \
            f"statement '{keywords}' ({rule}) is not in the statement table"


def test_every_top_level_key_is_documented():
    keys = section("The file")
    for key in load_schema("faction")["properties"]:
        assert f"| `{key}` |" in keys, f"top-level key `{key}` is not in the table of the file's keys"


def test_statement_examples_compile():
    vocab = Vocabulary("alliance", {"warrior", "base_fox", "sympathy"}, {"rallies"},
                       {"supporters", "officers", "sympathy_cost", "outrage"}, {"outrage"},
                       {"outrage": ("who", "s")}, piles={"supporters"}, states={"exhausted"},
                       phrases={"grim_return": ()})
    compiler = Compiler(vocab)
    doc = load_yaml(text="do: x\n", source="docs/language.md")
    rows = [line for line in section("Statements").splitlines() if line.startswith("| `")]
    assert len(rows) >= 20
    for row in rows:
        example = row.rstrip(" |").rsplit("| `", 1)[1].rstrip("`")
        compiler.effect(doc, ("do",), example, "doc", ("c", "p", "s", "who", "vp", "card", "event"),
                        {"event": EVENTS["removed"], "p": SNAPSHOT_FIELDS})
    assert not vocab.problems, "\n".join(map(str, vocab.problems))
