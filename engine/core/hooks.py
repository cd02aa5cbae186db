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
    "battle_ended": ("attacker", "defender", "clearing", "removed", "before", "damaged"),
    "before_battle": ("player", "clearing", "defender"),
    "before_move": ("player", "origin"),
    "phase_start": ("player", "phase"),
    "phase_end": ("player", "phase"),
    "turn_end": ("player",),
    "crafted": ("player", "card"),
    "cleared": ("player", "clearing"),
    "dominance_activated": ("player", "card", "partner"),
}

# invariants (`kind: invariant`) listen here: the game loop, not `emit`, checks them after every
# step that changed the board or a variable, whatever caused the change (engine/core/invariant_abilities.py)
INVARIANT_EVENT = "invariant_broken"
# in a game's batch of changes (`Game.changed`, pairs of faction and piece kind): something that
# is not a piece changed (a variable was set), so any invariant may now be broken
ANY_CHANGE = ("", "")

# fields of each removed piece's snapshot (event.pieces)
SNAPSHOT_FIELDS = ("piece", "faction", "kind", "category", "location", "clearing", "suit", "cause", "by",
                   "riders", "replaced_to", "attacker", "defender")

# fields of each piece that stood in a battle's clearing when it began (battle_ended's `before`)
STANDING_FIELDS = ("piece", "faction", "kind", "category")

# event fields holding lists of records, and the fields of those records
EVENT_LISTS: dict[str, tuple[str, ...]] = {"pieces": SNAPSHOT_FIELDS, "removed": SNAPSHOT_FIELDS,
                                           "before": STANDING_FIELDS}

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
    "removal_order": ("player",),  # a player's pieces that go first when some of them are removed
    "removal_vp": ("piece", "by"),
    "removed_to": ("piece", "batch"),  # batch: the ids of every piece removed together
    "may_craft": ("player", "card"),
    "may_place": ("player", "kind", "clearing", "by"),
    "craft_vp": ("player", "card"),
    "draw_bonus": ("player",),
    "hand_limit": ("player",),
    "item_to": ("player", "item"),
    "pawn_move_cost": ("player", "origin", "dest"),
    "defenseless": ("attacker", "defender", "clearing"),
}

# hooks whose modifiers replace an event (Law: "instead"): each one that applies is written in
# the trace with its rule, so a scenario can see that it happened
REPLACEMENT_HOOKS = ("removed_to",)
