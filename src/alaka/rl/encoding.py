"""Where the adapters find a game's tensors, and how they read them as NumPy arrays.

Every adapter reaches a game's encoding through :func:`for_game` alone, which finds it where the
game's entry names it (``GameEntry.encoding``), so no adapter knows a game's modules.
"""

from __future__ import annotations

from typing import Protocol, cast

import numpy as np
import numpy.typing as npt

from alaka.core.encoding import ViewEncoding
from alaka.core.protocol import Game, JsonDict, State
from alaka.core.registry import entry, games

Tensor = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


class EncodingFactory(Protocol):
    """A game's ``encoding(num_players, **options)``."""

    def __call__(self, num_players: int | None = None, /, **options: object) -> ViewEncoding: ...


def encoded_games() -> tuple[str, ...]:
    """The games whose entry names an observation encoding: the ones the adapters offer."""
    return tuple(name for name in games() if entry(name).encoding is not None)


def for_game(game: Game) -> EncodingFactory:
    """The function that builds ``game``'s :class:`ViewEncoding` for a player count and options."""
    module = entry(game.name).load_part("encoding")
    return cast(EncodingFactory, module.encoding)


class LogCursor:
    """How far one game's log has been read, and the last events each seat was shown.

    The log only grows and a logged event never changes, so a view needs only the events since
    the last read: the cursor keeps, per seat, the JSON of the last events that seat saw and
    adds the new ones. Turning events into JSON and words is most of a view's cost, and the
    information state reads the last few dozen events at every step. One cursor serves one game
    and must never be ahead of its log (make a new one when the game is replaced).
    """

    __slots__ = ("_seen", "size")

    def __init__(self, size: int = 0) -> None:
        self.size = size
        #: seat -> (the log's size when the seat last read it, the last events it was shown).
        self._seen: dict[int | None, tuple[int, list[JsonDict]]] = {}


def recent_view(state: State, seat: int | None, events: int, cursor: LogCursor | None = None) -> JsonDict:
    """``state.view(seat)`` with only the last ``events`` log events (all the information state
    reads), so a long game's log is not turned into words at every step. With a ``cursor`` of
    this game, only the events since ``seat`` last read are fetched."""
    if cursor is None:
        size = int(state.view(seat, log_since=None)["log_size"])
        return state.view(seat, log_since=max(0, size - events))
    seen = cursor._seen.get(seat)
    since = seen[0] if seen is not None else max(0, cursor.size - events)
    view = state.view(seat, log_since=since)
    log: list[JsonDict] = view["log"]
    if seen is not None:
        log = seen[1] + log
    log = log[-events:] if events else []
    size = int(view["log_size"])
    cursor._seen[seat] = (size, log)
    cursor.size = size
    view["log"] = log
    return view


def observation(
    encoding: ViewEncoding, state: State, seat: int | None, cursor: LogCursor | None = None
) -> Tensor:
    """The observation tensor of ``seat`` in ``state`` (the cursor is not needed: no log)."""
    return np.asarray(encoding.observation(state.view(seat, log_since=None)), dtype=np.float32)


def information_state(
    encoding: ViewEncoding, state: State, seat: int | None, cursor: LogCursor | None = None
) -> Tensor:
    """The information-state tensor of ``seat`` in ``state``."""
    view = recent_view(state, seat, encoding.history_events, cursor)
    return np.asarray(encoding.information_state(view), dtype=np.float32)


def action_mask(encoding: ViewEncoding, state: State) -> Mask:
    """1 at every legal action id of the seat deciding now (all 0 at chance or the end)."""
    return np.asarray(encoding.legal_mask(state), dtype=np.int8)
