"""The arena: bots play a match of seeded games with seats rotated, and the results are summed up.

A match is one setting of the simulator (:mod:`alaka.sim.runs`): a run of one configuration, the
bot specs in seat order at their own player count. So game ``g`` seats the rotation ``g % k`` of
the ``k`` specs (:func:`~alaka.sim.runs.seats_for`: over a multiple of ``k`` games every bot sits
in every position equally often), takes its seed from the run's seed by the simulator's one rule
(:func:`~alaka.sim.runs.game_seed`), and is played on any of the simulator's backends (this
process, local worker processes, Ray) with the same result. ``alaka arena --seed S`` therefore
plays the very games of ``alaka simulate --seed S`` with the same seats at that player count.

The arena keeps more of each game than a results file does (:func:`~alaka.sim.runs.play_game`
with ``detail``): its record, so any game can be replayed, resumed (``alaka play --resume``) or
opened in the browser on its own, and each seat's decisions and thinking time.

A shared win (equal best totals) gives each winner an equal share of one win
(:func:`~alaka.sim.estimates.win_share`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from alaka.core.protocol import Game, ending_of
from alaka.core.registry import game as get_game
from alaka.sim.estimates import wilson, win_share
from alaka.sim.runs import Row, RunPlan, SimulationError, counts_turns, plan_run, play_detailed_batch
from alaka.sim.scheduler import Backend, local_backend, run_batches


@dataclass(frozen=True)
class GameResult:
    """One finished game: which bot sat where, who won, how long it was, the record."""

    index: int
    seats: tuple[str, ...]
    winners: tuple[int, ...]
    reason: str
    actions: int
    #: Turns played, all seats together; None for a game whose statistics do not count them.
    turns: int | None
    decisions: tuple[int, ...]
    think_seconds: tuple[float, ...]
    #: Per seat: the decisions that were a choice (more than one legal action), and the
    #: processor seconds spent on them.
    choices: tuple[int, ...]
    choice_cpu_seconds: tuple[float, ...]
    record: dict[str, Any]

    @classmethod
    def from_row(cls, row: Row, turns_counted: bool) -> GameResult:
        """A detailed row of :func:`~alaka.sim.runs.play_game` (``detail=True``) as a result."""
        return cls(
            index=int(row["index"]),
            seats=tuple(row["seats"]),
            winners=tuple(row["winners"]),
            reason=str(row["reason"]),
            actions=int(row["actions"]),
            turns=int(row["turns"]) if turns_counted else None,
            decisions=tuple(row["seat_decisions"]),
            think_seconds=tuple(row["seat_seconds"]),
            choices=tuple(row["seat_choices"]),
            choice_cpu_seconds=tuple(row["seat_cpu_seconds"]),
            record=row["record"],
        )


def match_plan(
    game: Game, specs: Sequence[str], games: int, seed: int = 0, options: Mapping[str, object] | None = None
) -> RunPlan:
    """The run a match is: one configuration, a seat per spec. Every spec and option is checked
    here (by :func:`~alaka.sim.runs.plan_run`), before any game is played."""
    if not game.min_players <= len(specs) <= game.max_players:
        raise SimulationError(
            f"{game.title} is for {game.min_players} to {game.max_players} players; "
            f"--seats gives {len(specs)}"
        )
    return plan_run(game, players=[len(specs)], seats=specs, options=options or {}, games=games, seed=seed)


def play_match(
    plan: RunPlan, backend: Backend, stop: Callable[[], bool] = lambda: False
) -> Iterator[GameResult]:
    """Yield the results of a match's games as they finish (in any order on several workers).

    ``backend`` must play detailed batches (:func:`~alaka.sim.runs.play_detailed_batch` as its
    ``play``); ``stop`` is asked before each new batch, as in a simulator run."""
    counted = counts_turns(get_game(plan.game))
    for rows in run_batches(plan, backend, stop=stop):
        for row in rows:
            yield GameResult.from_row(row, counted)


def run_match(
    game_name: str,
    specs: Sequence[str],
    games: int,
    seed: int = 0,
    jobs: int = 1,
    options: Mapping[str, object] | None = None,
) -> Iterator[GameResult]:
    """A whole match on this machine's processes (the library's door; ``alaka arena`` also
    offers Ray): the results as games finish."""
    plan = match_plan(get_game(game_name), specs, games, seed, options)
    with local_backend(jobs, play_detailed_batch) as backend:
        yield from play_match(plan, backend)


@dataclass
class BotSummary:
    spec: str
    games: int = 0
    wins: float = 0.0
    decisions: int = 0
    seconds: float = 0.0
    choices: int = 0
    choice_cpu_seconds: float = 0.0
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
        """Wall-clock milliseconds per decision, forced ones included."""
        return 1000 * self.seconds / self.decisions if self.decisions else 0.0

    @property
    def cpu_ms_per_choice(self) -> float:
        """Processor milliseconds per decision that was a choice: the bot's cost, whatever the
        machine's load and however many of the game's moves are forced."""
        return 1000 * self.choice_cpu_seconds / self.choices if self.choices else 0.0


@dataclass
class MatchSummary:
    bots: dict[str, BotSummary]
    games: int
    mean_actions: float
    #: None when the game does not count turns (a table shows no length in turns then).
    mean_turns: float | None
    reasons: dict[str, int]


def summarize(results: Sequence[GameResult]) -> MatchSummary:
    """Wins with intervals, per-seat win rates, lengths and thinking time, per bot spec.

    Several seats with the same spec are pooled: their games and wins add up. Reasons are tallied
    by how the game ended, the text before any ": " (a game may say why in detail after it, as
    "an Alakazum beat Fast Food: 9 CAT points against 8" does)."""
    bots: dict[str, BotSummary] = {}
    reasons: dict[str, int] = {}
    for result in results:
        how = ending_of(result.reason)
        reasons[how] = reasons.get(how, 0) + 1
        for seat, spec in enumerate(result.seats):
            summary = bots.setdefault(spec, BotSummary(spec))
            won = win_share(result.winners, seat)
            summary.games += 1
            summary.wins += won
            summary.decisions += result.decisions[seat]
            summary.seconds += result.think_seconds[seat]
            summary.choices += result.choices[seat]
            summary.choice_cpu_seconds += result.choice_cpu_seconds[seat]
            cell = summary.by_seat.setdefault(seat, [0.0, 0.0])
            cell[0] += won
            cell[1] += 1
    n = len(results)
    turns = [r.turns for r in results if r.turns is not None]
    return MatchSummary(
        bots=bots,
        games=n,
        mean_actions=sum(r.actions for r in results) / n if n else 0.0,
        mean_turns=sum(turns) / len(turns) if turns and len(turns) == n else None,
        reasons=reasons,
    )
