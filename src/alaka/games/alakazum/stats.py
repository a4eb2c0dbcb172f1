"""Alakazum!'s per-game statistics for the simulator (see :mod:`alaka.core.stats`).

What a designer asks of a batch of games: which enemy fell and to how many points, in which
culture, how much magic, fighting, trapping and voodoo went on, how often the forest ran out,
how many characters were lost. Facts the final state holds (the winner, the winning conjure's
culture and total, the face-down enemies, the turns) are read from its fields; the rest is
counted from the event log.

And per seat, so that a card or a choice can be linked to who won: the ``seat_*`` counts (the
same events, counted for the seat that acted) and two component columns naming cards by their
catalogue id: ``held``, the cards each seat ended with (hand, team and the brooms under its
characters), and ``played``, the cards each seat used during the game (potions, stolen with or
drunk; hats paid; food and brooms given; voodoo dolls; objects and amulets shown in an
Alakazum).
"""

from __future__ import annotations

from collections import Counter

from alaka.core.protocol import State
from alaka.core.stats import GameBasics, StatColumn, StatValue, join_components
from alaka.games.alakazum.actions import SPELL_NAMES, SPELLS
from alaka.games.alakazum.content import CULTURES, TRAPS
from alaka.games.alakazum.events import (
    BroomGiven,
    Cast,
    CombatDecided,
    Conjured,
    FoodGiven,
    ForestCharacter,
    ForestDefeat,
    Hypnotised,
    NotHypnotised,
    Paid,
    PotionPlayed,
    Protected,
    Revealed,
    Sacrificed,
    Stole,
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
    *(
        StatColumn(f"seat_{name}", int, meaning, per_seat=True)
        for name, meaning in (
            ("conjures", "Alakazums each seat conjured, won or failed"),
            ("failed_conjures", "Alakazums each seat conjured that did not beat the enemy"),
            ("spells", "spells each seat cast"),
            ("forest_combats", "forest combats each seat fought as the explorer"),
            ("forest_combats_won", "forest combats each seat won"),
            ("player_combats", "combats each seat started against another player"),
            ("player_combats_won", "combats each seat started and won"),
            ("hypnotised", "characters each seat hypnotised, from the forest or another player"),
            ("characters_lost", "characters each seat lost to the forest graveyard"),
            ("traps", "traps each seat found in the forest"),
            ("voodoo_dolls", "voodoo dolls each seat played"),
        )
    ),
    StatColumn(
        "held",
        str,
        "the cards each seat ended with, hand, team and brooms (catalogue ids)",
        per_seat=True,
        component=True,
    ),
    StatColumn(
        "played",
        str,
        "the cards each seat used: potions, hats, food, brooms, dolls, objects shown (catalogue ids)",
        per_seat=True,
        component=True,
    ),
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
    seats: list[Counter[str]] = [Counter() for _ in range(s.n)]
    played: list[list[int]] = [[] for _ in range(s.n)]  # physical cards, by the seat that used them
    beaten = -1  # the physical card of the enemy the winning Alakazum uncovered
    forest = False  # the current (or last) combat is against a forest character
    for event in s.log:
        match event:
            case Cast(actor=seat, spell=spell):
                counts[f"spells_{SPELLS[spell]}"] += 1
                seats[seat]["spells"] += 1
            case ForestCharacter():
                forest = True
            case CombatDecided(actor=seat, fighters=fighters, winner=winner):
                side = "forest_combats" if forest else "player_combats"
                counts[side] += 1
                counts[f"{side}_won"] += winner == fighters[0]
                seats[seat][side] += 1
                seats[seat][f"{side}_won"] += winner == fighters[0]
            case Hypnotised(actor=seat):
                counts["forest_hypnotised" if forest else "characters_hypnotised"] += 1
                seats[seat]["hypnotised"] += 1
                forest = False
            case ForestDefeat(actor=seat, lost=lost):
                counts["characters_lost"] += lost  # not when a broom or a last character kept it
                seats[seat]["characters_lost"] += lost
                forest = False
            case NotHypnotised() | Protected():
                forest = False
            case Sacrificed(actor=seat):
                counts["characters_lost"] += 1
                seats[seat]["characters_lost"] += 1
            case TrapFound(actor=seat, card=card):
                counts[f"traps_{s.L.trap(card).trap}"] += 1
                seats[seat]["traps"] += 1
            case VoodooPlayed(actor=seat):
                counts["voodoo_dolls"] += 1
                seats[seat]["voodoo_dolls"] += 1
                played[seat].append(_voodoo_doll(s))
            case PotionPlayed(actor=seat, card=card) | Stole(actor=seat, card=card):
                played[seat].append(card)
            case Paid(actor=seat, card=card) | FoodGiven(actor=seat, card=card):
                played[seat].append(card)
            case BroomGiven(actor=seat, character=character):
                played[seat].append(s.broom_of[character])  # a broom never leaves its character
            case Conjured(actor=seat, shown=shown):
                played[seat].extend(shown)
            case Revealed(actor=seat, card=card, won=won_now):
                counts["conjures"] += 1
                seats[seat]["conjures"] += 1
                if won_now:
                    beaten = card
                else:
                    counts["failed_conjures"] += 1
                    seats[seat]["failed_conjures"] += 1
    won = beaten >= 0 and s.winner >= 0
    values: dict[str, StatValue] = {
        "enemy_beaten": s.L.enemy(beaten).id if won else "",
        "enemy_points": enemy_points(s, beaten) if won else 0,
        "winning_culture": CULTURES[s.conjure_culture] if won else "",
        "winning_total": s.conjure_total if won else 0,
        "deck_exhausted": s.winner < 0 and not s.truncated and bool(face_down(s)),
        "held": tuple(_ids(s, _held(s, seat)) for seat in range(s.n)),
        "played": tuple(_ids(s, cards) for cards in played),
    }
    for column in COLUMNS:
        if column.name in values:
            continue
        if column.per_seat:  # a seat_* count
            name = column.name.removeprefix("seat_")
            values[column.name] = tuple(seat[name] for seat in seats)
        else:
            values[column.name] = counts[column.name]
    return values


def _held(s: AlakazumState, seat: int) -> list[int]:
    """The physical cards a seat has at the end: its hand, its team and the brooms under it."""
    team = s.teams[seat]
    return [*s.hands[seat], *team, *(s.broom_of[pid] for pid in team if s.broom_of[pid] >= 0)]


def _ids(s: AlakazumState, cards: list[int]) -> str:
    """Physical cards as a component value: their catalogue ids (copies of a row are one id)."""
    return join_components(s.L.card(pid).id for pid in cards)


def _voodoo_doll(s: AlakazumState) -> int:
    """A physical voodoo doll (the event does not say which was played; dolls are one row in the
    box's catalogue, so any of them names it)."""
    return next(pid for pid, doll in enumerate(s.L.is_voodoo) if doll)
