"""``alaka train``: train a game's learned policy and value by expert iteration
(:mod:`alaka.learn`; needs the train extra, PyTorch, imported only when the command runs).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated, Any

import typer

from alaka.cli.common import (
    AddressOption,
    BackendOption,
    _backend,
    _check_backend,
    _game,
    _player_counts,
    _progress,
    console,
    errors,
)
from alaka.core.errors import AlakaError
from alaka.core.registry import entry

if TYPE_CHECKING:
    from alaka.sim.scheduler import Backend, PlayBatch


def train_command(
    game: Annotated[str, typer.Argument(help="The game, e.g. alakazum.")],
    out: Annotated[str, typer.Option("--out", help="The run folder (weights, samples, report).")] = "",
    players: Annotated[
        str | None, typer.Option("--players", "-n", help="Player counts: 2, a range 2-5 or a list 2,4.")
    ] = None,
    generations: Annotated[
        int | None,
        typer.Option("--generations", help="Generations in all, the first imitating (default 3).", min=1),
    ] = None,
    games: Annotated[
        int, typer.Option("--games", "-g", help="Self-play games per player count a generation.", min=1)
    ] = 200,
    first_games: Annotated[
        int,
        typer.Option("--first-games", help="Heuristic games per player count generation 0 imitates.", min=1),
    ] = 400,
    iterations: Annotated[
        int, typer.Option("--iterations", help="Search iterations per decision in self-play.", min=1)
    ] = 64,
    eval_games: Annotated[
        int, typer.Option("--eval-games", help="Arena games per opponent and player count.", min=2)
    ] = 100,
    hidden: Annotated[int, typer.Option("--hidden", help="Units in each hidden layer.", min=8)] = 256,
    layers: Annotated[int, typer.Option("--layers", help="Hidden layers.", min=1)] = 2,
    epochs: Annotated[int, typer.Option("--epochs", help="Passes over the samples a generation.", min=1)] = 4,
    value_mix: Annotated[
        float,
        typer.Option(
            "--value-mix",
            help="The share of the value target that is the result (the rest: the heuristic's estimate).",
            min=0.0,
            max=1.0,
        ),
    ] = 0.5,
    hint: Annotated[
        bool, typer.Option("--hint/--no-hint", help="The network reads the heuristic's suggested move too.")
    ] = True,
    positions: Annotated[
        int,
        typer.Option(
            "--positions",
            help="Decisions kept as samples per game, drawn by the game's seed (0: every one); with more"
            " games, the value learns from many more independent results.",
            min=0,
        ),
    ] = 0,
    seed: Annotated[int, typer.Option("--seed", "-s", help="The run's seed.")] = 1,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Worker processes.", min=1)] = 1,
    backend: BackendOption = "local",
    address: AddressOption = None,
    resume: Annotated[bool, typer.Option("--resume", help="Go on with the run in --out.")] = False,
    install: Annotated[
        bool, typer.Option("--install", help="At the end, copy the best weights into the game's package.")
    ] = False,
) -> None:
    """Train a learned policy and value by expert iteration (needs the train extra: PyTorch); see
    docs/learning-bots.md. Ctrl-C keeps every finished game; --resume goes on."""
    from pathlib import Path

    from alaka.sim.scheduler import StopOnInterrupt

    try:
        import torch  # noqa: F401
    except ImportError:
        raise AlakaError("alaka train needs PyTorch (the train extra): pip install 'alaka[train]'") from None
    from alaka.learn.train import TrainSettings, train
    from alaka.learn.train import install as install_weights

    g = _game(game)
    _check_backend(backend, address)
    if entry(g.name).encoding is None:
        raise AlakaError(f"{g.title} declares no observation encoding, which the network reads")
    folder = Path(out or f"train-{g.name}").resolve()
    settings = TrainSettings(
        game=g.name,
        players=tuple(_player_counts(g, players)),
        generations=generations or 3,
        games=games,
        first_games=first_games,
        iterations=iterations,
        eval_games=eval_games,
        hidden=hidden,
        layers=layers,
        epochs=epochs,
        value_mix=value_mix,
        hint=hint,
        positions=positions,
        seed=seed,
    )

    def make_backend(play: PlayBatch) -> Backend:
        return _backend(backend, jobs, address, play)

    command_line = "alaka train " + " ".join(sys.argv[2:]) if len(sys.argv) > 2 else f"alaka train {g.name}"
    announce = "stopping after the games in progress (Ctrl-C again to stop at once)"
    tasks: dict[str, Any] = {}
    with _progress() as bar, StopOnInterrupt(lambda: errors.print(announce)) as stop:

        def progress(task: str, done: int, total: int) -> None:
            if task not in tasks:
                tasks[task] = bar.add_task(task, total=total)
            bar.update(tasks[task], completed=done, total=total)

        if resume and generations is None:  # go on with the run's own count
            from alaka.learn.train import RunState

            settings = RunState.load(folder).settings
        state = train(
            settings,
            folder,
            command=command_line,
            make_backend=make_backend,
            progress=progress,
            stop=stop,
            resume=resume,
        )
    done = [generation for generation in state.generations if generation.evaluated]
    for generation in done:
        shares = ", ".join(
            f"{name} {v['share']:.1%} ({v['low']:.1%}-{v['high']:.1%})"
            for name, v in generation.strength.items()
        )
        console.print(f"generation {generation.index}{' (best)' if generation.best else ''}: {shares}")
    if len(done) < state.settings.generations or not all(g.played for g in state.generations):
        console.print(f"stopped early: alaka train {g.name} --out {folder} --resume goes on")
        raise typer.Exit(130)
    console.print(f"the report: {folder / 'report.md'}; the best weights: {folder / 'best.npz'}")
    if install:
        console.print(f"installed: {install_weights(folder, g.name)}")
