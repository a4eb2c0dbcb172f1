"""Alakazum! drawn for the terminal (a Rich renderable) from one seat's view, and nothing else.

The game's entry names :func:`table` as its ``terminal_table``; the terminal asks the entry, so
this is the only place that knows how an Alakazum! table looks in a terminal. It reads only the
view a state gives one seat: what that seat may not see is not in it, so the screen cannot leak
it. The printed faces of the cards (every level of a character, a hand card's market number and
effect) come in the view's ``cards``, so nothing here reads the game's content.

Rich is imported here and nowhere else in the game (only the terminal loads this module, and
Rich comes with the command line). Nothing is imported from the terminal UI (``alaka.ui``): a
game does not depend on an edge. Text from the game goes into Rich as :class:`~rich.text.Text`,
never as markup, so a name with square brackets is shown as written.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from alaka.core.language import trn
from alaka.games.alakazum import phases
from alaka.games.alakazum.text import PHASE_NAMES, counted, effect_words, market_words, player_name

#: How a hypnosis roll ended, in words.
HYPNOSIS = {
    "hypnotised": "hypnotised",
    "not hypnotised": "not enough to hypnotise",
    "protected": "enough, but a broom or a last character keeps it home",
}


def _text(value: object, style: str = "") -> Text:
    return Text(str(value), style=style)


def _seat_key_name(key: str) -> str:
    """``p2`` (a seat key in the view) -> ``Player 2``."""
    return f"Player {key[1:]}" if key[:1] == "p" and key[1:].isdigit() else key


def _culture_line(totals: Mapping[str, int]) -> str:
    shown = [f"{culture} {points}" for culture, points in totals.items() if points]
    return ", ".join(shown) or "none"


def _levels(face: Mapping[str, Any] | None) -> str:
    """A character's printed numbers at every level: ``A 1/0/1  B 2/1/2  C 3/2/3``."""
    if face is None:
        return ""
    return "  ".join(
        f"{at['level']} {at['combat']}/{at['culture_points']}/{at['resistance']}" for at in face["levels"]
    )


def _team_table(title: str, team: Sequence[Mapping[str, Any]], cards: Mapping[str, Any]) -> Table:
    table = Table(
        title=_text(title, "bold"), title_justify="left", box=box.SIMPLE_HEAD, show_edge=False, padding=(0, 1)
    )
    table.add_column("character")
    table.add_column("culture")
    table.add_column("level", justify="center")
    table.add_column("combat", justify="right")
    table.add_column("culture pts", justify="right")
    table.add_column("resistance", justify="right")
    table.add_column("traits")
    table.add_column("broom", justify="center")
    table.add_column("by level: combat/culture/resistance")
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
            _text(_levels(cards.get(c["name"])), "dim"),
        )
    if not team:
        table.add_row(_text("(nobody)", "dim"), *[_text("")] * 8)
    return table


def _hand_table(hand: Sequence[str], cards: Mapping[str, Any]) -> Table:
    """The seat's own hand cards, each once, as printed: what each takes at the market and does."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, padding=(0, 1))
    table.add_column("hand card")
    table.add_column("at the market")
    table.add_column("effect")
    for name in dict.fromkeys(hand):
        face = cards.get(name)
        if face is None or face["type"] != "hand":
            continue
        table.add_row(
            _text(name, "cyan"),
            _text(market_words(face["market_number"])),
            _text(effect_words(face["effect"])),
        )
    return table


def _enemies(view: Mapping[str, Any]) -> Text:
    out = Text.assemble(("Final enemies: ", "bold"))
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
    table.add_column("fighter (cmb/cul/res)")
    table.add_column("sociable helper")
    table.add_column("total", justify="right")
    for side in combat["sides"]:
        who = "the forest" if side["seat"] is None else player_name(side["seat"])
        fighter = side["fighter"]
        helper = side["helper"]
        table.add_row(
            _text(who),
            _text(_character_line(fighter) if fighter else "(not chosen yet)"),
            _text(_character_line(helper) if helper else ""),
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
            roll += f": {HYPNOSIS.get(combat['hypnosis'], combat['hypnosis'])}"
        lines.append(_text(roll))
    return Group(*lines)


def table(view: Mapping[str, Any]) -> RenderableType:
    """Alakazum! as one seat sees it: its team and hand, the others, the piles, the enemies."""
    seat = view["seat"]
    cards = view["cards"]
    parts: list[RenderableType] = []
    if view["phase"] == "do an action" and view["actions_left"]:
        parts.append(_text(f"Actions left this turn: {view['actions_left']}"))
    if view["announced"]:
        asked = ", ".join(_seat_key_name(key) for key in view["voodoo_to_ask"])
        extra = f" (voodoo dolls may answer: {asked})" if asked else ""
        parts.append(Text.assemble((view["announced"], "bold"), extra))
    players = view["players"]
    if seat is not None:
        me = players[seat]
        hand = me["hand"] or []
        parts.append(_team_table("Your team", me["team"], cards))
        parts.append(
            Text.assemble((f"Your hand ({me['hand_size']}): ", "bold"), (counted(hand) or "empty", "cyan"))
        )
        if hand:
            parts.append(_hand_table(hand, cards))
        parts.append(
            Text.assemble(("Culture points on your table: ", "bold"), _culture_line(me["culture_on_table"]))
        )
    others = Table(title=_text("Players" if seat is None else "Other players", "bold"), title_justify="left")
    others.add_column("player")
    others.add_column("hand")
    others.add_column("team (cmb/cul/res)")
    others.add_column("culture on table")
    for p in players:
        if p["seat"] == seat:
            continue
        hand_shown = str(p["hand_size"])
        if p["hand"] is not None:
            hand_shown += f": {counted(p['hand'])}"
        team = "\n".join(_character_line(c) for c in p["team"]) or "(nobody)"
        mark = " (to play)" if view["active_player"] == p["seat"] and view["outcome"] is None else ""
        others.add_row(
            _text(player_name(p["seat"]) + mark, "bold"),
            _text(hand_shown),
            _text(team),
            _text(_culture_line(p["culture_on_table"])),
        )
    parts.append(others)
    parts.append(_enemies(view))
    parts.append(Text.assemble(("Market pile (top first): ", "bold"), counted(view["market"]) or "empty"))
    graveyard = ", ".join(c["name"] for c in view["graveyard"])
    parts.append(Text.assemble(("Graveyard: ", "bold"), graveyard or "empty"))
    deck = trn("{n} card", "{n} cards", view["deck_size"]).format(n=view["deck_size"])
    if view["deck_top_known"]:
        deck += f"; you know the top (top first): {', '.join(view['deck_top_known'])}"
    parts.append(Text.assemble(("Forest deck: ", "bold"), deck))
    if view["initial_row"] and view["phase"] == "choose an initial character":
        row = ", ".join(_character_line(c) for c in view["initial_row"])
        parts.append(Text.assemble(("Initial characters on the table: ", "bold"), row))
    combat = _combat(view)
    if combat is not None:
        parts.append(combat)
    if view["forest_magic"]:
        shown = ", ".join(view["forest_magic"])
        parts.append(Text.assemble(("Forest Magic shows you: ", "bold magenta"), shown))
    if view["conjure"]:
        conjure = view["conjure"]
        parts.append(
            Text.assemble(
                ("Conjuring: ", "bold"), f"an Alakazum with {conjure['total']} {conjure['culture']} points"
            )
        )
    return Group(*parts)


# -- the focus: what matters to the decision at hand, for a terminal of 80x24 ----------------------

#: Phases (in words, as the view gives them) and what the focus adds for them.
_ACTION = PHASE_NAMES[phases.PH_ACTION]
_CHOOSE = PHASE_NAMES[phases.PH_CHOOSE]
_SHOW_OTHERS = {
    _ACTION,
    PHASE_NAMES[phases.PH_VOODOO],
    PHASE_NAMES[phases.PH_GIVE_TO],
    PHASE_NAMES[phases.PH_SWAP_WITH],
}
_SHOW_MARKET = {PHASE_NAMES[phases.PH_SHOW], PHASE_NAMES[phases.PH_WITCH_TAKE]}
_SHOW_ENEMIES = {PHASE_NAMES[phases.PH_CONJURE], PHASE_NAMES[phases.PH_REVEAL], PHASE_NAMES[phases.PH_PEEK]}
_SHOW_GRAVEYARD = {PHASE_NAMES[phases.PH_REVIVE], PHASE_NAMES[phases.PH_SWAP_WITH]}


def _character_line(c: Mapping[str, Any]) -> str:
    """``Penitente AND C 2/3/2 broom``: a character in a few words, its combat, culture points and
    resistance at its level as in the team table (cmb/cul/res)."""
    traits = [t.replace("_", " ") for t in c["traits"]] + (["broom"] if c["broom"] else [])
    extra = f" {', '.join(traits)}" if traits else ""
    numbers = f"{c['combat']}/{c['culture_points']}/{c['resistance']}"
    return f"{c['name']} {c['culture']} {c['level']} {numbers}{extra}"


def _compact_team(title: str, team: Sequence[Mapping[str, Any]]) -> RenderableType:
    """A team, one line per character, with its numbers at its level; the first column's header
    is the title, so the table takes one line more than the team."""
    if not team:
        return Text.assemble((title, "bold"), (": nobody yet", "dim"))
    grid = Table(box=None, padding=(0, 1), show_edge=False, header_style="dim")
    grid.add_column(Text(title, style="bold"))
    grid.add_column("cult")
    grid.add_column("lvl", justify="center")
    grid.add_column("cmb", justify="right")
    grid.add_column("cul", justify="right")
    grid.add_column("res", justify="right")
    grid.add_column("traits")
    for c in team:
        traits = [t.replace("_", " ") for t in c["traits"]] + (["broom"] if c["broom"] else [])
        grid.add_row(
            _text(c["name"]),
            _text(c["culture"]),
            _text(c["level"]),
            _text(c["combat"]),
            _text(c["culture_points"]),
            _text(c["resistance"]),
            _text(", ".join(traits)),
        )
    return grid


#: Effects without numbers, in a word or two.
_SHORT_EFFECTS = {
    "steal_potion": "steals a potion",
    "broom": "keeps a character",
    "voodoo_doll": "cancels a play",
}


def short_effect(effect: Mapping[str, Any]) -> str:
    """A hand card's effect in a word or two (``info`` explains it in full)."""
    kind = effect["type"]
    if kind == "combat_potion":
        return f"+{effect['combat']} combat"
    if kind == "die_potion":
        return f"+{effect['die']} die"
    if kind == "double_potion":
        return f"+{effect['combat']} combat or +{effect['die']} die"
    if kind == "magic_hat":
        return f"{effect['energy']} energy"
    if kind == "culture_object":
        return f"+{effect['culture_points']} {effect['culture']}"
    if kind == "amulet":
        return f"+{effect['culture_points']} any culture"
    if kind == "food":
        return " / ".join(f"{food} {culture}" for culture, food in effect["foods"].items())
    return {
        "steal_potion": "steals a potion",
        "broom": "keeps a character",
        "voodoo_doll": "cancels a play",
    }.get(kind, str(kind).replace("_", " "))


def _energy(me: Mapping[str, Any], cards: Mapping[str, Any]) -> int:
    """The magic energy at hand: the hats in hand and the very magical characters (R12)."""
    hats: int = 0
    for name in me["hand"] or []:
        face = cards.get(name)
        if face is not None and face["type"] == "hand" and face["effect"]["type"] == "magic_hat":
            hats += int(face["effect"]["energy"])
    return hats + sum(int(c["magic_energy"]) for c in me["team"])


def _hand_line(me: Mapping[str, Any], cards: Mapping[str, Any]) -> Text:
    """The seat's hand in one (wrapped) line, each card with what it does in a word or two."""
    hand = me["hand"] or []
    counted: dict[str, int] = {}
    for name in hand:
        counted[name] = counted.get(name, 0) + 1
    shown = []
    for name, n in counted.items():
        face = cards.get(name)
        does = f" ({short_effect(face['effect'])})" if face and face["type"] == "hand" else ""
        shown.append(f"{name}{f' x{n}' if n > 1 else ''}{does}")
    return Text.assemble((f"Your hand ({me['hand_size']}): ", "bold"), (", ".join(shown) or "empty", "cyan"))


def _others(view: Mapping[str, Any]) -> list[Text]:
    """One line per other player: hand size and team (numbers as cmb/cul/res)."""
    lines = []
    for p in view["players"]:
        if p["seat"] == view["seat"]:
            continue
        team = ", ".join(_character_line(c) for c in p["team"]) or "nobody"
        lines.append(
            Text.assemble(
                (f"{player_name(p['seat'])} ", "bold"),
                "(" + trn("{n} card", "{n} cards", p["hand_size"]).format(n=p["hand_size"]) + "): ",
                team,
            )
        )
    return lines


def focus(view: Mapping[str, Any]) -> RenderableType:
    """What matters to the decision at hand, compactly (the whole table is :func:`table`): the
    announcement, the combat while fighting, the initial characters while choosing, your team,
    hand, culture points and magic energy, the other teams for an action, the market pile at the
    market, the final enemies for an Alakazum."""
    seat = view["seat"]
    phase = view["phase"]
    parts: list[RenderableType] = []
    if view["announced"]:
        parts.append(Text(view["announced"], style="bold"))
    if phase == _ACTION and view["actions_left"] > 1:
        parts.append(_text(f"Actions left this turn: {view['actions_left']}"))
    if phase == _CHOOSE and view["initial_row"]:
        parts.append(_compact_team("Initial characters", view["initial_row"]))
    combat = view["combat"]
    if combat is not None and not combat["over"]:
        rendered = _combat(view)
        if rendered is not None:
            parts.append(rendered)
    if seat is not None:
        me = view["players"][seat]
        parts.append(_compact_team("Your team", me["team"]))
        parts.append(_hand_line(me, view["cards"]))
        parts.append(
            Text.assemble(
                ("Culture points on your table: ", "bold"),
                _culture_line(me["culture_on_table"]),
                ("  Magic energy: ", "bold"),
                str(_energy(me, view["cards"])),
            )
        )
    if phase in _SHOW_OTHERS or seat is None:
        parts.extend(_others(view))
    if phase in _SHOW_MARKET:
        parts.append(Text.assemble(("Market pile (top first): ", "bold"), counted(view["market"]) or "empty"))
    if phase in _SHOW_ENEMIES:
        parts.append(_enemies(view))
    if phase in _SHOW_GRAVEYARD:
        graveyard = ", ".join(_character_line(c) for c in view["graveyard"])
        parts.append(Text.assemble(("Graveyard: ", "bold"), graveyard or "empty"))
    if view["forest_magic"]:
        parts.append(
            Text.assemble(("Forest Magic shows you: ", "bold magenta"), ", ".join(view["forest_magic"]))
        )
    return Group(*parts)
