"""Shared helpers for the Alakazoo rule tests: build positions and read them by name.

The engine keeps cards, runes and spaces as numbers; these helpers turn them back into the
names a rulebook reader uses ("Griffin head", "head/1"), so the tests read like the rules.
"""

from __future__ import annotations

from typing import Any

import alaka

GAME = alaka.game("alakazoo")

#: Element types (and board spaces) in board order, row by row.
TYPES = (
    "left ear",
    "head",
    "right ear",
    "left hand",
    "body",
    "right hand",
    "left leg",
    "tail",
    "right leg",
)


def zoo(spec: dict[str, Any] | None = None, **options: Any) -> Any:
    """A scenario; keyword arguments become game options."""
    spec = dict(spec or {})
    if options:
        spec["options"] = {**spec.get("options", {}), **options}
    spec.setdefault("boards", [1, 2])
    return GAME.scenario(spec)


def play(state: Any, *actions: str) -> Any:
    """Apply canonical action strings in order; returns the state."""
    for action in actions:
        state.apply(action)
    return state


def legal(state: Any) -> set[str]:
    return {a.name for a in state.legal_actions()}


def card(state: Any, number: int) -> str:
    return state.c.card_name(number)


def cards(state: Any, numbers: Any) -> list[str]:
    return [state.c.card_name(c) for c in numbers]


def hand(state: Any, seat: int) -> list[str]:
    return cards(state, state.hands[seat])


def column(state: Any, k: int) -> list[str]:
    """Column ``k`` counted from 1, as a player counts them."""
    return cards(state, state.columns[k - 1])


def runes(state: Any, seat: int) -> set[str]:
    """The runes of the seat's board that hold a Magic Power token, like {'head/1'}."""
    mask = state.runes[seat]
    return {state.c.rune_key(r) for r in range(18) if mask >> r & 1}


def elements(state: Any, seat: int) -> dict[str, str]:
    """The seat's displayed elements: space -> card name."""
    return {TYPES[t]: card(state, c) for t, c in enumerate(state.elements[seat]) if c >= 0}


def full_board(creature_rows: list[list[str]]) -> dict[str, str]:
    """A board's elements from a 3x3 grid of creature names (None leaves a space empty)."""
    out = {}
    for i, row in enumerate(creature_rows):
        for j, creature in enumerate(row):
            if creature is not None:
                out[TYPES[3 * i + j]] = f"{creature} {TYPES[3 * i + j]}"
    return out


def all_of(creature: str, skip: tuple[str, ...] = ()) -> dict[str, str]:
    """Every space holding the creature's own element, except the spaces in ``skip``."""
    return {t: f"{creature} {t}" for t in TYPES if t not in skip}
