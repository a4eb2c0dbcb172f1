"""Writes to a state's fields kept as tuples.

A copy of a state (``clone``, and ``search_clone`` at every simulation of a search) copies each
of its lists, some 30 to 50 ns apiece even compiled; a tuple it shares. So both games keep a
field that changes a few times a game, or at most about once a turn, as a tuple, and write it by
building a new one here (``mypy --strict`` refuses a write in place). Fields that change at
nearly every step stay lists: a new tuple per step would cost playouts more than the copies
save. Both functions go through a list, which in both builds is quicker than joining slices.
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def replaced(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``values`` with the entry at ``index`` replaced by ``value``."""
    items = list(values)
    items[index] = value
    return tuple(items)


def without(values: tuple[T, ...], value: T) -> tuple[T, ...]:
    """``values`` without the first ``value`` in it (``list.remove`` for a tuple)."""
    items = list(values)
    items.remove(value)
    return tuple(items)
