"""The Vagabond as people read him: every thing of his file named, his items in their states
by name in the picture and the boards in words, his quests by their cards' names, the quest
deck's order kept off every board, his pawn drawn in its forest, boxes named in the log."""
from __future__ import annotations

import re
from pathlib import Path

from rootlaw.core.names import display_name
from rootlaw.tools.cli import main
from rootlaw.tools.naming import option_label, prompt_text
from rootlaw.tools.render.files import picture_of, svg_of
from rootlaw.tools.render.panel import panel_lines

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "tests" / "scenarios" / "vagabond"


def test_validate_strict_finds_nothing_of_the_vagabond_unnamed(capsys):
    assert main(["validate", "--strict", str(ROOT / "factions" / "vagabond.yaml")]) == 0
    out = capsys.readouterr()
    assert "people would read badly" not in out.out + out.err
    assert "warning" not in out.out + out.err


def _board_words(game, lang: str = "en") -> list[str]:
    return [text for _, text, fid, _ in panel_lines(game, lang) if fid == "vagabond"]


def test_items_in_states_are_named_in_the_picture_and_the_boards_in_words():
    game = picture_of(SCENARIOS / "repair_keeps_side.scenario.yaml")  # a hammer exhausted, boots damaged and exhausted
    svg = svg_of(game)
    assert 'data-states="damaged exhausted"' in svg and 'data-states="exhausted"' in svg
    assert "Vagabond: 1 boot (damaged, exhausted)" in svg and "Vagabond: 1 hammer (exhausted)" in svg
    words = _board_words(game)
    assert "Satchel: 1 hammer (exhausted), 1 boot (damaged, exhausted)" in words
    assert "Coins track: 1 coin" in words
    assert any(line.startswith("Sacoche: 1 marteau (épuisé)") for line in _board_words(game, "fr"))


def test_a_choice_of_items_tells_them_apart_by_their_states():
    game = picture_of(SCENARIOS / "repair_keeps_side.scenario.yaml")
    boots = next(pid for pid, (f, kind, _) in game.s.pieces.items() if f == "vagabond" and kind == "boots")
    assert option_label(game, {"player": "vagabond", "kind": "take_hit", "options": (boots,)}, boots) == \
        "Vagabond boot (damaged, exhausted) in the box Satchel"


def test_quests_are_read_by_their_names_and_the_deck_order_stays_hidden():
    game = picture_of(SCENARIOS / "quest_score.scenario.yaml")
    words = " | ".join(_board_words(game))
    assert "Quests face up: Escort (mouse), Errand (rabbit), Expel Bandits (mouse)" in words
    assert "Completed quests: Fundraising (fox), Guard Duty (rabbit), Errand (fox)" in words
    assert "guard duty mouse" not in words.lower() and "quest deck" not in words.lower()  # the deck is secret
    assert "Quest deck" not in svg_of(game) and "guard_duty_mouse" not in svg_of(game)


def test_the_pawn_in_a_forest_is_drawn_in_it():
    game = picture_of(SCENARIOS / "slip_from_forest_to_forest.scenario.yaml")  # the pawn ends in forest F7
    svg = svg_of(game)
    pawn = re.search(r'<g data-pieces="(\d+)" data-kind="vagabond pawn"', svg)
    assert pawn is not None and game.s.pieces[int(pawn[1])][2] == "fF7"


def test_the_log_names_the_boxes_items_go_to(capsys):
    assert main(["play", "--factions", "vagabond,alliance", "--rounds", "1", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "in Vagabond's Satchel box" in out and "bvagabond" not in out and "leave None" not in out


def test_the_coalition_question_is_asked_in_the_readers_language():
    game = picture_of(SCENARIOS / "coalition_forms_with_lowest.scenario.yaml")
    decision = {"player": "vagabond", "kind": "coalition", "prompt": "form a coalition with whom?",
                "options": ("alliance",)}
    assert prompt_text(game, decision, "fr") == "Former une coalition avec qui ?"
    assert display_name(game.rules, "value", "thief", "pl", "vagabond") == "Złodziej"
