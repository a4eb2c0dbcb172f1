"""Rich tables drawn from one seat's view, and nothing else.

Every function here takes the JSON view a state gives one seat (``state.view(seat)``), never a
state: what a seat may not see is not in its view, so a screen built here cannot leak it. A
game's own table comes from its entry (``terminal_table``, in the game's folder) and is drawn
below the header made here.

Text from the games (card names, labels, log lines) goes into Rich as :class:`~rich.text.Text`,
never as markup, so a name with square brackets is shown as written.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from alaka.core.registry import entry
from alaka.core.registry import game as get_game


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


def view_table(view: Mapping[str, Any]) -> RenderableType:
    """The whole table as ``view``'s seat sees it: the header, then the game's terminal table if
    its entry names one, else the game's own text rendering of the view."""
    game = view.get("game")
    found = entry(str(game))
    table = found.load_terminal_table()
    if table is not None:
        return Group(header(view, found.title), table(dict(view)))
    return Text(get_game(str(game)).render_view(dict(view)))


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
