"""What several ``alaka`` commands share: the consoles they print to, the options they have in
common (``-o``, ``--backend``, ``--address``, the content-file shortcuts), reading a game, its
options, seats and player counts from the command line, the progress bar of a long run, and
where a run's games are played.

The commands themselves are in the modules named for them (:mod:`alaka.cli.games`,
:mod:`alaka.cli.play`, :mod:`alaka.cli.sim`, :mod:`alaka.cli.train`, :mod:`alaka.cli.serve`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from alaka.core.errors import AlakaError
from alaka.core.language import tr
from alaka.core.params import parse_option_strings
from alaka.core.protocol import Game
from alaka.core.registry import game as get_game

if TYPE_CHECKING:
    from alaka.sim.scheduler import Backend, PlayBatch


console = Console(highlight=False)
#: Errors are one line however long: a terminal may wrap it, but Rich never breaks it.
errors = Console(stderr=True, highlight=False, soft_wrap=True)

#: Width for result tables written to a file or a pipe (Rich assumes 80 columns there, which
#: would cut long bot specs short); a terminal keeps its own width.
PIPED_TABLE_WIDTH = 200


def _print_table(table: Table) -> None:
    if console.is_terminal:
        console.print(table)
    else:
        Console(file=console.file, width=PIPED_TABLE_WIDTH, highlight=False).print(table)


OptionList = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        help="A game option as name=value (repeatable); `alaka rules GAME` lists them.",
    ),
]


def _game(name: str) -> Game:
    return get_game(name)


#: Where a command's games are played (simulate, arena, tune, train): see :func:`_backend`.
BackendOption = Annotated[str, typer.Option("--backend", help="local (this machine's processes) or ray.")]
AddressOption = Annotated[
    str | None,
    typer.Option("--address", help="With --backend ray: the cluster to join (auto, ray://head:10001)."),
]
CatalogueOption = Annotated[
    str | None,
    typer.Option("--catalogue", help="Alakazum!: a variant card catalogue (JSON), as -o catalogue=FILE."),
]
ComponentsOption = Annotated[
    str | None,
    typer.Option("--components", help="Alakazoo: a variant components file (JSON), as -o components=FILE."),
]


def _options(g: Game, texts: list[str] | None, **files: str | None) -> dict[str, object]:
    """The ``-o name=value`` options, plus the content-file shortcuts for the games that have them."""
    options: dict[str, object] = dict(parse_option_strings(g.parameters, texts or []))
    names = {p.name for p in g.parameters}
    for name, path in files.items():
        if path is None:
            continue
        if name not in names:
            # TRANSLATORS: {option} is a command-line option (--catalogue), typed as it is; {game} a title.
            raise AlakaError(
                tr("{option} is not an option of {game}").format(option=f"--{name}", game=g.title)
            )
        options[name] = path
    return options


def _bot_specs(text: str, game: Game) -> list[str]:
    """``--seats``: comma-separated specs, a bot's own parameters separated by '/' inside one; a
    level's name (``hard``) stands for the game's bot at that level."""
    from alaka.bots.registry import level_spec, typed_spec

    return [level_spec(game.name, typed_spec(spec)) for spec in text.split(",") if spec.strip()]


def _player_counts(g: Game, text: str | None) -> list[int]:
    """``--players``: one count, a range ``2-5`` or a list ``2,4`` (default: the game's own)."""
    if text is None:
        return [g.default_players]
    counts: list[int] = []
    try:
        for part in text.split(","):
            low, dash, high = part.strip().partition("-")
            first, last = int(low), int(high) if dash else int(low)
            counts.extend(n for n in range(first, last + 1) if n not in counts)
    except ValueError:
        raise AlakaError(f"--players takes a count, a range 2-5 or a list 2,4; not {text!r}") from None
    if not counts:
        raise AlakaError(f"--players {text!r} gives no player count")
    for n in counts:
        g.check_players(n)
    return counts


class _SpeedColumn(ProgressColumn):
    """Games per second, as Rich measures them over the last half minute."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:,.1f} games/s" if speed else "- games/s")


def _progress() -> Progress:
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        _SpeedColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    )


def _check_backend(name: str, address: str | None) -> None:
    """``--backend`` and ``--address``, checked before anything starts."""
    if name not in ("local", "ray"):
        raise AlakaError(f"--backend is local or ray, not {name!r}")
    if address is not None and name != "ray":
        raise AlakaError("--address is for --backend ray")


def _backend(name: str, jobs: int, address: str | None, play: PlayBatch | None = None) -> Backend:
    """Where the games are played: this process, local worker processes, or Ray; each runs
    ``play`` on a batch (by default the simulator's rows, :func:`alaka.sim.runs.play_batch`)."""
    from alaka.sim.runs import play_batch
    from alaka.sim.scheduler import local_backend

    play = play or play_batch
    if name == "ray":
        from alaka.sim.ray_backend import RayBackend

        return RayBackend(address=address, jobs=None if address else jobs, play=play)
    return local_backend(jobs, play)


LangOption = Annotated[
    str | None,
    typer.Option(
        "--lang",
        help="the language to play in: en, es or ca; default: your locale's (LANG)",
    ),
]


def _language(lang: str | None) -> str:
    """The language a terminal command speaks: ``--lang`` if given (an unknown code is an
    :class:`AlakaError`, one line with exit code 2), else the locale's (``LANG`` and kin)."""
    from alaka.core.language import LANGUAGES, from_environment

    if lang is None:
        return from_environment()
    code = lang.strip().lower()
    if code not in LANGUAGES:
        spoken = ", ".join(LANGUAGES)
        # TRANSLATORS: {codes} are the language codes, typed as they are; {given} what was typed, quoted.
        raise AlakaError(
            tr("--lang takes one of {codes}, not {given}").format(codes=spoken, given=repr(lang))
        )
    return code
