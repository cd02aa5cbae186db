"""Sweeps over a faction's numbers, bot comparisons and --until-decided (rootlaw.tools.sweeps),
and the values a game is played with (rootlaw.content.variations)."""
from __future__ import annotations

import json
import shlex
from collections import defaultdict

import pytest

from rootlaw.content.record import Record, Setup, replay
from rootlaw.tools.cli import main
from rootlaw.tools.simulate import Plan, run_local
from rootlaw.tools.sweeps import Sweep, Until, Variant

DOVES_SWEEP = ["--factions", "colombes,neiges", "--games", "2", "--rounds", "2", "--bot", "random", "--seed", "4",
               "--vary", "colombes.school_vp=[1,3],[2,4],[3,5]", "--quiet"]
KINGDOM_VP = "neiges.igloo_vp=[0,5,5,5,5,5,5]"  # 5 VP at the Kingdom's first Evening: a value that shows


def _rows(out) -> list[dict]:
    return [json.loads(line) for line in (out / "games.jsonl").read_text().splitlines()]


def test_a_sweep_of_a_doves_number_plays_every_value_on_the_same_games(tmp_path, capsys):
    out = tmp_path / "sweep"
    assert main(["simulate", *DOVES_SWEEP, "--workers", "2", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "Écoles : PV (Schools: VP) = [2, 4]" in printed and "Verdict:" in printed  # names, not ids
    assert "colombes.school_vp" not in printed.split("Verdict:")[1]
    rows = _rows(out)
    assert [r["game"] for r in rows] == list(range(6))
    games = defaultdict(list)
    for row in rows:
        games[json.dumps(row["vary"])].append((row["seed"], row["map"], row["seats"], row["bots"]))
    assert [json.loads(k)["colombes"]["school_vp"] for k in games] == [[1, 3], [2, 4], [3, 5]]
    first, *others = games.values()
    assert len(first) == 2 and len({s for s, *_ in first}) == 2
    assert all(other == first for other in others)  # same seeds, maps, seats and bots for every value
    summary = json.loads((out / "summary.json").read_text())
    assert [v["label"] for v in summary["variants"]] == [
        "Écoles : PV (Schools: VP) = [1, 3]", "Écoles : PV (Schools: VP) = [2, 4]", "Écoles : PV (Schools: VP) = [3, 5]"]
    for v in summary["variants"]:
        assert v["games"] == 2 and set(v["factions"]) == {"colombes", "neiges"}
        assert {"rate", "low", "high", "mean_vp", "vp_by_source", "call"} <= set(v["factions"]["colombes"])
    assert summary["sweep"]["varied"] == ["colombes.school_vp"]
    assert summary["sweep"]["named"] == ["Écoles : PV (Schools: VP)"]
    assert (out / "plots" / "win_rate_by_variant.png").stat().st_size > 1000
    page = (out / "report.html").read_text()
    assert 'id="variant-table"' in page and page.count("Écoles : PV (Schools: VP) = [3, 5]") >= 2
    assert "colombes.school_vp" not in page.split('id="factions-section"')[0]  # the designer's sections: names
    assert page.index('id="verdict"') < page.index('id="variants"') < page.index('id="factions"')
    # the same rows from one worker as from two
    assert main(["simulate", *DOVES_SWEEP, "--out", str(tmp_path / "one"), "--no-report"]) == 0
    assert (tmp_path / "one" / "games.jsonl").read_text() == (out / "games.jsonl").read_text()


def test_each_rows_replay_command_plays_its_game_with_its_values(tmp_path, capsys):
    out = tmp_path / "sweep"
    assert main(["simulate", "--factions", "neiges,colombes", "--games", "1", "--rounds", "1", "--bot", "random",
                 "--vary", KINGDOM_VP.replace("=", "=[0,0,1,2,3,4,5],"), "--out", str(out), "--quiet",
                 "--no-report"]) == 0
    capsys.readouterr()
    plain, varied = _rows(out)
    assert (plain["scores"]["neiges"], varied["scores"]["neiges"]) == (0, 5)
    assert "--vary 'neiges.igloo_vp=[0,5,5,5,5,5,5]'" in varied["replay"]
    assert main(shlex.split(varied["replay"])[1:] + ["--quiet"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert f"{varied['decisions']} decisions" in lines[1]
    assert any("Snow Kingdom" in line and line.endswith("  5 VP") for line in lines)


def test_play_keeps_its_values_in_the_record_and_the_save(tmp_path, capsys):
    record, save = tmp_path / "game.json", tmp_path / "save.json"
    assert main(["play", "--factions", "neiges,colombes", "--rounds", "1", "--quiet", "--vary", KINGDOM_VP,
                 "--record", str(record), "--save", str(save)]) == 0
    data = json.loads(record.read_text())
    assert data["setup"]["vary"] == {"neiges": {"igloo_vp": [0, 5, 5, 5, 5, 5, 5]}}
    game = replay(Record.load(record))
    assert game.s.players["neiges"].score == 5 and game.s.digest() == data["final_hash"]
    assert main(["replay", str(record)]) == 0 and "(matches)" in capsys.readouterr().out
    plain = tmp_path / "plain.json"
    assert main(["play", "--factions", "neiges,colombes", "--rounds", "1", "--quiet", "--record", str(plain)]) == 0
    assert "vary" not in json.loads(plain.read_text())["setup"]  # records of unvaried games are unchanged
    assert json.loads(save.read_text())["setup"]["vary"]["neiges"]["igloo_vp"][1] == 5


@pytest.mark.parametrize("vary, message", [
    ("colombes.school_vp=[1,3,5]", "value 1, [1, 3, 5]: [1, 3, 5] has 3 values, where the track has 2 (one per slot)"),
    ("colombes.school_vp=[1,x]", "'x' is a name, where the file has a whole number"),
    ("colombes.evacuation_vp=[]", "is empty, where the file's list has 7 items"),
    ("colombes.evacuation_vp=3", "3 is a whole number, where the file has a list"),
    ("colombes.scool_vp=1,2", "no variable or track 'scool_vp'; did you mean 'school_vp'?"),
    ("cabale.wheel=1", "faction 'cabale' does not play in these games"),
    ("colombes.school_vp", "write FACTION.NAME=V1,V2"),
    ("colombes.school_vp=[1,3],[1,3]", "a value is given twice"),
    ("colombes.school_vp=[1,3", "a bracket is left open"),
    ("colombes.school_vp=[1,3],,[2,4]", "value 2 is empty"),
])
def test_values_are_checked_before_any_game(tmp_path, capsys, vary, message):
    out = tmp_path / "sweep"
    assert main(["simulate", "--factions", "colombes,neiges", "--games", "1", "--vary", vary, "--out", str(out),
                 "--quiet"]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert not (out / "games.jsonl").exists()


def test_names_take_only_the_names_their_value_uses(tmp_path, capsys):
    argv = ["simulate", "--factions", "cabale,neiges", "--games", "1", "--out", str(tmp_path), "--quiet"]
    assert main([*argv, "--vary", "cabale.wheel=[[boot,sword],[sword,skul]]"]) == 2
    assert "'skul' is not a name this value uses; it uses boot, card, hammer, skull, sword" in capsys.readouterr().err


def test_a_sweep_file_varies_several_names_at_once_and_its_errors_have_positions(tmp_path, capsys):
    sweep = tmp_path / "sweep.yaml"
    sweep.write_text("vary:\n  colombes.school_vp: [[1, 3], [2, 4]]\n  colombes.dispensary_vp: [[1, 2], [2, 3]]\n")
    out = tmp_path / "out"
    assert main(["simulate", "--factions", "colombes,neiges", "--games", "1", "--rounds", "1", "--bot", "random",
                 "--sweep", str(sweep), "--out", str(out), "--quiet", "--no-report"]) == 0
    capsys.readouterr()
    assert [r["vary"]["colombes"] for r in _rows(out)] == [
        {"school_vp": s, "dispensary_vp": d} for s in ([1, 3], [2, 4]) for d in ([1, 2], [2, 3])]
    sweep.write_text("vary:\n  colombes.school_vp: [[1, 3], [2]]\n  colombes_school: [1]\n")
    assert main(["simulate", "--factions", "colombes,neiges", "--games", "1", "--sweep", str(sweep),
                 "--out", str(out), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert f"{sweep}:3:3:" in err
    sweep.write_text("vary:\n  colombes.school_vp: [[1, 3], [2]]\n")
    assert main(["simulate", "--factions", "colombes,neiges", "--games", "1", "--sweep", str(sweep),
                 "--out", str(out), "--quiet"]) == 2
    assert f"{sweep}:2:32: value 2, [2]: [2] has 1 value, where the track has 2" in capsys.readouterr().err


def test_the_things_varied_are_named_in_the_factions_language_with_the_chosen_one_beside():
    from rootlaw.content.variations import variation_names

    rules = Setup(map="autumn", factions=["colombes", "cabale"], seed=1).rules()
    varied = [{"colombes": {"school_vp": [2, 4], "school_draw": [1, 1]}}, {"colombes": {"school_vp": [1, 3]}}]
    en, fr = variation_names(rules, varied, "en"), variation_names(rules, varied, "fr")
    assert en["colombes.school_vp"]["name"] == "Écoles : PV (Schools: VP)" and fr["colombes.school_vp"]["name"] == "Écoles : PV"
    assert en["colombes.school_vp"]["values"] == {"[2,4]": "[2, 4]", "[1,3]": "[1, 3]"}
    assert en["colombes.school_draw"]["name"] == "bonus de pioche des Écoles (School draw bonuses)"
    assert en["colombes.school_vp"]["faction"] == "Société des Colombes Unies (Society of United Doves)"


def test_list_vary_shows_every_variable_and_track_placeholders_first(capsys):
    assert main(["simulate", "--list-vary", "colombes"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Société des Colombes Unies (Society of United Doves): variables and tracks")
    assert any(line.startswith("⚠ school_vp") and "Écoles : PV (Schools: VP)" in line and "track" in line
               and "[1, 3]" in line and "2.5.3" in line for line in out)
    assert out[-1] == "vary one with: rootlaw simulate --factions ... --vary 'colombes.dispensary_cost=[1,2],[2,3]'"
    assert main(["simulate", "--list-vary", "cabale"]) == 0
    listed = capsys.readouterr().out
    assert listed.index("⚠ wheel") < listed.index("  wheel_at")  # the placeholder first
    assert main(["simulate", "--list-vary", "Société des Colombes Unies", "--lang", "pl"]) == 0  # by a name
    assert "Écoles : PV (Szkoły: PZ)" in capsys.readouterr().out


def test_bot_sensitivity_plays_the_same_games_under_each_bot(tmp_path, capsys):
    out = tmp_path / "bots"
    assert main(["simulate", "--factions", "colombes,neiges", "--games", "2", "--rounds", "1", "--bot", "random",
                 "--bots", "random,greedy", "--out", str(out), "--quiet"]) == 0
    capsys.readouterr()
    rows = _rows(out)
    assert [set(r["bots"].values()) for r in rows] == [{"random"}, {"greedy"}] * 2
    assert rows[0]["seed"] == rows[1]["seed"] and rows[0]["seats"] == rows[1]["seats"]
    summary = json.loads((out / "summary.json").read_text())
    s = summary["bot_sensitivity"]
    assert [r["label"] for r in s["rankings"]] == ["bots random", "bots greedy"] and isinstance(s["changes"], bool)
    page = (out / "report.html").read_text()
    assert 'id="bot-sensitivity"' in page and "ranking by win rate" in page
    # one seat's bots compared: the label names that faction only, by its names, in --lang
    assert main(["simulate", "--factions", "colombes,neiges", "--games", "1", "--rounds", "1", "--bot", "random",
                 "--bots", "neiges=random,greedy", "--lang", "pl", "--out", str(tmp_path / "one"), "--quiet"]) == 0
    labels = [v["label"] for v in json.loads((tmp_path / "one" / "summary.json").read_text())["variants"]]
    assert labels == ["boty Royaume des Neiges (Królestwo Śniegu) random", "boty Royaume des Neiges (Królestwo Śniegu) greedy"]
    capsys.readouterr()
    assert main(["simulate", "--factions", "colombes,neiges", "--games", "1", "--bots", "colombes=random,clever",
                 "--out", str(tmp_path / "x"), "--quiet"]) == 2
    assert "unknown bot 'clever'" in capsys.readouterr().err


def _row(game, bots, leader, seats=("a", "b")):
    return {"game": game, "seed": game, "map": "autumn", "seats": list(seats), "bots": bots, "vary": {},
            "winner": leader, "leader": leader, "result": "vp", "scores": {f: 30 * (f == leader) for f in seats},
            "rounds": 5, "decisions": 10, "vp_by_source": {f: {} for f in seats}, "vp_by_round": {f: [0] for f in seats},
            "problem": None}


def test_a_ranking_that_flips_between_bots_is_flagged():
    from rootlaw.tools.summary import summarise
    from rootlaw.tools.verdict import designer_view

    weak, strong = {"a": "random", "b": "random"}, {"a": "greedy", "b": "greedy"}
    rows = [_row(i, weak, "a" if i < 18 else "b") for i in range(20)] + \
           [_row(i, strong, "b" if i < 18 else "a") for i in range(20)]
    view = designer_view(rows, summarise(rows))
    s = view["bot_sensitivity"]
    assert [r["ranking"] for r in s["rankings"]] == [[["a"], ["b"]], [["b"], ["a"]]]
    assert s["changes"] and s["clear_changes"] and s["swaps"][0]["apart_under"] == ["bots random", "bots greedy"]
    assert "depends on play skill" in view["verdict"]["lines"][-1]
    same = [_row(i, weak, "a" if i < 12 else "b") for i in range(20)] + \
           [_row(i, strong, "a" if i < 11 else "b") for i in range(20)]
    assert designer_view(same, summarise(same))["bot_sensitivity"]["changes"] is False


def test_calls_against_the_even_share_and_the_games_that_would_decide():
    from rootlaw.tools.summary import rate
    from rootlaw.tools.verdict import call, games_to_decide

    assert call(rate(80, 100), 0.5)["call"] == "above"
    assert call(rate(20, 100), 0.5)["call"] == "below"
    assert call(rate(500, 1000), 0.5, width=0.1)["call"] == "even"
    undecided = call(rate(6, 10), 0.5)
    assert undecided["call"] == "undecided" and undecided["more_games"] > 0
    assert 80 <= 10 + undecided["more_games"] <= 100  # 60% of 100 games is told from 50%, of 80 not
    assert call(rate(60, 100), 0.5)["call"] == "above" and call(rate(48, 80), 0.5)["call"] == "undecided"
    assert games_to_decide(0.5, 10, 0.5, width=0.1) == 371  # only the width can decide an even rate
    assert games_to_decide(0.5, 10, 0.5, width=1e-6) is None


def test_until_decided_plays_blocks_until_the_rates_are_decided(tmp_path, capsys):
    argv = ["simulate", "--factions", "colombes,neiges", "--games", "3", "--rounds", "1", "--bot", "random",
            "--until-decided", "--max-games", "9", "--quiet", "--no-report"]
    assert main([*argv, "--out", str(tmp_path / "a")]) == 0
    rows = _rows(tmp_path / "a")
    assert len(rows) in (3, 6, 9)
    assert main([*argv, "--workers", "2", "--out", str(tmp_path / "b")]) == 0
    assert (tmp_path / "b" / "games.jsonl").read_text() == (tmp_path / "a" / "games.jsonl").read_text()
    assert main([*argv, "--width", "0.99", "--out", str(tmp_path / "c")]) == 0
    assert len(_rows(tmp_path / "c")) == 3  # any interval is narrow enough: decided after the first block
    summary = json.loads((tmp_path / "c" / "summary.json").read_text())
    assert summary["plan"]["until"] == {"width": 0.99, "max_games": 9}
    assert main([a for a in argv if a != "--until-decided"] + ["--width", "0.2", "--out", str(tmp_path / "d")]) == 2
    assert "--width is for --until-decided" in capsys.readouterr().err


@pytest.mark.parametrize("width, cut", [(None, 5), (None, 4), ("0.99", 4), ("0.99", 2)])
def test_a_sweep_resumes_to_the_rows_and_summary_of_an_uninterrupted_run(tmp_path, capsys, width, cut):
    argv = ["simulate", "--factions", "colombes,neiges", "--games", "2", "--rounds", "1", "--bot", "random",
            "--vary", "colombes.school_vp=[1,3],[2,4]", "--until-decided", "--max-games", "6", "--quiet",
            *(["--width", width] if width else [])]
    whole, out = tmp_path / "whole", tmp_path / "cut"
    assert main([*argv, "--out", str(whole)]) == 0
    assert main([*argv, "--out", str(out)]) == 0
    lines = (out / "games.jsonl").read_text().splitlines(keepends=True)
    assert len(lines) == (4 if width else 12)  # 0.99: every rate decided after the first block
    (out / "games.jsonl").write_text("".join(lines[:cut]) + lines[cut][:30] if cut < len(lines) else "".join(lines))
    (out / "summary.json").unlink()
    capsys.readouterr()
    assert main([*argv, "--out", str(out)]) == 2  # earlier results are never replaced by mistake
    assert "--resume plays on with them" in capsys.readouterr().err
    assert main([*argv, "--out", str(out), "--resume"]) == 0
    assert (out / "games.jsonl").read_text() == (whole / "games.jsonl").read_text()
    assert (out / "summary.json").read_text() == (whole / "summary.json").read_text()
    # another sweep's results are not resumed: its plan holds its values
    other = [a.replace("[2,4]", "[3,5]") for a in argv]
    assert main([*other, "--out", str(out), "--resume"]) == 2
    assert "are of another simulation (its variants differ)" in capsys.readouterr().err
    assert main([*other, "--out", str(out), "--force", "--no-report"]) == 0
    assert [r["vary"]["colombes"]["school_vp"] for r in _rows(out)][:2] == [[1, 3], [3, 5]]


def test_a_sweep_is_the_same_whatever_the_backend():
    ray = pytest.importorskip("ray")
    sweep = Sweep(factions=("colombes", "neiges"), bots=("random", "random"), games=2, seed=5, round_limit=1,
                  variants=(Variant({}, ("random", "random")), Variant({"neiges": {"igloo_vp": [0, 5, 5, 5, 5, 5, 5]}},
                                                                        ("random", "greedy"))))
    from rootlaw.tools.simulate import run_ray

    local = list(sweep.play(run_local))
    try:
        remote = list(sweep.play(lambda specs: run_ray(specs, num_cpus=1, include_dashboard=False)))
    finally:
        ray.shutdown()
    assert remote == local and [r["scores"]["neiges"] for r in local] == [0, 5, 0, 5]


def test_a_plain_run_opens_with_its_verdict(tmp_path):
    from rootlaw.tools.simulate import simulate

    plan = Plan(factions=("colombes", "neiges"), bots=("random", "random"), games=2, seed=2, round_limit=1)
    outcome = simulate(plan, tmp_path, progress=False)
    verdict = outcome.summary["verdict"]
    assert set(verdict["balance"]) == {"as written"} and set(verdict["balance"]["as written"]) == {"colombes", "neiges"}
    assert {"seats", "endings", "vp_sources", "lines", "balance_lines"} <= set(verdict)
    assert "variants" not in outcome.summary and "bot_sensitivity" not in outcome.summary
    page = (tmp_path / "report.html").read_text()
    assert page.index('id="verdict"') < page.index('id="factions"')
    assert Setup(map="autumn", factions=["colombes", "neiges"], seed=1).to_json().get("vary") is None
    assert Until().width == 0.1


def test_the_value_closest_to_an_even_share_and_those_as_near():
    from rootlaw.tools.summary import summarise
    from rootlaw.tools.verdict import designer_view

    bots = {"a": "random", "b": "random"}
    rows = []
    for value, a_wins in ((1, 2), (2, 8), (3, 12)):  # a wins 10%, 40% and 60% of 20 games
        for i in range(20):
            rows.append({**_row(i, bots, "a" if i < a_wins else "b"), "vary": {"a": {"x": value}}})
    view = designer_view(rows, summarise(rows))
    (closest,) = view["sweep"]["closest"]
    assert (closest["faction"], closest["label"], closest["tied"]) == ("a", "a.x = 2", ["a.x = 3"])
    assert closest["also_even"] == ["a.x = 3"]
    assert "Closest to an even share (50.0%) for a: a.x = 2, 40.0% [21.9%, 61.3%] (as near: a.x = 3)" \
        in " ".join(view["verdict"]["lines"])
