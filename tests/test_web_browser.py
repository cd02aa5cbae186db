"""Issue 14: a browser plays a game at `rootlaw serve` to its end by clicking options.

Headless Chromium from the system's packages (Debian's `chromium`), driven by Playwright.
Without them the test is skipped, unless ROOTLAW_BROWSER_TEST=required (as in CI), where a
missing browser is a failure. Screenshots go to $ROOTLAW_SCREENSHOTS (default: pytest's tmp).
"""
from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
REQUIRED = os.environ.get("ROOTLAW_BROWSER_TEST") == "required"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ROOT = Path(__file__).resolve().parent.parent


def _need(ok: bool, why: str) -> None:
    if not ok:
        if REQUIRED:
            pytest.fail(why)
        pytest.skip(why)


@pytest.fixture
def server():
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "rootlaw", "serve", "--port", str(port)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(url, timeout=1).close()
                break
            except OSError:
                if proc.poll() is not None:
                    raise AssertionError(proc.stdout.read().decode())
                time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def board_drawn(page) -> None:
    """Wait until the browser has loaded and drawn the board picture (an SVG in an <img>)."""
    page.wait_for_function("() => { const b = document.getElementById('board');"
                           " return b && b.complete && b.naturalWidth > 1000; }", timeout=30_000)


def test_a_person_plays_a_game_to_its_end_in_the_browser(server, tmp_path):
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _need(False, "Playwright is not installed (pip install '.[test]')")
    _need(Path(CHROMIUM).exists(), f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    shots = Path(os.environ.get("ROOTLAW_SCREENSHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        # Playwright gives the browser a fresh profile (user data dir) of its own
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page(viewport={"width": 1500, "height": 950})
        page.goto(server)
        page.select_option("select[name=map]", "autumn")
        page.fill("input[name=seed]", "5")
        page.fill("input[name=rounds]", "2")
        outs = page.locator("input[type=radio][value=out]")
        for i in range(outs.count()):  # every other bundled faction sits out
            outs.nth(i).check()
        page.check("input[name=seat_alliance][value=human]")
        page.check("input[name=seat_arachneen][value=bot]")
        for seat in page.locator("input[value=out]").all():  # every other bundled faction sits out
            if seat.get_attribute("name") not in ("seat_alliance", "seat_arachneen"):
                seat.check()
        page.click("#start")
        board_drawn(page)
        page.screenshot(path=str(shots / "web-start.png"))
        boards, clicks = set(), 0
        # after each click the page is loaded anew: wait for its options or the end of the game
        while page.wait_for_selector("button.option, #game-over", timeout=30_000) and \
                page.locator("#game-over").count() == 0:
            assert clicks < 500, "the game did not end"
            buttons = page.locator("button.option")
            assert buttons.count() >= 2, page.content()[:2000]  # one-option decisions answer themselves
            boards.add(page.get_attribute("#board", "src"))
            assert "Woodland Alliance" in page.inner_text("#decision")
            with page.expect_navigation():  # each option posts its answer and loads the next page
                buttons.nth(clicks % buttons.count()).click()
            clicks += 1
            if clicks == 6:
                board_drawn(page)
                page.screenshot(path=str(shots / "web-mid.png"))
        board_drawn(page)
        page.screenshot(path=str(shots / "web-end.png"))
        assert "round limit (2) reached" in page.inner_text("#game-over")
        assert clicks >= 3 and len(boards) >= 3  # the picture changed with the decisions
        with page.expect_download() as download:
            page.click("#record")
        record_file = tmp_path / "record.json"
        download.value.save_as(record_file)
        browser.close()
    record = json.loads(record_file.read_text())
    assert record["setup"]["factions"] == ["alliance", "arachneen"] and record["final_hash"]
    replayed = subprocess.run([sys.executable, "-m", "rootlaw", "replay", str(record_file)], cwd=ROOT,
                              capture_output=True, text=True)
    assert "(matches)" in replayed.stdout, replayed.stdout + replayed.stderr
    for name in ("web-start.png", "web-mid.png", "web-end.png"):
        assert (shots / name).stat().st_size > 10_000
