"""The commands that show one game at the terminal: ``alaka watch`` (random bots play it, told
in words), ``alaka learn`` (a guided first game), ``alaka play`` (against bots or friends on one
device), ``alaka replay`` (step through a record) and ``alaka review`` (rate a seat's decisions
in a finished game).
"""

from __future__ import annotations

import time
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from alaka.cli.common import (
    CatalogueOption,
    ComponentsOption,
    LangOption,
    OptionList,
    _game,
    _language,
    _options,
    console,
)
from alaka.core.errors import AlakaError
from alaka.core.language import speaking, tr
from alaka.core.protocol import CHANCE, State
from alaka.core.registry import game as get_game


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
    lang: LangOption = None,
) -> None:
    """Watch random bots play a whole game, move by move, in words."""
    from alaka.bots.random_bot import RandomBot
    from alaka.core.driver import play

    with speaking(_language(lang)):
        g = _game(game)
        state = g.new_initial_state(
            players, **_options(g, option, catalogue=catalogue, components=components)
        )
        n = state.num_players
        if seat is not None and not 1 <= seat <= n:
            raise AlakaError(
                tr("--seat must be 1 to {n} for a {n}-player game, not {seat}").format(n=n, seat=seat)
            )
        viewer = None if seat is None else seat - 1
        shown = 0
        # TRANSLATORS: {game} is the game's title (in bold).
        heading = tr("{game}, {n} players, seed {seed}; random bots in every seat.")
        console.print(heading.format(game="[bold]" + escape(g.title) + "[/bold]", n=n, seed=seed))

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
    lang: LangOption = None,
) -> None:
    """Play in the terminal against bots, or with friends on one device (hot seat)."""
    from alaka.ui.tui.session import PlaySession, new_game, resume_game

    with speaking(_language(lang)):
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
                # TRANSLATORS: {options} lists command-line options (--seed, -o), typed as they are.
                leave_out = tr("--resume continues a game with its own settings; leave out {options}")
                raise AlakaError(leave_out.format(options=", ".join(extra)))
            # A game played with a variant content file goes on only with the file given again: a
            # record never makes Alaka open a file by itself (docs/terminal.md).
            files = {
                name: path for name, path in (("catalogue", catalogue), ("components", components)) if path
            }
            setup = resume_game(resume, record=record, game_name=game, files=files)
        else:
            if game is None:
                raise AlakaError(
                    tr("name the game to play, e.g. alaka play alakazum (or give --resume FILE)")
                )
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


def learn_command(
    game: Annotated[str, typer.Argument(help="The game to learn: alakazum or alakazoo.")],
    then_play: Annotated[
        bool,
        typer.Option(
            "--then-play/--no-then-play",
            help="After the lesson, offer a short game against an Easy bot (default: offer it).",
        ),
    ] = True,
    lang: LangOption = None,
) -> None:
    """Learn a game by playing: a prepared first game where a coach says, at each step, what to
    do and why. Most steps take the coach's choice (another is refused, with the reason); a few
    are yours, and the coach says what it thinks of them. Then, if you like, a short game
    against an Easy bot (an ordinary alaka play game, saved as it goes)."""
    from alaka.core.lesson import lesson_of
    from alaka.ui.tui.lesson import LessonSession
    from alaka.ui.tui.session import PlaySession, new_game

    with speaking(_language(lang)):
        g = _game(game)
        lesson = lesson_of(g.name)  # a LessonError says the game has none

        def play_after() -> int:
            setup = new_game(g, seats_text="human,easy")
            return PlaySession(setup, console).run()

        code = LessonSession(lesson, console).run(play_after if then_play else None)
    if code:
        raise typer.Exit(code)


def replay_command(
    file: Annotated[str, typer.Argument(help="A game record (JSON), e.g. one saved by alaka play.")],
    seat: Annotated[
        int | None,
        typer.Option("--seat", help="See the game as this seat did (1 = first player); default: spectator."),
    ] = None,
    catalogue: CatalogueOption = None,
    components: ComponentsOption = None,
    lang: LangOption = None,
) -> None:
    """Step through a finished or saved game: Enter/n next, p previous, a number jumps, q quits.

    A game played with a variant content file is replayed with the file you give
    (--catalogue, --components): a record never makes Alaka read a file by itself.
    """
    from pathlib import Path

    from alaka.ui.tui.records import load_record
    from alaka.ui.tui.replay import ReplayViewer

    with speaking(_language(lang)):
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
    lang: LangOption = None,
) -> None:
    """Rate each of a seat's decisions from what that seat could see (by the game's learned
    value where it ships weights, else by a search), count the decisions that mattered and how
    many got the best choice, and show the costliest misses and what was better."""
    from pathlib import Path

    from alaka.bots.learned import model_for
    from alaka.bots.review import Judge, review_game, review_text
    from alaka.ui.tui.records import load_record

    with speaking(_language(lang)):
        if search and weights is not None:
            raise AlakaError(tr("--search and --weights do not go together: a review judges one way"))
        record = load_record(Path(file))
        given = {"catalogue": catalogue, "components": components}
        files = {name: path for name, path in given.items() if path is not None}
        judge: Judge = "search" if search else "auto"
        if weights is not None:
            judge = model_for(str(record.get("game", "")), weights)  # a WeightsError says what is wrong
        with console.status(tr("Reviewing (rating each decision)...")):
            review = review_game(
                record, seat - 1, judge=judge, iterations=iterations, worlds=worlds, files=files
            )
        text = review_text(review, get_game(review.game).title, top)
    console.print(text, markup=False, highlight=False)


def _print_outcome(state: State) -> None:
    outcome = state.outcome()
    if outcome is None:
        return
    table = Table(title=tr("Result: {reason}").format(reason=outcome.reason))
    table.add_column(tr("place"), justify="right")
    table.add_column(tr("player"))
    table.add_column(tr("score"), justify="right")
    from alaka.ui.tui.render import player_name, standings

    for place, seat in standings(outcome.ranking):
        name = player_name(seat)
        if seat in outcome.winners:
            name = tr("{player} (winner)").format(player=name)
        score = str(outcome.scores[seat]) if outcome.scores else ""
        table.add_row(str(place), name, score)
    console.print(table)
