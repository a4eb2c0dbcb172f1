"""alaka.core.values: plain classes compared, hashed and shown as the frozen dataclasses they
replaced, field for field."""

from __future__ import annotations

from dataclasses import make_dataclass
from typing import Any

import pytest

from alaka.core.values import FrozenValue, Value
from alaka.games.alakazum.actions import Announcement, Named, ZumAction
from alaka.games.alakazum.combat import CombatResult, PlayedPotion

NAMED = Named(4, 1, 2)
SAMPLES: list[tuple[FrozenValue, FrozenValue]] = [
    (PlayedPotion(1, 30, "combat"), PlayedPotion(1, 30, "combat", in_effect=False)),
    (CombatResult((5, 4), (3, 9), ((3, 1), (9, 0)), 0, "more"), CombatResult((5, 4), (3, 9), (), 0, "more")),
    (NAMED, Named(4, -1, 2)),
    (
        Announcement(ZumAction(70, "conjure", 7, 1), (NAMED,), total=12),
        Announcement(ZumAction(70, "conjure", 7, 1), (NAMED,), total=13),
    ),
]


def _twin(value: Value) -> Any:
    """The same value as a frozen dataclass of the same name and fields."""
    names = type(value).__match_args__
    kind = make_dataclass(type(value).__qualname__, names, frozen=True)
    return kind(*[getattr(value, name) for name in names])


@pytest.mark.parametrize(("value", "other"), SAMPLES, ids=lambda v: type(v).__name__)
def test_a_frozen_value_is_the_frozen_dataclass_it_replaced(value: FrozenValue, other: FrozenValue) -> None:
    twin = _twin(value)
    assert repr(value) == repr(twin)
    assert hash(value) == hash(twin)
    rebuilt = type(value)(*[getattr(value, name) for name in type(value).__match_args__])
    assert value == rebuilt and hash(value) == hash(rebuilt)
    assert value != other and (value == other) == (twin == _twin(other))
    assert value != twin  # another class, as two dataclasses are never equal
