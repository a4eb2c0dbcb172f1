"""Alakazum!'s per-game statistics for the simulator (see :mod:`alaka.core.stats`).

What a designer asks of a batch of games: which enemy fell and to how many points, in which
culture, how much magic, fighting, trapping and voodoo went on, how often the forest ran out,
how many characters were lost. Facts the final state holds (the winner, the winning conjure's
culture and total, the face-down enemies, the turns) are read from its fields; the rest is
counted from the event log, and only :func:`_events` knows how an event is laid out.
"""

from __future__ import annotations

from collections import Counter

from alaka.core.protocol import State
from alaka.core.stats import GameBasics, StatColumn, StatValue
from alaka.games.alakazum.actions import SPELL_NAMES, SPELLS
from alaka.games.alakazum.content import CULTURES, TRAPS
from alaka.games.alakazum.events import (
    Cast,
    CombatDecided,
    ForestCharacter,
    ForestDefeat,
    Hypnotised,
    NotHypnotised,
    Protected,
    Revealed,
    Sacrificed,
    TrapFound,
    VoodooPlayed,
)
from alaka.games.alakazum.rules import enemy_points, face_down
from alaka.games.alakazum.state import AlakazumState

SPELL_TITLES = tuple(zip(SPELLS, SPELL_NAMES, strict=True))

COLUMNS: tuple[StatColumn, ...] = (
    StatColumn("enemy_beaten", str, "the final enemy the winning Alakazum beat (empty: nobody won)"),
    StatColumn("enemy_points", int, "that enemy's culture points at this player count (0: nobody won)"),
    StatColumn("winning_culture", str, "the culture of the winning Alakazum (empty: nobody won)"),
    StatColumn("winning_total", int, "the winning Alakazum's culture total, objects too (0: nobody won)"),
    StatColumn("conjures", int, "Alakazums conjured (not cancelled by a voodoo doll), won or failed"),
    StatColumn("failed_conjures", int, "Alakazums that did not beat the enemy uncovered"),
    *(StatColumn(f"spells_{name}", int, f"times the spell {title} was cast") for name, title in SPELL_TITLES),
    StatColumn("forest_combats", int, "combats against a character met in the forest"),
    StatColumn("forest_combats_won", int, "forest combats the explorer won"),
    StatColumn("player_combats", int, "combats between players (a fight action carried out)"),
    StatColumn("player_combats_won", int, "combats between players the attacker won"),
    StatColumn("forest_hypnotised", int, "forest characters hypnotised into a team"),
    StatColumn("characters_hypnotised", int, "characters hypnotised away from another player"),
    StatColumn("characters_lost", int, "characters sent from a team to the forest graveyard"),
    *(StatColumn(f"traps_{trap}", int, f"times the trap {trap} was suffered") for trap in TRAPS),
    StatColumn("voodoo_dolls", int, "voodoo dolls played (each cancels an action or an Alakazum)"),
    StatColumn("deck_exhausted", bool, "the forest deck ran out, so nobody won"),
)


def basics(final: State) -> GameBasics:
    """Who played first, how many turns, and whether the safety limit stopped the game."""
    s = _state(final)
    return GameBasics(first_player=s.start_player, turns=s.turns, truncated=s.truncated)


def _state(final: State) -> AlakazumState:
    if not isinstance(final, AlakazumState):
        raise TypeError("Alakazum! statistics need an Alakazum! state")
    return final


def statistics(final: State) -> dict[str, StatValue]:
    """The statistics of a finished Alakazum! game, one value per column of :data:`COLUMNS`."""
    s = _state(final)
    counts: Counter[str] = Counter()
    beaten = -1  # the physical card of the enemy the winning Alakazum uncovered
    forest = False  # the current (or last) combat is against a forest character
    for event in s.log:
        match event:
            case Cast(spell=spell):
                counts[f"spells_{SPELLS[spell]}"] += 1
            case ForestCharacter():
                forest = True
            case CombatDecided(fighters=fighters, winner=winner):
                side = "forest_combats" if forest else "player_combats"
                counts[side] += 1
                counts[f"{side}_won"] += winner == fighters[0]
            case Hypnotised():
                counts["forest_hypnotised" if forest else "characters_hypnotised"] += 1
                forest = False
            case ForestDefeat(lost=lost):
                counts["characters_lost"] += lost  # not when a broom or a last character kept it
                forest = False
            case NotHypnotised() | Protected():
                forest = False
            case Sacrificed():
                counts["characters_lost"] += 1
            case TrapFound(card=card):
                counts[f"traps_{s.L.trap(card).trap}"] += 1
            case VoodooPlayed():
                counts["voodoo_dolls"] += 1
            case Revealed(card=card, won=won_now):
                counts["conjures"] += 1
                if won_now:
                    beaten = card
                else:
                    counts["failed_conjures"] += 1
    won = beaten >= 0 and s.winner >= 0
    values: dict[str, StatValue] = {
        "enemy_beaten": s.L.enemy(beaten).id if won else "",
        "enemy_points": enemy_points(s, beaten) if won else 0,
        "winning_culture": CULTURES[s.conjure_culture] if won else "",
        "winning_total": s.conjure_total if won else 0,
        "deck_exhausted": s.winner < 0 and not s.truncated and bool(face_down(s)),
    }
    for column in COLUMNS:
        if column.name not in values:
            values[column.name] = counts[column.name]
    return values
