"""Setup: final enemies by player count, the market pile, the opening deal, the starting player
and the initial characters.

The rulebook's "Setup" and "Rules for 2 (5) Players": enemies not in play with this many
players go back to the box; the four initial hand cards form the market pile; three forest
cards are dealt to each player, and any card that is not a hand card is set aside and replaced
until every hand holds three hand cards (the set-aside cards then go back into the deck). Who
exchanged the most starts (a tie is broken by chance, standing in for "the last to touch a
broom", R23); from the starting player on, each player chooses one initial character, and the
ones left go to the forest graveyard.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from alaka.core.tuples import replaced, without
from alaka.games.alakazum import actions as A
from alaka.games.alakazum import events as E
from alaka.games.alakazum.actions import ZumAction
from alaka.games.alakazum.phases import PH_CHOOSE, PH_DEAL, PH_FIRST
from alaka.games.alakazum.rules import turn
from alaka.games.alakazum.rules.table import (
    add_to_hand,
    join_team,
    own_level,
    remove_from_hand,
    to_deck,
)

if TYPE_CHECKING:
    from alaka.core.protocol import Action
    from alaka.games.alakazum.rules.table import Apply, Legal
    from alaka.games.alakazum.state import AlakazumState

#: Hand cards dealt to each player.
HAND_SIZE: Final = 3


def setup(s: AlakazumState) -> None:
    """Final enemies by player count, the market pile, the initial characters, the deal."""
    layout = s.L
    for pid in layout.final:
        if layout.enemy(pid).culture_points(s.n) is None:
            s.box += (pid,)
            s.events.append(E.EnemyRemoved(-1, 0, pid))
        else:
            s.enemy_pool += (pid,)
    s.enemy_at = (-1,) * len(s.enemy_pool)
    s.peeked = (0,) * len(s.enemy_pool)
    s.market = list(reversed(layout.initial_market))
    s.row = layout.initial_characters
    to_deck(s, layout.forest)
    s.deal_queue = tuple(seat for _ in range(HAND_SIZE) for seat in range(s.n))
    s.phase = PH_DEAL


def dealt(s: AlakazumState, pid: int) -> None:
    """A card of the opening deal (chance) goes to the next seat in the deal."""
    seat = s.deal_queue[0]
    s.deal_queue = s.deal_queue[1:]
    add_to_hand(s, seat, pid)
    s.events.append(E.Dealt(seat, 1 << seat, pid))
    if not s.deal_queue:
        _after_deal(s)


def _after_deal(s: AlakazumState) -> None:
    """Exchange every non-hand card for a new one until everyone holds 3 hand cards."""
    for seat in range(s.n):
        out = [pid for pid in s.hands[seat] if not s.L.is_hand[pid]]
        if out:
            for pid in out:
                remove_from_hand(s, seat, pid)
            s.aside += tuple(out)
            s.exchanges = replaced(s.exchanges, seat, s.exchanges[seat] + len(out))
            s.deal_queue += (seat,) * len(out)
            s.events.append(E.Exchanged(seat, 0, tuple(out)))
    if s.deal_queue:
        return
    to_deck(s, s.aside)
    s.aside = ()
    tied = tied_for_start(s)
    if len(tied) == 1:
        _set_start_player(s, tied[0])
    else:
        s.phase = PH_FIRST


def tied_for_start(s: AlakazumState) -> list[int]:
    """The seats that exchanged the most cards (R23: one of them starts, by chance)."""
    most = max(s.exchanges)
    return [q for q in range(s.n) if s.exchanges[q] == most]


def _apply_first(s: AlakazumState, action: ZumAction) -> None:
    _set_start_player(s, action.arg)


def _set_start_player(s: AlakazumState, seat: int) -> None:
    s.start_player = seat
    s.events.append(E.StartPlayer(seat, 0, s.exchanges[seat]))
    s.phase = PH_CHOOSE
    s.decider = seat
    s.player = seat


def _legal_choose(s: AlakazumState) -> tuple[Action, ...]:
    choose = s.acts.choose
    return tuple([choose[pid] for pid in s.row])


def _apply_choose(s: AlakazumState, action: ZumAction) -> None:
    pid = action.arg
    seat = s.decider
    s.row = without(s.row, pid)
    own_level(s)[pid] = 0
    join_team(s, seat, pid)
    s.events.append(E.Chosen(seat, 0, pid))
    chosen = sum(len(t) for t in s.teams)
    if chosen < s.n:
        s.decider = (seat + 1) % s.n
        return
    for pid in s.row:
        own_level(s)[pid] = 0
    s.graveyard += s.row
    s.events.append(E.RowToGraveyard(-1, 0, s.row))
    s.row = ()
    turn.start_turn(s, s.start_player)


LEGAL: dict[int, Legal] = {PH_CHOOSE: _legal_choose}
APPLY: dict[int, Apply] = {A.FIRST: _apply_first, A.CHOOSE: _apply_choose}
