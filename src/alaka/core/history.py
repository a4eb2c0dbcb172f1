"""What a state's history of actions offers, as a type.

Re-exported by :mod:`alaka.core.protocol`. A module of its own so that it stays Python in the
compiled build (``alaka.core.compiling``): mypyc compiles no protocol whose methods are
overloaded.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol, overload


class ActionHistory(Protocol):
    """What a state's ``history`` (the ids of the actions played, chance outcomes included)
    offers: a plain list does, and so does the shared log
    (:class:`~alaka.core.eventlog.EventLog`) that the phase-machine games keep so that a copy of
    a state shares its past instead of copying it."""

    def append(self, action_id: int, /) -> None: ...
    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, index: int, /) -> int: ...
    @overload
    def __getitem__(self, index: slice, /) -> list[int]: ...
    def __iter__(self) -> Iterator[int]: ...
