"""The distribution installs the package `rootlaw` from the folder engine/, with every
subpackage listed in pyproject.toml (setuptools is told them one by one)."""
from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import rootlaw

ROOT = Path(__file__).resolve().parent.parent


def test_every_python_folder_of_the_engine_is_a_listed_package():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    folders = {".".join(("rootlaw", *p.parent.relative_to(ROOT / "engine").parts))
               for p in (ROOT / "engine").rglob("*.py")}
    data_only = {p for p in config["packages"] if p.startswith("rootlaw.data.") or p.endswith((".templates", ".static"))}
    assert set(config["packages"]) - data_only == folders
    assert config["package-dir"]["rootlaw"] == "engine"


def test_the_package_is_rootlaw_and_ships_its_type_marker():
    assert Path(rootlaw.__file__).parent.joinpath("py.typed").is_file()
    assert rootlaw.__version__


def test_engine_is_not_an_importable_name(tmp_path):
    done = subprocess.run([sys.executable, "-c", "import rootlaw\ntry:\n import engine\nexcept ImportError:\n"
                           " print('no engine')"], cwd=tmp_path, capture_output=True, text=True,
                          env={"PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "no engine"


def test_python_dash_m_rootlaw_runs_the_command(tmp_path):
    done = subprocess.run([sys.executable, "-m", "rootlaw", "--help"], cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "rootlaw" in done.stdout


def test_the_distribution_and_the_package_agree_on_the_version():
    """Semantic versioning from 0.2.0 on: pyproject.toml and rootlaw.__version__ say the same."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert config["project"]["version"] == rootlaw.__version__
    assert [int(part) for part in rootlaw.__version__.split(".")] >= [0, 2, 0]
