"""Balance simulations: many seeded bot games, one JSON Lines row each, on local worker
processes or on a Ray cluster.

Game `i` of a run with seed S gets its own seed `game_seed(S, i)` and its map from the list
in turn; seats are shuffled by that seed (as in any game) and each seat's bot is seeded from
it, so every game is independent of the others and of how the work is split: the rows come
back in game order and the output is the same whatever the number of workers or the backend.
One game replays alone with the `replay` command stored in its row.

A plan makes its games one at a time (`Plan.spec(i)`, `Plan.specs(start)`), and its JSON form
(`Plan.to_json`) is `plan.json`: `--resume` plays on only when the plan asked for is the one
stored, field by field, so a field added to Plan takes part in that check by itself. The
folder's files are written by `outputs.py` (rows as each game ends, the summary last).
"""
from __future__ import annotations

import json
from collections import deque
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from rootlaw.agents.registry import seat_bots
from rootlaw.core import names
from rootlaw.content.record import Setup
from rootlaw.content.variations import Variation, variation_names
from rootlaw.core.game import Game, Rules
from rootlaw.core.rng import Rng
from rootlaw.core.stalemate import STALLED
from rootlaw.law import victory
from rootlaw.errors import RootlawError

from .report_words import words
from .vary_option import options as vary_options

MAX_DECISIONS = 20_000  # a game still running after this many answers is called a stall


@dataclass(frozen=True)
class GameSpec:
    """Everything one game of a simulation needs; plain data, so it travels to any worker."""

    index: int
    seed: int
    map: str
    factions: tuple[str, ...]
    bots: tuple[str, ...]                  # bot names, one per faction in the order of `factions`
    round_limit: int = 30
    packs: tuple[str, ...] = ()
    deck: str = "standard"
    vary: Variation = field(default_factory=dict)  # a sweep's values for this game (Setup.vary)

    def setup(self) -> Setup:
        return Setup(map=self.map, factions=list(self.factions), seed=self.seed,
                     round_limit=self.round_limit, packs=list(self.packs), deck=self.deck, vary=self.vary)

    def replay_command(self) -> str:
        """The `rootlaw play` command that plays this game alone, move for move."""
        bots = ",".join(self.bots)
        packs = "".join(f" --pack {p}" for p in self.packs)
        deck = "" if self.deck == "standard" else f" --deck {self.deck}"
        return (f"rootlaw play --map {self.map} --factions {','.join(self.factions)} --seed {self.seed} "
                f"--rounds {self.round_limit} --bots {bots}{packs}{deck}{vary_options(self.vary)}")


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a run seeded `seed` (SplitMix64 of both, 48 bits)."""
    return Rng(seed + index * 0x9E3779B97F4A7C15).next64() >> 16


@dataclass(frozen=True)
class Plan:
    """A simulation: which games to play."""

    factions: tuple[str, ...]
    bots: tuple[str, ...]
    maps: tuple[str, ...] = ("autumn",)
    games: int = 100
    seed: int = 1
    round_limit: int = 30
    packs: tuple[str, ...] = ()
    deck: str = "standard"

    def spec(self, index: int) -> GameSpec:
        """Game `index` of the plan (from its index alone)."""
        return GameSpec(index, game_seed(self.seed, index), self.maps[index % len(self.maps)], self.factions,
                        self.bots, self.round_limit, self.packs, self.deck)

    def specs(self, start: int = 0) -> Iterator[GameSpec]:
        """Games `start` to the last, made one at a time as the backends ask for them (a plan
        of a million games holds none of them)."""
        return (self.spec(i) for i in range(start, self.games))

    def to_json(self) -> dict:
        """The plan as its JSON form reads back (lists, not tuples), for plan.json and the summary."""
        return json.loads(json.dumps(asdict(self)))

    # what simulate() asks of a plan; a sweep (rootlaw.tools.sweeps) answers for each of its variants
    @property
    def total(self) -> int:
        """The most rows the plan plays."""
        return self.games

    def first_games(self) -> list[GameSpec]:
        """Games whose rules, built first, check every faction, map, pack and value."""
        return [self.spec(0)] if self.games else []

    def play(self, run: Callable[[Iterable[GameSpec]], Iterator[dict]], done: list[dict] = ()) -> Iterator[dict]:
        """The rows of the plan's games after the rows `done` (of a resumed run), played by the
        backend `run`."""
        return run(self.specs(start=len(done)))


_RULES: dict[tuple, Rules] = {}  # per process: rules built once for each map and faction list


def _rules(spec: GameSpec) -> Rules:
    key = (spec.map, spec.factions, spec.round_limit, spec.packs, spec.deck, json.dumps(spec.vary, sort_keys=True))
    if key not in _RULES:
        _RULES[key] = spec.setup().rules()
    return _RULES[key]


def play_game(spec: GameSpec) -> dict:
    """Play one game to its end and describe it as one JSON Lines row."""
    game = spec.setup().start(_rules(spec))
    bots = dict(zip(game.rules.factions, spec.bots))  # faction ids (the specs may name files)
    agents = seat_bots(game, bots, spec.seed)
    by_round: dict[str, list[int]] = {f: [] for f in game.s.seats}
    decisions, problem = 0, None
    try:
        while (decision := game.pending()) is not None:
            if decisions >= MAX_DECISIONS:
                problem = f"no end after {MAX_DECISIONS} decisions"
                break
            game.answer(agents[decision["player"]].choose(game, decision))
            decisions += 1
            while len(by_round[game.s.seats[0]]) < game.s.round - 1:
                for f in game.s.seats:
                    by_round[f].append(game.s.players[f].score)
    except RootlawError as exc:  # a rule loop or a pack's broken ability: the game cannot go on
        problem = str(exc)
    while len(by_round[game.s.seats[0]]) < min(game.s.round, spec.round_limit):  # the round it ended in
        for f in game.s.seats:
            by_round[f].append(game.s.players[f].score)
    return _row(spec, game, bots, decisions, problem, by_round)


def _row(spec: GameSpec, game: Game, bots: dict[str, str], decisions: int, problem: str | None,
         by_round: dict[str, list[int]]) -> dict:
    s = game.s
    scores = {f: s.players[f].score for f in s.seats}
    result = result_kind(s.ended, problem)
    top = max(scores.values())
    leaders = [f for f in s.seats if scores[f] == top]
    return {
        "game": spec.index, "seed": spec.seed, "map": spec.map, "seats": list(s.seats),
        "bots": bots, "winner": s.winner, "result": result,
        "coalition_winners": victory.winners(game)[1:],  # who wins with the winner (Law 9.2.8)
        # at the round limit nobody wins by the Law; the single player with most VP leads
        "leader": s.winner or (leaders[0] if len(leaders) == 1 and result == "round_limit" else None),
        "scores": scores, "rounds": rounds_played(s.round, s.ended), "decisions": decisions,
        "vp_by_source": {f: dict(sorted(s.players[f].vp_by.items())) for f in s.seats},
        "vp_by_round": by_round, "problem": problem, "replay": spec.replay_command(), "vary": spec.vary,
    }


def rounds_played(round_now: int, ended: str | None) -> int:
    """Rounds a game lasted: the round limit and a stalemate end it as a new round would begin."""
    return round_now - 1 if ended is not None and ended.startswith(("round limit", STALLED)) else round_now


def result_kind(ended: str | None, problem: str | None) -> str:
    """How a game ended: vp (30 VP), dominance, round_limit, or stall (it could not end)."""
    if problem is not None or ended is None or ended.startswith(STALLED):
        return "stall"
    if ended.startswith("dominance"):
        return "dominance"
    if ended.startswith("round limit"):
        return "round_limit"
    return "vp"


# --- backends ------------------------------------------------------------------------------
# Both keep only a few games in flight (`window`): the specs come from a generator, and a
# pool or a cluster given every game of a long run at once would hold them all.

def run_local(specs: Iterable[GameSpec], workers: int = 1) -> Iterator[dict]:
    """Rows in game order, from `workers` processes (1: in this process)."""
    if workers <= 1:
        for spec in specs:
            yield play_game(spec)
        return
    import multiprocessing

    with multiprocessing.get_context().Pool(workers) as pool:
        yield from _in_order(specs, lambda spec: pool.apply_async(play_game, (spec,)).get, 2 * workers)


def run_ray(specs: Iterable[GameSpec], address: str | None = None, **init: Any) -> Iterator[dict]:
    """Rows in game order, each game a Ray task (on the cluster at `address`, else a local one)."""
    try:
        import ray
    except ImportError:
        raise RootlawError("the Ray backend needs Ray: pip install \"rootlaw[cluster]\"") from None
    if not ray.is_initialized():
        try:
            ray.init(address=address, log_to_driver=False, **init)
        except (ConnectionError, ValueError) as exc:
            raise RootlawError(f"cannot reach the Ray cluster at {address}: {exc}") from None
    task = ray.remote(play_game)

    def submit(spec: GameSpec) -> Callable[[], dict]:
        ref = task.remote(spec)
        return lambda: ray.get(ref)
    yield from _in_order(specs, submit, 4 * max(1, int(ray.cluster_resources().get("CPU", 1))))


def _in_order(specs: Iterable[GameSpec], submit: Callable[[GameSpec], Callable[[], dict]],
              window: int) -> Iterator[dict]:
    """The rows of `specs` in order, with at most `window` games submitted and not yet taken;
    `submit` starts a game and gives what waits for its row."""
    pending: deque[Callable[[], dict]] = deque()
    for spec in specs:
        pending.append(submit(spec))
        if len(pending) >= window:
            yield pending.popleft()()
    while pending:
        yield pending.popleft()()


@dataclass
class Outcome:
    """Where a simulation's files went."""

    rows: list[dict] = field(default_factory=list)
    summary: dict = field(default_factory=dict)
    files: list[Path] = field(default_factory=list)


def simulate(plan: Plan, out: Path, backend: str = "local", workers: int = 1, address: str | None = None,
             progress: bool = True, report: bool = True, lang: str = "en",
             resume: bool = False, force: bool = False) -> Outcome:
    """Play the plan's games, write `games.jsonl` (each row as its game ends), `summary.json` and
    (if asked) the HTML report with its plot files into `out`, factions and VP sources named in
    `lang`. A folder holding earlier results is refused unless `force` (start again) or `resume`
    (play the games its rows lack, with the same plan, and end as an uninterrupted run would);
    a sweep resumes too, its plan holding its values and bots (rootlaw.tools.sweeps)."""
    from .outputs import begin, write_summary

    first = plan.first_games()
    for spec in first:
        _rules(spec)  # a bad faction, map, pack or value fails here, before any worker starts
    rows_file, done = begin(out, plan.to_json(), resume=resume, force=force, total=plan.total)
    outcome = Outcome(rows=done)
    rows_iter = plan.play(lambda specs: run_local(specs, workers) if backend == "local" else run_ray(specs, address),
                          done)
    with rows_file, _progress(plan.total, progress, len(done), lang) as bar:
        for row in rows_iter:
            outcome.rows.append(json.loads(rows_file.append(row)))  # as a resumed run reads it back
            bar.update(1)
    names = people_names(_rules(first[0]), outcome.rows, lang) if first else {}
    outcome.summary, outcome.files = write_summary(out, outcome.rows, plan.to_json(), report, names)
    return outcome


def people_names(rules: Rules, rows: list[dict], lang: str) -> dict:
    """What people read for the factions, for each VP source of each faction and for the variables
    and tracks a sweep varied, with their values, in `lang`."""
    sources = {f: sorted({src for row in rows if f in row["vp_by_source"] for src in row["vp_by_source"][f]})
               for f in rules.factions}
    return {"lang": lang,
            "factions": {f: names.faction_title(rules, f, lang) for f in rules.factions},
            "sources": {f: {src: names.source_name(rules, src, lang, f) for src in srcs} for f, srcs in sources.items()},
            "varied": variation_names(rules, [row["vary"] for row in rows if row.get("vary")], lang)}


def _progress(total: int, shown: bool, done: int = 0, lang: str = "en"):
    """A progress bar with the time left (tqdm), on stderr, in `lang`; `done` games were played before."""
    try:
        from tqdm import tqdm
    except ImportError:
        raise RootlawError("simulate needs tqdm and matplotlib: pip install \"rootlaw[sim]\"") from None
    return tqdm(total=total, initial=done, unit="game", disable=not shown, dynamic_ncols=True,
                bar_format="{l_bar}{bar}| " + words(lang)("progress", n="{n_fmt}", total="{total_fmt}",
                                                          elapsed="{elapsed}", remaining="{remaining}"))


__all__ = ["GameSpec", "Plan", "game_seed", "play_game", "result_kind", "run_local", "run_ray", "simulate",
           "Outcome", "MAX_DECISIONS"]
