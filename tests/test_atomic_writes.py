"""Issue 28: one way to write files (rootlaw.files.atomic) and the row file of long runs
(rootlaw.files.jsonlines): the old file survives a failed write, the message says so, no
temporary file is left, and a torn last row is dropped."""
from __future__ import annotations

import errno
import os
import stat

import pytest

from rootlaw.errors import DataError, RootlawError
from rootlaw.files import atomic
from rootlaw.files.atomic import replacing, write_file
from rootlaw.files.jsonlines import RowFile


def test_a_write_replaces_the_file_whole_and_keeps_its_mode(tmp_path):
    path = tmp_path / "f.txt"
    path.write_text("old")
    path.chmod(0o640)
    write_file(path, "new", "file")
    assert path.read_text() == "new" and stat.S_IMODE(path.stat().st_mode) == 0o640
    write_file(tmp_path / "g.bin", b"\x00\x01", "file")
    assert (tmp_path / "g.bin").read_bytes() == b"\x00\x01"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.txt", "g.bin"]


def test_a_new_file_gets_the_usual_mode(tmp_path):
    write_file(tmp_path / "new.txt", "x", "file")
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE((tmp_path / "new.txt").stat().st_mode) == 0o666 & ~umask


@pytest.mark.parametrize("code,name", [(errno.ENOSPC, "No space left on device"), (errno.EFBIG, "File too large"),
                                       (errno.EACCES, "Permission denied")])
def test_a_failed_write_leaves_the_old_file_and_says_so(tmp_path, monkeypatch, code, name):
    path = tmp_path / "save.json"
    path.write_text("old")

    def failing(*args):
        raise OSError(code, name)
    monkeypatch.setattr(atomic.os, "fsync", failing)
    with pytest.raises(RootlawError) as err:
        write_file(path, "new", "saved game")
    assert str(err.value) == f"{path}: cannot write the saved game: {name}; the previous file is intact"
    assert path.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["save.json"]


def test_an_error_while_the_content_is_made_leaves_the_old_file(tmp_path):
    path = tmp_path / "report.html"
    path.write_text("old")
    with pytest.raises(ZeroDivisionError):
        with replacing(path, "report") as handle:
            handle.write("half")
            1 / 0
    assert path.read_text() == "old" and len(list(tmp_path.iterdir())) == 1


def test_a_link_is_followed_and_kept(tmp_path):
    target = tmp_path / "real.json"
    target.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    write_file(link, "new", "file")
    assert link.is_symlink() and target.read_text() == "new"


@pytest.mark.parametrize("where,message", [("/dev/null", "is not a regular file"), (".", "is a folder"),
                                           ("missing/x.json", "does not exist; create it first")])
def test_a_destination_that_is_no_file_is_refused_and_never_replaced(tmp_path, monkeypatch, where, message):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(RootlawError, match=message):
        write_file(where, "x", "file")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


# --- rows of long runs ------------------------------------------------------------------------
def test_rows_are_written_at_once_and_a_torn_last_row_is_dropped(tmp_path):
    path = tmp_path / "games.jsonl"
    with RowFile(path).start() as rows:
        rows.append({"game": 0, "b": 1})
        assert path.read_text() == '{"b": 1, "game": 0}\n'  # on the disk before the next row
        rows.append({"game": 1})
    with path.open("a") as handle:
        handle.write('{"game": 2, "sc')  # a kill while writing row 2
    again = RowFile(path)
    assert again.resume() == [{"b": 1, "game": 0}, {"game": 1}] and again.written == 2
    again.append({"game": 2})
    again.close()
    assert path.read_text().splitlines()[-1] == '{"game": 2}'


def test_a_whole_last_line_that_is_not_json_is_dropped_too(tmp_path):
    path = tmp_path / "games.jsonl"
    path.write_text('{"game": 0}\n{"game": \x00\x00\n')
    rows = RowFile(path)
    assert rows.resume() == [{"game": 0}]
    rows.close()
    assert path.read_text() == '{"game": 0}\n'


def test_a_damaged_row_before_the_last_is_an_error(tmp_path):
    path = tmp_path / "games.jsonl"
    path.write_text('{"game": 0}\nnot json\n{"game": 2}\n')
    with pytest.raises(DataError, match="line 2 is not one of the rows"):
        RowFile(path).resume()


def test_a_row_that_cannot_be_written_says_the_rows_before_it_are_kept(tmp_path, monkeypatch):
    path = tmp_path / "games.jsonl"
    rows = RowFile(path, "game rows").start()
    rows.append({"game": 0})

    def full(*args):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(RootlawError, match="No space left on device; the 1 written before it are kept"):
        rows.append({"game": 1})
