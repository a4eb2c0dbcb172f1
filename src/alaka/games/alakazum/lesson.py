"""Alakazum!'s guided first game: a turn coached step by step, with a choice of your own in it,
then an action of your own.

The position is a scenario (docs/scenarios.md): Player 1 has Olentzero alone and the forest's
known top holds Trasno, so exploring brings a fight the coach can explain; the die, Player 2's
answer to the spell and Player 2's turn are fixed by the steps' ``then``, and the cards Player 2
and then Player 1 draw are the known top of the deck. The words are in
:mod:`alaka.games.alakazum.text` (``COACH``).
"""

from __future__ import annotations

from alaka.core.lesson import Lesson, Step
from alaka.games.alakazum.text import COACH

START = {
    "seats": [
        {"team": ["Olentzero"], "hand": ["Magic hat 1", "Combat potion +1"]},
        {"team": ["Moura", "Penitente"], "hand": ["Die potion +1"]},
    ],
    # Player 1 draws Trasno; Player 2 draws two cards, then Player 1 two.
    "deck_top": ["Trasno", "Magic hat 2", "Broom", "food_val_cat", "Die potion +2"],
    "turn_of": 0,
    "phase": "start",
}

LESSON = Lesson(
    game="alakazum",
    start=START,
    title="Learn to play Alakazum!",
    welcome=COACH["welcome"],
    farewell=COACH["farewell"],
    finish=COACH["finish"],
    praise=COACH["praise"],
    advice=COACH["advice"],
    seed="alakazum-lesson",
    steps=(
        Step("fighter:olentzero", COACH["forest_fight"]),
        Step("pass", COACH["keep_potion"], then=("die:4",)),
        Step("pass", COACH["die_roll"]),
        Step("spell:training", COACH["training"]),
        Step(
            "train:olentzero", COACH["train_target"], free=True, why=COACH["why_train"], then=("no-voodoo",)
        ),
        # Player 2 keeps its two characters at home this turn.
        Step("end-turn", COACH["end_turn"], then=("no-action", "end-turn")),
        Step("fight:moura", COACH["free_action"], free=True, why=COACH["why_action"]),
    ),
)
