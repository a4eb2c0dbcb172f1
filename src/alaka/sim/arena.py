"""The arena: bots play many seeded games with seats rotated, and the results are summed up.

Game ``g`` of a match uses the rotation ``g % k`` of the ``k`` seat specs, so over a multiple
of ``k`` games every bot sits in every position equally often. Game ``g`` is seeded with
``seed + g`` (chance and every bot's choices, by the seed rule of :mod:`alaka.core.driver`), so
any game can be replayed, resumed (``alaka play --resume``) or opened in the browser on its own,
and a match gives the same results whatever the number of worker processes.

A shared win (equal best totals) gives each winner an equal share of one win.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from alaka.bots.registry import make_bot
from alaka.core.driver import play
from alaka.core.protocol import Action, State
from alaka.core.records import game_record
from alaka.core.registry import game as get_game
from alaka.sim.estimates import wilson
from alaka.sim.runs import seats_for


@dataclass(frozen=True)
class GameResult:
    """One finished game: which bot sat where, who won, how long it was, the record."""

    index: int
    seats: tuple[str, ...]
    winners: tuple[int, ...]
    reason: str
    actions: int
    turns: int
    decisions: tuple[int, ...]
    think_seconds: tuple[float, ...]
    record: dict[str, Any]


class _TimedBot:
    """Counts a bot's decisions and the time it takes over them."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.decisions = 0
        self.seconds = 0.0

    def act(self, state: State, seat: int, rng: random.Random) -> Action:
        start = time.perf_counter()
        action: Action = self.bot.act(state, seat, rng)
        self.seconds += time.perf_counter() - start
        self.decisions += 1
        return action


def play_one(
    game_name: str, specs: Sequence[str], seed: int, index: int, options: dict[str, Any]
) -> GameResult:
    """Play game ``index`` of a match (it may run in a worker process)."""
    seats = seats_for(specs, index)
    g = get_game(game_name)
    state = g.new_initial_state(len(seats), **options)
    bots = [_TimedBot(make_bot(spec, game_name)) for spec in seats]
    final = play(state, bots, seed=seed + index)
    outcome = final.outcome()
    assert outcome is not None
    return GameResult(
        index=index,
        seats=seats,
        winners=outcome.winners,
        reason=outcome.reason,
        actions=len(final.history),
        turns=int(getattr(final, "turns", 0)),
        decisions=tuple(b.decisions for b in bots),
        think_seconds=tuple(b.seconds for b in bots),
        record=game_record(final, seats=seats, seed=seed + index),
    )


def run_match(
    game_name: str,
    specs: Sequence[str],
    games: int,
    seed: int = 0,
    jobs: int = 1,
    options: dict[str, Any] | None = None,
) -> Iterator[GameResult]:
    """Yield the results of a match as games finish (in any order with several jobs)."""
    options = options or {}
    for spec in set(specs):
        make_bot(spec, game_name)  # fail fast on a bad spec, before any process starts
    if jobs <= 1:
        for index in range(games):
            yield play_one(game_name, specs, seed, index, options)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(play_one, game_name, specs, seed, i, options) for i in range(games)]
        for future in futures:
            yield future.result()


@dataclass
class BotSummary:
    spec: str
    games: int = 0
    wins: float = 0.0
    decisions: int = 0
    seconds: float = 0.0
    #: wins and games by seat position
    by_seat: dict[int, list[float]] = field(default_factory=dict)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    @property
    def ms_per_decision(self) -> float:
        return 1000 * self.seconds / self.decisions if self.decisions else 0.0


@dataclass
class MatchSummary:
    bots: dict[str, BotSummary]
    games: int
    mean_actions: float
    mean_turns: float
    reasons: dict[str, int]


def summarize(results: Sequence[GameResult]) -> MatchSummary:
    """Wins with intervals, per-seat win rates, lengths and thinking time, per bot spec.

    Several seats with the same spec are pooled: their games and wins add up. Reasons are tallied
    by how the game ended, the text before any ": " (a game may say why in detail after it, as
    "an Alakazum beat Fast Food: 9 CAT points against 8" does)."""
    bots: dict[str, BotSummary] = {}
    reasons: dict[str, int] = {}
    for result in results:
        how = result.reason.split(": ", 1)[0]
        reasons[how] = reasons.get(how, 0) + 1
        share = 1.0 / len(result.winners) if result.winners else 0.0
        for seat, spec in enumerate(result.seats):
            summary = bots.setdefault(spec, BotSummary(spec))
            won = share if seat in result.winners else 0.0
            summary.games += 1
            summary.wins += won
            summary.decisions += result.decisions[seat]
            summary.seconds += result.think_seconds[seat]
            cell = summary.by_seat.setdefault(seat, [0.0, 0.0])
            cell[0] += won
            cell[1] += 1
    n = len(results)
    return MatchSummary(
        bots=bots,
        games=n,
        mean_actions=sum(r.actions for r in results) / n if n else 0.0,
        mean_turns=sum(r.turns for r in results) / n if n else 0.0,
        reasons=reasons,
    )
