"""The table of decision kinds (rootlaw.core.decision_kinds) is the engine's: every kind the
engine asks is in it, nothing else is, and docs/scenarios.md shows it as the code has it."""
from __future__ import annotations

import re
from pathlib import Path

from rootlaw.core import decision_kinds
from rootlaw.files.resources import PACKAGE_DIR

ROOT = Path(__file__).resolve().parent.parent
# game.ask(frame, "slot", who, "kind", ...) with the kind written out
ASKED = re.compile(r"\.ask\(\s*\w+,\s*\"\w+\",\s*(?:[^,()]|\([^()]*\))+,\s*(f?)\"([^\"]+)\"", re.S)


def _asked_kinds() -> set[str]:
    found = set()
    for path in PACKAGE_DIR.rglob("*.py"):
        for f_string, kind in ASKED.findall(path.read_text(encoding="utf-8")):
            found.add(decision_kinds.ABILITY_CHOICE if f_string else kind)
    return found


def test_every_kind_the_engine_asks_is_in_the_table_and_no_other():
    asked = _asked_kinds()
    assert len(asked) > 15, asked  # the pattern still finds the engine's calls
    assert asked == {k.kind for k in decision_kinds.KINDS}


def test_docs_scenarios_md_shows_the_table_of_the_code():
    doc = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
    assert decision_kinds.markdown() in doc, (
        "docs/scenarios.md is out of date: run python -m rootlaw.core.decision_kinds docs/scenarios.md")


def test_an_ability_choice_is_described():
    assert decision_kinds.describe("wheel_turn:p").kind == decision_kinds.ABILITY_CHOICE
    assert decision_kinds.describe("move_to").who == "the mover"
    assert decision_kinds.describe("nonsense") is None
