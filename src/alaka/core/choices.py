"""A seat's menu as data: each legal action with its label, its cost hint and what it is about.

The terminal and the browser draw the same menu from :func:`choices`: the label from
``game.label``, the one-line cost or consequence from ``game.hint`` (``None`` when there is
nothing to say) and the glossary names from the game's glossary (:mod:`alaka.core.glossary`),
so that a person can ask what a choice's card, board or die is before choosing it.
"""

from __future__ import annotations

from typing import TypedDict

from alaka.core.glossary import topics_of
from alaka.core.protocol import State


class Choice(TypedDict):
    """One legal action of the seat deciding (JSON)."""

    #: The action's id in the game's action table (stable; an RL mask index).
    id: int
    #: Its canonical string (``roll:1+3``), what a record stores.
    name: str
    #: What a player reads in a menu.
    label: str
    #: Its cost or consequence in one line, or ``None``.
    hint: str | None
    #: The glossary names it is about (may be empty).
    topics: list[str]


def choices(state: State) -> list[Choice]:
    """The menu of the seat deciding in ``state`` (empty at chance nodes and at the end)."""
    if state.current_player() < 0:
        return []
    game = state.game
    return [
        {
            "id": action.id,
            "name": action.name,
            "label": game.label(state, action),
            "hint": game.hint(state, action),
            "topics": topics_of(state, action),
        }
        for action in state.legal_actions()
    ]
