"""Alakazoo's table in the terminal: one seat's view drawn with Rich.

The entry names :func:`table` (``terminal_table``), so only the terminal loads this module and
Rich with it; it is the one module of the game that imports a third-party library. The terminal
puts its own header (game, turn, whose view, the decision) above what is drawn here.

Everything comes from the view a state gives one seat, printed data included (the space names),
so a screen built here cannot show what the seat may not see. Text from the game goes into Rich
as :class:`~rich.text.Text`, never as markup, so a name with square brackets is shown as written.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.columns import Columns
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from alaka.core.language import tr, trc, trn
from alaka.games.alakazoo.phases import PH_HELPER_RULE, PH_HELPER_TARGET
from alaka.games.alakazoo.text import (
    PHASE_NAMES,
    card_shown,
    cards_shown,
    colour_word,
    element_word,
    helper_shown,
    player_name,
)
from alaka.games.alakazoo.view import ZooPlayer, ZooRune, ZooView

#: How the rune colours of the built-in boards look in a colour terminal (others stay plain);
#: keyed by the colours' ids, as the view names them.
COLOUR_STYLES = {
    "red": "bold red",
    "yellow": "bold yellow",
    "brown": "dark_orange3",
    "blue": "bold blue",
    "grey": "grey62",
    "green": "bold green",
}
TOKEN = "●"
FREE = "○"


def _rune(rune: ZooRune) -> Text:
    colour = rune["colour"]
    mark = TOKEN if rune["token"] else FREE
    return Text(f"{colour_word(colour)} {mark}", style=COLOUR_STYLES.get(colour, ""))


def _board_cell(player: ZooPlayer, space: int, name: str, spaces: Sequence[str]) -> Text:
    cell = Text(element_word(name), style="dim")
    helper = player["helper"]
    if helper is not None and helper == f"{name} space":
        cell.append(" + " + tr("Helper"), style="bold magenta")
    cell.append("\n")
    element = player["elements"][space]
    if element:
        cell.append(card_shown(element, spaces), style="bold")
    elif player["runes"]:
        cell.append_text(_rune(player["runes"][2 * space]))
        cell.append("  ")
        cell.append_text(_rune(player["runes"][2 * space + 1]))
    else:
        cell.append("-", style="dim")
    return cell


def _board(player: ZooPlayer, spaces: Sequence[str], title: str) -> Table:
    board = player["board"]
    if board is None:
        # TRANSLATORS: {title} is "Your portal board" or a player's name
        heading = tr("{title}: no board yet").format(title=title)
    else:
        # TRANSLATORS: {title} is "Your portal board" or a player's name; {creature} a printed name
        heading = tr("{title}: board {board} ({creature})").format(
            title=title, board=board, creature=player["creature"]
        )
    grid = Table(
        title=Text(heading, style="bold"),
        title_justify="left",
        show_header=False,
        box=box.SQUARE,
        show_lines=True,
        padding=(0, 1),
    )
    for _ in range(3):
        grid.add_column(min_width=14)
    for row in range(3):
        grid.add_row(*(_board_cell(player, 3 * row + col, spaces[3 * row + col], spaces) for col in range(3)))
    return grid


def _stats(player: ZooPlayer) -> Text:
    helper = helper_shown(player["helper"]) or tr("not used yet")
    numbers = dict(
        points=player["points"],
        dark=player["dark_power"],
        stored=player["stored"],
        hand=player["hand_size"],
        helper=helper,
    )
    if player["board_complete"]:
        return Text(
            tr(
                "points {points}, Dark Power {dark}, stored Magic Power {stored}, hand {hand}, "
                "Helper: {helper}, board complete"
            ).format(**numbers)
        )
    return Text(
        tr(
            "points {points}, Dark Power {dark}, stored Magic Power {stored}, hand {hand}, Helper: {helper}"
        ).format(**numbers)
    )


def _labelled(label: str, value: str, label_style: str = "bold", value_style: str = "") -> Text:
    """``label`` (a message that ends in its colon) and ``value`` after a space, each styled."""
    return Text.assemble((label + " ", label_style), (value, value_style))


def _cards(count: int) -> str:
    return trn("{n} card", "{n} cards", count).format(n=count)


def _decision_lines(view: ZooView, with_redraw: bool) -> list[RenderableType]:
    """What is still to place, give back or draw in the decision under way."""
    spaces = view["spaces"]
    parts: list[RenderableType] = []
    if view["dice_results"]:
        results = ", ".join(colour_word(result) for result in view["dice_results"])
        parts.append(_labelled(tr("Dice to place:"), results))
    if view["over_limit"]:
        parts.append(_labelled(tr("Over the limit by:"), str(view["over_limit"]), "bold red"))
    if with_redraw and view["redraw_count"]:
        parts.append(_labelled(tr("Cards to draw:"), str(view["redraw_count"])))
    if view["card_to_give"]:
        parts.append(_labelled(tr("Card you give up:"), card_shown(view["card_to_give"], spaces)))
    if view["end_triggered_by"] is not None:
        who = player_name(view["end_triggered_by"])
        last = tr("{player} completed a board: this is the last round.").format(player=who)
        parts.append(Text(last, style="bold yellow"))
    return parts


def _hand(me: ZooPlayer, spaces: Sequence[str]) -> Text:
    hand = ", ".join(cards_shown(me["hand"] or [], spaces)) or tr("empty")
    # TRANSLATORS: {n} is the number of cards in your hand
    return _labelled(tr("Your hand ({n}):").format(n=me["hand_size"]), hand, value_style="cyan")


def table(view: ZooView) -> RenderableType:
    """Alakazoo as one seat sees it: its board as a 3x3 grid, its hand, the columns, the others."""
    seat = view["seat"]
    spaces = view["spaces"]
    parts = _decision_lines(view, with_redraw=True)
    players = view["players"]
    if seat is not None:
        me = players[seat]
        parts.append(_board(me, spaces, tr("Your portal board")))
        parts.append(_stats(me))
        parts.append(_hand(me, spaces))
        legend = tr("({token} = a Magic Power token on the rune, {free} = a free rune)").format(
            token=TOKEN, free=FREE
        )
        parts.append(Text(legend, style="dim"))
    columns = Table(
        title=Text(tr("The columns"), style="bold"),
        title_justify="left",
        box=box.SIMPLE_HEAD,
        show_edge=False,
    )
    for k in range(len(view["columns"])):
        columns.add_column(tr("column {n}").format(n=k + 1))
    columns.add_row(
        *(Text("\n".join(cards_shown(column, spaces)) or tr("empty")) for column in view["columns"])
    )
    parts.append(columns)
    deck, discard = _cards(view["deck_size"]), _cards(len(view["discard"]))
    if view["discard"]:
        top = card_shown(view["discard"][-1], spaces)
        # TRANSLATORS: {deck} and {discard} are counts of cards ("20 cards"), {top} a card's name
        piles = tr("deck {deck}, discard pile {discard} (top: {top})").format(
            deck=deck, discard=discard, top=top
        )
    else:
        # TRANSLATORS: {deck} and {discard} are counts of cards ("20 cards")
        piles = tr("deck {deck}, discard pile {discard}").format(deck=deck, discard=discard)
    parts.append(Text(piles))
    if view["first_displays"]:
        done = ", ".join(element_word(element) for element in view["first_displays"])
        parts.append(
            Text(tr("Element types displayed before (no first-display point): {types}").format(types=done))
        )
    dice = (
        "  " + tr("die {n}: {faces}").format(n=k + 1, faces=", ".join(colour_word(face) for face in faces))
        for k, faces in enumerate(view["dice"])
    )
    parts.append(Text("\n".join((tr("The spell dice's faces:"), *dice)), style="dim"))
    boards: list[RenderableType] = [
        Group(_board(p, spaces, player_name(p["seat"])), _stats(p)) for p in players if p["seat"] != seat
    ]
    if boards:
        parts.append(Columns(boards, padding=(0, 3)))
    return Group(*parts)


# -- the focus: what matters to the decision at hand, for a terminal of 80x24 ----------------------


def _short_names(words: Sequence[str]) -> dict[str, str]:
    """Each word cut to its shortest start of three letters or more that no other word shares
    (``yel`` for yellow, ``grey`` and ``gree`` for grey and green)."""
    short = {}
    for word in words:
        size = 3
        while size < len(word) and any(o != word and o.startswith(word[:size]) for o in words):
            size += 1
        short[word] = word[:size]
    return short


def _short_colours(colours: Sequence[str]) -> dict[str, str]:
    """The colours (ids) cut short for a compact board: the built-in six as each language cuts
    them (a cut word is not a word a catalogue knows), a variant's colours by :func:`_short_names`."""
    built_in = {
        # TRANSLATORS: the six rune colours cut short to fit a board in a small terminal
        # ("red", "yellow", "brown", "blue", "grey", "green"); each must differ from the others
        "red": trc("colour cut short", "red"),
        "yellow": trc("colour cut short", "yel"),
        "brown": trc("colour cut short", "bro"),
        "blue": trc("colour cut short", "blu"),
        "grey": trc("colour cut short", "grey"),
        "green": trc("colour cut short", "gree"),
    }
    if set(colours) <= set(built_in):
        return {colour: built_in[colour] for colour in colours}
    return _short_names(colours)


def _compact_board(player: ZooPlayer, spaces: Sequence[str], title: str) -> RenderableType:
    """A board in four lines: its title with the player's numbers, then a row of three spaces a
    line, each space with its runes (colours cut short, ● a token, ○ free) or its element."""
    colours = sorted({rune["colour"] for rune in player["runes"]})
    short = _short_colours(colours)
    board = player["board"]
    if board is not None:
        # TRANSLATORS: {title} is "Your board"; {creature} a creature's printed name
        name = tr("{title} {board} ({creature}):").format(
            title=title, board=board, creature=player["creature"]
        )
    else:
        # TRANSLATORS: {title} is "Your board"
        name = tr("{title} (none yet):").format(title=title)
    grid = Table(show_header=False, box=None, padding=(0, 2, 0, 0))
    for _ in range(3):
        grid.add_column(no_wrap=True)
    every: list[Text] = []
    for row in range(3):
        cells = []
        for col in range(3):
            space = 3 * row + col
            cell = Text(f"{element_word(spaces[space])} ", style="dim")
            element = player["elements"][space]
            if element:
                cell.append(card_shown(element, spaces), style="bold")
            elif player["runes"]:
                for k in (2 * space, 2 * space + 1):
                    rune = player["runes"][k]
                    mark = TOKEN if rune["token"] else FREE
                    cell.append(f"{short[rune['colour']]}{mark}", style=COLOUR_STYLES.get(rune["colour"], ""))
                    cell.append(" " if k % 2 == 0 else "")
            helper = player["helper"]
            if helper is not None and helper == f"{spaces[space]} space":
                cell.append(" +" + tr("Helper"), style="bold magenta")
            cells.append(cell)
        grid.add_row(*cells)
        every.extend(cells)
    return Group(
        Text.assemble((name + " ", "bold"), _numbers(player)), _Fitting(grid, Text("\n").join(every))
    )


class _Fitting:
    """``wide`` when it fits the width it is drawn in, else ``narrow``: a board's three spaces a
    line, or one a line when its words are too long for that (a cut word reads as no word)."""

    def __init__(self, wide: RenderableType, narrow: RenderableType) -> None:
        self.wide = wide
        self.narrow = narrow

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        fits = Measurement.get(console, options.update_width(10_000), self.wide).maximum <= options.max_width
        yield self.wide if fits else self.narrow


def _numbers(player: ZooPlayer) -> str:
    """``3 points · Dark Power 1 · 2 stored · Helper: body space``, in one short line."""
    helper = helper_shown(player["helper"]) or tr("unused")
    points = trn("{n} point", "{n} points", player["points"]).format(n=player["points"])
    # TRANSLATORS: {points} is "3 points"; {helper} where the Magic Helper stands, or "unused"
    return tr("{points} · Dark Power {dark} · {stored} stored · Helper: {helper}").format(
        points=points, dark=player["dark_power"], stored=player["stored"], helper=helper
    )


def _other_line(player: ZooPlayer) -> Text:
    shown = [element for element in player["elements"] if element]
    if player["board"] is not None:
        board = tr("board {board} ({creature})").format(board=player["board"], creature=player["creature"])
    else:
        board = tr("no board")
    # TRANSLATORS: {board} is "board 4 (Basilisk)", {cards} "4 cards", {shown} elements displayed of 9
    numbers = tr("{board} · points {points} · Dark Power {dark} · {cards} · {shown} of 9 shown").format(
        board=board,
        points=player["points"],
        dark=player["dark_power"],
        cards=_cards(player["hand_size"]),
        shown=len(shown),
    )
    return Text.assemble((tr("{player}:").format(player=player_name(player["seat"])) + " ", "bold"), numbers)


#: The phases whose decisions are about the columns' cards (the view's ``phase`` is an id).
_COLUMN_PHASES = {PHASE_NAMES[PH_HELPER_RULE], PHASE_NAMES[PH_HELPER_TARGET]}


def focus(view: ZooView) -> RenderableType:
    """What matters to the decision at hand, compactly (the whole table is :func:`table`): what is
    still to place or give back, your board next to the prompt, your hand, the columns, and one
    line for each other player."""
    seat = view["seat"]
    spaces = view["spaces"]
    parts = _decision_lines(view, with_redraw=False)
    players = view["players"]
    if seat is not None and players[seat]["board"] is not None:
        me = players[seat]
        parts.append(_compact_board(me, spaces, tr("Your board")))
        parts.append(_hand(me, spaces))
    empty = tr("empty")
    columns = "   ".join(
        f"{k + 1}) {', '.join(cards_shown(column, spaces)) or empty}"
        for k, column in enumerate(view["columns"])
    )
    # the columns matter to special rule 2 (choosing an action, each label names them already)
    if any(view["columns"]) and view["phase"] in _COLUMN_PHASES:
        parts.append(_labelled(tr("Columns:"), columns))
    parts.extend(_other_line(p) for p in players if p["seat"] != seat and p["board"] is not None)
    return Group(*parts)
