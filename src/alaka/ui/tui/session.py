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

Each decision shows the story since the person's last one, turn by turn, then a screen made for
80x24: the game's focus on the decision, the boards or dice it chooses between, and the menu with
the game's cost hints (:mod:`alaka.core.choices`). ``info``/``?`` explain from the game's glossary,
``log`` pages the whole log, and ``undo`` takes decisions back by the rule of
:mod:`alaka.core.undo` (a replay of the shortened record). In hot seat the game runs on the
alternate screen and every hand-over clears the scrollback.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from alaka.core.choices import Choice, choices
from alaka.core.driver import StepRandom
from alaka.core.errors import AlakaError
from alaka.core.glossary import Glossary, glossary_of
from alaka.core.language import N_, tr, tr_document, trn
from alaka.core.protocol import CHANCE, TERMINAL, Action, Game, JsonDict, State
from alaka.core.records import HUMAN, record_seats, record_seed, replay, replay_states
from alaka.core.registry import game as get_game
from alaka.core.undo import Step, refusal, step, steps_of, to_last_choice, undo
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

#: The commands, as the prompt's help lists them.
# TRANSLATORS: the words typed as commands (?, info, table, log, rules, undo, quit) stay in English:
# they are what the player types; keep the columns lined up.
HELP = (
    N_("Choose by number, or by typing the start of a choice (any case, accents optional)."),
    N_("  ? NAME or info NAME   explain a card, character, spell, board, die... (info 3: choice 3's)"),
    N_("  table                 the whole table; log [N]: the game's log, page N (the last page first)"),
    N_("  rules                 the rules in brief and how to win"),
    N_("  undo                  take back your last decision, when nothing was hidden, drawn or rolled"),
    N_("  quit                  save and stop (Ctrl-D too); alaka play --resume FILE goes on"),
)
#: The reminder above every menu.
# TRANSLATORS: the command words (table, log, rules, undo, quit) are typed as they are: keep them.
KEYS = N_("? explains · table · log · rules · undo · quit")


class _TookBack(Exception):
    """A person took decisions back: the loop goes on from the rebuilt state."""


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
        raise AlakaError(
            tr("cannot read the scenario {path}: {error}").format(path=repr(path), error=error.strerror)
        ) from None
    except json.JSONDecodeError as error:
        raise AlakaError(
            tr("the scenario {path} is not JSON (line {line}: {error})").format(
                path=repr(path), line=error.lineno, error=error.msg
            )
        ) from None
    if not isinstance(data, dict):
        raise AlakaError(tr("the scenario {path} must be a JSON object").format(path=repr(path)))
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
                raise AlakaError(
                    tr("the scenario {path}: 'options' must be an object").format(path=repr(scenario))
                )
            spec["options"] = {**given, **options}
        state: State = game.scenario(spec)
        n = state.num_players
        if players is not None and players != n:
            raise AlakaError(
                tr("--players is {players} but the scenario is for {n} players").format(players=players, n=n)
            )
        seats = choose_seats(game, seats_text, n)
        if len(seats) != n:
            raise AlakaError(
                tr("--seats names {count} seats but the scenario is for {n} players").format(
                    count=len(seats), n=n
                )
            )
    else:
        seats = choose_seats(game, seats_text, players)
        state = game.new_initial_state(len(seats), **options)
    make_bots(game, seats)  # a bad bot spec is reported now, not at that bot's first turn
    if record is not None:
        path = Path(record)
        if path.exists():
            raise AlakaError(
                tr(
                    "{quoted} already exists: continue it with --resume {record}, or choose another --record"
                ).format(quoted=repr(record), record=record)
            )
    else:
        path = default_record_path(game.name)
    return GameSetup(game, state, seats, new_seed() if seed is None else seed, path)


def resume_game(
    path: str,
    *,
    record: str | None = None,
    game_name: str | None = None,
    files: Mapping[str, str] | None = None,
) -> GameSetup:
    """Set up the game saved in ``path`` to go on with the same seats and seed; ``files`` are
    the content files of a variant game (the record names them but never opens them)."""
    data = load_record(Path(path))
    game = get_game(data["game"])
    if game_name is not None and get_game(game_name) is not game:
        raise AlakaError(
            tr("{path} is a game of {game}, not {name}").format(
                path=repr(path), game=game.title, name=game_name
            )
        )
    state = replay(data, files)
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
        #: What undo needs to know of every action so far (rebuilt from the record when resumed).
        record = self.state.record()
        self.steps: list[Step] = []
        if record["actions"]:
            table = self.state.action_table()
            played = [table.parse(name) for name in record["actions"]]
            self.steps = steps_of(replay_states(record), played)
        #: The game's explanations (``None``: it has none); the content never changes in a game.
        self.glossary: Glossary | None = glossary_of(self.state)
        #: The alternate screen is used in hot seat, where the terminal has one (no scrollback).
        self._alternate = False

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

    def _full_terminal(self) -> bool:
        return self.console.is_terminal and not self.console.is_dumb_terminal

    def _clear(self) -> None:
        """Clear the screen and the terminal's scrollback (so nobody scrolls up to another's hand);
        a terminal without those codes (TERM=dumb) is scrolled blank instead."""
        if self._full_terminal():
            self.console.clear()
            # ESC[3J erases the scrollback; after ESC[2J, since some terminals keep what a clear
            # wipes from the screen in the scrollback
            self.console.file.write("\x1b[3J")
            self.console.file.flush()
        else:
            self.console.print("\n" * max(self.console.height, 1), end="")

    def _alternate_screen(self, on: bool) -> None:
        """Hot seat: the alternate screen (no scrollback where the terminal has one) while playing."""
        if on and self.hot_seat and self._full_terminal() and not self._alternate:
            self._alternate = self.console.set_alt_screen(True)
        elif not on and self._alternate:
            self.console.set_alt_screen(False)
            self._alternate = False

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
            self._alternate_screen(True)
            while True:
                player = self.state.current_player()
                if player == TERMINAL:
                    break
                try:
                    action = self._next_action(player)
                except _TookBack:
                    continue
                self.steps.append(step(self.state, action))
                self.state.apply_action(action)
                self.save()
        except _Stop as stop:
            self.save()  # at a prompt the state is whole: this also keeps what the log showed
            self._alternate_screen(False)
            return self._stopped(stop.how)
        except KeyboardInterrupt:
            # Ctrl-C while a bot thought or a move was applied: the state may be half-changed, so
            # it is not saved; the file already holds every action before this one.
            self._alternate_screen(False)
            self.console.print()
            return self._stopped("interrupt")
        self._alternate_screen(False)
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
            # TRANSLATORS: {player} is a seat's name ("Player 2 (hard bot)").
            thinking = tr("{player} is thinking...").format(player=describe_seat(self.seats, seat))
            with self.console.status(thinking):
                return bot.act(self.state, seat, self._rng())
        return bot.act(self.state, seat, self._rng())

    def _hide_private_table(self) -> None:
        """In hot-seat games, nobody's hand stays on screen while others (bots) play."""
        if self.hot_seat and self._on_screen is not None:
            self._clear()
            # TRANSLATORS: {player} is a player's name.
            played = tr("{player} has played; the bots are playing.")
            self._say(played.format(player=render.player_name(self._on_screen)), "dim")
            self._on_screen = None

    def _intro(self) -> None:
        g = self.game
        players = ", ".join(self._names())
        if self.setup.resumed:
            actions = len(self.state.history)
            if self.state.is_terminal():
                # TRANSLATORS: {path} is the record file's path.
                resuming = tr("Resuming {path} after {n} actions (this game is already over).")
            else:
                resuming = tr("Resuming {path} after {n} actions.")
            self._say(resuming.format(path=self.setup.path, n=actions), "bold")
        # TRANSLATORS: {game} is the game's title; {players} lists the seats' names.
        heading = trn(
            "{game}, {n} players: {players}. Seed {seed}.",
            "{game}, {n} players: {players}. Seed {seed}.",
            len(self.seats),
        )
        self._say(
            heading.format(game=g.title, n=len(self.seats), players=players, seed=self.setup.seed), "bold"
        )
        self._say(tr("The game is saved to {path} after every move.").format(path=self.setup.path))
        if self.humans:
            self._say(
                tr(
                    "Choose by number or by typing the start of a choice; ? lists the commands "
                    "(explanations, the whole table, the log, the rules, undo, quit)."
                ),
                "dim",
            )

    def _pass_device(self, seat: int) -> None:
        """Hot-seat: a blank screen that names who plays next, so no one sees another's hand."""
        self._clear()
        who = render.player_name(seat)
        self.console.print(
            Panel(
                Text(
                    # TRANSLATORS: {player} is a player's name.
                    tr(
                        "Pass the device to {player}, then press Enter.\n"
                        "Everyone else, look away: the next screen shows {player}'s hand."
                    ).format(player=who),
                    justify="center",
                ),
                title=tr("Hot seat"),
                padding=(1, 4),
            )
        )
        answer = self._prompt(tr("{player}, press Enter when ready (or type quit): ").format(player=who))
        if normalize(answer) in ("quit", "exit"):
            raise _Stop("quit")

    def _story(self, view: JsonDict, since: int, *, rows: int | None = None) -> None:
        """What happened since ``since``, turn by turn; with ``rows``, only the latest lines that
        fit in that many screen rows (with the title and a note saying how many earlier lines the
        log holds)."""
        lines = render.story_lines(
            view["log"],
            self.game.turn_event,
            self._names(),
            since,
            view["turn"],
            tell=self.game.story_lines,
            width=self.console.width,
        )
        self._say(tr("Since your last decision:"), "bold underline")
        if rows is not None and sum(self._lines(line) for line in lines) > rows - 1:
            room = rows - 2  # the title and the note
            kept: list[Text] = []
            for line in reversed(lines):
                height = self._lines(line)
                if height > room:
                    break
                kept.insert(0, line)
                room -= height
            left = len(lines) - len(kept)
            earlier = trn(
                "  ... {n} earlier line of this story: type log to read them.",
                "  ... {n} earlier lines of this story: type log to read them.",
                left,
            )
            self._say(earlier.format(n=left), "dim")
            for line in kept:
                self.console.print(line)
            return
        for line in lines or [Text(tr("  (nothing new)"), style="dim")]:
            self.console.print(line)

    def _lines(self, renderable: RenderableType) -> int:
        """How many lines ``renderable`` takes on this console."""
        return len(self.console.render_lines(renderable, pad=False))

    def _decision(self, seat: int, view: JsonDict, menu: list[Choice], *, story_from: int | None) -> None:
        """The decision screen: the story (when ``story_from`` is given), what matters to the
        decision, the tables of what the choices are about, the menu with its hints."""
        focus = render.focus_view(view, self.console.width)
        topics = [t for t in (self._topic_tables(menu),) if t is not None]
        width, room = self.console.width, self.console.height - 1  # the prompt's line
        # The first of these that fits the terminal (else the shortest): with everything; without
        # the tables of what the choices are about (``info`` shows them); the hints listed once
        # after the menu; the hints left out (``? N`` tells them). What matters stays on screen.
        screens = [
            Group(focus, *topics, render.choice_menu(menu, width=width)),
            Group(focus, render.choice_menu(menu, width=width)),
            Group(focus, render.choice_menu(menu, width=width, hints="footnotes")),
            Group(focus, render.choice_menu(menu, width=width, hints="none")),
        ]
        heights = [self._lines(candidate) for candidate in screens]
        fits = [k for k, height in enumerate(heights) if height <= room]
        screen = screens[fits[0] if fits else heights.index(min(heights))]
        if story_from is not None:
            rows = None
            if self._alternate:  # no scrollback: the story must fit above the decision and prompt
                rows = self.console.height - self._lines(screen) - 2  # a blank line, the prompt
            self._story(view, story_from, rows=rows)
        self.console.print(screen)

    def _topic_tables(self, menu: list[Choice]) -> RenderableType | None:
        """The boards or dice a menu chooses between, when every choice is about one."""
        glossary = self.glossary
        if glossary is None or not menu:
            return None
        about = [[item for item in glossary.named(choice["topics"]) if item["table"]] for choice in menu]
        items = list({item["name"]: item for found in about for item in found}.values())
        if not all(about):  # a mixed menu: only the one-line tables (the dice of its rolls)
            items = [item for item in items if len(item["table"]) == 1]
        return render.topic_tables(items, self.console.width)

    def _menu_again(self, seat: int, menu: list[Choice]) -> None:
        # TRANSLATORS: {player} is a player's name; {keys} the commands' reminder.
        again = tr("{player}, your choices ({keys}):")
        self._say(again.format(player=render.player_name(seat), keys=tr(KEYS)), "bold")
        self.console.print(render.choice_menu(menu, width=self.console.width))

    def _explain(self, typed: str, menu: list[Choice]) -> None:
        """``info NAME``: the explanations a name finds; ``info 3``: what choice 3 is about."""
        if self.glossary is None:
            # TRANSLATORS: {game} is the game's title.
            none = tr("{game} has no explanations of its pieces; rules shows the rules.")
            self._say(none.format(game=self.game.title), "yellow")
            return
        if not typed:
            kinds = sorted({item["kind"] for item in self.glossary.entries})
            # TRANSLATORS: {kinds} lists kinds of pieces (card, die, ...).
            ask = tr("Ask about any {kinds}: info NAME, or info 3 for what choice 3 is about.")
            self._say(ask.format(kinds=", ".join(kinds)))
            return
        if typed.isdigit():
            number = int(typed)
            if not 1 <= number <= len(menu):
                no_choice = tr("there is no choice {number}: the choices are 1 to {count}")
                self._say(no_choice.format(number=number, count=len(menu)), "red")
                return
            choice = menu[number - 1]
            items = self.glossary.named(choice["topics"])
            self._say(
                f"{number}) {choice['label']}" + (f" · {choice['hint']}" if choice["hint"] else ""), "bold"
            )
            if not items:
                self._say(tr("  (nothing in it to explain)"), "dim")
            for item in items:
                self.console.print(render.explanation(item))
            return
        found = self.glossary.find(typed)
        if not found:
            nothing = tr("nothing is called {name}: try a card, character, spell, board or die name")
            self._say(nothing.format(name=repr(typed)), "red")
        elif len(found) > 3:
            # TRANSLATORS: {name} is what the player typed; {names} the names it could be.
            could = tr("{name} could be: {names}; type more of it")
            self._say(
                could.format(name=repr(typed), names=", ".join(item["name"] for item in found)), "yellow"
            )
        else:
            for item in found:
                self.console.print(render.explanation(item))

    def _log(self, typed: str, seat: int, menu: list[Choice]) -> None:
        """``log [N]``: the whole game's log as the seat may see it, page N (the last by default)."""
        whole = self.state.view(seat, log_since=0)
        lines = render.story_lines(
            whole["log"], self.game.turn_event, self._names(), width=self.console.width
        )
        size = max(
            self.console.height - self._lines(render.choice_menu(menu, width=self.console.width)) - 5, 5
        )
        book = render.pages(lines, size)
        if typed and not (typed.isdigit() and 1 <= int(typed) <= len(book)):
            no_page = tr("there is no page {page} of the log: pages 1 to {count}")
            self._say(no_page.format(page=repr(typed), count=len(book)), "red")
            return
        number = int(typed) if typed else len(book)
        page = tr("The log, page {number} of {count} (log N for page N):")
        self._say(page.format(number=number, count=len(book)), "bold underline")
        for line in book[number - 1]:
            self.console.print(line)

    def _take_back(self, seat: int) -> None:
        """``undo``: take back the seat's last decision (and the forced moves after it)."""
        # a state where the seat had one choice would be played again at once: go back further
        count = to_last_choice(self.state, self.steps, seat)
        if not count:
            # TRANSLATORS: {reason} says why (a sentence without its full stop).
            nothing = tr("Nothing to take back: {reason}.")
            self._say(nothing.format(reason=refusal(self.steps, self.state, seat)), "yellow")
            return
        record = self.state.record()
        table = self.state.action_table()
        taken = [table.parse(name) for name in record["actions"][-count:]]
        restored = undo(self.state, self.steps, seat, count)
        labels = []
        walk = restored.clone()
        for action in taken:
            labels.append(self.game.label(walk, action))
            walk.apply_action(action)
        self.state = restored
        del self.steps[-count:]
        size = self.state.view(None, log_since=None)["log_size"]
        self.log_seen = {q: min(seen, size) for q, seen in self.log_seen.items()}
        self.save()
        # TRANSLATORS: {choices} lists the choices taken back, separated by semicolons.
        self._say(tr("Taken back: {choices}.").format(choices="; ".join(labels)), "bold yellow")
        raise _TookBack

    def _human_action(self, seat: int) -> Action:
        legal = self.state.legal_actions()
        if len(legal) == 1:
            # A forced move (most often "Let it happen" in Alakazum!'s voodoo window, which asks
            # every player so as not to tell who holds a doll) is played for the person, quietly:
            # asking would only slow the game, and the story of the turn shows what it did.
            return legal[0]
        if self.hot_seat and self._on_screen != seat:
            self._pass_device(seat)
        self._on_screen = seat
        since = self.log_seen.get(seat, 0)
        view = self.state.view(seat, log_since=since)
        menu = choices(self.state)
        labels = [choice["label"] for choice in menu]
        names = [choice["name"] for choice in menu]
        who = render.player_name(seat)
        self.console.print()
        self._decision(seat, view, menu, story_from=since)
        while True:
            # TRANSLATORS: {player} is a player's name; {count} the number of choices.
            prompt = tr("{player}, your choice [1-{count}]: ").format(player=who, count=len(labels))
            answer = parse_choice(self._prompt(prompt), labels, names)
            if isinstance(answer, Pick):
                self.log_seen[seat] = view["log_size"]
                return legal[answer.index]
            if isinstance(answer, Command):
                if answer.name == "quit":
                    raise _Stop("quit")
                if answer.name == "undo":
                    self._take_back(seat)
                    continue
                if answer.name == "help":
                    for line in HELP:
                        self._say(tr(line))
                elif answer.name == "rules":
                    self.console.print(Text(render.reflow(tr_document(self.game.rules_summary()).rstrip())))
                elif answer.name == "info":
                    self._explain(answer.argument, menu)
                elif answer.name == "log":
                    self._log(answer.argument, seat, menu)
                else:
                    self.console.print(render.view_table(view))
                self._menu_again(seat, menu)
                continue
            self._say(answer.message, "red")
            if answer.matches:
                self.console.print(render.choice_menu(menu, answer.matches, self.console.width))

    # -- the end -------------------------------------------------------------------------------------

    def _stopped(self, how: str) -> int:
        path = self.setup.path
        if how == "interrupt":
            self._say(tr("Interrupted. Every move so far is saved in {path}.").format(path=path), "yellow")
        else:
            self._say(tr("Saved {path}.").format(path=path), "bold")
        self._say(tr("Continue with: alaka play --resume {path}").format(path=path))
        return EXIT_INTERRUPTED if how == "interrupt" else EXIT_OK

    def _finish(self) -> None:
        """The final table, the last events and the result (hot-seat: as a spectator sees it)."""
        if self.hot_seat:
            self._clear()
        viewer: int | None = None
        if len(self.humans) == 1:
            viewer = self.humans[0]
            since = self.log_seen.get(viewer, 0)
            title = tr("Since your last decision:")
        else:
            since = max(0, self.state.view(None, log_since=None)["log_size"] - 15)
            title = tr("The last events:")
        view = self.state.view(viewer, log_since=since)
        self.console.print()
        self.console.print(render.view_table(view))
        self.console.print(
            render.story(
                view["log"],
                self.game.turn_event,
                self._names(),
                title=title,
                start=since,
                turn_now=view["turn"],
            )
        )
        outcome = view["outcome"]
        if outcome is not None:
            self.console.print(render.outcome_table(outcome, self._names()))
        self._say(tr("The game is over. Its record is {path}.").format(path=self.setup.path), "bold")
        self._say(tr("Step through it with: alaka replay {path}").format(path=self.setup.path))
