"""The game loop of ``alaka play``: people at the keyboard, bots, chance, and the record.

Everyone acts through the protocol: a bot's ``act(state, seat, rng)``, a person's choice among
``state.legal_actions()`` (named with ``game.label``), chance with ``state.sample_chance``. What
a person is shown is drawn from ``state.view(seat)`` alone (see :mod:`~alaka.ui.tui.render`).

Chance and bots draw by the project's one seed rule (:mod:`alaka.core.driver`): the randomness
of each step depends on the game's seed and the number of actions so far alone, so a game
resumed from its record continues exactly as it would have without the interruption, and a
bots-only game is the game ``alaka.play`` plays with the same seed.

The record is saved after every action (:func:`~alaka.ui.tui.records.save_record`), so
``quit``, Ctrl-D, Ctrl-C, a crash or a closed terminal loses nothing.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from alaka.core.driver import StepRandom
from alaka.core.errors import AlakaError
from alaka.core.protocol import CHANCE, TERMINAL, Action, Game, JsonDict, State
from alaka.core.records import HUMAN, record_seats, record_seed, replay
from alaka.core.registry import game as get_game
from alaka.ui.tui import render
from alaka.ui.tui.menu import Command, Pick, normalize, parse_choice
from alaka.ui.tui.records import (
    default_record_path,
    load_record,
    play_record,
    recorded_log_seen,
    save_record,
)
from alaka.ui.tui.seats import choose_seats, describe_seat, make_bots

#: Reads one line after showing a prompt; raises EOFError (Ctrl-D) or KeyboardInterrupt (Ctrl-C).
Ask = Callable[[str], str]

#: Exit codes: a finished or saved game, and a game stopped with Ctrl-C (the shell's convention).
EXIT_OK = 0
EXIT_INTERRUPTED = 130

UNDO_MESSAGE = "There is no undo: every move is final (the record keeps them all)."


class _Stop(Exception):
    """A person asked to stop at a prompt: ``quit``, Ctrl-D (end of input) or Ctrl-C."""

    def __init__(self, how: Literal["quit", "eof", "interrupt"]) -> None:
        super().__init__(how)
        self.how = how


@dataclass
class GameSetup:
    """Everything a session needs, from a new game or a saved record."""

    game: Game
    state: State
    seats: list[str]
    seed: int
    path: Path
    started: str = field(default_factory=lambda: datetime.now().isoformat(timespec="seconds"))
    log_seen: dict[int, int] = field(default_factory=dict)
    resumed: bool = False


def new_seed() -> int:
    """A fresh seed for a game started without ``--seed`` (recorded, so it can be resumed)."""
    return random.SystemRandom().randrange(1_000_000_000)


def _read_scenario(path: str) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise AlakaError(f"cannot read the scenario {path!r}: {error.strerror}") from None
    except json.JSONDecodeError as error:
        raise AlakaError(f"the scenario {path!r} is not JSON (line {error.lineno}: {error.msg})") from None
    if not isinstance(data, dict):
        raise AlakaError(f"the scenario {path!r} must be a JSON object")
    return data


def new_game(
    game: Game,
    *,
    players: int | None = None,
    seats_text: str | None = None,
    seed: int | None = None,
    scenario: str | None = None,
    options: Mapping[str, object] | None = None,
    record: str | None = None,
) -> GameSetup:
    """Set up a new game from the command line's choices (validated here, before any play)."""
    options = dict(options or {})
    if scenario is not None:
        spec = _read_scenario(scenario)
        if options:
            given = spec.get("options", {})
            if not isinstance(given, dict):
                raise AlakaError(f"the scenario {scenario!r}: 'options' must be an object")
            spec["options"] = {**given, **options}
        state: State = game.scenario(spec)
        n = state.num_players
        if players is not None and players != n:
            raise AlakaError(f"--players is {players} but the scenario is for {n} players")
        seats = choose_seats(game, seats_text, n)
        if len(seats) != n:
            raise AlakaError(f"--seats names {len(seats)} seats but the scenario is for {n} players")
    else:
        seats = choose_seats(game, seats_text, players)
        state = game.new_initial_state(len(seats), **options)
    make_bots(game, seats)  # a bad bot spec is reported now, not at that bot's first turn
    if record is not None:
        path = Path(record)
        if path.exists():
            raise AlakaError(
                f"{record!r} already exists: continue it with --resume {record}, or choose another --record"
            )
    else:
        path = default_record_path(game.name)
    return GameSetup(game, state, seats, new_seed() if seed is None else seed, path)


def resume_game(path: str, *, record: str | None = None, game_name: str | None = None) -> GameSetup:
    """Set up the game saved in ``path`` to go on with the same seats and seed."""
    data = load_record(Path(path))
    game = get_game(data["game"])
    if game_name is not None and get_game(game_name) is not game:
        raise AlakaError(f"{path!r} is a game of {game.title}, not {game_name}")
    state = replay(data)
    seats = record_seats(data, state.num_players)
    make_bots(game, seats)
    seed = record_seed(data)
    if seed is None:
        seed = new_seed()
    started = data.get("started")
    return GameSetup(
        game,
        state,
        seats,
        seed,
        Path(record) if record is not None else Path(path),
        started=started if isinstance(started, str) else datetime.now().isoformat(timespec="seconds"),
        log_seen=recorded_log_seen(data),
        resumed=True,
    )


class PlaySession:
    """One game at the terminal, from its current state to its end or until someone stops."""

    def __init__(self, setup: GameSetup, console: Console, ask: Ask | None = None) -> None:
        self.setup = setup
        self.game = setup.game
        self.state = setup.state
        self.seats = setup.seats
        self.console = console
        self.ask: Ask = ask if ask is not None else self._console_input
        self.bots = make_bots(self.game, self.seats)
        self._steps = StepRandom(setup.seed)
        self.humans = [seat for seat, spec in enumerate(self.seats) if spec == HUMAN]
        self.hot_seat = len(self.humans) > 1
        self.log_seen: dict[int, int] = dict(setup.log_seen)
        #: In hot-seat games, the person whose private table is on the screen now.
        self._on_screen: int | None = None

    # -- input and output ------------------------------------------------------------------------

    def _console_input(self, prompt: str) -> str:
        return self.console.input(Text(prompt, style="bold"))

    def _prompt(self, prompt: str) -> str:
        """One line from the keyboard; Ctrl-D and Ctrl-C become a clean stop."""
        try:
            return self.ask(prompt)
        except EOFError:
            self.console.print()
            raise _Stop("eof") from None
        except KeyboardInterrupt:
            self.console.print()
            raise _Stop("interrupt") from None

    def _say(self, message: str, style: str = "") -> None:
        """One message; never broken by Rich (the terminal wraps it), so paths copy whole."""
        self.console.print(Text(message, style=style), soft_wrap=True)

    def _clear(self) -> None:
        """Clear the screen; a terminal without that code (TERM=dumb) is scrolled blank instead."""
        if self.console.is_terminal and not self.console.is_dumb_terminal:
            self.console.clear()
        else:
            self.console.print("\n" * max(self.console.height, 1), end="")

    def _names(self) -> list[str]:
        return [describe_seat(self.seats, seat) for seat in range(len(self.seats))]

    # -- the record ----------------------------------------------------------------------------------

    def save(self) -> None:
        outcome = self.state.outcome()
        record = play_record(
            self.state,
            seats=self.seats,
            seed=self.setup.seed,
            log_seen=self.log_seen,
            started=self.setup.started,
            outcome=outcome.to_json() if outcome is not None else None,
        )
        save_record(self.setup.path, record)

    def _rng(self) -> random.Random:
        return self._steps.at(len(self.state.history))

    # -- the loop ------------------------------------------------------------------------------------

    def run(self) -> int:
        """Play until the end or a stop; returns the exit code (see :data:`EXIT_INTERRUPTED`)."""
        try:
            self.save()
            self._intro()
            while True:
                player = self.state.current_player()
                if player == TERMINAL:
                    break
                action = self._next_action(player)
                self.state.apply_action(action)
                self.save()
        except _Stop as stop:
            self.save()  # at a prompt the state is whole: this also keeps what the log showed
            return self._stopped(stop.how)
        except KeyboardInterrupt:
            # Ctrl-C while a bot thought or a move was applied: the state may be half-changed, so
            # it is not saved; the file already holds every action before this one.
            self.console.print()
            return self._stopped("interrupt")
        try:
            self._finish()
        except KeyboardInterrupt:  # the game is over and saved; only the last screen is cut short
            self.console.print()
            return EXIT_INTERRUPTED
        return EXIT_OK

    def _next_action(self, player: int) -> Action:
        if player == CHANCE:
            return self.state.sample_chance(self._rng())
        if player in self.bots:
            self._hide_private_table()
            return self._bot_action(player)
        return self._human_action(player)

    def _bot_action(self, seat: int) -> Action:
        bot = self.bots[seat]
        if self.seats[seat].lower().startswith("ismcts") and self.console.is_terminal:
            # IS-MCTS may think for seconds: say so rather than look frozen
            with self.console.status(f"{describe_seat(self.seats, seat)} is thinking..."):
                return bot.act(self.state, seat, self._rng())
        return bot.act(self.state, seat, self._rng())

    def _hide_private_table(self) -> None:
        """In hot-seat games, nobody's hand stays on screen while others (bots) play."""
        if self.hot_seat and self._on_screen is not None:
            self._clear()
            self._say(f"{render.player_name(self._on_screen)} has played; the bots are playing.", "dim")
            self._on_screen = None

    def _intro(self) -> None:
        g = self.game
        players = ", ".join(self._names())
        if self.setup.resumed:
            done = " (this game is already over)" if self.state.is_terminal() else ""
            self._say(f"Resuming {self.setup.path} after {len(self.state.history)} actions{done}.", "bold")
        self._say(f"{g.title}, {len(self.seats)} players: {players}. Seed {self.setup.seed}.", "bold")
        self._say(f"The game is saved to {self.setup.path} after every move.")
        if self.humans:
            self._say(
                "Choose by number or by typing the start of a choice; ? shows the rules, "
                "table shows the table again, quit saves and stops.",
                "dim",
            )

    def _pass_device(self, seat: int) -> None:
        """Hot-seat: a blank screen that names who plays next, so no one sees another's hand."""
        self._clear()
        who = render.player_name(seat)
        self.console.print(
            Panel(
                Text(
                    f"Pass the device to {who}, then press Enter.\n"
                    f"Everyone else, look away: the next screen shows {who}'s hand.",
                    justify="center",
                ),
                title="Hot seat",
                padding=(1, 4),
            )
        )
        answer = self._prompt(f"{who}, press Enter when ready (or type quit): ")
        if normalize(answer) in ("quit", "exit"):
            raise _Stop("quit")

    def _show_table(self, seat: int, view: JsonDict) -> None:
        self.console.print(render.view_table(view))
        self.console.print(render.log_lines(view["log"], title="Since your last decision:"))

    def _human_action(self, seat: int) -> Action:
        legal = self.state.legal_actions()
        who = render.player_name(seat)
        if len(legal) == 1:
            # A forced move (most often "Let it happen" in Alakazum!'s voodoo window, which asks
            # every player so as not to tell who holds a doll) is played for the person: asking
            # would only slow the game, and in hot seat make the device change hands for nothing.
            if not self.hot_seat:
                self._say(f"{who}: {self.game.label(self.state, legal[0])} (the only choice).", "dim")
            return legal[0]
        if self.hot_seat and self._on_screen != seat:
            self._pass_device(seat)
        self._on_screen = seat
        view = self.state.view(seat, log_since=self.log_seen.get(seat, 0))
        labels = [self.game.label(self.state, action) for action in legal]
        names = [action.name for action in legal]
        self.console.print()
        self._show_table(seat, view)
        self._say(f"{who}, choose:", "bold")
        self.console.print(render.menu(labels))
        while True:
            answer = parse_choice(self._prompt(f"{who}, your choice [1-{len(labels)}]: "), labels, names)
            if isinstance(answer, Pick):
                self.log_seen[seat] = view["log_size"]
                return legal[answer.index]
            if isinstance(answer, Command):
                if answer.name == "quit":
                    raise _Stop("quit")
                if answer.name == "undo":
                    self._say(UNDO_MESSAGE, "yellow")
                    continue
                if answer.name == "help":
                    self.console.print(Text(self.game.rules_summary().rstrip()))
                else:
                    self._show_table(seat, view)
                self._say(f"{who}, choose:", "bold")
                self.console.print(render.menu(labels))
                continue
            self._say(answer.message, "red")
            if answer.matches:
                self.console.print(render.menu(labels, answer.matches))

    # -- the end -------------------------------------------------------------------------------------

    def _stopped(self, how: str) -> int:
        path = self.setup.path
        if how == "interrupt":
            self._say(f"Interrupted. Every move so far is saved in {path}.", "yellow")
        else:
            self._say(f"Saved {path}.", "bold")
        self._say(f"Continue with: alaka play --resume {path}")
        return EXIT_INTERRUPTED if how == "interrupt" else EXIT_OK

    def _finish(self) -> None:
        """The final table, the last events and the result (hot-seat: as a spectator sees it)."""
        if self.hot_seat:
            self._clear()
        viewer: int | None = None
        if len(self.humans) == 1:
            viewer = self.humans[0]
            since = self.log_seen.get(viewer, 0)
            title = "Since your last decision:"
        else:
            since = max(0, self.state.view(None, log_since=None)["log_size"] - 15)
            title = "The last events:"
        view = self.state.view(viewer, log_since=since)
        self.console.print()
        self.console.print(render.view_table(view))
        self.console.print(render.log_lines(view["log"], title=title))
        outcome = view["outcome"]
        if outcome is not None:
            self.console.print(render.outcome_table(outcome, self._names()))
        self._say(f"The game is over. Its record is {self.setup.path}.", "bold")
        self._say(f"Step through it with: alaka replay {self.setup.path}")
