"""Issue 14: a person plays at the terminal. The test drives `rootlaw play --human` through its
real standard input and output (a subprocess with pipes), reading each prompt before answering."""
from __future__ import annotations

import json
import os
import re
import selectors
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

from rootlaw.tools.cli import main

ROOT = Path(__file__).resolve().parent.parent
PROMPT = "your choice (number, name or 'help')> "


class Terminal:
    """A running `rootlaw` with pipes; `until` reads its output up to a text."""

    def __init__(self, args: list[str], cwd: Path) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen([sys.executable, "-m", "rootlaw", *args], cwd=cwd, env=env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.seen = ""
        self.sel = selectors.DefaultSelector()
        self.sel.register(self.proc.stdout, selectors.EVENT_READ)

    def until(self, *texts: str, timeout: float = 60) -> str:
        """Output from here to the first of `texts` (or to the end of the program)."""
        start, deadline = len(self.seen), time.monotonic() + timeout
        while not any(t in self.seen[start:] for t in texts):
            assert time.monotonic() < deadline, f"waited for {texts}; got: {self.seen[start:][-2000:]}"
            if self.sel.select(timeout=1):
                chunk = os.read(self.proc.stdout.fileno(), 65536).decode()
                if not chunk:
                    break
                self.seen += chunk
        return self.seen[start:]

    def send(self, line: str) -> None:
        self.proc.stdin.write((line + "\n").encode())
        self.proc.stdin.flush()


def options(screen: str) -> list[str]:
    """The numbered options of the last decision shown."""
    last = screen[screen.rindex(">> "):]
    return re.findall(r"^\s+\d+\. (.*)$", last, flags=re.M)


def test_a_person_plays_a_whole_game_at_the_terminal(tmp_path):
    term = Terminal(["play", "--factions", "alliance,arachneen", "--seed", "4", "--rounds", "2",
                     "--human", "alliance", "--record", "game.json",
                     "--picture", "board.svg"], tmp_path)
    screen = term.until(PROMPT)
    assert "seats:" in screen  # the log so far comes before the first question
    assert ">> Sojusz Stworzeń Leśnych (Woodland Alliance) · round 1 · Birdsong" in screen
    first = options(screen)
    assert first and first[-1] == "end the step"
    term.send("help")
    assert "'board'" in term.until(PROMPT)
    term.send("no such option")
    assert f"is not one of the options 1-{len(first)}" in term.until(PROMPT)
    term.send("board")
    assert "board picture written to board.svg" in term.until(PROMPT)
    assert ET.parse(tmp_path / "board.svg").getroot().tag.endswith("svg")
    term.send(first[0])  # by name: the log then names the same action
    screen = term.until(PROMPT, "Final scores")
    assert f"takes the action {first[0]}" in screen
    answered = 1
    while "Final scores" not in screen:
        term.send("1")
        answered += 1
        screen = term.until(PROMPT, "Final scores")
    screen += term.until("Result:")
    assert term.proc.wait(timeout=30) == 0
    assert "round limit (2) reached" in screen and answered > 3
    record = json.loads((tmp_path / "game.json").read_text())
    assert main(["replay", str(tmp_path / "game.json")]) == 0
    assert record["setup"]["factions"] == ["alliance", "arachneen"]


def test_a_person_saves_and_quits_at_a_decision_and_plays_on_later(tmp_path, capsys):
    term = Terminal(["play", "--seed", "4", "--rounds", "2", "--human", "2", "--save", "later.json"], tmp_path)
    term.until(PROMPT)
    term.send("1")
    term.until(PROMPT)
    term.send("save early.json")
    assert "game saved to early.json" in term.until(PROMPT)
    term.send("quit")
    hint = "game saved to later.json; play on with: rootlaw play --resume later.json --human 2"
    assert hint in term.until("--human 2")
    assert term.proc.wait(timeout=30) == 0
    saved = json.loads((tmp_path / "later.json").read_text())
    assert saved["state"]["decision"] is not None  # saved at the pending decision
    assert main(["play", "--resume", str(tmp_path / "later.json"), "--quiet"]) == 0
    assert "round limit (2) reached" in capsys.readouterr().out


def test_a_seat_that_is_not_in_the_game_is_refused(tmp_path, capsys):
    assert main(["play", "--seed", "4", "--rounds", "2", "--human", "9"]) == 2
    assert "--human 9: not a seat; seats: 1 " in capsys.readouterr().err


PASS = "press Enter"


def test_two_people_at_one_terminal_see_their_own_hands_only(tmp_path):
    """Issue 24: the pass screen between two seats, `hand`, `me`, `log`, a clearing answered by
    its name, and `quit`'s command keeping both seats."""
    term = Terminal(["play", "--factions", "alliance,cabale", "--seed", "4", "--rounds", "2",
                     "--human", "1", "--human", "2"], tmp_path)
    screen = term.until(PASS)
    assert "\033[2J" in screen and "pass to Cabale des Nécropossums (Necropossum Cabal) — press Enter" in screen
    term.send("")
    screen = term.until(PROMPT)
    drawn = re.search(r"you draw (.*)$", screen, flags=re.M).group(1).split(", ")
    assert "Woodland Alliance draws 3 cards" in screen and len(drawn) == 3
    assert "Set up in which clearing?" in screen
    term.send("hand")
    hand = term.until(PROMPT)
    assert "Your hand (3 cards):" in hand and all(card in hand for card in drawn)
    label = options(screen)[1]  # "Quarry (2, mouse)"
    name = label.split(" (")[0]
    term.send(name.lower())  # a clearing by its name, in lower case
    screen = term.until(PROMPT)
    assert "is not one of the options" not in screen
    assert f"Necropossum Cabal sets up in {label}" in screen
    term.send("me")
    assert "Your faction board:" in term.until(PROMPT)
    term.send("log 3")
    last = term.until(PROMPT).splitlines()[:-1]
    term.send("log 30")
    assert len(last) == 3 and f"sets up in {label}" in term.until(PROMPT)
    while True:  # the Cabal's turn, to the pass screen
        term.send("1")
        screen = term.until(PROMPT, PASS)
        if PASS in screen:
            break
    assert "pass to Sojusz Stworzeń Leśnych (Woodland Alliance) — press Enter" in screen
    term.send("")
    screen = term.until(PROMPT)
    assert "Necropossum Cabal draws 3 cards" in screen and "you draw" in screen
    assert not any(f"draw {card}" in screen or f"draw {card}," in screen for card in drawn)
    term.send("hand")
    hand = term.until(PROMPT)
    assert "Your hand (3 cards):" in hand
    term.send("quit")
    hint = "play on with: rootlaw play --resume rootlaw-save.json --human 1 --human 2"
    assert hint in term.until("--human 2")
    assert term.proc.wait(timeout=30) == 0


def test_the_decision_cap_saves_a_persons_game_first(tmp_path, capsys):
    term = Terminal(["play", "--factions", "alliance,cabale", "--seed", "4", "--rounds", "3",
                     "--human", "alliance", "--max-decisions", "4", "--save", "capped.json"], tmp_path)
    screen = term.until(PROMPT)
    while "decision cap" not in screen:
        term.send("1")
        screen = term.until(PROMPT, "--human alliance")
    assert "the decision cap (4) was reached: game saved to capped.json; play on with: " \
           "rootlaw play --resume capped.json --human alliance" in screen
    assert term.proc.wait(timeout=30) == 0
    assert main(["play", "--resume", str(tmp_path / "capped.json"), "--quiet"]) == 0
    assert "Result:" in capsys.readouterr().out
