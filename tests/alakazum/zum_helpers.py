"""Shared helpers for the Alakazum! rule tests: build positions and read them by name.

The engine keeps every card in the box as a number (``pid``); these helpers turn positions back
into the names a rulebook reader uses (``moura``, ``casteller#2``, ``magic_hat_1``), so the
tests read like the rules. Hand cards are read by their *kind* (the catalogue row id that the
actions use, so the initial market's Magic hat 1 reads ``magic_hat_1`` like the forest's).
"""

from __future__ import annotations

from typing import Any

import alaka

GAME = alaka.game("alakazum")
LEVELS = "ABC"


def zum(spec: dict[str, Any]) -> Any:
    """A scenario (see docs/scenarios.md); the phase defaults to the action."""
    return GAME.scenario(spec)


def play(state: Any, *actions: str) -> Any:
    """Apply canonical action strings in order; returns the state."""
    for action in actions:
        state.apply(action)
    return state


def legal(state: Any) -> set[str]:
    return {a.name for a in state.legal_actions()}


def chance(state: Any) -> set[str]:
    """The chance outcomes that may come next (the node must be a chance node)."""
    assert state.is_chance_node()
    return {a.name for a, _ in state.chance_outcomes()}


def pid(state: Any, key: str) -> int:
    return int(state.L.keys.index(key))


def key(state: Any, p: int) -> str:
    return str(state.L.keys[p])


def kind(state: Any, p: int) -> str:
    """The hand-card kind (action name) of a physical card."""
    return str(state.L.catalogue.cards[state.L.kind_of[p]].id)


def team(state: Any, seat: int) -> list[str]:
    return [key(state, p) for p in state.teams[seat]]


def levels(state: Any, seat: int) -> dict[str, str]:
    """The seat's team: character key -> level letter."""
    return {key(state, p): LEVELS[state.level[p]] for p in state.teams[seat]}


def level(state: Any, character: str) -> str:
    return LEVELS[state.level[pid(state, character)]]


def hand(state: Any, seat: int) -> list[str]:
    """The seat's hand cards by kind, sorted."""
    return sorted(kind(state, p) for p in state.hands[seat])


def market(state: Any) -> list[str]:
    """The market pile by kind, top card first."""
    return [kind(state, p) for p in reversed(state.market)]


def graveyard(state: Any) -> list[str]:
    return [key(state, p) for p in state.graveyard]


def box(state: Any) -> list[str]:
    return [key(state, p) for p in state.box]


def no_voodoo(state: Any) -> Any:
    """Every opponent lets the announced action (or Alakazum) through."""
    while phase(state) == "voodoo doll?":
        state.apply("no-voodoo")
    return state


def phase(state: Any) -> str:
    """The phase name a view shows (``do an action``, ``conjure an Alakazum?``, ...)."""
    return str(state.view(None)["phase"])


def log_kinds(state: Any, since: int = 0) -> list[str]:
    return [event.kind for event in state.log[since:]]


def seats(*teams: list[Any], hands: list[list[str]] | None = None) -> list[dict[str, Any]]:
    """Seat specs from teams (and hands, default empty)."""
    hands = hands or [[] for _ in teams]
    return [{"team": t, "hand": h} for t, h in zip(teams, hands, strict=True)]
