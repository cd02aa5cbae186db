"""`rootlaw simulate`: seeded games split across workers, JSON Lines rows, the summary."""
from __future__ import annotations

import json
import shlex

import pytest

from rootlaw.tools.cli import main
from rootlaw.tools.simulate import Plan, game_seed, play_game, result_kind, rounds_played, run_local
from rootlaw.tools.summary import summarise, wilson

PLAN = Plan(factions=("alliance", "arachneen"), bots=("random", "random"), maps=("autumn", "winter"),
            games=4, seed=3, round_limit=3)


def test_rows_are_the_same_whatever_the_number_of_workers():
    one = list(run_local(PLAN.specs(), workers=1))
    two = list(run_local(PLAN.specs(), workers=2))
    assert one == two
    assert [r["game"] for r in one] == [0, 1, 2, 3]
    assert [r["map"] for r in one] == ["autumn", "winter", "autumn", "winter"]
    assert len({r["seed"] for r in one}) == 4


def test_game_seeds_come_from_the_run_seed_and_the_game_number():
    assert game_seed(3, 1) == game_seed(3, 1)
    assert len({game_seed(3, i) for i in range(100)} | {game_seed(4, i) for i in range(100)}) == 200


def test_a_row_books_every_point_by_source_and_round(capsys):
    row = play_game(PLAN.spec(0))
    for f in row["seats"]:
        assert sum(row["vp_by_source"][f].values()) == row["scores"][f]
        assert row["vp_by_round"][f][-1] == row["scores"][f]
        assert len(row["vp_by_round"][f]) == 3
    assert row["result"] == "round_limit" and row["winner"] is None
    assert set(row) >= {"seed", "map", "seats", "winner", "result", "scores", "rounds", "decisions", "vp_by_source"}


def test_one_game_of_a_run_replays_alone_with_its_command(capsys):
    row = play_game(PLAN.spec(1))
    argv = shlex.split(row["replay"])[1:] + ["--quiet"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert f"{row['decisions']} decisions" in out
    for f, score in row["scores"].items():
        assert any(line.strip().endswith(f"{score:3d} VP") for line in out.splitlines() if f"{score:3d} VP" in line)


def test_result_kinds():
    assert result_kind("reached 30 VP", None) == "vp"
    assert result_kind("dominance (fox)", None) == "dominance"
    assert result_kind("round limit (30) reached", None) == "round_limit"
    assert result_kind(None, "no end after 20000 decisions") == "stall"
    assert result_kind("stalled: nothing changed for 10 rounds", None) == "stall"
    assert rounds_played(31, "round limit (30) reached") == 30 and rounds_played(12, "reached 30 VP") == 12


def _row(game, seats, leader, result, scores, rounds):
    return {"game": game, "seed": game, "seats": seats, "bots": {f: "random" for f in seats}, "winner":
            leader if result in ("vp", "dominance") else None, "leader": leader, "result": result, "scores": scores,
            "rounds": rounds, "decisions": 10, "vp_by_source": {f: {"removal": 1} for f in seats},
            "vp_by_round": {f: [1] for f in seats}, "problem": None}


def test_the_report_names_factions_and_sources_and_shows_matchups_lengths_seats_and_counting(tmp_path):
    from rootlaw.content.record import Setup
    from rootlaw.tools.report import write_report
    from rootlaw.tools.simulate import people_names

    rows = [_row(0, ["cabale", "alliance"], "cabale", "vp", {"cabale": 30, "alliance": 3}, 9),
            _row(1, ["alliance", "cabale"], "alliance", "round_limit", {"cabale": 2, "alliance": 8}, 30),
            _row(2, ["cabale", "alliance"], None, "round_limit", {"cabale": 5, "alliance": 5}, 30),
            _row(3, ["alliance", "cabale"], "cabale", "vp", {"cabale": 30, "alliance": 0}, 12)]
    rows[0]["vp_by_source"]["cabale"] = {"ritual": 20, "evening step 2": 10, "crafting": 0}
    rules = Setup(map="autumn", factions=["alliance", "cabale"], seed=1).rules()
    summary = summarise(rows, {"factions": ["cabale", "alliance"], "bots": ["random"] * 2, "maps": ["autumn"],
                               "seed": 1, "round_limit": 30}, people_names(rules, rows, "en"))
    assert summary["matchups"]["cabale"]["alliance"] == {"rate": 0.625, "games": 4, "two_player": 4}
    assert summary["lengths"] == {"9": 1, "12": 1, "30": 2}
    assert summary["counting"] == {"won": 2, "round_limit_led": 1, "round_limit_tied": 1, "stalled": 0, "wins": 3}
    assert summary["first_player"]["wins"] == 2 and summary["first_player"]["even_share"] == 0.5
    page = write_report(summary, rows, tmp_path)[0].read_text()
    assert "Cabale des Nécropossums (Necropossum Cabal)" in page and "Ritual 5.0, Draw and discard 2.5" in page
    assert "evening step" not in page and "ritual" not in page.replace("Ritual", "")
    assert 'id="matchups"' in page and "Each pair&#x27;s win rate, in the 2-player games" in page
    assert 'id="lengths"' in page and "<th>30</th>" in page
    assert "The first player won 50.0% of the games" in page
    assert ("2 reached the round limit (30 rounds), where nobody wins by the Law: 1 count here for the single "
            "player with most VP and 1 (a tie at the top) for nobody. So the wins add up to 3 of 4 games.") in page


def test_wilson_interval_matches_the_textbook_values():
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_the_summary_counts_wins_seats_sources_and_lengths():
    rows = [
        {"game": 0, "seed": 1, "seats": ["a", "b"], "bots": {"a": "greedy", "b": "random"}, "winner": "a",
         "leader": "a", "result": "vp", "scores": {"a": 30, "b": 4}, "rounds": 10, "decisions": 100,
         "vp_by_source": {"a": {"crafting": 10, "x": 20}, "b": {"removal": 4}},
         "vp_by_round": {"a": [10, 30], "b": [4, 4]}, "problem": None},
        {"game": 1, "seed": 2, "seats": ["b", "a"], "bots": {"a": "greedy", "b": "random"}, "winner": None,
         "leader": None, "result": "stall", "scores": {"a": 2, "b": 2}, "rounds": 4, "decisions": 50,
         "vp_by_source": {"a": {"crafting": 2}, "b": {"removal": 2}},
         "vp_by_round": {"a": [2], "b": [2]}, "problem": "no end"},
    ]
    s = summarise(rows)
    assert s["factions"]["a"]["wins"] == 1 and s["factions"]["a"]["games"] == 2
    assert s["factions"]["a"]["vp_by_source"] == {"crafting": 6.0, "x": 10.0}
    assert s["factions"]["a"]["vp_by_round"] == [6.0, 16.0]  # the short game keeps its final score
    assert s["seat_positions"]["1"]["wins"] == 1 and s["seat_positions"]["2"]["wins"] == 0
    assert s["results"] == {"stall": 1, "vp": 1}
    assert s["stalls"] == [{"game": 1, "seed": 2, "problem": "no end"}]
    assert s["rounds"] == {"mean": 7.0, "min": 4, "max": 10}


def test_simulate_writes_rows_summary_report_and_plots(tmp_path, capsys):
    out = tmp_path / "sim"
    argv = ["simulate", "--factions", "alliance,arachneen", "--games", "3", "--rounds", "2",
            "--bot", "random", "--seed", "5", "--out", str(out), "--quiet"]
    assert main(argv) == 0
    printed = capsys.readouterr().out
    assert "Woodland Alliance" in printed and "95% CI" in printed
    rows = [json.loads(line) for line in (out / "games.jsonl").read_text().splitlines()]
    assert len(rows) == 3
    summary = json.loads((out / "summary.json").read_text())
    assert summary["games"] == 3 and set(summary["factions"]) == {"alliance", "arachneen"}
    page = (out / "report.html").read_text()
    assert page.count("data:image/png;base64,") == 5 and "<script" not in page
    for stem in ("win_rates", "seat_positions", "vp_over_rounds", "vp_by_source", "game_lengths"):
        assert (out / "plots" / f"{stem}.png").stat().st_size > 1000
        assert (out / "plots" / f"{stem}.svg").read_text().lstrip().startswith("<?xml")
    first = (out / "games.jsonl").read_text()
    assert main(argv[:-1] + ["--workers", "2", "--quiet", "--no-report", "--force"]) == 0
    assert (out / "games.jsonl").read_text() == first


@pytest.mark.parametrize("argv, message", [
    (["--factions", "alliance"], "at least two factions"),
    (["--factions", "alliance,nobody"], "unknown faction 'nobody'"),
    (["--factions", "alliance,arachneen", "--bot", "clever"], "unknown bot 'clever'"),
    (["--factions", "alliance,arachneen", "--address", "x:1"], "--address is for --backend ray"),
    (["--factions", "alliance,arachneen", "--map", "moon"], "unknown map 'moon'"),
])
def test_simulate_reports_bad_arguments_without_a_traceback(tmp_path, capsys, argv, message):
    assert main(["simulate", *argv, "--games", "1", "--out", str(tmp_path), "--quiet"]) == 2
    assert message in capsys.readouterr().err
