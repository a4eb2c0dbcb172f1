"""``alaka train``: expert iteration for one game, generation by generation, in a run folder.

Generation 0 learns to imitate the game's heuristic from heuristic self-play (its moves are the
policy target, the results the value target), or the random bot's where a game has no heuristic.
Every later generation plays self-play games with search guided by the previous network (its
prior and value, with Dirichlet noise at the root), and the next network learns the search's
visit shares and the results: the policy learns what search found, the value what happened
(Anthony et al.'s expert iteration; AlphaZero's loop). After fitting, each generation's policy
alone (the ``learned`` bot) plays arena games against the previous best and against the
heuristic; a generation is kept as the best when it beats the previous best.

Everything goes through the simulator's machinery: the seed rule, the rotation of seats and the
backends (this process, ``--jobs`` local processes, or Ray). The run folder holds:

- ``run.json``: the settings and, per generation, what is done (self-play, fit, evaluation), the
  losses per epoch and the evaluation's win shares with intervals;
- ``gen-K/*.npz``: the samples of generation K's games, one file per batch (a stopped run keeps
  every finished batch, and ``--resume`` plays only the missing games);
- ``weights-K.npz``: generation K's network (NumPy weights, as the game ships them), and
  ``best.npz``, the best so far;
- ``report.md`` (and ``report.png`` with matplotlib): strength per generation and loss curves.

Seeded: a run's seed decides every game, every shuffle and the networks' first weights, so a
run repeated on one machine gives the same weights (PyTorch on a CPU, one thread per process).
"""

from __future__ import annotations

import json
import math
import shutil
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from alaka.bots.learned import Features, read_weights, write_weights
from alaka.core.errors import AlakaError
from alaka.core.registry import entry
from alaka.core.registry import game as get_game
from alaka.learn.selfplay import FIELDS, Samples, TrainingBatch, concatenate, from_arrays, unpack
from alaka.sim.estimates import win_share
from alaka.sim.runs import BASE_LABEL, BatchJob, Row, RunPlan, plan_run
from alaka.sim.scheduler import Backend, run_batches
from alaka.sim.scheduler import local_backend as scheduler_backend

#: The version of ``run.json``; a folder of another version is refused.
RUN_FORMAT = 1


class TrainingError(AlakaError):
    """A training run that cannot go on (bad settings, a folder of another run)."""


@dataclass(frozen=True)
class TrainSettings:
    """What decides a training run (all of it is kept in ``run.json``)."""

    game: str
    players: tuple[int, ...]
    generations: int = 3
    #: Self-play games per player count in each generation after the first.
    games: int = 200
    #: Heuristic games per player count that generation 0 imitates.
    first_games: int = 400
    #: Search iterations per decision in self-play.
    iterations: int = 64
    noise: float = 0.25
    #: Arena games per player count for each evaluation.
    eval_games: int = 100
    hidden: int = 256
    layers: int = 2
    epochs: int = 4
    #: How many generations' samples (the newest) each fit uses.
    window: int = 2
    #: The share of the value target that is the game's result; the rest is the heuristic
    #: evaluator's estimate of the position (see :func:`alaka.learn.selfplay.play_training_game`).
    value_mix: float = 0.5
    #: Whether the network reads the heuristic's suggested move too (a residual learner; see
    #: :class:`alaka.bots.learned.Features`), where the game has a heuristic.
    hint: bool = True
    #: Decisions kept as samples per game, drawn by the game's seed (0: every one): a few
    #: positions from each of many games give the value far more independent results.
    positions: int = 0
    seed: int = 1

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["players"] = list(self.players)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TrainSettings:
        return cls(**{**data, "players": tuple(data["players"])})


@dataclass
class Generation:
    """What is done of one generation."""

    index: int
    played: bool = False
    fitted: bool = False
    evaluated: bool = False
    samples: int = 0
    losses: dict[str, list[float]] = field(default_factory=dict)
    #: Per opponent and player count: games, the learned policy's win share and its interval.
    strength: dict[str, dict[str, Any]] = field(default_factory=dict)
    best: bool = False
    seconds: dict[str, float] = field(default_factory=dict)


@dataclass
class RunState:
    settings: TrainSettings
    command: str
    generations: list[Generation] = field(default_factory=list)

    def save(self, folder: Path) -> None:
        data = {
            "format": RUN_FORMAT,
            "settings": self.settings.to_json(),
            "command": self.command,
            "generations": [asdict(g) for g in self.generations],
        }
        temporary = folder / "run.json.tmp"
        temporary.write_text(json.dumps(data, indent=1), encoding="utf-8")
        temporary.replace(folder / "run.json")

    @classmethod
    def load(cls, folder: Path) -> RunState:
        path = folder / "run.json"
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise TrainingError(f"{folder} holds no training run to resume ({error})") from None
        if data.get("format") != RUN_FORMAT:
            raise TrainingError(f"{path} is of format {data.get('format')}, not {RUN_FORMAT}")
        return cls(
            TrainSettings.from_json(data["settings"]),
            str(data["command"]),
            [Generation(**g) for g in data["generations"]],
        )


#: ``progress(task, done, total)``: what the command line shows (a Rich progress bar).
Progress = Callable[[str, int, int], None]
MakeBackend = Callable[[Callable[[BatchJob], list[Row]]], AbstractContextManager[Backend]]


def local_backend(jobs: int) -> MakeBackend:
    """Backends of ``jobs`` local processes (1: this process)."""

    def make(play: Callable[[BatchJob], list[Row]]) -> AbstractContextManager[Backend]:
        return scheduler_backend(jobs, play)

    return make


def weights_path(folder: Path, index: int) -> Path:
    return folder / f"weights-{index}.npz"


def _learner_spec(folder: Path, index: int) -> str:
    return f"learned:weights={weights_path(folder, index)}"


def _teacher_specs(settings: TrainSettings, folder: Path, index: int) -> list[str]:
    """The seats of generation ``index``'s self-play: the heuristic (or random) to imitate at
    first, then search guided by the best network so far, with root noise."""
    if index == 0:
        return ["heuristic" if entry(settings.game).has_heuristic else "random"]
    best = folder / "best.npz"
    return [f"ismcts:guide=learned,weights={best},iterations={settings.iterations},noise={settings.noise}"]


def _done_indices(folder: Path) -> set[tuple[int, int]]:
    """(players, index) of every game whose samples are on disk."""
    done: set[tuple[int, int]] = set()
    for shard in folder.glob("*.npz"):
        with np.load(shard, allow_pickle=False) as data:
            players = int(data["table"])
            done.update((players, int(i)) for i in data["indices"])
    return done


def _play_generation(
    state: RunState,
    folder: Path,
    index: int,
    make_backend: MakeBackend,
    progress: Progress,
    stop: Callable[[], bool],
) -> bool:
    """Play (or go on playing) generation ``index``'s self-play games; whether all are played."""
    settings = state.settings
    g = get_game(settings.game)
    games = settings.first_games if index == 0 else settings.games
    plan = plan_run(
        g,
        players=settings.players,
        seats=_teacher_specs(settings, folder, index),
        options={},
        games=games,
        seed=settings.seed * 1000 + index,
    )
    shards = folder / f"gen-{index}"
    shards.mkdir(exist_ok=True)
    done = {(BASE_LABEL, n, i) for n, i in _done_indices(shards)}
    total = plan.total
    played = len(done)
    progress(f"generation {index}: self-play", played, total)
    with make_backend(TrainingBatch(settings.value_mix, settings.hint, settings.positions)) as backend:
        for rows in run_batches(plan, backend, done, stop):
            _write_shard(shards, rows)
            played += len(rows)
            progress(f"generation {index}: self-play", played, total)
    return played >= total


def _write_shard(folder: Path, rows: list[Row]) -> None:
    samples = concatenate([unpack(row["samples"]) for row in rows])
    players = int(rows[0]["players"])
    indices = np.array([int(row["index"]) for row in rows], dtype=np.int64)
    name = f"{players}p-{indices.min()}-{indices.max()}-{len(indices)}.npz"
    temporary = folder / (name + ".tmp")
    arrays = {name: getattr(samples, name) for name in FIELDS}
    with temporary.open("wb") as handle:
        np.savez_compressed(handle, table=np.array(players), indices=indices, **arrays)
    temporary.replace(folder / name)


def _read_samples(folders: Sequence[Path]) -> Samples:
    parts = []
    for k, folder in enumerate(folders):
        for shard in sorted(folder.glob("*.npz")):
            with np.load(shard, allow_pickle=False) as data:
                part = from_arrays(data)
            # A game's key, unique across generations and player counts.
            part.games = (k * 100 + part.players.astype(np.int64)) * 10_000_000 + part.games
            parts.append(part)
    if not parts:
        raise TrainingError(f"no samples in {', '.join(map(str, folders))}")
    return concatenate(parts)


def _fit_generation(state: RunState, folder: Path, index: int, progress: Progress) -> Generation:
    import torch

    from alaka.learn.network import FitSettings, PolicyValueNet, fit

    torch.set_num_threads(2)
    settings = state.settings
    generation = state.generations[index]
    first = max(0, index - settings.window + 1)
    samples = _read_samples([folder / f"gen-{k}" for k in range(first, index + 1)])
    encoding = entry(settings.game).load_part("encoding").encoding(settings.players[0])
    g = get_game(settings.game)
    features = Features(settings.game, settings.hint)
    torch.manual_seed(settings.seed * 1000 + index)  # the first weights come from the run's seed
    net = PolicyValueNet(
        features.size(encoding), encoding.num_actions, g.max_players, settings.hidden, settings.layers
    )
    if index > 0:
        previous = read_weights(folder / "best.npz")
        arrays = {f"trunk.{k}.weight": w.T for k, (w, _) in enumerate(previous.trunk)}
        arrays |= {f"trunk.{k}.bias": b for k, (_, b) in enumerate(previous.trunk)}
        arrays |= {"policy.weight": previous.policy_weight.T, "policy.bias": previous.policy_bias}
        arrays |= {"value.weight": previous.value_weight.T, "value.bias": previous.value_bias}
        net.load_arrays(arrays)
    losses = fit(
        net,
        samples,
        FitSettings(epochs=settings.epochs),
        seed=settings.seed * 1000 + index,
        progress=lambda done, total: progress(f"generation {index}: fitting", done, total),
    )
    meta = {
        "game": settings.game,
        "layers": settings.layers,
        "hidden": settings.hidden,
        "hint": features.hint,
        "generation": index,
        "samples": len(samples),
        "players": list(settings.players),
        "command": state.command,
        "teacher": _teacher_specs(settings, folder, index)[0].split(",weights=")[0],
    }
    write_weights(weights_path(folder, index), net.arrays(), meta)
    generation.samples = len(samples)
    generation.losses = asdict(losses)
    generation.fitted = True
    return generation


def _share_interval(scores: Sequence[float]) -> tuple[float, float, float]:
    """Mean of per-game scores in [0, 1] with a normal 95% interval (ties score a share)."""
    n = len(scores)
    if n == 0:
        return (0.0, 0.0, 1.0)
    mean = sum(scores) / n
    variance = sum((s - mean) ** 2 for s in scores) / max(1, n - 1)
    half = 1.96 * math.sqrt(variance / n) if n > 1 else 1.0
    return (mean, max(0.0, mean - half), min(1.0, mean + half))


def arena_share(
    game: str,
    candidate: str,
    opponent: str,
    players: int,
    games: int,
    seed: int,
    make_backend: MakeBackend,
    stop: Callable[[], bool] = lambda: False,
) -> dict[str, Any]:
    """``candidate`` in one seat against ``opponent`` in every other, seats rotated: the
    candidate's mean win share per game (shared wins count a share) with a 95% interval."""
    from alaka.sim.runs import play_batch

    plan: RunPlan = plan_run(
        get_game(game),
        players=[players],
        seats=[candidate] + [opponent] * (players - 1),
        options={},
        games=games,
        seed=seed,
    )
    scores: list[float] = []
    with make_backend(play_batch) as backend:
        for rows in run_batches(plan, backend, stop=stop):
            for row in rows:
                winners = row["winners"]
                mine = [s for s, spec in enumerate(row["seats"]) if spec == candidate]
                scores.append(sum(win_share(winners, s) for s in mine))
    mean, low, high = _share_interval(scores)
    return {"games": len(scores), "share": mean, "low": low, "high": high, "even": 1.0 / players}


def _evaluate_generation(
    state: RunState,
    folder: Path,
    index: int,
    make_backend: MakeBackend,
    progress: Progress,
    stop: Callable[[], bool],
) -> None:
    settings = state.settings
    generation = state.generations[index]
    me = _learner_spec(folder, index)
    opponents = {"heuristic": "heuristic" if entry(settings.game).has_heuristic else "random"}
    if index > 0:
        opponents["previous best"] = f"learned:weights={folder / 'best.npz'}"
    strength: dict[str, dict[str, Any]] = {}
    for name, spec in opponents.items():
        for n in settings.players:
            progress(f"generation {index}: arena against {name}, {n} players", 0, settings.eval_games)
            strength[f"{name} {n}p"] = arena_share(
                settings.game,
                me,
                spec,
                n,
                settings.eval_games,
                settings.seed * 1000 + 500 + index,
                make_backend,
                stop,
            )
            progress(
                f"generation {index}: arena against {name}, {n} players",
                settings.eval_games,
                settings.eval_games,
            )
    generation.strength = strength
    if index == 0:
        generation.best = True
    else:
        against = [v["share"] - v["even"] for k, v in strength.items() if k.startswith("previous best")]
        generation.best = sum(against) > 0
    if generation.best:
        shutil.copyfile(weights_path(folder, index), folder / "best.npz")
    generation.evaluated = True


def train(
    settings: TrainSettings,
    folder: Path,
    *,
    command: str,
    make_backend: MakeBackend,
    progress: Progress,
    stop: Callable[[], bool] = lambda: False,
    resume: bool = False,
) -> RunState:
    """Run (or resume) a training run in ``folder``; stops cleanly, between batches, when
    ``stop()`` turns true, with everything done so far kept."""
    folder.mkdir(parents=True, exist_ok=True)
    if resume:
        state = RunState.load(folder)
        if state.settings != settings and settings.generations != state.settings.generations:
            state.settings = TrainSettings.from_json(
                {**state.settings.to_json(), "generations": settings.generations}
            )
    else:
        if (folder / "run.json").exists():
            raise TrainingError(f"{folder} already holds a training run: --resume goes on with it")
        state = RunState(settings, command)
    settings = state.settings
    for index in range(settings.generations):
        if index >= len(state.generations):
            state.generations.append(Generation(index))
        generation = state.generations[index]
        if not generation.played:
            started = time.perf_counter()
            generation.played = _play_generation(state, folder, index, make_backend, progress, stop)
            generation.seconds["self-play"] = (
                generation.seconds.get("self-play", 0.0) + time.perf_counter() - started
            )
            state.save(folder)
            if not generation.played:
                return state
        if not generation.fitted:
            started = time.perf_counter()
            _fit_generation(state, folder, index, progress)
            generation.seconds["fit"] = time.perf_counter() - started
            state.save(folder)
        if stop():
            return state
        if not generation.evaluated:
            started = time.perf_counter()
            _evaluate_generation(state, folder, index, make_backend, progress, stop)
            generation.seconds["evaluation"] = time.perf_counter() - started
            if stop():  # an arena cut short measures nothing: play it again on resume
                generation.evaluated = False
                generation.strength = {}
            state.save(folder)
            write_report(state, folder)
        if stop():
            return state
    return state


def _rows(state: RunState) -> Iterator[str]:
    yield "| generation | samples | " + " | ".join(_columns(state)) + " |"
    yield "| --- | --- | " + " | ".join("---" for _ in _columns(state)) + " |"
    for generation in state.generations:
        cells = []
        for column in _columns(state):
            found = generation.strength.get(column)
            cells.append(
                ""
                if found is None
                else f"{found['share']:.1%} ({found['low']:.1%} to {found['high']:.1%}, {found['games']})"
            )
        mark = " (best)" if generation.best else ""
        yield f"| {generation.index}{mark} | {generation.samples} | " + " | ".join(cells) + " |"


def _columns(state: RunState) -> list[str]:
    seen: list[str] = []
    for generation in state.generations:
        seen += [k for k in generation.strength if k not in seen]
    return seen


def write_report(state: RunState, folder: Path) -> Path:
    """``report.md`` (and ``report.png`` where matplotlib is installed): the learned policy's
    strength per generation, with 95% intervals, and the losses per epoch."""
    lines = [
        f"# Training run: {entry(state.settings.game).title}",
        "",
        f"Command: `{state.command}`",
        "",
        "The learned policy alone (`learned`) as one seat against the opponent in every other seat,",
        "seats rotated: its mean win share per game (shared wins count a share), 95% interval, games.",
        "",
        *_rows(state),
        "",
        "## Losses (held-out samples, last epoch)",
        "",
        "| generation | policy | value | top-1 agreement |",
        "| --- | --- | --- | --- |",
    ]
    for generation in state.generations:
        losses = generation.losses
        if losses.get("test_policy"):
            lines.append(
                f"| {generation.index} | {losses['test_policy'][-1]:.3f} | {losses['test_value'][-1]:.3f} | "
                f"{losses['test_top1'][-1]:.1%} |"
            )
    report = folder / "report.md"
    report.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _plot(state, folder)
    return report


def _plot(state: RunState, folder: Path) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return
    figure, (strength, losses) = plt.subplots(1, 2, figsize=(10, 4))
    for column in _columns(state):
        points = [(g.index, g.strength[column]) for g in state.generations if column in g.strength]
        xs = [i for i, _ in points]
        strength.errorbar(
            xs,
            [v["share"] for _, v in points],
            yerr=[[v["share"] - v["low"] for _, v in points], [v["high"] - v["share"] for _, v in points]],
            label=column,
            capsize=3,
            marker="o",
        )
    strength.set_xlabel("generation")
    strength.set_ylabel("win share of the learned policy")
    strength.legend(fontsize=7)
    epoch = 0
    for generation in state.generations:
        policy = generation.losses.get("test_policy", [])
        value = generation.losses.get("test_value", [])
        xs = list(range(epoch, epoch + len(policy)))
        losses.plot(xs, policy, color="tab:blue", label="policy" if generation.index == 0 else None)
        losses.plot(xs, value, color="tab:orange", label="value" if generation.index == 0 else None)
        epoch += len(policy)
    losses.set_xlabel("epoch (all generations)")
    losses.set_ylabel("held-out loss")
    losses.legend(fontsize=7)
    figure.tight_layout()
    figure.savefig(folder / "report.png", dpi=100)
    plt.close(figure)


def model_card(state: RunState, folder: Path) -> str:
    """The model card shipped beside the weights: what the network reads and gives, how it was
    trained (the exact command, the settings, the samples) and how strong each generation
    measured, from the run's own records."""
    settings = state.settings
    best = read_weights(folder / "best.npz").meta
    title = entry(settings.game).title
    reads = "the seat's observation tensor (the RL adapters' encoding)"
    if best.get("hint"):
        reads += " and a one-hot of the heuristic's suggested move"
    lines = [
        f"# {title}: the learned policy and value (model card)",
        "",
        f"- **What it is**: a multilayer perceptron ({settings.layers} hidden layers of {settings.hidden}"
        " rectified units) with a policy head (a logit per action id; a softmax over the legal ones) and a"
        " value head (each seat's expected win share).",
        f"- **What it reads**: {reads}; nothing a seat may not see.",
        f"- **Trained by**: `{state.command}` (generation {best.get('generation')} is shipped, from"
        f" {best.get('samples')} samples; its teacher: `{best.get('teacher')}`).",
        f"- **Settings**: {json.dumps(settings.to_json(), sort_keys=True)}",
        "- **How**: generation 0 imitates the heuristic's moves in heuristic self-play; each later generation"
        " learns the visit shares of search guided by the previous best network (expert iteration). The value"
        f" target is {settings.value_mix:g} x the game's result + {1 - settings.value_mix:g} x the heuristic"
        " evaluator's estimate of the position.",
        "- **Used by**: the `learned` bot (the policy alone) and `ismcts:guide=learned` (search guided by"
        " the prior and the value); docs/learning-bots.md.",
        "",
        "## Measured strength during training",
        "",
        *_rows(state),
        "",
        "The table is the training run's own arena (few games: see docs/bots.md for the strength"
        " measured afterwards with many more).",
    ]
    return "\n".join(lines) + "\n"


def install(folder: Path, game: str) -> Path:
    """Copy the run's best weights into the game's package (``data/learned.npz``), where the
    ``learned`` bot and guided search find them, with the model card beside them (``.md``)."""
    found = entry(game)
    if found.learned is None:
        raise TrainingError(f"{found.title}'s entry names no learned weights file")
    source = folder / "best.npz"
    if not source.is_file():
        raise TrainingError(f"{folder} has no best.npz yet")
    module = sys.modules.get(found.package) or __import__(found.package, fromlist=["_"])
    target = Path(module.__file__ or ".").parent / found.learned
    shutil.copyfile(source, target)
    target.with_suffix(".md").write_text(model_card(RunState.load(folder), folder), encoding="utf-8")
    return target
