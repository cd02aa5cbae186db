"""Issue 7.11: property-based fuzzing of everything a stranger can hand rootlaw.

Faction files, expressions, scenarios, records and packs, mutated or made up: each either
loads (or runs) or ends in a RootlawError with a message, never another exception. The test
suite runs the bounded "ci" profile; `HYPOTHESIS_PROFILE=soak` runs many more examples.
Deadlines are off: a shared machine's timing proves nothing, and any hang is caught by the
bounds (issue 7.3-7.5) these inputs exercise.
"""
from __future__ import annotations

import io
import json
import os
import tempfile
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import rootlaw  # noqa: F401  (registers the frame handlers)
from rootlaw.content.factions import load_faction
from rootlaw.content.packs import load_pack
from rootlaw.content.record import Record, replay
from rootlaw.errors import RootlawError
from rootlaw.scenarios.runner import run_scenario

# ci: a fixed set of examples, no shrinking (a failure prints its input as found), no database
settings.register_profile("ci", max_examples=20, deadline=None, derandomize=True, database=None,
                          phases=[Phase.explicit, Phase.generate],
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("soak", max_examples=2000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

ROOT = Path(__file__).parent.parent
MILITIA = (ROOT / "tests" / "factions" / "militia_a.yaml").read_text(encoding="utf-8")
ALLIANCE = (ROOT / "factions" / "alliance.yaml").read_text(encoding="utf-8")
SCENARIO = next((ROOT / "tests" / "scenarios").rglob("*.scenario.yaml")).read_text(encoding="utf-8")
PACK = ROOT / "tests" / "packs" / "river_otters"

# pieces of the language, so made-up expressions reach past the first character
WORDS = ["count", "(", ")", "{", "}", "[", "]", "c", "in", "clearings()", "where", "rules(me, c)", "and",
         "or", "not", "if", "then", "else", "1", "2", "999999999999", "-", "+", "*", "/", "=", "!=", "<",
         "\"ab\"", "supply(warrior)", "adjacent(1)", "ruler(1)", ",", ".", "x", "me", "none", "true",
         "let", "place", "warrior", "repeat", "say", "choose", "from", "for", "each", ";", "\n"]


def mutate(text: str, edits: list[tuple[int, int, str]]) -> str:
    """Apply (position, length, replacement) edits to text: deletions, insertions, swaps."""
    for pos, length, new in edits:
        pos %= len(text) + 1
        text = text[:pos] + new + text[pos + length:]
    return text


EDITS = st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 12),
                           st.text(alphabet=st.characters(codec="utf-8"), max_size=8) | st.sampled_from(WORDS)),
                 min_size=1, max_size=6)


def loads_or_refuses(action) -> None:
    try:
        action()
    except RootlawError as exc:
        assert str(exc)  # a message a person can read


@given(EDITS)
def test_mutated_faction_files(edits):
    text = mutate(ALLIANCE if edits[0][0] % 2 else MILITIA, edits)
    loads_or_refuses(lambda: load_faction("fuzz.yaml", text=text))


@given(st.lists(st.sampled_from(WORDS), max_size=30).map(" ".join))
def test_made_up_expressions_and_effects(words):
    text = MILITIA.replace('if: "supply(warrior) > 0 and exists(on_map(camp))"',
                           f"if: {json.dumps(words)}")
    loads_or_refuses(lambda: load_faction("fuzz.yaml", text=text))
    effect = MILITIA.replace("do: |", f"do: {json.dumps(words)}\n    ruling: |")
    loads_or_refuses(lambda: load_faction("fuzz.yaml", text=effect))


@given(EDITS)
def test_mutated_scenarios(edits):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.scenario.yaml"
        path.write_text(mutate(SCENARIO, edits), encoding="utf-8", errors="surrogatepass")
        loads_or_refuses(lambda: run_scenario(path))


JSON = st.recursive(st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats() | st.text(max_size=10),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=20)
SETUP = st.fixed_dictionaries({"map": st.sampled_from(["autumn", "winter", "lake", "nowhere"]) | JSON,
                               "factions": st.sampled_from([["alliance", "arachneen"], ["alliance"]]) | JSON,
                               "seed": st.integers(-5, 10**16) | JSON},
                              optional={"round_limit": st.integers(-1, 3) | JSON, "deck": JSON,
                                        "deal_suits": JSON, "packs": JSON})


@given(SETUP, st.lists(JSON | st.sampled_from(["move", "battle", 1, 2, "none"]), max_size=6), JSON)
def test_made_up_records(setup, answers, extra):
    data = {"version": 2, "setup": setup, "answers": answers, "final_hash": None}
    if isinstance(extra, dict):
        data.update(extra)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "record.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        loads_or_refuses(lambda: replay(Record.load(path)))


def _pack_zip() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as z:
        for path in sorted(PACK.rglob("*")):
            if path.is_file():
                z.write(path, path.relative_to(PACK).as_posix())
    return buffer.getvalue()


PACK_ZIP = _pack_zip()


@given(st.lists(st.tuples(st.integers(0, len(PACK_ZIP)), st.integers(0, 255)), min_size=1, max_size=8))
def test_damaged_pack_zips(flips):
    raw = bytearray(PACK_ZIP)
    for pos, value in flips:
        if pos < len(raw):
            raw[pos] = value
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "pack.zip"
        path.write_bytes(bytes(raw))
        loads_or_refuses(lambda: load_pack(path))


@given(EDITS)
def test_mutated_pack_manifests(edits):
    manifest = (PACK / "pack.yaml").read_text(encoding="utf-8")
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        for path in sorted(PACK.rglob("*")):
            if path.is_file() and path.name != "pack.yaml":
                z.write(path, path.relative_to(PACK).as_posix())
        z.writestr("pack.yaml", mutate(manifest, edits).encode("utf-8", "surrogatepass"))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "pack.zip"
        path.write_bytes(buffer.getvalue())
        loads_or_refuses(lambda: load_pack(path))
