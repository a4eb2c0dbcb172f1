"""Per-game statistics: what each game declares about a finished game, for the simulator.

Each game has a ``stats`` module beside its rules with the same three names:

- ``COLUMNS``: a tuple of :class:`StatColumn`, the statistics it reports, each with its type
  and a one-line meaning. The simulator turns them into result columns and the documented
  schema; the balance report reads the meanings from there.
- ``statistics(final_state)``: a dict with one value per column, read from a finished game.
- ``basics(final_state)``: the :class:`GameBasics` every game has but keeps in its own fields
  (who played first, how many turns, whether the safety limit stopped it).

A *component* column (``StatColumn(..., per_seat=True, component=True)``, type ``str``) links
cards to seats: each seat's value names the cards or components that seat held, played or
displayed, joined by single spaces (:func:`join_components`). The statistics are otherwise
summed over the players, which says how much of something happened but not who it helped; a
component column is what lets the balance report set the seats that had a card against the
seats that did not ("a seat holding it wins 60% against 30%"), the effect a designer looks for
when one card is too strong. Per-seat counts (``seat_*`` columns) do the same for what each
seat did.

Why declared columns and not free-form dicts: a results file must have the same columns in
every row, whatever happened in the game (no spell cast is a 0, not a missing key), so that
pandas, polars and DuckDB read it as a table. The declaration lives in the game's folder, so
the simulator never needs to know which game it is running.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

#: One value of a statistic.
StatScalar = int | float | bool | str
#: A statistic's value in one game: a scalar, or one scalar per seat for per-seat columns.
StatValue = StatScalar | tuple[StatScalar, ...]

#: The types a statistic may have.
STAT_TYPES: tuple[type, ...] = (int, float, bool, str)


@dataclass(frozen=True, slots=True)
class GameBasics:
    """Facts of any finished game that the protocol does not expose."""

    #: The seat that played the first turn (turn order runs from it).
    first_player: int
    turns: int
    #: The game was stopped by its safety limit, not by its rules.
    truncated: bool


@dataclass(frozen=True, slots=True)
class StatColumn:
    """One statistic a game reports about a finished game."""

    name: str
    #: ``int``, ``float``, ``bool`` or ``str``.
    type: type
    #: What it counts, in one line (it goes into the schema's documentation and the report).
    meaning: str
    #: One value per seat (seat 0 first) instead of one for the game.
    per_seat: bool = False
    #: Each seat's value is a space-separated list of component names (:func:`join_components`),
    #: read by the report card by card; only for a per-seat ``str`` column.
    component: bool = False

    def __post_init__(self) -> None:
        if self.type not in STAT_TYPES:
            raise TypeError(f"statistic {self.name!r}: type must be int, float, bool or str")
        if self.component and not (self.per_seat and self.type is str):
            raise TypeError(
                f"statistic {self.name!r}: a component column lists names per seat, so it must be "
                "per_seat=True with type str"
            )

    def accepts(self, value: object, players: int) -> bool:
        """Whether ``value`` fits this column in a game of ``players`` (bool is not an int here)."""
        if self.per_seat:
            return (
                isinstance(value, tuple)
                and len(value) == players
                and all(self._scalar_fits(item) for item in value)
            )
        return self._scalar_fits(value)

    def _scalar_fits(self, value: object) -> bool:
        if self.type is float:
            return isinstance(value, int | float) and not isinstance(value, bool)
        if self.type is int:
            return isinstance(value, int) and not isinstance(value, bool)
        return isinstance(value, self.type)


def join_components(names: Iterable[str]) -> str:
    """One seat's value of a component column: the distinct names, sorted, joined by single
    spaces ("" for none). Distinct, because the report asks whether a seat had a card, not how
    many copies (a count would make "had it" depend on the copies in the box); sorted, so that
    equal sets are equal strings. A name with a space in it, or an empty one, would split or
    vanish when read back, so it is a ``ValueError``."""
    distinct = set(names)
    bad = sorted(name for name in distinct if not name or any(c.isspace() for c in name))
    if bad:
        raise ValueError(f"a component name must be one word, got {bad[0]!r}")
    return " ".join(sorted(distinct))


def split_components(value: str) -> frozenset[str]:
    """The names in one seat's value of a component column (the inverse of :func:`join_components`)."""
    return frozenset(value.split())


def check_statistics(
    columns: Sequence[StatColumn], values: Mapping[str, StatValue], players: int
) -> dict[str, StatValue]:
    """``values`` if it has exactly the declared columns with values of their types, else a
    ``ValueError`` naming the first mismatch (a game's statistics and its declaration disagree)."""
    names = [column.name for column in columns]
    if sorted(values) != sorted(names):
        missing = sorted(set(names) - set(values))
        extra = sorted(set(values) - set(names))
        raise ValueError(f"statistics do not match their declaration: missing {missing}, undeclared {extra}")
    for column in columns:
        if not column.accepts(values[column.name], players):
            raise ValueError(
                f"statistic {column.name!r} should be {'per-seat ' if column.per_seat else ''}"
                f"{column.type.__name__}, got {values[column.name]!r}"
            )
    return {name: values[name] for name in names}
