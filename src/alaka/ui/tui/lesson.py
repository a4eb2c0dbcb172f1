"""``alaka learn GAME``: the game's guided first game at the terminal (:mod:`alaka.core.lesson`).

Each step shows what happened since the learner's last decision, what matters to the decision
(the game's focus, as ``alaka play`` shows it), the coach's line, and the whole menu with the
coached choice marked. At a coached step any other choice is refused with the reason, as the
browser's server refuses it; at a free step any choice is taken and the coach says what it
thinks of it. After the last step the learner finishes that turn as they like; then the lesson
offers a short game against the Easy bot, an ordinary ``alaka play`` game (saved and resumable
like any other).
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from alaka.core.choices import choices
from alaka.core.lesson import Lesson, LessonRun
from alaka.ui.tui import render
from alaka.ui.tui.menu import Command, Pick, normalize, parse_choice

#: Reads one line after showing a prompt; raises EOFError (Ctrl-D) or KeyboardInterrupt (Ctrl-C).
Ask = Callable[[str], str]
#: Starts the short game against the Easy bot (``alaka play GAME --seats human,easy``).
PlayAfter = Callable[[], int]

#: The commands a lesson's prompt reads besides a choice.
HELP = (
    "Choose by number, or by typing the start of a choice (any case, accents optional).",
    "  table   the whole table;  rules   the rules in brief;  quit   stop the lesson",
)


class LessonSession:
    """One lesson at the terminal, from its prepared position to its farewell."""

    def __init__(self, lesson: Lesson, console: Console, ask: Ask | None = None) -> None:
        self.run_ = LessonRun(lesson)
        self.lesson = lesson
        self.console = console
        self.ask: Ask = ask if ask is not None else self._console_input
        self.names = [render.player_name(seat) for seat in range(self.run_.state.num_players)]
        self.names[lesson.learner] = f"{self.names[lesson.learner]} (you)"
        self.log_seen = 0

    def _console_input(self, prompt: str) -> str:
        return self.console.input(Text(prompt, style="bold"))

    def _say(self, message: str, style: str = "") -> None:
        self.console.print(Text(message, style=style), soft_wrap=True)

    def _coach(self, text: str, title: str) -> None:
        self.console.print(Panel(Text(text), title=title, title_align="left", border_style="magenta"))

    def run(self, play_after: PlayAfter | None = None) -> int:
        """Take the lesson; returns the exit code (0, or that of the game played after it)."""
        lesson, run = self.lesson, self.run_
        self._say(lesson.title, "bold")
        self._coach(lesson.welcome, "Coach")
        try:
            while not run.done:
                self._step()
        except (EOFError, KeyboardInterrupt):
            self.console.print()
            self._say(f"The lesson stopped. Take it again with: alaka learn {lesson.game}")
            return 0
        self._story()
        self._coach(lesson.farewell, "Coach: the lesson is over")
        command = f"alaka play {lesson.game} --seats human,easy"
        if play_after is None:
            self._say(f"Play a short game against an Easy bot with: {command}")
            return 0
        try:
            answer = self.ask("Play a short game against an Easy bot now? [Y/n] ")
        except (EOFError, KeyboardInterrupt):
            self.console.print()
            answer = "n"
        if normalize(answer) in ("", "y", "yes"):
            return play_after()
        self._say(f"Whenever you like: {command}")
        return 0

    def _story(self) -> None:
        """What happened since the learner's last decision (the other seats, the dice, the deck)."""
        state = self.run_.state
        view = state.view(self.lesson.learner, log_since=self.log_seen)
        game = self.run_.game
        if not view["log"]:
            return
        self.console.print(
            render.story(
                view["log"],
                game.turn_event,
                self.names,
                title="What happened:",
                start=self.log_seen,
                turn_now=view["turn"],
                tell=game.story_lines,
                width=self.console.width,
            )
        )
        self.log_seen = view["log_size"]

    def _step(self) -> None:
        run = self.run_
        step = run.step
        assert step is not None  # run() loops while the lesson is not done
        state = run.state
        self._story()
        view = state.view(self.lesson.learner)
        menu = choices(state)
        labels = [choice["label"] for choice in menu]
        names = [choice["name"] for choice in menu]
        self.console.print(render.focus_view(view, self.console.width))
        if run.finishing:
            title = "Coach · finish your turn"
        else:
            number = f"Step {run.index + 1} of {len(self.lesson.steps)}"
            title = f"Coach · {number}" + (" · your choice" if step.free else "")
        self._coach(step.coach, title)
        coached = names.index(step.action) if step.action in names else None
        self.console.print(render.choice_menu(menu, width=self.console.width))
        if not step.free and coached is not None:
            self._say(f"The coach's choice: {coached + 1}) {labels[coached]}", "bold magenta")
        while True:
            answer = parse_choice(self.ask(f"Your choice [1-{len(labels)}]: "), labels, names)
            if isinstance(answer, Pick):
                reason = run.refusal(names[answer.index])
                if reason is not None:
                    self._say(f"Not this time: {reason}.", "yellow")
                    continue
                feedback = run.choose(names[answer.index])
                if feedback is not None:
                    self._coach(feedback.text, "Coach")
                return
            if isinstance(answer, Command):
                if answer.name == "quit":
                    raise EOFError
                if answer.name == "rules":
                    self.console.print(Text(render.reflow(run.game.rules_summary().rstrip())))
                elif answer.name == "table":
                    self.console.print(render.view_table(view))
                else:
                    for line in HELP:
                        self._say(line)
                continue
            self._say(answer.message, "red")
