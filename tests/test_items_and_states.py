"""The general concepts the Vagabond brought to the language (issue 27): pieces in states,
items as pieces, items under ruins, forests as places, permanent pieces, card sets and item
sets, coalitions. Their mistakes are load errors with positions; their state survives saves
and clones; the invariants watch them."""
from __future__ import annotations

import json

import pytest

from rootlaw.agents.agent import RandomAgent
from rootlaw.content.catalog import find_faction, make_rules
from rootlaw.content.factions import load_faction
from rootlaw.core.game import Game
from rootlaw.core.identity import distinct
from rootlaw.core.invariants import violations
from rootlaw.core.state import State
from rootlaw.errors import DataError, RootlawError
from rootlaw.play.setup import new_game

BASE = """
id: pedlar
names: {en: Pedlar}
pieces:
  walker: {category: pawn, count: 1, permanent: true}
  pack: {category: item, count: 2, states: [worn, torn], hit_state: torn}
turn:
  birdsong: []
  daylight: []
  evening: []
"""


def problems(text: str) -> list:
    with pytest.raises(DataError) as caught:
        load_faction("pedlar.yaml", text=text)
    return caught.value.problems


def test_a_file_with_states_items_and_a_permanent_pawn_loads():
    faction = load_faction("pedlar.yaml", text=BASE)
    assert faction.pieces["pack"].item == "pack" and faction.pieces["pack"].states == ("worn", "torn")
    assert faction.pieces["walker"].permanent and faction.pieces["walker"].item is None


def test_a_hit_state_must_be_one_of_the_pieces_states():
    (p,) = problems(BASE.replace("hit_state: torn", "hit_state: ripped"))
    assert (p.line, "takes hits as 'ripped', which is not one of its states") == (6, p.message.split("' ", 1)[1])
    assert "states: [worn, torn, ripped]" in p.hint


def test_only_an_item_names_an_item():
    (p,) = problems(BASE.replace("category: pawn, count: 1,", "category: pawn, count: 1, item: cane,"))
    assert "is a pawn, not an item" in p.message and p.line == 5


def test_make_names_a_known_state_at_its_position():
    text = BASE + "actions:\n  wear:\n    do: 'make first(on_map(pack)) wron'\n"
    (p,) = problems(text)
    assert "unknown state 'wron'" in p.message and "did you mean 'worn'?" in p.hint
    assert (p.line, p.col) == (13, 35)


def test_take_item_from_a_faction_must_name_the_item():
    text = BASE + "actions:\n  grab:\n    do: 'take item from me'\n"
    (p,) = problems(text)
    assert "must name the item" in p.message and p.line == 13


def test_card_sets_are_checked_by_id_and_their_actions_must_exist():
    (p,) = problems(BASE + "card_sets: {chars: charactres}\n")
    assert "unknown card set 'charactres'" in p.message and "did you mean 'characters'?" in p.hint
    found = problems(BASE + "card_sets: {chars: characters}\n")
    assert sorted(p.message.split("'")[5] for p in found) == ["day_labor", "hideout", "steal"]
    assert all("which this faction does not define" in p.message and p.line == 11 for p in found)
    (p,) = problems(BASE + "item_sets: {under: ruin}\n")
    assert "unknown item set 'ruin'" in p.message


def _game(*factions: str, seed: int = 1) -> Game:
    """A game just past its setup (random answers), so the Vagabond's pawn and ruin items are out."""
    rules = make_rules("autumn", [find_faction(f) for f in factions])
    game = new_game(rules, list(factions), seed)
    agent = RandomAgent(seed)
    while game.s.phase == "setup":
        game.answer(agent.choose(game, game.pending()))
    return game


def test_states_set_an_item_apart_and_go_with_a_removal():
    game = _game("vagabond", "alliance")
    a, b = (game.place("vagabond", "boots", "bvagabond.satchel") for _ in range(2))
    assert distinct(game, [a, b]) == [a]
    assert game.set_state(a, "exhausted", True) and not game.set_state(a, "exhausted", True)
    assert distinct(game, [a, b]) == [a, b]
    game.remove([a], "effect", "vagabond")
    assert a not in game.s.states


def test_states_ruin_items_and_items_out_survive_a_save_and_a_clone():
    game = _game("vagabond", "alliance", "cabale")
    assert game.s.ruin_items and sum(len(v) for v in game.s.ruin_items.values()) == 4
    pid = game.place("vagabond", "sword", "bvagabond.satchel")
    game.set_state(pid, "damaged", True)
    game.s.items_out["sword"] = 1
    game.s.items["sword"] -= 1
    again = State.from_json(json.loads(json.dumps(game.s.to_json())))
    assert again.states == game.s.states and again.ruin_items == game.s.ruin_items
    assert again.items_out == {"sword": 1} and again.digest() == game.s.digest()
    clone = game.clone()
    clone.set_state(pid, "exhausted", True)
    assert game.s.states[pid] == ("damaged",)


def test_a_state_without_piece_states_is_saved_as_before():
    """Games that never use states, ruin items or item pieces save (and hash) as they did."""
    game = _game("alliance", "cabale")
    assert not {"states", "ruin_items", "items_out"} & set(game.s.to_json())


def test_the_invariants_watch_states_items_and_ruins():
    game = _game("vagabond", "alliance")
    pid = game.place("vagabond", "tea", "bvagabond.satchel")
    game.s.states[pid] = ("asleep",)
    game.s.items_out["tea"] = 1  # not taken from the map's supply: the ledger no longer adds up
    clearing = next(iter(game.s.ruin_items))
    del game.s.ruins[clearing]
    found = violations(game)
    assert any("in states ['asleep']" in v for v in found)
    assert any("item 'tea'" in v and "held as pieces" in v for v in found)
    assert any(f"clearing {clearing} hides items" in v for v in found)


def test_a_permanent_piece_is_never_removed():
    game = _game("vagabond", "alliance")
    pawn = next(p for p, (f, k, _) in game.s.pieces.items() if k == "pawn")
    assert game.remove([pawn], "effect", "alliance") == []
    assert pawn in game.s.pieces


def test_make_on_a_piece_without_that_state_stops_with_a_message():
    text = BASE + "actions:\n  wear:\n    do: 'make first(on_map(walker)) worn'\n" \
        + "setup:\n  - do: 'place walker in 1'\n"
    faction = load_faction("pedlar.yaml", text=text)
    game = new_game(make_rules("autumn", [faction, find_faction("alliance")]), ["pedlar", "alliance"], 1)
    from rootlaw.language.statements import action_frame
    game.s.stack.append(action_frame(game, "pedlar", "wear"))
    game.s.decision = None
    with pytest.raises(RootlawError, match="a walker of pedlar cannot be worn"):
        game.run()
