"""Alakazoo's per-game statistics for the simulator (see :mod:`alaka.core.stats`).

What a designer asks of a batch of games: how much Dark Power was taken and how many turns it
cost, how many elements were displayed and what their points were, whether the fastest point
went to the winner, what the rows and columns scored, how often the limits bit, and which
board each seat played. The final state holds the boards, the Dark Power still held, who
completed first and the final bonuses; the rest is counted from the typed event log.

And per seat, so that a card or a choice can be linked to who won: the ``seat_*`` counts (the
same events, counted for the seat that acted) and two component columns naming element cards by
their keys (``griffin:head``): ``displayed``, the elements on each seat's board at the end, and
``hand``, the cards left in each seat's hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from alaka.core.protocol import State
from alaka.core.stats import GameBasics, StatColumn, StatValue, join_components
from alaka.games.alakazoo.events import Displayed, OverLimit, Passed
from alaka.games.alakazoo.rules import board_creature
from alaka.games.alakazoo.state import AlakazooState

COLUMNS: tuple[StatColumn, ...] = (
    StatColumn("board", str, "the creature of the portal board each seat played", per_seat=True),
    StatColumn("dark_power", int, "Dark Power tokens taken, all players together"),
    StatColumn("passes", int, "turns passed for holding 3 Dark Power (Z5)"),
    StatColumn("displays", int, "elements displayed, all players together"),
    StatColumn("creature_points", int, "display points for an element of the board's creature (Z8)"),
    StatColumn("first_points", int, "display points for the first element of a type (Z8)"),
    StatColumn("completed", bool, "a board was completed, so the fastest point was given (Z10)"),
    StatColumn("fastest_won", bool, "the player with the fastest point won or shared the win"),
    StatColumn("line_points", int, "final points for rows and columns, all players together (Z11)"),
    StatColumn("own_creature_points", int, "final points for a board showing only its own creature"),
    StatColumn("over_limit", int, "times a player went over the 6-token or 4-card limit (Z2)"),
    StatColumn("over_limit_discards", int, "tokens and cards given back for being over a limit"),
    StatColumn("seat_dark_power", int, "Dark Power tokens each seat took", per_seat=True),
    StatColumn("seat_passes", int, "turns each seat passed for holding 3 Dark Power", per_seat=True),
    StatColumn("seat_displays", int, "elements each seat displayed", per_seat=True),
    StatColumn("seat_creature_points", int, "creature points each seat scored displaying", per_seat=True),
    StatColumn("seat_first_points", int, "first-display points each seat scored", per_seat=True),
    StatColumn("seat_line_points", int, "final points each seat scored for rows and columns", per_seat=True),
    StatColumn("seat_over_limit", int, "times each seat went over a limit", per_seat=True),
    StatColumn(
        "displayed",
        str,
        "the elements on each seat's board at the end (card keys)",
        per_seat=True,
        component=True,
    ),
    StatColumn(
        "hand", str, "the cards in each seat's hand at the end (card keys)", per_seat=True, component=True
    ),
)


def basics(final: State) -> GameBasics:
    """Who played first, how many turns, and whether the safety limit stopped the game."""
    s = _state(final)
    return GameBasics(first_player=s.first_player, turns=s.turns, truncated=s.truncated)


def _state(final: State) -> AlakazooState:
    if not isinstance(final, AlakazooState):
        raise TypeError("Alakazoo statistics need an Alakazoo state")
    return final


def statistics(final: State) -> dict[str, StatValue]:
    """The statistics of a finished Alakazoo game, one value per column of :data:`COLUMNS`."""
    s = _state(final)
    counts: Counter[str] = Counter()
    seats: list[Counter[str]] = [Counter() for _ in range(s.n)]
    # Dark Power handed back after a pass, by seat; the rest is still held at the end
    returned = [0] * s.n
    for event in s.log:
        match event:
            case Passed(actor=seat, returned=back):
                counts["passes"] += 1
                seats[seat]["passes"] += 1
                returned[seat] += back
            case Displayed(actor=seat, creature_point=creature, first=first):
                counts["displays"] += 1
                counts["creature_points"] += creature
                counts["first_points"] += first
                seats[seat]["displays"] += 1
                seats[seat]["creature_points"] += creature
                seats[seat]["first_points"] += first
            case OverLimit(actor=seat, excess=excess):
                counts["over_limit"] += 1
                counts["over_limit_discards"] += excess
                seats[seat]["over_limit"] += 1
    outcome = s.outcome()
    winners = outcome.winners if outcome is not None else ()
    lines = sum(bonus.lines for bonus in s.final_bonus)
    own = sum(bonus.own_creature for bonus in s.final_bonus)
    return {
        "board": tuple(s.c.creatures[board_creature(s, seat)] for seat in range(s.n)),
        "dark_power": sum(s.dark) + sum(returned),
        "passes": counts["passes"],
        "displays": counts["displays"],
        "creature_points": counts["creature_points"],
        "first_points": counts["first_points"],
        "completed": s.end_by >= 0,
        "fastest_won": s.end_by >= 0 and s.end_by in winners,
        "line_points": lines,
        "own_creature_points": own,
        "over_limit": counts["over_limit"],
        "over_limit_discards": counts["over_limit_discards"],
        "seat_dark_power": tuple(held + back for held, back in zip(s.dark, returned, strict=True)),
        **{f"seat_{name}": tuple(seat[name] for seat in seats) for name in SEAT_COUNTS},
        "seat_line_points": tuple(bonus.lines for bonus in s.final_bonus) or (0,) * s.n,
        "displayed": tuple(_keys(s, (card for card in s.elements[seat] if card >= 0)) for seat in range(s.n)),
        "hand": tuple(_keys(s, s.hands[seat]) for seat in range(s.n)),
    }


#: The per-seat counts read from the event log.
SEAT_COUNTS = ("passes", "displays", "creature_points", "first_points", "over_limit")


def _keys(s: AlakazooState, cards: Iterable[int]) -> str:
    """Element cards as a component value: their keys (``griffin:head``)."""
    return join_components(s.c.card_key(card) for card in cards)
