"""Issue 24: the log is data (a kind and typed arguments) made into words when read, per seat
and per language; saves keep it whole, and saves from before still load."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
import yaml

from rootlaw.content.record import load_game, save_game
from rootlaw.core import narration
from rootlaw.core.narration import SPECTATOR, WHOLE_TRUTH, log_lines, render
from rootlaw.errors import DataError
from rootlaw.files.resources import data_dir

from tests.hidden_cards import played

ENGINE = Path(__file__).resolve().parent.parent / "engine"


def test_every_kind_the_engine_logs_has_its_words_and_secret_ones_an_others_line():
    calls = re.compile(r"\.log\(\s*\"(\w+)\"(.*)")
    used, secret = set(), set()
    for path in ENGINE.rglob("*.py"):
        for match in calls.finditer(path.read_text(encoding="utf-8")):
            used.add(match[1])
            if "to=" in match[2]:
                secret.add(match[1])
    used |= {"score", "lose", "game_over", "game_won", "move_ferry", "put_own", "place_on", "relocate_on",
             "take_random_pile"}  # kinds chosen by an expression
    kinds = narration.language("en")["kinds"]
    assert used <= set(kinds), f"kinds without words: {sorted(used - set(kinds))}"
    assert secret and all("others" in kinds[k] for k in secret | {"put", "put_own", "take_random_pile"})


def test_a_draw_names_the_cards_to_the_drawer_only():
    setup, game = played(5, seed=3, agent_seed=3)
    entry = next(e for e in game.s.log if e["kind"] == "draw" and e["cards"])
    drawer, other = entry["faction"], next(f for f in game.s.seats if f != entry["faction"])
    names = [f"{game.rules.deck.cards[c].name} ({game.rules.deck.cards[c].suit})" for c in entry["cards"]]
    mine, theirs = render(game, entry, drawer), render(game, entry, other)
    assert f"you draw {', '.join(names)}" in mine
    assert theirs.endswith(f"{game.name(drawer)} draws {len(names)} cards") and names[0] not in theirs
    assert render(game, entry, SPECTATOR) == theirs and names[0] in render(game, entry, WHOLE_TRUTH)


def test_a_save_keeps_the_whole_log_and_reads_it_per_seat(tmp_path):
    setup, game = played(150, seed=3, agent_seed=3)
    save_game(game, setup, tmp_path / "s.json")
    saved = json.loads((tmp_path / "s.json").read_text())["state"]["log"]
    assert saved == game.s.log and any("to" in e and e.get("cards") for e in saved)
    loaded, _ = load_game(tmp_path / "s.json")
    for seat in (*game.s.seats, SPECTATOR, WHOLE_TRUTH):
        assert log_lines(loaded, seat) == log_lines(game, seat)


def test_a_save_from_before_log_entries_were_data_still_loads(tmp_path):
    setup, game = played(150, seed=3, agent_seed=3)
    save_game(game, setup, tmp_path / "s.json")
    data = json.loads((tmp_path / "s.json").read_text())
    # the old format: one English line each, the whole truth, after "[round N phase] "
    lines = [re.sub(r"^round (\d+), (\w+): ", lambda m: f"[round {m[1]} {m[2].lower()}] ", line)
             for line in log_lines(game)]
    data["state"]["log"] = lines
    data["state"].pop("known", None)  # saved only when a card was shown
    (tmp_path / "old.json").write_text(json.dumps(data))
    old, _ = load_game(tmp_path / "old.json")
    assert log_lines(old, game.s.seats[0]) == lines and old.s.known == {}
    data["state"]["log"] = lines + ["[round 9 evening] Woodland Alliance scores 3 VP, now 99: nothing"]
    (tmp_path / "bad.json").write_text(json.dumps(data))
    with pytest.raises(DataError, match="alliance has .* VP but the log records"):  # old lines are read too
        load_game(tmp_path / "bad.json")


@pytest.mark.parametrize("entry, why", [
    ({"round": 1, "phase": "birdsong", "kind": "no_such_kind"}, "no known kind"),
    ({"round": 1, "phase": "birdsong", "kind": "draw", "faction": "alliance", "cards": [9999]}, "'cards'"),
    ({"round": 1, "phase": "birdsong", "kind": "score", "faction": "nobody", "points": 1}, "'faction'"),
    (7, "no known kind"),
])
def test_a_saved_log_entry_that_is_not_what_it_should_be_is_refused(tmp_path, entry, why):
    setup, game = played(20, seed=3, agent_seed=3)
    save_game(game, setup, tmp_path / "s.json")
    data = json.loads((tmp_path / "s.json").read_text())
    data["state"]["log"].append(entry)
    (tmp_path / "bad.json").write_text(json.dumps(data))
    with pytest.raises(DataError, match=why):
        load_game(tmp_path / "bad.json")


def test_adding_a_language_is_adding_a_file(tmp_path, monkeypatch):
    words = yaml.safe_load((data_dir("log") / "en.yaml").read_text(encoding="utf-8"))
    words["language"], words["plural"] = "pl", "one_few_many"
    words["prefix"] = "[runda {round}] "
    words["kinds"]["draw"]["others"] = "{faction} dobiera {count:# kartę|# karty|# kart}"
    folder = tmp_path / "log"
    shutil.copytree(data_dir("log"), folder)
    (folder / "pl.yaml").write_text(yaml.safe_dump(words, allow_unicode=True), encoding="utf-8")
    monkeypatch.setattr(narration, "data_dir", lambda kind: folder)
    narration.language.cache_clear()
    try:
        setup, game = played(5, seed=3, agent_seed=3)
        entry = next(e for e in game.s.log if e["kind"] == "draw" and e["cards"])
        other = next(f for f in game.s.seats if f != entry["faction"])
        for n, text in ((1, "1 kartę"), (3, "3 karty"), (5, "5 kart"), (12, "12 kart"), (22, "22 karty")):
            line = render(game, {**entry, "cards": [entry["cards"][0]] * n}, other, "pl")
            assert line.startswith("[runda ") and line.endswith(f"dobiera {text}")
        assert "pl" in narration.languages()
    finally:
        narration.language.cache_clear()
