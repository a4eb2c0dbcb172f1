"""A combat's state while it is fought, and the record of how it was decided.

Its own module (no rules here) so that the rules, the state and the view can all import it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, Literal, TypeAlias

from alaka.core.language import N_
from alaka.core.values import FrozenValue

#: Why a side won the comparison of combat points (R5).
MORE_POINTS: Final = N_("more combat points")
TIE_TO_THE_FOREST: Final = N_("a tie goes to the forest character")
TIE_TO_THE_DEFENDER: Final = N_("a tie goes to the defender")


#: A combat's die values before any is rolled, shared by every combat (a ``Mapping``: the type
#: checker refuses a write; a roll makes a new one).
NO_VALUES: Final[Mapping[int, int]] = {}

#: What a potion was played for: combat points, the hypnosis die, or stealing the rival's (R7).
PotionUse: TypeAlias = Literal["combat", "die", "steal"]


class PlayedPotion(FrozenValue):
    """A potion on the table in a combat: who played it, which card, what for, and whether it
    still counts. A stolen potion stays on the list, no longer in effect, so the order of play
    (which potion a steal answers, R7) and what was cancelled remain visible. (A frozen value,
    not a frozen dataclass: one is made at every potion played, see :mod:`alaka.core.values`.)"""

    seat: Final[int]
    #: The physical card (while it counts, it goes to the market pile when the combat ends).
    card: Final[int]
    use: Final[PotionUse]
    #: False once a steal potion took it (the card then went to the stealer's hand).
    in_effect: Final[bool]

    __slots__ = ("card", "in_effect", "seat", "use")
    __match_args__ = ("seat", "card", "use", "in_effect")

    def __init__(self, seat: int, card: int, use: PotionUse, in_effect: bool = True) -> None:
        self.seat = seat
        self.card = card
        self.use = use
        self.in_effect = in_effect


class CombatResult(FrozenValue):
    """How a combat was decided, as it was fought.

    Kept with the combat (and in the log) because the winner goes up a level straight away: a
    total recomputed afterwards would compare the winner's new level with the loser's old one and
    show a fight that never happened. (A frozen value, made at every combat.)"""

    #: The two sides' combat points when compared (side 0: attacker or explorer).
    totals: Final[tuple[int, int]]
    #: The two fighters (side 1 in a forest combat: the forest character).
    fighters: Final[tuple[int, int]]
    #: Each fighter's and helper's level as it fought: ``(card, level)`` pairs.
    levels: Final[tuple[tuple[int, int], ...]]
    #: The side that won: 0 or 1.
    winner: Final[int]
    #: Why: :data:`MORE_POINTS`, :data:`TIE_TO_THE_FOREST` or :data:`TIE_TO_THE_DEFENDER`.
    reason: Final[str]

    __slots__ = ("fighters", "levels", "reason", "totals", "winner")
    __match_args__ = ("totals", "fighters", "levels", "winner", "reason")

    def __init__(
        self,
        totals: tuple[int, int],
        fighters: tuple[int, int],
        levels: tuple[tuple[int, int], ...],
        winner: int,
        reason: str,
    ) -> None:
        self.totals = totals
        self.fighters = fighters
        self.levels = levels
        self.winner = winner
        self.reason = reason


class Combat:
    """A combat in progress, or the last one (until the next combat starts). Side 0 is the
    attacker (or the forest explorer), side 1 the defender (or the forest character, whose owner
    is -1).

    Its cards are in tuples and its die values in a mapping, replaced when they change (a few
    times a combat at most), so a copy of the state shares them and copies only the numbers."""

    __slots__ = (
        "fighter",
        "forest",
        "helper",
        "hypnosis",
        "owner",
        "passes",
        "played",
        "result",
        "roll",
        "rolls",
        "turn",
        "values",
        "winner",
    )

    def __init__(self, forest: bool, attacker_owner: int, defender: int, defender_owner: int) -> None:
        self.forest = forest
        # ``tuple[int, ...]``, not ``tuple[int, int]``: compiled, a fixed-length tuple is kept
        # unboxed and would be boxed again at every ``fighter[side]``.
        self.fighter: tuple[int, ...] = (-1, defender)
        self.owner: tuple[int, ...] = (attacker_owner, defender_owner)
        self.helper: tuple[int, ...] = (-1, -1)
        #: Combat values rolled for die ("D") characters at the start of the combat.
        self.values: Mapping[int, int] = NO_VALUES
        #: Characters whose die combat value is still to roll.
        self.rolls: tuple[int, ...] = ()
        #: Potions played, in order (a stolen one is replaced by a cancelled copy).
        self.played: tuple[PlayedPotion, ...] = ()
        self.turn = attacker_owner
        self.passes = 0
        #: -1 until decided, then the winning side (0 attacker, 1 defender).
        self.winner = -1
        #: How the combat points were compared, once they were.
        self.result: CombatResult | None = None
        #: The hypnosis roll (0 until rolled).
        self.roll = 0
        #: How the hypnosis ended: "hypnotised", "not hypnotised", "protected" ("" until then).
        self.hypnosis = ""

    def __reduce__(self) -> tuple[Any, ...]:
        """For pickle: the constructor's arguments, then the other fields (a compiled class is
        not built without them)."""
        return Combat, (self.forest, self.owner[0], self.fighter[1], self.owner[1]), self.__getstate__()

    def copy(self) -> Combat:
        new = Combat(self.forest, self.owner[0], self.fighter[1], self.owner[1])
        new.fighter = self.fighter
        new.helper = self.helper
        new.values = self.values
        new.rolls = self.rolls
        new.played = self.played
        new.turn = self.turn
        new.passes = self.passes
        new.winner = self.winner
        new.result = self.result
        new.roll = self.roll
        new.hypnosis = self.hypnosis
        return new

    def set_fighter(self, side: int, pid: int) -> None:
        self.fighter = (pid, self.fighter[1]) if side == 0 else (self.fighter[0], pid)

    def set_helper(self, side: int, pid: int) -> None:
        self.helper = (pid, self.helper[1]) if side == 0 else (self.helper[0], pid)

    def side_of(self, seat: int) -> int:
        return 0 if self.owner[0] == seat else 1
