"""Batch runs: what a run plays (its plan), the one seed rule, and one game turned into one row.

A *run* plays ``games`` games of each *configuration*: a player count, the bots, the game
options, and a label naming the variant (``base``, or ``final_lines=partial`` in a sweep).
Game ``i`` of a configuration is fully determined by the run's seed, ``i`` and the
configuration (:func:`game_seed` and :func:`seats_for`), so a run gives the same rows whether
it is played in one process, several, on a Ray cluster, or in pieces with ``--resume``.

Nothing here needs a third-party library: rows are plain dicts; :mod:`alaka.sim.results`
writes them to Parquet and :mod:`alaka.sim.scheduler` spreads the games over workers.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import random
import time
from array import array
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, cast

from alaka.bots.registry import make_bot
from alaka.core.driver import Bot, play
from alaka.core.errors import AlakaError
from alaka.core.params import OptionValue
from alaka.core.protocol import Action, Game, State
from alaka.core.records import game_record
from alaka.core.registry import entry
from alaka.core.registry import game as get_game
from alaka.core.stats import GameBasics, StatColumn, StatValue, check_statistics

#: A result row: column name -> value (see :mod:`alaka.sim.results` for the schema).
Row = dict[str, Any]

#: The keys a detailed row (``play_game(..., detail=True)``) has beyond a results file's columns.
DETAIL = ("record", "seat_decisions", "seat_seconds", "seat_choices", "seat_cpu_seconds")

#: The label of the configurations of a run without ``--vary``.
BASE_LABEL = "base"


class SimulationError(AlakaError):
    """A run that cannot go on: bad settings, an unreadable results file, a game that failed."""


class GameStatistics(Protocol):
    """What a game's ``stats`` module provides (see :mod:`alaka.core.stats`)."""

    COLUMNS: tuple[StatColumn, ...]

    def statistics(self, final: State) -> dict[str, StatValue]: ...

    def basics(self, final: State) -> GameBasics: ...


def game_folder(game: Game) -> str:
    """The package of a game's folder (its built-in content files), from its entry."""
    return entry(game.name).package


class _NoStatistics:
    """The statistics of a game that declares none: no columns of its own, and basics that
    assume turn order from seat 0."""

    COLUMNS: tuple[StatColumn, ...] = ()

    def statistics(self, final: State) -> dict[str, StatValue]:
        return {}

    def basics(self, final: State) -> GameBasics:
        return GameBasics(first_player=0, turns=0, truncated=not final.is_terminal())


def game_statistics(game: Game) -> GameStatistics:
    """The per-game statistics a game's entry names (its ``stats.py``), or none."""
    found = entry(game.name)
    if found.statistics is None:
        return _NoStatistics()
    return cast(GameStatistics, found.load_part("statistics"))


@dataclass(frozen=True)
class Configuration:
    """One table set-up of a run: its label, player count, bots (before rotation) and options."""

    label: str
    players: int
    #: One bot spec per seat; game ``i`` rotates them by ``i`` (see :func:`seats_for`).
    seats: tuple[str, ...]
    #: Every option of the game, defaults included, in the game's order.
    options: tuple[tuple[str, OptionValue], ...]

    @property
    def key(self) -> tuple[str, int]:
        """What tells two configurations of one run apart."""
        return (self.label, self.players)

    def option_values(self) -> dict[str, OptionValue]:
        return dict(self.options)

    def to_json(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "players": self.players,
            "seats": list(self.seats),
            "options": dict(self.options),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Configuration:
        return cls(
            label=str(data["label"]),
            players=int(data["players"]),
            seats=tuple(str(spec) for spec in data["seats"]),
            options=tuple((str(k), v) for k, v in dict(data["options"]).items()),
        )


@dataclass(frozen=True)
class RunPlan:
    """Everything that decides a run's games: the game, the seed, the count, the configurations."""

    game: str
    seed: int
    #: Games played in each configuration.
    games: int
    configurations: tuple[Configuration, ...]

    @property
    def total(self) -> int:
        return self.games * len(self.configurations)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seed": self.seed,
            "games": self.games,
            "configurations": [c.to_json() for c in self.configurations],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RunPlan:
        return cls(
            game=str(data["game"]),
            seed=int(data["seed"]),
            games=int(data["games"]),
            configurations=tuple(Configuration.from_json(c) for c in data["configurations"]),
        )


class DoneGames:
    """The games of a run already played: one byte per planned game, so that continuing a run
    of millions of games costs megabytes, not a set of millions of tuples."""

    def __init__(self, plan: RunPlan) -> None:
        self._marks = {config.key: bytearray(plan.games) for config in plan.configurations}
        self.count = 0

    def add(self, label: str, players: int, index: int) -> None:
        marks = self._marks.get((label, players))
        if marks is None or not 0 <= index < len(marks):
            raise SimulationError(f"game {index} of {label!r} with {players} players is not part of the run")
        if not marks[index]:
            marks[index] = 1
            self.count += 1

    def __contains__(self, game: object) -> bool:
        if not isinstance(game, tuple) or len(game) != 3:
            return False
        label, players, index = game
        marks = self._marks.get((label, players))
        return marks is not None and 0 <= index < len(marks) and bool(marks[index])

    def __len__(self) -> int:
        return self.count


def seats_for(specs: Sequence[str], index: int) -> tuple[str, ...]:
    """The seats of game ``index``: the specs rotated by ``index``, so that over a multiple of
    ``len(specs)`` games every bot sits in every position (and plays first) equally often."""
    k = index % len(specs)
    return tuple(specs[k:]) + tuple(specs[:k])


def game_seed(run_seed: int, index: int, config: Configuration) -> int:
    """The seed of game ``index`` of ``config`` in a run seeded ``run_seed``: the one seed rule.

    It mixes in the player count but not the variant options nor the bots, on purpose: the
    variants of a sweep (and two line-ups of bots) then play game ``i`` from the same deal and
    the same dice for as long as their rules agree, so a difference between them is measured on
    paired games, and a game a reading never touches plays out identically under both (the
    ``digest`` column shows it). A stable hash (not Python's ``hash``), so any machine agrees.
    """
    text = json.dumps([run_seed, index, config.players], separators=(",", ":"))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big") >> 1


def plan_run(
    game: Game,
    *,
    players: Sequence[int],
    seats: Sequence[str],
    options: Mapping[str, object],
    vary: Sequence[tuple[str, Sequence[OptionValue]]] = (),
    games: int,
    seed: int,
) -> RunPlan:
    """The configurations of a run: each player count crossed with each combination of the
    varied options (``vary``: option name and its values, in order). The bot specs are cycled to
    fill each table. Every spec, count and option is checked here, before any game is played."""
    if games < 1:
        raise SimulationError(f"--games must be at least 1, not {games}")
    if not players:
        raise SimulationError("give at least one player count")
    for n in players:
        game.check_players(n)
    specs = [spec.strip() for spec in seats if spec.strip()]
    if not specs:
        raise SimulationError("give at least one bot spec in --seats")
    for spec in set(specs):
        make_bot(spec, game.name)  # a bad spec fails now, with the registry's message
    names = [name for name, _ in vary]
    if len(set(names)) != len(names):
        raise SimulationError(f"--vary names an option twice: {', '.join(names)}")
    fixed = set(names) & set(options)
    if fixed:
        raise SimulationError(f"option {sorted(fixed)[0]!r} is given both with -o and with --vary")
    configurations = []
    for values in itertools.product(*(list(v) for _, v in vary)):
        chosen = dict(zip(names, values, strict=True))
        label = ",".join(f"{name}={option_text(value)}" for name, value in chosen.items()) or BASE_LABEL
        full = game.validate_options({**options, **chosen})
        for n in players:
            table = tuple(specs[k % len(specs)] for k in range(n))
            configurations.append(Configuration(label, n, table, tuple(full.items())))
    return RunPlan(game.name, seed, games, tuple(configurations))


def option_text(value: OptionValue) -> str:
    """An option's value as written on the command line (``true``, not ``True``)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


class _CountingBot:
    """Counts a bot's decisions (the length of a game in decisions, per seat) and times them (the
    arena's ms/decision). Timing every game costs nothing measurable: 300 seeded Alakazoo games
    of random bots took the same time with and without the two clock reads a decision."""

    __slots__ = ("bot", "decisions", "seconds")

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.decisions = 0
        self.seconds = 0.0

    def act(self, state: State, seat: int, rng: random.Random) -> Action:
        start = time.perf_counter()
        action = self.bot.act(state, seat, rng)
        self.seconds += time.perf_counter() - start
        self.decisions += 1
        return action


class _DetailedBot(_CountingBot):
    """Also counts the decisions that were a choice (more than one legal action) and the
    processor time spent on them (this thread's), for the arena's CPU ms per choice: wall time
    on a shared machine drifts with its load, and a forced move costs a bot nothing to find.
    Only the arena asks (``detail``): reading the menu again is not free for a simulation."""

    __slots__ = ("choices", "cpu_seconds")

    def __init__(self, bot: Bot) -> None:
        super().__init__(bot)
        self.choices = 0
        self.cpu_seconds = 0.0

    def act(self, state: State, seat: int, rng: random.Random) -> Action:
        if len(state.legal_actions()) < 2:
            return super().act(state, seat, rng)
        start = time.thread_time()
        action = super().act(state, seat, rng)
        self.cpu_seconds += time.thread_time() - start
        self.choices += 1
        return action


def counts_turns(game: Game) -> bool:
    """Whether a game's rows count its turns: only a game's statistics (its ``stats.py``) read
    them from the final state. Without statistics the ``turns`` column is 0 for want of a
    number, so a reader that shows turns (the arena) must not show that 0 as a length."""
    return entry(game.name).statistics is not None


def play_game(game_name: str, run_seed: int, config: Configuration, index: int, detail: bool = False) -> Row:
    """Play game ``index`` of ``config`` and return its result row (it may run in a worker).

    ``detail`` adds what a results file does not keep but the arena shows (:data:`DETAIL`): the
    game's record and each seat's decisions and thinking time.
    """
    seats = seats_for(config.seats, index)
    seed = game_seed(run_seed, index, config)
    g = get_game(game_name)
    stats = game_statistics(g)
    start = time.perf_counter()
    try:
        state = g.new_initial_state(config.players, **config.option_values())
        counter = _DetailedBot if detail else _CountingBot
        bots = [counter(make_bot(spec, game_name)) for spec in seats]
        final = play(state, bots, seed=seed)
        outcome = final.outcome()
        if outcome is None:
            raise RuntimeError("the game did not end")
        basics = stats.basics(final)
        values = check_statistics(stats.COLUMNS, stats.statistics(final), config.players)
    except Exception as error:
        raise SimulationError(
            f"game {index} of {config.label!r} with {config.players} players (seed {seed}) failed: "
            f"{type(error).__name__}: {error}"
        ) from error
    ranks = [0] * config.players
    for place, group in enumerate(outcome.ranking, start=1):
        for seat in group:
            ranks[seat] = place
    row: Row = {
        "label": config.label,
        "players": config.players,
        "index": index,
        "seed": seed,
        "seats": list(seats),
        "first_player": basics.first_player,
        "winners": list(outcome.winners),
        "scores": list(outcome.scores),
        "ranks": ranks,
        "reason": outcome.reason,
        "ending": outcome.ending,
        "truncated": basics.truncated,
        "turns": basics.turns,
        "rounds": -(-basics.turns // config.players),
        "decisions": sum(bot.decisions for bot in bots),
        "actions": len(final.history),
        "digest": hashlib.blake2b(array("q", final.history).tobytes(), digest_size=8).hexdigest(),
    }
    for name, option in config.options:
        row[f"opt_{name}"] = option
    for column in stats.COLUMNS:
        stat = values[column.name]
        row[column.name] = list(stat) if isinstance(stat, tuple) else stat
    row["seconds"] = time.perf_counter() - start
    if detail:
        row["record"] = game_record(final, seats=seats, seed=seed)
        row["seat_decisions"] = [bot.decisions for bot in bots]
        row["seat_seconds"] = [bot.seconds for bot in bots]
        row["seat_choices"] = [bot.choices for bot in bots if isinstance(bot, _DetailedBot)]
        row["seat_cpu_seconds"] = [bot.cpu_seconds for bot in bots if isinstance(bot, _DetailedBot)]
    return row


@dataclass(frozen=True)
class BatchJob:
    """Some games of one configuration, played together by one worker."""

    game: str
    seed: int
    config: Configuration
    indices: tuple[int, ...]


def play_batch(job: BatchJob) -> list[Row]:
    """Play a batch (the function local processes and Ray tasks run)."""
    return [play_game(job.game, job.seed, job.config, index) for index in job.indices]


def play_detailed_batch(job: BatchJob) -> list[Row]:
    """Play a batch into detailed rows (the arena's; hand it to a backend as its ``play``)."""
    return [play_game(job.game, job.seed, job.config, index, detail=True) for index in job.indices]
