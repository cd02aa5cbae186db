"""Issues 24 and 26: the log reads as people speak, in English, French and Polish — names of
things, never ids, Python values, "piece N" or "step N" — for the whole truth and for each
seat, over whole seeded bot games of the five seed factions."""
from __future__ import annotations

import re

import pytest

from rootlaw.agents.agent import RandomAgent
from rootlaw.content.record import Setup
from rootlaw.core import narration
from rootlaw.core.narration import SPECTATOR, WHOLE_TRUTH, log_lines, log_lines_with_rules
from rootlaw.tools.cli import main

FACTIONS = ["alliance", "arachneen", "cabale", "colombes", "neiges"]
# an id (snake_case), a Python value, a list or dict, a template's leftover, an entry that could not
# be told ("[kind]"), a piece or a step by number, a clearing by number alone, a plural left open
NOT_FOR_PEOPLE = re.compile(r"\b[a-z]+_[a-z0-9_]+\b|\b(True|False|None)\b|[\[\]{}]|\b(piece|step|clearing) \d"
                            r"|\(s\)|\b(clairière|polana) \d")


@pytest.fixture(scope="module")
def games():
    out = []
    for seed, map_name in ((3, "autumn"), (11, "lake")):
        game = Setup(map=map_name, factions=FACTIONS, seed=seed, round_limit=30).start()
        bot = RandomAgent(seed)
        while game.pending() is not None and game.s.steps < 30000:
            game.answer(bot.choose(game, game.pending()))
        out.append(game)
    return out


@pytest.mark.parametrize("lang", ["en", "fr", "pl"])
def test_no_log_line_of_a_whole_bot_game_shows_an_id_or_a_python_value(games, lang):
    kinds = set()
    for game in games:
        kinds |= {e["kind"] for e in game.s.log}
        for reader in (WHOLE_TRUTH, SPECTATOR, *FACTIONS):
            bad = [line for line in log_lines(game, reader, lang) if NOT_FOR_PEOPLE.search(line)]
            assert not bad, (lang, reader, bad[:5])
    assert {"draw", "move", "battle", "dice", "remove", "score", "place"} <= kinds  # the games did play


def test_every_language_tells_every_kind_and_variant_english_does():
    english = narration.language("en")
    for lang in narration.languages():
        words = narration.language(lang)
        assert words["language"] == lang
        for section in ("words", "endings", "reasons"):
            assert set(words[section]) == set(english[section]), (lang, section)
        assert set(words["kinds"]) == set(english["kinds"]), lang
        for kind, variants in english["kinds"].items():
            assert set(words["kinds"][kind]) == set(variants), (lang, kind)


def test_the_log_speaks_the_language_asked_for(games):
    game = games[0]
    assert any(line.startswith("manche 1, Mise en place : ") for line in log_lines(game, lang="fr"))
    assert any(line.startswith("runda 1, Przygotowanie: ") for line in log_lines(game, lang="pl"))
    moves = [line for line in log_lines(game, lang="en") if " moves " in line]
    assert moves and all(re.search(r"from .+ \(\d+, \w+\) to .+ \(\d+, \w+\)", line) for line in moves)


@pytest.mark.parametrize("lang", ["en", "fr", "pl"])
def test_the_rules_between_the_lines_are_numbers_and_names(games, lang):
    for game in games:
        lines = log_lines_with_rules(game, lang, last=True)
        rules = [line for line in lines if line.startswith("      ")]
        assert len(lines) - len(rules) == len(game.s.log)  # every line of the log, in its order
        assert rules and not [line for line in rules if NOT_FOR_PEOPLE.search(line)], rules[:5]
        fired = [part.split(" ")[0] for line in rules for part in line.split(": ", 1)[1].split(" · ")]
        fired = [f for f in fired if f[:1].isdigit() or f.startswith("CA.")]
        traced = iter(rule for rule, _ in game.s.trace)
        assert all(number in traced for number in fired)  # each traced, in the order they fired
        assert {rule for rule, _ in game.s.trace if rule[:1].isdigit()} == {f for f in fired if f[:1].isdigit()}


def test_play_rules_shows_the_rules_that_fired_between_the_lines(capsys):
    assert main(["play", "--factions", "alliance,cabale", "--seed", "3", "--rounds", "2", "--rules"]) == 0
    out = capsys.readouterr().out
    assert "      rules: 8.4 · 8.4.2 Spread Sympathy" in out or "      rules: 8.5 · 8.5.2 Mobilize" in out
    assert main(["play", "--factions", "alliance,cabale", "--human", "1", "--rules"]) == 2
    assert "--rules is for games of bots only" in capsys.readouterr().err
