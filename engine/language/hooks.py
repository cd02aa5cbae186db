"""The declared points where abilities attach to the core: events and modifier hooks.

Only what is declared here exists (the Law says a resolving action is not interrupted unless a
rule says so): an ability naming another event or hook is a load error. Each entry lists the
fields its abilities may read, so `event.fild` is caught at load too.
"""
from __future__ import annotations

# the phases of a turn (Law 1.4.1) and the core's own actions a menu or `offer` may name
PHASES = ("birdsong", "daylight", "evening")
BUILT_IN_ACTIONS = ("move", "battle", "craft")

# event -> fields of `event`
EVENTS: dict[str, tuple[str, ...]] = {
    "removed": ("pieces", "cause", "attacker", "defender", "clearing", "ability"),
    "moved": ("player", "origin", "dest", "group", "pieces", "action"),
    "placed": ("player", "kind", "location", "count"),
    "battle_started": ("attacker", "defender", "clearing"),
    "battle_effects": ("attacker", "defender", "clearing"),
    "battle_ended": ("attacker", "defender", "clearing"),
    "before_battle": ("player", "clearing", "defender"),
    "before_move": ("player", "origin"),
    "phase_start": ("player", "phase"),
    "phase_end": ("player", "phase"),
    "turn_end": ("player",),
    "crafted": ("player", "card"),
}

# invariants (`kind: invariant`) listen here: the game loop, not `emit`, checks them after every
# step that changed the board or a variable, whatever caused the change (engine/invariants.py)
INVARIANT_EVENT = "invariant_broken"

# fields of each removed piece's snapshot (event.pieces)
SNAPSHOT_FIELDS = ("piece", "faction", "kind", "category", "location", "clearing", "suit", "cause", "by",
                   "riders", "replaced_to", "attacker", "defender")

# hook -> names its modifiers may read besides `value`
HOOKS: dict[str, tuple[str, ...]] = {
    "ruler": ("clearing", "weights"),
    "adjacency": ("clearing", "faction"),
    "ignore_rule_moving": ("player",),
    "move_group_allowed": ("player", "group"),
    "may_move_from": ("player", "clearing"),
    "may_battle": ("attacker", "defender", "clearing"),
    "ambush_allowed": ("attacker", "defender"),
    "defender_takes_higher_roll": ("attacker", "defender", "clearing"),
    "max_rolled_hits": ("faction", "clearing"),
    "extra_hits": ("side", "attacker", "defender", "clearing"),
    "hit_pieces": ("player", "clearing", "chosen"),
    "hit_order": ("player", "clearing", "candidates"),  # candidates: all pieces that may take the hit
    "removal_vp": ("piece", "by"),
    "removed_to": ("piece",),
    "may_craft": ("player", "card"),
    "craft_vp": ("player", "card"),
    "draw_bonus": ("player",),
    "hand_limit": ("player",),
}
