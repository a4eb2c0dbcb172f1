"""The browser's lessons (``/learn/GAME``): the guided first game of :mod:`alaka.core.lesson`.

A lesson needs no table, no seat token and no storage: the page sends the learner's choices so
far, and the server replays the lesson from its prepared position (a few dozen actions, chance
and the other seats seeded), refuses the list at the first choice the lesson does not accept
(the coached step's reason, status 409), and answers with what the page draws: the learner's
view, the coach's line, the choices with the ones the step accepts marked, and the feedback on
the last free choice. The server stays the referee; the page only shows and sends.
"""

from __future__ import annotations

from alaka.bots.registry import level_specs
from alaka.core.choices import choices
from alaka.core.errors import AlakaError
from alaka.core.language import tr, trn
from alaka.core.lesson import Lesson, LessonError, LessonRun, has_lesson, lesson_of
from alaka.core.protocol import JsonDict
from alaka.core.registry import game as get_game
from alaka.core.registry import games as game_names
from alaka.ui.web.table import BOT, HUMAN, TableError, guide_of, renderer_url

#: The most choices a learner may send for the rest of the last step's turn (a turn's dice,
#: potions and displays take a handful): a bound on what one request replays.
FINISHING = 40


def find_lesson(name: object) -> Lesson:
    """The lesson of the game called ``name``; a :class:`TableError` (404) if there is none."""
    if not isinstance(name, str) or name not in game_names() or not has_lesson(name):
        shown = name[:40] if isinstance(name, str) else name
        raise TableError(tr("there is no lesson for a game called {game}").format(game=repr(shown)), 404)
    return lesson_of(name)


def lesson_message(name: object, taken: object) -> JsonDict:
    """The lesson of ``name`` after the choices ``taken`` (a list of action names), as the page
    draws it (see the module docstring)."""
    lesson = find_lesson(name)
    most = len(lesson.steps) + FINISHING
    if not isinstance(taken, list) or len(taken) > most:
        raise TableError(
            trn(
                "choices must be a list of at most {n} action name",
                "choices must be a list of at most {n} action names",
                most,
            ).format(n=most),
            400,
        )
    try:
        run = LessonRun.replay(lesson, taken)
    except LessonError as refused:
        raise TableError(str(refused), 409) from None
    except AlakaError as error:  # a lesson whose own steps fail: a bug, said in one line
        raise TableError(tr("the lesson cannot go on: {error}").format(error=error), 500) from None
    game = get_game(lesson.game)
    step = run.step
    accepted = {a.name for a in run.accepted()}
    legal = (
        []
        if step is None
        else [{**choice, "accepted": choice["name"] in accepted} for choice in choices(run.state)]
    )
    feedback = run.feedback
    return {
        "type": "lesson",
        "game": lesson.game,
        "title": lesson.title,
        "welcome": lesson.welcome,
        "farewell": lesson.farewell,
        "steps": len(lesson.steps),
        "index": run.index,
        "done": run.done,
        "coach": None if step is None else step.coach,
        "free": step is not None and step.free,
        # the lesson's steps are taken: the learner finishes that turn (nothing is judged)
        "finishing": step is not None and run.finishing,
        # the coached action, which the table highlights (a free step gives nothing away)
        "coached": None if step is None or step.free else step.action,
        "feedback": None if feedback is None else {"good": feedback.good, "text": feedback.text},
        "choices": run.choices,
        "seat": lesson.learner,
        "view": run.state.view(lesson.learner),
        "legal": legal,
        "table": {
            "id": "lesson",
            "game": lesson.game,
            "title": game.title,
            "renderer": renderer_url(game),
            "seats": [
                {"seat": seat, "kind": HUMAN if seat == lesson.learner else BOT}
                for seat in range(run.state.num_players)
            ],
        },
        # what the lobby's API takes for the short game offered at the end: you and an Easy bot
        "play": {
            "game": lesson.game,
            "seats": [{"kind": HUMAN}, {"kind": BOT, "bot": level_specs(lesson.game)[0]}],
        },
    }


def lesson_guide(name: object) -> JsonDict:
    """What the lesson page explains (the rules in brief, the options, every explanation of the
    content), as a table's guide: printed data only, the same for every learner."""
    lesson = find_lesson(name)
    state = LessonRun(lesson).state
    options = dict(lesson.start.get("options", {}))
    return guide_of(get_game(lesson.game), options, state)
