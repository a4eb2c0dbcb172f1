"""``alaka learn GAME`` without a terminal: scripted answers, a console writing to a string.

The learner first tries a choice the coach did not make (refused, with the reason), then takes
the coach's; at a free step a choice other than the lesson's is taken and judged."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest
from rich.console import Console
from typer.testing import CliRunner

from alaka.cli import app
from alaka.core.choices import choices
from alaka.core.lesson import LessonRun, lesson_of
from alaka.ui.tui.lesson import LessonSession
from waits import PATIENCE


def console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=100, color_system=None), out


class Learner:
    """Answers the lesson's prompts as a person would: first a wrong number at each coached
    step, then the coach's choice; at a free step, some other choice than the lesson's."""

    def __init__(self, session: LessonSession, after: str = "n") -> None:
        self.session = session
        self.tried: set[int] = set()
        self.after = after
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        run = self.session.run_
        if run.done:
            return self.after
        step = run.step
        assert step is not None
        names = [c["name"] for c in choices(run.state)]
        if run.finishing:  # the rest of the last turn: anything goes
            return "1"
        coached = names.index(step.action) + 1
        best = {step.action, *step.also}
        other = next((k for k in range(1, len(names) + 1) if names[k - 1] not in best), coached)
        if step.free:
            return str(other)
        if run.index not in self.tried and len(names) > 1:
            self.tried.add(run.index)
            return str(other)
        return str(coached)


@pytest.mark.parametrize("game", ["alakazoo", "alakazum"])
def test_the_lesson_is_taken_to_its_end_in_the_terminal(game: str) -> None:
    lesson = lesson_of(game)
    shown, out = console()
    session = LessonSession(lesson, shown)
    learner = Learner(session)
    session.ask = learner
    played: list[bool] = []
    assert session.run(lambda: played.append(True) or 0) == 0
    text = out.getvalue()
    assert session.run_.done and session.run_.index > len(lesson.steps)
    assert "Coach · finish your turn" in text
    for step in lesson.steps:  # every coach line is shown (wrapped in its panel)
        assert " ".join(step.coach.split()[:6]) in " ".join(text.split())
    assert f"Step {len(lesson.steps)} of {len(lesson.steps)}" in text
    assert "Not this time: in this step of the lesson, choose:" in text
    assert "the stronger choice was" in " ".join(text.split())  # a free step judged
    assert lesson.farewell.split()[0] in text
    assert learner.prompts[-1].startswith("Play a short game against an Easy bot")
    assert played == []  # answered no


def test_yes_after_the_lesson_starts_the_short_game() -> None:
    lesson = lesson_of("alakazoo")
    shown, _ = console()
    session = LessonSession(lesson, shown)
    session.ask = Learner(session, after="")  # Enter: the default, yes
    played: list[bool] = []
    assert session.run(lambda: played.append(True) or 0) == 0
    assert played == [True]


def test_stopping_midway_says_how_to_start_again() -> None:
    shown, out = console()
    session = LessonSession(lesson_of("alakazum"), shown)
    answers = iter(["3", "quit"])
    session.ask = lambda prompt: next(answers)
    assert session.run(None) == 0
    text = out.getvalue()
    assert "no choice 3" in text or "there is no choice 3" in text
    assert "Take it again with: alaka learn alakazum" in text
    assert not session.run_.done


def test_learn_is_a_command_with_help() -> None:
    result = CliRunner().invoke(app, ["learn", "--help"])
    assert result.exit_code == 0
    assert "coach" in result.output and "Easy bot" in result.output


def test_learn_takes_scripted_input_and_refuses_unknown_games() -> None:
    run = LessonRun(lesson_of("alakazoo"))
    answers = []
    while not run.done:
        assert run.step is not None
        name = run.step.action or run.accepted()[0].name  # the rest of the last turn: the first
        answers.append(str([c["name"] for c in choices(run.state)].index(name) + 1))
        run.choose(name)
    done = subprocess.run(
        [sys.executable, "-m", "alaka", "learn", "alakazoo", "--no-then-play"],
        input="\n".join(answers) + "\n",
        capture_output=True,
        text=True,
        timeout=PATIENCE,
    )
    assert done.returncode == 0, done.stderr
    assert "alaka play alakazoo --seats human,easy" in done.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "alaka", "learn", "chess"], capture_output=True, text=True, timeout=PATIENCE
    )
    assert bad.returncode == 2 and "Traceback" not in bad.stderr and bad.stderr.count("\n") == 1
