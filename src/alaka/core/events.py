"""Typed log events: what happened, who did it, and which seats may see its private details.

A game declares one small class per kind of event (``@dataclass(slots=True)`` subclasses of
:class:`Event`, with named fields after ``actor`` and ``private``) and appends instances to its
log. Readers use the names (``event.card``), never positions, and ``match`` on the class; the
English sentence for an event is written only in the game's ``text.py``.

The JSON form every edge receives is :func:`event_json`: ``{"kind", "seat", <fields>}`` with the
game's own encoding of each field (card numbers become card names, and so on) and ``None`` in
place of the fields listed in ``secret`` for a seat outside ``private``. It is stable: a field
keeps its name and meaning, and a new field is only ever added.

Slotted, unfrozen dataclasses: an event is created at almost every action, and a frozen
dataclass costs three times as much to build. Nothing mutates an event after it is logged.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from alaka.core.protocol import JsonDict


@dataclass(slots=True)
class Event:
    """The base of every game's events."""

    #: The event's name in the JSON form (``"kind"``), unique within its game.
    kind: ClassVar[str] = ""
    #: The fields that only the seats in ``private`` may see (a spectator never sees them).
    secret: ClassVar[tuple[str, ...]] = ()

    #: The seat the event is about, or -1 for chance and the table.
    actor: int
    #: Bit mask of the seats that may see the ``secret`` fields (0 when there are none).
    private: int

    def hidden_from(self, seat: int | None) -> bool:
        """Whether ``seat`` (``None``: a spectator) must not see the secret fields."""
        private = self.private
        return bool(private) and (seat is None or not private >> seat & 1)


_FIELD_NAMES: dict[type[Event], tuple[str, ...]] = {}


def field_names(kind: type[Event]) -> tuple[str, ...]:
    """The event's own fields, in order (without ``actor`` and ``private``)."""
    names = _FIELD_NAMES.get(kind)
    if names is None:
        names = _FIELD_NAMES[kind] = tuple(f.name for f in fields(kind))[2:]
    return names


#: A game's encoding of one field's value for JSON: ``(field name, value) -> JSON value``.
Encoder = Callable[[str, Any], Any]


def event_json(event: Event, seat: int | None, encode: Encoder) -> JsonDict:
    """The event as ``seat`` may see it (see the module docstring)."""
    hidden = event.hidden_from(seat)
    out: JsonDict = {"kind": event.kind, "seat": event.actor if event.actor >= 0 else None}
    secret = event.secret
    for name in field_names(type(event)):
        out[name] = None if hidden and name in secret else encode(name, getattr(event, name))
    return out


def event_kinds(base: type[Event]) -> dict[str, type[Event]]:
    """Every concrete event class below ``base`` by its ``kind`` (for docs and tests)."""
    found: dict[str, type[Event]] = {}
    pending = list(base.__subclasses__())
    while pending:
        kind = pending.pop()
        pending.extend(kind.__subclasses__())
        if not kind.kind:
            continue
        other = found.get(kind.kind)
        if other is not None and other is not kind:
            if _replaced(kind, other):
                continue
            if not _replaced(other, kind):
                raise TypeError(f"two events are called {kind.kind!r}")
        found[kind.kind] = kind
    return dict(sorted(found.items()))


def _replaced(old: type, new: type) -> bool:
    """Whether ``old`` is the class ``@dataclass(slots=True)`` replaced by ``new``: the decorator
    builds a new class with ``__slots__``, and the old one stays among the base's subclasses until
    the garbage collector frees it."""
    same = (old.__module__, old.__qualname__) == (new.__module__, new.__qualname__)
    return same and "__slots__" not in vars(old) and "__slots__" in vars(new)
