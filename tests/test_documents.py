"""Tests for rootlaw.files.documents (safe YAML loading with positions) and rootlaw.files.schemas."""
from __future__ import annotations

import time

import pytest

from rootlaw.errors import DataError, Problem
from rootlaw.files import documents
from rootlaw.files.documents import Document, load_yaml
from rootlaw.files.schemas import problems_from_schema


def load(text: str) -> Document:
    return load_yaml(text=text, source="t.yaml")


def only_problem(text: str, **kwargs) -> Problem:
    with pytest.raises(DataError) as caught:
        load_yaml(text=text, source="t.yaml", **kwargs)
    assert len(caught.value.problems) == 1, caught.value.problems
    return caught.value.problems[0]


@pytest.fixture(params=["fast", "pure"])
def both_parsers(request, monkeypatch):
    """Runs a test with libyaml's parser (when present) and with the pure-Python one."""
    if request.param == "pure":
        monkeypatch.setattr(documents, "FastLoader", None)
    elif documents.FastLoader is None:
        pytest.skip("libyaml is not available")
    return request.param


# -- positions -----------------------------------------------------------------------------

NESTED = """\
name: Autumn
clearings:
  - id: 1
    suit: fox
  - {id: 2, suit: mouse}
paths: [[1, 2], [2, 3]]
"""


def test_positions_of_nested_values(both_parsers):
    doc = load(NESTED)
    assert doc.data == {
        "name": "Autumn",
        "clearings": [{"id": 1, "suit": "fox"}, {"id": 2, "suit": "mouse"}],
        "paths": [[1, 2], [2, 3]],
    }
    assert doc.where() == (1, 1)
    assert doc.where(["name"]) == (1, 7)
    assert doc.where(["clearings"]) == (3, 3)
    assert doc.where(["clearings", 0]) == (3, 5)
    assert doc.where(["clearings", 0, "suit"]) == (4, 11)
    assert doc.where(["clearings", 1]) == (5, 5)
    assert doc.where(["clearings", 1, "suit"]) == (5, 19)
    assert doc.where(["paths", 1, 0]) == (6, 18)


def test_positions_of_keys(both_parsers):
    doc = load(NESTED)
    assert doc.key_where(["name"]) == (1, 1)
    assert doc.key_where(["clearings", 0, "suit"]) == (4, 5)
    assert doc.key_where(["clearings", 1, "suit"]) == (5, 13)
    # a list index has no key: falls back to the value's position
    assert doc.key_where(["paths", 1]) == (6, 17)


def test_where_falls_back_to_nearest_parent():
    doc = load(NESTED)
    assert doc.where(["clearings", 0, "missing", 3]) == (3, 5)
    assert doc.where(["clearings", 7]) == (3, 3)
    assert doc.key_where(["clearings", 1, "nope"]) == (5, 5)
    assert doc.where(("nothing",)) == (1, 1)


def test_positions_count_characters_not_bytes(both_parsers):
    doc = load("é: [ü, \"ö\", x]\n")
    assert doc.where(["é", 2]) == (1, 13)


def test_document_problem_uses_source_and_position():
    doc = load(NESTED)
    assert doc.problem(["clearings", 0, "suit"], "bad suit", "fix it") == Problem(
        "t.yaml", 4, 11, "bad suit", "fix it"
    )
    assert doc.problem(["clearings", 0, "suit"], "odd key", at_key=True) == Problem(
        "t.yaml", 4, 5, "odd key", None
    )


def test_document_built_in_memory_points_at_start():
    doc = Document({"a": 1}, "memory")
    assert doc.where(["a"]) == (1, 1)
    assert doc.key_where(["a"]) == (1, 1)


# -- scalars -------------------------------------------------------------------------------

def test_yaml11_boolean_words_stay_strings(both_parsers):
    doc = load("on: yes\noff: No\nflags: [y, N, ON, Off, YES, no]\nb: [true, False, TRUE]\n")
    assert doc.data == {
        "on": "yes",
        "off": "No",
        "flags": ["y", "N", "ON", "Off", "YES", "no"],
        "b": [True, False, True],
    }
    assert doc.key_where(["on"]) == (1, 1)
    assert doc.where(["on"]) == (1, 5)


def test_integer_keys_stay_integers(both_parsers):
    doc = load("1: fox\n'2': rabbit\n12: mouse\n")
    assert doc.data == {1: "fox", "2": "rabbit", 12: "mouse"}
    assert doc.where([12]) == (3, 5)
    assert doc.key_where([1]) == (1, 1)


def test_plain_scalars_follow_yaml_1_2(both_parsers):
    doc = load("a: [~, null, '', 3, -4, 0x1F, 1.5, 1e3, 2024-01-01, 1_000, '7']\n<<: {x: 1}\n")
    assert doc.data == {
        "a": [None, None, "", 3, -4, 31, 1.5, 1000.0, "2024-01-01", "1_000", "7"],
        "<<": {"x": 1},
    }


def test_empty_value_is_none_with_position(both_parsers):
    doc = load("a:\nb: 1\n")
    assert doc.data == {"a": None, "b": 1}
    assert doc.key_where(["a"]) == (1, 1)


# -- refusals ------------------------------------------------------------------------------

def test_duplicate_key_names_both_lines(both_parsers):
    p = only_problem("suit: fox\nname: x\nsuit: mouse\n")
    assert (p.file, p.line, p.col) == ("t.yaml", 3, 1)
    assert p.message == "duplicate key 'suit' (first written at line 1)"


def test_duplicate_nested_and_integer_keys(both_parsers):
    with pytest.raises(DataError) as caught:
        load("a:\n  1: x\n  01: y\nb: {k: 1, k: 2}\n")
    assert [(p.line, p.col, p.message) for p in caught.value.problems] == [
        (3, 3, "duplicate key 1 (first written at line 2)"),
        (4, 11, "duplicate key 'k' (first written at line 4)"),
    ]


def test_alias_refused(both_parsers):
    p = only_problem("a: [1]\nb: *x\n")
    assert (p.line, p.col) == (2, 4)
    assert p.message == "aliases are not allowed ('*x')"
    assert p.hint and "anchors" in p.hint


def test_anchor_refused(both_parsers):
    p = only_problem("a: 1\nb: &base {x: 1}\nc: 2\n")
    assert (p.line, p.col) == (2, 4)
    assert p.message == "anchors are not allowed ('&base')"


def test_alias_bomb_refused_quickly(both_parsers):
    lines = ["a: &a [x, x, x, x, x, x, x, x, x]"]
    for n in range(1, 10):
        prev, this = chr(ord("a") + n - 1), chr(ord("a") + n)
        lines.append(f"{this}: &{this} [" + ", ".join([f"*{prev}"] * 9) + "]")
    start = time.perf_counter()
    p = only_problem("\n".join(lines) + "\n")
    assert time.perf_counter() - start < 1.0
    assert (p.line, p.col) == (1, 4)


def test_custom_tag_refused(both_parsers):
    p = only_problem("a: 1\nb: !foo bar\n")
    assert (p.line, p.col) == (2, 4)
    assert p.message == "custom tag '!foo' is not allowed"
    assert p.hint


def test_python_tag_refused_and_core_tags_allowed(both_parsers):
    p = only_problem("x: !!python/object/apply:os.system ['echo hi']\n")
    assert (p.line, p.col) == (1, 4)
    assert p.message == "custom tag '!!python/object/apply:os.system' is not allowed"
    assert load("a: !!str 12\nb: !!int '7'\n").data == {"a": "12", "b": 7}


def test_too_deep_refused(both_parsers):
    p = only_problem("[" * 150 + "]" * 150)
    assert (p.line, p.col) == (1, documents.MAX_DEPTH + 1)
    assert "nested too deeply" in p.message


# -- syntax errors -------------------------------------------------------------------------

def test_syntax_error_position_and_message(both_parsers):
    p = only_problem("name: x\nsuit: fox: mouse\n")
    assert (p.file, p.line, p.col) == ("t.yaml", 2, 10)
    assert p.message == "could not parse YAML: mapping values are not allowed here"
    assert p.hint and "quotes" in p.hint


def test_tab_indentation_hint(both_parsers):
    p = only_problem("a:\n\tb: 1\n")
    assert (p.line, p.col) == (2, 1)
    assert p.message.startswith("could not parse YAML: found character '\\t'")
    assert p.hint and "tabs" in p.hint


def test_unclosed_quote_hint(both_parsers):
    p = only_problem("a: 1\nb: 'open\nc: 2\n")
    assert (p.line, p.col) == (4, 1)
    assert p.hint == "a quote opened at line 2 is never closed"


def test_bad_indentation_hint(both_parsers):
    p = only_problem("a:\n    b: 1\n  c: 2\n")
    assert (p.line, p.col) == (3, 3)
    assert p.hint and "indentation" in p.hint


def test_second_document_refused(both_parsers):
    p = only_problem("a: 1\n---\nb: 2\n")
    assert (p.line, p.col) == (2, 1)
    assert "single document" in p.message


def test_control_character_refused():
    p = only_problem("a: 1\nb: x\x07y\n")
    assert (p.line, p.col) == (2, 5)
    assert "U+0007" in p.message


# -- files ---------------------------------------------------------------------------------

def test_missing_file(tmp_path):
    missing = tmp_path / "nope.yaml"
    with pytest.raises(DataError) as caught:
        load_yaml(missing)
    [p] = caught.value.problems
    assert (p.file, p.line, p.col, p.message) == (str(missing), 1, 1, "file not found")


def test_file_source_defaults_to_path_as_given(tmp_path):
    f = tmp_path / "map.yaml"
    f.write_text("a:\n  b: [1, 2]\n", encoding="utf-8")
    doc = load_yaml(str(f))
    assert doc.source == str(f)
    assert doc.where(["a", "b", 1]) == (2, 10)
    assert load_yaml(f, source="maps/map.yaml").source == "maps/map.yaml"


def test_not_utf8(tmp_path):
    f = tmp_path / "latin1.yaml"
    f.write_bytes("a: 1\nname: caf\u00e9\n".encode("latin-1"))
    with pytest.raises(DataError) as caught:
        load_yaml(f, source="latin1.yaml")
    [p] = caught.value.problems
    assert (p.file, p.line, p.col) == ("latin1.yaml", 2, 10)
    assert "not UTF-8" in p.message
    assert p.hint == "save the file with UTF-8 encoding"


def test_utf8_bom_accepted(tmp_path):
    f = tmp_path / "bom.yaml"
    f.write_bytes(b"\xef\xbb\xbfa: 1\n")
    doc = load_yaml(f)
    assert doc.data == {"a": 1}
    assert doc.where(["a"]) == (1, 4)


def test_oversize_file_and_text(tmp_path):
    f = tmp_path / "big.yaml"
    f.write_text("a: " + "x" * 100 + "\n", encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_yaml(f, source="big.yaml", max_bytes=50)
    [p] = caught.value.problems
    assert (p.file, p.line, p.col) == ("big.yaml", 1, 1)
    assert p.message == "the file is too large (104 bytes; the limit is 50)"
    p = only_problem("a: " + "x" * 100, max_bytes=50)
    assert (p.line, p.col) == (1, 1)
    assert "too large" in p.message


@pytest.mark.parametrize("text", ["", "# only a comment\n", "\n\n"])
def test_empty_file_loads_as_none(tmp_path, text):
    f = tmp_path / "empty.yaml"
    f.write_text(text, encoding="utf-8")
    doc = load_yaml(f)
    assert doc.data is None
    assert doc.where(["anything"]) == (1, 1)


def test_every_problem_names_the_source(both_parsers):
    with pytest.raises(DataError) as caught:
        load_yaml(text="a: !x 1\nb: !y 2\na: 3\n", source="packs/odd.yaml")
    assert [(p.file, p.line, p.col) for p in caught.value.problems] == [
        ("packs/odd.yaml", 1, 4),
        ("packs/odd.yaml", 2, 4),
        ("packs/odd.yaml", 3, 1),
    ]


# -- schema problems -----------------------------------------------------------------------

CLEARING = {
    "type": "object",
    "additionalProperties": False,
    "required": ["id", "suit", "paths"],
    "properties": {
        "id": {"type": "integer", "minimum": 1},
        "suit": {"enum": ["fox", "rabbit", "mouse"]},
        "paths": {"type": "array", "items": {"type": "integer"}},
        "slots": {"type": "integer"},
    },
}
BOARD = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "name": {"type": "string"},
        "clearings": {"type": "array", "items": CLEARING},
    },
}


def schema_problems(text: str, schema: dict = BOARD) -> list[tuple[int, int, str, str | None]]:
    doc = load(text)
    return [(p.line, p.col, p.message, p.hint) for p in problems_from_schema(doc, schema)]


def test_schema_valid_document_has_no_problems():
    assert schema_problems("name: x\nclearings:\n  - {id: 1, suit: fox, paths: [2]}\n") == []


def test_schema_unknown_key_with_did_you_mean_at_key():
    text = "clearings:\n  - id: 1\n    sute: fox\n    suit: fox\n    paths: []\n"
    assert schema_problems(text) == [(3, 5, "unknown key 'sute'", "did you mean 'suit'?")]


def test_schema_unknown_key_without_close_match_lists_allowed_keys():
    assert schema_problems("colour: red\n") == [
        (1, 1, "unknown key 'colour'", "allowed keys: name, clearings"),
    ]


def test_schema_enum_with_hint():
    text = "clearings:\n  - {id: 1, suit: rabit, paths: []}\n"
    assert schema_problems(text) == [
        (2, 19, "'rabit' is not one of fox, rabbit, mouse", "did you mean 'rabbit'?"),
    ]


def test_schema_missing_required_key_at_mapping():
    text = "name: x\nclearings:\n  - id: 1\n    suit: fox\n"
    assert schema_problems(text) == [(3, 5, "missing required key 'paths'", None)]


def test_schema_wrong_type():
    text = "clearings:\n  - {id: x, suit: fox, paths: [1, 'two']}\n"
    assert schema_problems(text) == [
        (2, 10, "expected an integer, found a string ('x')", None),
        (2, 35, "expected an integer, found a string ('two')", None),
    ]


def test_schema_type_hints_for_common_mistakes():
    schema = {"properties": {"on": {"type": "boolean"}, "n": {"type": "string"}}}
    assert schema_problems("on: yes\nn: 12\n", schema) == [
        (1, 5, "expected true or false, found a string ('yes')",
         "write true or false; yes/no/on/off are read as text"),
        (2, 4, "expected a string, found an integer (12)",
         "put quotes around the value to make it text"),
    ]


def test_schema_several_errors_in_position_order():
    text = (
        "name: 7\n"
        "clearings:\n"
        "  - id: 0\n"
        "    suit: cat\n"
        "    paths: [1]\n"
        "    slot: 2\n"
        "  - suit: fox\n"
        "    paths: []\n"
        "extra: true\n"
    )
    assert schema_problems(text) == [
        (1, 7, "expected a string, found an integer (7)",
         "put quotes around the value to make it text"),
        (3, 9, "expected at least 1, found 0", None),
        (4, 11, "'cat' is not one of fox, rabbit, mouse", None),
        (6, 5, "unknown key 'slot'", "did you mean 'slots'?"),
        (7, 5, "missing required key 'id'", None),
        (9, 1, "unknown key 'extra'", "allowed keys: name, clearings"),
    ]


def test_schema_integer_keys_map_back_to_their_positions():
    schema = {
        "type": "object",
        "propertyNames": {"pattern": "^[0-9]+$"},
        "additionalProperties": {"enum": ["fox", "rabbit", "mouse"]},
    }
    assert schema_problems("1: fox\n2: mose\nx: fox\n", schema) == [
        (2, 4, "'mose' is not one of fox, rabbit, mouse", "did you mean 'mouse'?"),
        (3, 1, "key 'x' does not have the expected form (pattern ^[0-9]+$)", None),
    ]


def test_schema_if_then_errors_are_reported():
    schema = {
        "type": "object",
        "required": ["kind"],
        "properties": {"kind": {"enum": ["move", "battle"]}},
        "if": {"properties": {"kind": {"const": "move"}}},
        "then": {"required": ["to"], "properties": {"to": {"type": "integer"}}},
    }
    assert schema_problems("kind: move\nto: far\n", schema) == [
        (2, 5, "expected an integer, found a string ('far')", None),
    ]
    assert schema_problems("kind: move\n", schema) == [(1, 1, "missing required key 'to'", None)]


def test_schema_one_of_reports_best_match_without_reprs():
    piece = {
        "oneOf": [
            {"type": "integer"},
            {
                "type": "object",
                "required": ["kind", "count"],
                "properties": {
                    "kind": {"enum": ["warrior", "wood"]},
                    "count": {"type": "integer"},
                },
            },
        ]
    }
    schema = {"properties": {"pieces": {"type": "array", "items": piece}}}
    problems = schema_problems("pieces:\n  - 3\n  - {kind: warrior, count: many}\n", schema)
    assert problems == [(3, 28, "expected an integer, found a string ('many')", None)]
    assert "{" not in problems[0][2]


def test_schema_false_subschema_points_at_key():
    schema = {"properties": {"old": False}}
    assert schema_problems("a: 1\nold: 2\n", schema) == [
        (2, 1, "key 'old' is not allowed here", None),
    ]


def test_schema_unique_items_points_at_repeat():
    schema = {"properties": {"corners": {"type": "array", "uniqueItems": True}}}
    assert schema_problems("corners: [1, 2, 1]\n", schema) == [
        (1, 17, "1 is repeated (also item 1 of the list)",
         "each item of this list must be different"),
    ]


def test_schema_on_empty_document():
    assert schema_problems("", {"type": "object"}) == [
        (1, 1, "expected a mapping, found nothing (null)", "the file is empty"),
    ]
