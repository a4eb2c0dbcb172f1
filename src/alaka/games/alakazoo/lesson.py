"""Alakazoo's guided first game: two turns coached step by step, then choices of your own.

The position is a scenario (docs/scenarios.md): Player 1 holds the Griffin's board with one
token on the head space, the Griffin head and left ear in hand, and column 2 holds the Griffin
body. The dice results and Player 2's first turn are fixed by the steps' ``then``, so every coach
line speaks of the table as it is; what nothing relies on (the cards drawn to fill the columns)
is drawn with the lesson's seed. The words are in :mod:`alaka.games.alakazoo.text` (``COACH``).
"""

from __future__ import annotations

from alaka.core.lesson import Lesson, Step
from alaka.games.alakazoo.text import COACH

START = {
    "boards": [1, 2],
    "seats": [
        {"hand": ["Griffin head", "Griffin left ear", "Kraken tail"], "runes": ["head/1"]},
        {"hand": ["Kraken head", "Unicorn body"]},
    ],
    "columns": [
        ["Chimera tail", "Unicorn left ear"],
        ["Griffin body", "Kraken left hand"],
        ["Unicorn head"],
        ["Chimera body", "Griffin right leg"],
    ],
    "turn_of": 0,
}

LESSON = Lesson(
    game="alakazoo",
    start=START,
    title="Learn to play Alakazoo",
    welcome=COACH["welcome"],
    farewell=COACH["farewell"],
    finish=COACH["finish"],
    praise=COACH["praise"],
    advice=COACH["advice"],
    seed="alakazoo-lesson",
    steps=(
        Step("roll:1+2", COACH["roll"], then=("die:blue", "die:rainbow")),
        Step("place:blue:head/2", COACH["place_blue"]),
        Step(
            "place:rainbow:left-ear/1",
            COACH["place_rainbow"],
            free=True,
            why=COACH["why_rainbow"],
            also=("place:rainbow:left-ear/2",),  # either rune of the left ear
        ),
        Step("display:griffin:head", COACH["display"]),
        # Player 2 rolls one die and keeps to its board, so column 2 is still there next turn.
        Step("end", COACH["end"], then=("roll:1", "die:rainbow", "place:rainbow:head/1", "end")),
        Step("take:2", COACH["take"]),
        Step("end", COACH["end_again"], then=("roll:1", "die:rainbow", "place:rainbow:left-ear/1", "end")),
        Step("roll:1+2+3", COACH["free_action"], free=True, why=COACH["why_action"]),
    ),
)
