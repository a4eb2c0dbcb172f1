"""Every event and frozen value is written by hand as a plain class (``alaka.core.values``: the
compiled build makes them at every action, and a dataclass's generated ``__init__`` would stay
Python). Written by hand, its four declarations could drift apart: this holds, for every class
of both games, the annotated fields, ``__slots__``, ``__match_args__`` and ``__init__`` to one
another, in the pure build (a compiled class keeps no annotations)."""

from __future__ import annotations

import inspect
import typing

import pytest

from alaka.core.events import Event, event_kinds
from alaka.core.values import FrozenValue, Value
from alaka.games.alakazoo.events import ZooEvent
from alaka.games.alakazum import actions, combat
from alaka.games.alakazum.events import ZumEvent

EVENTS = [*event_kinds(ZooEvent).values(), *event_kinds(ZumEvent).values()]


def below(cls: type) -> list[type]:
    """Every class below ``cls``, however deep."""
    return [sub for child in cls.__subclasses__() for sub in (child, *below(child))]


# Both games are imported above, so every frozen value they declare is found (and only theirs:
# other test modules may declare their own).
VALUES = [cls for cls in below(FrozenValue) if cls.__module__.startswith("alaka.")]
assert {actions.Announcement, combat.CombatResult} <= set(VALUES)


def own_fields(cls: type) -> list[str]:
    """The fields ``cls`` itself declares (annotations that are not class variables), in order."""
    hints = typing.get_type_hints(cls)
    names = inspect.get_annotations(cls)
    return [name for name in names if typing.get_origin(hints[name]) is not typing.ClassVar]


def declared(cls: type[Value]) -> tuple[list[str], list[str]]:
    """The fields and slots that ``cls`` and its bases below ``Event`` (or ``Value``) declare."""
    base = Event if issubclass(cls, Event) else Value
    fields: list[str] = []
    slots: list[str] = []
    for klass in reversed(cls.__mro__):
        if issubclass(klass, base) and klass not in (base, ZooEvent, ZumEvent):
            fields += own_fields(klass)
            slots += klass.__dict__.get("__slots__", ())
    return fields, slots


@pytest.mark.parametrize("cls", [*EVENTS, *VALUES], ids=lambda cls: cls.__name__)
def test_fields_slots_match_args_and_init_agree(cls: type[Value]) -> None:
    inherited = ["actor", "private"] if issubclass(cls, Event) else []
    fields, slots = declared(cls)
    assert list(cls.__match_args__) == inherited + fields
    assert sorted(slots) == sorted(fields)
    parameters = list(inspect.signature(cls.__init__).parameters)[1:]
    assert parameters == list(cls.__match_args__)
    # each argument lands in its own field
    made = cls(*range(len(parameters)))
    assert [getattr(made, name) for name in cls.__match_args__] == list(range(len(parameters)))
