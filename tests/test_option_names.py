"""Issue 6 §2: every message and every label names options as the log does (card ids, ability
ids, pieces, clearing numbers), never by an internal number; the old raw forms still answer."""
from __future__ import annotations

import pytest

from rootlaw.agents.agent import ScriptedAgent
from rootlaw.content.record import Setup
from rootlaw.core.option_names import find_option, option_name, option_names
from rootlaw.errors import RootlawError
from rootlaw.tools.naming import option_labels


def game():
    return Setup(map="autumn", factions=["alliance", "arachneen"], seed=1, round_limit=3).start()


def card_number(g, card_id: str) -> int:
    return next(i for i, c in enumerate(g.rules.deck.cards) if c.id == card_id)


def test_reactions_to_order_are_named_by_ability_not_by_their_place():
    g = game()
    d = {"player": "alliance", "kind": "order_reactions", "prompt": "",
         "options": ("0:removing_bases (alliance)", "1:outrage_on_removal (alliance)")}
    assert option_names(g, d) == "removing_bases (alliance), outrage_on_removal (alliance)"
    labels = option_labels(g, d)
    assert labels[0].startswith("Removing bases (") and not any(":" in label for label in labels)
    assert find_option(g, d, "outrage_on_removal") == "1:outrage_on_removal (alliance)"
    assert find_option(g, d, "1:outrage_on_removal (alliance)") == "1:outrage_on_removal (alliance)"


def test_menu_options_carrying_a_card_are_named_by_the_card():
    g = game()
    fox, claim = card_number(g, "dominance_fox"), card_number(g, "royal_claim")
    d = {"player": "alliance", "kind": "action", "prompt": "",
         "options": (f"dominance:{fox}", f"take_dominance:{fox}", f"card:{claim}", "end")}
    assert option_names(g, d) == "dominance:dominance_fox, take_dominance:dominance_fox, card:royal_claim, end"
    assert option_labels(g, d)[:3] == ["activate Dominance (fox)", "take Dominance (fox)", "use Royal Claim (bird)"]
    assert find_option(g, d, "take_dominance:dominance_fox") == f"take_dominance:{fox}"
    assert find_option(g, d, f"dominance:{fox}") == f"dominance:{fox}"  # the raw form still answers


def test_pieces_that_share_a_name_are_told_apart_by_clearing_then_by_marks():
    g = game()
    a, b = g.place("arachneen", "adult", "c1"), g.place("arachneen", "adult", "c5")
    d = {"player": "arachneen", "kind": "x:w", "prompt": "take back which adult?", "options": (a, b)}
    assert [option_name(g, d, o) for o in d["options"]] == ["arachneen adult in 1", "arachneen adult in 5"]
    c = g.place("arachneen", "adult", "c1")
    g.player("arachneen").used[f"mark:woven:{a}"] = 1
    d = {"player": "arachneen", "kind": "move_which", "prompt": "move which adult?", "options": (a, c)}
    assert option_names(g, d) == "arachneen adult marked woven, arachneen adult"
    assert find_option(g, d, "arachneen adult") == c


def test_the_word_after_which_says_what_a_number_is():
    g = game()
    g.place("arachneen", "baby", "c3")  # piece 1 exists, so 1 could read as a piece
    d = {"player": "arachneen", "kind": "x:c", "prompt": "spend a card to move from which clearing?",
         "options": (1, 3)}
    assert option_names(g, d) == "1, 3"
    names = g.rules.map.clearings
    assert option_labels(g, d) == [f"{names[1].name} (1, {g.s.suits[1]})", f"{names[3].name} (3, {g.s.suits[3]})"]


def test_a_script_out_of_answers_lists_the_options_by_name():
    g = game()
    fox = card_number(g, "dominance_fox")
    d = {"player": "alliance", "kind": "discard", "prompt": "", "options": (fox, "done")}
    with pytest.raises(RootlawError, match=r"options: dominance_fox, done$"):
        ScriptedAgent([]).choose(g, d)


def test_an_answer_of_the_wrong_shape_is_written_as_the_scenario_writes_it():
    g = game()
    d = {"player": "alliance", "kind": "move_to", "prompt": "", "options": (5, 9)}
    assert option_name(g, d, {"a": ("x", 1)}) == "{a: [x, 1]}"


def test_a_factions_own_values_are_shown_as_written_with_their_names():
    g = Setup(map="autumn", factions=["cabale", "alliance"], seed=1).start()
    d = {"player": "cabale", "kind": "wheel_turn:p", "prompt": "Macabre Wheel: turn the wheel to which pair?",
         "options": (2, 3)}
    assert option_names(g, d) == "2 (Sword then Skull), 3 (Card then Hammer)"  # never clearing 2, 3
    assert find_option(g, d, "Card then Hammer") == 3 and find_option(g, d, 3) == 3
    hammer = {"player": "cabale", "kind": "wheel_act:h", "prompt": "", "options": ("craft", "build")}
    assert option_names(g, hammer) == "craft, build (Build a Graveyard)"
