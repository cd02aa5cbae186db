"""Issues 14 and 26: options are shown to people by the names their language gives things (no
id, no Python value), the core's prompts are written in that language, and what a person types
(number, name, raw value, or the start of a name) picks the right option."""
from __future__ import annotations

import re

import pytest

from rootlaw.content.record import Setup
from rootlaw.tools.naming import match_option, option_labels, prompt_text


def game(factions=("alliance", "arachneen")):
    return Setup(map="autumn", factions=list(factions), seed=1, round_limit=3).start()


def test_core_decisions_name_cards_clearings_pieces_and_actions():
    g = game()
    first = g.rules.deck.cards[0]
    assert option_labels(g, {"player": "alliance", "kind": "discard", "prompt": "", "options": (0, "done")}) \
        == [f"{first.name} ({first.suit})", "done"]
    assert option_labels(g, {"player": "alliance", "kind": "move_to", "prompt": "", "options": (5,)}) \
        == ["Creek (5, rabbit)"]
    assert option_labels(g, {"player": "alliance", "kind": "action", "prompt": "",
                             "options": ("revolt", "bird:revolt", "end", "battle")}) \
        == ["Revolt", "Revolt (spending a bird card)", "end the step", "Battle"]
    assert option_labels(g, {"player": "arachneen", "kind": "x:y", "prompt": "whom?",
                             "options": ("alliance", "3-7", (("warrior", 2),))}) \
        == ["Woodland Alliance", "path Weald–Pond", "2 warriors"]


def test_options_and_prompts_follow_the_language():
    g = game()
    decision = {"player": "alliance", "kind": "move_to", "prompt": "move from 1 to which clearing?",
                "options": (5, "none")}
    assert option_labels(g, decision, "fr") == ["Creek (5, lapin)", "aucun"]
    assert option_labels(g, decision, "pl") == ["Creek (5, królik)", "brak"]
    assert prompt_text(g, decision, "en") == "Move from Hill (1, fox) to which clearing?"
    assert prompt_text(g, decision, "fr") == "Se déplacer depuis Hill (1, renard) vers quelle clairière ?"
    menu = {"player": "alliance", "kind": "action", "prompt": "", "options": ("revolt", "mobilize", "end")}
    assert option_labels(g, menu, "fr") == ["Révolte", "Mobilisation", "finir l'étape"]
    assert option_labels(g, menu, "pl") == ["Rewolta", "Mobilizacja", "zakończ etap"]


def test_ability_choices_are_named_from_their_prompt_or_from_the_board():
    g = game()
    while g.s.next_piece <= 12:  # piece ids that cannot be clearing numbers, as in a real game
        g.place("arachneen", "baby", "c3")
    web = g.place("arachneen", "web", "p3-7")
    warrior = g.place("alliance", "warrior", f"x{web}")
    assert option_labels(g, {"player": "arachneen", "kind": "a:b", "prompt": "Recruit at which base?",
                             "options": (2,)}) == ["Quarry (2, mouse)"]
    label = "Arachnid Circle Web token on the path Weald–Pond holding Woodland Alliance warrior"
    assert option_labels(g, {"player": "arachneen", "kind": "a:w", "prompt": "take one back?",
                             "options": (web, warrior)})[0] == label
    assert option_labels(g, {"player": "arachneen", "kind": "a:n", "prompt": "how many?", "options": (1, 2)}) \
        == ["1", "2"]


def test_the_macabre_wheel_offers_its_pairs_by_name_never_as_clearings():
    g = game(("cabale", "alliance"))
    decision = {"player": "cabale", "kind": "wheel_turn:p", "prompt": "Macabre Wheel: turn the wheel to which pair?",
                "options": (1, 2, 3, 4, 5)}
    assert option_labels(g, decision) == ["Boot then Sword", "Sword then Skull", "Card then Hammer",
                                          "Skull then Boot", "Hammer then Card"]
    assert option_labels(g, decision, "fr")[0] == "Botte puis Épée"
    assert match_option(g, decision, "card then") == 2
    hammer = {"player": "cabale", "kind": "wheel_act:h", "prompt": "Hammer: craft or build a Graveyard?",
              "options": ("craft", "build")}
    assert option_labels(g, hammer) == ["Craft", "Build a Graveyard"]


def test_yes_or_no_questions_read_yes_and_no():
    g = game(("cabale", "alliance"))
    decision = {"player": "cabale", "kind": "birdsong step 2:b",
                "prompt": "Gravedigging: spend a bird card for one more warrior in each Graveyard clearing?",
                "options": ("bird", "none")}
    assert option_labels(g, decision) == ["yes", "no"]
    assert option_labels(g, decision, "pl") == ["tak", "nie"]
    assert match_option(g, decision, "yes") == 0 and match_option(g, decision, "none") == 1


def test_a_factions_own_values_are_named_by_its_file():
    g = game(("neiges", "arachneen"))
    shamans = {"player": "neiges", "kind": "new_shaman:s", "prompt": "Which Shaman?",
               "options": ("jotunn", "soufflevent", "nemetsis", "baldur")}
    assert option_labels(g, shamans) == ["Jötunn", "Windblown", "Nem-et-Sis", "Baldur"]
    assert option_labels(g, shamans, "fr")[1] == "SouffleVent"
    mutations = {"player": "arachneen", "kind": "mutate:m", "prompt": "Which Mutation?",
                 "options": ("frenesie", "agilite")}
    assert option_labels(g, mutations) == ["Frenzy", "Agility"]
    devour = {"player": "arachneen", "kind": "devour:effect", "prompt": "Devour: 2 VP, 2 Babies or a Mutation?",
              "options": ("score", "babies", "mutation")}
    assert option_labels(g, devour, "fr") == ["Marquer 2 PV", "Placer 2 Bébés", "Prendre une Mutation"]


ID_SHAPED = re.compile(r"\b[a-z]+_[a-z_]+\b|\b(True|False|None)\b|\[|\]")


@pytest.mark.parametrize("lang", ["en", "fr", "pl"])
def test_no_option_or_prompt_of_a_seeded_game_shows_an_id_or_a_python_value(lang):
    from rootlaw.agents.agent import RandomAgent
    g = Setup(map="autumn", factions=["alliance", "arachneen", "cabale", "colombes", "neiges"], seed=7,
              round_limit=8).start()
    agent = RandomAgent(7)
    seen = 0
    while g.pending() is not None and seen < 1500:
        decision = g.pending()
        for text in [prompt_text(g, decision, lang), *option_labels(g, decision, lang)]:
            assert not ID_SHAPED.search(text), (decision["kind"], text)
        g.answer(agent.choose(g, decision))
        seen += 1


def test_a_person_answers_by_number_name_raw_value_or_unique_start():
    g = game()
    decision = {"player": "alliance", "kind": "move_to", "prompt": "", "options": (5, 9, 10)}
    assert match_option(g, decision, "2") == 1
    assert match_option(g, decision, "Beach (10, rabbit)") == 2
    assert match_option(g, decision, "10") == 2  # not a position (1-3), so the raw value
    assert match_option(g, decision, "dune") == 1
    names = {c: g.rules.map.clearings[c].name for c in (5, 9, 10)}
    assert match_option(g, decision, names[10]) == 2  # a clearing by its name, in any case
    assert match_option(g, decision, names[9].upper()) == 1 and match_option(g, decision, names[5].lower()) == 0
    assert match_option(g, decision, g.rules.map.clearings[1].name) is None  # not an option
    assert match_option(g, decision, "clearing") is None  # no option is so named
    assert match_option(g, decision, "4") is None
    words = {"player": "alliance", "kind": "action", "prompt": "", "options": ("revolt", "end")}
    assert match_option(g, words, "revolt") == 0 and match_option(g, words, "end the step") == 1
    assert match_option(g, words, "révolte", "fr") == 0 and match_option(g, words, "Revolt", "fr") == 0
