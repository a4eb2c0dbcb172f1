"""The commands that play many games to measure them (:mod:`alaka.sim`): ``alaka arena`` (bots
against each other, seats rotated), ``alaka simulate`` (seeded games into a results file),
``alaka report`` (a balance report of a results file) and ``alaka tune`` (search options or
content values toward a goal).
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from typing import Annotated, Any

import typer
from rich.table import Table

from alaka.cli.common import (
    AddressOption,
    BackendOption,
    CatalogueOption,
    ComponentsOption,
    OptionList,
    _backend,
    _bot_specs,
    _check_backend,
    _game,
    _options,
    _player_counts,
    _print_table,
    _progress,
    console,
    errors,
)
from alaka.core.errors import AlakaError
from alaka.core.params import OptionValue, parse_option_strings
from alaka.core.protocol import Game


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


def _changed(g: Game, options: Mapping[str, object]) -> dict[str, OptionValue]:
    """The options that differ from the game's defaults (a variant file names only those)."""
    defaults = {p.name: p.default for p in g.parameters}
    return {name: value for name, value in g.validate_options(options).items() if defaults[name] != value}
