"""Legality compiled from the effects (engine/language/legality.py): the generated "can this
action start?" answers what the statement's own `possible` answers, at every menu of seeded
games; a failure inside it is reported at the faction file's line and column; a part asked
before its loop fails only where the interpreter would; a second start generates no check."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from rootlaw.agents.agent import RandomAgent
from rootlaw.content.record import Setup
from rootlaw.core.context import Ctx
from rootlaw.errors import RootlawError
from test_effect_cache import PLAY as EFFECTS_PLAY

MILITIA = (Path(__file__).parent / "factions" / "militia_a.yaml").read_text(encoding="utf-8")
MIXES = (["cabale", "colombes", "neiges", "arachneen"], ["alliance", "arachneen", "marquise", "eyrie"],
         ["vagabond", "marquise", "eyrie", "alliance"])


def _checks(game, player: str) -> list[tuple[str, object, object]]:
    """(action, generated check, first statement) of the player's actions and cards in play."""
    out = []
    for name, action in game.faction(player).actions.items():
        block = game.rules.code[action.code]
        if not action.params and block:
            out.append((name, block.can, block[0], {}))
    deck = game.rules.deck
    for card in game.player(player).persistent:
        action = deck.actions.get(deck.cards[card].id)
        if action is not None and game.rules.code[action.code]:
            block = game.rules.code[action.code]
            out.append((action.card, block.can, block[0], {"card": card}))
    return out


@pytest.mark.parametrize("factions", MIXES, ids=lambda f: ",".join(f))
def test_the_generated_check_answers_as_the_statement_does(factions):
    setup = Setup(map="autumn", factions=factions, seed=2, round_limit=8)
    game = setup.start(setup.rules())
    agent = RandomAgent(2)
    asked = generated = 0
    while game.pending() is not None:
        frame = game.s.stack[-1]
        if frame.get("op") == "actions":
            for name, can, first, env in _checks(game, frame["player"]):
                if can is None:
                    continue
                expected = _answer(lambda: first.possible(Ctx(game, frame["player"], env)))
                assert _answer(lambda: can(game, frame["player"], env)) == expected, (name, game.s.round)
                asked += 1
                generated += can.__code__.co_filename.startswith("<rootlaw legality ")
        game.answer(agent.choose(game, game.pending()))
    assert asked > 100 and generated > 0


def _answer(ask) -> object:
    """What a check answers, or the error it raises (an action asked where it is never offered)."""
    try:
        return ask()
    except RootlawError as err:
        return str(err)


def _militia(tmp_path, action: str):
    path = tmp_path / "factions" / "militia_x.yaml"  # a path a Setup accepts: a factions/ folder's file
    path.parent.mkdir(parents=True)
    path.write_text(MILITIA.replace("  recruit:\n", f"  broken:\n    do: '{action}'\n  recruit:\n", 1),
                    encoding="utf-8")
    game = Setup(map="autumn", factions=[str(path), "alliance"], seed=3).start()
    return game, game.rules.code[game.faction("militia_a").actions["broken"].code]


def test_a_failure_inside_a_check_names_the_faction_file_position(tmp_path):
    game, block = _militia(tmp_path, "choose c from {c in clearings() where suit(c) != none and 1 + none > 0} "
                                     "{ score 1 }")
    with pytest.raises(RootlawError, match=r"militia_x\.yaml:\d+:\d+: cannot apply '\+' to 1 and None"):
        block.can(game, "militia_a", {})
    assert block.can.__code__.co_filename.startswith("<rootlaw legality ")


def test_a_part_asked_before_its_loop_fails_only_where_the_interpreter_would(tmp_path):
    for test in ("c in [] where", "c in clearings() where warriors(me, c) > 99 and"):
        game, block = _militia(tmp_path / test[-3:], f"choose c from {{{test} 1 + none > 0}} {{ score 1 }}")
        assert block[0].possible(Ctx(game, "militia_a", {})) is False
        assert block.can(game, "militia_a", {}) is False


def test_the_parts_asked_before_the_loop_still_decide(tmp_path):
    for test, expected in (("supply(warrior) > 999", False), ("supply(warrior) >= 0", True)):
        game, block = _militia(tmp_path / str(expected), f"choose c from {{c in clearings() where {test} "
                                                         f"and suit(c) != none}} {{ score 1 }}")
        assert block[0].possible(Ctx(game, "militia_a", {})) is expected
        assert block.can(game, "militia_a", {}) is expected


def test_a_move_check_sees_what_the_move_is_limited_to(tmp_path):
    game, block = _militia(tmp_path, "move to [99] ignoring rule")
    assert block[0].possible(Ctx(game, "militia_a", {})) is False
    assert block.can(game, "militia_a", {}) is False
    assert block.can.__code__.co_filename.startswith("<rootlaw legality ")


# the games of tests/test_effect_cache.py, counting the checks generated instead of the effects
PLAY = EFFECTS_PLAY.replace("import rootlaw.language.bodies as bodies", "import rootlaw.language.legality as legality") \
    .replace("write = bodies._Writer.source", "write = legality._Check.source") \
    .replace("bodies._Writer.source = lambda self: made.append(self.plan.code) or write(self)",
             "legality._Check.source = lambda self, stmt: made.append(self.plan.code) or write(self, stmt)")


def test_a_second_start_generates_no_check_and_plays_the_same_game(tmp_path):
    def play(**env: str) -> tuple[str, str]:
        done = subprocess.run([sys.executable, "-c", PLAY], env={**os.environ, "ROOTLAW_CACHE_DIR": str(tmp_path), **env},
                              capture_output=True, text=True, check=True)
        made, digest = done.stdout.split()
        return made, digest
    assert "bodies" not in PLAY and "legality._Check.source = " in PLAY
    made, digest = play()
    assert int(made) > 5
    assert list(tmp_path.glob("effects-*.json"))
    assert play() == ("0", digest)
    assert play(ROOTLAW_NO_CACHE="1") == (made, digest)


def test_a_value_worked_out_once_per_check_is_a_local_of_the_check(tmp_path):
    game, block = _militia(tmp_path, "choose c from {c in clearings() where suit(c) != none and supply(warrior) > 0} "
                                     "{ score 1 }")
    for supply, expected in ((0, False), (3, True)):  # the value read inside the loop decides
        game.player("militia_a").supply["warrior"] = supply
        assert block[0].possible(Ctx(game, "militia_a", {})) is expected
        assert block.can(game, "militia_a", {}) is expected
    code = block.can.__code__
    assert code.co_filename.startswith("<rootlaw legality ")
    assert "m0" in code.co_varnames and "memo" not in code.co_varnames
