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
from alaka.core.language import N_, tr, tr_document
from alaka.core.lesson import Lesson, LessonRun
from alaka.ui.tui import render
from alaka.ui.tui.menu import Command, Pick, normalize, parse_choice

#: Reads one line after showing a prompt; raises EOFError (Ctrl-D) or KeyboardInterrupt (Ctrl-C).
Ask = Callable[[str], str]
#: Starts the short game against the Easy bot (``alaka play GAME --seats human,easy``).
PlayAfter = Callable[[], int]

#: The commands a lesson's prompt reads besides a choice.
# TRANSLATORS: the command words (table, rules, quit) are typed as they are: keep them.
HELP = (
    N_("Choose by number, or by typing the start of a choice (any case, accents optional)."),
    N_("  table   the whole table;  rules   the rules in brief;  quit   stop the lesson"),
)


class LessonSession:
    """One lesson at the terminal, from its prepared position to its farewell."""

    def __init__(self, lesson: Lesson, console: Console, ask: Ask | None = None) -> None:
        self.run_ = LessonRun(lesson)
        self.lesson = lesson
        self.console = console
        self.ask: Ask = ask if ask is not None else self._console_input
        self.names = [render.player_name(seat) for seat in range(self.run_.state.num_players)]
        # TRANSLATORS: {player} is a player's name ("Player 1").
        self.names[lesson.learner] = tr("{player} (you)").format(player=self.names[lesson.learner])
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
        self._coach(lesson.welcome, tr("Coach"))
        try:
            while not run.done:
                self._step()
        except (EOFError, KeyboardInterrupt):
            self.console.print()
            self._say(
                tr("The lesson stopped. Take it again with: alaka learn {game}").format(game=lesson.game)
            )
            return 0
        self._story()
        self._coach(lesson.farewell, tr("Coach: the lesson is over"))
        command = f"alaka play {lesson.game} --seats human,easy"
        if play_after is None:
            # TRANSLATORS: {command} is a command line, typed as it is.
            self._say(tr("Play a short game against an Easy bot with: {command}").format(command=command))
            return 0
        try:
            # TRANSLATORS: the answers read are Enter, y or yes (and n): keep [Y/n].
            answer = self.ask(tr("Play a short game against an Easy bot now? [Y/n] "))
        except (EOFError, KeyboardInterrupt):
            self.console.print()
            answer = "n"
        if normalize(answer) in ("", "y", "yes"):
            return play_after()
        self._say(tr("Whenever you like: {command}").format(command=command))
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
                title=tr("What happened:"),
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
            title = tr("Coach · finish your turn")
        else:
            number, count = run.index + 1, len(self.lesson.steps)
            if step.free:
                title = tr("Coach · Step {number} of {count} · your choice")
            else:
                title = tr("Coach · Step {number} of {count}")
            title = title.format(number=number, count=count)
        self._coach(step.coach, title)
        coached = names.index(step.action) if step.action in names else None
        self.console.print(render.choice_menu(menu, width=self.console.width))
        if not step.free and coached is not None:
            # TRANSLATORS: {number} and {label} are the menu entry's number and words ("3) Roll").
            coach_choice = tr("The coach's choice: {number}) {label}")
            self._say(coach_choice.format(number=coached + 1, label=labels[coached]), "bold magenta")
        while True:
            prompt = tr("Your choice [1-{count}]: ").format(count=len(labels))
            answer = parse_choice(self.ask(prompt), labels, names)
            if isinstance(answer, Pick):
                reason = run.refusal(names[answer.index])
                if reason is not None:
                    # TRANSLATORS: {reason} is the coach's reason, a sentence without its full stop.
                    self._say(tr("Not this time: {reason}.").format(reason=reason), "yellow")
                    continue
                feedback = run.choose(names[answer.index])
                if feedback is not None:
                    self._coach(feedback.text, tr("Coach"))
                return
            if isinstance(answer, Command):
                if answer.name == "quit":
                    raise EOFError
                if answer.name == "rules":
                    self.console.print(Text(render.reflow(tr_document(run.game.rules_summary()).rstrip())))
                elif answer.name == "table":
                    self.console.print(render.view_table(view))
                else:
                    for line in HELP:
                        self._say(tr(line))
                continue
            self._say(answer.message, "red")
