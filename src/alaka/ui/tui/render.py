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
import textwrap
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal

from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from alaka.core.choices import Choice
from alaka.core.glossary import Explanation
from alaka.core.language import tr
from alaka.core.registry import entry
from alaka.core.registry import game as get_game
from alaka.core.story import Chapter, chapters


def player_name(seat: int) -> str:
    # TRANSLATORS: {number} is the seat's number (1 = first player).
    return tr("Player {number}").format(number=seat + 1)


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
    who = tr("spectator") if seat is None else player_name(seat)
    # TRANSLATORS: {game} is the game's title; {who} a player's name or "spectator".
    heading = tr("{game} - {n} players - turn {turn} - {who}'s view")
    rule = Rule(_text(heading.format(game=title, n=view["num_players"], turn=view["turn"], who=who)))
    now = _line((tr("Now: "), "bold"), str(view["decision"]))
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


def menu(labels: Sequence[str], indices: Sequence[int] | None = None) -> RenderableType:
    """Numbered choices (numbers from 1); ``indices`` picks a subset, keeping their numbers."""
    shown = range(len(labels)) if indices is None else indices
    return Group(*(_line((f"{k + 1:>3}) ", "bold"), labels[k]) for k in shown))


def outcome_table(outcome: Mapping[str, Any], names: Sequence[str]) -> Table:
    """The result: places, players (``names[seat]``), winners and scores."""
    # TRANSLATORS: {reason} says how the game ended.
    table = Table(title=_text(tr("Result: {reason}").format(reason=outcome["reason"]), "bold"))
    table.add_column(tr("place"), justify="right")
    table.add_column(tr("player"))
    table.add_column(tr("score"), justify="right")
    scores = outcome.get("scores") or []
    for place, seat in standings(outcome["ranking"]):
        # TRANSLATORS: {player} is a player's name.
        name = (
            tr("{player} (winner)").format(player=names[seat]) if seat in outcome["winners"] else names[seat]
        )
        table.add_row(_text(place), _text(name), _text(scores[seat] if scores else ""))
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


# -- the compact decision screen ---------------------------------------------------------------------


def short_header(view: Mapping[str, Any], title: str, width: int) -> RenderableType:
    """The header in one line when it fits (``Alakazoo · turn 3 · Player 1: choose an action``),
    else :func:`header`'s two."""
    # TRANSLATORS: {game} is the game's title; {decision} the decision being made now.
    line = tr("{game} · turn {turn} · {decision}").format(
        game=title, turn=view["turn"], decision=view["decision"]
    )
    help_text = " · " + tr("? for help")
    # the rule keeps two columns free and shows at least one of its line's characters
    if len(line) + len(help_text) + 3 > width:
        return Group(header(view, title), Text(tr("? for help"), style="dim"))
    return Rule(Text.assemble((line, "bold"), (help_text, "dim")), align="left")


def focus_view(view: Mapping[str, Any], width: int = 80) -> RenderableType:
    """What matters to the decision at hand below a short header: the game's focus if its entry
    names one, else its whole terminal table, else its text rendering of the view."""
    game = str(view.get("game"))
    found = entry(game)
    draw = found.load_terminal_focus() or found.load_terminal_table()
    if draw is not None:
        return Group(short_header(view, found.title, width), draw(dict(view)))
    return Text(get_game(game).render_view(dict(view)))


def _chapter_title(chapter: Chapter, names: Sequence[str], turn_before: int | None) -> Text:
    if chapter["turn"] is None:
        if chapter["start"] == 0 or not turn_before:
            return _text(tr("Before the first turn"), "bold")
        return _text(tr("Turn {turn}, continued").format(turn=turn_before), "bold")
    seat = chapter["seat"]
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else tr("the table")
    # TRANSLATORS: {who} is a player's name or "the table".
    return _text(tr("Turn {turn}: {who}").format(turn=chapter["turn"], who=who), "bold")


def story_lines(
    events: Sequence[Mapping[str, Any]],
    turn_event: str | None,
    names: Sequence[str],
    start: int = 0,
    turn_now: int | None = None,
    tell: Callable[[Sequence[Mapping[str, Any]]], list[str]] | None = None,
    width: int | None = None,
) -> list[Text]:
    """The story of ``events`` (log entries numbered from ``start``): a line for each turn, then
    its events, indented: one line per event, or as ``tell`` (the game's
    :meth:`~alaka.core.protocol.Game.story_lines`) puts them, which says everything in fewer
    lines; nothing is left out (:mod:`alaka.core.story`). Events before the first turn event
    continue the turn before it (``turn_now`` when no turn starts at all).

    With ``width`` (the terminal's), a line too long for it wraps under its own indent, a little
    deeper, so that each event still starts where the eye looks for it."""
    lines: list[Text] = []
    told = chapters(events, turn_event, start)
    for k, chapter in enumerate(told):
        if turn_event is not None:
            after = told[k + 1]["turn"] if k + 1 < len(told) else None
            before = after - 1 if after is not None else turn_now
            lines.append(_chapter_title(chapter, names, before))
        # the turn event is not told: its turn line says it
        inside = [
            event for event in chapter["events"] if turn_event is None or event.get("kind") != turn_event
        ]
        said = tell(inside) if tell is not None else [str(event["text"]) for event in inside]
        lines.extend(_text(_indented(line, width)) for line in said)
    return lines


def _indented(line: str, width: int | None) -> str:
    """``line`` indented as a story's event, wrapped to ``width`` with a hanging indent."""
    if width is None or len(line) + 2 <= width:
        return f"  {line}"
    return textwrap.fill(
        line,
        width,
        initial_indent="  ",
        subsequent_indent="    ",
        break_long_words=False,
        break_on_hyphens=False,
    )


def story(
    events: Sequence[Mapping[str, Any]],
    turn_event: str | None,
    names: Sequence[str],
    *,
    title: str,
    start: int = 0,
    turn_now: int | None = None,
    tell: Callable[[Sequence[Mapping[str, Any]]], list[str]] | None = None,
    width: int | None = None,
) -> RenderableType:
    """What happened, told turn by turn (see :func:`story_lines`), under ``title``."""
    lines = story_lines(events, turn_event, names, start, turn_now, tell, width)
    return Group(_text(title, "bold underline"), *(lines or [_text(tr("  (nothing new)"), "dim")]))


def _choice_line(choice: Choice, number: int, width: int) -> Text:
    """``  3) label  · hint``; a hint that does not fit goes on the line below, indented."""
    prefix = f"{number:>3}) "
    label, hint = choice["label"], choice["hint"]
    line = _line((prefix, "bold"), label)
    if hint:
        if len(prefix) + len(label) + len(hint) + 4 <= width:
            line.append(f"  · {hint}", style="dim")
        else:
            line.append(f"\n{' ' * len(prefix)}· {hint}", style="dim")
    return line


def _paired(entries: Sequence[tuple[int, Choice]], width: int) -> list[Text]:
    """Choices on lines of their own, two short neighbours sharing a line (left to right, so the
    numbers still read in order)."""
    half = width // 2 - 1
    lines: list[Text] = []
    k = 0
    while k < len(entries):
        number, choice = entries[k]
        first = _choice_line(choice, number, width)
        if k + 1 < len(entries) and "\n" not in first.plain and len(first.plain) <= half:
            second = _choice_line(entries[k + 1][1], entries[k + 1][0], width)
            if "\n" not in second.plain and len(second.plain) <= half:
                first.append(" " * (half - len(first.plain) + 1))
                first.append_text(second)
                k += 1
        lines.append(first)
        k += 1
    return lines


#: A run of at least this many neighbouring choices whose labels start alike is shown with the
#: shared start said once, above them; and only a start at least this long is worth it.
_SHARED_RUN = 3
_SHARED_START = 9


def _shared_start(labels: Sequence[str]) -> str:
    """The words all ``labels`` start with, or "": up to a colon when that leaves enough
    ("Do magic: "), else up to the last space ("Put the rainbow result on the ")."""
    start = labels[0]
    for label in labels[1:]:
        while not label.startswith(start):
            start = start[:-1]
    colon = start.rfind(": ")
    if colon >= 0 and colon + 2 >= _SHARED_START:
        return start[: colon + 2]
    cut = start.rfind(" ")
    return start[: cut + 1] if cut >= 0 and cut + 1 >= _SHARED_START else ""


def _runs_of_shared_starts(choices: Sequence[Choice], shown: Sequence[int]) -> list[tuple[str, list[int]]]:
    """``shown`` cut into runs: neighbours whose labels share a start (said once), and the rest."""
    runs: list[tuple[str, list[int]]] = []
    k = 0
    while k < len(shown):
        end = k + _SHARED_RUN
        start = _shared_start([choices[i]["label"] for i in shown[k:end]]) if end <= len(shown) else ""
        if not start:
            if runs and not runs[-1][0]:
                runs[-1][1].append(shown[k])
            else:
                runs.append(("", [shown[k]]))
            k += 1
            continue
        while end < len(shown) and choices[shown[end]]["label"].startswith(start):
            end += 1
        runs.append((start, list(shown[k:end])))
        k = end
    return runs


#: Where a menu's cost hints go: beside each choice, listed once each after the menu, or left out
#: (for a screen too small for them; ``? N`` still tells what choice N costs).
HintPlace = Literal["beside", "footnotes", "none"]


def choice_menu(
    choices: Sequence[Choice],
    indices: Sequence[int] | None = None,
    width: int = 80,
    *,
    hints: HintPlace = "beside",
) -> RenderableType:
    """Numbered choices (numbers from 1) with each one's cost hint; ``indices`` picks a subset,
    keeping their numbers. Made to fit a small screen: neighbours whose labels start alike
    ("Put the rainbow result on the ...") have the start said once above them, where that takes
    fewer lines; a hint that
    several neighbours share and that does not fit beside them is said once, under them; and two
    short neighbours share a line. For a screen too small even so, ``hints`` lists the hints once
    each after the menu with the numbers they belong to ("footnotes"), or leaves them out
    ("none", with a line saying how to ask for them)."""
    shown = list(range(len(choices)) if indices is None else indices)
    lines: list[Text] = []
    keep_hint = hints == "beside"
    for start, run_of in _runs_of_shared_starts(choices, shown):
        whole = _hinted(
            {i: _relabelled(choices[i], choices[i]["label"], keep_hint=keep_hint) for i in run_of},
            run_of,
            width,
        )
        if start:  # the shared start said once, where that takes fewer lines
            cut = {
                i: _relabelled(choices[i], choices[i]["label"][len(start) :], keep_hint=keep_hint)
                for i in run_of
            }
            factored = [_text(f"     {start.rstrip()} ...", "bold"), *_hinted(cut, run_of, width)]
            if len(factored) < len(whole):
                whole = factored
        lines.extend(whole)
    if hints == "footnotes":
        notes: dict[str, list[int]] = {}
        for i in shown:
            hint = choices[i]["hint"]
            if hint:
                notes.setdefault(hint, []).append(i + 1)
        lines.extend(_text(f"     · {_numbers(numbers)}: {hint}", "dim") for hint, numbers in notes.items())
    elif hints == "none" and any(choices[i]["hint"] for i in shown):
        lines.append(_text("     · " + tr("what a choice costs or does: ? and its number"), "dim"))
    return Group(*lines)


def _numbers(numbers: Sequence[int]) -> str:
    """``[3, 5, 6, 7]`` -> ``3, 5-7``."""
    parts: list[str] = []
    k = 0
    while k < len(numbers):
        end = k
        while end + 1 < len(numbers) and numbers[end + 1] == numbers[end] + 1:
            end += 1
        parts.append(str(numbers[k]) if end == k else f"{numbers[k]}-{numbers[end]}")
        k = end + 1
    return ", ".join(parts)


def _relabelled(choice: Choice, label: str, *, keep_hint: bool) -> Choice:
    shown = choice.copy()
    shown["label"] = label
    if not keep_hint:
        shown["hint"] = None
    return shown


def _hinted(choices: Mapping[int, Choice], shown: Sequence[int], width: int) -> list[Text]:
    """The lines of ``shown`` (indices into the menu), a hint shared by neighbours said once."""
    lines: list[Text] = []
    k = 0
    while k < len(shown):
        hint = choices[shown[k]]["hint"]
        run = 1
        while k + run < len(shown) and choices[shown[k + run]]["hint"] == hint:
            run += 1
        group = shown[k : k + run]
        crowded = any("\n" in _choice_line(choices[i], i + 1, width).plain for i in group)
        if run > 1 and hint and crowded:  # said once, rather than under each of them
            lines.extend(_paired([(i + 1, {**choices[i], "hint": None}) for i in group], width))
            lines.append(_text(f"     · {group[0] + 1}-{group[-1] + 1}: {hint}", "dim"))
        else:
            lines.extend(_paired([(i + 1, choices[i]) for i in group], width))
        k += run
    return lines


def explanation(item: Explanation) -> RenderableType:
    """One explanation: its name and kind, its line, its details and its table."""
    parts: list[RenderableType] = [
        _line((item["name"], "bold"), (f" ({item['kind']})", "dim")),
        _text(f"  {item['summary']}"),
    ]
    parts.extend(_text(f"  {detail}") for detail in item["details"])
    if item["table"] and not _details_say_table(item):
        parts.append(_small_table(item["table"], item["name"], header=len(item["table"]) > 1))
    return Group(*parts)


def _details_say_table(item: Explanation) -> bool:
    """Whether the details already say every row of the table (a board's "Row 1: red/yellow |
    ..."), in any language: then the table is not drawn again."""
    return all(any(" | ".join(row) in detail for detail in item["details"]) for row in item["table"])


def _small_table(rows: Sequence[Sequence[str]], title: str | None, *, header: bool) -> Table:
    grid = Table(
        title=None if title is None else _text(title, "bold"),
        title_justify="left",
        box=None,
        show_header=header,
        header_style="dim",
        padding=(0, 2, 0, 0),
    )
    first = rows[0]
    for cell in first:
        grid.add_column(cell if header else "")
    for row in rows[1:] if header else rows:
        grid.add_row(*(_text(cell) for cell in row))
    return grid


def _shortened(tables: Sequence[Explanation]) -> dict[str, str]:
    """Each word of the tables' cells cut to the shortest start (three letters at least) no other
    word shares, so that six boards of colour pairs fit an 80-column screen side by side."""
    found = {
        word
        for item in tables
        for row in item["table"]
        for cell in row
        for word in cell.replace("/", " ").split()
    }
    short: dict[str, str] = {}
    for word in found:
        size = 3
        while size < len(word) and any(o != word and o.startswith(word[:size]) for o in found):
            size += 1
        short[word] = word[:size]
    return short


def topic_tables(items: Sequence[Explanation], width: int) -> RenderableType | None:
    """The small tables of what a menu's choices are about (the portal boards to choose from,
    the dice to roll), side by side; ``None`` when there are none. A one-row table (a die's
    faces) is one short line, and all of them share one line when they fit."""
    tables = [item for item in items if item["table"] and len(item["table"]) <= 3]
    if not tables:
        return None
    short = _shortened(tables) if width < 100 else {}

    def cut(cell: str) -> str:
        return "/".join(" ".join(short.get(w, w) for w in part.split()) for part in cell.split("/"))

    parts: list[RenderableType] = []
    singles = [item for item in tables if len(item["table"]) == 1]
    if singles:
        line = Text()
        for k, item in enumerate(singles):
            line.append("; " if k else "")
            line.append(f"{item['name']}: ", style="bold")
            counted: dict[str, int] = {}
            for cell in item["table"][0]:
                counted[cell] = counted.get(cell, 0) + 1
            line.append(" ".join(cell if n == 1 else f"{cell} x{n}" for cell, n in counted.items()))
        parts.append(line)
    grids = [item for item in tables if len(item["table"]) > 1]
    if grids:
        drawn = [
            _small_table([[cut(c) for c in row] for row in item["table"]], item["name"], header=False)
            for item in grids
        ]
        parts.append(Columns(drawn, padding=(0, 3)))
    return Group(*parts)


def reflow(text: str) -> str:
    """A text with hard line breaks (the rules summaries) rejoined into paragraphs, so that the
    terminal wraps it at its own width; indented lines start a new line, as list items do, and
    so does a line back at the margin after a list."""
    out: list[str] = []
    for line in text.splitlines():
        stripped = line.strip()
        indented = line.startswith(("  ", "\t"))
        if not stripped:
            out.append("")
        elif out and out[-1] and not indented and not out[-1].endswith(":") and not out[-1].startswith("  "):
            out[-1] += " " + stripped
        elif out and out[-1] and line.startswith("     ") and out[-1].startswith("  "):
            out[-1] += " " + stripped  # a list item's continuation
        else:
            out.append(line.rstrip())
    return "\n".join(out)


def pages(lines: Sequence[Text], size: int) -> list[list[Text]]:
    """``lines`` cut into pages of at most ``size`` lines (at least one page, maybe empty)."""
    size = max(size, 1)
    return [list(lines[k : k + size]) for k in range(0, len(lines), size)] or [[]]
