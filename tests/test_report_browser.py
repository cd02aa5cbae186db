"""The simulation report opens in a browser: headless Chromium renders it and takes a screenshot.

CI installs Chromium (Debian's `chromium` package, see .ci/run), so there the test never skips.
"""
from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from rootlaw.tools.simulate import Plan, simulate

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.mark.skipif(CHROMIUM is None and not os.environ.get("CI"), reason="Chromium is not installed")
def test_the_report_renders_in_headless_chromium(tmp_path):
    from matplotlib.image import imread

    plan = Plan(factions=("alliance", "arachneen"), bots=("random", "random"), games=2, seed=2, round_limit=2)
    simulate(plan, tmp_path / "sim", progress=False)
    page = tmp_path / "sim" / "report.html"
    shot = tmp_path / "report.png"
    subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={tmp_path / 'profile'}", "--window-size=1000,1600",
                    f"--screenshot={shot}", page.as_uri()], capture_output=True, timeout=120, check=True)
    pixels = imread(shot)
    assert pixels.shape[:2] == (1600, 1000)
    assert pixels[..., :3].std() > 0.05  # text and plots, not a blank page
