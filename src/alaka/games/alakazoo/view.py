"""What a seat may see of an Alakazoo position, as JSON-ready data.

Public: boards (runes, tokens, displayed elements, the Helper), stored tokens, Dark Power,
points, hand sizes, the columns, the discard pile, the deck's size, the creatures put back in
the box (ruling Z12), the dice and everything said in the log. Private: the cards in a hand
(only its owner sees them), the card a player draws, and the two cards of a special-rule-2
exchange (only the two players in it). The chosen card of special rule 2 is its owner's until
the exchange is made. A spectator (``seat=None``) sees only what is public.

The view also carries the printed data a table shows (the nine space names, each spell die's
faces), so the terminal and the browser draw a board from the view alone. Its shape is declared
below as ``TypedDict``s (named in the game's entry, so the conformance kit checks every view);
docs/views.md explains each key and each log event.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from alaka.core.language import tr
from alaka.core.protocol import BaseView
from alaka.games.alakazoo import rules, text
from alaka.games.alakazoo.actions import seat_key
from alaka.games.alakazoo.content import NUM_TYPES

if TYPE_CHECKING:
    from alaka.games.alakazoo.state import AlakazooState


class ZooRune(TypedDict):
    """One rune of a board: its colour and whether a Magic Power token is on it."""

    colour: str
    token: bool


class ZooPlayer(TypedDict):
    """One player's side of the table; ``hand`` is ``None`` for everyone but its owner."""

    seat: int
    name: str
    board: int | None
    creature: str | None
    runes: list[ZooRune]
    elements: list[str | None]
    stored: int
    dark_power: int
    points: int
    helper: str | None
    hand: list[str] | None
    hand_size: int
    board_complete: bool


class ZooFinalBonus(TypedDict):
    """A player's final score (Z11), once the game is over."""

    lines: int
    own_creature: int
    total: int


class ZooView(BaseView):
    """Everything one seat may see of an Alakazoo position (docs/views.md)."""

    #: The phase in the reader's words (``phase`` is its English id, which code compares).
    phase_name: str
    active_player: int | None
    first_player: int | None
    end_triggered_by: int | None
    players: list[ZooPlayer]
    columns: list[list[str]]
    deck_size: int
    discard: list[str]
    box: list[str]
    first_displays: list[str]
    dice_to_roll: list[int]
    dice_results: list[str]
    over_limit: int
    redraw_count: int
    card_to_give: str | None
    exchange_with: int | None
    final_bonus: list[ZooFinalBonus]
    spaces: list[str]
    dice: list[list[str]]


def _player(s: AlakazooState, q: int, seat: int | None) -> ZooPlayer:
    c = s.c
    chosen = s.board[q]
    runes: list[ZooRune] = []
    if chosen >= 0:
        colours = c.boards[chosen].rune_colours
        runes = [
            {"colour": c.colours[colours[r]], "token": bool(s.runes[q] >> r & 1)}
            for r in range(2 * NUM_TYPES)
        ]
    helper = s.helper[q]
    return {
        "seat": q,
        "name": seat_key(q),
        "board": chosen + 1 if chosen >= 0 else None,
        "creature": c.creatures[c.boards[chosen].creature] if chosen >= 0 else None,
        "runes": runes,
        "elements": [c.card_name(card) if card >= 0 else None for card in s.elements[q]],
        "stored": s.stored[q],
        "dark_power": s.dark[q],
        "points": s.points[q],
        "helper": text.helper_place(c, helper),
        "hand": [c.card_name(card) for card in s.hands[q]] if seat == q else None,
        "hand_size": len(s.hands[q]),
        "board_complete": rules.complete(s, q) if chosen >= 0 else False,
    }


def view(s: AlakazooState, seat: int | None, log_since: int | None = 0) -> ZooView:
    """Everything ``seat`` may see; ``None`` is a spectator."""
    if seat is not None and not 0 <= seat < s.n:
        raise ValueError(f"seat must be 0..{s.n - 1} or None, not {seat!r}")
    c = s.c
    outcome = s.outcome()
    pending = [c.symbol_name(sym) for sym in s.pending] if s.phase == rules.PH_RESOLVE else []
    return {
        "game": "alakazoo",
        "seat": seat,
        "num_players": s.n,
        "phase": text.PHASE_NAMES[s.phase],
        "phase_name": tr(text.PHASE_NAMES[s.phase]),
        "decision": text.describe_decision(s),
        "current_player": s.current_player(),
        "active_player": s.player if s.phase >= rules.PH_ACTION else None,
        "first_player": s.first_player if s.first_player >= 0 else None,
        "turn": s.turns,
        "end_triggered_by": s.end_by if s.end_by >= 0 else None,
        "players": [_player(s, q, seat) for q in range(s.n)],
        "columns": [[c.card_name(card) for card in column] for column in s.columns],
        "deck_size": len(s.deck),
        "discard": [c.card_name(card) for card in s.discard],
        "box": [c.creatures[k] for k in s.box],
        "first_displays": [c.element_types[t] for t in range(NUM_TYPES) if s.first_types >> t & 1],
        "dice_to_roll": [d + 1 for d in s.dice_left] if s.phase == rules.PH_ROLL else [],
        "dice_results": pending,
        "over_limit": s.excess if s.phase in (rules.PH_TOKENS_OVER, rules.PH_CARDS_OVER) else 0,
        "redraw_count": s.draws_left if s.phase in (rules.PH_REDRAW, rules.PH_REDRAW_DRAW) else 0,
        "card_to_give": (c.card_name(s.give_card) if s.give_card >= 0 and seat == s.player else None),
        "exchange_with": s.exchange_from if s.exchange_from >= 0 else None,
        "log": [] if log_since is None else [text.event_json(c, e, seat) for e in s.log[log_since:]],
        "log_size": len(s.log),
        "outcome": outcome.to_json() if outcome is not None else None,
        "final_bonus": [
            {"lines": b.lines, "own_creature": b.own_creature, "total": b.total} for b in s.final_bonus
        ],
        "spaces": list(c.element_types),
        "dice": [[c.symbol_name(symbol) for symbol in die] for die in s.opts.dice],
    }
