"""Effects compiled on first use (rootlaw.language.deferred): only for a file whose record says it
built cleanly; the same block ids, choices and games as a build that compiles everything; load
errors still at load."""
from __future__ import annotations

import pytest

from rootlaw import Setup
from rootlaw.agents.agent import play
from rootlaw.agents.registry import seat_bots
from rootlaw.content.factions import bundled_factions, load_faction
from rootlaw.errors import DataError, RootlawError
from rootlaw.files.documents import load_yaml
from rootlaw.language import deferred, tree_cache
from rootlaw.language.deferred import Deferred

FACTIONS = sorted(bundled_factions())


def _new_start():
    """Forget what this process read and noted, as a new process would."""
    tree_cache._loaded.cache_clear()
    tree_cache._used.clear()
    tree_cache._changed.clear()


@pytest.fixture
def deferring(private_cache, monkeypatch):
    """A private cache folder and the deferring of `rootlaw play`'s own process."""
    _new_start()
    monkeypatch.setattr(deferred, "_ENABLED", True)
    yield private_cache
    _new_start()


def _game(seed: int, rounds: int = 4):
    setup = Setup(map="autumn", factions=FACTIONS, seed=seed, round_limit=rounds)
    game = setup.start()
    play(game, seat_bots(game, {fid: "random" for fid in game.s.seats}, seed))
    return game


def _shape(code: dict) -> dict:
    """Each block's statements, by kind, and the blocks' own compiled parts, by id."""
    return {cid: (tuple(type(s).__name__ for s in block), block.run is None, block.can is None)
            if not callable(block) else "expression" for cid, block in code.items()}


def test_a_recorded_file_defers_its_effects_with_the_ids_and_games_of_a_full_build(deferring, monkeypatch):
    monkeypatch.setattr(deferred, "_ENABLED", False)
    eager = [_game(seed) for seed in (1, 2)]
    monkeypatch.setattr(deferred, "_ENABLED", True)
    first = _game(1)  # compiles everything and records the files
    assert not any(isinstance(b, Deferred) for b in first.rules.code.values())
    later = [_game(seed) for seed in (1, 2)]
    code = later[0].rules.code
    pending = [b for b in code.values() if isinstance(b, Deferred)]
    assert len(pending) > 100 and any(b.stmts is None for b in pending)  # a short game leaves some
    for old, new in zip(eager, later):
        assert new.s.digest() == old.s.digest()
        assert list(new.rules.code) == list(old.rules.code)
        for fid in FACTIONS:
            assert new.faction(fid).choices == old.faction(fid).choices
    assert _shape(code) == _shape(eager[0].rules.code)  # every deferred block compiled now, as the full build did


def test_a_changed_file_is_compiled_in_full_and_recorded_again(deferring, tmp_path):
    source = bundled_factions()["alliance"].read_text(encoding="utf-8")
    path = tmp_path / "alliance.yaml"
    path.write_text(source, encoding="utf-8")
    load_faction(path)
    assert any(isinstance(b, Deferred) for b in load_faction(path).code.values())
    path.write_text(source + "\n# an edit\n", encoding="utf-8")
    assert not any(isinstance(b, Deferred) for b in load_faction(path).code.values())
    assert any(isinstance(b, Deferred) for b in load_faction(path).code.values())


def test_a_file_with_an_error_in_an_effect_is_never_recorded(deferring, tmp_path):
    source = bundled_factions()["alliance"].read_text(encoding="utf-8")
    wrong = source.replace("place sympathy in c", "place sympathie in c", 1)
    assert wrong != source
    path = tmp_path / "alliance.yaml"
    path.write_text(wrong, encoding="utf-8")
    messages = []
    for _ in range(3):
        _new_start()
        with pytest.raises(DataError) as err:
            load_faction(path)
        messages.append(str(err.value))
    assert "unknown piece 'sympathie'" in messages[0] and messages == [messages[0]] * 3


def test_a_record_that_does_not_follow_the_file_compiles_the_rest_at_load(deferring, tmp_path):
    path = tmp_path / "alliance.yaml"
    path.write_text(bundled_factions()["alliance"].read_text(encoding="utf-8"), encoding="utf-8")
    full = load_faction(path)
    (k, where), = [(k, w) for w, entries in tree_cache._used.items() for k, v in entries.items()
                   if isinstance(v, dict) and "spans" in v]
    entry = tree_cache._loaded(where)[k]
    entry["spans"] = entry["spans"][:3] + [["no such ability", 1, [1]]] + entry["spans"][4:]
    cut = load_faction(path)
    assert list(cut.code) == list(full.code)
    assert sum(isinstance(b, Deferred) for b in cut.code.values()) == sum(
        n for _, n, _ in entry["spans"][:3])


def test_the_record_is_kept_beside_the_trees_and_read_back_by_a_new_start(deferring, tmp_path):
    path = tmp_path / "alliance.yaml"
    path.write_text(bundled_factions()["alliance"].read_text(encoding="utf-8"), encoding="utf-8")
    load_faction(path)
    tree_cache._store()
    _new_start()
    assert any(isinstance(b, Deferred) for b in load_faction(path).code.values())


def test_nothing_is_deferred_unless_enabled(private_cache):
    _new_start()
    doc = load_yaml(bundled_factions()["alliance"])
    for _ in range(2):
        assert not any(isinstance(b, Deferred) for b in load_faction(doc.source).code.values())
    _new_start()


def test_the_trees_of_deferred_effects_stay_in_the_cache_when_its_file_is_written_again(deferring, tmp_path):
    path = tmp_path / "alliance.yaml"
    path.write_text(bundled_factions()["alliance"].read_text(encoding="utf-8"), encoding="utf-8")
    load_faction(path)
    tree_cache._store()
    where = tree_cache.shard(str(path))
    kept = set(tree_cache._loaded(where))
    _new_start()
    assert any(isinstance(b, Deferred) for b in load_faction(path).code.values())
    tree_cache.remember("another entry", [], where)  # something new: the file is written again
    tree_cache._store()
    _new_start()
    assert kept <= set(tree_cache._loaded(where))


def test_a_damaged_record_is_an_error_naming_the_cache_not_a_wrong_game(deferring, tmp_path):
    path = tmp_path / "alliance.yaml"
    path.write_text(bundled_factions()["alliance"].read_text(encoding="utf-8"), encoding="utf-8")
    load_faction(path)
    (entry,) = [v for entries in tree_cache._used.values() for v in entries.values()
                if isinstance(v, dict) and "spans" in v]
    ability, n, order = entry["spans"][0]
    entry["spans"][0] = [ability, n + 1, [*order, n + 1]]  # one id too many for its first effect
    faction = load_faction(path)
    first = next(b for b in faction.code.values() if isinstance(b, Deferred))
    with pytest.raises(RootlawError, match="the cache's record of this file does not match it"):
        len(first)
