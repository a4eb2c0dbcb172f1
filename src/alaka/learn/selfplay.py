"""Training games: seeded games whose decisions are kept as training samples (NumPy, no torch).

A training game is a game of the simulator's plan (:mod:`alaka.sim.runs`: the same seed rule,
the same rotation of seats), played by :func:`play_training_batch` on the simulator's backends
(this process, local worker processes or Ray). At every decision with more than one legal
action, the deciding seat's sample is kept:

- its *features*: the observation tensor of its view (the encoding the RL adapters and the
  learned bots read);
- its *legal actions* (the policy is a softmax over them) and its *policy target*: the root's
  visit counts for a guided search (expert iteration: the network learns what search found),
  or the action played for any other bot (imitation, for the first generation);
- its *value target*: the game's result as win shares per seat, known once the game ends.

With ``positions`` set, only that many of a game's decisions (drawn with a generator seeded by
the game's seed) become samples. The positions of one game share its deal and its result, so a
value fitted to every position of a few thousand games learns to recall games rather than judge
positions; a few positions from each of many more games give as many samples with far more
independent results (the remedy AlphaGo's value network used: one position per game).
A decision is kept as a copy of the state and encoded only if it is drawn, so a game costs
little more than its play.

A game's samples travel back to the parent as one compressed ``.npz`` blob in the row.
"""

from __future__ import annotations

import io
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from alaka.bots.guided import GuidedSearchBot
from alaka.bots.ismcts import win_shares
from alaka.bots.learned import Features
from alaka.bots.registry import make_bot
from alaka.core.driver import Bot, play
from alaka.core.protocol import Action, State
from alaka.core.registry import entry
from alaka.core.registry import game as get_game
from alaka.sim.runs import BatchJob, Configuration, Row, SimulationError, game_seed, seats_for


@dataclass
class Samples:
    """The samples of some games, as arrays (see :func:`pack` for their shapes)."""

    features: npt.NDArray[np.float16]
    #: One row per (sample, legal action): the sample's index and the action id.
    legal: npt.NDArray[np.int32]
    #: One row per (sample, action with target weight): index, action id; weights in ``target_p``.
    target: npt.NDArray[np.int32]
    target_p: npt.NDArray[np.float32]
    #: Win shares per seat (padded with zeros to the game's largest table) and the table size.
    values: npt.NDArray[np.float32]
    players: npt.NDArray[np.int8]
    #: Which game each sample comes from (held-out samples are whole games: positions of one
    #: game share its deal, so a split within games would measure memory, not judgement).
    games: npt.NDArray[np.int64]

    def __len__(self) -> int:
        return int(self.features.shape[0])


def concatenate(parts: Sequence[Samples]) -> Samples:
    """One :class:`Samples` of many, indices renumbered."""
    offsets = np.cumsum([0, *(len(p) for p in parts[:-1])]).astype(np.int32)

    def shifted(pairs: list[npt.NDArray[np.int32]]) -> npt.NDArray[np.int32]:
        moved = [p + np.array([o, 0], dtype=np.int32) for p, o in zip(pairs, offsets, strict=True)]
        return np.concatenate(moved) if moved else np.zeros((0, 2), dtype=np.int32)

    return Samples(
        np.concatenate([p.features for p in parts]),
        shifted([p.legal for p in parts]),
        shifted([p.target for p in parts]),
        np.concatenate([p.target_p for p in parts]),
        np.concatenate([p.values for p in parts]),
        np.concatenate([p.players for p in parts]),
        np.concatenate([p.games for p in parts]),
    )


def pack(samples: Samples) -> bytes:
    """A compressed ``.npz`` blob of ``samples``."""
    buffer = io.BytesIO()
    np.savez_compressed(buffer, **{name: getattr(samples, name) for name in FIELDS})
    return buffer.getvalue()


def unpack(blob: bytes) -> Samples:
    with np.load(io.BytesIO(blob), allow_pickle=False) as data:
        return from_arrays(data)


def from_arrays(data: Any) -> Samples:
    """:class:`Samples` from a mapping of its arrays by name (an open ``.npz``)."""
    return Samples(*(data[name] for name in FIELDS))


#: The arrays of :class:`Samples`, in order, as ``.npz`` files name them.
FIELDS = ("features", "legal", "target", "target_p", "values", "players", "games")


@dataclass
class _Decision:
    """One real decision of a training game, kept until the game ends: a copy of the state,
    the deciding seat, its legal action ids and the policy target."""

    state: State
    seat: int
    legal: list[int]
    target: dict[int, float]


class _Recorder:
    """Wraps a seat's bot and keeps each of its decisions that had a real choice."""

    def __init__(self, bot: Bot, kept: list[_Decision]) -> None:
        self.bot = bot
        self.kept = kept

    def act(self, state: State, seat: int, rng: random.Random) -> Action:
        legal = state.legal_actions()
        action = self.bot.act(state, seat, rng)
        if len(legal) > 1:
            target: dict[int, float]
            if isinstance(self.bot, GuidedSearchBot):
                visits = self.bot.last.visits
                total = sum(visits.values())
                target = {a: n / total for a, n in visits.items() if n}
            else:
                target = {action.id: 1.0}
            self.kept.append(_Decision(state.clone(), seat, [a.id for a in legal], target))
        return action


def drawn_positions(decisions: int, positions: int, seed: int) -> list[int]:
    """Which of a game's ``decisions`` become samples: all of them when ``positions`` is 0 or
    at least as many, else ``positions`` of them drawn with a generator seeded by the game's seed
    (in game order)."""
    if positions <= 0 or decisions <= positions:
        return list(range(decisions))
    return sorted(random.Random(f"positions {seed}").sample(range(decisions), positions))


def play_training_game(
    game_name: str,
    run_seed: int,
    config: Configuration,
    index: int,
    value_mix: float = 1.0,
    hint: bool = False,
    positions: int = 0,
) -> Row:
    """Play game ``index`` of ``config`` keeping its real decisions as samples (any worker):
    every one, or ``positions`` of them drawn by the game's seed.

    The value target is ``value_mix`` times the game's result plus the rest times the game's
    heuristic evaluator at the position (where it has one): a result is one noisy bit for a
    whole game, which a network learns to recall by the deal rather than to judge positions by;
    the evaluator's smooth estimate of each position (it may read the true state: the network
    learns what it expects from the view alone) steadies it.
    """
    seats = seats_for(config.seats, index)
    seed = game_seed(run_seed, index, config)
    g = get_game(game_name)
    start = time.perf_counter()
    options = config.option_values()
    state = g.new_initial_state(config.players, **options)
    features = Features(game_name, hint)
    judge = (
        entry(game_name).load_heuristic().evaluate
        if value_mix < 1 and entry(game_name).has_heuristic
        else None
    )
    decisions: list[_Decision] = []
    bots: list[Bot] = [_Recorder(make_bot(spec, game_name), decisions) for spec in seats]
    try:
        final = play(state, bots, seed=seed)
    except Exception as error:
        raise SimulationError(
            f"training game {index} with {config.players} players (seed {seed}) failed: "
            f"{type(error).__name__}: {error}"
        ) from error
    kept = [decisions[k] for k in drawn_positions(len(decisions), positions, seed)]
    shares = np.asarray(win_shares(final), dtype=np.float32)
    values = np.zeros((len(kept), g.max_players), dtype=np.float32)
    for k, decision in enumerate(kept):
        judged = shares if judge is None else np.asarray(judge(decision.state), dtype=np.float32)
        values[k, : len(shares)] = value_mix * shares + (1 - value_mix) * judged
    legal = [(k, a) for k, decision in enumerate(kept) for a in decision.legal]
    target = [(k, a) for k, decision in enumerate(kept) for a in decision.target]
    samples = Samples(
        np.asarray([features.of(d.state, d.seat) for d in kept], dtype=np.float16).reshape(len(kept), -1),
        np.asarray(legal, dtype=np.int32).reshape(-1, 2),
        np.asarray(target, dtype=np.int32).reshape(-1, 2),
        np.asarray([p for decision in kept for p in decision.target.values()], dtype=np.float32),
        values,
        np.full(len(kept), config.players, dtype=np.int8),
        np.full(len(kept), index, dtype=np.int64),
    )
    outcome = final.outcome()
    return {
        "label": config.label,
        "players": config.players,
        "index": index,
        "seed": seed,
        "seats": list(seats),
        "winners": list(outcome.winners) if outcome is not None else [],
        "decisions": len(decisions),
        "samples": pack(samples),
        "seconds": time.perf_counter() - start,
    }


@dataclass(frozen=True)
class TrainingBatch:
    """The function worker processes and Ray tasks run: a batch of training games, with the
    share of the value target that is the game's result (a picklable callable)."""

    value_mix: float = 1.0
    #: Whether the network reads the heuristic's suggestion too (:class:`~alaka.bots.learned.Features`).
    hint: bool = False
    #: Decisions kept as samples per game (0: every one; see :func:`drawn_positions`).
    positions: int = 0

    def __call__(self, job: BatchJob) -> list[Row]:
        return [
            play_training_game(job.game, job.seed, job.config, i, self.value_mix, self.hint, self.positions)
            for i in job.indices
        ]
