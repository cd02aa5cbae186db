"""PyYAML imported by the first file parsed (engine/files/documents.py): a warm `rootlaw play`,
whose every file comes from the document cache, never imports it; the next file that is not
in the cache is parsed as before, its mistakes reported at their positions; the loader's
names stay attributes of the module."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from rootlaw.errors import DataError
from rootlaw.files import documents, yaml_loader

PLAY = """
import contextlib, io, sys
sys.argv = ["rootlaw", "play", "--quiet", "--rounds", "1"]
from rootlaw.tools.entry import main
with contextlib.redirect_stdout(io.StringIO()):
    main()
print("yaml" in sys.modules)
from rootlaw.files.documents import load_yaml
print(load_yaml(text="a: [1, 2]\\nb: x\\n").data, "yaml" in sys.modules)
"""


def test_a_warm_start_imports_no_pyyaml_and_the_next_parse_does(tmp_path):
    env = {**os.environ, "ROOTLAW_CACHE_DIR": str(tmp_path)}
    runs = [subprocess.run([sys.executable, "-c", PLAY], capture_output=True, text=True, check=True, env=env)
            for _ in range(2)]
    assert runs[0].stdout.split("\n")[0] == "True"  # a first start parses (with ROOTLAW_NO_PREBUILT, as here)
    assert runs[1].stdout.split("\n")[:2] == ["False", "{'a': [1, 2], 'b': 'x'} True"]


def test_a_parse_still_reports_yaml_s_mistakes_at_their_position():
    with pytest.raises(DataError) as err:
        documents.load_yaml(text="a: 1\nb: [2, 3\n", source="x.yaml")
    (problem,) = err.value.problems
    assert problem.file == "x.yaml" and problem.line == 3 and "could not parse YAML" in problem.message


def test_the_loader_s_names_are_attributes_of_the_module():
    for name in documents._LOADER_NAMES:
        assert getattr(documents, name) is getattr(yaml_loader, name)
    with pytest.raises(AttributeError):
        documents.nope  # noqa: B018
