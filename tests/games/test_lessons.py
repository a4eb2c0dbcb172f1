"""The guided first games (alaka.core.lesson): every lesson, replayed from its prepared
position, shows a coach line at each step whose coached action is legal there, reaches its end,
accepts any legal action at a free step (and still reaches its end), and refuses anything else
at a coached step."""

from __future__ import annotations

import importlib

import pytest

from alaka.core.lesson import LessonError, LessonRun, has_lesson, lesson_of
from alaka.core.registry import entry, games

LESSONS = [name for name in games() if has_lesson(name)]


def test_both_games_have_a_lesson() -> None:
    assert {"alakazoo", "alakazum"} <= set(LESSONS)


#: The most decisions a learner finishing the last step's turn may be asked for (dice, potions).
FINISHING = 30


def _finish(run: LessonRun) -> None:
    """Follow the lesson's own choices to its end, checking each step where it is shown; then
    finish the last step's turn with the first choice offered, every choice accepted."""
    while not run.done and not run.finishing:
        step = run.step
        assert step is not None
        assert step.coach.strip(), f"step {run.index + 1} has no coach line"
        assert run.pending == (), f"step {run.index + 1}: actions of the lesson left unplayed: {run.pending}"
        assert run.state.current_player() == run.lesson.learner
        accepted = [a.name for a in run.accepted()]
        where = f"step {run.index + 1}: {step.action} is not legal at {run.state.decision()}"
        assert step.action in accepted, where
        run.choose(step.action)
    for _ in range(FINISHING):
        if run.done:
            break
        step = run.step
        assert step is not None and step.coach == run.lesson.finish and step.free and not step.action
        assert run.state.current_player() == run.lesson.learner
        assert [a.name for a in run.accepted()] == [a.name for a in run.state.legal_actions()]
        assert run.choose(run.accepted()[0].name) is None  # finishing judges nothing
    assert run.done, f"the last turn goes on after {FINISHING} decisions"


@pytest.mark.parametrize("game", LESSONS)
def test_every_coached_step_is_legal_where_it_is_shown(game: str) -> None:
    lesson = lesson_of(game)
    assert 6 <= len(lesson.steps) <= 12
    assert lesson.title and lesson.welcome.strip() and lesson.farewell.strip()
    run = LessonRun(lesson)
    _finish(run)
    assert run.index > len(lesson.steps) and run.step is None  # the last turn was finished
    assert not run.state.is_terminal()  # the lesson ends; the game it taught goes on
    assert run.state.current_player() != lesson.learner  # at another's turn, or its chance


@pytest.mark.parametrize("game", LESSONS)
def test_the_coach_words_are_the_games_own(game: str) -> None:
    """Every line the lesson says comes from the game's text module (COACH), none empty."""
    coach = importlib.import_module(f"{entry(game).package}.text").COACH
    assert all(isinstance(line, str) and line.strip() for line in coach.values())
    lesson = lesson_of(game)
    said = [lesson.welcome, lesson.farewell, lesson.praise, lesson.advice, lesson.finish]
    said += [s.coach for s in lesson.steps] + [s.why for s in lesson.steps if s.free]
    assert all(line in coach.values() for line in said)
    assert all(s.why.strip() for s in lesson.steps if s.free)


@pytest.mark.parametrize("game", LESSONS)
def test_a_free_step_accepts_any_legal_action_and_the_lesson_goes_on(game: str) -> None:
    lesson = lesson_of(game)
    free = [k for k, s in enumerate(lesson.steps) if s.free]
    assert free, "a lesson leaves some decisions to the learner"
    for k in free:
        before = LessonRun.replay(lesson, [s.action for s in lesson.steps[:k]])
        legal = [a.name for a in before.state.legal_actions()]
        assert [a.name for a in before.accepted()] == legal and len(legal) > 1
        assert set(lesson.steps[k].also) <= set(legal) - {lesson.steps[k].action}
        assert len(legal) > 1 + len(lesson.steps[k].also)  # some choice is not the best
        for name in legal:
            run = LessonRun.replay(lesson, [s.action for s in lesson.steps[:k]])
            feedback = run.choose(name)
            assert feedback is not None and feedback.text.strip()
            assert feedback.good == (name == lesson.steps[k].action or name in lesson.steps[k].also)
            if not feedback.good:
                assert before.label(lesson.steps[k].action) in feedback.text
            _finish(run)


@pytest.mark.parametrize("game", LESSONS)
def test_a_coached_step_refuses_every_other_choice(game: str) -> None:
    lesson = lesson_of(game)
    run = LessonRun(lesson)
    refused = 0
    for step in lesson.steps:
        if not step.free:
            others = [a.name for a in run.state.legal_actions() if a.name != step.action]
            for name in [*others, "no-such-action"]:
                assert run.refusal(name)
                with pytest.raises(LessonError):
                    run.choose(name)
                refused += 1
        run.choose(step.action)
    assert refused > len(lesson.steps)
    _finish(run)
    with pytest.raises(LessonError, match="over"):
        run.choose(lesson.steps[-1].action)


@pytest.mark.parametrize("game", LESSONS)
def test_the_same_choices_give_the_same_table(game: str) -> None:
    lesson = lesson_of(game)
    choices = [s.action for s in lesson.steps]
    first, again = LessonRun.replay(lesson, choices), LessonRun.replay(lesson, choices)
    assert first.state.record() == again.state.record()
    _finish(first)
    _finish(again)
    assert first.choices == again.choices and first.state.record() == again.state.record()
    with pytest.raises(LessonError):
        LessonRun.replay(lesson, [*choices[:1], 7])


def test_a_game_without_a_lesson_says_so() -> None:
    assert "guess" in games() and not has_lesson("guess")  # the suite's own game declares none
    with pytest.raises(LessonError, match="no lesson"):
        lesson_of("guess")


def _at(game: str, step: str) -> LessonRun:
    """The lesson of ``game`` at the first step that says the COACH line ``step``."""
    coach = importlib.import_module(f"{entry(game).package}.text").COACH
    lesson = lesson_of(game)
    k = next(i for i, s in enumerate(lesson.steps) if s.coach == coach[step])
    return LessonRun.replay(lesson, [s.action for s in lesson.steps[:k]])


def test_the_alakazoo_coach_says_what_the_table_shows() -> None:
    """The numbers and names the Alakazoo coach speaks of, read from the learner's view."""
    run = _at("alakazoo", "place_blue")
    me = run.state.view(0)["players"][0]
    head = me["runes"][2:4]  # the head space's two runes (spaces in board order, two runes each)
    assert [r["colour"] for r in head] == ["green", "blue"] and [r["token"] for r in head] == [True, False]
    run = _at("alakazoo", "place_rainbow")
    left_ear = [r["colour"] for r in run.state.view(0)["players"][0]["runes"][0:2]]
    assert left_ear == ["red", "yellow"]  # two runes: with a rainbow on one, one result is missing
    run = _at("alakazoo", "display")
    points = run.state.view(0)["players"][0]["points"]
    run.choose("display:griffin:head")
    assert run.state.view(0)["players"][0]["points"] == points + 2
    run = _at("alakazoo", "take")
    assert run.state.view(0)["players"][0]["hand_size"] == 2
    assert "Griffin body" in run.label("take:2")
    run = _at("alakazoo", "free_action")
    assert run.state.view(0)["players"][0]["hand_size"] == 4  # full: a column would cost


def test_the_alakazum_coach_says_what_the_table_shows() -> None:
    """The levels, numbers and culture points the Alakazum! coach speaks of."""

    def team(run: LessonRun) -> dict[str, dict[str, object]]:
        return {c["name"]: c for c in run.state.view(0)["players"][0]["team"]}

    run = _at("alakazum", "die_roll")
    assert team(run)["Olentzero"]["level"] == "B"
    run = _at("alakazum", "training")
    assert "Trasno" in team(run) and "very_magical" in team(run)["Trasno"]["traits"]
    run = _at("alakazum", "end_turn")
    assert team(run)["Olentzero"]["level"] == "C" and team(run)["Olentzero"]["combat"] == 3
    assert team(run)["Olentzero"]["resistance"] == 3
    culture = run.state.view(0)["players"][0]["culture_on_table"]
    assert (culture["EUS"], culture["GAL"]) == (2, 1) and max(culture.values()) < 8
    other = _at("alakazum", "train_target")  # the other choice: the same culture points
    other.choose("train:trasno")
    assert other.state.view(0)["players"][0]["culture_on_table"] == culture
    run = _at("alakazum", "free_action")
    moura = next(c for c in run.state.view(0)["players"][1]["team"] if c["name"] == "Moura")
    assert (moura["combat"], moura["resistance"]) == (1, 0)
