"""The ``alaka`` command line (Typer + Rich). Only this edge prints; the games never do.

Every error a user can cause (a bad game name, option, seed or file) is shown as one line
in red with exit code 2, never as a traceback.
"""

from __future__ import annotations

import contextlib
import sys
import time
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from alaka.core.errors import AlakaError
from alaka.core.params import parse_option_strings
from alaka.core.protocol import CHANCE, Game, State
from alaka.core.registry import game as get_game
from alaka.core.registry import games as game_names

app = typer.Typer(
    name="alaka",
    help="Alaka: play, watch and study Alakazum! and Alakazoo.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
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
            raise AlakaError(f"--{name} is not an option of {g.title}")
        options[name] = path
    return options


@app.command("games")
def games_command() -> None:
    """List the games, their player counts and how many options they have."""
    table = Table(title="Games")
    table.add_column("name")
    table.add_column("title")
    table.add_column("players", justify="right")
    table.add_column("options", justify="right")
    for name in game_names():
        g = _game(name)
        table.add_row(name, g.title, f"{g.min_players}-{g.max_players}", str(len(g.parameters)))
    console.print(table)


@app.command("rules")
def rules_command(game: Annotated[str, typer.Argument(help="The game, e.g. alakazoo.")]) -> None:
    """Show a game's rules in brief and every option with its default."""
    g = _game(game)
    console.print(g.rules_summary().rstrip(), markup=False)
    console.print()
    console.print("[bold]Options[/bold] (give them as -o name=value to watch, play and simulate):")
    for p in g.parameters:
        default = '"" (the built-in data)' if p.is_path and not p.default else str(p.default).lower()
        console.print(f"  [bold]{p.name}[/bold] = {default}    [dim]({p.describe_values()})[/dim]")
        console.print(f"      {p.description}", markup=False)


@app.command("watch")
def watch_command(
    game: Annotated[str, typer.Argument(help="The game, e.g. alakazoo.")],
    players: Annotated[int | None, typer.Option("--players", "-n", help="Number of players.")] = None,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed for the dice, the deck and the bots.")] = 0,
    seat: Annotated[
        int | None,
        typer.Option("--seat", help="Watch from this seat's view (1 = first player); default: a spectator."),
    ] = None,
    delay: Annotated[float, typer.Option("--delay", help="Seconds to wait after each event.", min=0)] = 0.0,
    option: OptionList = None,
    catalogue: CatalogueOption = None,
    components: ComponentsOption = None,
) -> None:
    """Watch random bots play a whole game, move by move, in words."""
    from alaka.bots.random_bot import RandomBot
    from alaka.core.driver import play

    g = _game(game)
    state = g.new_initial_state(players, **_options(g, option, catalogue=catalogue, components=components))
    n = state.num_players
    if seat is not None and not 1 <= seat <= n:
        raise AlakaError(f"--seat must be 1 to {n} for a {n}-player game, not {seat}")
    viewer = None if seat is None else seat - 1
    shown = 0
    console.print(f"[bold]{g.title}[/bold], {n} players, seed {seed}; random bots in every seat.")

    def show_new(s: State) -> None:
        nonlocal shown
        view = s.view(viewer, log_since=shown)
        for event in view["log"]:
            console.print(f"  {event['text']}", markup=False)
            if delay:
                time.sleep(delay)
        shown = view["log_size"]

    def on_action(s: State, player: int, _action: object) -> None:
        if player != CHANCE:
            show_new(s)

    final = play(state, [RandomBot() for _ in range(n)], seed=seed, on_action=on_action)
    show_new(final)
    console.print()
    console.print(g.render_view(final.view(viewer, log_since=None)), markup=False)
    _print_outcome(final)


@app.command("arena")
def arena_command(
    game: Annotated[str, typer.Argument(help="The game, e.g. alakazoo.")],
    seats: Annotated[
        str,
        typer.Option(
            "--seats",
            help="Comma-separated bot specs, one per seat: random, heuristic, ismcts:iterations=1000 "
            "(parameters after a colon, separated by '/' inside a seat: ismcts:iterations=500/c=0.5).",
        ),
    ] = "heuristic,random",
    games: Annotated[int, typer.Option("--games", "-g", help="Number of games.", min=1)] = 100,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Worker processes.", min=1)] = 1,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Game g uses seed + g.")] = 0,
    out: Annotated[
        str | None, typer.Option("--out", help="Write one game record per line (JSON Lines) to this file.")
    ] = None,
    option: OptionList = None,
) -> None:
    """Bots play many games with seats rotated; prints wins with 95% intervals and more."""
    import json
    from pathlib import Path

    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from alaka.sim.arena import run_match, summarize, wilson

    g = _game(game)
    specs = [spec.strip().replace("/", ",") for spec in seats.split(",") if spec.strip()]
    if not g.min_players <= len(specs) <= g.max_players:
        raise AlakaError(
            f"{g.title} is for {g.min_players} to {g.max_players} players; --seats gives {len(specs)}"
        )
    options = _options(g, option)
    from alaka.bots.registry import make_bot

    for spec in dict.fromkeys(specs):  # a bad spec is one line now, not a worker's traceback later
        make_bot(spec, g.name)
    results = []
    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    with contextlib.ExitStack() as stack:
        handle = None
        if out is not None:
            try:
                handle = stack.enter_context(Path(out).open("w", encoding="utf-8"))
            except OSError as error:
                raise AlakaError(f"cannot write {out!r}: {error.strerror}") from None
        with Progress(*columns, console=console, transient=True) as progress:
            task = progress.add_task(f"{g.title}: {' vs '.join(specs)}", total=games)
            for result in run_match(g.name, specs, games, seed=seed, jobs=jobs, options=options):
                results.append(result)
                if handle is not None:
                    handle.write(json.dumps(result.record) + "\n")
                    handle.flush()  # a long match interrupted keeps every finished game
                progress.advance(task)
    results.sort(key=lambda r: r.index)
    summary = summarize(results)
    table = Table(title=f"{g.title}, {len(specs)} players, {summary.games} games (seed {seed})")
    table.add_column("bot")
    table.add_column("games", justify="right")
    table.add_column("wins", justify="right")
    table.add_column("win rate (95% CI)", justify="right")
    for k in range(len(specs)):
        table.add_column(f"seat {k + 1}", justify="right")
    table.add_column("ms/decision", justify="right")
    for spec, bot in summary.bots.items():
        low, high = bot.interval
        cells = []
        for k in range(len(specs)):
            won, played = bot.by_seat.get(k, [0.0, 0.0])
            cells.append(f"{won / played:.0%}" if played else "-")
        table.add_row(
            spec,
            str(bot.games),
            f"{bot.wins:g}",
            f"{bot.win_rate:.1%} ({low:.1%}-{high:.1%})",
            *cells,
            f"{bot.ms_per_decision:.2f}",
        )
    _print_table(table)
    console.print(
        f"average length: {summary.mean_actions:.0f} actions, {summary.mean_turns:.1f} turns; "
        + "; ".join(f"{reason}: {count}" for reason, count in sorted(summary.reasons.items()))
    )
    no_winner = sum(1 for r in results if not r.winners)
    if no_winner:
        low, high = wilson(no_winner, len(results))
        console.print(f"games without a winner: {no_winner} ({low:.1%}-{high:.1%})")
    if out is not None:
        console.print(f"records written to {out} (one per line; alaka.replay reads each)")


@app.command("play")
def play_command(
    game: Annotated[
        str | None, typer.Argument(help="The game, e.g. alakazum (optional with --resume).")
    ] = None,
    players: Annotated[
        int | None,
        typer.Option("--players", "-n", help="Number of players (default: the seats given, or the game's)."),
    ] = None,
    seats: Annotated[
        str | None,
        typer.Option(
            "--seats",
            help="Comma-separated, one per seat: human, random, heuristic, ismcts:iterations=200 "
            "('/' between a bot's parameters: ismcts:iterations=500/c=0.5). Default: you in seat 1, "
            "heuristic bots in the others.",
        ),
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", "-s", help="Seed for chance and the bots (default: a new one).")
    ] = None,
    scenario: Annotated[
        str | None, typer.Option("--scenario", help="Start from a position (JSON, see docs/scenarios.md).")
    ] = None,
    record: Annotated[
        str | None,
        typer.Option(
            "--record",
            help="Save the game here (default: $XDG_DATA_HOME/alaka/games/GAME-TIME.json, "
            "~/.local/share/... without XDG_DATA_HOME).",
        ),
    ] = None,
    resume: Annotated[
        str | None, typer.Option("--resume", help="Continue a saved game with its seats.")
    ] = None,
    option: OptionList = None,
    catalogue: CatalogueOption = None,
    components: ComponentsOption = None,
) -> None:
    """Play in the terminal against bots, or with friends on one device (hot seat)."""
    from alaka.ui.tui.session import PlaySession, new_game, resume_game

    if resume is not None:
        given = {
            "--players": players,
            "--seats": seats,
            "--seed": seed,
            "--scenario": scenario,
            "-o": option,
            "--catalogue": catalogue,
            "--components": components,
        }
        extra = [name for name, value in given.items() if value is not None]
        if extra:
            raise AlakaError(f"--resume continues a game with its own settings; leave out {', '.join(extra)}")
        setup = resume_game(resume, record=record, game_name=game)
    else:
        if game is None:
            raise AlakaError("name the game to play, e.g. alaka play alakazum (or give --resume FILE)")
        g = _game(game)
        setup = new_game(
            g,
            players=players,
            seats_text=seats,
            seed=seed,
            scenario=scenario,
            options=_options(g, option, catalogue=catalogue, components=components),
            record=record,
        )
    code = PlaySession(setup, console).run()
    if code:
        raise typer.Exit(code)


@app.command("replay")
def replay_command(
    file: Annotated[str, typer.Argument(help="A game record (JSON), e.g. one saved by alaka play.")],
    seat: Annotated[
        int | None,
        typer.Option("--seat", help="See the game as this seat did (1 = first player); default: spectator."),
    ] = None,
) -> None:
    """Step through a finished or saved game: Enter/n next, p previous, a number jumps, q quits."""
    from pathlib import Path

    from alaka.ui.tui.records import load_record
    from alaka.ui.tui.replay import ReplayViewer

    viewer = ReplayViewer(
        load_record(Path(file)),
        None if seat is None else seat - 1,
        console,
        lambda prompt: console.input(prompt, markup=False),
    )
    code = viewer.run()
    if code:
        raise typer.Exit(code)


@app.command("serve")
def serve_command(
    host: Annotated[
        str, typer.Option("--host", help="The address to listen on (0.0.0.0: every network).")
    ] = ("127.0.0.1"),
    port: Annotated[int, typer.Option("--port", help="The port to listen on.", min=1, max=65535)] = 8000,
    db: Annotated[
        str | None,
        typer.Option("--db", help="The SQLite file of the tables (default: in Alaka's data folder)."),
    ] = None,
    pace: Annotated[
        float,
        typer.Option(
            "--pace",
            min=0.0,
            help="Scale the pauses before bots' moves and forced choices (0: none; for tests, benchmarks).",
        ),
    ] = 1.0,
) -> None:
    """Serve the browser tabletop: lobby, tables with bots and friends, spectators, replays.

    Every table is stored in the SQLite file as it is played; a restarted server brings every
    table back where it was. See docs/web.md.
    """
    from alaka.ui.web.server import serve

    serve(host=host, port=port, db=db, pace=pace, console=console)


def _print_outcome(state: State) -> None:
    outcome = state.outcome()
    if outcome is None:
        return
    table = Table(title=f"Result: {outcome.reason}")
    table.add_column("place", justify="right")
    table.add_column("player")
    table.add_column("score", justify="right")
    from alaka.ui.tui.render import standings

    for place, seat in standings(outcome.ranking):
        mark = " (winner)" if seat in outcome.winners else ""
        score = str(outcome.scores[seat]) if outcome.scores else ""
        table.add_row(str(place), f"Player {seat + 1}{mark}", score)
    console.print(table)


#: Metavars shown in help where an option's own name would not say what it takes.
_METAVARS = {
    "option": "NAME=VALUE",
    "players": "N",
    "games": "N",
    "jobs": "N",
    "seat": "N",
    "out": "FILE",
    "record": "FILE",
    "resume": "FILE",
    "scenario": "FILE",
    "catalogue": "FILE",
    "components": "FILE",
    "db": "FILE",
    "delay": "SECONDS",
}


def command() -> Any:
    """The ``alaka`` command with plain help: each option shows a name for its value (``--seed
    SEED``, ``-o NAME=VALUE``) rather than a Python type."""
    group = typer.main.get_command(app)
    for sub in getattr(group, "commands", {}).values():
        for param in sub.params:
            if param.metavar is None and not getattr(param, "is_flag", False) and param.name:
                param.metavar = _METAVARS.get(param.name, param.name.upper())
            if param.param_type_name == "argument":  # its name is its metavar: no "<str>" after it
                setattr(param, "display_type_rich", lambda ctx: None)  # noqa: B010
    return group


#: Typer's wording of bad values, and the project's.
_WANTED = (
    ("greater than or equal to ", "at least "),
    ("less than or equal to ", "at most "),
    ("a valid integer, unable to parse string as an integer", "a whole number"),
    ("a valid integer", "a whole number"),
    ("a valid number, unable to parse string as a number", "a number"),
    ("a valid number", "a number"),
)


def _usage_line(error: typer.TyperException) -> str:
    """A usage error in the project's one-line style: what is wrong, and where help is."""
    context = getattr(error, "ctx", None)
    where = context.command_path if context is not None else "alaka"
    message = error.format_message().strip().rstrip(".")
    param = getattr(error, "param", None)
    if isinstance(error, typer.BadParameter) and param is not None and param.opts and "should be" in message:
        wanted = message.partition("should be ")[2].partition(" (")[0]
        for theirs, ours in _WANTED:
            wanted = wanted.replace(theirs, ours)
        name = max(param.opts, key=len)
        verb = "must be" if wanted.startswith(("at least", "at most")) else "takes"
        return f"{name} {verb} {wanted}; see {where} --help"
    return f"{message[:1].lower()}{message[1:]}; see {where} --help"


def _version(value: bool) -> None:
    if value:
        from alaka import __version__

        console.print(f"alaka {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", help="Print the version and exit.", callback=_version, is_eager=True),
    ] = False,
) -> None:
    """Alaka: play, watch and study Alakazum! and Alakazoo."""


def main(args: list[str] | None = None) -> None:
    """Entry point of the ``alaka`` script and ``python -m alaka``: every error a user can
    cause is one line with exit code 2 (a usage error, a bad game, option, seed or file)."""
    group = command()
    try:
        code = group.main(args=args, prog_name="alaka", standalone_mode=False)
    except typer.TyperException as error:
        if type(error).__name__ == "NoArgsIsHelpError":  # plain ``alaka``: the help, as asked
            console.print(group.get_help(group.make_context("alaka", [], resilient_parsing=True)))
            sys.exit(0)
        errors.print(f"[red]error:[/red] {escape(_usage_line(error))}")
        sys.exit(2)
    except AlakaError as error:
        errors.print(f"[red]error:[/red] {escape(str(error))}")
        sys.exit(2)
    except (KeyboardInterrupt, typer.Abort):
        errors.print("interrupted")
        sys.exit(130)
    except typer.Exit as stop:
        sys.exit(stop.exit_code)
    sys.exit(code if isinstance(code, int) else 0)
