"""What each card and choice does: the seats that had a component against those that did not.

A game's statistics summed over its players say how much of something happened, not whom it
helped. The per-seat columns a game declares do: a *component* column names, per seat, the cards
or components it held, played or displayed (:func:`alaka.core.stats.join_components`), and a
per-seat count says what each seat did. From them, per configuration:

- :func:`component_effects`: for each component, the win share of the seats that had it against
  the seats that did not, within the same games ("a seat holding it wins 52% against 24%"), the
  difference with its 95% interval counted game by game (:func:`alaka.sim.summary.split_difference`),
  for the components seen in at least :data:`MIN_GAMES` games;
- :func:`seat_effects`: for each per-seat count, the winners' mean against the other seats'.

Each family's p-values are corrected together for a false discovery rate of 5%
(Benjamini-Hochberg, :func:`alaka.sim.verdicts.adjusted`): with sixty cards tested, three would
look strong by chance at 5% each. A difference says a card goes with winning, not that it makes
a seat win: a seat that holds more cards or displays more elements is ahead anyway, so every card
of such a column may lean the same way; a card too strong stands out against the others.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from alaka.sim.summary import RATE_EFFECT, Difference, GroupSummary, Proportion, split_difference

#: Fewer games in which a seat had the component (or in which none had it) and it is not tested:
#: its interval would be too wide to say anything, and it would only weaken the correction.
MIN_GAMES = 30


@dataclass(frozen=True)
class ComponentEffect:
    """One component of one component column in one configuration."""

    group: GroupSummary
    column: str
    component: str
    #: Games in which at least one seat had it.
    games: int
    #: The win share of the seats that had it, and of those that did not (seats counted alone).
    holders: Proportion
    others: Proportion
    #: ``holders - others``, its game-clustered interval and its corrected p-value.
    difference: Difference

    @property
    def flagged(self) -> bool:
        return self.difference.clear


@dataclass(frozen=True)
class SeatEffect:
    """One per-seat count in one configuration: the winners' mean against the other seats'."""

    group: GroupSummary
    column: str
    meaning: str
    difference: Difference


def component_effects(groups: Sequence[GroupSummary], min_games: int = MIN_GAMES) -> list[ComponentEffect]:
    """Every component seen in at least ``min_games`` games (and missing from as many), each
    configuration's and column's, with p-values corrected together; strongest first."""
    from alaka.sim.verdicts import adjusted

    found: list[ComponentEffect] = []
    for group in groups:
        for name, stat in group.stats.items():
            if stat.kind != "components":
                continue
            for component, split in sorted(stat.by_component.items()):
                if split.games < min_games or stat.totals.games - split.games < min_games:
                    continue
                difference = split_difference(
                    f"win share with {component}", "rate", split, stat.totals, group.players, RATE_EFFECT
                )
                if difference is None:
                    continue
                rest = group.players * stat.totals.games - int(split.m)
                holders = Proportion(split.a, int(split.m))
                others = Proportion(stat.totals.t - split.a, rest)
                found.append(
                    ComponentEffect(group, name, component, split.games, holders, others, difference)
                )
    corrected = adjusted([effect.difference for effect in found])
    effects = [replace(effect, difference=d) for effect, d in zip(found, corrected, strict=True)]
    return sorted(effects, key=lambda e: -e.difference.change)


def seat_effects(groups: Sequence[GroupSummary]) -> list[SeatEffect]:
    """Every per-seat count of every configuration, winners against the rest, corrected together."""
    from alaka.sim.verdicts import adjusted

    found: list[SeatEffect] = []
    for group in groups:
        for name, stat in group.stats.items():
            if stat.kind != "number" or not stat.column["per_seat"]:
                continue
            difference = split_difference(f"mean {name}", "mean", stat.by_winners, stat.totals, group.players)
            if difference is not None:
                found.append(SeatEffect(group, name, str(stat.column["meaning"]), difference))
    corrected = adjusted([effect.difference for effect in found])
    return [replace(effect, difference=d) for effect, d in zip(found, corrected, strict=True)]
