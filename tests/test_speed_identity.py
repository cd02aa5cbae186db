"""The speed work (issue 12) must not change any game: fixed seeds keep their final hashes,
and the short cuts of the compiler answer exactly what the long way answers."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from rootlaw.agents.agent import RandomAgent
from rootlaw.content.record import Setup
from rootlaw.core.context import Ctx, LanguageError
from rootlaw.files.documents import load_yaml
from rootlaw.language.compiler import Compiler, Vocabulary

ROOT = Path(__file__).resolve().parent.parent
RECORDED = json.loads((Path(__file__).parent / "fixtures" / "speed_games.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("mix", sorted(RECORDED["mixes"]))
def test_seeded_games_end_as_recorded_before_the_speed_work(mix):
    spec = RECORDED["mixes"][mix]
    factions = [str(ROOT / f) if f.endswith(".yaml") else f for f in spec["factions"]]
    for game_spec in spec["games"]:
        seed = game_spec["seed"]
        assert _play(factions, seed) == (game_spec["decisions"], game_spec["hash"]), f"seed {seed}"


def _play(factions: list[str], seed: int) -> tuple[int, str]:
    rules = Setup(map="autumn", factions=factions, seed=0).rules()
    game = Setup(map="autumn", factions=factions, seed=seed).start(rules)
    agent = RandomAgent(10_000 + seed)
    decisions = 0
    while game.pending() is not None:
        game.answer(agent.choose(game, game.pending()))
        decisions += 1
    return decisions, game.s.digest()


def test_games_are_the_same_with_and_without_the_generated_forms(monkeypatch):
    """The generated Python (codegen) only speeds expressions up: with every expression left to
    its closures the same seeded game is played, decision for decision."""
    factions = ["cabale", "colombes", "neiges", "arachneen"]
    fast_game = _play(factions, 1)
    monkeypatch.setattr("rootlaw.language.expressions.fast", lambda node, slow, *rest, **options: slow)
    assert _play(factions, 1) == fast_game


def test_the_generated_form_keeps_the_size_limits():
    """A faction from a stranger cannot build a huge string, list or number through the fast
    form: it hands over to the closures, which refuse it (issue 7, bounded work)."""
    game = _mid_game()
    ctx = Ctx(game, "alliance", {})
    for text in ('"ab" * (100000 * 100000)', "(10 * 100000) * (10 * 100000)", '"ab" * 5000 + "ab" * 5000 + "x"'):
        with pytest.raises(LanguageError):
            _compile(game, "alliance", text)(ctx)


def _compile(game, me: str, text: str, bound: tuple[str, ...] = ()):
    faction = game.faction(me)
    vocab = Vocabulary(me, set(faction.pieces), set(), set(), set())
    doc = load_yaml(text="value: x\n", source="f.yaml")
    fn = Compiler(vocab).expression(doc, ("value",), text, "test", bound)
    assert not vocab.problems
    return fn


def _mid_game():
    game = Setup(map="autumn", factions=["alliance", "arachneen"], seed=5).start()
    agent = RandomAgent(7)
    for _ in range(120):
        game.answer(agent.choose(game, game.pending()))
    return game


@pytest.mark.parametrize("kind", ["warrior", "sympathy", "base_fox"])
def test_exists_stops_early_but_answers_like_the_whole_list(kind):
    game = _mid_game()
    for c in game.clearings():
        ctx = Ctx(game, "alliance", {"c": c})
        short = _compile(game, "alliance", f"exists(pieces(c, me, {kind}))", ("c",))(ctx)
        whole = _compile(game, "alliance", f"count(pieces(c, me, {kind})) > 0", ("c",))(ctx)
        assert short is whole
    where = f"{{c in clearings() where exists(pieces(c, me, {kind}))}}"
    ctx = Ctx(game, "alliance", {})
    assert _compile(game, "alliance", f"exists({where})")(ctx) is (_compile(game, "alliance", f"count({where})")(ctx) > 0)


def test_a_filter_that_rolls_dice_is_never_cut_short():
    """exists() over a filter whose test rolls a die rolls for every item, as the list would."""
    game = _mid_game()
    before = game.s.rng
    rolled = game.clone()
    _compile(rolled, "alliance", "exists({c in clearings() where roll() >= 0})")(Ctx(rolled, "alliance", {}))
    listed = game.clone()
    _compile(listed, "alliance", "count({c in clearings() where roll() >= 0})")(Ctx(listed, "alliance", {}))
    assert rolled.s.rng == listed.s.rng != before


def test_an_expression_that_rolls_dice_is_left_to_the_closures():
    """A generated form hands over to the closures on any failure, which would roll again: an
    expression that rolls is evaluated by the closures alone, from its first call on."""
    game = _mid_game()
    fn = _compile(game, "alliance", "roll() + count({c in clearings() where c > 0})")
    before = game.s.rng
    assert fn(Ctx(game, "alliance", {})) >= 12 and game.s.rng != before
    assert fn.__code__.co_names == ("slow",)


def test_and_or_give_booleans():
    game = _mid_game()
    ctx = Ctx(game, "alliance", {})
    assert _compile(game, "alliance", "1 and 2")(ctx) is True
    assert _compile(game, "alliance", "0 or 3")(ctx) is True
    assert _compile(game, "alliance", "0 or 0 or 0")(ctx) is False
    assert _compile(game, "alliance", "1 and 2 and 0")(ctx) is False


def test_adjacency_with_closed_paths_and_without():
    game = _mid_game()
    open_ = {c: game.adjacent(c, "alliance") for c in game.clearings()}
    key = next(iter(game.rules.map.paths))
    a, b = (int(x) for x in key.split("-"))
    assert b in open_[a]
    game.s.closed_paths.append(key)
    assert b not in game.adjacent(a, "alliance") and b not in game.adjacent(a)


EXPRESSIONS = [
    "count({c in clearings() where warriors(me, c) > 0 and not exists(pieces(c, me, sympathy))})",
    "[c * 2 - 1 for c in clearings()]",
    "{c in clearings() where c in [1, 3, 5] or ruler(c) = me}",
    "if supply(warrior) >= 3 then \"many\" else \"few\"",
    "exists({c in clearings() where exists({a in adjacent(c) where warriors(me, a) > warriors(me, c)})})",
    "-count(hand()) + 10 / 3",
    # values that use no filter name, worked out once per call: in a condition, in a nested
    # filter's source, nested in each other, and behind a test that is false for most elements
    "{c in clearings() where supply(warrior) > 0 and exists({v in on_map(warrior) where clearing_of(v) = c})"
    " and count(on_map([warrior, sympathy])) >= count(hand()) - 10 and (c != 3 or exists(enemies))}",
]


@pytest.mark.parametrize("text", EXPRESSIONS)
def test_generated_expressions_answer_like_the_closures(text, monkeypatch):
    """Each expression gets a generated form, and it gives what the closures give."""
    from rootlaw.language import expressions, lowering
    made: list = []

    def keep(node, slow, *rest, **options):
        made.append((lowering.fast(node, slow, *rest, **options), slow))
        return made[-1][0]
    monkeypatch.setattr(expressions, "fast", keep)
    game = _mid_game()
    _compile(game, "alliance", text)
    generated, closures = made[-1]
    ctx = Ctx(game, "alliance", {})
    assert generated(ctx) == closures(ctx)
    # generated on that first call: its own code, not a hand-over to the closures
    assert generated.__code__.co_names != ("slow",)
