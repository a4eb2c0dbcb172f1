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

from alaka.core.language import N_, tr, trn
from alaka.games.alakazum import phases
from alaka.games.alakazum.text import (
    PHASE_NAMES,
    combat_value,
    counted,
    effect_words,
    market_words,
    player_name,
    trait_name,
)

#: How a hypnosis roll ended, in words (read with :func:`tr`).
HYPNOSIS = {
    "hypnotised": N_("hypnotised"),
    "not hypnotised": N_("not enough to hypnotise"),
    "protected": N_("enough, but a broom or a last character keeps it home"),
}


def _text(value: object, style: str = "") -> Text:
    return Text(str(value), style=style)


def _seat_key_name(key: str) -> str:
    """``p2`` (a seat key in the view) -> ``Player 2``."""
    return player_name(int(key[1:]) - 1) if key[:1] == "p" and key[1:].isdigit() else key


def _culture_line(totals: Mapping[str, int]) -> str:
    shown = [f"{culture} {points}" for culture, points in totals.items() if points]
    # TRANSLATORS: no culture points at all on a player's table
    return ", ".join(shown) or tr("none")


def _traits(c: Mapping[str, Any]) -> list[str]:
    """A character's traits in words, and its broom."""
    # TRANSLATORS: a broom under a character (it never leaves its team), said beside its traits
    return [trait_name(t) for t in c["traits"]] + ([tr("broom")] if c["broom"] else [])


def _levels(face: Mapping[str, Any] | None) -> str:
    """A character's printed numbers at every level: ``A 1/0/1  B 2/1/2  C 3/2/3``."""
    if face is None:
        return ""
    return "  ".join(
        f"{at['level']} {combat_value(at['combat'])}/{at['culture_points']}/{at['resistance']}"
        for at in face["levels"]
    )


def _team_table(title: str, team: Sequence[Mapping[str, Any]], cards: Mapping[str, Any]) -> Table:
    table = Table(
        title=_text(title, "bold"), title_justify="left", box=box.SIMPLE_HEAD, show_edge=False, padding=(0, 1)
    )
    # TRANSLATORS: the headings of a team's table, one character a row
    table.add_column(tr("character"))
    table.add_column(tr("culture"))
    table.add_column(tr("level"), justify="center")
    table.add_column(tr("combat"), justify="right")
    table.add_column(tr("culture pts"), justify="right")
    table.add_column(tr("resistance"), justify="right")
    table.add_column(tr("traits"))
    table.add_column(tr("broom"), justify="center")
    table.add_column(tr("by level: combat/culture/resistance"))
    for c in team:
        table.add_row(
            _text(c["name"], "bold"),
            _text(c["culture"]),
            _text(c["level"]),
            _text(combat_value(c["combat"])),
            _text(c["culture_points"]),
            _text(c["resistance"]),
            _text(", ".join(trait_name(t) for t in c["traits"])),
            _text(tr("broom") if c["broom"] else ""),
            _text(_levels(cards.get(c["name"])), "dim"),
        )
    if not team:
        table.add_row(_text(tr("(nobody)"), "dim"), *[_text("")] * 8)
    return table


def _hand_table(hand: Sequence[str], cards: Mapping[str, Any]) -> Table:
    """The seat's own hand cards, each once, as printed: what each takes at the market and does."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, padding=(0, 1))
    # TRANSLATORS: the headings of the table of a player's own hand cards
    table.add_column(tr("hand card"))
    table.add_column(tr("at the market"))
    table.add_column(tr("effect"))
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
    out = Text.assemble((tr("Final enemies: "), "bold"))
    for k, e in enumerate(view["enemies"]):
        if k:
            out.append("; ")
        out.append(f"{e['position']}: ")
        if e["revealed"]:
            # TRANSLATORS: {enemy} is a final enemy's name, {n} the culture points to beat
            words = trn(
                "{enemy} ({n} point), uncovered", "{enemy} ({n} points), uncovered", e["culture_points"]
            )
            out.append(words.format(enemy=e["name"], n=e["culture_points"]), style="bold")
        elif "name" in e:
            out.append(tr("face down") + ", ")
            # TRANSLATORS: the player looked at this face-down enemy: {enemy} is its name, {n} its points
            words = trn("you saw {enemy} ({n} point)", "you saw {enemy} ({n} points)", e["culture_points"])
            out.append(words.format(enemy=e["name"], n=e["culture_points"]), style="bold magenta")
        else:
            out.append(tr("face down"), style="dim")
    return out


def _combat(view: Mapping[str, Any]) -> RenderableType | None:
    """The combat being fought, or the last one (its totals as fought) until the next begins."""
    combat = view["combat"]
    if combat is None:
        return None
    if combat["forest"]:
        title = tr("The last combat in the forest") if combat["over"] else tr("Combat in the forest")
    else:
        title = (
            tr("The last combat: fight and hypnotise")
            if combat["over"]
            else tr("Combat: fight and hypnotise")
        )
    table = Table(title=_text(title, "bold"), title_justify="left", box=box.SIMPLE_HEAD, show_edge=False)
    # TRANSLATORS: the headings of a combat's table, one side a row (cmb/cul/res: combat, culture, resistance)
    table.add_column(tr("side"))
    table.add_column(tr("fighter (cmb/cul/res)"))
    table.add_column(tr("sociable helper"))
    table.add_column(tr("total"), justify="right")
    for side in combat["sides"]:
        who = tr("the forest") if side["seat"] is None else player_name(side["seat"])
        fighter = side["fighter"]
        helper = side["helper"]
        table.add_row(
            _text(who),
            _text(_character_line(fighter) if fighter else tr("(not chosen yet)")),
            _text(_character_line(helper) if helper else ""),
            _text("" if side["total"] is None else side["total"], "bold"),
        )
    lines: list[RenderableType] = [table]
    if combat["die_values"]:
        fighting = [c for side in combat["sides"] for c in (side["fighter"], side["helper"]) if c]
        names = {c["card"]: c["name"] for c in fighting}
        rolled = ", ".join(f"{names.get(key, key)}: {value}" for key, value in combat["die_values"].items())
        # TRANSLATORS: {values} are characters with the die rolled for their combat points ("Moura: 4")
        lines.append(_text(tr("Die combat values: {values}").format(values=rolled)))
    for potion in combat["potions"]:
        lines.append(_text(_potion_line(potion)))
    if combat["reason"] is not None:
        reason = tr(combat["reason"])
        if combat["winner"] < 0:
            # TRANSLATORS: {reason} says why the forest character won the combat ("more combat points")
            won = tr("The forest wins: {reason}").format(reason=reason)
        else:
            # TRANSLATORS: {player} is a player's name, {reason} why that side won ("more combat points")
            won = tr("{player} wins: {reason}").format(player=player_name(combat["winner"]), reason=reason)
        lines.append(_text(won))
    if combat["roll"] is not None:
        if combat["die_total"] != combat["roll"]:
            # TRANSLATORS: the hypnosis die: {roll} is its number, {total} with the die potions added
            roll = tr("The die shows {roll} ({total} with die potions)")
        else:
            roll = tr("The die shows {roll}")
        roll = roll.format(roll=combat["roll"], total=combat["die_total"])
        if combat["hypnosis"]:
            hypnosis = combat["hypnosis"]
            # TRANSLATORS: {roll} is "The die shows 4", {result} how the hypnosis ended ("hypnotised")
            roll = tr("{roll}: {result}").format(
                roll=roll, result=tr(HYPNOSIS[hypnosis]) if hypnosis in HYPNOSIS else hypnosis
            )
        lines.append(_text(roll))
    return Group(*lines)


def _potion_line(potion: Mapping[str, Any]) -> str:
    """A potion played in the combat, and whether a steal potion cancelled it."""
    who = player_name(potion["seat"])
    use = potion["as"]
    cancelled = not potion["in_effect"]
    # TRANSLATORS: {player} is a player's name, {card} a potion card's name
    if use == "die":
        words = (
            tr("{player} played {card} on the die (cancelled)")
            if cancelled
            else tr("{player} played {card} on the die")
        )
    elif use == "combat":
        words = (
            tr("{player} played {card} on the combat (cancelled)")
            if cancelled
            else tr("{player} played {card} on the combat")
        )
    else:
        words = (
            tr("{player} played {card} to steal (cancelled)")
            if cancelled
            else tr("{player} played {card} to steal")
        )
    return words.format(player=who, card=potion["card"])


def table(view: Mapping[str, Any]) -> RenderableType:
    """Alakazum! as one seat sees it: its team and hand, the others, the piles, the enemies."""
    seat = view["seat"]
    cards = view["cards"]
    parts: list[RenderableType] = []
    if view["phase"] == "do an action" and view["actions_left"]:
        parts.append(_actions_left(view["actions_left"]))
    if view["announced"]:
        parts.append(_announced(view))
    players = view["players"]
    if seat is not None:
        me = players[seat]
        hand = me["hand"] or []
        parts.append(_team_table(tr("Your team"), me["team"], cards))
        parts.append(Text.assemble(_your_hand(me["hand_size"]), (counted(hand) or tr("empty"), "cyan")))
        if hand:
            parts.append(_hand_table(hand, cards))
        parts.append(
            Text.assemble(
                (tr("Culture points on your table: "), "bold"), _culture_line(me["culture_on_table"])
            )
        )
    others = Table(
        title=_text(tr("Players") if seat is None else tr("Other players"), "bold"), title_justify="left"
    )
    # TRANSLATORS: the headings of the other players' table (cmb/cul/res: combat, culture, resistance)
    others.add_column(tr("player"))
    others.add_column(tr("hand"))
    others.add_column(tr("team (cmb/cul/res)"))
    others.add_column(tr("culture on table"))
    for p in players:
        if p["seat"] == seat:
            continue
        hand_shown = str(p["hand_size"])
        if p["hand"] is not None:
            hand_shown += f": {counted(p['hand'])}"
        team = "\n".join(_character_line(c) for c in p["team"]) or tr("(nobody)")
        name = player_name(p["seat"])
        if view["active_player"] == p["seat"] and view["outcome"] is None:
            # TRANSLATORS: {player} is a player's name: the player whose turn it is
            name = tr("{player} (to play)").format(player=name)
        others.add_row(
            _text(name, "bold"),
            _text(hand_shown),
            _text(team),
            _text(_culture_line(p["culture_on_table"])),
        )
    parts.append(others)
    parts.append(_enemies(view))
    parts.append(_market(view))
    graveyard = ", ".join(c["name"] for c in view["graveyard"])
    parts.append(Text.assemble((tr("Graveyard: "), "bold"), graveyard or tr("empty")))
    deck = trn("{n} card", "{n} cards", view["deck_size"]).format(n=view["deck_size"])
    if view["deck_top_known"]:
        # TRANSLATORS: {deck} is "12 cards", {cards} the cards on top of the forest deck, top first
        deck = tr("{deck}; you know the top (top first): {cards}").format(
            deck=deck, cards=", ".join(view["deck_top_known"])
        )
    parts.append(Text.assemble((tr("Forest deck: "), "bold"), deck))
    if view["initial_row"] and view["phase"] == "choose an initial character":
        row = ", ".join(_character_line(c) for c in view["initial_row"])
        parts.append(Text.assemble((tr("Initial characters on the table: "), "bold"), row))
    combat = _combat(view)
    if combat is not None:
        parts.append(combat)
    if view["forest_magic"]:
        parts.append(_forest_magic(view["forest_magic"]))
    if view["conjure"]:
        conjure = view["conjure"]
        parts.append(
            Text.assemble(
                (tr("Conjuring: "), "bold"),
                # TRANSLATORS: {total} is a number of culture points, {culture} a culture's code (EUS, GAL...)
                tr("an Alakazum with {total} {culture} points").format(
                    total=conjure["total"], culture=conjure["culture"]
                ),
            )
        )
    return Group(*parts)


def _actions_left(n: int) -> Text:
    # TRANSLATORS: {n} is how many actions the player may still do this turn
    return _text(tr("Actions left this turn: {n}").format(n=n))


def _announced(view: Mapping[str, Any]) -> Text:
    """The announcement, and who may still answer it with a voodoo doll."""
    asked = ", ".join(_seat_key_name(key) for key in view["voodoo_to_ask"])
    # TRANSLATORS: {players} are the players still to be asked whether they play a voodoo doll
    extra = " " + tr("(voodoo dolls may answer: {players})").format(players=asked) if asked else ""
    return Text.assemble((view["announced"], "bold"), extra)


def _your_hand(size: int) -> tuple[str, str]:
    # TRANSLATORS: before the list of the player's hand cards; {n} is how many there are
    return (tr("Your hand ({n}): ").format(n=size), "bold")


def _market(view: Mapping[str, Any]) -> Text:
    return Text.assemble((tr("Market pile (top first): "), "bold"), counted(view["market"]) or tr("empty"))


def _forest_magic(cards: Sequence[str]) -> Text:
    # TRANSLATORS: before the cards the spell Forest Magic shows its caster
    return Text.assemble((tr("Forest Magic shows you: "), "bold magenta"), ", ".join(cards))


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
    traits = _traits(c)
    extra = f" {', '.join(traits)}" if traits else ""
    numbers = f"{combat_value(c['combat'])}/{c['culture_points']}/{c['resistance']}"
    return f"{c['name']} {c['culture']} {c['level']} {numbers}{extra}"


def _compact_team(title: str, team: Sequence[Mapping[str, Any]]) -> RenderableType:
    """A team, one line per character, with its numbers at its level; the first column's header
    is the title, so the table takes one line more than the team."""
    if not team:
        # TRANSLATORS: {title} is "Your team" or "Initial characters", and nobody is in it
        return Text.assemble((tr("{title}: nobody yet").format(title=title), "bold"))
    grid = Table(box=None, padding=(0, 1), show_edge=False, header_style="dim")
    grid.add_column(Text(title, style="bold"))
    # TRANSLATORS: short headings of a team's table: culture, level, combat, culture points, resistance
    grid.add_column(tr("cult"))
    grid.add_column(tr("lvl"), justify="center")
    grid.add_column(tr("cmb"), justify="right")
    grid.add_column(tr("cul"), justify="right")
    grid.add_column(tr("res"), justify="right")
    grid.add_column(tr("traits"))
    for c in team:
        traits = _traits(c)
        grid.add_row(
            _text(c["name"]),
            _text(c["culture"]),
            _text(c["level"]),
            _text(combat_value(c["combat"])),
            _text(c["culture_points"]),
            _text(c["resistance"]),
            _text(", ".join(traits)),
        )
    return grid


#: Effects without numbers, in a word or two (read with :func:`tr`).
_SHORT_EFFECTS = {
    "steal_potion": N_("steals a potion"),
    "broom": N_("keeps a character"),
    "voodoo_doll": N_("cancels a play"),
}


def short_effect(effect: Mapping[str, Any]) -> str:
    """A hand card's effect in a word or two (``info`` explains it in full)."""
    kind = effect["type"]
    # TRANSLATORS: a hand card's effect in a word or two, beside its name in a hand ("+2 combat")
    if kind == "combat_potion":
        return tr("+{n} combat").format(n=effect["combat"])
    if kind == "die_potion":
        return tr("+{n} die").format(n=effect["die"])
    if kind == "double_potion":
        return tr("+{n} combat or +{die} die").format(n=effect["combat"], die=effect["die"])
    if kind == "magic_hat":
        return tr("{n} energy").format(n=effect["energy"])
    if kind == "culture_object":
        return f"+{effect['culture_points']} {effect['culture']}"
    if kind == "amulet":
        return tr("+{n} any culture").format(n=effect["culture_points"])
    if kind == "food":
        return " / ".join(f"{food} {culture}" for culture, food in effect["foods"].items())
    if kind in _SHORT_EFFECTS:
        return tr(_SHORT_EFFECTS[kind])
    return str(kind).replace("_", " ")  # a variant's own effect: its id, as written


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
    return Text.assemble(_your_hand(me["hand_size"]), (", ".join(shown) or tr("empty"), "cyan"))


def _others(view: Mapping[str, Any]) -> list[Text]:
    """One line per other player: hand size and team (numbers as cmb/cul/res)."""
    lines = []
    for p in view["players"]:
        if p["seat"] == view["seat"]:
            continue
        team = ", ".join(_character_line(c) for c in p["team"]) or tr("nobody")
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
        parts.append(_actions_left(view["actions_left"]))
    if phase == _CHOOSE and view["initial_row"]:
        parts.append(_compact_team(tr("Initial characters"), view["initial_row"]))
    combat = view["combat"]
    if combat is not None and not combat["over"]:
        rendered = _combat(view)
        if rendered is not None:
            parts.append(rendered)
    if seat is not None:
        me = view["players"][seat]
        parts.append(_compact_team(tr("Your team"), me["team"]))
        parts.append(_hand_line(me, view["cards"]))
        parts.append(
            Text.assemble(
                (tr("Culture points on your table: "), "bold"),
                _culture_line(me["culture_on_table"]),
                ("  " + tr("Magic energy: "), "bold"),
                str(_energy(me, view["cards"])),
            )
        )
    if phase in _SHOW_OTHERS or seat is None:
        parts.extend(_others(view))
    if phase in _SHOW_MARKET:
        parts.append(_market(view))
    if phase in _SHOW_ENEMIES:
        parts.append(_enemies(view))
    if phase in _SHOW_GRAVEYARD:
        graveyard = ", ".join(_character_line(c) for c in view["graveyard"])
        parts.append(Text.assemble((tr("Graveyard: "), "bold"), graveyard or tr("empty")))
    if view["forest_magic"]:
        parts.append(_forest_magic(view["forest_magic"]))
    return Group(*parts)
