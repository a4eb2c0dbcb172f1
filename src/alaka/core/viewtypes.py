"""The JSON shapes every game shares: what a view holds, and an outcome.

Re-exported by :mod:`alaka.core.protocol`. A module of its own so that it stays Python in the
compiled build (``alaka.core.compiling``): the conformance kit reads these declarations'
annotations, which a compiled ``TypedDict`` does not keep.
"""

from __future__ import annotations

from typing import Any, TypedDict


class OutcomeJson(TypedDict):
    """:meth:`Outcome.to_json`: winners and ranking by seat, scores by seat (empty if none)."""

    winners: list[int]
    reason: str
    ranking: list[list[int]]
    scores: list[int]


class BaseView(TypedDict):
    """What every game's view holds (each game's view type adds its own keys).

    ``log`` holds events in their JSON form (:func:`alaka.core.events.event_json`) with a
    ``text`` sentence added; each game documents its event kinds.
    """

    game: str
    seat: int | None
    num_players: int
    phase: str
    decision: str
    current_player: int
    turn: int
    log: list[dict[str, Any]]
    log_size: int
    outcome: OutcomeJson | None
