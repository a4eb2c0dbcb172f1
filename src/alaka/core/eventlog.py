"""A game's log of events, and its history of actions, shared between a state and its copies
instead of copied.

The rules append an event at almost every action, the state an action id at every one, and
search copies a state at every simulation: copying a whole game's log each time cost more than
the rest of the copy, and the history was a third to a half of a compiled copy. An
:class:`EventLog` is append-only, so a copy (:meth:`EventLog.fork`) can share every event logged
so far and keep only the ones logged after it: forking is a constant-time step, and the two
logs never see each other's later events. Reading (``len``, an index, a slice, iteration) gives
the whole log as a list would.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Generic, TypeVar, overload

EventT = TypeVar("EventT")


class EventLog(Generic[EventT]):
    """The events (or action ids) of one game so far: the first ``base`` events of ``parent`` (those logged
    before this log was forked from it), then this log's own."""

    __slots__ = ("_base", "_items", "_parent")

    def __init__(self, parent: EventLog[EventT] | None = None, base: int = 0) -> None:
        self._parent = parent
        self._base = base
        self._items: list[EventT] = []

    def append(self, event: EventT) -> None:
        self._items.append(event)

    def own(self) -> list[EventT]:
        """The list holding this log's own entries, those appended since it was made or forked:
        appending to it is appending to the log. A state keeps it to record each action with
        a list's own ``append`` (a method of this class is one more Python call per action in
        the pure build). Only ever append to it."""
        return self._items

    def fork(self) -> EventLog[EventT]:
        """A log that starts with every event logged here so far, shared, not copied."""
        if not self._items:  # nothing of its own: fork from the same place (chains stay short)
            return EventLog(self._parent, self._base)
        return EventLog(self, self._base + len(self._items))

    def __len__(self) -> int:
        return self._base + len(self._items)

    def _events(self) -> list[EventT]:
        """Every event, in order."""
        segments = [self._items]
        wanted = self._base  # how many events come from the logs this one was forked from
        log = self._parent
        while log is not None and wanted > 0:
            own = wanted - log._base
            if own > 0:
                segments.append(log._items[:own])
                wanted = log._base
            log = log._parent
        if len(segments) == 1:
            return self._items[:]
        events: list[EventT] = []
        for segment in reversed(segments):
            events.extend(segment)
        return events

    @overload
    def __getitem__(self, index: int) -> EventT: ...
    @overload
    def __getitem__(self, index: slice) -> list[EventT]: ...
    def __getitem__(self, index: int | slice) -> EventT | list[EventT]:
        if isinstance(index, slice):
            return self._events()[index]
        position = index + len(self) if index < 0 else index
        if self._base <= position < len(self):
            return self._items[position - self._base]
        if not 0 <= position < len(self):
            raise IndexError("event log index out of range")
        return self._events()[position]

    def __iter__(self) -> Iterator[EventT]:
        return iter(self._events())

    def __reversed__(self) -> Iterator[EventT]:
        return reversed(self._events())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EventLog):
            return self._events() == other._events()
        if isinstance(other, list):
            return self._events() == other
        return NotImplemented

    def __repr__(self) -> str:
        return f"EventLog({self._events()!r})"
