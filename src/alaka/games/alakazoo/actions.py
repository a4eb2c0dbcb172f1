"""Alakazoo's action space: every distinct move and chance outcome, built once per content.

A turn is chosen in small steps (which action, then which die goes where, then which card), so
the table stays small (about 530 actions) and fixed. Canonical strings are short and readable:
``roll:1+3``, ``place:red:head/1``, ``take:2``, ``display:griffin:tail``, ``swap-board:p2``.
Seats are written ``p1``..``p4`` (seat 0 is ``p1``); columns, dice and boards count from 1 as
a player counts them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from alaka.core.protocol import Action, ActionTable
from alaka.games.alakazoo.content import (
    NUM_CARDS,
    NUM_COLOURS,
    NUM_CREATURES,
    NUM_DICE,
    NUM_RUNES,
    NUM_TYPES,
    RAINBOW,
    Components,
)

MAX_PLAYERS = 4
NUM_COLUMNS = 4
#: ``helper-at`` / ``return`` argument meaning the Wizard card rather than a space or rune.
WIZARD = -1

# Action kinds. Plain ints (not an Enum) because they are compared on the hot path.
BOARD = 0  # setup: choose a portal board (arg: board index)
REMOVE = 1  # chance, setup: a creature's cards go back to the box (arg: creature)
CARD = 2  # chance: which card is drawn from the deck or picked from a hand (arg: card)
FIRST = 3  # chance, setup: the first player (arg: seat)
DIE = 4  # chance: a spell die's result (arg: symbol)
ROLL = 5  # action 1: roll these dice (arg: bit mask of dice)
TAKE = 6  # action 2: take a column (arg: column)
REDRAW = 7  # action 2: discard cards and draw as many
HELPER = 8  # action 3: use the Magic Helper
PLACE = 9  # resolve a die: a token on a rune (arg: symbol, arg2: rune)
STORE = 10  # resolve a rainbow die: a token on the Wizard card
DARK = 11  # resolve a colour die with no free rune: a Dark Power token (arg: colour)
RETURN = 12  # over the token limit: return a token (arg: rune or WIZARD)
DISCARD = 13  # a card to the discard pile: over the card limit, or for the redraw (arg: card)
STOP = 14  # redraw: done discarding, draw now
HELPER_AT = 15  # action 3: put the Helper on a space or the Wizard card (arg: space or WIZARD)
SKIP = 16  # action 3: use no special rule
SWAP_BOARD = 17  # special rule 1 with another player's board (arg: seat)
SWAP_HAND = 18  # special rule 1 with a card of one's hand (arg: card)
GIVE = 19  # special rule 2: the hand card to give away (arg: card)
EXCHANGE = 20  # special rule 2: for a random card of this player's hand (arg: seat)
TAKE_CARD = 21  # special rule 2: discard it and take this column card (arg: card)
DISPLAY = 22  # display this hand card on its space (arg: card)
END = 23  # end the turn
NO_ACTION = 24  # with the option may_skip_action: take none of the three actions (ends the turn)

CHANCE_KINDS = frozenset({REMOVE, CARD, FIRST, DIE})

#: The decisions a player may take back (alaka.core.undo): each is public and what it does
#: depends only on what everyone sees (tokens, boards, Dark Power, the Helper). Every decision
#: that shows or moves a hand card (display, discard, give, swap from the hand) is left out, and
#: so are those a draw or a roll follows anyway (roll, take a column, stop discarding); the
#: undo test checks the list against resampled positions.
UNDO_SAFE = frozenset({PLACE, STORE, DARK, RETURN, HELPER, HELPER_AT, SKIP, SWAP_BOARD, REDRAW})


@dataclass(frozen=True, slots=True)
class ZooAction(Action):
    """An Alakazoo action: its kind and up to two arguments (see the kind constants)."""

    kind: int
    arg: int = 0
    arg2: int = 0


def seat_key(seat: int) -> str:
    return f"p{seat + 1}"


def dice_key(mask: int) -> str:
    return "+".join(str(d + 1) for d in range(NUM_DICE) if mask >> d & 1)


class ZooActions:
    """The action table for one set of components, with direct lookups by kind and argument."""

    def __init__(self, c: Components) -> None:
        self.components = c
        made: list[ZooAction] = []

        def add(kind: int, name: str, arg: int = 0, arg2: int = 0) -> ZooAction:
            action = ZooAction(len(made), name, kind, arg, arg2)
            made.append(action)
            return action

        card_keys = [c.card_key(card) for card in range(NUM_CARDS)]
        symbol_keys = [c.symbol_name(s).replace(" ", "-") for s in range(RAINBOW + 1)]
        space_keys = [t.replace(" ", "-") for t in c.element_types]
        rune_keys = [c.rune_key(r) for r in range(NUM_RUNES)]

        self.board = [add(BOARD, f"board:{b + 1}", b) for b in range(NUM_CREATURES)]
        self.remove = [
            add(REMOVE, f"remove:{c.creatures[k].lower().replace(' ', '-')}", k) for k in range(NUM_CREATURES)
        ]
        self.card = [add(CARD, f"card:{card_keys[k]}", k) for k in range(NUM_CARDS)]
        self.first = [add(FIRST, f"first:{seat_key(p)}", p) for p in range(MAX_PLAYERS)]
        self.die = [add(DIE, f"die:{symbol_keys[s]}", s) for s in range(RAINBOW + 1)]
        #: ``rolls[mask - 1]`` rolls the dice in ``mask`` (every non-empty subset of the three).
        self.rolls = [add(ROLL, f"roll:{dice_key(m)}", m) for m in range(1, 1 << NUM_DICE)]
        self.take = [add(TAKE, f"take:{k + 1}", k) for k in range(NUM_COLUMNS)]
        self.redraw = add(REDRAW, "redraw")
        self.helper = add(HELPER, "helper")
        self.place = [
            [add(PLACE, f"place:{symbol_keys[s]}:{rune_keys[r]}", s, r) for r in range(NUM_RUNES)]
            for s in range(RAINBOW + 1)
        ]
        self.store = add(STORE, "store")
        self.dark = [add(DARK, f"dark:{symbol_keys[k]}", k) for k in range(NUM_COLOURS)]
        self.return_rune = [add(RETURN, f"return:{rune_keys[r]}", r) for r in range(NUM_RUNES)]
        self.return_wizard = add(RETURN, "return:wizard", WIZARD)
        self.discard = [add(DISCARD, f"discard:{card_keys[k]}", k) for k in range(NUM_CARDS)]
        self.stop = add(STOP, "stop")
        self.helper_at_space = [add(HELPER_AT, f"helper-at:{space_keys[s]}", s) for s in range(NUM_TYPES)]
        self.helper_at_wizard = add(HELPER_AT, "helper-at:wizard", WIZARD)
        self.skip = add(SKIP, "skip")
        self.swap_board = [add(SWAP_BOARD, f"swap-board:{seat_key(p)}", p) for p in range(MAX_PLAYERS)]
        self.swap_hand = [add(SWAP_HAND, f"swap-hand:{card_keys[k]}", k) for k in range(NUM_CARDS)]
        self.give = [add(GIVE, f"give:{card_keys[k]}", k) for k in range(NUM_CARDS)]
        self.exchange = [add(EXCHANGE, f"exchange:{seat_key(p)}", p) for p in range(MAX_PLAYERS)]
        self.take_card = [add(TAKE_CARD, f"take-card:{card_keys[k]}", k) for k in range(NUM_CARDS)]
        self.display = [add(DISPLAY, f"display:{card_keys[k]}", k) for k in range(NUM_CARDS)]
        self.end = add(END, "end")
        # Last, so the ids of the actions above stay those of records made before it existed.
        self.no_action = add(NO_ACTION, "no-action")
        self.table = ActionTable(made)


@cache
def actions_for(c: Components) -> ZooActions:
    """The (cached) action table of a set of components."""
    return ZooActions(c)
