"""The position a picture shows, read from a saved game, a game record or a scenario, and
writing the picture as .svg or .png (PNG through CairoSVG)."""
from __future__ import annotations

from pathlib import Path

from rootlaw.content.record import Record, load_game, replay
from rootlaw.core.game import Game
from rootlaw.errors import RootlawError
from rootlaw.files.atomic import write_file
from rootlaw.files.jsonfile import read_json
from rootlaw.scenarios.runner import run_scenario


def picture_of(path: str | Path, at: int | None = None) -> Game:
    """The game to draw: a save as saved; a record after `at` answers (default all); a scenario
    after its run (the position its `expect` is checked against)."""
    source = str(path)
    if source.endswith((".yaml", ".yml")):
        if at is not None:
            raise RootlawError("--at counts a record's answers; a scenario is drawn after its run")
        return run_scenario(source).game
    data = read_json(path, "saved game or game record")
    if isinstance(data, dict) and "state" in data:
        if at is not None:
            raise RootlawError("--at counts a record's answers; a saved game has no earlier positions")
        return load_game(source)[0]
    record = Record.from_json(data, source)
    if at is not None:
        if at > len(record.answers):
            raise RootlawError(f"--at {at}: the record has only {len(record.answers)} answers")
        record = Record(record.setup, record.answers[:at])
    return replay(record)


def svg_of(game: Game, lang: str = "en") -> str:
    """The board picture as SVG text, its words in `lang` (a clear error when drawsvg is not installed)."""
    try:
        from .board import board_svg
    except ImportError as exc:
        raise RootlawError(f"pictures need drawsvg ({exc.name} is missing): pip install 'rootlaw[render]'") from None
    return board_svg(game, lang)


def png_of(svg: str) -> bytes:
    """An SVG picture as PNG bytes (CairoSVG; a clear error when it or cairo is missing)."""
    try:
        import cairosvg
    except (ImportError, OSError):  # OSError: the cairo library itself is missing
        raise RootlawError("PNG needs CairoSVG and the cairo library: pip install 'rootlaw[render]' (or write .svg)") from None
    return cairosvg.svg2png(bytestring=svg.encode("utf-8"))


def write_picture(game: Game, out: str | Path, lang: str = "en") -> Path:
    """Write the board picture; the suffix (.svg or .png) chooses the format."""
    out = Path(out)
    if out.suffix not in (".svg", ".png"):
        raise RootlawError(f"{out}: the picture is written as .svg or .png")
    svg = svg_of(game, lang)
    if out.suffix == ".svg":
        return write_file(out, svg, "picture")
    return write_file(out, png_of(svg), "picture")
