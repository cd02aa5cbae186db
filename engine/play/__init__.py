"""Playing a game: setup (Law 5), the turn's Birdsong, Daylight and Evening with each faction's
declared steps, and the action menus. These run faction programs, so they sit above the
language.

Importing this package registers every frame handler of the core rules.
"""
from rootlaw.law import battle, crafting, movement  # noqa: F401  (handler registration)

from . import actions, setup, turns  # noqa: F401  (handler registration)
