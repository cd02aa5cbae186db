"""Pictures of a game: the board as SVG (and PNG), drawn from the map data and the state.

Drawing needs the `render` extra (drawsvg; CairoSVG for PNG), imported only when a picture is
made, so plain play needs neither.
"""
from .files import picture_of, svg_of, write_picture

__all__ = ["picture_of", "svg_of", "write_picture"]
