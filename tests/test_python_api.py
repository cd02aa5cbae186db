"""The public Python API (docs/python.md): the page's examples run as written, every name of
`rootlaw.__all__` is there with a docstring, and `import rootlaw` loads only the game machine
(the loaders, scenarios and agents come on first use of their names)."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import rootlaw

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "python.md"


def examples() -> list[str]:
    return re.findall(r"^```python\n(.*?)^```", PAGE.read_text(encoding="utf-8"), re.S | re.M)


def test_the_pages_examples_run(tmp_path, monkeypatch, capsys):
    shutil.copytree(ROOT / "tests" / "packs" / "river_otters", tmp_path / "river_otters")
    monkeypatch.chdir(tmp_path)
    namespace: dict = {}
    blocks = examples()
    assert len(blocks) >= 6
    for i, block in enumerate(blocks):
        exec(compile(block, f"docs/python.md example {i + 1}", "exec"), namespace)  # noqa: S102
    out = capsys.readouterr().out
    assert "PASS otters.scenario.yaml" in out and "no such pack" in out
    assert namespace["game"].s.ended and (tmp_path / "game.json").is_file()


def test_every_public_name_is_there_with_a_docstring():
    for name in rootlaw.__all__:
        value = getattr(rootlaw, name)
        if name not in ("__version__", "LANGUAGE"):
            assert (value.__doc__ or "").strip(), name
    assert set(rootlaw.__all__) <= set(dir(rootlaw))
    with pytest.raises(AttributeError, match="has no attribute 'nope'"):
        rootlaw.nope  # noqa: B018


def test_import_rootlaw_leaves_the_loaders_and_agents_for_later():
    code = ("import sys, rootlaw\n"
            "print(sorted({m.split('.')[1] for m in sys.modules if m.startswith('rootlaw.')}))\n"
            "rootlaw.Setup\n"
            "print('rootlaw.content.record' in sys.modules, 'yaml' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    layers, after = done.stdout.splitlines()
    assert layers == str(["core", "errors", "language", "law", "play", "version"])
    assert after == "True True"
