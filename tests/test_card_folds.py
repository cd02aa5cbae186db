"""The folds and gatherers skip a card's abilities while none of its copies is in play
(engine/core/folds.py): checked against every listener and modifier asked as they are, at
positions of seeded games, with no persistent card in play and with each card's copy in play."""
from __future__ import annotations

from typing import Any

from rootlaw.agents.agent import RandomAgent
from rootlaw.content.record import Setup
from rootlaw.core.folds import cards_in_play
from rootlaw.core.game import Game, Rules
from rootlaw.core.hooks import HOOKS

MIX = ["cabale", "colombes", "neiges", "arachneen"]


def positions(rules: Rules, seed: int, every: int = 40) -> list[Game]:
    """Clones of a seeded random game, one every `every` decisions."""
    game = Setup(map="autumn", factions=MIX, seed=seed, round_limit=8).start(rules)
    agent, out, n = RandomAgent(seed), [], 0
    while game.pending() is not None:
        if n % every == 0:
            out.append(game.clone())
        game.answer(agent.choose(game, game.pending()))
        n += 1
    return out


def card_copies(rules: Rules) -> list[int]:
    """One copy of each card that has an ability of its own (a trigger or a modifier)."""
    ids = {card_id for card_id, _ in (*rules.deck.triggers, *rules.deck.modifiers)}
    return [next(n for n, c in enumerate(rules.deck.cards) if c.id == card_id) for card_id in sorted(ids)]


def plain_gather(game: Game, event: str, payload: dict) -> list[dict]:
    return [frame for listen in game.rules.listeners[event] for frame in listen(game, event, payload)]


def plain_fold(game: Game, hook: str, value: Any, context: dict) -> Any:
    for modify in game.rules.modifiers[hook]:
        value = modify(game, value, context)
    return value


def test_card_abilities_skipped_only_while_no_copy_is_in_play() -> None:
    rules = Setup(map="autumn", factions=MIX, seed=0, round_limit=8).rules()
    copies = card_copies(rules)
    assert copies  # the standard deck has persistent cards with triggers and modifiers
    events = sorted({trigger.event for _, trigger in rules.deck.triggers})
    hooks = sorted({modifier.hook for _, modifier in rules.deck.modifiers})
    assert "phase_start" in events and all(HOOKS[hook] == ("attacker", "defender") for hook in hooks)
    seen_held = 0
    for game in positions(rules, 3):
        for card in [None, *copies]:
            trial = game.clone()
            if card is not None:
                for p in trial.s.players.values():
                    if card in p.persistent:
                        p.persistent.remove(card)
                trial.s.players[trial.current].persistent.append(card)
            if cards_in_play(trial):
                seen_held += 1
            for event in events:
                if event == "phase_start":  # the others are told inside a battle
                    payload = {"player": trial.current, "phase": trial.s.phase}
                    assert rules.gatherer(event)(trial, payload) == plain_gather(trial, event, payload)
            for hook in hooks:
                for defender in trial.s.seats:
                    context = {"attacker": trial.current, "defender": defender}
                    assert rules.fold(hook)(trial, False, context) == plain_fold(trial, hook, False, context)
    assert seen_held


def test_cards_in_play_gathers_every_players_persistent_cards() -> None:
    rules = Setup(map="autumn", factions=MIX, seed=0, round_limit=8).rules()
    game = positions(rules, 1)[0]
    for p in game.s.players.values():
        p.persistent.clear()
    assert cards_in_play(game) == set()
    copies = card_copies(rules)
    seats = game.s.seats
    for i, card in enumerate(copies):
        game.s.players[seats[i % len(seats)]].persistent.append(card)
    assert cards_in_play(game) == set(copies)
