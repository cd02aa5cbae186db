"""Issue 7.2, 7.7, 7.8: records, saved games, packs and arguments from a careless user or an
attacker end in a clean message (exit status 2 or 1, never a traceback), name data by id only,
and never quote a file that is not rootlaw's."""
from __future__ import annotations

import errno
import json
import os
import shutil
import zipfile
from pathlib import Path

import pytest

from rootlaw.content.record import Record, load_game
from rootlaw.errors import DataError
from rootlaw.tools.cli import main

PACK = Path(__file__).parent / "packs" / "river_otters"
SECRET = "hunter2-do-not-print"


@pytest.fixture(scope="module")
def saved(tmp_path_factory) -> dict:
    """A real saved game and record of the bundled factions, as JSON data."""
    folder = tmp_path_factory.mktemp("saved")
    save, record = folder / "save.json", folder / "record.json"
    assert main(["play", "--seed", "3", "--rounds", "3", "--quiet", "--save", str(save), "--save-at", "15",
                 "--record", str(record)]) == 0
    return {"save": json.loads(save.read_text()), "record": json.loads(record.read_text())}


def run(capsys, *argv: str) -> tuple[int, str]:
    status = main(list(argv))
    out = capsys.readouterr()
    return status, out.out + out.err


def write(tmp_path: Path, data, name: str = "file.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return path


@pytest.fixture
def secret_file(tmp_path) -> Path:
    path = tmp_path / "secret.yaml"
    path.write_text(f"password: {SECRET}\nfirst: line\n")
    return path


# --- 7.2 data files name only data ------------------------------------------------------------
@pytest.mark.parametrize("kind", ["record", "save"])
def test_a_file_naming_a_path_as_faction_is_refused_unread(tmp_path, capsys, saved, secret_file, kind):
    data = json.loads(json.dumps(saved[kind]))
    data["setup"]["factions"] = [str(secret_file), "alliance"]
    path = write(tmp_path, data)
    status, out = run(capsys, *(["replay", str(path)] if kind == "record" else ["play", "--resume", str(path)]))
    assert status == 2 and "by id" in out and SECRET not in out


def test_a_scenario_naming_a_path_as_faction_does_not_quote_it(tmp_path, capsys, secret_file):
    scenario = write(tmp_path, f"factions: [{secret_file}, alliance]\nrun: {{phase: birdsong}}\n",
                     "x.scenario.yaml")
    status, out = run(capsys, "check", str(scenario))
    assert status == 1 and "unknown faction" in out and SECRET not in out


def test_a_record_naming_packs_needs_them_on_the_command_line(tmp_path, capsys, saved):
    data = json.loads(json.dumps(saved["record"]))
    data["setup"]["packs"] = ["/etc"]
    status, out = run(capsys, "replay", str(write(tmp_path, data)))
    assert status == 2 and "--pack" in out


def test_a_faction_file_typed_on_the_command_line_plays_and_replays_by_id(tmp_path, capsys):
    faction = Path(__file__).parent / "factions" / "militia_a.yaml"
    record = tmp_path / "r.json"
    assert run(capsys, "play", "--factions", f"{faction},alliance", "--rounds", "2", "--quiet",
               "--record", str(record))[0] == 0
    assert json.loads(record.read_text())["setup"]["factions"] == ["militia_a", "alliance"]
    assert run(capsys, "replay", str(record), "--pack", str(faction))[0] == 0


# --- 7.7 and 7.8 saved games --------------------------------------------------------------------
def _edited(saved: dict, edit) -> dict:
    data = json.loads(json.dumps(saved["save"]))
    edit(data["state"])
    return data


def _fifty_warriors(state):
    player = next(p for p in state["players"].values() if p["supply"].get("warrior"))
    player["supply"]["warrior"] += 50


def _scores_29(state):
    for player in state["players"].values():
        player["score"] = 29


def _winner_without_end(state):
    state["winner"] = state["seats"][0]


@pytest.mark.parametrize("edit,message", [
    (_fifty_warriors, "in supply"),
    (_scores_29, "but the log records"),
    (lambda s: s["players"][s["seats"][0]].update(score=1.5), "not a whole number"),
    (lambda s: s.update(seats=s["seats"] + ["nobody"]), "seats"),
    (lambda s: s.update(deck=s["deck"] + [999]), "cards are not conserved"),
    (lambda s: s.update(stack=[]), "no rule is waiting"),
    (lambda s: s["decision"].update(options=[]), "option"),
    (lambda s: s["decision"].update(player="nobody"), "not seated"),
    (_winner_without_end, "has not ended"),
    (lambda s: s["decision"].update(player=[p for p in s["seats"] if p != s["decision"]["player"]][0]),
     "is not the one the rules ask"),
    (lambda s: s["decision"].update(options=s["decision"]["options"][::-1]), "is not the one the rules ask"),
    (lambda s: s["decision"].update(kind="made_up"), "is not the one the rules ask"),
    (lambda s: s["stack"].append({"op": "no_such_step"}), "does not exist"),
    (lambda s: s.update(players=[]), "not a rootlaw saved game"),
])
def test_a_hand_edited_save_is_refused_with_what_is_wrong(tmp_path, saved, edit, message):
    path = write(tmp_path, _edited(saved, edit))
    with pytest.raises(DataError) as err:
        load_game(path)
    assert str(err.value).startswith(f"{path}:1:1:")
    assert message in str(err.value)


@pytest.mark.parametrize("content,message", [
    ('{"version": 2, "setup": {}, "state": {"x": NaN}}', "NaN"),
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ("[" * 150 + "]" * 150, "nested too deeply"),
    (b"\xff\xfe{}", "not UTF-8"),
    ('{"version": 2, "setup": {"map": "autumn", "factions": ["alliance", "arachneen"], "seed": '
     + "9" * 5000 + "}}", "too long"),
    ('{"version": 2.0, "setup": {}}', "version"),
    ('{"version": 1, "setup": {}, "answers": []}', "format version 1 is not supported"),
])
def test_broken_json_files(tmp_path, content, message):
    path = tmp_path / "save.json"
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    with pytest.raises(DataError, match=message):
        load_game(path)


def test_a_folder_or_a_pipe_given_as_the_saved_game(tmp_path, capsys):
    assert "this is a folder, not a saved game" in run(capsys, "play", "--resume", str(tmp_path))[1]
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "pipe.json"
        os.mkfifo(fifo)
        status, out = run(capsys, "replay", str(fifo))
        assert status == 2 and "not a regular file" in out


# --- records ----------------------------------------------------------------------------------
@pytest.mark.parametrize("field,value,message", [
    ("seed", 1.5, "'seed' must be a whole number"),
    ("seed", "abc", "'seed' must be a whole number"),
    ("seed", True, "'seed' must be a whole number"),
    ("round_limit", 0, "'round_limit'"),
    ("map", "../../etc/passwd", "'map' must be an id"),
    ("deck", 7, "'deck' must be an id"),
    ("oops", 1, "unknown field"),
])
def test_a_record_with_a_bad_setup(tmp_path, saved, field, value, message):
    data = json.loads(json.dumps(saved["record"]))
    data["setup"][field] = value
    with pytest.raises(DataError, match=message):
        Record.load(write(tmp_path, data))


def test_a_record_with_deeply_nested_answers(tmp_path, capsys, saved):
    text = json.dumps(saved["record"]).replace('"answers": [', '"answers": [' + "[" * 100_000 + "]" * 100_000 + ", ")
    status, out = run(capsys, "replay", str(write(tmp_path, text)))
    assert status == 2 and "nested too deeply" in out


def test_a_record_with_an_illegal_answer(tmp_path, capsys, saved):
    data = json.loads(json.dumps(saved["record"]))
    data["answers"][0] = {"a": 1}
    status, out = run(capsys, "replay", str(write(tmp_path, data)))
    assert status == 2 and "is not an option" in out


# --- 7.7 arguments and output paths ---------------------------------------------------------------
@pytest.mark.parametrize("argv,message", [
    (["play", "--factions", ""], "empty name"),
    (["play", "--factions", "alliance,"], "empty name"),
    (["play", "--save-at", "3"], "--save-at needs --save"),
    (["play", "--resume", "x.json", "--factions", "alliance,arachneen"], "leave out --factions"),
    (["play", "--record", "/no/such/folder/r.json"], "does not exist"),
    (["play", "--seed", "2", "--max-decisions", "0"], "at least 1"),
])
def test_argument_mistakes(capsys, argv, message):
    try:
        status, out = run(capsys, *argv)
    except SystemExit as exc:  # argparse's own refusals exit with status 2 and a usage line
        status, out = exc.code, capsys.readouterr().err
    assert status == 2 and message in out


def test_output_paths_are_checked_before_the_game(tmp_path, capsys, monkeypatch):
    played = []
    monkeypatch.setattr("rootlaw.agents.agent.RandomAgent.choose", lambda *a: played.append(1))
    for argv in (["--save", str(tmp_path)], ["--record", str(tmp_path / "missing" / "r.json")]):
        status, out = run(capsys, "play", *argv)
        assert status == 2 and not played


def test_a_full_disk_is_refused_before_the_game(tmp_path, capsys, monkeypatch):
    played = []
    monkeypatch.setattr("rootlaw.agents.agent.RandomAgent.choose", lambda *a: played.append(1))
    monkeypatch.setattr("shutil.disk_usage", lambda path: shutil._ntuple_diskusage(10**9, 10**9, 1000))
    status, out = run(capsys, "play", "--record", str(tmp_path / "r.json"))
    assert status == 2 and "the disk is full" in out and not played


def test_a_disk_filling_up_during_the_game_is_a_clean_error(tmp_path, capsys, monkeypatch):
    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr("os.fsync", full)
    status, out = run(capsys, "play", "--rounds", "1", "--quiet", "--record", str(tmp_path / "r.json"))
    assert status == 2 and "No space left" in out and "no file was written" in out
    assert list(tmp_path.iterdir()) == []  # nor a temporary file left behind


def test_a_lone_surrogate_in_an_id_prints(tmp_path, capsys):
    path = tmp_path / "bad.yaml"
    path.write_text('id: "\\ud800"\nnames: {en: x}\npieces: {}\nturn: {}\n')
    status, out = run(capsys, "validate", str(path))
    assert status == 1 and "bad.yaml:1:" in out


def test_names_print_on_an_output_that_cannot_encode_them(tmp_path):
    import subprocess
    import sys
    env = {**os.environ, "PYTHONIOENCODING": "cp1252"}
    done = subprocess.run([sys.executable, "-m", "rootlaw", "play", "--rounds", "1", "--quiet"],
                          capture_output=True, env=env, cwd=Path(__file__).parent.parent)
    assert done.returncode == 0 and b"Stworze?" in done.stdout and not done.stderr


def test_a_closed_pipe_ends_quietly(tmp_path):
    import subprocess
    import sys
    proc = subprocess.Popen([sys.executable, "-m", "rootlaw", "play", "--rounds", "5"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=Path(__file__).parent.parent)
    proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read()
    proc.wait()
    assert b"Traceback" not in err and b"BrokenPipe" not in err


# --- packs ----------------------------------------------------------------------------------------
def _zip(tmp_path: Path, tweak=None, method=zipfile.ZIP_DEFLATED) -> Path:
    target = tmp_path / "pack.zip"
    with zipfile.ZipFile(target, "w", compression=method) as z:
        for path in sorted(PACK.rglob("*")):
            if path.is_file():
                z.write(path, path.relative_to(PACK).as_posix())
    if tweak:
        raw = bytearray(target.read_bytes())
        tweak(raw)
        target.write_bytes(bytes(raw))
    return target


def _local_headers(raw: bytearray) -> list[int]:
    found, at = [], raw.find(b"PK\x03\x04")
    while at >= 0:
        found.append(at)
        at = raw.find(b"PK\x03\x04", at + 4)
    return found


def _bad_crc(raw: bytearray) -> None:
    for at in _local_headers(raw):
        raw[at + 14] ^= 0xFF
    central = raw.find(b"PK\x01\x02")
    while central >= 0:
        raw[central + 16] ^= 0xFF
        central = raw.find(b"PK\x01\x02", central + 4)


def _corrupt_data(raw: bytearray) -> None:
    for at in _local_headers(raw):
        start = at + 30 + int.from_bytes(raw[at + 26:at + 28], "little") + int.from_bytes(raw[at + 28:at + 30], "little")
        raw[start:start + 8] = b"\xff" * 8


def _method(raw: bytearray) -> None:
    for at in _local_headers(raw):
        raw[at + 8:at + 10] = (99).to_bytes(2, "little")
    central = raw.find(b"PK\x01\x02")
    while central >= 0:
        raw[central + 10:central + 12] = (99).to_bytes(2, "little")
        central = raw.find(b"PK\x01\x02", central + 4)


def _encrypted(raw: bytearray) -> None:
    for at in _local_headers(raw):
        raw[at + 6] |= 1
    central = raw.find(b"PK\x01\x02")
    while central >= 0:
        raw[central + 8] |= 1
        central = raw.find(b"PK\x01\x02", central + 4)


@pytest.mark.parametrize("tweak", [_bad_crc, _corrupt_data, _method, _encrypted])
def test_damaged_zips(tmp_path, capsys, tweak):
    status, out = run(capsys, "validate", str(_zip(tmp_path, tweak)))
    assert status == 1 and "pack.zip" in out and "Traceback" not in out


def _manifest_listing(tmp_path: Path, names: list[str]) -> Path:
    folder = tmp_path / "pack"
    shutil.copytree(PACK, folder)
    manifest = (folder / "pack.yaml").read_text()
    listed = "".join(f"  - {json.dumps(n)}\n" for n in names)
    (folder / "pack.yaml").write_text(manifest.split("factions:")[0] + "factions:\n" + listed)
    return folder


@pytest.mark.parametrize("names,message", [
    (["factions/otters.yaml"] * 20_000, "at most"),
    (["factions/otters.yaml", "factions/otters.yaml"], "listed twice"),
    (["a\u0000b.yaml"], "NUL"),
    (["x" * 300 + ".yaml"], "longer than"),
    (["x/" * 2_050 + ".yaml"], "longer than"),
])
def test_manifests_naming_odd_files(tmp_path, capsys, names, message):
    status, out = run(capsys, "validate", str(_manifest_listing(tmp_path, names)))
    assert status == 1 and message in out


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_a_loop_of_links_in_a_pack(tmp_path, capsys):
    folder = _manifest_listing(tmp_path, ["loop/a.yaml"])
    (folder / "loop").symlink_to(folder / "loop2")
    (folder / "loop2").symlink_to(folder / "loop")
    status, out = run(capsys, "validate", str(folder))
    assert status == 1 and "loop" in out


@pytest.mark.parametrize("field,value,message", [("deck", "no_such_deck", "unknown deck"),
                                                  ("map", "no_such_map", "unknown map"),
                                                  ("factions", ["alliance", "nobody"], "unknown faction 'nobody'")])
def test_a_save_naming_content_that_does_not_exist(tmp_path, capsys, saved, field, value, message):
    data = json.loads(json.dumps(saved["save"]))
    data["setup"][field] = value
    status, out = run(capsys, "play", "--resume", str(write(tmp_path, data)))
    assert status == 2 and message in out


@pytest.mark.parametrize("argv", [["validate", "{long}"], ["validate", "{long}.zip"], ["check", "{long}"],
                                  ["play", "--pack", "{long}"], ["play", "--save", "{long}"],
                                  ["play", "--factions", "{long},alliance"], ["replay", "{long}"],
                                  ["play", "--resume", "{long}"]])
def test_paths_the_system_refuses_on_the_command_line(capsys, argv):
    long = "x" * 4_100
    status, out = run(capsys, *(a.format(long=long) for a in argv))
    assert status in (1, 2) and "too long" in out and "Traceback" not in out


@pytest.mark.parametrize("command", ["check", "validate"])
def test_a_file_that_is_no_rootlaw_file_is_not_quoted(tmp_path, capsys, command):
    path = tmp_path / "notes.yaml"
    path.write_text(f"{SECRET} is my password\n")
    status, out = run(capsys, command, str(path))
    assert status == 1 and SECRET not in out


# --- issue 28: every reader bounded, no pipe or device read, damaged caches rebuilt ------------
@pytest.fixture
def hang_guard():
    """Fail (rather than hang the suite) if the test blocks: a FIFO read would wait forever."""
    import signal

    def hung(*args):
        raise AssertionError("the command hung")
    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(60)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


def _ended_cleanly(capsys, *argv: str) -> str:
    try:
        status, out = run(capsys, *argv)
    except SystemExit as exc:  # argparse's refusals
        status, out = exc.code, capsys.readouterr().err
    assert status in (1, 2) and "Traceback" not in out, out
    return out


@pytest.mark.parametrize("content,message", [
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ("\ufeff{}".encode("utf-16"), "not UTF-8 text (byte 0xff)"),
    ('{"version": 2, "setup": {"map": "autumn", "factions": ["alliance", "arachneen"], "seed": '
     + "9" * 5000 + '}, "answers": []}', "a number with 5000 digits is too long"),
])
def test_render_reads_json_through_the_bounded_reader(tmp_path, capsys, content, message):
    path = tmp_path / "game.json"
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    out = _ended_cleanly(capsys, "render", str(path), "-o", str(tmp_path / "b.svg"))
    assert f"{path}:" in out and message in out


def _commands(odd: str, tmp_path: Path, record: Path) -> list[list[str]]:
    """Every command that reads a file a user names, given `odd` in its place."""
    return [["replay", odd], ["render", odd], ["play", "--resume", odd], ["validate", odd], ["check", odd],
            ["play", "--factions", f"{odd},alliance"], ["play", "--map", odd, "--factions", "alliance,arachneen"],
            ["simulate", "--factions", f"{odd},alliance", "--out", str(tmp_path / "sim")],
            ["play", "--pack", odd], ["serve", "--pack", odd], ["rulings", "--pack", odd], ["replay", str(record), "--pack", odd],
            ["upgrade", odd], ["sheet", odd], ["interactions", odd, "alliance"]]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
@pytest.mark.parametrize("which", range(15))
def test_every_reader_refuses_a_fifo_and_dev_zero_at_once(tmp_path, capsys, saved, hang_guard, which):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    record = write(tmp_path, saved["record"], "record.json")
    for odd in (str(fifo), "/dev/zero"):
        argv = _commands(odd, tmp_path, record)[which]
        out = _ended_cleanly(capsys, *argv)
        assert "not a regular file" in out or "neither a folder nor a file" in out or "no such" in out, (argv, out)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_an_upgraded_copy_of_a_pack_leaves_out_a_pipe_in_it(tmp_path, capsys, hang_guard):
    pack = tmp_path / "pack"
    shutil.copytree(PACK, pack)
    os.mkfifo(pack / "notes.fifo")
    assert run(capsys, "upgrade", str(pack), "-o", str(tmp_path / "copy"))[0] == 0
    assert (tmp_path / "copy" / "pack.yaml").is_file() and not (tmp_path / "copy" / "notes.fifo").exists()


def test_skeletons_asked_into_a_file_or_a_device_are_refused(tmp_path, capsys):
    (tmp_path / "file").write_text("kept\n")
    for where in (str(tmp_path / "file"), "/dev/null"):
        out = _ended_cleanly(capsys, "interactions", "alliance", "cabale", "--skeletons", where)
        assert f"{where}: is not a folder" in out
    assert (tmp_path / "file").read_text() == "kept\n"


def _pack_of_version(tmp_path: Path, version: str) -> Path:
    pack = tmp_path / "pack"
    shutil.copytree(PACK, pack)
    manifest = pack / "pack.yaml"
    manifest.write_text("\n".join(f'rootlaw: "{version}"' if line.startswith("rootlaw:") else line
                                  for line in manifest.read_text().splitlines()) + "\n")
    return pack


@pytest.mark.parametrize("command", [["validate"], ["play", "--pack"], ["serve", "--pack"]])
def test_a_manifest_version_of_5000_digits_is_refused_at_its_position(tmp_path, capsys, command):
    pack = _pack_of_version(tmp_path, ">=" + "9" * 5000)
    out = _ended_cleanly(capsys, *command, str(pack))
    assert "pack.yaml:" in out and "has a part longer than 9 digits" in out


CACHE_DAMAGE = {
    "deep nesting": lambda path: path.write_text("[" * 100_000 + "]" * 100_000),
    "a FIFO": lambda path: (path.unlink(), os.mkfifo(path)),
    "wrong types": lambda path: path.write_text('{"key": [1], "data": 5, "memo": null, "x": {"y": [[1]]}}'
                                                if path.name.startswith(("parser", "trees")) else '{"a": 1}'),
    "a folder": lambda path: (path.unlink(), path.mkdir()),
}


def _play_one_round(cache: Path):
    import subprocess
    import sys
    env = {k: v for k, v in os.environ.items() if k not in ("ROOTLAW_NO_CACHE", "ROOTLAW_CACHE_DIR")}
    env["XDG_CACHE_HOME"] = str(cache)
    return subprocess.run([sys.executable, "-m", "rootlaw", "play", "--quiet", "--rounds", "1"], env=env,
                          capture_output=True, text=True, timeout=120)  # the timeout: a hang guard


@pytest.fixture(scope="module")
def warm_cache(tmp_path_factory) -> tuple[Path, str]:
    """A cache folder filled by one start, and what that start printed."""
    cache = tmp_path_factory.mktemp("cache")
    done = _play_one_round(cache)
    assert done.returncode == 0
    return cache, done.stdout


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
@pytest.mark.parametrize("damage", list(CACHE_DAMAGE))
def test_damaged_or_odd_cache_files_are_rebuilt_never_waited_on(tmp_path, warm_cache, damage):
    cache = tmp_path / "cache"
    shutil.copytree(warm_cache[0], cache)
    folder = cache / "rootlaw"
    trees = min(folder.glob("trees-*.json"), key=lambda p: p.stat().st_size)  # one document parsed again
    damaged = [folder / "valid-documents.json", next(folder.glob("parser-*.json")), trees]
    for path in damaged:
        CACHE_DAMAGE[damage](path)
    again = _play_one_round(cache)
    assert again.returncode == 0 and "Traceback" not in again.stderr, again.stderr
    assert again.stdout == warm_cache[1]  # the same game
    if damage != "a folder":  # a folder in a file's place is left alone; the cache goes without that file
        for path in damaged:
            assert path.is_file() and path.stat().st_size > 100, f"{path.name} was not rebuilt"
