"""Alakazoo in words: action labels, the decision being made, log lines and a seat's table.

Everything a person reads comes from here, so the terminal, the browser and the logs agree.
Players are named "Player 1".."Player 4" (seat 0 is Player 1).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
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


def amount(count: int, noun: str) -> str:
    """``count`` and the noun, plural unless it is one: "1 card", "2 cards"."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


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
    if where == WIZARD:
        return "Wizard card"
    if where < 0:
        return None
    return f"{c.element_types[where]} space"


def rune_name(c: Components, rune: int) -> str:
    return f"{c.element_types[rune // 2]} space, rune {rune % 2 + 1}"


def _cards(c: Components, cards: Iterable[int]) -> str:
    return ", ".join(c.card_name(card) for card in cards) or "no cards"


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
        shown = ", ".join(c.symbol_name(sym) for sym in s.pending)
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
        colour = c.colours[c.boards[s.board[s.player]].rune_colours[action.arg2]]
        # TRANSLATORS: {rune} is e.g. "head space, rune 1"; {symbol} and {colour} printed die faces
        return tr("Put the {symbol} result on the {rune} ({colour})").format(
            symbol=c.symbol_name(arg), rune=rune_name(c, action.arg2), colour=colour
        )
    if kind == STORE:
        return tr("Store the rainbow result on your Wizard card")
    if kind == DARK:
        return tr("No free {colour} rune: take a Dark Power token").format(colour=c.colours[arg])
    if kind == RETURN:
        if arg == WIZARD:
            return tr("Return the token on your Wizard card")
        return tr("Return the token on the {rune}").format(rune=rune_name(c, arg))
    if kind == DISCARD:
        return tr("Discard {card}").format(card=c.card_name(arg))
    if kind == STOP:
        return tr("Stop discarding and draw {n}").format(n=s.draws_left)
    if kind == HELPER_AT:
        if arg == WIZARD:
            return tr("Put the Helper on your Wizard card")
        return tr("Put the Helper on your {space}").format(space=c.element_types[arg])
    if kind == SKIP:
        return tr("Use no special rule")
    if kind == SWAP_BOARD:
        space = s.helper[s.player]
        return tr("Swap your {mine} for {other}'s {theirs} (+1 Dark Power)").format(
            mine=c.card_name(s.elements[s.player][space]),
            other=player_name(arg),
            theirs=c.card_name(s.elements[arg][space]),
        )
    if kind == SWAP_HAND:
        space = s.helper[s.player]
        return tr("Swap your {mine} for {card} from your hand").format(
            mine=c.card_name(s.elements[s.player][space]), card=c.card_name(arg)
        )
    if kind == GIVE:
        return tr("Special rule 2: give up {card}").format(card=c.card_name(arg))
    if kind == EXCHANGE:
        return tr("Exchange it for a random card of {player} (+1 Dark Power)").format(player=player_name(arg))
    if kind == TAKE_CARD:
        return tr("Discard it and take {card} from the columns").format(card=c.card_name(arg))
    if kind == DISPLAY:
        return tr("Display {card} on your {space} space").format(
            card=c.card_name(arg), space=c.element_types[arg % NUM_TYPES]
        )
    if kind == END:
        return tr("End your turn")
    if kind == NO_ACTION:
        return tr("Take no action and end your turn (no displays)")
    if kind == CARD:
        return c.card_name(arg)
    if kind == DIE:
        return tr("the die shows {symbol}").format(symbol=c.symbol_name(arg))
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
    over = f"{excess} over" if s.opts.dark_per_excess else "over"
    limit = rules.MAX_CARDS if what == "hand" else rules.MAX_TOKENS
    return f"{over} the {what} limit of {limit}: {_dark_hint(s, seat, owed)}"


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
        return _limit_hint(s, p, "hand", excess) if excess > 0 else f"hand {len(s.hands[p])} -> {cards}"
    if kind == ROLL:
        dice = bin(arg).count("1")
        room = rules.MAX_TOKENS - rules.tokens_held(s, p)
        if dice > room:
            return f"you hold {rules.tokens_held(s, p)} tokens: a 7th goes over the limit"
        return None
    if kind in (PLACE, STORE):
        held = rules.tokens_held(s, p) + 1
        if held > rules.MAX_TOKENS:
            return _limit_hint(s, p, "token", held - rules.MAX_TOKENS)
        if kind == PLACE:
            space = action.arg2 // 2
            other = action.arg2 ^ 1
            if s.runes[p] >> other & 1 and s.elements[p][space] < 0:
                ready = [c.card_name(card) for card in s.hands[p] if card % NUM_TYPES == space]
                held_card = f"; you hold {', '.join(ready)}" if ready else ""
                return f"readies the {c.element_types[space]} space for an element{held_card}"
        return None
    if kind == DARK:
        return _dark_hint(s, p)
    if kind == DISPLAY:
        space = arg % NUM_TYPES
        why = []
        if rules.scores_creature_point(s, p, arg // NUM_TYPES):
            why.append("its creature is on a board")
        if not s.first_types >> space & 1:
            why.append(f"first {c.element_types[space]}")
        if s.end_by < 0 and s.elements[p].count(-1) == 1:
            why.append("the first full board")
        return f"+{amount(len(why), 'point')}" + (f": {', '.join(why)}" if why else "")
    if kind == SWAP_BOARD:
        return _dark_hint(s, p)
    if kind == GIVE:
        return tr("then a random card of another hand (+1 Dark Power) or any card of the columns")
    if kind == EXCHANGE:
        return f"a random one of {player_name(arg)}'s {amount(len(s.hands[arg]), 'card')}; {_dark_hint(s, p)}"
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
            return tr("{player} is dealt {card}.").format(player=who, card=c.card_name(card))
        case ev.ColumnDealt(column=column, card=card):
            return tr("{card} is laid in column {column}.").format(card=c.card_name(card), column=column + 1)
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
            return tr("Die {die} shows {symbol}.").format(die=die + 1, symbol=c.symbol_name(symbol))
        case ev.Placed(symbol=symbol, rune=rune):
            return tr("{player} puts the {symbol} result on the {rune}.").format(
                player=who, symbol=c.symbol_name(symbol), rune=rune_name(c, rune)
            )
        case ev.Stored():
            return tr("{player} stores a Magic Power token on the Wizard card.").format(player=who)
        case ev.DarkTaken(colour=colour, gained=gained):
            if gained:
                return tr("{player} has no free {colour} rune and takes a Dark Power token.").format(
                    player=who, colour=c.colours[colour]
                )
            return tr(
                "{player} has no free {colour} rune and would take Dark Power but already has 3."
            ).format(player=who, colour=c.colours[colour])
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
            return tr("{player} returns the token on the {rune}.").format(player=who, rune=rune_name(c, rune))
        case ev.Discarded(card=card):
            return tr("{player} discards {card}.").format(player=who, card=c.card_name(card))
        case ev.ColumnTaken(column=column, cards=cards):
            return tr("{player} takes column {column}: {cards}.").format(
                player=who, column=column + 1, cards=_cards(c, cards)
            )
        case ev.ColumnDiscarded(column=column, cards=cards):
            return tr("Column {column} already has 4 cards; they are discarded: {cards}.").format(
                column=column + 1, cards=_cards(c, cards)
            )
        case ev.Refilled(column=column, card=card):
            return tr("{card} is added to column {column}.").format(card=c.card_name(card), column=column + 1)
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
            return tr("{player} draws {card}.").format(player=who, card=c.card_name(card))
        case ev.HelperPaid():
            return tr("{player} pays a stored token to use the Magic Helper.").format(player=who)
        case ev.HelperPlaced(place=place):
            return f"{who} puts the Magic Helper on the {helper_place(c, place)}."
        case ev.RuleSkipped():
            return tr("{player} uses no special rule.").format(player=who)
        case ev.BoardSwap(other=other, mine=mine, theirs=theirs):
            return tr("{player} swaps {mine} for {other}'s {theirs}.").format(
                player=who, mine=c.card_name(mine), other=player_name(other), theirs=c.card_name(theirs)
            )
        case ev.HandSwap(placed=placed, taken=taken):
            return tr("{player} puts {placed} from hand on the board and takes {taken} back.").format(
                player=who, placed=c.card_name(placed), taken=c.card_name(taken)
            )
        case ev.Exchanged(other=other, given=given, taken=taken):
            if hidden:
                return tr("{player} exchanges a card for a random card of {other}.").format(
                    player=who, other=player_name(other)
                )
            return tr("{player} gives {given} to {other} and gets {taken}.").format(
                player=who, given=c.card_name(given), other=player_name(other), taken=c.card_name(taken)
            )
        case ev.CardTaken(discarded=discarded, taken=taken):
            return tr("{player} discards {discarded} and takes {taken} from the columns.").format(
                player=who, discarded=c.card_name(discarded), taken=c.card_name(taken)
            )
        case ev.Displayed(card=card, creature_point=creature_point, first=first):
            points = (("its creature", creature_point), ("first of its type", first))
            bonus = [why for why, got in points if got]
            earned = f" (+{len(bonus)}: {', '.join(bonus)})" if bonus else ""
            return f"{who} displays {c.card_name(card)}{earned}."
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
    me = "spectator" if seat is None else player_name(seat)
    out.append(f"Alakazoo, {view['num_players']} players, turn {view['turn']} ({me}'s view)")
    out.append(f"Now: {view['decision']}")
    for p in view["players"]:
        title = f"{player_name(p['seat'])}: board {p['board']} ({p['creature']})"
        stats = (
            f"points {p['points']}, Dark Power {p['dark_power']}, stored {p['stored']}, "
            f"hand {p['hand_size']}, Helper: {p['helper'] or 'not used'}"
        )
        out.append("")
        out.append(f"{title} - {stats}")
        for row in range(3):
            cells = []
            for col in range(3):
                space = row * 3 + col
                element = p["elements"][space]
                if element:
                    cells.append(f"[{element}]")
                elif p["runes"]:
                    r1, r2 = p["runes"][2 * space], p["runes"][2 * space + 1]
                    marks = [f"{r['colour']}{'*' if r['token'] else ''}" for r in (r1, r2)]
                    cells.append(" ".join(marks))
                else:
                    cells.append("-")
            out.append("  " + " | ".join(f"{cell:<24}" for cell in cells))
        if p["hand"] is not None:
            out.append(f"  hand: {', '.join(p['hand']) or 'empty'}")
    out.append("")
    for k, column in enumerate(view["columns"]):
        out.append(f"column {k + 1}: {', '.join(column) or 'empty'}")
    deck, discard = amount(view["deck_size"], "card"), amount(len(view["discard"]), "card")
    out.append(f"deck: {deck}; discard pile: {discard}")
    if view["dice_results"]:
        out.append(f"dice to resolve: {', '.join(view['dice_results'])}")
    if view["outcome"]:
        outcome = view["outcome"]
        winners = ", ".join(player_name(w) for w in outcome["winners"]) or "nobody"
        out.append(f"Game over: {winners} ({outcome['reason']}); scores {outcome['scores']}")
    if log_lines:
        out.append("")
        out.extend(f"  {line['text']}" for line in view["log"][-log_lines:])
    out.append("(* = a Magic Power token on that rune)")
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
