"""A table's chance: a secret seed per table, and from it, by the project's one seed rule
(:func:`alaka.core.driver.step_rng`), the generator of each draw.

Every die rolled, card dealt and bot choice at a table comes from :func:`draw_rng` of the
table's seed and the number of actions played so far, so a restarted server, which knows only
the stored seed and actions, continues every game exactly as it would have gone, and a table's
record replays and resumes anywhere else (``alaka play --resume``) as the same game.

The seed is the only secret behind everything still to come (the deck's order, the next
rolls), so it is 256 bits from :mod:`secrets`, kept on the server and never sent to anyone; the
seed rule keys each step's generator with a keyed BLAKE2b hash of the step under the seed, so
seeing any number of draws tells nothing about the seed or about other draws. (A 30-bit seed fed
to ``Random(f"{seed}:{n}")`` was recovered from nine public die rolls by trying them all.)
"""

from __future__ import annotations

import random
import secrets

from alaka.core.driver import step_rng

#: Bytes of randomness in a table's seed.
SEED_BYTES = 32


def new_seed() -> str:
    """A fresh table seed (64 hexadecimal characters), stored as text so any size fits."""
    return secrets.token_hex(SEED_BYTES)


def valid_seed(seed: object) -> bool:
    """Whether ``seed`` is shaped like a table's seed (:func:`new_seed`): the store checks
    each one it reads back, so a damaged seed leaves its table out with a warning instead of
    stopping its first draw."""
    return isinstance(seed, str) and len(seed) == 2 * SEED_BYTES and all(c in _HEX for c in seed)


_HEX = frozenset("0123456789abcdef")


def seed_number(seed: str) -> int:
    """The table's seed (stored as hexadecimal text) as the integer the seed rule takes."""
    return int(seed, 16)


def draw_rng(seed: str, number: int) -> random.Random:
    """The generator for the draw (or bot choice) made after ``number`` actions of the table."""
    return step_rng(seed_number(seed), number)
