"""1 Action: roll one to three Spell Dice and resolve each result.

The player chooses which dice to roll; each die is a chance node (:mod:`.chance`) and the
results are resolved in any order (ruling Z3). A rainbow puts a Magic Power token on any free
rune or stores it on the Wizard card; a colour goes on a free rune of that colour, and with none
free the player takes Dark Power instead. A rune under a displayed element is not free (Z4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from alaka.core.protocol import Action
from alaka.core.tuples import replaced
from alaka.games.alakazoo.actions import DARK, DIE, PLACE, ROLL, STORE, ZooAction
from alaka.games.alakazoo.content import NUM_DICE, NUM_RUNES, NUM_TYPES, RAINBOW
from alaka.games.alakazoo.events import DarkTaken, DieRolled, Placed, Rolled, Stored
from alaka.games.alakazoo.phases import PH_RESOLVE, PH_ROLL
from alaka.games.alakazoo.rules.cards import NEXT_RESOLVE, settle
from alaka.games.alakazoo.rules.table import SPACE_RUNES, gain_dark

if TYPE_CHECKING:
    from alaka.games.alakazoo.rules.table import Apply
    from alaka.games.alakazoo.state import AlakazooState


ALL_RUNES: Final = (1 << NUM_RUNES) - 1

#: ``COVERED[spaces]``: the runes under the elements on the spaces of the bit mask ``spaces``.
COVERED: Final = tuple(
    sum(SPACE_RUNES[space] for space in range(NUM_TYPES) if spaces >> space & 1)
    for spaces in range(1 << NUM_TYPES)
)


#: ``DICE_CHOSEN[mask]``: the dice (0-based, in order) of the bit mask a roll action names.
DICE_CHOSEN: Final = tuple(
    tuple(d for d in range(NUM_DICE) if mask >> d & 1) for mask in range(1 << NUM_DICE)
)


def free_runes(s: AlakazooState, seat: int) -> int:
    """Bit mask of runes that may take a token: empty and, by ruling Z4, not covered."""
    free = ALL_RUNES & ~s.runes[seat]
    if s.opts.covered_runes:
        free &= ~COVERED[s.spaces[seat]]
    return free


def resolve_actions(s: AlakazooState) -> tuple[Action, ...]:
    """Z3: a colour goes on a free rune of its colour (else Dark Power); a rainbow anywhere."""
    a = s.acts
    p = s.player
    free = free_runes(s, p)
    board = s.c.boards[s.board[p]]
    out: list[Action] = []
    last = -1
    for symbol in sorted(s.pending):  # each symbol pending once, in order
        if symbol == last:
            continue
        last = symbol
        place = a.place[symbol]
        if symbol == RAINBOW:
            runes = free
            while runes:  # every free rune, lowest first (a bit at a time, not all 18 runes)
                lowest = runes & -runes
                out.append(place[lowest.bit_length() - 1])
                runes ^= lowest
            out.append(a.store)
        else:
            placed = len(out)
            for r in board.runes_of_colour[symbol]:
                if free >> r & 1:
                    out.append(place[r])
            if len(out) == placed:
                out.append(a.dark[symbol])
    return tuple(out)


def _apply_roll(s: AlakazooState, action: ZooAction) -> None:
    s.dice_left = list(DICE_CHOSEN[action.arg])
    s.pending = []
    s.events.append(Rolled(s.player, 0, action.arg))
    s.phase = PH_ROLL


def _apply_die(s: AlakazooState, action: ZooAction) -> None:
    die = s.dice_left.pop(0)
    s.pending.append(action.arg)
    s.events.append(DieRolled(s.player, 0, die, action.arg))
    if not s.dice_left:
        s.phase = PH_RESOLVE


def _take_token(s: AlakazooState) -> bool:
    if s.magic_pool <= 0:  # cannot happen with 30 tokens and the limit of 6; kept for variants
        return False
    s.magic_pool -= 1
    return True


def _apply_place(s: AlakazooState, action: ZooAction) -> None:
    p = s.player
    s.pending.remove(action.arg)
    if _take_token(s):
        s.runes[p] |= 1 << action.arg2
    s.events.append(Placed(p, 0, action.arg, action.arg2))
    settle(s, NEXT_RESOLVE)


def _apply_store(s: AlakazooState, action: ZooAction) -> None:
    p = s.player
    s.pending.remove(RAINBOW)
    if _take_token(s):
        s.stored = replaced(s.stored, p, s.stored[p] + 1)
    s.events.append(Stored(p, 0))
    settle(s, NEXT_RESOLVE)


def _apply_dark(s: AlakazooState, action: ZooAction) -> None:
    p = s.player
    s.pending.remove(action.arg)
    gained = gain_dark(s, p)
    s.events.append(DarkTaken(p, 0, action.arg, gained))
    settle(s, NEXT_RESOLVE)


#: The action kinds this chapter applies (the package joins the chapters' tables).
APPLY: Final[dict[int, Apply]] = {
    ROLL: _apply_roll,
    DIE: _apply_die,
    PLACE: _apply_place,
    STORE: _apply_store,
    DARK: _apply_dark,
}
