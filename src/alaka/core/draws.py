"""Uniform draws that are exactly a generator's own, made cheaper: :func:`pick` for
``rng.choice(seq)`` and :func:`below` for ``rng.randrange(n)``.

Both of ``random.Random``'s methods come down to ``rng._randbelow(n)``, which takes
``n.bit_length()`` bits from ``rng.getrandbits`` until the number is below ``n``. Those methods
are Python: two interpreted calls around the one call into C that draws, at every chance step
and at every move of a random playout. These functions do the same with the generator's own
``getrandbits`` when the generator is a plain ``random.Random`` (in the compiled build no
interpreted call is left); any other generator, whose class may draw otherwise, is asked its
own method. The numbers are the same either way, so seeded games do not change (a test compares
them with ``random``'s).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def pick(rng: random.Random, seq: Sequence[T]) -> T:
    """``rng.choice(seq)``: the same element, drawn the same way (``_randbelow(len(seq))``:
    as many bits as the length has, again until the number is below it), in one call."""
    size = len(seq)
    if type(rng) is random.Random and size > 0:
        bits = size.bit_length()
        r = rng.getrandbits(bits)
        while r >= size:
            r = rng.getrandbits(bits)
        return seq[r]
    return rng.choice(seq)


def below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)``: the same number, drawn the same way (for a plain generator it is
    ``rng.choice(range(n))``)."""
    if type(rng) is random.Random and n > 0:
        return pick(rng, range(n))
    return rng.randrange(n)
