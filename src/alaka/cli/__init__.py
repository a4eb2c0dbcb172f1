"""The ``alaka`` command line (Typer + Rich). Only this edge prints; the games never do.

Every error a user can cause (a bad game name, option, seed or file) is shown as one line
in red with exit code 2, never as a traceback.
"""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
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
from alaka.core.params import OptionValue, parse_option_strings
from alaka.core.protocol import CHANCE, Game, State
from alaka.core.registry import entry
from alaka.core.registry import game as get_game
from alaka.core.registry import games as game_names
from alaka.ui.web.connections import Backlog
from alaka.ui.web.limits import Limits

if TYPE_CHECKING:
    from alaka.sim.scheduler import Backend, PlayBatch

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
            raise AlakaError(f"--{name} is not an option of {g.title}")
        options[name] = path
    return options


def _bot_specs(text: str, game: Game) -> list[str]:
    """``--seats``: comma-separated specs, a bot's own parameters separated by '/' inside one; a
    level's name (``hard``) stands for the game's bot at that level."""
    from alaka.bots.registry import level_spec, typed_spec

    return [level_spec(game.name, typed_spec(spec)) for spec in text.split(",") if spec.strip()]


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
    from alaka.ui.tui.render import reflow

    g = _game(game)
    console.print(reflow(g.rules_summary().rstrip()), markup=False)
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
    jobs: Annotated[
        int, typer.Option("--jobs", "-j", help="Worker processes (Ray: the CPUs of a local cluster).", min=1)
    ] = 1,
    seed: Annotated[
        int,
        typer.Option(
            "--seed", "-s", help="The match's seed; each game's, in its record, comes from it as in simulate."
        ),
    ] = 0,
    out: Annotated[
        str | None, typer.Option("--out", help="Write one game record per line (JSON Lines) to this file.")
    ] = None,
    option: OptionList = None,
    backend: BackendOption = "local",
    address: AddressOption = None,
) -> None:
    """Bots play many games with seats rotated; prints wins with 95% intervals and more.

    A match is a simulate run of one configuration (the same games for the same seed); Ctrl-C
    stops after the games in progress and sums up those played."""
    import json
    from pathlib import Path

    from alaka.sim.arena import match_plan, play_match, summarize
    from alaka.sim.estimates import wilson
    from alaka.sim.runs import play_detailed_batch
    from alaka.sim.scheduler import StopOnInterrupt

    _check_backend(backend, address)
    g = _game(game)
    specs = _bot_specs(seats, g)
    plan = match_plan(g, specs, games, seed, _options(g, option))
    results = []
    announce = "stopping after the games in progress (Ctrl-C again to stop at once)"
    with contextlib.ExitStack() as stack:
        handle = None
        if out is not None:
            try:
                handle = stack.enter_context(Path(out).open("w", encoding="utf-8"))
            except OSError as error:
                raise AlakaError(f"cannot write {out!r}: {error.strerror}") from None
        runner = stack.enter_context(_backend(backend, jobs, address, play_detailed_batch))
        progress = stack.enter_context(_progress())
        stop = stack.enter_context(StopOnInterrupt(lambda: errors.print(announce)))
        task = progress.add_task(f"{g.title}: {' vs '.join(specs)}", total=games)
        for result in play_match(plan, runner, stop):
            results.append(result)
            if handle is not None:
                handle.write(json.dumps(result.record) + "\n")
                handle.flush()  # a long match interrupted keeps every finished game
            progress.advance(task)
    results.sort(key=lambda r: r.index)
    summary = summarize(results)
    table = Table(title=f"{g.title}, {len(specs)} players, {summary.games} games (seed {seed})")
    table.add_column("bot", overflow="fold")
    table.add_column("games", justify="right")
    table.add_column("wins", justify="right")
    table.add_column("win rate (95% CI)", justify="right", no_wrap=True, min_width=19)
    # The seats' win rates in one column, and wall time over every decision with (in brackets)
    # processor time over the real choices in another: a 5-player table still fits 80 columns.
    table.add_column("by seat 1, 2, ...", justify="right")
    table.add_column("ms/decision (CPU)", justify="right")
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
            " ".join(cells),
            f"{bot.ms_per_decision:.2f} ({bot.cpu_ms_per_choice:.2f})",
        )
    _print_table(table)
    length = f"{summary.mean_actions:.0f} actions"
    if summary.mean_turns is not None:
        length += f", {summary.mean_turns:.1f} turns"
    console.print(
        f"average length: {length}; "
        + "; ".join(f"{reason}: {count}" for reason, count in sorted(summary.reasons.items()))
    )
    no_winner = sum(1 for r in results if not r.winners)
    if no_winner:
        low, high = wilson(no_winner, len(results))
        console.print(f"games without a winner: {no_winner} ({low:.1%}-{high:.1%})")
    if out is not None:
        console.print(f"records written to {out} (one per line; alaka.replay reads each)")
    if len(results) < games:
        console.print(f"stopped early: {len(results)} of {games} games played")
        raise typer.Exit(130)


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


def _sweeps(g: Game, texts: list[str] | None) -> list[tuple[str, list[OptionValue]]]:
    """``--vary name=v1,v2``: an option and the values to try, each parsed as ``-o`` would."""
    sweeps: list[tuple[str, list[OptionValue]]] = []
    for text in texts or []:
        name, sep, values = text.partition("=")
        if not sep or not values.strip():
            raise AlakaError(f"--vary is written name=value1,value2; got {text!r}")
        parsed = [
            next(iter(parse_option_strings(g.parameters, [f"{name}={value}"]).items()))
            for value in values.split(",")
        ]
        sweeps.append((parsed[0][0], [value for _, value in parsed]))
    return sweeps


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


@app.command("simulate")
def simulate_command(
    game: Annotated[
        str | None, typer.Argument(help="The game, e.g. alakazum (optional with --resume).")
    ] = None,
    players: Annotated[
        str | None,
        typer.Option("--players", "-n", help="Player counts: 3, a range 2-5 or a list 2,4 (default: usual)."),
    ] = None,
    seats: Annotated[
        str | None,
        typer.Option(
            "--seats",
            help="Bot specs, comma-separated, cycled to fill each table and rotated from game to game "
            "('/' between a bot's parameters: ismcts:iterations=500/c=0.5). Default: the game's usual "
            "bot, as at a table (its heuristic where it has one).",
        ),
    ] = None,
    games: Annotated[
        int | None,
        typer.Option("--games", "-g", help="Games per configuration (default 100; --resume: more).", min=1),
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", "-s", help="The run's seed (default 0).")] = None,
    option: OptionList = None,
    catalogue: CatalogueOption = None,
    components: ComponentsOption = None,
    vary: Annotated[
        list[str] | None,
        typer.Option(
            "--vary",
            help="Try several values of an option, name=v1,v2 (repeatable: every combination is a "
            "configuration, labelled by its values).",
        ),
    ] = None,
    variant: Annotated[
        str | None,
        typer.Option("--variant", help="A variant file (as alaka tune writes): its options, under any -o."),
    ] = None,
    out: Annotated[
        str | None, typer.Option("--out", help="The results file (Parquet; default: GAME.parquet).")
    ] = None,
    resume: Annotated[
        str | None,
        typer.Option("--resume", help="Continue this results file with its settings (missing games only)."),
    ] = None,
    jobs: Annotated[
        int, typer.Option("--jobs", "-j", help="Worker processes (Ray: the CPUs of a local cluster).", min=1)
    ] = 1,
    backend: BackendOption = "local",
    address: AddressOption = None,
) -> None:
    """Play many seeded games into a results file (Parquet), one row per game; see docs/simulate.md."""
    from pathlib import Path

    from alaka.sim.results import read_info
    from alaka.sim.runs import plan_run
    from alaka.sim.scheduler import StopOnInterrupt
    from alaka.sim.simulate import resumed_plan, simulate

    _check_backend(backend, address)
    if resume is not None:
        given = {
            "--players": players,
            "--seats": seats,
            "--seed": seed,
            "-o": option,
            "--catalogue": catalogue,
            "--components": components,
            "--vary": vary,
            "--variant": variant,
            "--out": out,
        }
        extra = [name for name, value in given.items() if value is not None]
        if extra:
            raise AlakaError(f"--resume continues a run with its own settings; leave out {', '.join(extra)}")
        path = Path(resume)
        plan = resumed_plan(path, games)
        if game is not None and _game(game).name != plan.game:
            raise AlakaError(f"{resume!r} is a run of {plan.game}, not {game}")
    else:
        if game is None:
            raise AlakaError("name the game, e.g. alaka simulate alakazum (or give --resume FILE)")
        g = _game(game)
        chosen = _options(g, option, catalogue=catalogue, components=components)
        if variant is not None:
            from alaka.sim.tune import read_variant

            chosen = {**read_variant(variant, g)[1], **chosen}
        from alaka.bots.registry import default_bot

        plan = plan_run(
            g,
            players=_player_counts(g, players),
            seats=_bot_specs(seats or default_bot(g.name), g),
            options=chosen,
            vary=_sweeps(g, vary),
            games=games or 100,
            seed=seed or 0,
        )
        path = Path(out or f"{g.name}.parquet")
    already = read_info(path).rows if resume is not None else 0
    title = _game(plan.game).title
    announce = "stopping after the games in progress (Ctrl-C again to stop at once)"
    try:
        with (
            _backend(backend, jobs, address) as runner,
            _progress() as progress,
            StopOnInterrupt(lambda: errors.print(announce)) as stop,
        ):
            task = progress.add_task(
                f"{title}, {len(plan.configurations)} configurations", total=plan.total, completed=already
            )
            report = simulate(
                plan,
                path,
                runner,
                resume=resume is not None,
                stop=stop,
                progress=lambda played: progress.advance(task, played),
            )
    except KeyboardInterrupt:
        kept = read_info(path).rows if path.exists() else 0
        errors.print(f"stopped: {kept} of {plan.total} games kept in {path}; --resume {path} plays the rest")
        raise typer.Exit(130) from None
    rate = report.played / report.seconds if report.seconds > 0 else 0.0
    console.print(
        f"{report.written} of {report.total} games in {report.path} ({report.played} played now in "
        f"{report.seconds:.1f} s, {rate:,.1f} games/s)"
    )
    if report.stopped:
        console.print(f"stopped early: alaka simulate --resume {report.path} plays the rest")
        raise typer.Exit(130)
    console.print(f"the balance report: alaka report {report.path} -o report.html")


@app.command("report")
def report_command(
    results: Annotated[str, typer.Argument(help="A results file written by alaka simulate.")],
    out: Annotated[
        str | None,
        typer.Option(
            "--out", "-o", help="Where to write the report (default: RESULTS with .html or .md; - : print)."
        ),
    ] = None,
    baseline: Annotated[
        str | None, typer.Option("--baseline", help="Another results file to compare with (same game).")
    ] = None,
    format: Annotated[str, typer.Option("--format", help="html (plots, one page) or md (text).")] = "html",
) -> None:
    """A balance report: win rates by turn order and bot, lengths, scores, every statistic, verdicts."""
    from pathlib import Path

    from alaka.sim.report import build_report, to_markdown, write_report

    if format not in ("html", "md"):
        raise AlakaError(f"--format is html or md, not {format!r}")
    if out == "-":
        if format != "md":
            raise AlakaError("only --format md can be printed (-o -)")
        console.print(to_markdown(build_report(results, baseline)), markup=False, soft_wrap=True)
        return
    target = Path(out) if out else Path(results).with_suffix(f".{format}")
    write_report(results, target, baseline=baseline, format=format)
    console.print(f"report written to {target}")


@app.command("tune")
def tune_command(
    game: Annotated[str, typer.Argument(help="The game, e.g. alakazum.")],
    param: Annotated[
        list[str] | None,
        typer.Option(
            "--param",
            help="What to search (repeatable): an option range max_turns=20..60, choices final_lines "
            "or final_lines=a,b, or a content value catalogue:cards[santa_claus].culture_points=10..16.",
        ),
    ] = None,
    objective: Annotated[
        list[str] | None,
        typer.Option("--objective", help="The goal (repeatable, added up): fair, or rounds=N."),
    ] = None,
    players: Annotated[
        str | None, typer.Option("--players", "-n", help="Player counts: 3, 2-5 or 2,4 (default: usual).")
    ] = None,
    seats: Annotated[
        str | None,
        typer.Option("--seats", help="Bot specs, as for simulate (default: the game's usual bot)."),
    ] = None,
    trials: Annotated[int, typer.Option("--trials", help="Settings tried.", min=1)] = 20,
    games: Annotated[
        int, typer.Option("--games", "-g", help="Games per player count in each trial.", min=1)
    ] = 200,
    seed: Annotated[int, typer.Option("--seed", "-s", help="The seed of every trial's games.")] = 0,
    option: OptionList = None,
    catalogue: CatalogueOption = None,
    components: ComponentsOption = None,
    out: Annotated[str, typer.Option("--out", help="The variant file to write.")] = "variant.json",
    finalists: Annotated[
        int,
        typer.Option(
            "--finalists",
            help="Play the box and this many of the best settings again on fresh games, and keep a "
            "setting only if it beats the box there beyond noise (0: keep the search's best as found).",
            min=0,
        ),
    ] = 3,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Worker processes.", min=1)] = 1,
    backend: BackendOption = "local",
    address: AddressOption = None,
) -> None:
    """Search options or content values toward a goal with Optuna; writes the best as a variant.

    The box (the game's own values) is always measured, a repeated suggestion costs no trial, and
    the finalists are re-checked on fresh games: a setting is kept only if it beats the box there
    beyond noise (a paired bootstrap interval); see docs/simulate.md."""
    import tempfile
    from pathlib import Path

    from alaka.bots.registry import default_bot
    from alaka.sim.runs import option_text
    from alaka.sim.scheduler import StopOnInterrupt
    from alaka.sim.tune import TrialResult, Tuner, parse_objective, parse_param, write_variant

    _check_backend(backend, address)
    g = _game(game)
    seats = seats or default_bot(g.name)
    counts = _player_counts(g, players)
    target = Path(out)
    with tempfile.TemporaryDirectory(prefix="alaka-tune-") as workdir:
        tuner = Tuner(
            g,
            [parse_param(g, text) for text in param or []],
            [parse_objective(text) for text in objective or []],
            players=counts,
            seats=_bot_specs(seats, g),
            options=_options(g, option, catalogue=catalogue, components=components),
            games=games,
            seed=seed,
            workdir=Path(workdir),
        )
        budget = (trials + 1 + (1 + finalists if finalists else 0)) * games * len(counts)
        console.print(
            f"{g.title}: {trials} trials of {games * len(counts)} games, the box and {finalists} finalists "
            f"re-checked on fresh games (at most {budget} games)"
        )

        def show_trial(result: TrialResult) -> None:
            settings = ", ".join(f"{name}={option_text(value)}" for name, value in result.values.items())
            which = "the box" if result.number < 0 else f"trial {result.number + 1}"
            progress.console.print(f"{which}: {settings} -> {result.score:.4f}", markup=False)

        with (
            _backend(backend, jobs, address) as runner,
            _progress() as progress,
            StopOnInterrupt(lambda: errors.print("stopping after this trial's games in progress")) as stop,
        ):
            task = progress.add_task(f"{g.title}: tuning", total=budget)
            result = tuner.run(
                trials,
                runner,
                stop=stop,
                progress=lambda n: progress.advance(task, n),
                on_trial=show_trial,
                finalists=finalists,
            )
        best = result.best
        about = {
            "tuned": {name: value for name, value in best.values.items()},
            "objective": [o.describe() for o in tuner.objectives],
            "measured": best.measures,
            "games_per_trial": games * len(counts),
            "players": counts,
            "seats": _bot_specs(seats, g),
            "seed": seed,
        }
        if result.checks:
            about["rechecked"] = [
                {
                    "values": check.values,
                    "box": check.box,
                    "score": check.score,
                    "interval": list(check.interval),
                    "difference_from_box": check.difference,
                    "difference_interval": list(check.difference_interval),
                }
                for check in result.checks
            ]
        written = write_variant(target, g, _changed(g, result.best_options), about)
    if result.checks:
        _print_rechecks(result, tuner.games * len(counts))
    which = "the box" if best.number < 0 else f"trial {best.number + 1}"
    searched = sum(r.number >= 0 for r in result.trials)
    console.print(f"best of the box and {searched} trials ({result.games_played} games played): {which}")
    for name, value in best.values.items():
        console.print(f"  {name} = {option_text(value)}", markup=False)
    for measure, amount in best.measures.items():
        console.print(f"  {measure}: {amount:.3f}", markup=False)
    console.print(
        f"written: {', '.join(str(p) for p in written)}; play it: alaka simulate {g.name} --variant {target}"
    )


def _print_rechecks(result: Any, games: int) -> None:
    """The re-check's table: the box and the finalists on fresh games, and the verdict."""
    from alaka.sim.runs import option_text

    table = Table(title=f"the box and the finalists again, on {games} fresh games each")
    for column in ("setting", "score (95% CI)", "minus the box (95% CI)", "verdict"):
        table.add_column(column, justify="left" if column in ("setting", "verdict") else "right")
    for check in result.checks:
        settings = ", ".join(f"{name}={option_text(value)}" for name, value in check.values.items())
        low, high = check.interval
        if check.box:
            difference, verdict = "-", "the box"
        else:
            d_low, d_high = check.difference_interval
            difference = f"{check.difference:+.3f} ({d_low:+.3f} to {d_high:+.3f})"
            verdict = "better beyond noise" if check.better_than_box else "not better beyond noise"
        table.add_row(settings, f"{check.score:.3f} ({low:.3f}-{high:.3f})", difference, verdict)
    _print_table(table)
    if result.winner is None:
        console.print("no setting beats the box beyond noise on fresh games: the variant written is the box")


@app.command("train")
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


def _changed(g: Game, options: Mapping[str, object]) -> dict[str, OptionValue]:
    """The options that differ from the game's defaults (a variant file names only those)."""
    defaults = {p.name: p.default for p in g.parameters}
    return {name: value for name, value in g.validate_options(options).items() if defaults[name] != value}


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
            help="Comma-separated, one per seat: human, a level (easy, medium, hard: the lobby's bots, "
            "docs/bots.md#levels) or a bot spec: random, heuristic, ismcts:iterations=200 "
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
        }
        extra = [name for name, value in given.items() if value is not None]
        if extra:
            raise AlakaError(f"--resume continues a game with its own settings; leave out {', '.join(extra)}")
        # A game played with a variant content file goes on only with the file given again: a
        # record never makes Alaka open a file by itself (docs/terminal.md).
        files = {name: path for name, path in (("catalogue", catalogue), ("components", components)) if path}
        setup = resume_game(resume, record=record, game_name=game, files=files)
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
    catalogue: CatalogueOption = None,
    components: ComponentsOption = None,
) -> None:
    """Step through a finished or saved game: Enter/n next, p previous, a number jumps, q quits.

    A game played with a variant content file is replayed with the file you give
    (--catalogue, --components): a record never makes Alaka read a file by itself.
    """
    from pathlib import Path

    from alaka.ui.tui.records import load_record
    from alaka.ui.tui.replay import ReplayViewer

    given = {"catalogue": catalogue, "components": components}
    viewer = ReplayViewer(
        load_record(Path(file)),
        None if seat is None else seat - 1,
        console,
        lambda prompt: console.input(prompt, markup=False),
        files={name: path for name, path in given.items() if path is not None},
    )
    code = viewer.run()
    if code:
        raise typer.Exit(code)


@app.command("review")
def review_command(
    file: Annotated[
        str, typer.Argument(help="A finished game's record (JSON), e.g. one saved by alaka play.")
    ],
    seat: Annotated[int, typer.Option("--seat", help="Whose decisions to review (1 = first player).")] = 1,
    worlds: Annotated[
        int,
        typer.Option("--worlds", min=2, max=10_000, help="Worlds each choice is tried in (learned value)."),
    ] = 32,
    weights: Annotated[
        str | None,
        typer.Option("--weights", help="Judge with this weights file instead of the game's own."),
    ] = None,
    search: Annotated[
        bool, typer.Option("--search", help="Judge by a search even where the game ships weights.")
    ] = False,
    iterations: Annotated[
        int, typer.Option("--iterations", min=1, max=100_000, help="Searches for each decision (search).")
    ] = 200,
    top: Annotated[int, typer.Option("--top", min=1, help="How many costly decisions to show.")] = 5,
    catalogue: CatalogueOption = None,
    components: ComponentsOption = None,
) -> None:
    """Rate each of a seat's decisions from what that seat could see (by the game's learned
    value where it ships weights, else by a search), count the decisions that mattered and how
    many got the best choice, and show the costliest misses and what was better."""
    from pathlib import Path

    from alaka.bots.learned import model_for
    from alaka.bots.review import Judge, review_game, review_text
    from alaka.ui.tui.records import load_record

    if search and weights is not None:
        raise AlakaError("--search and --weights do not go together: a review judges one way")
    record = load_record(Path(file))
    given = {"catalogue": catalogue, "components": components}
    files = {name: path for name, path in given.items() if path is not None}
    judge: Judge = "search" if search else "auto"
    if weights is not None:
        judge = model_for(str(record.get("game", "")), weights)  # a WeightsError says what is wrong
    with console.status("Reviewing (rating each decision)..."):
        review = review_game(record, seat - 1, judge=judge, iterations=iterations, worlds=worlds, files=files)
    console.print(review_text(review, get_game(review.game).title, top), markup=False, highlight=False)


#: The server's default budgets (``alaka serve``'s flags start from them).
LIMITS = Limits()


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
    max_tables: Annotated[
        int, typer.Option("--max-tables", min=1, help="Tables in play at once (finished ones do not count).")
    ] = LIMITS.max_tables,
    tables_per_minute: Annotated[
        int, typer.Option("--tables-per-minute", min=1, help="Tables one client address may create a minute.")
    ] = LIMITS.tables_per_minute,
    tables_per_address: Annotated[
        int,
        typer.Option("--tables-per-address", min=1, help="Unfinished tables one client address may hold."),
    ] = LIMITS.tables_per_address,
    newcomer_tables: Annotated[
        int,
        typer.Option(
            "--newcomer-tables", min=0, help="Tables kept for addresses with none in play (at most half)."
        ),
    ] = LIMITS.newcomer_tables,
    unplayed_minutes: Annotated[
        float,
        typer.Option(
            "--unplayed-minutes",
            min=0,
            help="Minutes before an unwatched table nobody played at leaves memory.",
        ),
    ] = LIMITS.unplayed_minutes,
    connections_per_address: Annotated[
        int,
        typer.Option(
            "--connections-per-address", min=1, help="Connections one client address may hold open."
        ),
    ] = LIMITS.connections_per_address,
    open_seat_seconds: Annotated[
        float,
        typer.Option(
            "--open-seat-seconds", min=0, help="Seconds before the lobby offers a new table's open seats."
        ),
    ] = LIMITS.open_seat_seconds,
    max_connections: Annotated[
        int | None,
        typer.Option(
            "--max-connections",
            min=8,
            help="Connections the server holds at once (default: its file limit less a tenth).",
        ),
    ] = None,
    player_connections: Annotated[
        int,
        typer.Option(
            "--player-connections", min=0, help="Connections spectators may never take (room for players)."
        ),
    ] = LIMITS.player_connections,
    spectators: Annotated[
        int, typer.Option("--spectators", min=0, help="Spectators one table takes.")
    ] = LIMITS.spectators,
    bot_seconds: Annotated[
        float,
        typer.Option("--bot-seconds", min=0.1, help="Processor seconds a table's bots may think per minute."),
    ] = LIMITS.bot_seconds,
    bot_seconds_per_address: Annotated[
        float,
        typer.Option(
            "--bot-seconds-per-address",
            min=0.1,
            help="Processor seconds a minute the bots of one client address's tables may think.",
        ),
    ] = LIMITS.bot_seconds_per_address,
    bot_workers: Annotated[
        int | None,
        typer.Option(
            "--bot-workers", min=1, help="Processes search bots think in (default: one per core but one)."
        ),
    ] = None,
    review_iterations: Annotated[
        int,
        typer.Option("--review-iterations", min=1, max=100_000, help="Searches per decision of a review."),
    ] = LIMITS.review_iterations,
    review_queue: Annotated[
        int, typer.Option("--review-queue", min=1, help="Reviews waiting for the review worker at once.")
    ] = LIMITS.review_queue,
    reviews_per_address: Annotated[
        int,
        typer.Option("--reviews-per-address", min=1, help="Reviews one client address may have waiting."),
    ] = LIMITS.reviews_per_address,
    request_bytes: Annotated[
        int, typer.Option("--request-bytes", min=1024, help="The largest request body, in bytes.")
    ] = LIMITS.request_bytes,
    header_bytes: Annotated[
        int, typer.Option("--header-bytes", min=1024, help="The largest request line and headers, in bytes.")
    ] = LIMITS.header_bytes,
    message_bytes: Annotated[
        int, typer.Option("--message-bytes", min=256, help="The largest WebSocket message a page may send.")
    ] = LIMITS.message_bytes,
    backlog_kib: Annotated[
        int,
        typer.Option("--backlog-kib", min=16, help="KiB queued for a page before it is dropped as behind."),
    ] = LIMITS.backlog.bytes // 1024,
    finished_minutes: Annotated[
        float,
        typer.Option("--finished-minutes", min=0, help="Minutes a finished, unwatched table stays listed."),
    ] = LIMITS.finished_minutes,
    idle_hours: Annotated[
        float,
        typer.Option("--idle-hours", min=0, help="Hours before an unmoved, unwatched table leaves memory."),
    ] = LIMITS.idle_hours,
    lobby_page: Annotated[
        int, typer.Option("--lobby-page", min=1, help="Tables in one page of the lobby's list.")
    ] = LIMITS.lobby_page,
    request_seconds: Annotated[
        float,
        typer.Option(
            "--request-seconds", min=0.1, help="Seconds a request may take to arrive and be answered."
        ),
    ] = LIMITS.request_seconds,
    ping_seconds: Annotated[
        float,
        typer.Option("--ping-seconds", min=0.1, help="Seconds between pings of a page, and to answer one."),
    ] = LIMITS.ping_seconds,
    allow_origin: Annotated[
        list[str] | None,
        typer.Option(
            "--allow-origin",
            help="Another site whose pages may use this server, e.g. https://games.example (repeatable).",
        ),
    ] = None,
    allow_host: Annotated[
        list[str] | None,
        typer.Option(
            "--allow-host",
            help="A name this server answers to besides its address, e.g. games.example (repeatable).",
        ),
    ] = None,
    unread_seconds: Annotated[
        float,
        typer.Option(
            "--unread-seconds", min=1, help="Seconds sent data may stay unread before a connection drops."
        ),
    ] = LIMITS.unread_seconds,
) -> None:
    """Serve the browser tabletop: lobby, tables with bots and friends, spectators, replays.

    Every table is stored in the SQLite file as it is played; a restarted server brings every
    table back where it was. The limits are explained in docs/web.md ("Limits and security").
    """
    from alaka.ui.web.server import serve

    limits = Limits(
        max_tables=max_tables,
        tables_per_minute=tables_per_minute,
        tables_per_address=tables_per_address,
        newcomer_tables=newcomer_tables,
        unplayed_minutes=unplayed_minutes,
        connections_per_address=connections_per_address,
        open_seat_seconds=open_seat_seconds,
        max_connections=max_connections,
        player_connections=player_connections,
        spectators=spectators,
        bot_seconds=bot_seconds,
        bot_seconds_per_address=bot_seconds_per_address,
        bot_workers=bot_workers,
        review_iterations=review_iterations,
        review_queue=review_queue,
        reviews_per_address=reviews_per_address,
        request_bytes=request_bytes,
        header_bytes=header_bytes,
        message_bytes=message_bytes,
        backlog=Backlog(bytes=backlog_kib * 1024),
        finished_minutes=finished_minutes,
        idle_hours=idle_hours,
        lobby_page=lobby_page,
        request_seconds=request_seconds,
        ping_seconds=ping_seconds,
        unread_seconds=unread_seconds,
    )
    serve(
        host=host,
        port=port,
        db=db,
        pace=pace,
        limits=limits,
        origins=allow_origin or [],
        names=allow_host or [],
        console=console,
    )


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
        import platform

        from alaka import __version__
        from alaka.core.compiling import build

        python = f"{platform.python_implementation()} {platform.python_version()}"
        console.print(f"alaka {__version__} ({build()}; {python})", highlight=False)
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
