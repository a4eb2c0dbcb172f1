"""Alakazoo explained: every creature, element card, board space, portal board, spell die, token
and action in our own words, written from the components in use (a variant file is explained as
it is). The entry names this module as its ``glossary`` (see :mod:`alaka.core.glossary`).

Only printed data and the options are read from the state, never a hand or the deck, so the same
words go to every seat.
"""

from __future__ import annotations

import copy
from functools import cache

from alaka.core.glossary import Explanation, explained
from alaka.core.language import reading, tr
from alaka.core.protocol import Action, State
from alaka.games.alakazoo.actions import (
    BOARD,
    DARK,
    DISPLAY,
    EXCHANGE,
    GIVE,
    HELPER,
    HELPER_AT,
    REDRAW,
    ROLL,
    SWAP_BOARD,
    SWAP_HAND,
    TAKE,
    TAKE_CARD,
    ZooAction,
)
from alaka.games.alakazoo.content import NUM_TYPES, Components
from alaka.games.alakazoo.state import AlakazooState


def board_name(number: int) -> str:
    return f"Portal board {number}"


def die_name(die: int) -> str:
    """A spell die as players count them (``die`` from 0)."""
    return f"Die {die + 1}"


def _faces(c: Components, faces: tuple[int, ...]) -> str:
    """``rainbow x2, red, yellow``: a die's faces, repeated faces counted."""
    counts: dict[str, int] = {}
    for face in faces:
        name = c.symbol_name(face)
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(name if n == 1 else f"{name} x{n}" for name, n in counts.items())


def _place(space: int) -> str:
    return f"row {space // 3 + 1}, column {space % 3 + 1}"


def _creatures(c: Components) -> list[Explanation]:
    out = []
    for k, creature in enumerate(c.creatures):
        board = next(b.number for b in c.boards if b.creature == k)
        cards = [c.card_name(k * NUM_TYPES + t) for t in range(NUM_TYPES)]
        out.append(
            explained(
                creature,
                tr("creature"),
                f"A fantastic creature ({c.creature_symbols[k]} symbol) with nine element cards; "
                f"it is the creature of {board_name(board)}.",
                [
                    f"Its cards: {', '.join(cards)}.",
                    "Its elements score a display point while a board in play shows it "
                    "(with the option creature_point=own_board: only on its own board).",
                    "A whole board of its own creature's elements scores one more point at the end.",
                ],
                aliases=[c.creature_symbols[k]],
            )
        )
    return out


def _cards(c: Components) -> list[Explanation]:
    out = []
    for card in range(len(c.creatures) * NUM_TYPES):
        creature, space = c.creatures[card // NUM_TYPES], card % NUM_TYPES
        out.append(
            explained(
                c.card_name(card),
                tr("element card"),
                f"The {c.element_types[space]} of the {creature}: it can only be displayed on the "
                f"{c.element_types[space]} space ({_place(space)}) once both runes there hold a token.",
                [
                    "Displaying it gives the two tokens back and scores +1 if its creature is on a "
                    "board in play and +1 if nobody displayed that element type before.",
                ],
            )
        )
    return out


def _spaces(c: Components) -> list[Explanation]:
    return [
        explained(
            f"{name} space",
            tr("board space"),
            f"The space for {name} elements, {_place(space)} of every portal board; its two runes "
            "must both hold a Magic Power token before an element goes there.",
            aliases=[name],
        )
        for space, name in enumerate(c.element_types)
    ]


def _boards(c: Components) -> list[Explanation]:
    out = []
    for board in c.boards:
        colours = [c.colours[colour] for colour in board.rune_colours]
        grid = [
            [f"{colours[2 * s]}/{colours[2 * s + 1]}" for s in range(row * 3, row * 3 + 3)]
            for row in range(3)
        ]
        per_colour = ", ".join(
            f"{c.colours[k]} {len(runes)}" for k, runes in enumerate(board.runes_of_colour)
        )
        out.append(
            explained(
                board_name(board.number),
                tr("portal board"),
                f"Shows the {c.creatures[board.creature]}; 18 runes, two on each space: {per_colour}.",
                [f"Row {row + 1}: " + " | ".join(grid[row]) for row in range(3)],
                grid,
                aliases=[f"board {board.number}"],
            )
        )
    return out


def _dice(c: Components, dice: tuple[tuple[int, ...], ...]) -> list[Explanation]:
    dice_set = next((name for name, found in c.dice_sets.items() if found == dice), "default")
    out = []
    for d, faces in enumerate(dice):
        out.append(
            explained(
                die_name(d),
                tr("spell die"),
                f"A spell die of the {dice_set} set: {_faces(c, faces)}.",
                [
                    "A colour puts a Magic Power token on a free rune of that colour (none free: "
                    "a Dark Power token instead); the rainbow goes on any free rune or onto the "
                    "Wizard card.",
                ],
                [[c.symbol_name(face) for face in faces]],
                aliases=[f"die {d + 1}", f"spell die {d + 1}"],
            )
        )
    return out


def _rules(each_gain: bool, per_excess: bool) -> list[Explanation]:
    over = (
        tr("one Dark Power token for each token or card over")
        if per_excess
        else tr("one Dark Power token, however far over")
    )
    when = tr("after every gain") if each_gain else tr("at the end of the action")
    return [
        explained(
            "Magic Power token",
            tr("token"),
            tr("Put on a rune by a die result; two on a space let an element be displayed there."),
            [tr("A rainbow result may be kept on the Wizard card instead, to pay for the Magic Helper.")],
            aliases=["Magic Power", "token"],
        ),
        explained(
            "Dark Power token",
            tr("token"),
            tr(
                "A penalty: for a rolled colour with no free rune, going over a limit, or a special "
                "rule used against another player."
            ),
            [
                tr(
                    "Nobody holds more than 3; whoever starts a turn with 3 skips that turn and hands "
                    "them back."
                )
            ],
            aliases=["Dark Power"],
        ),
        explained(
            "Wizard card",
            tr("card"),
            tr("Where your stored Magic Power tokens wait; each one pays for one use of the Magic Helper."),
        ),
        explained(
            "Magic Helper",
            tr("piece"),
            tr(
                "Action 3: pay a stored token, stand the Helper on one of your elements (or the Wizard "
                "card), then you may use special rule 1 or 2."
            ),
            aliases=["Helper"],
        ),
        explained(
            "Special rule 1",
            tr("special rule"),
            tr(
                "Swap the element under the Helper for one of the same type: from another board "
                "(+1 Dark Power) or from your hand."
            ),
        ),
        explained(
            "Special rule 2",
            tr("special rule"),
            tr(
                "Give up a hand card for a random card of another player's hand (+1 Dark Power), or "
                "discard it and take any card from the columns."
            ),
        ),
        explained(
            "Action 1",
            tr("action"),
            tr("Roll one, two or three spell dice together and place every result."),
            aliases=["roll"],
        ),
        explained(
            "Action 2",
            tr("action"),
            tr(
                "Take all the cards of one column (the columns are then refilled), or discard cards and "
                "draw as many."
            ),
            aliases=["column", "columns"],
        ),
        explained(
            "Action 3",
            tr("action"),
            tr("Use the Magic Helper (see Magic Helper)."),
            aliases=["helper action"],
        ),
        explained(
            "Limits",
            tr("rule"),
            # TRANSLATORS: {when} is "after every gain" or "at the end of the action"
            tr(
                "At most 6 Magic Power tokens and 4 cards, checked {when}: going over costs the extra "
                "tokens or cards and {over}."
            ).format(when=when, over=over),
            aliases=["hand limit", "token limit"],
        ),
        explained(
            "Display points",
            tr("scoring"),
            tr(
                "+1 when the element's creature is shown on a board in play, +1 for the first element "
                "of its type anyone displays."
            ),
        ),
        explained(
            "Final score",
            tr("scoring"),
            tr(
                "The first full board scores +1 and the round is finished; then each row and column of "
                "one creature or of three different creatures scores +1, and a board all of its own "
                "creature +1 more."
            ),
            aliases=["end", "scoring"],
        ),
        explained(
            "rainbow",
            tr("die face"),
            tr("The ring face of a spell die: a token on any free rune, or stored on the Wizard card."),
        ),
    ]


@cache
def _glossary(
    c: Components, dice: tuple[tuple[int, ...], ...], each_gain: bool, per_excess: bool, language: str
) -> tuple[Explanation, ...]:
    """The explanations, in ``language`` (the reader's: the cache keeps one set a language)."""
    return (
        *_rules(each_gain, per_excess),
        *_creatures(c),
        *_boards(c),
        *_dice(c, dice),
        *_spaces(c),
        *_cards(c),
    )


def glossary(state: State) -> list[Explanation]:
    """Everything a player may ask about in this game's components and options."""
    if not isinstance(state, AlakazooState):
        raise TypeError("an Alakazoo glossary needs an Alakazoo state")
    opts = state.opts
    # copies: the cached explanations are shared, and a caller may change what it is given
    return copy.deepcopy(
        list(_glossary(state.c, opts.dice, opts.limit_each_gain, opts.dark_per_excess, reading()))
    )


def topics(state: State, action: Action) -> list[str]:
    """The explanations ``action`` is about (boards to choose, dice to roll, cards to display)."""
    if not isinstance(state, AlakazooState) or not isinstance(action, ZooAction):
        return []
    c = state.c
    kind, arg = action.kind, action.arg
    if kind == BOARD:
        return [board_name(c.boards[arg].number)]
    if kind == ROLL:
        return [die_name(d) for d in range(len(state.opts.dice)) if arg >> d & 1]
    if kind == TAKE:
        return [c.card_name(card) for card in state.columns[arg]]
    if kind in (DISPLAY, SWAP_HAND, TAKE_CARD):
        return [c.card_name(arg)]
    if kind == GIVE:
        return [c.card_name(arg), "Special rule 2"]
    if kind == EXCHANGE:
        return ["Special rule 2"]
    if kind == SWAP_BOARD:
        return ["Special rule 1"]
    if kind in (HELPER, HELPER_AT):
        return ["Magic Helper"]
    if kind == DARK:
        return ["Dark Power token"]
    if kind == REDRAW:
        return ["Action 2"]
    return []
