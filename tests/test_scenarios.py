"""Every scenario file under tests/ runs as a test (issue: scenarios for rules-lawyers)."""
from __future__ import annotations

from pathlib import Path

import pytest

from rootlaw.scenarios.runner import run_scenario

SCENARIOS = sorted(Path(__file__).parent.rglob("*.scenario.yaml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=[str(p.relative_to(Path(__file__).parent)) for p in SCENARIOS])
def test_scenario(path: Path) -> None:
    outcome = run_scenario(path)
    assert outcome.passed, outcome.report()
