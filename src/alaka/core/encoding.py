"""Fixed-size numeric encodings of a seat's view, for learning agents (standard library only).

A game's ``encoding.py`` describes its tensors as a list of :class:`Section` s, one per part of
the view (the header, each player, the columns...). Each section has a fixed size, a sentence
saying what its numbers mean and one function that reads that part of a view. A
:class:`ViewEncoding` puts the sections end to end, checks every section wrote exactly its
size, and can describe the layout (which slice means what) for the documentation.

Two tensors come from the same view, as in OpenSpiel:

- the *observation* is what the seat sees now: the position, its own hand, the decision;
- the *information state* adds the history: the last few log events (kind and who), so what
  other players just did is there even where the position forgets it.

Both are built from ``state.view(seat)`` alone, so they cannot carry anything the seat may not
see; the legal-action mask (one 0/1 per action id) is read from the state, since legal actions
depend only on what the deciding seat knows (the conformance kit checks it).

Every number lies in [0, 1]: a yes/no is 0 or 1, a one-hot marks one of several, and a count is
divided by a stated cap (and cut at 1 if a count ever goes beyond it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from alaka.core.errors import AlakaError
from alaka.core.protocol import CHANCE, TERMINAL, JsonDict, State

Values = list[float]


def one_hot(index: int | None, size: int) -> Values:
    """``size`` zeros with a 1 at ``index`` (none if ``index`` is None or out of range)."""
    values = [0.0] * size
    if index is not None and 0 <= index < size:
        values[index] = 1.0
    return values


def multi_hot(indices: Iterable[int], size: int) -> Values:
    """``size`` zeros with a 1 at each of ``indices`` (those out of range are ignored)."""
    values = [0.0] * size
    for index in indices:
        if 0 <= index < size:
            values[index] = 1.0
    return values


def scaled(value: float, cap: float) -> float:
    """``value / cap``, cut to [0, 1]."""
    return min(max(value / cap, 0.0), 1.0)


def counts(indices: Iterable[int], size: int, cap: float) -> Values:
    """How many times each of ``0..size-1`` occurs in ``indices``, each divided by ``cap``."""
    tally: dict[int, int] = {}
    for index in indices:
        if 0 <= index < size:
            tally[index] = tally.get(index, 0) + 1
    values = [0.0] * size
    for index, n in tally.items():
        values[index] = scaled(n, cap)
    return values


def seat_index(value: Any) -> int | None:
    """A seat as the view writes it (an int, or ``p1``.. in lists of names), or None."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return value if value >= 0 else None
    if isinstance(value, str) and value.startswith("p") and value[1:].isdigit():
        return int(value[1:]) - 1
    return None


def index_of(names: Sequence[str]) -> dict[str, int]:
    """Name -> position, for turning the view's names into one-hot positions."""
    return {name: i for i, name in enumerate(names)}


@dataclass(frozen=True, slots=True)
class Section:
    """One part of a tensor: its name, size, meaning and the function that fills it."""

    name: str
    size: int
    description: str
    read: Callable[[JsonDict], Values]


@dataclass(frozen=True, slots=True)
class Slice:
    """Where a section lies in the flat tensor: ``tensor[start:stop]``."""

    name: str
    start: int
    stop: int
    description: str


class EncodingError(AlakaError):
    """A section that is not in the layout, or one that wrote a different number of values than
    the layout says (a bug in a game's encoding): the message names the section."""


def _layout(sections: Sequence[Section]) -> tuple[Slice, ...]:
    slices = []
    start = 0
    for section in sections:
        slices.append(Slice(section.name, start, start + section.size, section.description))
        start += section.size
    return tuple(slices)


def _fill(sections: Sequence[Section], view: JsonDict) -> Values:
    values: Values = []
    for section in sections:
        part = section.read(view)
        if len(part) != section.size:
            raise EncodingError(
                f"section {section.name!r} wrote {len(part)} values, its layout says {section.size}"
            )
        values.extend(part)
    return values


def legal_mask(state: State, size: int) -> list[int]:
    """1 at the id of each action the deciding seat may take, else 0 (all 0 at chance or the end)."""
    mask = [0] * size
    if state.current_player() in (CHANCE, TERMINAL):
        return mask
    for action in state.legal_actions():
        mask[action.id] = 1
    return mask


def history_sections(
    events: int, kinds: Sequence[str], max_players: int, log_cap: int = 1000
) -> tuple[Section, ...]:
    """The information state's history part, the same for every game: the log's length and its
    last ``events`` events, newest first, each as its kind (one-hot over ``kinds`` plus "other")
    and who did it (one-hot over the seats plus "nobody"). Only the kinds and actors are used:
    they are public in both games, and the event's words stay in ``text.py``."""
    kind_at = index_of(kinds)
    width = len(kinds) + 1 + max_players + 1

    def size(view: JsonDict) -> Values:
        return [scaled(int(view.get("log_size", 0)), log_cap)]

    def recent(view: JsonDict) -> Values:
        log = view.get("log") or []
        values = [0.0] * (width * events)
        for at, event in enumerate(reversed(log[-events:])):
            kind = kind_at.get(str(event.get("kind")), len(kinds))
            actor = seat_index(event.get("seat"))
            start = at * width
            values[start + kind] = 1.0
            values[start + len(kinds) + 1 + (max_players if actor is None else actor)] = 1.0
        return values

    return (
        Section("log_size", 1, f"events in the log so far / {log_cap}", size),
        Section(
            "recent_events",
            width * events,
            f"the last {events} log events, newest first, {width} numbers each: the kind "
            f"(one-hot over {len(kinds)} kinds, then 'other') and who (one-hot over "
            f"{max_players} seats, then 'nobody'); zeros where the log is shorter",
            recent,
        ),
    )


class ViewEncoding:
    """A game's tensors for one set of options: the observation and the information state.

    ``history_events`` is how many of the log's last events the information state reads, so a
    caller may fetch only those: ``state.view(seat, log_since=max(0, size - history_events))``
    gives the same tensor as the full view.
    """

    def __init__(
        self,
        *,
        game: str,
        num_players: int,
        num_actions: int,
        observation: Sequence[Section],
        history: Sequence[Section],
        history_events: int,
        truncated: Callable[[State], bool],
        options: Mapping[str, object] | None = None,
    ) -> None:
        self.game = game
        self.num_players = num_players
        self.num_actions = num_actions
        self.options = dict(options or {})
        self.history_events = history_events
        self._observation = tuple(observation)
        self._information = (*self._observation, *history)
        self.observation_layout = _layout(self._observation)
        self.information_state_layout = _layout(self._information)
        self.observation_size = self.observation_layout[-1].stop
        self.information_state_size = self.information_state_layout[-1].stop
        self._truncated = truncated

    def observation(self, view: JsonDict) -> Values:
        """The observation tensor of a seat's view (the log, if any, is not read)."""
        return _fill(self._observation, view)

    def information_state(self, view: JsonDict) -> Values:
        """The information-state tensor: the observation, then the recent history."""
        return _fill(self._information, view)

    def part(self, tensor: Sequence[float], name: str) -> list[float]:
        """The section ``name`` of a tensor this encoding made (the observation is the start of
        the information state, so one name finds a section in either)."""
        for piece in self.information_state_layout:
            if piece.name == name:
                if piece.stop > len(tensor):
                    raise EncodingError(f"section {name!r} lies beyond this tensor's {len(tensor)} values")
                return [float(value) for value in tensor[piece.start : piece.stop]]
        names = ", ".join(piece.name for piece in self.information_state_layout)
        raise EncodingError(f"no section is called {name!r}; the sections are: {names}")

    def legal_mask(self, state: State) -> list[int]:
        """1 at each legal action id of the seat deciding in ``state``, 0 elsewhere."""
        return legal_mask(state, self.num_actions)

    def truncated(self, state: State) -> bool:
        """Whether a finished game was stopped by the safety limit (``max_turns``) rather than
        ended by the rules: learners treat that as a cut-off episode, not a result."""
        return state.is_terminal() and self._truncated(state)

    def describe(self, information_state: bool = False) -> str:
        """The layout as a Markdown table (slice, name, meaning), for docs/rl.md."""
        layout = self.information_state_layout if information_state else self.observation_layout
        rows = ["| slice | section | meaning |", "| --- | --- | --- |"]
        rows += [f"| {s.start}:{s.stop} | `{s.name}` | {s.description} |" for s in layout]
        return "\n".join(rows)
