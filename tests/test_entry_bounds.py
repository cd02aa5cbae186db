"""Issue 28: values are checked where they enter. Seeds and round limits a save could not hold,
ports no system has, a trillion games, a hundred thousand workers, six thousand digits typed at
the prompt, a save to '/': each ends in a clear message, never a traceback, and a person's
mistake at the prompt never ends their game."""
from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from rootlaw.content.record import MAX_SEED, load_game
from rootlaw.tools import arguments
from rootlaw.tools.cli import main
from rootlaw.tools.simulate import Plan

ROOT = Path(__file__).resolve().parent.parent
MILITIA = ROOT / "tests" / "factions" / "militia_a.yaml"


def refused(capsys, *argv: str) -> str:
    """The command's message; it must end with status 2 and no traceback."""
    try:
        status = main(list(argv))
        out = capsys.readouterr()
        text = out.out + out.err
    except SystemExit as exc:  # argparse's refusals exit with status 2 and a usage line
        status, text = exc.code, capsys.readouterr().err
    assert status == 2 and "Traceback" not in text, text
    return text


# --- seeds and round limits: at most what a save holds ----------------------------------------
@pytest.mark.parametrize("argv", [
    ["play", "--seed", str(MAX_SEED + 1)],
    ["play", "--rounds", str(10**15 + 1)],
    ["simulate", "--factions", "alliance,arachneen", "--seed", str(MAX_SEED + 1)],
    ["play", "--seed", "9" * 6000],
])
def test_a_seed_or_round_limit_no_save_could_hold_is_refused_at_once(capsys, argv):
    text = refused(capsys, *argv)
    assert "is more than the largest" in text or "is not a whole number" in text
    assert "9" * 100 not in text  # a long number is not echoed in full


def test_the_largest_seed_accepted_is_one_a_save_holds(tmp_path, capsys):
    save = tmp_path / "save.json"
    assert main(["play", "--seed", str(MAX_SEED), "--rounds", "1", "--quiet", "--save", str(save),
                 "--save-at", "3"]) == 0
    game, setup = load_game(save)
    assert setup.seed == MAX_SEED


def test_the_web_table_refuses_a_seed_no_save_could_hold(tmp_path):
    pytest.importorskip("flask_wtf")
    from web_helpers import Browser, new_app
    browser = Browser(new_app(tmp_path))
    form = {"map": "autumn", "seat_alliance": "random", "seat_arachneen": "random", "rounds": "1"}
    page = browser.post("/new", {**form, "seed": str(MAX_SEED + 1)})
    assert page.status_code == 400 and b"at most 1,000,000,000,000,000" in page.data
    page = browser.post("/new", {**form, "seed": "1", "rounds": str(10**16)})
    assert page.status_code == 400 and b"round limit must be at most" in page.data
    page = browser.post("/new", {**form, "seed": "9" * 6000})
    assert page.status_code == 400 and b"is not a whole number" in page.data and b"9" * 100 not in page.data
    assert browser.post("/new", {**form, "seed": str(MAX_SEED)}).status_code == 303


# --- ports ------------------------------------------------------------------------------------
@pytest.mark.parametrize("port", ["99999", "-1", "65536"])
def test_a_port_no_system_has_is_refused_before_anything_is_announced(capsys, port):
    text = refused(capsys, "serve", "--port", port)
    assert "--port" in text and "rootlaw web table on" not in text


def test_the_port_announced_is_the_one_listened_on(tmp_path):
    pytest.importorskip("flask")
    proc = subprocess.Popen([sys.executable, "-m", "rootlaw", "serve", "--port", "0", "--db", str(tmp_path / "t.db")],
                            cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        line = proc.stdout.readline()
        port = int(re.search(r"http://localhost:(\d+)/", line).group(1))  # the first line announces it
        assert port != 0
        for _ in range(300):  # the server listens a moment after it announces the port
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=30) as page:
                    assert page.status == 200
                break
            except urllib.error.URLError:
                assert proc.poll() is None, proc.stdout.read()
                time.sleep(0.1)
        else:
            raise AssertionError(f"nothing listens on the port announced, {port}")
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_a_port_in_use_is_a_clean_error(tmp_path, capsys):
    pytest.importorskip("flask")
    import socket
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        text = refused(capsys, "serve", "--port", str(port), "--db", str(tmp_path / "t.db"))
    assert f"cannot listen on 127.0.0.1:{port}: in use by another program, or not allowed" in text


# --- simulate: games, workers, faction files, earlier results ---------------------------------
def test_a_trillion_games_is_refused_and_a_plan_makes_its_games_one_at_a_time(capsys):
    text = refused(capsys, "simulate", "--factions", "alliance,arachneen", "--games", "1000000000000")
    assert f"more than the games one simulation may play ({arguments.MAX_GAMES:,})" in text
    plan = Plan(factions=("alliance", "arachneen"), bots=("random", "random"), games=10**12)
    specs = plan.specs(start=10**12 - 2)
    assert [s.index for s in specs] == [10**12 - 2, 10**12 - 1]
    assert plan.spec(5) == next(plan.specs(start=5))


def test_workers_are_capped_at_the_processors_with_a_message(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    assert main(["simulate", "--factions", "alliance,arachneen", "--games", "2", "--rounds", "1", "--bot", "random",
                 "--workers", "100000", "--out", str(tmp_path / "sim"), "--quiet", "--no-report"]) == 0
    assert "--workers 100,000: this machine has 2 processor(s); using 2" in capsys.readouterr().err
    assert arguments.workers(1) == 1


def test_simulate_takes_faction_files_as_its_help_says(tmp_path, capsys):
    out = tmp_path / "sim"
    assert main(["simulate", "--factions", f"{MILITIA},alliance", "--games", "2", "--rounds", "1", "--bot", "random",
                 "--out", str(out), "--quiet", "--no-report"]) == 0
    rows = [json.loads(line) for line in (out / "games.jsonl").read_text().splitlines()]
    assert sorted(rows[0]["seats"]) == ["alliance", "militia_a"] and f"--pack {MILITIA}" in rows[0]["replay"]


def test_earlier_results_are_kept_unless_forced(tmp_path, capsys):
    out = tmp_path / "sim"
    argv = ["simulate", "--factions", "alliance,arachneen", "--games", "2", "--rounds", "1", "--bot", "random",
            "--out", str(out), "--quiet", "--no-report"]
    assert main(argv) == 0
    first = (out / "games.jsonl").read_bytes()
    capsys.readouterr()
    text = refused(capsys, *argv, "--seed", "9")
    assert "already holds the results of a simulation" in text and "--resume" in text and "--force" in text
    assert (out / "games.jsonl").read_bytes() == first
    assert "its seed differ" in refused(capsys, *argv, "--seed", "9", "--resume")
    assert "choose one" in refused(capsys, *argv, "--resume", "--force")
    assert main([*argv, "--seed", "9", "--force"]) == 0
    assert (out / "games.jsonl").read_bytes() != first
    assert json.loads((out / "summary.json").read_text())["plan"]["seed"] == 9


# --- a person at the prompt ------------------------------------------------------------------
def test_odd_answers_and_a_bad_save_keep_the_game_going(tmp_path, capsys, monkeypatch):
    typed = ["9" * 6000, "²", "٣", "save /", f"save {tmp_path / 'missing' / 'x.json'}", "1", "quit"]
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(typed) + "\n"))
    monkeypatch.chdir(tmp_path)
    assert main(["play", "--factions", "alliance,arachneen", "--rounds", "1", "--quiet", "--human", "1"]) == 0
    out = capsys.readouterr()
    text = out.out + out.err
    assert "Traceback" not in text
    assert text.count("is not one of the options") == 3
    assert "not written: /: is a folder" in text and "the game goes on" in text
    assert "does not exist; create it first" in text
    assert "game saved to rootlaw-save.json" in text  # 'quit' saved, after the answer was taken
    load_game(tmp_path / "rootlaw-save.json")


def test_a_seat_written_in_other_digits_is_not_a_seat(capsys):
    assert "not a seat" in refused(capsys, "play", "--human", "²", "--rounds", "1")
