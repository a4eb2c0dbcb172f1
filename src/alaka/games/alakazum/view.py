"""What a seat may see of an Alakazum! position, as JSON-ready data of a declared shape.

Public: teams with levels, traits and brooms, the market pile (in order), the graveyard, the
box, revealed enemies, hand sizes, the deck's size, combats (fighters, helpers, die values,
potions played; once decided, the totals as fought, the winner and why, the hypnosis roll; the
last combat stays until the next), announcements and everything said in the log. Private: hand
cards (their owner; a card given by a trap also to the giver), the enemy a seat looked at with
Clairvoyance, the cards Forest Magic showed and the order they went back (the caster). When the
game is over every hand is shown, since the ranking counts objects and amulets. A spectator
(``seat=None``) sees only what is public.

The view also carries the printed face of every card it names (``cards``: a character's numbers
at each level, a hand card's market number and effect), so a table drawn from it needs nothing
else. Its shape is :class:`ZumView` (the entry's ``view_type``); docs/views.md describes it.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Literal, TypeAlias, TypedDict

from alaka.core.events import event_json
from alaka.core.language import tr
from alaka.core.protocol import BaseView, JsonDict
from alaka.games.alakazum import rules, text
from alaka.games.alakazum.actions import seat_key
from alaka.games.alakazum.combat import PotionUse
from alaka.games.alakazum.content import (
    CULTURES,
    LEVELS,
    Amulet,
    Broom,
    Character,
    CombatPotion,
    CombatValue,
    CultureObject,
    DiePotion,
    DoublePotion,
    FinalEnemy,
    Food,
    HandCard,
    Level,
    MagicHat,
    StealPotion,
    Trap,
    VoodooDoll,
)
from alaka.games.alakazum.events import encoder

if TYPE_CHECKING:
    from alaka.games.alakazum.layout import Layout
    from alaka.games.alakazum.state import AlakazumState


class CharacterJson(TypedDict):
    """A character on the table (a team, the graveyard, the initial row, a combat side) with its
    numbers at the level it has there; :class:`PrintedCharacter` has every level."""

    #: The physical card (``casteller#2`` when the box holds copies), as actions name it.
    card: str
    name: str
    #: A culture code, or ``MULTI``.
    culture: str
    level: Level
    combat: CombatValue
    culture_points: int
    resistance: int
    #: ``sociable``, ``thrifty``, ``very_magical``, sorted.
    traits: list[str]
    magic_energy: int
    broom: bool


class PlayerJson(TypedDict):
    seat: int
    #: The seat's key in actions (``p1``).
    name: str
    team: list[CharacterJson]
    #: The hand's card names for its own seat (every seat's once the game is over), else null.
    hand: list[str] | None
    hand_size: int
    #: Cards exchanged at the opening deal (who exchanged most starts).
    exchanges: int
    #: Each culture's points of the team at its levels (hand cards not counted).
    culture_on_table: dict[str, int]


class _KnownEnemy(TypedDict, total=False):
    #: Only once the seat knows it (uncovered, or seen with its own Clairvoyance).
    name: str
    #: The points to beat with this many players, with ``name``.
    culture_points: int


class EnemyJson(_KnownEnemy):
    """A final enemy's place (``name`` and ``culture_points`` only once the seat knows it).
    Optional keys are declared with ``total=False`` rather than ``NotRequired``, which Python
    3.11 does not see in postponed annotations."""

    #: From 1 at the left.
    position: int
    revealed: bool


class CombatSideJson(TypedDict):
    #: The side's player, null for the forest.
    seat: int | None
    fighter: CharacterJson | None
    helper: CharacterJson | None
    #: Combat points (as fought once decided); null before the fighter is chosen.
    total: int | None


#: A potion played in the combat; ``as``: ``"combat"``, ``"die"`` or ``"steal"`` (a Python
#: keyword, hence the functional form); ``in_effect`` false once stolen.
PotionJson = TypedDict("PotionJson", {"seat": int, "card": str, "as": PotionUse, "in_effect": bool})


class CombatJson(TypedDict):
    forest: bool
    #: True for the last combat, shown until the next one starts.
    over: bool
    #: Attacker (or explorer) first, then defender (or the forest character).
    sides: list[CombatSideJson]
    #: Die combat values rolled, by physical card.
    die_values: dict[str, int]
    potions: list[PotionJson]
    #: The winning side's seat once decided (-1: the forest), else null.
    winner: int | None
    reason: str | None
    #: The hypnosis roll, and with die potions; null before it.
    roll: int | None
    die_total: int | None
    #: ``"hypnotised"``, ``"not hypnotised"`` or ``"protected"`` once over.
    hypnosis: str | None


class ConjureJson(TypedDict):
    culture: str
    total: int


class PrintedLevel(TypedDict):
    level: Level
    combat: CombatValue
    culture_points: int
    resistance: int


class PrintedCharacter(TypedDict):
    """A character card as printed: its numbers at every level."""

    type: Literal["character"]
    culture: str
    levels: list[PrintedLevel]
    traits: list[str]
    magic_energy: int


class _EffectNumbers(TypedDict, total=False):
    combat: int
    die: int
    energy: int
    #: A food's two foods: culture code -> food name.
    foods: dict[str, str]
    culture: str
    culture_points: int


class EffectJson(_EffectNumbers):
    """A hand card's effect, as the catalogue writes it: its ``type`` and that type's numbers."""

    type: Literal[
        "combat_potion",
        "die_potion",
        "double_potion",
        "steal_potion",
        "magic_hat",
        "food",
        "broom",
        "culture_object",
        "amulet",
        "voodoo_doll",
    ]


class PrintedHandCard(TypedDict):
    type: Literal["hand"]
    #: The card's name in actions (``potion-combat:combat_potion_1``), so a table can offer a
    #: choice on the card itself.
    key: str
    #: How many cards it takes from the market pile when shown; null for a voodoo doll.
    market_number: int | None
    effect: EffectJson


class PrintedTrap(TypedDict):
    type: Literal["trap"]
    #: Which trap rule: ``black_friday``, ``halloween`` or ``santa_claus``.
    trap: str


class PrintedEnemy(TypedDict):
    type: Literal["final_enemy"]
    #: Its culture points by number of players ("2".."5"); a count it is missing from removes it.
    culture_points: dict[str, int]


PrintedCard: TypeAlias = PrintedCharacter | PrintedHandCard | PrintedTrap | PrintedEnemy


class ZumView(BaseView):
    """An Alakazum! view (see the module docstring and docs/views.md)."""

    #: The phase in the reader's words (``phase`` is the same in every language: code compares it).
    phase_name: str

    #: The seat whose turn it is, once the starting player is known.
    active_player: int | None
    start_player: int | None
    #: Actions left this turn (Déjà Vu gives two more); 0 outside the action phase.
    actions_left: int
    players: list[PlayerJson]
    enemies: list[EnemyJson]
    #: The market pile, top card first.
    market: list[str]
    deck_size: int
    #: The known top of the forest deck, top first, for the seats that know it (Forest Magic).
    deck_top_known: list[str] | None
    graveyard: list[CharacterJson]
    #: The initial characters not chosen yet, at level A.
    initial_row: list[CharacterJson]
    #: Out of the game: used traps and voodoo dolls, enemies not in play.
    box: list[str]
    combat: CombatJson | None
    #: The action or Alakazum announced and not over yet, in words.
    announced: str | None
    #: Seat keys still to be asked in the voodoo window, in order.
    voodoo_to_ask: list[str]
    #: The cards Forest Magic shows its caster, until one is kept.
    forest_magic: list[str] | None
    #: The Alakazum being conjured, while its enemy is uncovered.
    conjure: ConjureJson | None
    #: The printed data of every card this view names, by name (the table's card faces).
    cards: dict[str, PrintedCard]


def character_json(s: AlakazumState, pid: int, level: int | None = None) -> CharacterJson:
    c = s.L.character(pid)
    at = s.level[pid] if level is None else level
    return {
        "card": s.L.keys[pid],
        "name": c.name,
        "culture": c.culture,
        "level": LEVELS[at],
        "combat": c.combat[at],
        "culture_points": c.culture_points[at],
        "resistance": c.resistance[at],
        "traits": sorted(c.traits),
        "magic_energy": c.magic_energy,
        "broom": s.broom_of[pid] >= 0,
    }


def _combat(s: AlakazumState) -> CombatJson | None:
    """The combat being fought, or else the last one (kept until the next combat). Once the
    combat points are compared, the totals, levels and winner are the ones fought (R5), not
    recomputed from the level the winner has gained since."""
    combat = s.combat if s.combat is not None else s.last_combat
    if combat is None:
        return None
    result = combat.result
    fought = dict(result.levels) if result is not None else {}
    sides: list[CombatSideJson] = []
    for side in (0, 1):
        fighter, helper = combat.fighter[side], combat.helper[side]
        forest_character = combat.forest and side == 1
        if result is not None:
            total: int | None = result.totals[side]
        else:
            total = rules.combat_total(s, combat, side) if fighter >= 0 else None
        sides.append(
            {
                "seat": combat.owner[side] if combat.owner[side] >= 0 else None,
                "fighter": character_json(s, fighter, 0 if forest_character else fought.get(fighter))
                if fighter >= 0
                else None,
                "helper": character_json(s, helper, fought.get(helper)) if helper >= 0 else None,
                "total": total,
            }
        )
    return {
        "forest": combat.forest,
        "over": combat is not s.combat,
        "sides": sides,
        "die_values": {s.L.keys[pid]: value for pid, value in combat.values.items()},
        "potions": [
            {
                "seat": potion.seat,
                "card": s.L.name(potion.card),
                "as": potion.use,
                "in_effect": potion.in_effect,
            }
            for potion in combat.played
        ],
        "winner": combat.owner[result.winner] if result is not None else None,
        "reason": result.reason if result is not None else None,
        "roll": combat.roll or None,
        "die_total": rules.die_total(s, combat) if combat.roll else None,
        "hypnosis": combat.hypnosis or None,
    }


def _enemies(s: AlakazumState, seat: int | None) -> list[EnemyJson]:
    out: list[EnemyJson] = []
    for position, pid in enumerate(s.enemy_at):
        revealed = bool(s.revealed >> position & 1)
        known = revealed or (seat is not None and pid >= 0 and bool(s.peeked[position] >> seat & 1))
        entry: EnemyJson = {"position": position + 1, "revealed": revealed}
        if known:
            entry["name"] = s.L.name(pid)
            entry["culture_points"] = rules.enemy_points(s, pid)
        out.append(entry)
    return out


def log_json(s: AlakazumState, seat: int | None, since: int) -> list[JsonDict]:
    """The log from event number ``since`` as ``seat`` may see it: each event's JSON form
    (:func:`alaka.core.events.event_json`) and its sentence as ``text``."""
    encode = encoder(s.L)
    out = []
    for event in s.log[since:]:
        entry = event_json(event, seat, encode)
        entry["text"] = text.event_text(s, event, event.hidden_from(seat))
        out.append(entry)
    return out


# -- printed cards -----------------------------------------------------------------------------


def printed(layout: Layout, pid: int) -> PrintedCard:
    """The card's face as printed (what a player reads on the table), from the catalogue."""
    card = layout.card(pid)
    if isinstance(card, Character):
        return _printed_character(card)
    if isinstance(card, HandCard):
        return {"type": "hand", "key": card.id, "market_number": card.take, "effect": effect_json(card)}
    if isinstance(card, Trap):
        return {"type": "trap", "trap": card.trap}
    return _printed_enemy(card)


def _printed_character(card: Character) -> PrintedCharacter:
    levels: list[PrintedLevel] = [
        {
            "level": LEVELS[at],
            "combat": card.combat[at],
            "culture_points": card.culture_points[at],
            "resistance": card.resistance[at],
        }
        for at in range(len(LEVELS))
    ]
    return {
        "type": "character",
        "culture": card.culture,
        "levels": levels,
        "traits": sorted(card.traits),
        "magic_energy": card.magic_energy,
    }


def _printed_enemy(card: FinalEnemy) -> PrintedEnemy:
    return {"type": "final_enemy", "culture_points": {str(n): points for n, points in card.points_by_players}}


def effect_json(card: HandCard) -> EffectJson:
    """A hand card's effect in the catalogue's own words (``{"type": "combat_potion", "combat": 2}``)."""
    effect = card.effect
    if isinstance(effect, CombatPotion):
        return {"type": "combat_potion", "combat": effect.combat}
    if isinstance(effect, DiePotion):
        return {"type": "die_potion", "die": effect.die}
    if isinstance(effect, DoublePotion):
        return {"type": "double_potion", "combat": effect.combat, "die": effect.die}
    if isinstance(effect, StealPotion):
        return {"type": "steal_potion"}
    if isinstance(effect, MagicHat):
        return {"type": "magic_hat", "energy": effect.energy}
    if isinstance(effect, Food):
        return {"type": "food", "foods": dict(effect.foods)}
    if isinstance(effect, Broom):
        return {"type": "broom"}
    if isinstance(effect, CultureObject):
        return {"type": "culture_object", "culture": effect.culture, "culture_points": effect.culture_points}
    if isinstance(effect, Amulet):
        return {"type": "amulet", "culture_points": effect.culture_points}
    if isinstance(effect, VoodooDoll):
        return {"type": "voodoo_doll"}
    raise TypeError(f"no JSON form for the effect {effect!r}")


@cache
def _card_index(layout: Layout) -> tuple[dict[str, int], dict[str, int]]:
    """A physical card by its key, and one by its name (copies share their printed face)."""
    keys = {key: pid for pid, key in enumerate(layout.keys)}
    by_name = {layout.name(pid): pid for pid in range(len(layout.keys))}
    return keys, by_name


def _named_cards(s: AlakazumState, view: ZumView) -> list[int]:
    """The physical cards this view names: what the table shows this seat."""
    keys, by_name = _card_index(s.L)
    names: list[str] = [*view["market"], *view["box"]]
    names += view["deck_top_known"] or []
    names += view["forest_magic"] or []
    names += [enemy["name"] for enemy in view["enemies"] if "name" in enemy]
    for player in view["players"]:
        names += player["hand"] or []
    combat = view["combat"]
    if combat is not None:
        names += [potion["card"] for potion in combat["potions"]]
    pids = [by_name[name] for name in names]
    characters = [*view["graveyard"], *view["initial_row"]]
    for player in view["players"]:
        characters += player["team"]
    if combat is not None:
        characters += [c for side in combat["sides"] for c in (side["fighter"], side["helper"]) if c]
    pids += [keys[c["card"]] for c in characters]
    return pids


@cache
def _printed_faces(layout: Layout) -> tuple[PrintedCard, ...]:
    """Every physical card's printed face, worked out once per set of components: a face never
    changes, and building them was half of each view's time (a server builds a view per seat at
    every step). The faces are shared by every view of the game, so readers must not change them."""
    return tuple(printed(layout, pid) for pid in range(len(layout.keys)))


def cards_json(s: AlakazumState, view: ZumView) -> dict[str, PrintedCard]:
    """Every card the view names, by name, with its printed data (see :func:`printed`)."""
    layout = s.L
    faces = _printed_faces(layout)
    return {layout.name(pid): faces[pid] for pid in _named_cards(s, view)}


# -- the view ----------------------------------------------------------------------------------


def view(s: AlakazumState, seat: int | None, log_since: int | None = 0) -> ZumView:
    if seat is not None and not 0 <= seat < s.n:
        raise ValueError(f"seat must be 0..{s.n - 1} or None, not {seat!r}")
    L = s.L
    outcome = s.outcome()
    players: list[PlayerJson] = []
    for q in range(s.n):
        shown = seat == q or s.phase == rules.PH_OVER  # hands are shown when the game ends
        players.append(
            {
                "seat": q,
                "name": seat_key(q),
                "team": [character_json(s, pid) for pid in s.teams[q]],
                "hand": [L.name(pid) for pid in s.hands[q]] if shown else None,
                "hand_size": len(s.hands[q]),
                "exchanges": s.exchanges[q],
                "culture_on_table": dict(zip(CULTURES, rules.culture_totals(s, q, hand=False), strict=True)),
            }
        )
    mine = seat is not None and seat == s.player
    top_known = seat is not None and bool(s.top_known >> seat & 1)
    shown_view: ZumView = {
        "game": "alakazum",
        "seat": seat,
        "num_players": s.n,
        "phase": text.PHASE_NAMES[s.phase],
        "phase_name": tr(text.PHASE_NAMES[s.phase]),
        "decision": text.describe_decision(s),
        "current_player": s.current_player(),
        "active_player": s.player if s.start_player >= 0 else None,
        "start_player": s.start_player if s.start_player >= 0 else None,
        "turn": s.turns,
        "actions_left": s.actions_left if s.phase == rules.PH_ACTION else 0,
        "players": players,
        "enemies": _enemies(s, seat),
        "market": [L.name(pid) for pid in reversed(s.market)],
        "deck_size": len(s.deck) + len(s.deck_top),
        "deck_top_known": [L.name(pid) for pid in reversed(s.deck_top)] if top_known else None,
        "graveyard": [character_json(s, pid) for pid in s.graveyard],
        "initial_row": [character_json(s, pid, 0) for pid in s.row],
        "box": [L.name(pid) for pid in s.box],
        "combat": _combat(s),
        "announced": text.announcement(s),
        "voodoo_to_ask": [seat_key(q) for q in rules.voodoo.window(s)],
        "forest_magic": [L.name(pid) for pid in s.fm_cards] if mine and s.fm_cards else None,
        "conjure": (
            {"culture": CULTURES[s.conjure_culture], "total": s.conjure_total}
            if s.phase in (rules.PH_REVEAL, rules.PH_SACRIFICE) and s.conjure_culture >= 0
            else None
        ),
        "cards": {},
        "log": [] if log_since is None else log_json(s, seat, log_since),
        "log_size": len(s.log),
        "outcome": outcome.to_json() if outcome is not None else None,
    }
    shown_view["cards"] = cards_json(s, shown_view)
    return shown_view
