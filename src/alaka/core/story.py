"""The story of each turn: a view's log events grouped by turn, and within a turn by who acted.

A game names the event kind that starts a turn (``Game.turn_event``); nothing here knows any
game. The events before the first turn (the setup, or the part of a turn that a log slice begins
in the middle of) form a chapter of their own. Every event lands in exactly one chapter, in order,
so a reader that shows chapters never drops an event silently.

JSON-ready (the browser shows the same story): a chapter is
``{"turn": int | None, "seat": int | None, "start": int, "events": [...], "parts": [...]}`` where
``start`` is the log index of its first event, ``parts`` are runs of consecutive events with the
same ``seat`` (``{"seat": int | None, "events": [...]}``), and ``turn``/``seat`` are those of the
turn event that opens it (``None`` for a chapter that opens without one).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypedDict

Event = Mapping[str, Any]


class Part(TypedDict):
    """Consecutive events about one seat (``None``: chance or the table)."""

    seat: int | None
    events: list[Event]


class Chapter(TypedDict):
    """One turn's events (or the events before the first turn)."""

    turn: int | None
    seat: int | None
    start: int
    events: list[Event]
    parts: list[Part]


def _parts(events: Sequence[Event]) -> list[Part]:
    parts: list[Part] = []
    for event in events:
        seat = event.get("seat")
        if parts and parts[-1]["seat"] == seat:
            parts[-1]["events"].append(event)
        else:
            parts.append({"seat": seat, "events": [event]})
    return parts


def chapters(events: Sequence[Event], turn_event: str | None, start: int = 0) -> list[Chapter]:
    """``events`` (log entries numbered from ``start``) grouped into chapters, one per turn."""
    out: list[Chapter] = []
    current: Chapter | None = None
    for index, event in enumerate(events, start=start):
        opens = turn_event is not None and event.get("kind") == turn_event
        if current is None or opens:
            turn = event.get("turn") if opens else None
            current = {
                "turn": turn if isinstance(turn, int) else None,
                "seat": event.get("seat") if opens else None,
                "start": index,
                "events": [],
                "parts": [],
            }
            out.append(current)
        current["events"].append(event)
    for chapter in out:
        chapter["parts"] = _parts(chapter["events"])
    return out
