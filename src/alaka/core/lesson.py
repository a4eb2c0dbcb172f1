"""A first game that teaches: a prepared position, a few coached steps, a few free ones.

A game offers a lesson by naming, in its entry, a module whose ``LESSON`` is a :class:`Lesson`
(``alaka/games/<game>/lesson.py``; the coach's words are in the game's ``text.py``). A lesson
starts from a scenario (docs/scenarios.md), so the position is exactly the one the coach talks
about, and every step is one decision of the learner's seat:

- a *coached* step names the action to take and says why; nothing else is accepted there (the
  front ends show the reason of a refusal, and the server refuses as the terminal does);
- a *free* step accepts any legal action, then says whether it was the choice the lesson had in
  mind, and why that one is good.

After the last step the learner may finish that turn as they like (a lesson with a ``finish``
line): the dice still to place, the fight still to see through, each decision a free step that
judges nothing, until the turn passes on. The lesson ends there.

Between the learner's decisions the lesson plays everyone else: first the actions its steps
list in ``then`` (dice results, the cards drawn, an opponent's reply: whatever the next coach
line relies on), in order; then chance drawn from a generator seeded by the lesson's seed and
the number of actions so far, and the other seats by the game's heuristic with the same kind of
generator. The same choices therefore always lead to the same table, in the terminal and in the
browser, and a lesson can be replayed from its list of choices alone (:meth:`LessonRun.replay`,
which the browser's stateless lesson API uses).

Only the standard library is used; the heuristic is loaded through the game's entry.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from alaka.core.errors import AlakaError
from alaka.core.language import tr
from alaka.core.protocol import CHANCE, Action, State
from alaka.core.registry import entry
from alaka.core.registry import game as get_game


class LessonError(AlakaError):
    """A choice a lesson does not accept (not the coached one, not legal, the lesson is over),
    or a game that has no lesson."""


@dataclass(frozen=True)
class Step:
    """One decision of the learner, with the coach's line shown while it is being made."""

    #: The coached action's canonical name (a free step: the choice the lesson has in mind).
    action: str
    #: What the coach says at this decision: what to do and why (a free step: what to weigh).
    coach: str
    #: Whether any legal action is accepted (with feedback) instead of only :attr:`action`.
    free: bool = False
    #: A free step's reason why :attr:`action` is the good choice (said after the choice).
    why: str = ""
    #: A free step's other choices that are just as good (praised like :attr:`action`).
    also: tuple[str, ...] = ()
    #: Actions the lesson plays after this step, each at the next decision that is not the
    #: learner's (a die's result, a card drawn, an opponent's move), in order.
    then: tuple[str, ...] = ()


@dataclass(frozen=True)
class Feedback:
    """The words a front end shows after a free step's choice: a short verdict and a reason."""

    good: bool
    text: str


@dataclass(frozen=True)
class Lesson:
    """A game's guided first game (see the module docstring)."""

    game: str
    #: The scenario spec of the prepared position (``game.scenario``).
    start: Mapping[str, Any]
    steps: tuple[Step, ...]
    #: The title shown above the lesson and the line that opens it.
    title: str
    welcome: str
    #: The line shown once the last step is taken.
    farewell: str
    #: Templates of a free step's feedback: ``{why}`` the step's reason, ``{best}`` the label of
    #: the choice the lesson had in mind.
    praise: str = "{why}"
    advice: str = "{best}: {why}"
    #: The coach's line while the learner finishes, as they like, the turn of the last step
    #: (its dice to place, its fight to see through); empty: the lesson ends at its last step.
    finish: str = ""
    learner: int = 0
    seed: str = "lesson"

    def in_reader_language(self) -> Lesson:
        """This lesson with the coach's words in the reader's language (the games mark them with
        ``N_``; they are translated here, where a front end takes the lesson)."""

        def said(words: str) -> str:
            return tr(words) if words else words

        steps = tuple(replace(step, coach=said(step.coach), why=said(step.why)) for step in self.steps)
        return replace(
            self,
            steps=steps,
            title=said(self.title),
            welcome=said(self.welcome),
            farewell=said(self.farewell),
            praise=said(self.praise),
            advice=said(self.advice),
            finish=said(self.finish),
        )


def lesson_of(game: str) -> Lesson:
    """The lesson ``game``'s entry names (:class:`LessonError` if it has none), in the reader's
    language."""
    found = entry(game)
    if found.lesson is None:
        # TRANSLATORS: {game} is the game's title.
        raise LessonError(tr("{game} has no lesson yet").format(game=found.title))
    module_name, _, attribute = found.lesson.partition(":")
    lesson = getattr(importlib.import_module(module_name), attribute or "LESSON")
    if not isinstance(lesson, Lesson):
        raise TypeError(f"{found.lesson} is not a Lesson")
    return lesson.in_reader_language()


def has_lesson(game: str) -> bool:
    return entry(game).lesson is not None


class LessonRun:
    """A lesson being taken: its state, the step now due and the last feedback."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.game = get_game(lesson.game)
        self.state: State = self.game.scenario(lesson.start)
        self.policy = entry(lesson.game).load_heuristic().policy if entry(lesson.game).has_heuristic else None
        #: The learner's choices so far, one per step taken.
        self.choices: list[str] = []
        self.feedback: Feedback | None = None
        self._pending: list[str] = []
        #: The turn the last step was taken in (``game.turn_of``), which the learner finishes.
        self._last_turn: int | None = None
        self._finish_step = Step("", lesson.finish, free=True)
        self._play_others()

    @classmethod
    def replay(cls, lesson: Lesson, choices: Sequence[object]) -> LessonRun:
        """The lesson after ``choices`` (the learner's, in order); :class:`LessonError` at the
        first one it does not accept."""
        run = cls(lesson)
        for number, choice in enumerate(choices, 1):
            reason = tr("it is not an action's name") if not isinstance(choice, str) else run.refusal(choice)
            if reason is not None:
                # TRANSLATORS: {number} counts the learner's choices from 1; {reason} says why it is refused.
                raise LessonError(tr("choice {number}: {reason}").format(number=number, reason=reason))
            run.choose(str(choice))
        return run

    # -- where the lesson is -----------------------------------------------------------------------

    @property
    def index(self) -> int:
        """The number of steps taken (those of the finished turn after the last one too)."""
        return len(self.choices)

    @property
    def finishing(self) -> bool:
        """Whether the lesson's steps are taken and the learner finishes their turn."""
        return self.index >= len(self.lesson.steps) and bool(self.lesson.finish)

    @property
    def done(self) -> bool:
        if self.state.is_terminal():
            return True
        if self.index < len(self.lesson.steps):
            return False
        return not self.finishing or self._turn_over()

    def _turn_over(self) -> bool:
        """Whether the turn of the last step has ended (the learner no longer decides in it)."""
        state = self.state
        return state.current_player() != self.lesson.learner or self.game.turn_of(state) != self._last_turn

    @property
    def step(self) -> Step | None:
        """The step now due (None once the lesson is over); while the learner finishes the last
        step's turn, a free step with the lesson's ``finish`` line, which judges nothing."""
        if self.done:
            return None
        return self.lesson.steps[self.index] if self.index < len(self.lesson.steps) else self._finish_step

    @property
    def pending(self) -> tuple[str, ...]:
        """The ``then`` actions of the last step not played yet: none once the learner is to
        decide again, in a sound lesson (its tests check it)."""
        return tuple(self._pending)

    def accepted(self) -> tuple[Action, ...]:
        """The actions the step now due accepts: the coached one, or every legal one."""
        step = self.step
        if step is None:
            return ()
        legal = self.state.legal_actions()
        return legal if step.free else tuple(a for a in legal if a.name == step.action)

    def label(self, name: str) -> str:
        """An action's words as the game's front ends show them (its name if it is not legal)."""
        for action in self.state.legal_actions() if not self.state.is_terminal() else ():
            if action.name == name:
                return self.game.label(self.state, action)
        return name

    # -- taking a step ---------------------------------------------------------------------------

    def refusal(self, name: str) -> str | None:
        """Why the step now due does not accept ``name`` (None: it does)."""
        step = self.step
        if step is None:
            return tr("the lesson is over")
        if not any(a.name == name for a in self.state.legal_actions()):
            # TRANSLATORS: {name} is an action's name in the notation (roll:1+3), quoted.
            return tr("{name} is not a legal choice now").format(name=repr(name))
        if not step.free and name != step.action:
            # TRANSLATORS: {choice} is the words of the menu entry to choose.
            return tr("in this step of the lesson, choose: {choice}").format(choice=self.label(step.action))
        return None

    def choose(self, name: str) -> Feedback | None:
        """Take the step now due with the action called ``name`` and play on to the learner's
        next decision; the feedback of a free step (None for a coached one)."""
        reason = self.refusal(name)
        if reason is not None:
            raise LessonError(reason)
        step = self.step
        assert step is not None  # refusal() says when the lesson is over
        feedback = self._feedback(step, name) if step.free and step.action else None
        turn = self.game.turn_of(self.state)
        self.state.apply(name)
        self.choices.append(name)
        if self.index == len(self.lesson.steps):
            self._last_turn = turn
        self.feedback = feedback
        self._pending = list(step.then)
        self._play_others()
        return feedback

    def _feedback(self, step: Step, name: str) -> Feedback:
        if name == step.action or name in step.also:
            return Feedback(True, self.lesson.praise.format(why=step.why, best=self.label(step.action)))
        return Feedback(False, self.lesson.advice.format(why=step.why, best=self.label(step.action)))

    def _play_others(self) -> None:
        """Play every decision that is not the learner's: the pending ``then`` actions first,
        then seeded chance and the heuristic (random play for a game without one)."""
        state = self.state
        while not state.is_terminal() and state.current_player() != self.lesson.learner:
            if self.finishing and self.game.turn_of(state) != self._last_turn:
                break  # the learner's last turn is over: so is the lesson
            rng = random.Random(f"{self.lesson.seed}:{len(state.history)}")
            if self._pending and self._playable(self._pending[0]):
                state.apply(self._pending.pop(0))
            elif state.current_player() == CHANCE:
                state.apply_action(state.sample_chance(rng))
            elif self.policy is not None:
                state.apply_action(self.policy(state, state.current_player(), rng))
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
        if self.done:
            self._pending.clear()

    def _playable(self, name: str) -> bool:
        """Whether ``name`` can be played at this decision (a chance outcome or a seat's action):
        a ``then`` action waits for the decision it belongs to."""
        state = self.state
        if state.current_player() == CHANCE:
            return any(a.name == name for a, _ in state.chance_outcomes())
        return any(a.name == name for a in state.legal_actions())
