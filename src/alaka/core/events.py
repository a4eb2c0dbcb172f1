"""Typed log events: what happened, who did it, and which seats may see its private details.

A game declares one small class per kind of event (subclasses of :class:`Event`, with named
fields after ``actor`` and ``private``) and appends instances to its log. Readers use the names
(``event.card``), never positions, and ``match`` on the class; the English sentence for an event
is written only in the game's ``text.py``.

The JSON form every edge receives is :func:`event_json`: ``{"kind", "seat", <fields>}`` with the
game's own encoding of each field (card numbers become card names, and so on) and ``None`` in
place of the fields listed in ``secret`` for a seat outside ``private``. It is stable: a field
keeps its name and meaning, and a new field is only ever added.

An event is a :class:`~alaka.core.values.Value`: its class names its fields in ``__match_args__``
(all of them, ``actor`` and ``private`` first, as a dataclass does: positional ``match`` patterns
and :func:`field_names` read them), lists its own in ``__slots__`` and sets them in an explicit
``__init__``; equality and ``repr`` are a dataclass's. That is what the built-in games write,
because an event is created at almost every action: in the compiled build
(``alaka.core.compiling``) such a class is compiled and built in a few tens of nanoseconds, where
a dataclass's generated ``__init__`` stays Python (and a dataclass's class variables, ``kind``,
are more than mypyc accepts). A game written in Python may still declare its events as
``@dataclass(slots=True)`` subclasses: :class:`Event` gives dataclasses its two fields. Nothing
mutates an event after it is logged.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from alaka.core.compiling import mypyc_attr
from alaka.core.protocol import JsonDict
from alaka.core.values import Value


@dataclass
class _BaseFields:
    """:class:`Event`'s two fields as dataclasses know them (see :class:`Event`)."""

    actor: int
    private: int


#: ``actor`` and ``private`` are read here by name, as Python reads them: a slotted dataclass
#: subclass written in Python (see :class:`Event`) keeps them in slots of its own, because the
#: compiled build's classes show dataclasses no ``__slots__``, and a compiled read of the field
#: itself would not see them. (Views read events; the rules only make them.)
_ACTOR: Final = "actor"
_PRIVATE: Final = "private"


@mypyc_attr(allow_interpreted_subclasses=True)
class Event(Value):
    """The base of every game's events (see the module docstring for what a subclass writes).

    It carries a dataclass's description of its two fields, so that ``@dataclass(slots=True)``
    on a subclass builds the constructor ``(actor, private, <its fields>)``, as it did when this
    class was a dataclass itself."""

    #: The event's name in the JSON form (``"kind"``), unique within its game.
    kind: ClassVar[str] = ""
    #: The fields that only the seats in ``private`` may see (a spectator never sees them).
    secret: ClassVar[tuple[str, ...]] = ()
    #: Every field in order, ``actor`` and ``private`` first.
    __match_args__: ClassVar[tuple[str, ...]] = ("actor", "private")
    __dataclass_fields__: ClassVar[dict[str, Any]] = _BaseFields.__dataclass_fields__
    __dataclass_params__: ClassVar[Any] = getattr(_BaseFields, "__dataclass_params__")  # noqa: B009
    __slots__ = ("actor", "private")

    #: The seat the event is about, or -1 for chance and the table.
    actor: int
    #: Bit mask of the seats that may see the ``secret`` fields (0 when there are none).
    private: int

    def __init__(self, actor: int, private: int) -> None:
        self.actor = actor
        self.private = private

    def hidden_from(self, seat: int | None) -> bool:
        """Whether ``seat`` (``None``: a spectator) must not see the secret fields."""
        private: int = getattr(self, _PRIVATE)  # see _ACTOR
        return bool(private) and (seat is None or not private >> seat & 1)


def field_names(kind: type[Event]) -> tuple[str, ...]:
    """The event's own fields, in order (without ``actor`` and ``private``)."""
    return kind.__match_args__[2:]


#: A game's encoding of one field's value for JSON: ``(field name, value) -> JSON value``.
Encoder = Callable[[str, Any], Any]


def event_json(event: Event, seat: int | None, encode: Encoder) -> JsonDict:
    """The event as ``seat`` may see it (see the module docstring)."""
    hidden = event.hidden_from(seat)
    actor: int = getattr(event, _ACTOR)
    out: JsonDict = {"kind": event.kind, "seat": actor if actor >= 0 else None}
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
