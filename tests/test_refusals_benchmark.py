"""The benchmark of issue 28's hostile inputs runs, and every input in it ends as it should
(status, message, no traceback); its times are for people to read, never asserted."""
from __future__ import annotations

import os

import pytest

from benchmarks import refusals


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_every_hostile_input_of_the_benchmark_ends_cleanly(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    status = refusals.main(["--runs", "1"])
    assert list(tmp_path.iterdir()) == []  # the games it quits are saved in its own folder, not here
    table = capsys.readouterr().out
    assert status == 0, table
    inputs = len(refusals.cases(tmp_path, tmp_path / "cache"))
    assert inputs == 22 and table.count(" ok (exit ") == 1 + inputs and "FAILED" not in table, table
