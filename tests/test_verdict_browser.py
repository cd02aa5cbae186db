"""The designer's sections of a sweep's report open in a browser: headless Chromium renders the
page (its DOM as the browser built it, and a screenshot) with the verdict first, the table and
plot of each value and the bot sensitivity.

CI installs Chromium (Debian's `chromium` package, see .ci/run), so there the test never skips.
"""
from __future__ import annotations

import os
import subprocess

import pytest

from rootlaw.tools.cli import main
from test_report_browser import CHROMIUM, FLAGS


@pytest.mark.skipif(CHROMIUM is None and not os.environ.get("CI"), reason="Chromium is not installed")
def test_the_verdict_and_bot_sensitivity_render_in_headless_chromium(tmp_path, capsys):
    from matplotlib.image import imread

    out = tmp_path / "sweep"
    assert main(["simulate", "--factions", "colombes,neiges", "--games", "2", "--rounds", "1", "--seed", "3",
                 "--bot", "random", "--vary", "colombes.school_vp=[1,3],[2,4]", "--bots", "random,greedy",
                 "--out", str(out), "--quiet"]) == 0
    capsys.readouterr()
    page = (out / "report.html").as_uri()
    browser = [CHROMIUM, *FLAGS, f"--user-data-dir={tmp_path / 'profile'}"]
    dom = subprocess.run([*browser, "--dump-dom", page], capture_output=True, timeout=120, check=True,
                         text=True).stdout
    for marker in ('<section id="verdict">', '<table id="balance">', '<section id="variants">',
                   '<section id="bot-sensitivity">', '<table id="rankings">', "Closest to an even share",
                   "Écoles : PV (Schools: VP) = [2, 4]; bots greedy", 'alt="Win rate by value'):
        assert marker in dom, marker
    assert dom.index('id="verdict"') < dom.index('id="variants"') < dom.index('id="bot-sensitivity"') \
        < dom.index('id="factions"')
    shot = tmp_path / "report.png"
    subprocess.run([*browser, "--window-size=1000,1400", f"--screenshot={shot}", page],
                   capture_output=True, timeout=120, check=True)
    pixels = imread(shot)
    assert pixels.shape[:2] == (1400, 1000)
    top = pixels[:700, :, :3]
    assert top.std() > 0.05  # the verdict's table and text at the top of the page, not a blank page
