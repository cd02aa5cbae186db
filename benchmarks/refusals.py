"""How long each hostile input of issue 28 takes to end, as a person would meet it: a whole
`rootlaw` process, interpreter start included, from the command line to its last line.

Run it from a checkout with the test extras (it builds its inputs with the suite's own probe
faction and pack), naming the rootlaw executable to measure: a normal install with the `web`
and `sim` extras, since two inputs go to `serve` and `simulate`:

    python benchmarks/refusals.py --rootlaw /tmp/venv/bin/rootlaw --runs 5

Each input is built in a temporary folder (packs and faction files copied from the test data)
and run `--runs` times, interleaved with `rootlaw --help` (the floor: the interpreter and the
command line alone); the median wall time of each is printed with the exit status and the
first line of what the command said. An input fails the run if it prints a traceback, exits
with an unexpected status, or does not say what it should. The cache folder is warmed first,
as a person's would be after their first command. Prints a table; returns 1 if a row failed.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
from tests.test_hardening import PROBE  # noqa: E402  the faction the suite probes with
from tests.test_hostile_files import _pack_of_version  # noqa: E402

from rootlaw.content.record import MAX_SEED  # noqa: E402


@dataclass
class Case:
    """One input: the arguments after `rootlaw`, what is typed, and what the answer must hold."""
    name: str
    argv: list[str]
    says: str
    status: tuple[int, ...] = (1, 2)
    stdin: str = ""
    prepare: Callable[[], None] | None = None  # run before each run, untimed
    times: list[float] = field(default_factory=list)
    result: str = ""


def _probe(folder: Path, name: str, setup: str, extra: str = "") -> str:
    path = folder / f"{name}.yaml"
    path.write_text(PROBE.format(setup=setup, extra=extra))
    return str(path)


def _json_file(folder: Path, name: str, content: str | bytes) -> str:
    path = folder / name
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    return str(path)


def _damage_cache(cache: Path, damage: Callable[[Path], object]) -> Callable[[], None]:
    """Damage the warm cache's document and parser files again before each run (a run rebuilds them)."""
    folder = cache / "rootlaw"

    def prepare() -> None:
        for path in [folder / "valid-documents.json", *sorted(folder.glob("parser-*.json"))]:
            if path.is_fifo() or path.is_file():
                path.unlink()
            damage(path)
    return prepare


def cases(folder: Path, cache: Path) -> list[Case]:
    """Every input named in issue 28, built in `folder`; `cache` is the warm cache folder."""
    fifo = folder / "pipe.json"
    os.mkfifo(fifo)
    pack = str(_pack_of_version(folder, ">=" + "9" * 5000))
    svg = str(folder / "b.svg")
    game = '{"version": 2, "setup": {"map": "autumn", "factions": ["alliance", "arachneen"], "seed": '
    play = ["play", "--factions", "alliance,arachneen", "--rounds", "1", "--quiet"]
    removed_to = ("abilities:\n  - id: back\n    kind: replacement\n    on: removed\n"
                  "    do: \"redirect {p in event.pieces where p.faction = me} to 999\"")
    ruler_list = "abilities:\n  - id: odd\n    kind: modifier\n    hook: ruler\n    value: \"[1, 2]\""
    return [
        Case("manifest version of 5000 digits: validate", ["validate", pack], "longer than 9 digits"),
        Case("manifest version of 5000 digits: play --pack", ["play", "--pack", pack], "longer than 9 digits"),
        Case("manifest version of 5000 digits: serve --pack", ["serve", "--pack", pack], "longer than 9 digits"),
        Case("render: JSON nested 100,000 deep",
             ["render", _json_file(folder, "deep.json", "[" * 100_000 + "]" * 100_000), "-o", svg], "nested too deeply"),
        Case("render: UTF-16 with a BOM",
             ["render", _json_file(folder, "utf16.json", "\ufeff{}".encode("utf-16")), "-o", svg], "not UTF-8"),
        Case("render: a seed of 5000 digits",
             ["render", _json_file(folder, "seed.json", game + "9" * 5000 + '}, "answers": []}'), "-o", svg],
             "5000 digits is too long"),
        Case("render: /dev/zero", ["render", "/dev/zero", "-o", svg], "not a regular file"),
        Case("render: a FIFO", ["render", str(fifo), "-o", svg], "not a regular file"),
        Case("6000 digits typed at play --human, then quit", [*play, "--human", "1"], "is not one of the options",
             status=(0,), stdin="9" * 6000 + "\nquit\n"),
        Case("'save /' typed at play --human, then quit", [*play, "--human", "1"], "the game goes on",
             status=(0,), stdin="save /\nquit\n"),
        Case("simulate --games 1000000000000", ["simulate", "--factions", "alliance,arachneen",
                                                "--games", "1000000000000"], "more than the games"),
        Case("simulate --workers 100000 (capped, 1 game of 1 round)",
             ["simulate", "--factions", "alliance,arachneen", "--games", "1", "--rounds", "1", "--bot", "random",
              "--workers", "100000", "--out", str(folder / "sim"), "--quiet", "--no-report", "--force"],
             "--workers 100,000: this machine has", status=(0,)),
        Case("serve --port 99999", ["serve", "--port", "99999"], "more than the largest port"),
        Case("play --seed 10^15 + 1", ["play", "--seed", str(MAX_SEED + 1)], "is more than the largest"),
        Case("play --rounds 10^15 + 1", ["play", "--rounds", str(MAX_SEED + 1)], "is more than the largest"),
        Case("faction data: place a piece in clearing 999",
             ["play", "--factions", _probe(folder, "p999", '  - do: "place 1 warrior in 999"') + ",alliance",
              "--quiet", "--rounds", "1"], "there is no clearing 999"),
        Case("faction data: relocate to a missing clearing",
             ["play", "--factions", _probe(folder, "prelocate", '  - do: "place 1 warrior in 1; relocate pieces(1) to 999"')
              + ",alliance", "--quiet", "--rounds", "1"], "there is no clearing 999"),
        Case("faction data: a replacement sending a removed piece to 999, with --check",
             ["play", "--factions", _probe(folder, "predirect", '  - do: "place 1 warrior in 1; remove pieces(1)"',
                                           removed_to) + ",alliance", "--quiet", "--rounds", "1", "--check"],
             "there is no clearing 999"),
        Case("faction data: a ruler modifier returning a list, with --check",
             ["play", "--factions", _probe(folder, "pruler", '  - do: "place 1 warrior in 1; let r = ruler(1)"',
                                           ruler_list) + ",alliance", "--quiet", "--rounds", "1", "--check"],
             "a seated faction or none"),
        Case("faction data: a home of 10^12 warriors: validate",
             ["validate", _probe(folder, "phome", "  - home: {where: corner, pieces: {warrior: 1000000000000}}")],
             "but the faction has only 20"),
        Case("a cache file nested 100,000 deep: play --rounds 1 (rebuilt)", ["play", "--quiet", "--rounds", "1"],
             "Result:", status=(0,),
             prepare=_damage_cache(cache, lambda path: path.write_text("[" * 100_000 + "]" * 100_000))),
        Case("a FIFO in place of a cache file: play --rounds 1 (rebuilt)", ["play", "--quiet", "--rounds", "1"],
             "Result:", status=(0,), prepare=_damage_cache(cache, os.mkfifo)),
    ]


def _run(rootlaw: list[str], argv: list[str], stdin: str, env: dict[str, str], cwd: Path) -> tuple[float, int, str]:
    """One run in `cwd` (the temporary folder: 'quit' at the prompt saves the game there)."""
    began = time.perf_counter()
    done = subprocess.run([*rootlaw, *argv], input=stdin, capture_output=True, text=True, env=env, cwd=cwd,
                          timeout=60)
    return time.perf_counter() - began, done.returncode, done.stdout + done.stderr


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    beside = Path(sys.executable).with_name("rootlaw")
    parser.add_argument("--rootlaw", default=str(beside) if beside.is_file() else shutil.which("rootlaw"),
                        help="the rootlaw executable to measure (default: the one beside this Python, or on PATH)")
    parser.add_argument("--runs", type=int, default=5, help="runs of each input (default 5)")
    args = parser.parse_args(argv)
    rootlaw = [args.rootlaw] if args.rootlaw else [sys.executable, "-m", "rootlaw"]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        env = {**os.environ, "XDG_CACHE_HOME": str(folder / "cache")}
        env.pop("ROOTLAW_NO_CACHE", None)
        _run(rootlaw, ["play", "--quiet", "--rounds", "1"], "", env, folder)  # a warm cache, as after a first command
        floor = Case("(floor) rootlaw --help", ["--help"], "usage", status=(0,))
        todo = [floor, *cases(folder, folder / "cache")]
        for _ in range(args.runs):
            for case in todo:
                if case.prepare is not None:
                    case.prepare()
                seconds, status, text = _run(rootlaw, case.argv, case.stdin, env, folder)
                case.times.append(seconds)
                ok = status in case.status and case.says in text and "Traceback" not in text
                first = next((line for line in text.splitlines() if case.says in line), text.strip()[:100])
                case.result = ("ok" if ok else "FAILED") + f" (exit {status}): {first[:110]}"
    failed = 0
    print(f"{'input':<72} {'median s':>8} {'max s':>6}  result")
    for case in todo:
        failed += not case.result.startswith("ok")
        print(f"{case.name:<72} {statistics.median(case.times):8.2f} {max(case.times):6.2f}  {case.result}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
