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

from rich import box
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


def _counted(names: Sequence[str]) -> str:
    """``a, b, a`` -> ``a x2, b``: hands and piles hold copies, and counting them is tiring."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(name if n == 1 else f"{name} x{n}" for name, n in counts.items())


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
    if game == "alakazum":
        return alakazum_table(view)
    found = entry(str(game))
    table = found.load_terminal_table()
    if table is not None:
        return Group(header(view, found.title), table(dict(view)))
    return Text(get_game(str(game)).render_view(dict(view)))


# -- Alakazum! ---------------------------------------------------------------------------------


def _team_table(title: str, team: Sequence[Mapping[str, Any]]) -> Table:
    table = Table(
        title=_text(title, "bold"), title_justify="left", box=box.SIMPLE_HEAD, show_edge=False, padding=(0, 1)
    )
    for name, justify in (
        ("character", "left"),
        ("culture", "left"),
        ("level", "center"),
        ("combat", "right"),
        ("culture pts", "right"),
        ("resistance", "right"),
        ("traits", "left"),
        ("broom", "center"),
    ):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for c in team:
        table.add_row(
            _text(c["name"], "bold"),
            _text(c["culture"]),
            _text(c["level"]),
            _text(c["combat"]),
            _text(c["culture_points"]),
            _text(c["resistance"]),
            _text(", ".join(t.replace("_", " ") for t in c["traits"])),
            _text("broom" if c["broom"] else ""),
        )
    if not team:
        table.add_row(_text("(nobody)", "dim"), *[_text("")] * 7)
    return table


def _seat_key_name(key: str) -> str:
    """``p2`` (a seat key in the view) -> ``Player 2``."""
    return f"Player {key[1:]}" if key[:1] == "p" and key[1:].isdigit() else key


def _short_character(c: Mapping[str, Any]) -> str:
    return f"{c['name']} {c['culture']} {c['level']}{' +broom' if c['broom'] else ''}"


def _culture_line(totals: Mapping[str, int]) -> str:
    shown = [f"{culture} {points}" for culture, points in totals.items() if points]
    return ", ".join(shown) or "none"


def _enemies(view: Mapping[str, Any]) -> Text:
    out = _line(("Final enemies: ", "bold"))
    for k, e in enumerate(view["enemies"]):
        if k:
            out.append("; ")
        out.append(f"{e['position']}: ")
        if e["revealed"]:
            out.append(f"{e['name']} ({e['culture_points']} points), uncovered", style="bold")
        elif "name" in e:
            out.append("face down, ")
            out.append(f"you saw {e['name']} ({e['culture_points']} points)", style="bold magenta")
        else:
            out.append("face down", style="dim")
    return out


#: How an Alakazum! hypnosis roll ended, in words.
_HYPNOSIS = {
    "hypnotised": "hypnotised",
    "not hypnotised": "not enough to hypnotise",
    "protected": "enough, but a broom or a last character keeps it home",
}


def _combat(view: Mapping[str, Any]) -> RenderableType | None:
    """The combat being fought, or the last one (its totals as fought) until the next begins."""
    combat = view["combat"]
    if combat is None:
        return None
    kind = "combat in the forest" if combat["forest"] else "combat: fight and hypnotise"
    table = Table(
        title=_text(f"The last {kind}" if combat["over"] else kind.capitalize(), "bold"),
        title_justify="left",
        box=box.SIMPLE_HEAD,
        show_edge=False,
    )
    table.add_column("side")
    table.add_column("fighter")
    table.add_column("sociable helper")
    table.add_column("total", justify="right")
    for side in combat["sides"]:
        who = "the forest" if side["seat"] is None else player_name(side["seat"])
        fighter = side["fighter"]
        helper = side["helper"]
        table.add_row(
            _text(who),
            _text(_short_character(fighter) if fighter else "(not chosen yet)"),
            _text(_short_character(helper) if helper else ""),
            _text("" if side["total"] is None else side["total"], "bold"),
        )
    lines: list[RenderableType] = [table]
    if combat["die_values"]:
        fighting = [c for side in combat["sides"] for c in (side["fighter"], side["helper"]) if c]
        names = {c["card"]: c["name"] for c in fighting}
        rolled = ", ".join(f"{names.get(key, key)}: {value}" for key, value in combat["die_values"].items())
        lines.append(_text(f"Die combat values: {rolled}"))
    for potion in combat["potions"]:
        state = "" if potion["in_effect"] else " (cancelled)"
        who = player_name(potion["seat"])
        lines.append(_text(f"{who} played {potion['card']} on the {potion['as']}{state}"))
    if combat["reason"] is not None:
        winner = "The forest" if combat["winner"] < 0 else player_name(combat["winner"])
        lines.append(_text(f"{winner} wins: {combat['reason']}"))
    if combat["roll"] is not None:
        roll = f"The die shows {combat['roll']}"
        if combat["die_total"] != combat["roll"]:
            roll += f" ({combat['die_total']} with die potions)"
        if combat["hypnosis"]:
            roll += f": {_HYPNOSIS.get(combat['hypnosis'], combat['hypnosis'])}"
        lines.append(_text(roll))
    return Group(*lines)


def alakazum_table(view: Mapping[str, Any]) -> RenderableType:
    """Alakazum! as one seat sees it: its team and hand, the others, the piles, the enemies."""
    seat = view["seat"]
    parts: list[RenderableType] = [header(view, "Alakazum!")]
    if view["phase"] == "do an action" and view["actions_left"]:
        parts.append(_text(f"Actions left this turn: {view['actions_left']}"))
    if view["announced"]:
        asked = ", ".join(_seat_key_name(key) for key in view["voodoo_to_ask"])
        extra = f" (voodoo dolls may answer: {asked})" if asked else ""
        parts.append(_line((view["announced"], "bold"), extra))
    players = view["players"]
    if seat is not None:
        me = players[seat]
        parts.append(_team_table("Your team", me["team"]))
        parts.append(
            _line(
                (f"Your hand ({me['hand_size']}): ", "bold"),
                (_counted(me["hand"] or []) or "empty", "cyan"),
            )
        )
        parts.append(_line(("Culture points on your table: ", "bold"), _culture_line(me["culture_on_table"])))
    others = Table(title=_text("Players" if seat is None else "Other players", "bold"), title_justify="left")
    others.add_column("player")
    others.add_column("hand")
    others.add_column("team")
    others.add_column("culture on table")
    for p in players:
        if p["seat"] == seat:
            continue
        hand = str(p["hand_size"])
        if p["hand"] is not None:
            hand += f": {_counted(p['hand'])}"
        team = "\n".join(_short_character(c) for c in p["team"]) or "(nobody)"
        mark = " (to play)" if view["active_player"] == p["seat"] else ""
        others.add_row(
            _text(player_name(p["seat"]) + mark, "bold"),
            _text(hand),
            _text(team),
            _text(_culture_line(p["culture_on_table"])),
        )
    parts.append(others)
    parts.append(_enemies(view))
    parts.append(_line(("Market pile (top first): ", "bold"), _counted(view["market"]) or "empty"))
    graveyard = ", ".join(c["name"] for c in view["graveyard"])
    parts.append(_line(("Graveyard: ", "bold"), graveyard or "empty"))
    size = view["deck_size"]
    deck = f"{size} card{'' if size == 1 else 's'}"
    if view["deck_top_known"]:
        deck += f"; you know the top (top first): {', '.join(view['deck_top_known'])}"
    parts.append(_line(("Forest deck: ", "bold"), deck))
    if view["initial_row"] and view["phase"] == "choose an initial character":
        row = ", ".join(_short_character(c) for c in view["initial_row"])
        parts.append(_line(("Initial characters on the table: ", "bold"), row))
    combat = _combat(view)
    if combat is not None:
        parts.append(combat)
    if view["forest_magic"]:
        parts.append(_line(("Forest Magic shows you: ", "bold magenta"), ", ".join(view["forest_magic"])))
    if view["conjure"]:
        conjure = view["conjure"]
        parts.append(
            _line(("Conjuring: ", "bold"), f"an Alakazum with {conjure['total']} {conjure['culture']} points")
        )
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
