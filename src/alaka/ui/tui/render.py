"""Rich tables drawn from one seat's view, and nothing else.

Every function here takes the JSON view a state gives one seat (``state.view(seat)``), never a
state: what a seat may not see is not in its view, so a screen built here cannot leak it. The
only other input is printed, public data: the names of Alakazoo's nine board spaces, which
the view does not repeat (see :func:`alakazoo_space_names`).

Text from the games (card names, labels, log lines) goes into Rich as :class:`~rich.text.Text`,
never as markup, so a name with square brackets is shown as written.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from alaka.core.registry import entry
from alaka.core.registry import game as get_game
from alaka.games.alakazoo.text import amount

#: How the rune colours of Alakazoo's built-in boards look in a colour terminal.
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


def player_name(seat: int) -> str:
    return f"Player {seat + 1}"


def _text(value: object, style: str = "") -> Text:
    return Text(str(value), style=style)


def _line(*parts: tuple[str, str] | str) -> Text:
    """A line of text from plain strings and ``(text, style)`` pairs."""
    out = Text()
    for part in parts:
        if isinstance(part, str):
            out.append(part)
        else:
            out.append(part[0], style=part[1])
    return out


def header(view: Mapping[str, Any], title: str) -> RenderableType:
    """The title rule (game, turn, whose view) and the decision being made now."""
    seat = view["seat"]
    who = "spectator" if seat is None else player_name(seat)
    rule = Rule(_text(f"{title} - {view['num_players']} players - turn {view['turn']} - {who}'s view"))
    now = _line(("Now: ", "bold"), str(view["decision"]))
    return Group(rule, now)


def view_table(view: Mapping[str, Any], *, spaces: Sequence[str] = ()) -> RenderableType:
    """The whole table as ``view``'s seat sees it: the game's terminal table if its entry names
    one, else the game's own text rendering of the view."""
    game = view.get("game")
    if game == "alakazoo":
        return alakazoo_table(view, spaces)
    table = entry(str(game)).load_terminal_table()
    if table is not None:
        renderable: RenderableType = table(dict(view))
        return renderable
    return Text(get_game(str(game)).render_view(dict(view)))


# -- Alakazoo ----------------------------------------------------------------------------------


def alakazoo_space_names(options: Mapping[str, Any]) -> tuple[str, ...]:
    """The nine space names of Alakazoo's boards, row by row, from the components in use.

    Printed data, the same for every seat: the view names elements but not empty spaces.
    """
    from alaka.games.alakazoo.content import load_components

    return load_components(str(options.get("components", "") or "")).element_types


def _rune(rune: Mapping[str, Any]) -> Text:
    colour = str(rune["colour"])
    mark = TOKEN if rune["token"] else FREE
    return Text(f"{colour} {mark}", style=COLOUR_STYLES.get(colour, ""))


def _board_cell(player: Mapping[str, Any], space: int, name: str) -> Text:
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


def _board(player: Mapping[str, Any], spaces: Sequence[str], title: str) -> Table:
    board = player["board"]
    name = f"board {board} ({player['creature']})" if board is not None else "no board yet"
    grid = Table(
        title=_text(f"{title}: {name}", "bold"),
        title_justify="left",
        show_header=False,
        box=box.SQUARE,
        show_lines=True,
        padding=(0, 1),
    )
    for _ in range(3):
        grid.add_column(min_width=14)
    names = list(spaces) if len(spaces) == 9 else [f"space {k + 1}" for k in range(9)]
    for row in range(3):
        grid.add_row(*(_board_cell(player, 3 * row + col, names[3 * row + col]) for col in range(3)))
    return grid


def _zoo_stats(player: Mapping[str, Any]) -> Text:
    helper = player["helper"] or "not used yet"
    complete = ", board complete" if player["board_complete"] else ""
    return _text(
        f"points {player['points']}, Dark Power {player['dark_power']}, "
        f"stored Magic Power {player['stored']}, hand {player['hand_size']}, Helper: {helper}{complete}"
    )


def alakazoo_table(view: Mapping[str, Any], spaces: Sequence[str] = ()) -> RenderableType:
    """Alakazoo as one seat sees it: its board as a 3x3 grid, its hand, the columns, the others."""
    seat = view["seat"]
    parts: list[RenderableType] = [header(view, "Alakazoo")]
    if view["dice_results"]:
        parts.append(_line(("Dice to place: ", "bold"), ", ".join(view["dice_results"])))
    if view["over_limit"]:
        parts.append(_line(("Over the limit by: ", "bold red"), str(view["over_limit"])))
    if view["redraw_count"]:
        parts.append(_line(("Cards to draw: ", "bold"), str(view["redraw_count"])))
    if view["card_to_give"]:
        parts.append(_line(("Card you give up: ", "bold"), view["card_to_give"]))
    if view["end_triggered_by"] is not None:
        who = player_name(view["end_triggered_by"])
        parts.append(_text(f"{who} completed a board: this is the last round.", "bold yellow"))
    players = view["players"]
    if seat is not None:
        me = players[seat]
        parts.append(_board(me, spaces, "Your portal board"))
        parts.append(_zoo_stats(me))
        hand = ", ".join(me["hand"] or []) or "empty"
        parts.append(_line((f"Your hand ({me['hand_size']}): ", "bold"), (hand, "cyan")))
        parts.append(_text(f"({TOKEN} = a Magic Power token on the rune, {FREE} = a free rune)", "dim"))
    columns = Table(
        title=_text("The columns", "bold"), title_justify="left", box=box.SIMPLE_HEAD, show_edge=False
    )
    for k in range(len(view["columns"])):
        columns.add_column(f"column {k + 1}")
    columns.add_row(*(_text("\n".join(column) or "empty") for column in view["columns"]))
    parts.append(columns)
    deck, discard = amount(view["deck_size"], "card"), amount(len(view["discard"]), "card")
    piles = f"deck {deck}, discard pile {discard}"
    if view["discard"]:
        piles += f" (top: {view['discard'][-1]})"
    parts.append(_text(piles))
    if view["first_displays"]:
        done = ", ".join(view["first_displays"])
        parts.append(_text(f"Element types displayed before (no first-display point): {done}"))
    boards: list[RenderableType] = []
    for p in players:
        if p["seat"] == seat:
            continue
        boards.append(Group(_board(p, spaces, player_name(p["seat"])), _zoo_stats(p)))
    if boards:
        parts.append(Columns(boards, padding=(0, 3)))
    return Group(*parts)


# -- logs, menus, results ------------------------------------------------------------------------


def log_lines(events: Sequence[Mapping[str, Any]], *, title: str, limit: int = 20) -> RenderableType:
    """The log events in words; a long stretch keeps its last ``limit`` lines."""
    parts: list[RenderableType] = [_text(title, "bold")]
    if not events:
        parts.append(_text("  (nothing new)", "dim"))
    skipped = max(0, len(events) - limit)
    if skipped:
        parts.append(_text(f"  ... {skipped} earlier event{'s' if skipped != 1 else ''}", "dim"))
    for event in events[skipped:]:
        parts.append(_text(f"  {event['text']}"))
    return Group(*parts)


def menu(labels: Sequence[str], indices: Sequence[int] | None = None) -> RenderableType:
    """Numbered choices (numbers from 1); ``indices`` picks a subset, keeping their numbers."""
    shown = range(len(labels)) if indices is None else indices
    return Group(*(_line((f"{k + 1:>3}) ", "bold"), labels[k]) for k in shown))


def outcome_table(outcome: Mapping[str, Any], names: Sequence[str]) -> Table:
    """The result: places, players (``names[seat]``), winners and scores."""
    table = Table(title=_text(f"Result: {outcome['reason']}", "bold"))
    table.add_column("place", justify="right")
    table.add_column("player")
    table.add_column("score", justify="right")
    scores = outcome.get("scores") or []
    for place, seat in standings(outcome["ranking"]):
        mark = " (winner)" if seat in outcome["winners"] else ""
        table.add_row(_text(place), _text(f"{names[seat]}{mark}"), _text(scores[seat] if scores else ""))
    return table


def standings(ranking: Sequence[Sequence[int]]) -> list[tuple[int, int]]:
    """(place, seat) in ranking order, places in competition style: seats with equal scores
    share a place and the next place skips as many (1, 2, 2, 4), as people count them."""
    out: list[tuple[int, int]] = []
    place = 1
    for group in ranking:
        out.extend((place, seat) for seat in group)
        place += len(group)
    return out


def plain(renderable: RenderableType, width: int = 120) -> str:
    """The renderable as plain text, without terminal codes (for tests and logs)."""
    buffer = io.StringIO()
    Console(file=buffer, width=width, color_system=None, force_terminal=False).print(renderable)
    return buffer.getvalue()
