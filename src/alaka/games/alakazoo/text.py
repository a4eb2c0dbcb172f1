"""Alakazoo in words: action labels, the decision being made, log lines and a seat's table.

Everything a person reads comes from here, so the terminal, the browser and the logs agree.
Players are named "Player 1".."Player 4" (seat 0 is Player 1).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from functools import cache, partial
from typing import TYPE_CHECKING, Any

from alaka.core.events import Encoder
from alaka.core.events import event_json as core_event_json
from alaka.core.language import N_, tr, trn
from alaka.core.protocol import Action, JsonDict
from alaka.games.alakazoo import events as ev
from alaka.games.alakazoo import rules
from alaka.games.alakazoo.actions import (
    BOARD,
    CARD,
    DARK,
    DIE,
    DISCARD,
    DISPLAY,
    END,
    EXCHANGE,
    FIRST,
    GIVE,
    HELPER,
    HELPER_AT,
    NO_ACTION,
    PLACE,
    REDRAW,
    REMOVE,
    RETURN,
    ROLL,
    SKIP,
    STOP,
    STORE,
    SWAP_BOARD,
    SWAP_HAND,
    TAKE,
    TAKE_CARD,
    WIZARD,
    ZooAction,
    dice_key,
)
from alaka.games.alakazoo.content import NUM_TYPES, Components
from alaka.games.alakazoo.events import ZooEvent

if TYPE_CHECKING:
    from alaka.games.alakazoo.state import AlakazooState

PHASE_NAMES = {
    rules.PH_BOARD: N_("choose boards"),
    rules.PH_REMOVE: N_("prepare the deck"),
    rules.PH_DEAL: N_("deal"),
    rules.PH_FIRST: N_("choose the first player"),
    rules.PH_ACTION: N_("choose an action"),
    rules.PH_ROLL: N_("roll the spell dice"),
    rules.PH_RESOLVE: N_("resolve the dice"),
    rules.PH_TOKENS_OVER: N_("return tokens over the limit"),
    rules.PH_CARDS_OVER: N_("discard cards over the limit"),
    rules.PH_REFILL: N_("refill the columns"),
    rules.PH_REDRAW: N_("discard cards to redraw"),
    rules.PH_REDRAW_DRAW: N_("draw"),
    rules.PH_HELPER_AT: N_("place the Magic Helper"),
    rules.PH_HELPER_RULE: N_("use a special rule"),
    rules.PH_HELPER_TARGET: N_("choose the special rule's target"),
    rules.PH_EXCHANGE: N_("take a random card"),
    rules.PH_DISPLAY: N_("display elements"),
    rules.PH_OVER: N_("game over"),
}


#: The words of the built-in components (data/components.json), so that they are translated
#: where they are shown; a variant file's own words read as written. In the engine, the view,
#: the log's fields and the actions they stay as the file writes them: they are ids.
COLOUR_WORDS = {
    "red": N_("red"),
    "yellow": N_("yellow"),
    "brown": N_("brown"),
    "blue": N_("blue"),
    "grey": N_("grey"),
    "green": N_("green"),
    # TRANSLATORS: the ring face of a spell die, which counts as any colour
    "rainbow": N_("rainbow"),
}
ELEMENT_WORDS = {
    "left ear": N_("left ear"),
    "head": N_("head"),
    "right ear": N_("right ear"),
    "left hand": N_("left hand"),
    "body": N_("body"),
    "right hand": N_("right hand"),
    "left leg": N_("left leg"),
    "tail": N_("tail"),
    "right leg": N_("right leg"),
}
#: The symbols printed beside the built-in creatures.
SYMBOL_WORDS = {
    "feather": N_("feather"),
    "tentacle": N_("tentacle"),
    "flame": N_("flame"),
    "eye": N_("eye"),
    "triple head": N_("triple head"),
    "horn": N_("horn"),
}
#: The built-in dice sets.
DICE_SET_WORDS = {"default": N_("default"), "alternative": N_("alternative")}
#: How a game ends (an outcome's reason is data, written in English by rules/end.py).
REASON_WORDS = {
    "most points": N_("most points"),
    "shared win on equal points": N_("shared win on equal points"),
}
_TRUNCATED = re.compile(r"stopped at the safety limit of (\d+) turns?")


def _word(table: dict[str, str], word: str) -> str:
    """A built-in word in the reader's language; another (a variant file's) as written."""
    return tr(table[word]) if word in table else word


def colour_word(colour: str) -> str:
    """A rune colour or die face ("red", "rainbow") in the reader's words."""
    return _word(COLOUR_WORDS, colour)


def element_word(element: str) -> str:
    """An element type, which is also a board space's name ("left ear"), in the reader's words."""
    return _word(ELEMENT_WORDS, element)


def symbol_word(symbol: str) -> str:
    """A creature's symbol ("feather") in the reader's words."""
    return _word(SYMBOL_WORDS, symbol)


def dice_set_word(name: str) -> str:
    """A dice set's name ("default") in the reader's words."""
    return _word(DICE_SET_WORDS, name)


def reason_words(reason: str) -> str:
    """An outcome's reason (English data) in the reader's words."""
    truncated = _TRUNCATED.fullmatch(reason)
    if truncated:
        n = int(truncated.group(1))
        return trn(
            "stopped at the safety limit of {n} turn", "stopped at the safety limit of {n} turns", n
        ).format(n=n)
    return _word(REASON_WORDS, reason)


def card_words(c: Components, card: int) -> str:
    """A card as a player reads it: the creature's printed name and the element in the reader's
    words (:meth:`Components.card_name` is its id)."""
    return named_card(c.creatures[card // NUM_TYPES], c.element_types[card % NUM_TYPES])


def named_card(creature: str, element: str) -> str:
    # TRANSLATORS: a card's name, e.g. "Griffin left ear": {creature} is a creature's printed
    # name (not translated), {element} an element type such as "left ear"
    return tr("{creature} {element}").format(creature=creature, element=element_word(element))


def card_shown(name: str, spaces: Sequence[str]) -> str:
    """A card named in a view ("Griffin left ear", an id) in the reader's words; ``spaces`` are
    the view's element types, which tell where the creature's name ends."""
    for space in sorted(spaces, key=len, reverse=True):
        if name.endswith(" " + space):
            return named_card(name[: -len(space) - 1], space)
    return name


def cards_shown(names: Iterable[str], spaces: Sequence[str]) -> list[str]:
    return [card_shown(name, spaces) for name in names]


def space_words(element: str) -> str:
    """A board space by its element type ("head" -> "head space") in the reader's words."""
    # TRANSLATORS: a board space, named by its element type, e.g. "head space"
    return tr("{element} space").format(element=element_word(element))


def helper_shown(place: str | None) -> str | None:
    """Where the Magic Helper stands, from a view's ``helper`` (an id: "head space",
    "Wizard card"), in the reader's words."""
    if place is None:
        return None
    if place == "Wizard card":
        return tr("Wizard card")
    if place.endswith(" space"):
        return space_words(place[: -len(" space")])
    return place


def _dark_taken(gained: int, owed: int) -> str:
    """What a penalty gave; the cap of 3 explains a token not taken (Z2, Z5)."""
    if gained == owed:
        return tr("takes {n} Dark Power").format(n=gained)
    if gained == 0:
        return tr("already has 3 Dark Power, so takes none")
    return tr("takes {n} Dark Power, not {owed}: Dark Power stops at 3").format(n=gained, owed=owed)


def player_name(seat: int) -> str:
    # TRANSLATORS: {n} is a seat number, 1 to 4
    return tr("Player {n}").format(n=seat + 1)


def helper_place(c: Components, where: int) -> str | None:
    """Where the Magic Helper stands, as an id (the view's, the log's): "head space", "Wizard
    card"; :func:`helper_words` is how a player reads it."""
    if where == WIZARD:
        return "Wizard card"
    if where < 0:
        return None
    return f"{c.element_types[where]} space"


def helper_words(c: Components, where: int) -> str | None:
    """Where the Magic Helper stands, in the reader's words."""
    if where == WIZARD:
        return tr("Wizard card")
    if where < 0:
        return None
    return space_words(c.element_types[where])


def rune_name(c: Components, rune: int) -> str:
    """A rune as an id (the log's field): "head space, rune 1"; :func:`rune_words` is how a
    player reads it."""
    return f"{c.element_types[rune // 2]} space, rune {rune % 2 + 1}"


def rune_words(c: Components, rune: int) -> str:
    """A rune in the reader's words."""
    # TRANSLATORS: one of the two runes of a board space; {element} is the space's element type
    # ("head"), {n} is 1 or 2
    return tr("{element} space, rune {n}").format(
        element=element_word(c.element_types[rune // 2]), n=rune % 2 + 1
    )


def _cards(c: Components, cards: Iterable[int]) -> str:
    return ", ".join(card_words(c, card) for card in cards) or tr("no cards")


def describe_decision(s: AlakazooState) -> str:
    """What is being decided now, in a few words."""
    phase = s.phase
    c = s.c
    who = player_name(s.player)
    if phase == rules.PH_OVER:
        return tr("the game is over")
    if phase == rules.PH_BOARD:
        return tr("{player} chooses a portal board").format(player=who)
    if phase in rules.CHANCE_PHASES:
        # TRANSLATORS: {phase} is a phase name, e.g. "deal"
        return tr("chance: {phase}").format(phase=tr(PHASE_NAMES[phase]))
    if phase == rules.PH_RESOLVE:
        shown = ", ".join(colour_word(c.symbol_name(sym)) for sym in s.pending)
        return tr("{player} resolves the dice ({shown})").format(player=who, shown=shown)
    if phase in (rules.PH_TOKENS_OVER, rules.PH_CARDS_OVER):
        # TRANSLATORS: {phase} is "return tokens over the limit" or "discard cards over the limit"
        return tr("{player} must {phase} ({n} to go)").format(
            player=who, phase=tr(PHASE_NAMES[phase]), n=s.excess
        )
    return tr("{player}: {phase}").format(player=who, phase=tr(PHASE_NAMES[phase]))


def label(s: AlakazooState, action: Action) -> str:
    """A label a player understands at a glance, for the deciding seat."""
    if not isinstance(action, ZooAction):
        return action.name
    c = s.c
    kind, arg = action.kind, action.arg
    if kind == BOARD:
        board = c.boards[arg]
        # TRANSLATORS: {creature} is a creature's printed name
        return tr("Choose portal board {number} ({creature})").format(
            number=board.number, creature=c.creatures[board.creature]
        )
    if kind == ROLL:
        dice = dice_key(arg).split("+")
        if len(dice) == 1:
            return tr("Action 1: roll die {die}").format(die=dice[0])
        # TRANSLATORS: {dice} is a list of die numbers, "1, 2"; {last} the last die's number
        return tr("Action 1: roll dice {dice} and {last}").format(dice=", ".join(dice[:-1]), last=dice[-1])
    if kind == TAKE:
        shown = _cards(c, s.columns[arg])
        return tr("Action 2: take column {column} ({cards})").format(column=arg + 1, cards=shown)
    if kind == REDRAW:
        return tr("Action 2: discard cards and draw as many")
    if kind == HELPER:
        return tr("Action 3: pay a stored token to use the Magic Helper")
    if kind == PLACE:
        colour = colour_word(c.colours[c.boards[s.board[s.player]].rune_colours[action.arg2]])
        # TRANSLATORS: {rune} is e.g. "head space, rune 1"; {symbol} and {colour} die faces ("red")
        return tr("Put the {symbol} result on the {rune} ({colour})").format(
            symbol=colour_word(c.symbol_name(arg)), rune=rune_words(c, action.arg2), colour=colour
        )
    if kind == STORE:
        return tr("Store the rainbow result on your Wizard card")
    if kind == DARK:
        return tr("No free {colour} rune: take a Dark Power token").format(colour=colour_word(c.colours[arg]))
    if kind == RETURN:
        if arg == WIZARD:
            return tr("Return the token on your Wizard card")
        return tr("Return the token on the {rune}").format(rune=rune_words(c, arg))
    if kind == DISCARD:
        return tr("Discard {card}").format(card=card_words(c, arg))
    if kind == STOP:
        return tr("Stop discarding and draw {n}").format(n=s.draws_left)
    if kind == HELPER_AT:
        if arg == WIZARD:
            return tr("Put the Helper on your Wizard card")
        # TRANSLATORS: {space} is an element type, "head"
        return tr("Put the Helper on your {space}").format(space=element_word(c.element_types[arg]))
    if kind == SKIP:
        return tr("Use no special rule")
    if kind == SWAP_BOARD:
        space = s.helper[s.player]
        return tr("Swap your {mine} for {other}'s {theirs} (+1 Dark Power)").format(
            mine=card_words(c, s.elements[s.player][space]),
            other=player_name(arg),
            theirs=card_words(c, s.elements[arg][space]),
        )
    if kind == SWAP_HAND:
        space = s.helper[s.player]
        return tr("Swap your {mine} for {card} from your hand").format(
            mine=card_words(c, s.elements[s.player][space]), card=card_words(c, arg)
        )
    if kind == GIVE:
        return tr("Special rule 2: give up {card}").format(card=card_words(c, arg))
    if kind == EXCHANGE:
        return tr("Exchange it for a random card of {player} (+1 Dark Power)").format(player=player_name(arg))
    if kind == TAKE_CARD:
        return tr("Discard it and take {card} from the columns").format(card=card_words(c, arg))
    if kind == DISPLAY:
        # TRANSLATORS: {space} is an element type, "head"
        return tr("Display {card} on your {space} space").format(
            card=card_words(c, arg), space=element_word(c.element_types[arg % NUM_TYPES])
        )
    if kind == END:
        return tr("End your turn")
    if kind == NO_ACTION:
        return tr("Take no action and end your turn (no displays)")
    if kind == CARD:
        return card_words(c, arg)
    if kind == DIE:
        return tr("the die shows {symbol}").format(symbol=colour_word(c.symbol_name(arg)))
    if kind == FIRST:
        return tr("{player} starts").format(player=player_name(arg))
    if kind == REMOVE:
        return tr("the {creature} cards go back to the box").format(creature=c.creatures[arg])
    return action.name


def _dark_hint(s: AlakazooState, seat: int, owed: int = 1) -> str:
    """What ``owed`` Dark Power tokens would do to ``seat``: how many it gets and what 3 means."""
    gained = rules.dark_gain(s, seat, owed)
    if gained == 0:
        if s.dark[seat] >= rules.MAX_DARK:
            return tr("no Dark Power: you hold 3")
        return tr("no Dark Power is left")
    if s.dark[seat] + gained >= rules.MAX_DARK:
        return tr("+{n} Dark Power: 3, you pass your next turn").format(n=gained)
    return tr("+{n} Dark Power").format(n=gained)


def _limit_hint(s: AlakazooState, seat: int, what: str, excess: int) -> str:
    """Going ``excess`` over a limit costs the excess and Dark Power (Z2). The number over is
    said only when the penalty counts it, so that choices costing the same say the same."""
    owed = rules.limit_penalty(s, excess)
    dark = _dark_hint(s, seat, owed)
    if what == "hand":
        limit = rules.MAX_CARDS
        if s.opts.dark_per_excess:
            # TRANSLATORS: {n} cards over the limit; {dark} is e.g. "+1 Dark Power"
            return tr("{n} over the hand limit of {limit}: {dark}").format(n=excess, limit=limit, dark=dark)
        # TRANSLATORS: {dark} is e.g. "+1 Dark Power"
        return tr("over the hand limit of {limit}: {dark}").format(limit=limit, dark=dark)
    limit = rules.MAX_TOKENS
    if s.opts.dark_per_excess:
        # TRANSLATORS: {n} Magic Power tokens over the limit; {dark} is e.g. "+1 Dark Power"
        return tr("{n} over the token limit of {limit}: {dark}").format(n=excess, limit=limit, dark=dark)
    # TRANSLATORS: {dark} is e.g. "+1 Dark Power"
    return tr("over the token limit of {limit}: {dark}").format(limit=limit, dark=dark)


def hint(s: AlakazooState, action: Action) -> str | None:
    """What a legal action costs or brings the seat deciding, in one line, or ``None``: the
    limits' Dark Power, a display's points, a rune that readies a space, special rule 2's draw."""
    if not isinstance(action, ZooAction):
        return None
    c = s.c
    p = s.player
    kind, arg = action.kind, action.arg
    if kind == TAKE:
        cards = len(s.hands[p]) + len(s.columns[arg])
        excess = cards - rules.MAX_CARDS
        if excess > 0:
            return _limit_hint(s, p, "hand", excess)
        # TRANSLATORS: the cards in hand now and after taking a column, "hand 2 -> 4"
        return tr("hand {before} -> {after}").format(before=len(s.hands[p]), after=cards)
    if kind == ROLL:
        dice = bin(arg).count("1")
        room = rules.MAX_TOKENS - rules.tokens_held(s, p)
        if dice > room:
            held = rules.tokens_held(s, p)
            # TRANSLATORS: the limit is 6 Magic Power tokens, so the 7th is one too many
            return trn(
                "you hold {n} token: a 7th goes over the limit",
                "you hold {n} tokens: a 7th goes over the limit",
                held,
            ).format(n=held)
        return None
    if kind in (PLACE, STORE):
        held = rules.tokens_held(s, p) + 1
        if held > rules.MAX_TOKENS:
            return _limit_hint(s, p, "token", held - rules.MAX_TOKENS)
        if kind == PLACE:
            space = action.arg2 // 2
            other = action.arg2 ^ 1
            if s.runes[p] >> other & 1 and s.elements[p][space] < 0:
                ready = [card_words(c, card) for card in s.hands[p] if card % NUM_TYPES == space]
                element = element_word(c.element_types[space])
                if ready:
                    # TRANSLATORS: {element} is an element type ("head"); {cards} the cards of that type held
                    return tr("readies the {element} space for an element; you hold {cards}").format(
                        element=element, cards=", ".join(ready)
                    )
                # TRANSLATORS: {element} is an element type ("head")
                return tr("readies the {element} space for an element").format(element=element)
        return None
    if kind == DARK:
        return _dark_hint(s, p)
    if kind == DISPLAY:
        space = arg % NUM_TYPES
        why = []
        if rules.scores_creature_point(s, p, arg // NUM_TYPES):
            why.append(tr("its creature is on a board"))
        if not s.first_types >> space & 1:
            # TRANSLATORS: the first element of this type anyone displays; {element} is "head"
            why.append(tr("first {element}").format(element=element_word(c.element_types[space])))
        if s.end_by < 0 and s.elements[p].count(-1) == 1:
            why.append(tr("the first full board"))
        n = len(why)
        if not why:
            return trn("+{n} point", "+{n} points", n).format(n=n)
        # TRANSLATORS: {reasons} is a list such as "its creature is on a board, first head"
        return trn("+{n} point: {reasons}", "+{n} points: {reasons}", n).format(n=n, reasons=", ".join(why))
    if kind == SWAP_BOARD:
        return _dark_hint(s, p)
    if kind == GIVE:
        return tr("then a random card of another hand (+1 Dark Power) or any card of the columns")
    if kind == EXCHANGE:
        n = len(s.hands[arg])
        # TRANSLATORS: {dark} is e.g. "+1 Dark Power"
        return trn(
            "a random one of {player}'s {n} card; {dark}", "a random one of {player}'s {n} cards; {dark}", n
        ).format(player=player_name(arg), n=n, dark=_dark_hint(s, p))
    if kind == NO_ACTION:
        return tr("no displays this turn either")
    return None


#: How each event field is written in the log's JSON form, by name; a field not listed is
#: written as it is (counts, seats, booleans). One name means one thing in every event.
_FIELDS: dict[str, Callable[[Components, Any], Any]] = {
    "board": lambda c, board: board + 1,
    "creature": lambda c, creature: c.creatures[creature],
    "card": Components.card_name,
    "mine": Components.card_name,
    "theirs": Components.card_name,
    "placed": Components.card_name,
    "given": Components.card_name,
    "taken": Components.card_name,
    "discarded": Components.card_name,
    "cards": lambda c, cards: [c.card_name(card) for card in cards],
    "column": lambda c, column: column + 1,
    "die": lambda c, die: die + 1,
    "dice": lambda c, mask: [int(d) for d in dice_key(mask).split("+")],
    "symbol": Components.symbol_name,
    "colour": Components.symbol_name,
    "rune": lambda c, rune: "Wizard card" if rune == WIZARD else rune_name(c, rune),
    "space": lambda c, space: c.element_types[space],
    "place": helper_place,
}


def encode_field(c: Components, name: str, value: Any) -> Any:
    """An event field's value in the log's JSON form: card numbers become card names, runes
    and spaces their printed names, columns, dice and boards count from 1 (see ``_FIELDS``)."""
    write = _FIELDS.get(name)
    return value if write is None else write(c, value)


@cache
def _encoder(c: Components) -> Encoder:
    return partial(encode_field, c)


def event_json(c: Components, event: ZooEvent, seat: int | None) -> JsonDict:
    """One log event as ``seat`` may see it: its JSON form and its sentence."""
    out = core_event_json(event, seat, _encoder(c))
    out["text"] = event_text(c, event, event.hidden_from(seat))
    return out


def event_text(c: Components, event: ZooEvent, hidden: bool) -> str:
    """A log event in words; ``hidden`` leaves out what the reader may not see."""
    who = player_name(event.actor) if event.actor >= 0 else ""
    match event:
        case ev.BoardChosen(board=board):
            creature = c.creatures[c.boards[board].creature]
            return tr("{player} chooses portal board {number} ({creature}).").format(
                player=who, number=board + 1, creature=creature
            )
        case ev.CreatureRemoved(creature=creature):
            return tr("The {creature} cards go back to the box.").format(creature=c.creatures[creature])
        case ev.Dealt(card=card):
            if hidden:
                return tr("{player} is dealt a card.").format(player=who)
            return tr("{player} is dealt {card}.").format(player=who, card=card_words(c, card))
        case ev.ColumnDealt(column=column, card=card):
            return tr("{card} is laid in column {column}.").format(
                card=card_words(c, card), column=column + 1
            )
        case ev.FirstPlayer():
            return tr("{player} is the first player.").format(player=who)
        case ev.TurnStarted(turn=turn):
            return tr("Turn {turn}: {player}.").format(turn=turn, player=who)
        case ev.Passed(returned=returned):
            if returned:
                return tr("{player} has 3 Dark Power, passes and returns {n} Dark Power.").format(
                    player=who, n=returned
                )
            return tr("{player} has 3 Dark Power, passes.").format(player=who)
        case ev.Rolled(dice=dice):
            # TRANSLATORS: {dice} is a list of die numbers, "1, 3"
            rolled = dice_key(dice).replace("+", ", ")
            return tr("{player} rolls dice {dice}.").format(player=who, dice=rolled)
        case ev.DieRolled(die=die, symbol=symbol):
            return tr("Die {die} shows {symbol}.").format(
                die=die + 1, symbol=colour_word(c.symbol_name(symbol))
            )
        case ev.Placed(symbol=symbol, rune=rune):
            return tr("{player} puts the {symbol} result on the {rune}.").format(
                player=who, symbol=colour_word(c.symbol_name(symbol)), rune=rune_words(c, rune)
            )
        case ev.Stored():
            return tr("{player} stores a Magic Power token on the Wizard card.").format(player=who)
        case ev.DarkTaken(colour=colour, gained=gained):
            if gained:
                return tr("{player} has no free {colour} rune and takes a Dark Power token.").format(
                    player=who, colour=colour_word(c.colours[colour])
                )
            return tr(
                "{player} has no free {colour} rune and would take Dark Power but already has 3."
            ).format(player=who, colour=colour_word(c.colours[colour]))
        case ev.OverTokens(excess=excess, gained=gained, owed=owed):
            # TRANSLATORS: {taken} is e.g. "takes 1 Dark Power"
            return trn(
                "{player} is {n} Magic Power token over the limit of 6 and {taken}.",
                "{player} is {n} Magic Power tokens over the limit of 6 and {taken}.",
                excess,
            ).format(player=who, n=excess, taken=_dark_taken(gained, owed))
        case ev.OverCards(excess=excess, gained=gained, owed=owed):
            # TRANSLATORS: {taken} is e.g. "takes 1 Dark Power"
            return trn(
                "{player} is {n} card over the limit of 4 and {taken}.",
                "{player} is {n} cards over the limit of 4 and {taken}.",
                excess,
            ).format(player=who, n=excess, taken=_dark_taken(gained, owed))
        case ev.Returned(rune=rune):
            if rune == WIZARD:
                return tr("{player} returns the token on the Wizard card.").format(player=who)
            return tr("{player} returns the token on the {rune}.").format(
                player=who, rune=rune_words(c, rune)
            )
        case ev.Discarded(card=card):
            return tr("{player} discards {card}.").format(player=who, card=card_words(c, card))
        case ev.ColumnTaken(column=column, cards=cards):
            return tr("{player} takes column {column}: {cards}.").format(
                player=who, column=column + 1, cards=_cards(c, cards)
            )
        case ev.ColumnDiscarded(column=column, cards=cards):
            return tr("Column {column} already has 4 cards; they are discarded: {cards}.").format(
                column=column + 1, cards=_cards(c, cards)
            )
        case ev.Refilled(column=column, card=card):
            return tr("{card} is added to column {column}.").format(
                card=card_words(c, card), column=column + 1
            )
        case ev.Reshuffled(count=count):
            return trn(
                "The deck is empty; the discard pile ({n} card) is shuffled into a new deck.",
                "The deck is empty; the discard pile ({n} cards) is shuffled into a new deck.",
                count,
            ).format(n=count)
        case ev.RedrawStarted():
            return tr("{player} discards cards to draw as many.").format(player=who)
        case ev.Drew(card=card):
            if hidden:
                return tr("{player} draws a card.").format(player=who)
            return tr("{player} draws {card}.").format(player=who, card=card_words(c, card))
        case ev.HelperPaid():
            return tr("{player} pays a stored token to use the Magic Helper.").format(player=who)
        case ev.HelperPlaced(place=place):
            # TRANSLATORS: {place} is e.g. "head space" or "Wizard card"
            return tr("{player} puts the Magic Helper on the {place}.").format(
                player=who, place=helper_words(c, place)
            )
        case ev.RuleSkipped():
            return tr("{player} uses no special rule.").format(player=who)
        case ev.BoardSwap(other=other, mine=mine, theirs=theirs):
            return tr("{player} swaps {mine} for {other}'s {theirs}.").format(
                player=who, mine=card_words(c, mine), other=player_name(other), theirs=card_words(c, theirs)
            )
        case ev.HandSwap(placed=placed, taken=taken):
            return tr("{player} puts {placed} from hand on the board and takes {taken} back.").format(
                player=who, placed=card_words(c, placed), taken=card_words(c, taken)
            )
        case ev.Exchanged(other=other, given=given, taken=taken):
            if hidden:
                return tr("{player} exchanges a card for a random card of {other}.").format(
                    player=who, other=player_name(other)
                )
            return tr("{player} gives {given} to {other} and gets {taken}.").format(
                player=who, given=card_words(c, given), other=player_name(other), taken=card_words(c, taken)
            )
        case ev.CardTaken(discarded=discarded, taken=taken):
            return tr("{player} discards {discarded} and takes {taken} from the columns.").format(
                player=who, discarded=card_words(c, discarded), taken=card_words(c, taken)
            )
        case ev.Displayed(card=card, creature_point=creature_point, first=first):
            bonus = []
            if creature_point:
                bonus.append(tr("its creature"))
            if first:
                bonus.append(tr("first of its type"))
            if not bonus:
                return tr("{player} displays {card}.").format(player=who, card=card_words(c, card))
            # TRANSLATORS: {n} is the points scored, {reasons} a list: "its creature, first of its type"
            return tr("{player} displays {card} (+{n}: {reasons}).").format(
                player=who, card=card_words(c, card), n=len(bonus), reasons=", ".join(bonus)
            )
        case ev.BoardCompleted():
            return tr("{player} completes the board first (+1). The round is played to its end.").format(
                player=who
            )
        case ev.TurnEnded():
            return tr("{player} ends the turn.").format(player=who)
        case ev.NoAction():
            return tr("{player} takes no action.").format(player=who)
        case ev.FinalScore(lines=lines, own_creature=own_creature):
            return tr(
                "Final score, {player}: +{lines} for rows and columns, +{own} for the own creature."
            ).format(player=who, lines=lines, own=own_creature)
        case ev.Truncated(turns=turns):
            return trn(
                "The game stops at the safety limit after {n} turn.",
                "The game stops at the safety limit after {n} turns.",
                turns,
            ).format(n=turns)
    raise TypeError(f"no words for the event {event!r}")


def render(view: JsonDict, log_lines: int = 8) -> str:
    """A seat's view as plain text: every board as a 3x3 grid, hand, columns, recent log."""
    out: list[str] = []
    seat = view["seat"]
    spaces = view["spaces"]
    n, turn = view["num_players"], view["turn"]
    if seat is None:
        out.append(
            trn(
                "Alakazoo, {n} player, turn {turn} (spectator's view)",
                "Alakazoo, {n} players, turn {turn} (spectator's view)",
                n,
            ).format(n=n, turn=turn)
        )
    else:
        out.append(
            trn(
                "Alakazoo, {n} player, turn {turn} ({player}'s view)",
                "Alakazoo, {n} players, turn {turn} ({player}'s view)",
                n,
            ).format(n=n, turn=turn, player=player_name(seat))
        )
    # TRANSLATORS: {decision} is what is being decided, e.g. "Player 1: choose an action"
    out.append(tr("Now: {decision}").format(decision=view["decision"]))
    for p in view["players"]:
        if p["board"] is None:
            title = tr("{player}: no board yet").format(player=player_name(p["seat"]))
        else:
            # TRANSLATORS: {creature} is a creature's printed name
            title = tr("{player}: board {board} ({creature})").format(
                player=player_name(p["seat"]), board=p["board"], creature=p["creature"]
            )
        helper = helper_shown(p["helper"]) or tr("not used")
        stats = tr(
            "points {points}, Dark Power {dark}, stored {stored}, hand {hand}, Helper: {helper}"
        ).format(
            points=p["points"], dark=p["dark_power"], stored=p["stored"], hand=p["hand_size"], helper=helper
        )
        out.append("")
        # TRANSLATORS: a player's board and numbers, "Player 1: board 4 (Basilisk) - points 0, ..."
        out.append(tr("{title} - {stats}").format(title=title, stats=stats))
        for row in range(3):
            cells = []
            for col in range(3):
                space = row * 3 + col
                element = p["elements"][space]
                if element:
                    cells.append(f"[{card_shown(element, spaces)}]")
                elif p["runes"]:
                    r1, r2 = p["runes"][2 * space], p["runes"][2 * space + 1]
                    marks = [f"{colour_word(r['colour'])}{'*' if r['token'] else ''}" for r in (r1, r2)]
                    cells.append(" ".join(marks))
                else:
                    cells.append("-")
            out.append("  " + " | ".join(f"{cell:<24}" for cell in cells))
        if p["hand"] is not None:
            hand = ", ".join(cards_shown(p["hand"], spaces)) or tr("empty")
            out.append("  " + tr("hand: {cards}").format(cards=hand))
    out.append("")
    for k, column in enumerate(view["columns"]):
        cards = ", ".join(cards_shown(column, spaces)) or tr("empty")
        out.append(tr("column {n}: {cards}").format(n=k + 1, cards=cards))
    deck = trn("{n} card", "{n} cards", view["deck_size"]).format(n=view["deck_size"])
    discard = trn("{n} card", "{n} cards", len(view["discard"])).format(n=len(view["discard"]))
    # TRANSLATORS: {deck} and {discard} are counts of cards, "20 cards"
    out.append(tr("deck: {deck}; discard pile: {discard}").format(deck=deck, discard=discard))
    if view["dice_results"]:
        results = ", ".join(colour_word(result) for result in view["dice_results"])
        out.append(tr("dice to resolve: {results}").format(results=results))
    if view["outcome"]:
        outcome = view["outcome"]
        winners = ", ".join(player_name(w) for w in outcome["winners"]) or tr("nobody")
        # TRANSLATORS: {reason} is how the game ended ("most points"), {scores} a list of numbers
        out.append(
            tr("Game over: {winners} ({reason}); scores {scores}").format(
                winners=winners, reason=reason_words(outcome["reason"]), scores=outcome["scores"]
            )
        )
    if log_lines:
        out.append("")
        out.extend(f"  {line['text']}" for line in view["log"][-log_lines:])
    out.append(tr("(* = a Magic Power token on that rune)"))
    return "\n".join(out)


# -- the guided first game (lesson.py): the coach's words -------------------------------------

#: What the coach says, by step (``alaka learn alakazoo`` and the browser's "Learn to play").
#: Marked with N_: the lesson (alaka.core.lesson) says them, translated where they are read.
COACH = {
    "welcome": N_(
        "Welcome to the Magic Tournament! You are Player 1, with the Griffin's portal board. Fill"
        " your board's nine spaces with creature elements: each space needs two Magic Power"
        " tokens on its runes before an element can go there."
    ),
    "roll": N_(
        "A turn is one of three actions, then displaying. Start with Action 1: roll two spell"
        " dice. Each result puts a Magic Power token on a rune of its colour."
    ),
    "place_blue": N_(
        "The head space already has a token on its green rune. Put the blue result on its blue"
        " rune: with both runes active, the head space is ready for an element."
    ),
    "place_rainbow": N_(
        "A rainbow result goes on any free rune, or onto your Wizard card for later. Your choice:"
        " where will it help most?"
    ),
    "why_rainbow": N_(
        "you hold the Griffin left ear, and the left ear space now needs just one more token"
        " (a result of its other rune's colour, or a rainbow) to take it."
    ),
    "display": N_(
        "After your action you may display. The head space has two active runes and you hold the"
        " Griffin head: display it. Its two tokens go back to the pool, and it scores two points:"
        " a Griffin on a board in play, and the first head anyone displays."
    ),
    "end": N_("Nothing more can be displayed: end your turn, and the dice go to Player 2."),
    "take": N_(
        "Action 2 takes all the cards of one column. Take column 2: the Griffin body fits your"
        " board, and two cards bring your hand to four, the most you may hold without paying a"
        " Dark Power token."
    ),
    "end_again": N_(
        "No space has two active runes yet, so there is nothing to display: end your turn. The"
        " columns were filled up again from the deck."
    ),
    "free_action": N_(
        "Your turn, your choice. Look at your hand, your runes and the columns: which action"
        " moves your board forward?"
    ),
    "why_action": N_(
        "your hand is full, so taking a column would cost a card and a Dark Power token, while"
        " all three dice bring up to three tokens for the elements you already hold."
    ),
    "finish": N_("The rest of this turn is yours: place your dice, display what you can, and end your turn."),
    "farewell": N_(
        "That is a whole turn: an action, then displaying. The game ends once someone fills all"
        " nine spaces; rows and columns of one creature, or of all different ones, score extra."
        " You are ready for a short game."
    ),
    # TRANSLATORS: {why} is the coach's reason
    "praise": N_("Well chosen: {why}"),
    # TRANSLATORS: {best} is an action's label, {why} the coach's reason
    "advice": N_("That is allowed too, but the stronger choice was “{best}”: {why}"),
}
