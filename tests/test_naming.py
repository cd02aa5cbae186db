"""Issue 14: options are shown to people named as the log names things, and what a person
types (number, name, raw value, or the start of a name) picks the right option."""
from __future__ import annotations

from rootlaw.content.record import Setup
from rootlaw.tools.naming import match_option, option_labels


def game():
    return Setup(map="autumn", factions=["alliance", "arachneen"], seed=1, round_limit=3).start()


def test_core_decisions_name_cards_clearings_pieces_and_actions():
    g = game()
    first = g.rules.deck.cards[0]
    assert option_labels(g, {"player": "alliance", "kind": "discard", "prompt": "", "options": (0, "done")}) \
        == [f"{first.name} ({first.suit})", "done"]
    assert option_labels(g, {"player": "alliance", "kind": "move_to", "prompt": "", "options": (5,)}) \
        == ["clearing 5 (Creek)"]
    assert option_labels(g, {"player": "alliance", "kind": "action", "prompt": "",
                             "options": ("revolt", "bird:revolt", "end", "battle")}) \
        == ["Revolt (Rewolta)", "Revolt (Rewolta) (spending a bird card)", "end the step", "battle"]
    assert option_labels(g, {"player": "arachneen", "kind": "x:y", "prompt": "whom?",
                             "options": ("alliance", "3-7", (("warrior", 2),))}) \
        == ["Sojusz Stworzeń Leśnych (Woodland Alliance)", "path 3-7", "2 warrior"]


def test_ability_choices_are_named_from_their_prompt_or_from_the_board():
    g = game()
    while g.s.next_piece <= 12:  # piece ids that cannot be clearing numbers, as in a real game
        g.place("arachneen", "baby", "c3")
    web = g.place("arachneen", "web", "p3-7")
    warrior = g.place("alliance", "warrior", f"x{web}")
    assert option_labels(g, {"player": "arachneen", "kind": "a:b", "prompt": "Recruit at which base?",
                             "options": (2,)}) == ["clearing 2 (Quarry)"]
    label = "Arachnid Circle Web token on path 3-7 holding Woodland Alliance warrior"
    assert option_labels(g, {"player": "arachneen", "kind": "a:w", "prompt": "take one back?",
                             "options": (web, warrior)})[0] == label
    assert option_labels(g, {"player": "arachneen", "kind": "a:n", "prompt": "how many?", "options": (1, 2)}) \
        == ["1", "2"]


def test_a_person_answers_by_number_name_raw_value_or_unique_start():
    g = game()
    decision = {"player": "alliance", "kind": "move_to", "prompt": "", "options": (5, 9, 10)}
    assert match_option(g, decision, "2") == 1
    assert match_option(g, decision, "Clearing 10 (Beach)") == 2
    assert match_option(g, decision, "10") == 2  # not a position (1-3), so the raw value
    assert match_option(g, decision, "clearing 9") == 1
    assert match_option(g, decision, "clearing") is None  # several options start so
    assert match_option(g, decision, "4") is None
    words = {"player": "alliance", "kind": "action", "prompt": "", "options": ("revolt", "end")}
    assert match_option(g, words, "revolt") == 0 and match_option(g, words, "end the step") == 1
