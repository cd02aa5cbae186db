"""How the trace names what fired: an ability of a faction or card holder, or no rule number.

Kept apart from the game so the replacement and language modules, which the game uses, can
name abilities without importing it."""
from __future__ import annotations

NO_RULE = "-"  # the trace's rule for an ability written without a rule number (test factions)


def ability_note(faction: str, ability: str) -> str:
    """How the trace names an ability of a faction (or card holder) that fired: 'faction: ability'."""
    return f"{faction}: {ability}"
