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
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from alaka.games.alakazoo.phases import PH_HELPER_RULE, PH_HELPER_TARGET
from alaka.games.alakazoo.text import PHASE_NAMES, amount, player_name
from alaka.games.alakazoo.view import ZooPlayer, ZooRune, ZooView

#: How the rune colours of the built-in boards look in a colour terminal (others stay plain).
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
    return Text(f"{colour} {mark}", style=COLOUR_STYLES.get(colour, ""))


def _board_cell(player: ZooPlayer, space: int, name: str) -> Text:
    cell = Text(name, style="dim")
    helper = player["helper"]
    if helper is not None and helper == f"{name} space":
        cell.append(" + Helper", style="bold magenta")
    cell.append("\n")
    element = player["elements"][space]
    if element:
        cell.append(element, style="bold")
    elif player["runes"]:
        cell.append_text(_rune(player["runes"][2 * space]))
        cell.append("  ")
        cell.append_text(_rune(player["runes"][2 * space + 1]))
    else:
        cell.append("-", style="dim")
    return cell


def _board(player: ZooPlayer, spaces: Sequence[str], title: str) -> Table:
    board = player["board"]
    name = f"board {board} ({player['creature']})" if board is not None else "no board yet"
    grid = Table(
        title=Text(f"{title}: {name}", style="bold"),
        title_justify="left",
        show_header=False,
        box=box.SQUARE,
        show_lines=True,
        padding=(0, 1),
    )
    for _ in range(3):
        grid.add_column(min_width=14)
    for row in range(3):
        grid.add_row(*(_board_cell(player, 3 * row + col, spaces[3 * row + col]) for col in range(3)))
    return grid


def _stats(player: ZooPlayer) -> Text:
    helper = player["helper"] or "not used yet"
    complete = ", board complete" if player["board_complete"] else ""
    return Text(
        f"points {player['points']}, Dark Power {player['dark_power']}, "
        f"stored Magic Power {player['stored']}, hand {player['hand_size']}, Helper: {helper}{complete}"
    )


def _labelled(label: str, value: str, label_style: str = "bold", value_style: str = "") -> Text:
    return Text.assemble((label, label_style), (value, value_style))


def table(view: ZooView) -> RenderableType:
    """Alakazoo as one seat sees it: its board as a 3x3 grid, its hand, the columns, the others."""
    seat = view["seat"]
    spaces = view["spaces"]
    parts: list[RenderableType] = []
    if view["dice_results"]:
        parts.append(_labelled("Dice to place: ", ", ".join(view["dice_results"])))
    if view["over_limit"]:
        parts.append(_labelled("Over the limit by: ", str(view["over_limit"]), "bold red"))
    if view["redraw_count"]:
        parts.append(_labelled("Cards to draw: ", str(view["redraw_count"])))
    if view["card_to_give"]:
        parts.append(_labelled("Card you give up: ", view["card_to_give"]))
    if view["end_triggered_by"] is not None:
        who = player_name(view["end_triggered_by"])
        parts.append(Text(f"{who} completed a board: this is the last round.", style="bold yellow"))
    players = view["players"]
    if seat is not None:
        me = players[seat]
        parts.append(_board(me, spaces, "Your portal board"))
        parts.append(_stats(me))
        hand = ", ".join(me["hand"] or []) or "empty"
        parts.append(_labelled(f"Your hand ({me['hand_size']}): ", hand, value_style="cyan"))
        parts.append(Text(f"({TOKEN} = a Magic Power token on the rune, {FREE} = a free rune)", style="dim"))
    columns = Table(
        title=Text("The columns", style="bold"), title_justify="left", box=box.SIMPLE_HEAD, show_edge=False
    )
    for k in range(len(view["columns"])):
        columns.add_column(f"column {k + 1}")
    columns.add_row(*(Text("\n".join(column) or "empty") for column in view["columns"]))
    parts.append(columns)
    deck, discard = amount(view["deck_size"], "card"), amount(len(view["discard"]), "card")
    piles = f"deck {deck}, discard pile {discard}"
    if view["discard"]:
        piles += f" (top: {view['discard'][-1]})"
    parts.append(Text(piles))
    if view["first_displays"]:
        done = ", ".join(view["first_displays"])
        parts.append(Text(f"Element types displayed before (no first-display point): {done}"))
    dice = (f"  die {k + 1}: {', '.join(faces)}" for k, faces in enumerate(view["dice"]))
    parts.append(Text("\n".join(("The spell dice's faces:", *dice)), style="dim"))
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


def _compact_board(player: ZooPlayer, spaces: Sequence[str], title: str) -> RenderableType:
    """A board in four lines: its title with the player's numbers, then a row of three spaces a
    line, each space with its runes (colours cut short, ● a token, ○ free) or its element."""
    colours = sorted({rune["colour"] for rune in player["runes"]})
    short = _short_names(colours)
    board = player["board"]
    name = f"{board} ({player['creature']})" if board is not None else "(none yet)"
    grid = Table(show_header=False, box=None, padding=(0, 2, 0, 0))
    for _ in range(3):
        grid.add_column(no_wrap=True)
    for row in range(3):
        cells = []
        for col in range(3):
            space = 3 * row + col
            cell = Text(f"{spaces[space]} ", style="dim")
            element = player["elements"][space]
            if element:
                cell.append(element, style="bold")
            elif player["runes"]:
                for k in (2 * space, 2 * space + 1):
                    rune = player["runes"][k]
                    mark = TOKEN if rune["token"] else FREE
                    cell.append(f"{short[rune['colour']]}{mark}", style=COLOUR_STYLES.get(rune["colour"], ""))
                    cell.append(" " if k % 2 == 0 else "")
            helper = player["helper"]
            if helper is not None and helper == f"{spaces[space]} space":
                cell.append(" +Helper", style="bold magenta")
            cells.append(cell)
        grid.add_row(*cells)
    return Group(Text.assemble((f"{title} {name}: ", "bold"), _numbers(player)), grid)


def _numbers(player: ZooPlayer) -> str:
    """``points 3 · Dark Power 1 · stored 2 · Helper: body space``, in one short line."""
    helper = player["helper"] or "unused"
    return (
        f"{player['points']} points · Dark Power {player['dark_power']} · {player['stored']} stored "
        f"· Helper: {helper}"
    )


def _other_line(player: ZooPlayer) -> Text:
    shown = [element for element in player["elements"] if element]
    board = f"board {player['board']} ({player['creature']})" if player["board"] is not None else "no board"
    return Text.assemble(
        (f"{player_name(player['seat'])}: ", "bold"),
        f"{board} · points {player['points']} · Dark Power {player['dark_power']} · "
        f"{amount(player['hand_size'], 'card')} · {len(shown)} of 9 shown",
    )


#: The phases whose decisions are about the columns' cards.
_COLUMN_PHASES = {PHASE_NAMES[PH_HELPER_RULE], PHASE_NAMES[PH_HELPER_TARGET]}


def focus(view: ZooView) -> RenderableType:
    """What matters to the decision at hand, compactly (the whole table is :func:`table`): what is
    still to place or give back, your board next to the prompt, your hand, the columns, and one
    line for each other player."""
    seat = view["seat"]
    parts: list[RenderableType] = []
    if view["dice_results"]:
        parts.append(_labelled("Dice to place: ", ", ".join(view["dice_results"])))
    if view["over_limit"]:
        parts.append(_labelled("Over the limit by: ", str(view["over_limit"]), "bold red"))
    if view["card_to_give"]:
        parts.append(_labelled("Card you give up: ", view["card_to_give"]))
    if view["end_triggered_by"] is not None:
        who = player_name(view["end_triggered_by"])
        parts.append(Text(f"{who} completed a board: this is the last round.", style="bold yellow"))
    players = view["players"]
    if seat is not None and players[seat]["board"] is not None:
        me = players[seat]
        parts.append(_compact_board(me, view["spaces"], "Your board"))
        hand = ", ".join(me["hand"] or []) or "empty"
        parts.append(_labelled(f"Your hand ({me['hand_size']}): ", hand, value_style="cyan"))
    columns = "   ".join(
        f"{k + 1}) {', '.join(column) or 'empty'}" for k, column in enumerate(view["columns"])
    )
    # the columns matter to special rule 2 (choosing an action, each label names them already)
    if any(view["columns"]) and view["phase"] in _COLUMN_PHASES:
        parts.append(_labelled("Columns: ", columns))
    parts.extend(_other_line(p) for p in players if p["seat"] != seat and p["board"] is not None)
    return Group(*parts)
