"""The folder a simulation writes: its plan, its rows, its summary and its report.

`plan.json` is written first and says which games the rows are of; `games.jsonl` gets each row
as its game ends (rootlaw.files.jsonlines); `summary.json` and the report come last, from every
row. A folder holding earlier results is never overwritten by mistake: a new run there needs
`--force` (which first removes the old summary and report, so none is left beside new rows),
and `--resume` plays on from the rows of the same plan, so a killed run ends with the files an
uninterrupted one writes.
"""
from __future__ import annotations

import json
from pathlib import Path

from rootlaw.errors import RootlawError
from rootlaw.files.atomic import write_file
from rootlaw.files.jsonfile import read_json, write_json
from rootlaw.files.jsonlines import RowFile

PLAN, ROWS, SUMMARY, REPORT = "plan.json", "games.jsonl", "summary.json", "report.html"
RESULTS = (ROWS, SUMMARY, PLAN, REPORT)


def begin(out: Path, plan: dict, resume: bool = False, force: bool = False,
          total: int | None = None) -> tuple[RowFile, list[dict]]:
    """The row file to append to and the rows already played (none unless resuming); `total`
    is the most rows the plan plays (default its games; a sweep plays each game per variant)."""
    if resume and force:
        raise RootlawError("--resume plays on with the earlier results and --force replaces them: choose one")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise RootlawError(f"{out}: cannot make the output folder: {exc.strerror or exc}") from None
    if not out.is_dir():
        raise RootlawError(f"{out}: is not a folder; give a folder for the results with --out")
    present = [name for name in RESULTS if (out / name).exists() or (out / name).is_symlink()]
    if resume and present:
        return _resumed(out, plan, present, plan["games"] if total is None else total)
    if present and not force:
        raise RootlawError(f"{out} already holds the results of a simulation ({', '.join(present)}); "
                           "--resume plays on with them, --force replaces them, or give another --out")
    for name in (SUMMARY, REPORT, ROWS, PLAN):  # the summary first: never one beside other rows
        try:
            (out / name).unlink(missing_ok=True)
        except OSError as exc:
            raise RootlawError(f"{out / name}: cannot remove it: {exc.strerror or exc}") from None
    write_json(out / PLAN, plan, "simulation plan")
    return RowFile(out / ROWS, "game rows").start(), []


def _resumed(out: Path, plan: dict, present: list[str], total: int) -> tuple[RowFile, list[dict]]:
    if PLAN not in present:
        raise RootlawError(f"{out}: its results have no {PLAN}, so --resume cannot tell which games they are; "
                           "start again with --force")
    stored = read_json(out / PLAN, "simulation plan")
    if stored != plan:
        differ = sorted(k for k in set(plan) | set(stored if isinstance(stored, dict) else {})
                        if not isinstance(stored, dict) or stored.get(k) != plan.get(k))
        raise RootlawError(f"--resume: the results in {out} are of another simulation (its "
                           f"{', '.join(differ)} differ); give the options it was started with, or another --out")
    rows_file = RowFile(out / ROWS, "game rows")
    rows = rows_file.resume()
    for i, row in enumerate(rows):
        if not isinstance(row, dict) or row.get("game") != i or i >= total:
            rows_file.close()
            raise RootlawError(f"{out / ROWS}: line {i + 1} is not the row of game {i} of this simulation; "
                               "start again with --force")
    return rows_file, rows


def write_summary(out: Path, rows: list[dict], plan: dict, report: bool,
                  names: dict | None = None) -> tuple[dict, list[Path]]:
    """Write summary.json (and the report, if asked) from every row, with the `names` people read
    (rootlaw.tools.simulate.people_names); the summary and the files."""
    from .summary import summarise
    from .verdict import designer_view

    summary = summarise(rows, plan, names)
    summary.update(designer_view(rows, summary))  # the verdict, and a sweep's variants
    files = [out / ROWS, write_file(out / SUMMARY, json.dumps(summary, indent=2, sort_keys=True) + "\n", "summary")]
    if report:
        from .report import write_report

        files += write_report(summary, rows, out)
    return summary, files


__all__ = ["begin", "write_summary", "RESULTS"]
