"""Issue 28: nothing is lost when a write is interrupted. `play --save` and `simulate --out` are
killed (SIGKILL) at many moments and run under a file-size limit: the previous save is always
intact and loadable, and `simulate --resume` ends with the rows and summary of an
uninterrupted run."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rootlaw.content.record import load_game, save_game
from rootlaw.errors import RootlawError
from rootlaw.files import atomic
from rootlaw.tools.cli import main
from rootlaw.tools.simulate import Plan, simulate

ROOT = Path(__file__).resolve().parent.parent
SIM = ["simulate", "--factions", "alliance,arachneen", "--bot", "random", "--rounds", "10", "--seed", "7",
       "--no-report", "--quiet"]
GAMES = 24

resource = pytest.importorskip("resource", reason="SIGKILL, fork and rlimits are POSIX")


def rootlaw(*args: str, limit: int | None = None, **kw) -> subprocess.Popen:
    """A `rootlaw` process; `limit`: the largest file it may write (RLIMIT_FSIZE), in bytes."""
    def preexec() -> None:
        if limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return subprocess.Popen([sys.executable, "-m", "rootlaw", *args], cwd=kw.pop("cwd", ROOT),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=preexec, **kw)


def finished(proc: subprocess.Popen, timeout: float = 120) -> tuple[int, str]:
    out, err = proc.communicate(timeout=timeout)  # the timeout only guards against a hang
    return proc.returncode, out.decode() + err.decode()


def killed_after(proc: subprocess.Popen, seconds: float) -> bool:
    """SIGKILL the process after `seconds` unless it ended before; whether it was killed."""
    try:
        proc.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        proc.communicate()
        return True
    proc.communicate()
    return False


@pytest.fixture(scope="module")
def old_save(tmp_path_factory) -> Path:
    """A saved game from an earlier session (a short game, so its file is small)."""
    path = tmp_path_factory.mktemp("old") / "save.json"
    assert main(["play", "--seed", "3", "--rounds", "2", "--quiet", "--save", str(path), "--save-at", "12"]) == 0
    return path


def fresh_copy(old_save: Path, folder: Path) -> tuple[Path, bytes]:
    path = folder / "save.json"
    path.write_bytes(old_save.read_bytes())
    return path, old_save.read_bytes()


# --- play --save ------------------------------------------------------------------------------
def test_a_save_killed_at_each_step_of_its_write_leaves_the_old_save_or_the_new(tmp_path, old_save):
    """In a forked copy of this process, SIGKILL right before each system call of the write
    (the temporary file made, its content synced, the rename, the folder synced) and after all."""
    path, before = fresh_copy(old_save, tmp_path)
    game, setup = load_game(old_save)
    game.answer(game.pending()["options"][0])  # the new save differs from the old
    digests = (load_game(old_save)[0].s.digest(), game.s.digest())
    outcomes = []
    for step in range(1, 6):
        pid = os.fork()
        if pid == 0:  # the child: count the calls, die at the chosen one
            calls = [0]

            def dying(real):
                def call(*args, **kwargs):
                    calls[0] += 1
                    if calls[0] == step:
                        os.kill(os.getpid(), signal.SIGKILL)
                    return real(*args, **kwargs)
                return call
            atomic.tempfile.mkstemp = dying(atomic.tempfile.mkstemp)
            atomic.os.fsync = dying(atomic.os.fsync)
            atomic.os.replace = dying(atomic.os.replace)
            try:
                save_game(game, setup, path)
            finally:
                os._exit(0)
        _, status = os.waitpid(pid, 0)
        outcomes.append("killed" if os.WIFSIGNALED(status) else "ended")
        loaded, _ = load_game(path)  # loadable after every kill
        outcomes.append("old" if path.read_bytes() == before else "new")
        assert loaded.s.digest() in digests
    # killed before the rename: the old save; the rename done: the new one
    assert outcomes == ["killed", "old", "killed", "old", "killed", "old", "killed", "new", "ended", "new"]


def killed_after_saves(proc: subprocess.Popen, path: Path, more: int, then: float) -> bool:
    """SIGKILL the process `then` seconds after it wrote the file at `path` `more` times (its
    inode, time or size changes), unless it ends first; whether it was killed."""
    def written() -> tuple:
        info = path.stat()
        return info.st_ino, info.st_mtime_ns, info.st_size
    seen, inode, deadline = 0, written(), time.monotonic() + 120  # the deadline: a hang guard
    while proc.poll() is None and time.monotonic() < deadline:
        now = written()
        if now != inode:
            seen, inode = seen + 1, now
            if seen >= more:
                time.sleep(then)
                break
        time.sleep(0.002)
    killed = proc.poll() is None
    if killed:
        proc.send_signal(signal.SIGKILL)
    finished(proc)
    return killed


def test_play_killed_at_many_moments_while_saving_again_and_again_keeps_a_loadable_save(tmp_path, old_save):
    """A person saves before every answer; the process is killed at moments between and inside
    those saves."""
    path, before = fresh_copy(old_save, tmp_path)
    answers = tmp_path / "answers.txt"
    answers.write_text("save\n1\n" * 3000)
    argv = ["play", "--factions", "alliance,arachneen", "--seed", "5", "--rounds", "6", "--quiet", "--human", "1",
            "--save", str(path)]
    kills = 0
    for more, then in ((0, 0.3), (1, 0.0), (2, 0.001), (3, 0.003), (1, 0.005), (5, 0.0), (2, 0.002), (4, 0.004)):
        with answers.open("rb") as typed:
            proc = rootlaw(*argv, stdin=typed)
            kills += killed_after(proc, then) if more == 0 else killed_after_saves(proc, path, more, then)
        load_game(path)  # never torn, never empty
    assert kills >= 6, "the runs ended before the kills: give them more to do"
    assert path.read_bytes() != before


def test_a_save_past_the_file_size_limit_says_the_previous_save_is_intact(tmp_path, old_save):
    path, before = fresh_copy(old_save, tmp_path)
    proc = rootlaw("play", "--seed", "4", "--rounds", "3", "--quiet", "--save", str(path),
                   limit=len(before) // 2)
    status, out = finished(proc)
    assert status == 2 and "Traceback" not in out
    assert f"{path}: cannot write the saved game: File too large; the previous file is intact" in out
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]  # no temporary file left
    load_game(path)


def test_a_full_disk_during_the_write_keeps_the_previous_save(tmp_path, old_save, monkeypatch):
    path, before = fresh_copy(old_save, tmp_path)
    game, setup = load_game(old_save)

    def full(*args):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(atomic.os, "fsync", full)
    with pytest.raises(RootlawError, match="No space left on device; the previous file is intact"):
        save_game(game, setup, path)
    assert path.read_bytes() == before and len(list(tmp_path.iterdir())) == 1


# --- simulate --out ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory) -> tuple[Path, float]:
    """The folder of a run that was not interrupted, and how long it took."""
    out = tmp_path_factory.mktemp("whole") / "sim"
    began = time.monotonic()
    status, text = finished(rootlaw(*SIM, "--games", str(GAMES), "--out", str(out)))
    assert status == 0, text
    return out, time.monotonic() - began


def rows(out: Path) -> list[str]:
    return (out / "games.jsonl").read_text().splitlines(keepends=True)


def stopped_after_rows(proc: subprocess.Popen, out: Path, more: int, then: float = 0.0,
                      how: int = signal.SIGKILL) -> tuple[bool, str]:
    """Send `how` once games.jsonl holds `more` rows more than when the process started (and
    `then` seconds later: a kill inside the next row's write), unless it ends first; whether
    it was stopped, and what it printed. Progress, not time, sets the moment, so a loaded
    machine tests the same moments."""
    path = out / "games.jsonl"
    lines = (lambda: path.read_bytes().count(b"\n") if path.exists() else 0)
    start, deadline = lines(), time.monotonic() + 120  # the deadline guards against a hang
    while proc.poll() is None and time.monotonic() < deadline:
        if lines() >= start + more:
            time.sleep(then)
            if proc.poll() is not None:
                break
            proc.send_signal(how)
            break
        time.sleep(0.005)
    status, text = finished(proc)
    return status != 0, text


def test_simulate_killed_again_and_again_resumes_to_the_rows_and_summary_of_an_uninterrupted_run(
        tmp_path, uninterrupted):
    whole_out, _ = uninterrupted
    out = tmp_path / "sim"
    whole = rows(whole_out)
    argv = [*SIM, "--games", str(GAMES), "--out", str(out)]
    assert killed_after(rootlaw(*argv), 0.2)  # at the start: before or while plan.json is written
    kills = 1
    for more, then in ((1, 0.0), (2, 0.004), (1, 0.0), (3, 0.002), (2, 0.0), (1, 0.006), (4, 0.0), (2, 0.001)):
        argv = [*SIM, "--games", str(GAMES), "--out", str(out), "--resume"]
        if not stopped_after_rows(rootlaw(*argv), out, more, then)[0]:
            break
        kills += 1
        got = rows(out)
        complete = [line for line in got if line.endswith("\n")]
        assert complete == whole[:len(complete)], "the rows written are the uninterrupted run's first rows"
        assert len(got) - len(complete) <= 1, "at most the row being written is torn"
    assert kills >= 5, "the runs ended before most kills: give them more to do"
    status, text = finished(rootlaw(*argv))
    assert status == 0, text
    assert rows(out) == whole
    assert (out / "summary.json").read_bytes() == (whole_out / "summary.json").read_bytes()


def test_simulate_past_the_file_size_limit_keeps_its_rows_and_resumes(tmp_path, uninterrupted):
    whole_out, _ = uninterrupted
    out = tmp_path / "sim"
    argv = [*SIM, "--games", str(GAMES), "--out", str(out)]
    limit = len("".join(rows(whole_out)[:3]).encode()) + 100  # room for three rows and a bit
    status, text = finished(rootlaw(*argv, limit=limit))
    assert status == 2 and "Traceback" not in text
    assert "File too large; the 3 written before it are kept (--resume goes on from them)" in text
    status, text = finished(rootlaw(*argv, "--resume"))
    assert status == 0, text
    assert rows(out) == rows(whole_out)
    assert (out / "summary.json").read_bytes() == (whole_out / "summary.json").read_bytes()


@pytest.mark.parametrize("backend,workers", [("local", 1), ("local", 2), ("ray", 1)])
def test_every_backend_resumes_after_a_torn_row(tmp_path, backend, workers):
    if backend == "ray":
        ray = pytest.importorskip("ray")
        ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    plan = Plan(factions=("alliance", "arachneen"), bots=("random", "random"), games=4, seed=2, round_limit=2)
    whole = simulate(plan, tmp_path / "whole", progress=False, report=False)
    out = tmp_path / "cut"
    simulate(plan, out, progress=False, report=False)
    lines = rows(out)
    (out / "games.jsonl").write_text("".join(lines[:2]) + lines[2][:40])  # killed while writing game 2
    (out / "summary.json").unlink()
    try:
        resumed = simulate(plan, out, backend=backend, workers=workers, progress=False, report=False, resume=True)
    finally:
        if backend == "ray":
            ray.shutdown()
    assert rows(out) == rows(tmp_path / "whole")
    assert resumed.summary == whole.summary
    assert json.loads((out / "summary.json").read_text()) == whole.summary


def test_a_run_killed_before_its_rows_resumes_from_none(tmp_path):
    plan = Plan(factions=("alliance", "arachneen"), bots=("random", "random"), games=2, seed=2, round_limit=2)
    out = tmp_path / "sim"
    simulate(plan, out, progress=False, report=False)
    (out / "games.jsonl").unlink()
    (out / "summary.json").unlink()
    assert len(simulate(plan, out, progress=False, report=False, resume=True).rows) == 2
    assert len(rows(out)) == 2


def test_ctrl_c_says_the_rows_are_kept_and_resume_ends_the_run(tmp_path, uninterrupted):
    whole_out, _ = uninterrupted
    out = tmp_path / "sim"
    argv = [*SIM, "--games", str(GAMES), "--out", str(out)]
    stopped, text = stopped_after_rows(rootlaw(*argv), out, 2, how=signal.SIGINT)
    assert stopped and "Traceback" not in text and "the same command with --resume plays on" in text
    status, text = finished(rootlaw(*argv, "--resume"))
    assert status == 0 and rows(out) == rows(whole_out)
