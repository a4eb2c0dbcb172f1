"""The JSON shape checker that holds views to their declared TypedDicts, and typed events."""

from __future__ import annotations

import gc
from dataclasses import dataclass
from typing import Any, Literal, TypedDict

import pytest

from alaka.core.events import Event, event_json, event_kinds, field_names
from alaka.core.schema import SchemaError, check_json


class Piece(TypedDict):
    name: str
    level: Literal["A", "B", "C"]


class Board(TypedDict):
    seat: int | None
    pieces: list[Piece]
    scores: dict[str, float]
    extra: Any


GOOD = {"seat": None, "pieces": [{"name": "Moura", "level": "B"}], "scores": {"a": 1, "b": 2.5}, "extra": [1]}


def test_a_view_of_the_declared_shape_passes() -> None:
    check_json(GOOD, Board)
    check_json({**GOOD, "seat": 2}, Board)


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"seat": "2"}, "$.seat"),
        ({"seat": True}, "$.seat"),  # a bool is not an int in a view
        ({"pieces": [{"name": "Moura"}]}, "lacks level"),
        ({"pieces": [{"name": "Moura", "level": "D"}]}, "$.pieces[0].level"),
        ({"scores": {"a": "1"}}, "$.scores.a"),
        ({"surprise": 1}, "does not declare surprise"),
    ],
)
def test_every_departure_is_named_with_its_path(change: dict[str, Any], where: str) -> None:
    with pytest.raises(SchemaError, match=where.replace("$", r"\$").replace("[", r"\[")):
        check_json({**GOOD, **change}, Board)


@dataclass(slots=True)
class SchemaEvent(Event):
    """This file's events: kinds are unique within a game, and a game loaded by another test
    (Alakazum! has a "dealt" too) is below ``Event`` as well."""


@dataclass(slots=True)
class Dealt(SchemaEvent):
    kind = "dealt"
    secret = ("card",)
    card: int
    column: int


def test_an_event_hides_its_secret_fields_from_other_seats_and_names_its_fields() -> None:
    event = Dealt(1, 0b10, 7, 3)

    def encode(name: str, value: object) -> object:
        return f"card {value}" if name == "card" else value

    assert event_json(event, 1, encode) == {"kind": "dealt", "seat": 1, "card": "card 7", "column": 3}
    assert event_json(event, 0, encode) == {"kind": "dealt", "seat": 1, "card": None, "column": 3}
    assert event_json(event, None, encode)["card"] is None
    assert event_kinds(SchemaEvent) == {"dealt": Dealt}


def test_event_kinds_skip_the_class_a_slotted_dataclass_replaced() -> None:
    """``@dataclass(slots=True)`` builds a new class; the one it replaced stays among the base's
    subclasses until the garbage collector runs, and must not count as a second event."""
    gc.disable()  # keeps the replaced classes alive, as a busy program does until a collection
    try:

        @dataclass(slots=True)
        class Base(Event):
            pass

        @dataclass(slots=True)
        class Rolled(Base):
            kind = "rolled"
            value: int

        assert len([c for c in Base.__subclasses__() if c.__qualname__ == Rolled.__qualname__]) == 2
        assert event_kinds(Base) == {"rolled": Rolled}

        @dataclass(slots=True)
        class Thrown(Base):
            kind = "rolled"

        with pytest.raises(TypeError, match="two events are called 'rolled'"):
            event_kinds(Base)
    finally:
        gc.enable()


class PlainEvent(Event):
    """The base of this file's events written as the built-in games write theirs."""

    __slots__ = ()


class Drawn(PlainEvent):
    """An event written as a plain class: its own slots, every field named in order, an
    explicit constructor (what the compiled build compiles)."""

    kind = "drawn"
    secret = ("card",)
    card: int
    column: int

    __slots__ = ("card", "column")
    __match_args__ = ("actor", "private", "card", "column")

    def __init__(self, actor: int, private: int, card: int, column: int) -> None:
        self.actor = actor
        self.private = private
        self.card = card
        self.column = column


def test_an_event_written_as_a_plain_class_behaves_as_the_dataclass_did() -> None:
    """The JSON form, the field names, equality, ``repr`` and positional ``match`` of a plain
    event class are those of the same event declared as a slotted dataclass (``Dealt``)."""
    plain, dataclassed = Drawn(1, 0b10, 7, 3), Dealt(1, 0b10, 7, 3)

    def encode(name: str, value: object) -> object:
        return f"card {value}" if name == "card" else value

    for seat in (0, 1, None):
        assert event_json(plain, seat, encode) == {**event_json(dataclassed, seat, encode), "kind": "drawn"}
    assert field_names(Drawn) == field_names(Dealt) == ("card", "column")
    assert plain == Drawn(1, 0b10, 7, 3) and plain != Drawn(1, 0b10, 7, 4) and plain != dataclassed
    assert (
        repr(plain)
        == repr(dataclassed).replace("Dealt", "Drawn")
        == ("Drawn(actor=1, private=2, card=7, column=3)")
    )
    match plain:
        case Drawn(actor, _, card, column):
            assert (actor, card, column) == (1, 7, 3)
        case _:
            pytest.fail("no positional match")
    with pytest.raises(TypeError, match="unhashable"):
        hash(plain)
    assert event_kinds(PlainEvent) == {"drawn": Drawn}


def test_a_dataclass_event_still_takes_actor_and_private_first() -> None:
    """A game written in Python may declare its events as slotted dataclasses below a plain
    :class:`Event`: the constructor, the fields and the slots are a dataclass's."""
    event = Dealt(2, 0b100, 5, 1)
    assert (event.actor, event.private, event.card, event.column) == (2, 0b100, 5, 1)
    assert Dealt.__match_args__ == ("actor", "private", "card", "column")
    assert not hasattr(event, "__dict__")
