"""``alaka replay``: step through a finished or saved game, forward and back, from one view.

The steps are the moments someone had to decide (and the last state): stepping through every
dealt card and die roll one by one would bury the game, and those chance outcomes still show,
in words, in the log of the step they belong to. Each step shows what mattered then as the
chosen seat (or a spectator) saw it, the same short focus ``alaka play`` shows at a decision
(``t`` draws the whole table), and what happened since the previous step, told as
``alaka play`` tells it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from alaka.core.errors import AlakaError
from alaka.core.language import N_, tr
from alaka.core.protocol import CHANCE, State
from alaka.core.records import HUMAN, replay_states
from alaka.core.registry import game as get_game
from alaka.ui.tui import render
from alaka.ui.tui.session import EXIT_OK, Ask

# TRANSLATORS: the keys (Enter, n, p, t, q) are typed as they are: keep them.
KEYS = N_("Enter or n: next, p: previous, a number: go to that step, t: the whole table, q: quit")


def decision_points(states: Sequence[State]) -> list[int]:
    """Indices of the states where someone decides, and of the last state."""
    points = [i for i, state in enumerate(states) if state.current_player() != CHANCE]
    last = len(states) - 1
    if not points or points[-1] != last:
        points.append(last)
    return points


def _names(record: Mapping[str, Any], n: int) -> list[str]:
    seats = record.get("seats")
    names = [render.player_name(seat) for seat in range(n)]
    if isinstance(seats, list) and len(seats) == n:
        for seat, spec in enumerate(seats):
            # TRANSLATORS: {player} is "Player 2"; {spec} a bot's spec (heuristic, ismcts:...).
            named = tr("{player} (human)") if spec == HUMAN else tr("{player} ({spec} bot)")
            names[seat] = named.format(player=names[seat], spec=spec)
    return names


class ReplayViewer:
    """Shows one step at a time and reads the next key from ``ask``."""

    def __init__(
        self,
        record: Mapping[str, Any],
        seat: int | None,
        console: Console,
        ask: Ask,
        files: Mapping[str, str] | None = None,
    ) -> None:
        self.states = list(replay_states(record, files))  # checks the record before anything else
        self.game = get_game(record["game"])
        n = self.states[0].num_players
        if seat is not None and not 0 <= seat < n:
            raise AlakaError(
                tr("--seat must be 1 to {n} for a {n}-player game, not {seat}").format(n=n, seat=seat + 1)
            )
        self.seat = seat
        self.points = decision_points(self.states)
        self.console = console
        self.ask = ask
        self.names = _names(record, n)

    @property
    def last(self) -> int:
        return len(self.points) - 1

    def _view(self, step: int, since: int | None) -> dict[str, Any]:
        view: dict[str, Any] = self.states[self.points[step]].view(self.seat, log_since=since)
        return view

    def show(self, step: int) -> None:
        state = self.states[self.points[step]]
        since = 0 if step == 0 else self.states[self.points[step - 1]].view(None, log_since=None)["log_size"]
        view = self._view(step, since)
        who = tr("a spectator") if self.seat is None else render.player_name(self.seat)
        width = self.console.width
        self.console.print()
        # TRANSLATORS: {who} is "a spectator" or a player's name.
        heading = tr("Step {step} of {last}, as {who} sees it").format(step=step, last=self.last, who=who)
        self.console.print(Rule(Text(heading)))
        self.console.print(render.focus_view(view, width))
        self.console.print(
            render.story(
                view["log"],
                self.game.turn_event,
                self.names,
                title=tr("What happened since the last step:"),
                start=since,
                turn_now=view["turn"],
                tell=self.game.story_lines,
                width=width,
            )
        )
        if view["outcome"] is not None:
            self.console.print(render.outcome_table(view["outcome"], self.names))
        if step == self.last:
            if state.is_terminal():
                end = tr("This is the last step: the end of the game.")
            else:
                end = tr("This is the last step: where the record stops.")
            self.console.print(Text(end, style="bold"))

    def run(self) -> int:
        """Step until ``q`` or the end of input; returns the exit code."""
        step = 0
        # TRANSLATORS: {game} is the game's title; {players} the seats' names; {keys} the keys' help.
        heading = tr("{game}: {players}. Keys: {keys}.")
        heading = heading.format(game=self.game.title, players=", ".join(self.names), keys=tr(KEYS))
        self.console.print(Text(heading, style="bold"))
        self.show(step)
        while True:
            try:
                # TRANSLATORS: the keys n, p, t, q are typed as they are; "number" may be translated.
                prompt = tr("Step {step}/{last} [n/p/number/t/q]: ").format(step=step, last=self.last)
                typed = self.ask(prompt).strip().lower()
            except (EOFError, KeyboardInterrupt):
                self.console.print()
                return EXIT_OK
            if typed in ("q", "quit", "exit"):
                return EXIT_OK
            if typed in ("", "n", "next"):
                target = step + 1
            elif typed in ("p", "prev", "previous", "b", "back"):
                target = step - 1
            elif typed.isascii() and typed.isdigit():
                target = int(typed)
            elif typed in ("?", "h", "help"):
                self.console.print(Text(tr(KEYS)))
                continue
            elif typed in ("t", "table"):
                self.console.print(render.view_table(self._view(step, None)))
                continue
            else:
                # TRANSLATORS: {typed} is what the player typed, quoted; {keys} the keys' help.
                wrong = tr("{typed} is not a key here: {keys}").format(typed=repr(typed), keys=tr(KEYS))
                self.console.print(Text(wrong, style="red"))
                continue
            if not 0 <= target <= self.last:
                edge = (
                    tr("already at the last step") if target > self.last else tr("already at the first step")
                )
                if typed.isdigit():
                    edge = tr("there is no step {step}: the steps are 0 to {last}").format(
                        step=target, last=self.last
                    )
                self.console.print(Text(edge, style="red"))
                continue
            step = target
            self.show(step)
