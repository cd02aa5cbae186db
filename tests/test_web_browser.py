"""Issues 14 and 25: two people at their own browsers and a bot play a game at `rootlaw serve` to
its end, by clicking.

Each browser context is a person's own browser: it sees its own hand's cards and none of the
other's; the page that waits follows the game live (WebSocket); a clearing is answered by
clicking it on the board; a click from a stale page (a page without script, which never
refreshes) is refused with "the game moved on"; the server is killed mid-game and started again
on the same database, and the same table goes on from the same pending decision.

Headless Chromium from the system's packages (Debian's `chromium`), driven by Playwright, each
browser with a fresh profile of its own. Without them the test is skipped, unless
ROOTLAW_BROWSER_TEST=required (as in CI), where a missing browser is a failure. Screenshots go
to $ROOTLAW_SCREENSHOTS (default: pytest's tmp).
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
VIEWPORT = {"width": 1500, "height": 950}


def _need(ok: bool, why: str) -> None:
    if not ok:
        if REQUIRED:
            pytest.fail(why)
        pytest.skip(why)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`rootlaw serve` in a process of its own, on a database that outlives it."""

    def __init__(self, folder: Path) -> None:
        self.folder, self.port = folder, _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None
        self.starts = 0

    def start(self) -> None:
        self.starts += 1
        out = open(self.folder / f"server-{self.starts}.txt", "w")
        env = {**os.environ, "XDG_DATA_HOME": str(self.folder / "data")}
        self.proc = subprocess.Popen([sys.executable, "-m", "rootlaw", "serve", "--port", str(self.port),
                                      "--db", str(self.folder / "tables.sqlite3")], cwd=ROOT, env=env,
                                     stdout=out, stderr=subprocess.STDOUT)
        for _ in range(200):
            try:
                urllib.request.urlopen(self.url + "/", timeout=1).close()
                return
            except OSError:
                if self.proc.poll() is not None:
                    raise AssertionError(self.output())
                time.sleep(0.1)
        raise AssertionError("the server did not start: " + self.output())

    def output(self) -> str:
        return "".join(p.read_text() for p in sorted(self.folder.glob("server-*.txt")))

    def kill(self) -> None:
        self.proc.kill()
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=10)


@pytest.fixture
def server(tmp_path):
    s = Server(tmp_path)
    s.start()
    try:
        yield s
    finally:
        s.stop()


def hand(page) -> list[str]:
    return page.locator("#hand .cards").first.locator(".card-name").all_inner_texts()


def deciding(pages: dict, seconds: float = 30):
    """The page whose seat decides now (a live page shows it without a reload), or None at the end."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        for name, page in pages.items():
            if page.locator("#game-over").count():
                return None
            if page.locator("#decision").count():
                return name
        time.sleep(0.05)
    raise AssertionError("no page shows a decision: " + " | ".join(p.inner_text("main")[:300] for p in pages.values()))


def decision_shown(page) -> tuple:
    return (page.get_attribute("#state", "data-moves"), page.inner_text("#decision .prompt"),
            tuple(page.locator("button.option .label").all_inner_texts()))


def test_two_people_and_a_bot_play_to_the_end_in_their_own_browsers(server, tmp_path):
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _need(False, "Playwright is not installed (pip install '.[test]')")
    _need(Path(CHROMIUM).exists(), f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    shots = Path(os.environ.get("ROOTLAW_SCREENSHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        # Playwright starts the browser with a fresh profile (user data dir) of its own
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        alliance_ctx, circle_ctx, watcher_ctx = (browser.new_context(viewport=VIEWPORT) for _ in range(3))
        host = alliance_ctx.new_page()
        host.goto(server.url + "/")
        for select in host.locator("select.seat").all():
            select.select_option("out")
        host.select_option("select[name=seat_alliance]", "person")
        host.select_option("select[name=seat_arachneen]", "person")
        host.select_option("select[name=seat_cabale]", "random")
        host.select_option("select[name=map]", "autumn")
        host.fill("input[name=seed]", "5")
        host.fill("input[name=rounds]", "2")
        host.click("#start")
        host.wait_for_selector("#cover")  # the host holds both person seats at first: hot-seat
        links = {li.text_content().split(":")[0].strip(): li.locator("input").input_value()
                 for li in host.locator("#links li").all()}
        circle = circle_ctx.new_page()
        circle.goto(links["Cercle Arachnéen (Arachnid Circle)"].replace("localhost", "127.0.0.1"))
        circle.click("#take-seat")
        watcher = watcher_ctx.new_page()
        watcher.goto(links["spectators"].replace("localhost", "127.0.0.1"))
        host.reload()
        pages = {"alliance": host, "arachneen": circle}
        assert "your hand" in host.inner_text("#hand") and "your hand" in circle.inner_text("#hand")
        assert watcher.locator("#hand").count() == 0 and watcher.locator("#spectator").count() == 1
        clicks, board_clicks, stale_checked, restarted, secrets_checked = 0, 0, False, False, 0
        while (who := deciding(pages)) is not None:
            assert clicks < 400, "the game did not end"
            page, other = pages[who], pages["arachneen" if who == "alliance" else "alliance"]
            if clicks % 5 == 0:  # each page shows its own hand and none of the other's cards
                mine, theirs = hand(page), hand(other)
                public = watcher.inner_text("main")
                secret = [c for c in theirs if c not in mine and c not in public]
                assert not [c for c in secret if c in page.content()], (who, secret)
                secrets_checked += bool(secret)
            if clicks == 6:
                page.screenshot(path=str(shots / "web-seat-mid-game.png"))
            if not stale_checked and clicks >= 4:
                stale_checked = stale_click_is_refused(browser, pages, who, server)
                continue
            if not restarted and clicks >= 12:
                before = decision_shown(page)
                server.kill()
                server.start()
                page.reload()
                assert decision_shown(page) == before  # the same table, the same pending decision
                other.reload()
                restarted = True
            spots = page.locator("#board .choosable")
            if spots.count() and board_clicks < 3:  # a clearing decision: answered on the board
                if board_clicks == 0:
                    page.screenshot(path=str(shots / "web-decision-in-context.png"))
                with page.expect_navigation():
                    spots.first.click()
                board_clicks += 1
            else:
                buttons = page.locator("button.option")
                with page.expect_navigation():
                    buttons.nth(clicks % buttons.count()).click()
            clicks += 1
        host.wait_for_selector("#game-over")
        circle.wait_for_selector("#game-over", timeout=15_000)  # the other page learns it live
        host.screenshot(path=str(shots / "web-game-over.png"), full_page=True)
        assert "Round limit (2) reached" in host.inner_text("#how")
        assert "VP by source" in host.inner_text("#scores")
        assert stale_checked and restarted and board_clicks >= 1 and secrets_checked
        with host.expect_download() as download:
            host.click("#record")
        record_file = tmp_path / "record.json"
        download.value.save_as(record_file)
        browser.close()
    record = json.loads(record_file.read_text())
    assert sorted(record["setup"]["factions"]) == ["alliance", "arachneen", "cabale"] and record["final_hash"]
    replayed = subprocess.run([sys.executable, "-m", "rootlaw", "replay", str(record_file)], cwd=ROOT,
                              capture_output=True, text=True)
    assert "(matches)" in replayed.stdout, replayed.stdout + replayed.stderr
    for name in ("web-seat-mid-game.png", "web-decision-in-context.png", "web-game-over.png"):
        assert (shots / name).stat().st_size > 10_000


def stale_click_is_refused(browser, pages: dict, who: str, server: Server) -> bool:
    """A copy of the deciding seat's page without script never refreshes; once the seat has
    answered on its live page, a click on the copy is refused with the fresh page."""
    live = pages[who]
    stale = browser.new_context(viewport=VIEWPORT, java_script_enabled=False,
                                storage_state=live.context.storage_state()).new_page()
    stale.goto(live.url)
    if stale.locator("button.option").count() == 0:
        stale.context.close()
        return False
    moves = live.get_attribute("#state", "data-moves")
    with live.expect_navigation():
        live.locator("button.option").first.click()
    answered = int(live.get_attribute("#state", "data-moves"))
    assert answered > int(moves)
    stale.locator("button.option").last.click()
    stale.wait_for_selector("#notice")
    assert "The game moved on" in stale.inner_text("#notice")
    assert int(stale.get_attribute("#state", "data-moves")) >= answered  # the fresh page, not the old one
    stale.context.close()
    return True
