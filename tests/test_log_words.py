"""Issues 24 and 26: the log reads as people speak, in English, French and Polish — names of
things, never ids, Python values, "piece N" or "step N" — for the whole truth and for each
seat, over whole seeded bot games of the five seed factions."""
from __future__ import annotations

import re

import pytest

from rootlaw.agents.agent import RandomAgent
from rootlaw.content.record import Setup
from rootlaw.core import narration
from rootlaw.core.narration import SPECTATOR, WHOLE_TRUTH, log_lines

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
