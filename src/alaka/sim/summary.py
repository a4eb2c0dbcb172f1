"""What a results file says, in numbers: win rates with intervals, distributions, differences.

A results file is read once, a batch of rows at a time, into one :class:`GroupSummary` per
configuration (label and player count); what is kept is counts and histograms, and, for the
paired comparisons of a sweep, each game's seed and the few compared measures in compact arrays
(about 50 bytes a game: 50 MB for a million games). Comparisons (the configurations of a sweep
against the first one, or a file against a baseline) give each difference with its 95% interval
and a verdict.

Intervals: a proportion gets the Wilson interval (:func:`alaka.sim.estimates.wilson`); a
difference of proportions gets Newcombe's interval built from the two Wilson intervals; a mean
gets the normal interval, and a difference of means Welch's. The seats that had a card against
the others of the same games (:func:`split_difference`, read by :mod:`alaka.sim.cards`) get a
game-clustered interval, since the seats of one game are not independent samples. The
configurations of a sweep play the same seeds, so game ``i`` of one and game ``i`` of another
share their deal and dice: there a difference is the mean of the games' paired differences, with
its normal interval, which leaves out the variation the two share (the deal) and is narrower for
as many games. A shared win counts as an equal share of one win for each winner, as in the
arena.
"""

from __future__ import annotations

import functools
import math
from array import array
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from alaka.core.protocol import ending_of
from alaka.core.stats import split_components
from alaka.sim.estimates import wilson

Z95 = 1.96


@dataclass
class Proportion:
    """Successes (shares allowed) out of ``n``."""

    successes: float = 0.0
    n: int = 0

    def add(self, success: float) -> None:
        self.successes += success
        self.n += 1

    @property
    def rate(self) -> float:
        return self.successes / self.n if self.n else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.successes, self.n)


@dataclass
class Distribution:
    """A histogram of numbers (exact for whole numbers), with its mean, spread and quantiles."""

    counts: Counter[float] = field(default_factory=Counter)

    def add(self, value: float) -> None:
        self.counts[value] += 1

    @property
    def n(self) -> int:
        return sum(self.counts.values())

    @property
    def mean(self) -> float:
        n = self.n
        return sum(v * k for v, k in self.counts.items()) / n if n else 0.0

    @property
    def variance(self) -> float:
        """The sample variance (0 for fewer than two values)."""
        n = self.n
        if n < 2:
            return 0.0
        mean = self.mean
        return sum(k * (v - mean) ** 2 for v, k in self.counts.items()) / (n - 1)

    @property
    def error(self) -> float:
        """The standard error of the mean."""
        return math.sqrt(self.variance / self.n) if self.n else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return (self.mean - Z95 * self.error, self.mean + Z95 * self.error)

    def quantile(self, q: float) -> float:
        """The smallest value with at least a share ``q`` of the values at or below it."""
        n = self.n
        if not n:
            return 0.0
        seen = 0
        for value in sorted(self.counts):
            seen += self.counts[value]
            if seen >= q * n:
                return value
        return max(self.counts)

    @property
    def median(self) -> float:
        return self.quantile(0.5)

    @property
    def smooth_median(self) -> float:
        """The median of whole numbers read as intervals ``v - 0.5 .. v + 0.5`` (the grouped-data
        median): it moves a little when a few values move, where the plain median jumps."""
        n = self.n
        if not n:
            return 0.0
        below = 0
        for value in sorted(self.counts):
            count = self.counts[value]
            if below + count >= n / 2:
                return value - 0.5 + (n / 2 - below) / count
            below += count
        return max(self.counts)

    @property
    def nonzero(self) -> float:
        """The share of values that are not 0."""
        return 1 - self.counts.get(0, 0) / self.n if self.n else 0.0


@dataclass
class SeatSplit:
    """The seats of each game split in two (those with a card and the rest, or the winners and
    the rest), summed game by game for :func:`split_difference`.

    Per game it keeps ``a``, the measure summed over the seats of the set (their win shares, or
    their counts), ``m``, how many seats are in the set, and ``t``, the measure summed over
    every seat; what it keeps is their sums and the sums of their products, a few numbers
    however many games are read. Only games where the set is not empty need be added, when the
    games' totals of ``t`` are kept apart (:class:`GameTotals`).
    """

    aa: float = 0.0
    am: float = 0.0
    at: float = 0.0
    a: float = 0.0
    mm: float = 0.0
    mt: float = 0.0
    m: float = 0.0
    #: Games in which the set was not empty.
    games: int = 0

    def add(self, a: float, m: int, t: float) -> None:
        self.aa += a * a
        self.am += a * m
        self.at += a * t
        self.a += a
        self.mm += m * m
        self.mt += m * t
        self.m += m
        self.games += m > 0


@dataclass
class GameTotals:
    """Every game's measure summed over its seats (``t`` of :class:`SeatSplit`), as sums."""

    games: int = 0
    t: float = 0.0
    tt: float = 0.0

    def add(self, t: float) -> None:
        self.games += 1
        self.t += t
        self.tt += t * t


def split_difference(
    measure: str, kind: str, split: SeatSplit, totals: GameTotals, players: int, effect: float = math.nan
) -> Difference | None:
    """The set's mean per seat against the other seats', ``other - base``, with a 95% interval
    that counts each game once (``None`` when one side has no seat or there is one game).

    The seats of one game are not independent: one seat's win is the others' loss, so an
    interval that treats them as separate samples (Newcombe's) is too narrow and finds strong
    cards by chance: in the synthetic 3-player games of ``tests/sim/test_cards.py`` 8% of the
    tests of a card that does nothing reject at 5%, against 5% with this one. Each side's mean
    is a ratio of sums over games; its error is the game-clustered (sandwich) one: the variance
    over games of each game's contribution to the difference,
    ``z = (a - r_set m) / M - (b - r_rest k) / K`` (``b = t - a`` and ``k = players - m`` for the
    rest; ``M`` and ``K`` the two sides' seats over all games), read from the sums of products.
    The p-value is read from the same error taken at the pooled mean (a score test:
    :attr:`Difference.null_error`).
    """
    games = totals.games
    set_seats, rest_seats = split.m, players * games - split.m
    if set_seats <= 0 or rest_seats <= 0 or games < 2:
        return None
    ours = split.a / set_seats
    theirs = (totals.t - split.a) / rest_seats
    pooled = totals.t / (players * games)
    change = ours - theirs
    error = _clustered_error(split, totals, players, ours, theirs)
    return Difference(
        measure,
        kind,
        theirs,
        ours,
        change - Z95 * error,
        change + Z95 * error,
        effect,
        min(split.games, games - split.games) if kind == "rate" else games,
        null_error=_clustered_error(split, totals, players, pooled, pooled),
    )


def _clustered_error(split: SeatSplit, totals: GameTotals, players: int, ours: float, theirs: float) -> float:
    """The game-clustered standard error of the difference with the two sides' means taken as
    ``ours`` and ``theirs``: the estimates (for the interval) or both the pooled mean (what no
    difference would give, for the p-value: a Wald test's error, measured around the estimates,
    comes out too small in the tails and flags too many cards when none matters)."""
    games = totals.games
    set_seats, rest_seats = split.m, players * games - split.m
    # z = w . (a, m, t, 1), so the sum of z squared is w' S w with S the sums of products.
    w = (
        1 / set_seats + 1 / rest_seats,
        -ours / set_seats - theirs / rest_seats,
        -1 / rest_seats,
        theirs * players / rest_seats,
    )
    s = (
        (split.aa, split.am, split.at, split.a),
        (split.am, split.mm, split.mt, split.m),
        (split.at, split.mt, totals.tt, totals.t),
        (split.a, split.m, totals.t, float(games)),
    )
    squares = sum(w[i] * s[i][j] * w[j] for i in range(4) for j in range(4))
    return math.sqrt(max(0.0, squares) * games / (games - 1))


@dataclass
class StatSummary:
    """One declared statistic over the games of a configuration (which fields are used depends
    on its type: numbers get a distribution, yes/no a proportion, words their counts; a per-seat
    column also gets the win rate of the seats with each value, a per-seat number the winners'
    values against the others' (``by_winners``), and a component column, instead of its words,
    the seats with each component against the seats without (``by_component``))."""

    column: Mapping[str, Any]
    numbers: Distribution = field(default_factory=Distribution)
    yes: Proportion = field(default_factory=Proportion)
    words: Counter[str] = field(default_factory=Counter)
    wins_by_value: dict[str, Proportion] = field(default_factory=dict)
    #: A component column: per component, the seats that had it split from the rest, by win share.
    by_component: dict[str, SeatSplit] = field(default_factory=dict)
    #: A per-seat number: the winners' values split from the other seats'.
    by_winners: SeatSplit = field(default_factory=SeatSplit)
    #: Each game's total over the seats: of the win shares (a component column), or of the values
    #: (a per-seat number), for :func:`split_difference`.
    totals: GameTotals = field(default_factory=GameTotals)

    @property
    def measure(self) -> str:
        """The name of what a comparison compares of it: its mean, or its rate."""
        return f"mean {self.column['name']}" if self.kind == "number" else f"rate of {self.column['name']}"

    @property
    def kind(self) -> str:
        """``number``, ``yes/no``, ``word`` or ``components``."""
        if self.column.get("component"):  # (files written before component columns lack the key)
            return "components"
        return {"int": "number", "float": "number", "bool": "yes/no"}.get(str(self.column["type"]), "word")

    def add(self, value: Any, shares: Sequence[float]) -> None:
        kind = self.kind
        if kind == "components":
            self._add_components(value, shares)
            return
        values = list(value) if self.column["per_seat"] else [value]
        for seat, item in enumerate(values):
            if kind == "number":
                self.numbers.add(item)
            elif kind == "yes/no":
                self.yes.add(1.0 if item else 0.0)
            else:
                self.words[str(item)] += 1
            if self.column["per_seat"] and kind != "number":
                self.wins_by_value.setdefault(str(item), Proportion()).add(shares[seat])
        if self.column["per_seat"] and kind == "number":
            won = [seat for seat, share in enumerate(shares) if share > 0]
            self.by_winners.add(sum(values[seat] for seat in won), len(won), sum(values))
            self.totals.add(sum(values))

    def _add_components(self, value: Sequence[str], shares: Sequence[float]) -> None:
        holders: dict[str, list[int]] = {}
        for seat, names in enumerate(value):
            for name in split_components(names):
                holders.setdefault(name, []).append(seat)
        for name, seats in holders.items():
            split = self.by_component.setdefault(name, SeatSplit())
            split.add(sum(shares[seat] for seat in seats), len(seats), sum(shares))
        self.totals.add(sum(shares))


@dataclass
class GroupSummary:
    """The games of one configuration of a run."""

    label: str
    players: int
    stat_columns: Sequence[Mapping[str, Any]]
    #: Whether the game keeps scores (its entry's ``scores``); without them the rows' ``scores``
    #: are empty and nothing is read from them.
    keeps_scores: bool = True
    games: int = 0
    no_winner: int = 0
    truncated: int = 0
    #: Win shares by turn-order position (0: the first player).
    by_position: list[Proportion] = field(default_factory=list)
    by_bot: dict[str, Proportion] = field(default_factory=dict)
    rounds: Distribution = field(default_factory=Distribution)
    turns: Distribution = field(default_factory=Distribution)
    decisions: Distribution = field(default_factory=Distribution)
    scores: Distribution = field(default_factory=Distribution)
    winner_scores: Distribution = field(default_factory=Distribution)
    #: The winning margin: the best winner's score less the best other seat's, in games with a
    #: winner and a loser (how close the games are; a designer's "too swingy" or "decided early").
    margins: Distribution = field(default_factory=Distribution)
    #: Games by how they ended (:func:`~alaka.core.protocol.ending_of` the reason).
    endings: Counter[str] = field(default_factory=Counter)
    stats: dict[str, StatSummary] = field(default_factory=dict)
    #: Each game's seed, in the order read, and beside it each compared measure's value in that
    #: game (:func:`compare` pairs two configurations' games by seed).
    seeds: array[int] = field(default_factory=lambda: array("q"))
    per_game: dict[str, array[float]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.by_position = [Proportion() for _ in range(self.players)]
        self.stats = {str(c["name"]): StatSummary(c) for c in self.stat_columns}

    @property
    def key(self) -> tuple[str, int]:
        return (self.label, self.players)

    def add(self, row: Mapping[str, Any]) -> None:
        n = self.players
        winners = row["winners"]
        shares = [0.0] * n
        for seat in winners:
            shares[seat] = 1.0 / len(winners)
        self.games += 1
        self.no_winner += not winners
        if "reason" in row:  # (rows made by hand may leave it out)
            self.endings[ending_of(str(row["reason"]))] += 1
        self.truncated += bool(row["truncated"])
        first = row["first_player"]
        for seat in range(n):
            self.by_position[(seat - first) % n].add(shares[seat])
            self.by_bot.setdefault(row["seats"][seat], Proportion()).add(shares[seat])
            if self.keeps_scores:
                self.scores.add(row["scores"][seat])
        if self.keeps_scores:
            scores = row["scores"]
            for seat in winners:
                self.winner_scores.add(scores[seat])
            losers = [scores[seat] for seat in range(n) if seat not in winners]
            if winners and losers:
                self.margins.add(max(scores[seat] for seat in winners) - max(losers))
        self.rounds.add(row["rounds"])
        self.turns.add(row["turns"])
        self.decisions.add(row["decisions"])
        for name, stat in self.stats.items():
            stat.add(row[name], shares)
        self._keep_game(row, shares[first])

    def _keep_game(self, row: Mapping[str, Any], first_share: float) -> None:
        """Keep the game's seed and its value of each measure :func:`compare` compares (a row
        without a seed, made by hand, cannot be paired and is left out of the pairs)."""
        if row.get("seed") is None:
            return
        values = {
            FIRST_PLAYER: first_share,
            NO_WINNER: 0.0 if row["winners"] else 1.0,
            ROUNDS: float(row["rounds"]),
        }
        if self.keeps_scores:
            values[SCORE] = sum(row["scores"]) / self.players
        for name, stat in self.stats.items():
            if not stat.column["per_seat"] and stat.kind in ("number", "yes/no"):
                values[stat.measure] = float(row[name])
        self.seeds.append(int(row["seed"]))
        for measure, value in values.items():
            self.per_game.setdefault(measure, array("d")).append(value)

    @property
    def first_player(self) -> Proportion:
        return self.by_position[0]


def summarize(
    rows: Iterable[Mapping[str, Any]], stat_columns: Sequence[Mapping[str, Any]], *, keeps_scores: bool = True
) -> list[GroupSummary]:
    """One summary per configuration, in the order the configurations first appear (``keeps_scores``:
    the game's entry's ``scores``)."""
    groups: dict[tuple[str, int], GroupSummary] = {}
    for row in rows:
        key = (row["label"], row["players"])
        group = groups.get(key)
        if group is None:
            group = groups[key] = GroupSummary(key[0], key[1], stat_columns, keeps_scores)
        group.add(row)
    return list(groups.values())


# -- differences ------------------------------------------------------------------------------------


#: The measures every comparison compares (the declared statistics add theirs).
FIRST_PLAYER = "first-player win rate"
NO_WINNER = "rate of games nobody wins"
ROUNDS = "mean length in rounds"
SCORE = "mean score"

#: The smallest change a verdict looks for: 3 points of a rate, a tenth of a mean's spread (its
#: standard deviation). An interval wider than that which holds 0 cannot say "unchanged".
RATE_EFFECT = 0.03
MEAN_EFFECT_SPREADS = 0.1


@dataclass(frozen=True)
class Difference:
    """``other - base`` for one measure, with its 95% interval.

    ``adjusted`` is its p-value corrected over every difference of a report (set by
    :func:`alaka.sim.verdicts.corrected`; NaN until then, when the 95% interval alone decides)."""

    measure: str
    #: ``rate`` (shown in %) or ``mean``.
    kind: str
    base: float
    other: float
    low: float
    high: float
    #: The smallest change worth telling apart (:data:`RATE_EFFECT`, :data:`MEAN_EFFECT_SPREADS`).
    effect: float = math.nan
    #: The games behind the smaller of the two sides (paired: the pairs).
    games: int = 0
    adjusted: float = math.nan
    #: Measured on paired games (the same seeds on both sides), not on two independent samples.
    paired: bool = False
    #: The standard error of the change were there none (a score test's), when it is known; the
    #: p-value is then read from it rather than from the interval, which is better calibrated in
    #: the tails (:func:`split_difference`).
    null_error: float = math.nan

    @property
    def change(self) -> float:
        return self.other - self.base

    @property
    def margin(self) -> float:
        """Half the interval's width (the ``±`` of a verdict)."""
        return (self.high - self.low) / 2

    @property
    def clear(self) -> bool:
        """The difference is not chance: its corrected p-value is under 5% (or, uncorrected, its
        95% interval leaves out 0)."""
        if not math.isnan(self.adjusted):
            return self.adjusted < 0.05
        return self.low > 0 or self.high < 0

    @property
    def p_value(self) -> float:
        """The two-sided p-value of no change, read from the 95% interval as a normal one (or
        from :attr:`null_error`)."""
        error = self.null_error if not math.isnan(self.null_error) else (self.high - self.low) / (2 * Z95)
        if error <= 0:
            return 0.0 if self.change else 1.0
        return math.erfc(abs(self.change) / error / math.sqrt(2))

    @property
    def too_few_games(self) -> bool:
        """Not a clear change, and the interval too wide to call it unchanged: it holds changes
        bigger than the effect looked for."""
        return not self.clear and not math.isnan(self.effect) and self.margin > self.effect

    @property
    def games_needed(self) -> int:
        """About how many games per configuration would narrow the interval to the effect."""
        return math.ceil(self.games * (self.margin / self.effect) ** 2) if self.effect > 0 else 0

    def show(self, value: float) -> str:
        return f"{100 * value:.1f}%" if self.kind == "rate" else f"{value:.2f}"

    def verdict(self, base_name: str, other_name: str, where: str) -> str:
        """One line a designer can act on."""
        plus = f"{100 * self.margin:.1f} points" if self.kind == "rate" else f"{self.margin:.2f}"
        if self.too_few_games:
            effect = f"{100 * self.effect:.0f} points" if self.kind == "rate" else f"{self.effect:.2f}"
            return (
                f"not enough games to tell whether {other_name} changes the {self.measure} ({where}): "
                f"± {plus} is wider than the {effect} looked for ({self.show(self.base)} with "
                f"{base_name}, {self.show(self.other)} with {other_name}); about {self.games_needed:,} "
                "games per configuration would tell"
            )
        if self.clear:
            return (
                f"{other_name} changes the {self.measure} ({where}) from {self.show(self.base)} "
                f"to {self.show(self.other)} ± {plus} (95%{', paired games' if self.paired else ''})"
            )
        return (
            f"{other_name} leaves the {self.measure} ({where}) unchanged within ± {plus} "
            f"({self.show(self.base)} with {base_name}, {self.show(self.other)} with {other_name})"
        )


def rate_difference(measure: str, base: Proportion, other: Proportion) -> Difference:
    """Newcombe's interval for the difference of two proportions, from their Wilson intervals."""
    p1, p2 = base.rate, other.rate
    l1, u1 = base.interval
    l2, u2 = other.interval
    d = p2 - p1
    low = d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)
    high = d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)
    return Difference(measure, "rate", p1, p2, low, high, RATE_EFFECT, min(base.n, other.n))


def mean_difference(measure: str, base: Distribution, other: Distribution) -> Difference:
    """Welch's normal interval for the difference of two means."""
    d = other.mean - base.mean
    error = math.sqrt(base.error**2 + other.error**2)
    effect = MEAN_EFFECT_SPREADS * math.sqrt(base.variance) if base.n > 1 else math.nan
    low, high = d - Z95 * error, d + Z95 * error
    return Difference(measure, "mean", base.mean, other.mean, low, high, effect, min(base.n, other.n))


def paired_difference(
    measure: str, kind: str, base: Sequence[float], other: Sequence[float], effect: float
) -> Difference:
    """The mean of the paired differences ``other[k] - base[k]`` with its normal interval: the
    games of a pair share their seed, so what the seed decides cancels out."""
    n = len(base)
    differences = [o - b for b, o in zip(base, other, strict=True)]
    mean = sum(differences) / n
    variance = sum((d - mean) ** 2 for d in differences) / (n - 1)
    error = math.sqrt(variance / n)
    return Difference(
        measure,
        kind,
        sum(base) / n,
        sum(other) / n,
        mean - Z95 * error,
        mean + Z95 * error,
        effect,
        n,
        paired=True,
    )


#: Fewer pairs than this and a comparison is made unpaired (a paired interval needs a spread).
MIN_PAIRS = 3


def _pairs(base: GroupSummary, other: GroupSummary) -> list[tuple[int, int]]:
    """The positions of the games the two configurations played with the same seed."""
    position = {seed: k for k, seed in enumerate(base.seeds)}
    return [(position[seed], k) for k, seed in enumerate(other.seeds) if seed in position]


def compare(base: GroupSummary, other: GroupSummary, *, paired: bool = False) -> list[Difference]:
    """Every measure two configurations share, the first player's win rate first; ``paired``:
    on the games both played with the same seeds (a sweep's configurations), where there are
    enough of them."""
    pairs = _pairs(base, other) if paired else []
    if len(pairs) < MIN_PAIRS:
        pairs = []

    def difference(measure: str, kind: str, unpaired: Callable[[], Difference]) -> Difference:
        if not pairs:
            return unpaired()
        ours, theirs = base.per_game[measure], other.per_game[measure]
        effect = RATE_EFFECT if kind == "rate" else unpaired().effect
        return paired_difference(
            measure, kind, [ours[k] for k, _ in pairs], [theirs[k] for _, k in pairs], effect
        )

    differences = [
        difference(
            FIRST_PLAYER, "rate", lambda: rate_difference(FIRST_PLAYER, base.first_player, other.first_player)
        ),
        difference(
            NO_WINNER,
            "rate",
            lambda: rate_difference(
                NO_WINNER, Proportion(base.no_winner, base.games), Proportion(other.no_winner, other.games)
            ),
        ),
        difference(ROUNDS, "mean", lambda: mean_difference(ROUNDS, base.rounds, other.rounds)),
    ]
    if base.keeps_scores and other.keeps_scores:
        differences.append(
            difference(SCORE, "mean", lambda: mean_difference(SCORE, base.scores, other.scores))
        )
    for name, stat in base.stats.items():
        theirs = other.stats.get(name)
        if theirs is None or stat.column["per_seat"]:
            continue
        if stat.kind == "number":
            unpaired = functools.partial(mean_difference, stat.measure, stat.numbers, theirs.numbers)
            differences.append(difference(stat.measure, "mean", unpaired))
        elif stat.kind == "yes/no":
            unpaired = functools.partial(rate_difference, stat.measure, stat.yes, theirs.yes)
            differences.append(difference(stat.measure, "rate", unpaired))
    return differences


@dataclass(frozen=True)
class Comparison:
    """A configuration set against its reference, with every difference."""

    base: GroupSummary
    other: GroupSummary
    base_name: str
    other_name: str
    differences: list[Difference]

    @property
    def where(self) -> str:
        return f"{self.other.players} players"


def sweep_comparisons(groups: Sequence[GroupSummary]) -> list[Comparison]:
    """Within one run: each label against the run's first label, at each player count, on
    paired games (a sweep plays the same seeds for every label)."""
    labels = list(dict.fromkeys(g.label for g in groups))
    if len(labels) < 2:
        return []
    by_key = {g.key: g for g in groups}
    comparisons = []
    for label in labels[1:]:
        for group in groups:
            base = by_key.get((labels[0], group.players))
            if group.label == label and base is not None:
                comparisons.append(
                    Comparison(base, group, labels[0], label, compare(base, group, paired=True))
                )
    return comparisons


def baseline_comparisons(
    groups: Sequence[GroupSummary], baseline: Sequence[GroupSummary], name: str, baseline_name: str
) -> list[Comparison]:
    """A run against a baseline run: configurations with the same label and player count, or,
    when the baseline has a single label, the same player count."""
    by_key = {g.key: g for g in baseline}
    single = len({g.label for g in baseline}) == 1
    by_players = {g.players: g for g in baseline} if single else {}
    comparisons = []
    for group in groups:
        base = by_key.get(group.key) or by_players.get(group.players)
        if base is None:
            continue
        other_name = name if group.label == base.label else f"{name} ({group.label})"
        base_name = baseline_name if group.label == base.label else f"{baseline_name} ({base.label})"
        comparisons.append(Comparison(base, group, base_name, other_name, compare(base, group)))
    return comparisons
