"""alaka.core.draws: the same numbers as ``random``'s own methods, drawn the same way."""

from __future__ import annotations

import random

import pytest

from alaka.core.draws import below, pick
from alaka.core.driver import StepRandom

#: Sizes around powers of two, where the draw rejects most often and takes the most bits.
SIZES = [1, 2, 3, 4, 5, 7, 8, 9, 31, 32, 33, 54, 100, 1000, 2**40 + 1]


def test_below_and_pick_draw_what_randrange_and_choice_draw() -> None:
    for seed in range(20):
        mine, theirs = random.Random(seed), random.Random(seed)
        for size in SIZES * 3:
            assert below(mine, size) == theirs.randrange(size)
            seq = list(range(size % 500 + 1))
            assert pick(mine, seq) == theirs.choice(seq)
        assert mine.getstate() == theirs.getstate()  # the same bits were taken, no more


def test_another_generator_is_asked_its_own_methods() -> None:
    """A subclass may draw otherwise (``StepRandom`` has bits of its own; this one cheats)."""

    class Loaded(random.Random):
        def choice(self, seq):  # type: ignore[no-untyped-def]
            return seq[-1]

        def randrange(self, *args, **kwargs):  # type: ignore[no-untyped-def]
            return 0

    assert pick(Loaded(1), [1, 2, 3]) == 3 and below(Loaded(1), 9) == 0
    mine, theirs = StepRandom(7).at(3), StepRandom(7).at(3)
    assert [pick(mine, range(10)) for _ in range(20)] == [theirs.choice(range(10)) for _ in range(20)]


def test_an_empty_draw_fails_as_random_does() -> None:
    with pytest.raises(IndexError):
        pick(random.Random(0), [])
    with pytest.raises(ValueError, match="empty range"):
        below(random.Random(0), 0)
