"""The Ray backend plays the same games as the local one, on a local Ray instance."""
from __future__ import annotations

import os

import pytest

from rootlaw.tools.simulate import Plan, run_local, run_ray

if os.environ.get("CI"):
    import ray  # CI installs the `test` extra, which brings Ray: never skip there
else:
    ray = pytest.importorskip("ray")


def test_ray_gives_the_same_rows_as_the_local_backend():
    plan = Plan(factions=("alliance", "arachneen"), bots=("random", "greedy"), games=3, seed=8, round_limit=2)
    local = list(run_local(plan.specs()))
    try:
        remote = list(run_ray(plan.specs(), num_cpus=1, include_dashboard=False))
    finally:
        ray.shutdown()
    assert remote == local
