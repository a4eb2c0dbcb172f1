"""The writes to fields kept as tuples (alaka.core.tuples): a new tuple, the old one untouched."""

from __future__ import annotations

import pytest

from alaka.core.tuples import replaced, without


def test_replaced_gives_a_new_tuple_and_leaves_the_shared_one_alone() -> None:
    shared = (3, 1, 4, 1)
    assert replaced(shared, 1, 9) == (3, 9, 4, 1)
    assert replaced(shared, -1, 0) == (3, 1, 4, 0)
    assert shared == (3, 1, 4, 1)  # a copy of the state still holding it sees no change
    assert replaced(((1,), (2,)), 0, (5, 6)) == ((5, 6), (2,))  # any kind of entry
    with pytest.raises(IndexError):
        replaced(shared, 4, 0)


def test_without_drops_the_first_match_only_and_refuses_a_missing_one() -> None:
    shared = (3, 1, 4, 1)
    assert without(shared, 1) == (3, 4, 1)
    assert without(shared, 3) == (1, 4, 1)
    assert shared == (3, 1, 4, 1)
    with pytest.raises(ValueError):
        without(shared, 7)
