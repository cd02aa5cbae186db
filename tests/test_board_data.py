"""Checks for the board data: map and deck YAML files and their JSON Schemas."""

from __future__ import annotations

import copy
import json
from collections import Counter
from itertools import combinations
from pathlib import Path

import jsonschema
import pytest

from rootlaw.content.maps import load_map
from rootlaw.files import documents
from rootlaw.files.resources import data_path

ROOT = Path(__file__).resolve().parents[1]
SCHEMAS = ROOT / "schemas"
MAPS_DIR = ROOT / "engine" / "data" / "maps"
DECKS_DIR = ROOT / "engine" / "data" / "decks"
MAP_IDS = ["autumn", "winter", "lake", "mountain"]


def load_schema(name: str) -> dict:
    with open(SCHEMAS / name, encoding="utf-8") as fh:
        return json.load(fh)


def load_yaml(path: Path):
    """Read data as rootlaw does (YAML 1.2 booleans: an `on:` key stays a string)."""
    return documents.load_yaml(path).data


@pytest.fixture(scope="module")
def map_validator() -> jsonschema.Draft7Validator:
    return jsonschema.Draft7Validator(load_schema("map.schema.json"))


@pytest.fixture(scope="module")
def deck_validator() -> jsonschema.Draft7Validator:
    return jsonschema.Draft7Validator(load_schema("deck.schema.json"))


@pytest.fixture(scope="module")
def maps() -> dict[str, dict]:
    return {m: load_yaml(MAPS_DIR / f"{m}.yaml") for m in MAP_IDS}


@pytest.fixture(scope="module")
def deck() -> dict:
    return load_yaml(DECKS_DIR / "standard.yaml")


def pairset(pairs) -> set[tuple]:
    return {tuple(p) for p in pairs}


def neighbours(board: dict, cid: int, *, open_only: bool = False) -> set[int]:
    closed = pairset(board["closed_paths"]) if open_only else set()
    out = set()
    for a, b in board["paths"]:
        if (a, b) in closed:
            continue
        if a == cid:
            out.add(b)
        elif b == cid:
            out.add(a)
    return out


def shared_clearing_rule(board: dict) -> set[tuple[str, str]]:
    """Two forests are adjacent when they share two or more clearings."""
    out = set()
    for f, g in combinations(board["forests"], 2):
        if len(set(f["clearings"]) & set(g["clearings"])) >= 2:
            out.add((f["id"], g["id"]))
    return out


# --------------------------------------------------------------------------- schemas


@pytest.mark.parametrize("name", ["map.schema.json", "deck.schema.json"])
def test_schemas_are_valid_draft7(name):
    schema = load_schema(name)
    assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    jsonschema.Draft7Validator.check_schema(schema)


# --------------------------------------------------------------------------- maps: generic


@pytest.mark.parametrize("map_id", MAP_IDS)
def test_map_file_header(map_id):
    first = (MAPS_DIR / f"{map_id}.yaml").read_text(encoding="utf-8").splitlines()[0]
    assert first == "# yaml-language-server: $schema=../../../schemas/map.schema.json"


@pytest.mark.parametrize("map_id", MAP_IDS)
def test_map_validates(map_id, maps, map_validator):
    errors = sorted(map_validator.iter_errors(maps[map_id]), key=lambda e: list(e.path))
    assert not errors, "\n".join(f"{list(e.path)}: {e.message}" for e in errors)
    assert maps[map_id]["id"] == map_id


@pytest.mark.parametrize("map_id", MAP_IDS)
def test_map_structure(map_id, maps):
    board = maps[map_id]
    ids = [c["id"] for c in board["clearings"]]
    assert ids == list(range(1, 13))
    valid = set(ids)
    for c in board["clearings"]:
        assert 0 <= c["ruins"] <= c["slots"], c
    # Every pair is sorted and every pair list is sorted without duplicates.
    for key in ("paths", "closed_paths", "rivers"):
        pairs = board[key]
        for a, b in pairs:
            assert a < b, (key, a, b)
            assert a in valid and b in valid, (key, a, b)
        assert pairs == sorted(pairs), key
        assert len(pairset(pairs)) == len(pairs), key
    assert pairset(board["closed_paths"]) <= pairset(board["paths"])
    for cid in board["corners"] + board["inner"] + board["coast"]:
        assert cid in valid
    assert board["corners"] == [1, 2, 3, 4]
    assert not set(board["inner"]) & set(board["corners"])
    opp = [c for pair in board["opposite_corners"] for c in pair]
    assert sorted(opp) == [1, 2, 3, 4]
    # Forests: ids F1..Fn in order, clearings exist, adjacency names real forests.
    forest_ids = [f["id"] for f in board["forests"]]
    assert forest_ids == [f"F{i}" for i in range(1, len(forest_ids) + 1)]
    for f in board["forests"]:
        assert set(f["clearings"]) <= valid, f
    known = set(forest_ids)
    for a, b in board["forest_adjacency"]:
        assert a in known and b in known and a != b
    adj = [tuple(p) for p in board["forest_adjacency"]]
    assert len(set(frozenset(p) for p in adj)) == len(adj)
    for key in ("ferry", "tower"):
        assert board[key] is None or board[key] in valid
    assert board["notes"], "notes must record the choices made"
    # Every clearing is reachable along paths.
    seen, todo = {1}, [1]
    while todo:
        for n in neighbours(board, todo.pop()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == valid


@pytest.mark.parametrize("map_id", MAP_IDS)
def test_four_ruins_each_map(map_id, maps):
    assert sum(c["ruins"] for c in maps[map_id]["clearings"]) == 4


@pytest.mark.parametrize("map_id", ["autumn", "lake", "mountain"])
def test_four_clearings_per_suit(map_id, maps):
    suits = Counter(c["suit"] for c in maps[map_id]["clearings"])
    assert suits == {"fox": 4, "rabbit": 4, "mouse": 4}


# --------------------------------------------------------------------------- Autumn


def test_autumn(maps):
    board = maps["autumn"]
    assert board["suits"] == "printed"
    assert len(board["paths"]) == 18
    assert sum(c["slots"] for c in board["clearings"]) == 22
    ruined = [c["id"] for c in board["clearings"] if c["ruins"]]
    assert ruined == [6, 10, 11, 12]
    assert board["opposite_corners"] == [[1, 3], [2, 4]]
    assert board["inner"] == [10, 11, 12]
    assert board["rivers"] == [[4, 7], [5, 10], [7, 11], [10, 11]]
    assert board["closed_paths"] == [] and board["coast"] == []
    assert board["ferry"] is None and board["tower"] is None
    expected = {
        1: {5, 9, 10}, 2: {5, 6, 10}, 3: {6, 7, 11}, 4: {8, 9, 12},
        5: {1, 2}, 6: {2, 3, 11}, 7: {3, 8, 12}, 8: {4, 7}, 9: {1, 4, 12},
        10: {1, 2, 12}, 11: {3, 6, 12}, 12: {4, 7, 9, 10, 11},
    }
    for cid, adj in expected.items():
        assert neighbours(board, cid) == adj, cid
    assert len(board["forests"]) == 7
    # The listed adjacency equals the shared-clearings rule.
    assert pairset(board["forest_adjacency"]) == shared_clearing_rule(board)
    assert len(board["forest_adjacency"]) == 9


# --------------------------------------------------------------------------- Winter


def test_winter(maps):
    board = maps["winter"]
    assert board["suits"] == "dealt"
    assert all(c["suit"] is None for c in board["clearings"])
    assert len(board["paths"]) == 16
    assert [11, 12] in board["rivers"]
    assert [11, 12] not in board["paths"]
    assert 12 not in neighbours(board, 11)
    assert board["rivers"] == [[7, 12], [10, 11], [11, 12]]
    assert board["inner"] == [11, 12]
    assert board["opposite_corners"] == [[1, 3], [2, 4]]
    assert len(board["forests"]) == 8
    assert pairset(board["forest_adjacency"]) == shared_clearing_rule(board)


# --------------------------------------------------------------------------- Lake


def test_lake(maps):
    board = maps["lake"]
    assert board["suits"] == "suggested"
    assert len(board["paths"]) == 17
    assert board["opposite_corners"] == [[1, 2], [3, 4]]
    assert board["coast"] == [1, 10, 11, 12]
    assert board["ferry"] == 1
    assert board["tower"] is None
    assert board["inner"] == [10, 11, 12]
    assert pairset(board["rivers"]) == set(combinations([1, 10, 11, 12], 2))
    assert 11 not in neighbours(board, 4)
    assert len(board["forests"]) == 9
    # Shared-clearings rule plus: coastal forests (touching two coastal
    # clearings) sharing a coastal clearing are adjacent.
    coast = set(board["coast"])
    expected = shared_clearing_rule(board)
    coastal = [f for f in board["forests"] if len(set(f["clearings"]) & coast) >= 2]
    assert [f["id"] for f in coastal] == ["F1", "F2", "F5", "F9"]
    for f, g in combinations(coastal, 2):
        if set(f["clearings"]) & set(g["clearings"]) & coast:
            expected.add((f["id"], g["id"]))
    assert pairset(board["forest_adjacency"]) == expected
    # Each coastal forest is adjacent to exactly two other coastal forests.
    coastal_ids = {f["id"] for f in coastal}
    for fid in coastal_ids:
        partners = {b if a == fid else a for a, b in board["forest_adjacency"] if fid in (a, b)}
        assert len(partners & coastal_ids) == 2, fid


# --------------------------------------------------------------------------- Mountain


def test_central_is_inner_unless_the_map_says_otherwise(maps):
    for map_id in ("autumn", "winter", "lake"):
        assert "central" not in maps[map_id]
    assert load_map(data_path("maps", "winter.yaml")).central == frozenset({11, 12})
    assert load_map(data_path("maps", "mountain.yaml")).central == frozenset({9, 10, 11, 12})


def test_mountain(maps):
    board = maps["mountain"]
    assert board["suits"] == "suggested"
    assert len(board["paths"]) == 21
    closed = {tuple(sorted(p)) for p in [(8, 9), (5, 9), (2, 5), (11, 12), (6, 11), (3, 7)]}
    assert pairset(board["closed_paths"]) == closed
    assert len(board["closed_paths"]) == 6
    assert board["tower"] == 10
    assert board["clearings"][9]["name"] == "Pass"
    assert board["ferry"] is None
    assert board["inner"] == [10, 11]
    # the edge ring runs through the closed paths 5-9 and 3-7 (Law glossary), so it takes in 9
    # and 12; the printed board draws them in its middle with the Pass and Valley: the four
    # central clearings of the official Law app's, RootVis's, EwenDC's and HRF's drawings
    assert board["central"] == [9, 10, 11, 12]
    assert board["opposite_corners"] == [[1, 3], [2, 4]]
    assert board["rivers"] == [[2, 10], [4, 10]]
    assert neighbours(board, 9, open_only=True) == {1, 10, 12}
    assert neighbours(board, 11, open_only=True) == {2, 3, 5, 10}
    assert len(board["forests"]) == 10
    forest_sets = [set(f["clearings"]) for f in board["forests"]]
    assert {1, 5, 9} not in forest_sets and {4, 7, 12} not in forest_sets
    assert pairset(board["forest_adjacency"]) == shared_clearing_rule(board)


# --------------------------------------------------------------------------- map schema rejects


def _good_map(maps):
    return copy.deepcopy(maps["autumn"])


def _break_suit(m):
    m["clearings"][0]["suit"] = "cat"


def _break_missing_paths(m):
    del m["paths"]


def _break_unknown_top_key(m):
    m["colour"] = "orange"


def _break_unknown_clearing_key(m):
    m["clearings"][0]["owner"] = "cats"


def _break_unknown_forest_key(m):
    m["forests"][0]["trees"] = 3


def _break_triple_path(m):
    m["paths"][0] = [1, 5, 9]


def _break_clearing_13(m):
    m["paths"].append([12, 13])


def _break_clearing_count(m):
    m["clearings"].pop()


def _break_null_suit_on_printed(m):
    m["clearings"][0]["suit"] = None


def _break_suits_enum(m):
    m["suits"] = "random"


def _break_ferry_type(m):
    m["ferry"] = "one"


def _break_forest_id(m):
    m["forest_adjacency"][0] = ["F1", "north"]


MAP_BREAKERS = [
    _break_suit, _break_missing_paths, _break_unknown_top_key, _break_unknown_clearing_key,
    _break_unknown_forest_key, _break_triple_path, _break_clearing_13, _break_clearing_count,
    _break_null_suit_on_printed, _break_suits_enum, _break_ferry_type, _break_forest_id,
]


@pytest.mark.parametrize("breaker", MAP_BREAKERS, ids=lambda f: f.__name__)
def test_map_schema_rejects_broken(breaker, maps, map_validator):
    board = _good_map(maps)
    assert map_validator.is_valid(board)
    breaker(board)
    assert not map_validator.is_valid(board)


def test_map_schema_rejects_suit_on_dealt_map(maps, map_validator):
    board = copy.deepcopy(maps["winter"])
    board["clearings"][0]["suit"] = "fox"
    assert not map_validator.is_valid(board)


# --------------------------------------------------------------------------- deck


def test_deck_file_header():
    first = (DECKS_DIR / "standard.yaml").read_text(encoding="utf-8").splitlines()[0]
    assert first == "# yaml-language-server: $schema=../../../schemas/deck.schema.json"


def test_deck_validates(deck, deck_validator):
    errors = list(deck_validator.iter_errors(deck))
    assert not errors, "\n".join(f"{list(e.path)}: {e.message}" for e in errors)
    assert deck["id"] == "standard"


def test_deck_counts(deck):
    cards = deck["cards"]
    assert sum(c["count"] for c in cards) == 54
    suits = Counter()
    for c in cards:
        suits[c["suit"]] += c["count"]
    assert suits == {"bird": 14, "fox": 14, "rabbit": 13, "mouse": 13}
    kinds = Counter()
    for c in cards:
        kinds[c["kind"]] += c["count"]
    assert kinds == {"ambush": 5, "dominance": 4, "item": 20, "persistent": 22, "favor": 3}


def test_deck_ids_unique(deck):
    ids = [c["id"] for c in deck["cards"]]
    assert len(ids) == len(set(ids))
    names = Counter(c["name"] for c in deck["cards"])
    for c in deck["cards"]:
        if names[c["name"]] > 1:
            assert c["suit"] in c["id"], c["id"]


def test_item_supply(deck):
    items = deck["items"]
    assert sum(items.values()) == 12
    assert items == {"boots": 2, "bag": 2, "crossbow": 1, "hammer": 1, "sword": 2, "tea": 2, "coins": 2}


def test_item_cards(deck):
    per_item = Counter()
    for c in deck["cards"]:
        if c["kind"] == "item":
            per_item[c["item"]] += c["count"]
    assert per_item == {"bag": 4, "boots": 4, "sword": 3, "crossbow": 2, "hammer": 1, "tea": 3, "coins": 3}


def test_some_cards(deck):
    by_id = {c["id"]: c for c in deck["cards"]}
    assert by_id["royal_claim"]["cost"] == ["any"] * 4
    assert by_id["tax_collector"]["count"] == 3
    assert by_id["protection_racket"]["vp"] == 3
    assert by_id["anvil"]["item"] == "hammer"
    for rt in ("root_tea_fox", "root_tea_rabbit", "root_tea_mouse"):
        assert by_id[rt]["name"] == "Root Tea" and by_id[rt]["item"] == "tea"
    for suit in ("fox", "rabbit", "mouse"):
        favor = by_id[{"fox": "favor_of_the_foxes", "rabbit": "favor_of_the_rabbits",
                       "mouse": "favor_of_the_mice"}[suit]]
        assert favor["kind"] == "favor" and favor["cost"] == [suit] * 3


# --------------------------------------------------------------------------- deck schema rejects


def _card(deck, card_id):
    return next(c for c in deck["cards"] if c["id"] == card_id)


def _d_unknown_top_key(d):
    d["extra"] = 1


def _d_unknown_card_key(d):
    _card(d, "anvil")["colour"] = "grey"


def _d_card_suit_cat(d):
    _card(d, "anvil")["suit"] = "cat"


def _d_item_missing_cost(d):
    del _card(d, "anvil")["cost"]


def _d_item_missing_vp(d):
    del _card(d, "anvil")["vp"]


def _d_bad_item(d):
    _card(d, "anvil")["item"] = "torch"


def _d_bad_cost_suit(d):
    _card(d, "anvil")["cost"] = ["bird"]


def _d_ambush_with_cost(d):
    _card(d, "ambush_fox")["cost"] = ["fox"]


def _d_dominance_with_item(d):
    _card(d, "dominance_fox")["item"] = "bag"


def _d_persistent_missing_text(d):
    del _card(d, "armorers")["text"]


def _d_favor_missing_cost(d):
    del _card(d, "favor_of_the_mice")["cost"]


def _d_bad_kind(d):
    _card(d, "armorers")["kind"] = "immediate"


def _d_bad_id(d):
    _card(d, "armorers")["id"] = "Armorers"


def _d_missing_supply_item(d):
    del d["items"]["hammer"]


def _d_zero_count(d):
    _card(d, "armorers")["count"] = 0


DECK_BREAKERS = [
    _d_unknown_top_key, _d_unknown_card_key, _d_card_suit_cat, _d_item_missing_cost,
    _d_item_missing_vp, _d_bad_item, _d_bad_cost_suit, _d_ambush_with_cost,
    _d_dominance_with_item, _d_persistent_missing_text, _d_favor_missing_cost, _d_bad_kind,
    _d_bad_id, _d_missing_supply_item, _d_zero_count,
]


@pytest.mark.parametrize("breaker", DECK_BREAKERS, ids=lambda f: f.__name__)
def test_deck_schema_rejects_broken(breaker, deck, deck_validator):
    d = copy.deepcopy(deck)
    assert deck_validator.is_valid(d)
    breaker(d)
    assert not deck_validator.is_valid(d)
