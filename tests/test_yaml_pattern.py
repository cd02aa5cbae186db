"""PyYAML's pattern of the characters a stream may not hold, compiled the quick way
(rootlaw.files.yaml_pattern): the same matches, and the one PyYAML uses once rootlaw loads it."""
from __future__ import annotations

import re
import subprocess
import sys

from rootlaw.files import yaml_pattern


def test_the_quick_form_matches_exactly_what_pyyaml_writes():
    written = re.compile(yaml_pattern.PYYAML, re.UNICODE)  # another cache key: PyYAML's own text, compiled
    quick = re.compile(yaml_pattern.SAME)
    assert written.pattern == yaml_pattern.PYYAML and quick.pattern == yaml_pattern.SAME
    text = "".join(map(chr, range(0x110000)))
    assert [m.start() for m in written.finditer(text)] == [m.start() for m in quick.finditer(text)]


def test_pyyaml_finds_the_quick_form_when_rootlaw_loads_it():
    code = ("import rootlaw.files.documents, yaml.reader\n"
            "print(yaml.reader.Reader.NON_PRINTABLE.pattern == rootlaw.files.yaml_pattern.SAME)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "True", "PyYAML compiles its own pattern: see rootlaw/files/yaml_pattern.py"


def test_a_bad_file_still_names_its_unprintable_character(tmp_path):
    from rootlaw.errors import DataError
    from rootlaw.files.documents import load_yaml

    path = tmp_path / "f.yaml"
    path.write_text("id: a\x07b\n", encoding="utf-8")
    try:
        load_yaml(path)
    except DataError as err:
        assert "f.yaml:1:6: the file contains a character YAML does not allow (U+0007)" in str(err)
    else:
        raise AssertionError("a control character in a YAML file loaded")
