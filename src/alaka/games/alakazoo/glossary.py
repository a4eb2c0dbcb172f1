"""Alakazoo explained: every creature, element card, board space, portal board, spell die, token
and action in our own words, written from the components in use (a variant file is explained as
it is). The entry names this module as its ``glossary`` (see :mod:`alaka.core.glossary`).

Only printed data and the options are read from the state, never a hand or the deck, so the same
words go to every seat.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
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
from alaka.games.alakazoo.text import (
    card_words,
    colour_word,
    dice_set_word,
    element_word,
    space_words,
    symbol_word,
)


def board_name(number: int) -> str:
    """A portal board's name as an id (topics, the English alias): "Portal board 3"."""
    return f"Portal board {number}"


def die_name(die: int) -> str:
    """A spell die's name as an id (``die`` from 0): "Die 1"."""
    return f"Die {die + 1}"


def _named(
    english: str,
    name: str,
    kind: str,
    summary: str,
    details: list[str] | None = None,
    table: list[list[str]] | None = None,
    aliases: Iterable[str] = (),
) -> Explanation:
    """An explanation named in the reader's words, found by its English name too (the topics,
    the browser's ``data-topic`` and people who type it say it in English)."""
    found = [alias for alias in dict.fromkeys([*aliases, english]) if alias != name]
    return explained(name, kind, summary, details, table, found)


def _board_words(number: int) -> str:
    return tr("Portal board {n}").format(n=number)


def _faces(c: Components, faces: tuple[int, ...]) -> str:
    """``rainbow x2, red, yellow``: a die's faces, repeated faces counted."""
    counts: dict[str, int] = {}
    for face in faces:
        name = colour_word(c.symbol_name(face))
        counts[name] = counts.get(name, 0) + 1
    # TRANSLATORS: a die face that is on the die {n} times, "rainbow x2"
    return ", ".join(
        name if n == 1 else tr("{face} x{n}").format(face=name, n=n) for name, n in counts.items()
    )


def _place(space: int) -> str:
    return tr("row {row}, column {column}").format(row=space // 3 + 1, column=space % 3 + 1)


def _creatures(c: Components) -> list[Explanation]:
    out = []
    for k, creature in enumerate(c.creatures):
        board = next(b.number for b in c.boards if b.creature == k)
        cards = [card_words(c, k * NUM_TYPES + t) for t in range(NUM_TYPES)]
        symbol = c.creature_symbols[k]
        out.append(
            explained(
                creature,
                tr("creature"),
                # TRANSLATORS: {symbol} is the symbol printed beside the creature ("feather")
                tr(
                    "A fantastic creature ({symbol} symbol) with nine element cards; it is the creature "
                    "of {board}."
                ).format(symbol=symbol_word(symbol), board=_board_words(board)),
                [
                    tr("Its cards: {cards}.").format(cards=", ".join(cards)),
                    tr(
                        "Its elements score a display point while a board in play shows it "
                        "(with the option creature_point=own_board: only on its own board)."
                    ),
                    tr("A whole board of its own creature's elements scores one more point at the end."),
                ],
                aliases=list(dict.fromkeys([symbol, symbol_word(symbol)])),
            )
        )
    return out


def _cards(c: Components) -> list[Explanation]:
    out = []
    for card in range(len(c.creatures) * NUM_TYPES):
        creature, space = c.creatures[card // NUM_TYPES], card % NUM_TYPES
        element = element_word(c.element_types[space])
        out.append(
            _named(
                c.card_name(card),
                card_words(c, card),
                tr("element card"),
                # TRANSLATORS: {element} is an element type ("left ear"), {creature} a printed name,
                # {place} e.g. "row 1, column 1"
                tr(
                    "The {element} of the {creature}: it can only be displayed on the {element} space "
                    "({place}) once both runes there hold a token."
                ).format(element=element, creature=creature, place=_place(space)),
                [
                    tr(
                        "Displaying it gives the two tokens back and scores +1 if its creature is on a "
                        "board in play and +1 if nobody displayed that element type before."
                    ),
                ],
            )
        )
    return out


def _spaces(c: Components) -> list[Explanation]:
    return [
        _named(
            f"{name} space",
            space_words(name),
            tr("board space"),
            # TRANSLATORS: {element} is an element type ("left ear"), {place} e.g. "row 1, column 1"
            tr(
                "The space for {element} elements, {place} of every portal board; its two runes "
                "must both hold a Magic Power token before an element goes there."
            ).format(element=element_word(name), place=_place(space)),
            aliases=[name, element_word(name)],
        )
        for space, name in enumerate(c.element_types)
    ]


def _boards(c: Components) -> list[Explanation]:
    out = []
    for board in c.boards:
        colours = [colour_word(c.colours[colour]) for colour in board.rune_colours]
        grid = [
            [f"{colours[2 * s]}/{colours[2 * s + 1]}" for s in range(row * 3, row * 3 + 3)]
            for row in range(3)
        ]
        # TRANSLATORS: a rune colour and how many runes of it a board has, "red 3"
        per_colour = ", ".join(
            tr("{colour} {n}").format(colour=colour_word(c.colours[k]), n=len(runes))
            for k, runes in enumerate(board.runes_of_colour)
        )
        out.append(
            _named(
                board_name(board.number),
                _board_words(board.number),
                tr("portal board"),
                # TRANSLATORS: {creature} is a printed name; {colours} e.g. "red 3, yellow 3, ..."
                tr("Shows the {creature}; 18 runes, two on each space: {colours}.").format(
                    creature=c.creatures[board.creature], colours=per_colour
                ),
                # TRANSLATORS: {spaces} is a row's three spaces, each its two rune colours: "red/yellow | ..."
                [tr("Row {n}: {spaces}").format(n=row + 1, spaces=" | ".join(grid[row])) for row in range(3)],
                grid,
                aliases=[f"board {board.number}", tr("board {n}").format(n=board.number)],
            )
        )
    return out


def _dice(c: Components, dice: tuple[tuple[int, ...], ...]) -> list[Explanation]:
    dice_set = next((name for name, found in c.dice_sets.items() if found == dice), "default")
    out = []
    for d, faces in enumerate(dice):
        out.append(
            _named(
                die_name(d),
                tr("Die {n}").format(n=d + 1),
                tr("spell die"),
                # TRANSLATORS: {set} is a dice set's name ("default"), {faces} e.g. "rainbow x2, red, yellow"
                tr("A spell die of the {set} set: {faces}.").format(
                    set=dice_set_word(dice_set), faces=_faces(c, faces)
                ),
                [
                    tr(
                        "A colour puts a Magic Power token on a free rune of that colour (none free: "
                        "a Dark Power token instead); the rainbow goes on any free rune or onto the "
                        "Wizard card."
                    ),
                ],
                [[colour_word(c.symbol_name(face)) for face in faces]],
                aliases=[f"die {d + 1}", f"spell die {d + 1}", tr("spell die {n}").format(n=d + 1)],
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
        _named(
            "Magic Power token",
            tr("Magic Power token"),
            tr("token"),
            tr("Put on a rune by a die result; two on a space let an element be displayed there."),
            [tr("A rainbow result may be kept on the Wizard card instead, to pay for the Magic Helper.")],
            aliases=["Magic Power", "token", tr("Magic Power"), tr("token")],
        ),
        _named(
            "Dark Power token",
            tr("Dark Power token"),
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
            aliases=["Dark Power", tr("Dark Power")],
        ),
        _named(
            "Wizard card",
            tr("Wizard card"),
            tr("card"),
            tr("Where your stored Magic Power tokens wait; each one pays for one use of the Magic Helper."),
        ),
        _named(
            "Magic Helper",
            tr("Magic Helper"),
            tr("piece"),
            tr(
                "Action 3: pay a stored token, stand the Helper on one of your elements (or the Wizard "
                "card), then you may use special rule 1 or 2."
            ),
            aliases=["Helper", tr("Helper")],
        ),
        _named(
            "Special rule 1",
            tr("Special rule 1"),
            tr("special rule"),
            tr(
                "Swap the element under the Helper for one of the same type: from another board "
                "(+1 Dark Power) or from your hand."
            ),
        ),
        _named(
            "Special rule 2",
            tr("Special rule 2"),
            tr("special rule"),
            tr(
                "Give up a hand card for a random card of another player's hand (+1 Dark Power), or "
                "discard it and take any card from the columns."
            ),
        ),
        _named(
            "Action 1",
            tr("Action 1"),
            tr("action"),
            tr("Roll one, two or three spell dice together and place every result."),
            aliases=["roll"],
        ),
        _named(
            "Action 2",
            tr("Action 2"),
            tr("action"),
            tr(
                "Take all the cards of one column (the columns are then refilled), or discard cards and "
                "draw as many."
            ),
            aliases=["column", "columns"],
        ),
        _named(
            "Action 3",
            tr("Action 3"),
            tr("action"),
            tr("Use the Magic Helper (see Magic Helper)."),
            aliases=["helper action"],
        ),
        _named(
            "Limits",
            tr("Limits"),
            tr("rule"),
            # TRANSLATORS: {when} is "after every gain" or "at the end of the action"
            tr(
                "At most 6 Magic Power tokens and 4 cards, checked {when}: going over costs the extra "
                "tokens or cards and {over}."
            ).format(when=when, over=over),
            aliases=["hand limit", "token limit"],
        ),
        _named(
            "Display points",
            tr("Display points"),
            tr("scoring"),
            tr(
                "+1 when the element's creature is shown on a board in play, +1 for the first element "
                "of its type anyone displays."
            ),
        ),
        _named(
            "Final score",
            tr("Final score"),
            tr("scoring"),
            tr(
                "The first full board scores +1 and the round is finished; then each row and column of "
                "one creature or of three different creatures scores +1, and a board all of its own "
                "creature +1 more."
            ),
            aliases=["end", "scoring"],
        ),
        _named(
            "rainbow",
            colour_word("rainbow"),
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
