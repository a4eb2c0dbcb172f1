"""Alakazum!'s log events: one small class per kind, with named fields, and their JSON encoding.

The rules append these to ``state.log``; ``text.py`` writes each one's sentence; the view sends
each as :func:`alaka.core.events.event_json` (with :func:`encoder`) plus its ``text``. Every kind
keeps the name its log line always had (``"voodoo"``, ``"combat-result"``). docs/views.md lists
every kind with its fields.

Fields hold what the engine holds (physical card numbers, level and culture indices, seats);
:func:`encode` turns them into what a reader sees, by the field's name, so a name means the same
in every kind: a card field is the card's name (a list of names for several), ``level``,
``before`` and ``after`` are ``"A"``, ``"B"`` or ``"C"``, ``culture`` a culture code, ``spell``
the spell's name, ``position`` a final enemy's place counted from 1 at the left, ``owner`` a
seat or ``None`` for the graveyard. The secret fields (``secret``) are ``None`` for a seat that
may not see them (the events' ``private`` mask).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from alaka.core.events import Encoder, Event
from alaka.games.alakazum.actions import SPELL_NAMES, Announcement, Named
from alaka.games.alakazum.combat import PotionUse
from alaka.games.alakazum.content import CULTURES, LEVELS
from alaka.games.alakazum.layout import Layout


@dataclass(slots=True)
class ZumEvent(Event):
    """The base of Alakazum!'s events (``event_kinds(ZumEvent)`` lists them)."""


# -- setup -----------------------------------------------------------------------------------------


@dataclass(slots=True)
class EnemyRemoved(ZumEvent):
    """A final enemy not in play with this many players goes back to the box (by the table)."""

    kind = "enemy-removed"
    card: int


@dataclass(slots=True)
class Dealt(ZumEvent):
    """A card of the opening deal; only its receiver sees which."""

    kind = "dealt"
    secret = ("card",)
    card: int


@dataclass(slots=True)
class Exchanged(ZumEvent):
    """Cards dealt that are not hand cards are shown and set aside, to be replaced."""

    kind = "exchange"
    cards: tuple[int, ...]


@dataclass(slots=True)
class StartPlayer(ZumEvent):
    """The player who exchanged the most cards starts."""

    kind = "start-player"
    exchanges: int


@dataclass(slots=True)
class Chosen(ZumEvent):
    """An initial character chosen for the team."""

    kind = "choose"
    card: int


@dataclass(slots=True)
class RowToGraveyard(ZumEvent):
    """The initial characters nobody chose go to the forest graveyard (by the table)."""

    kind = "row-to-graveyard"
    cards: tuple[int, ...]


# -- the turn and exploring ---------------------------------------------------------------------


@dataclass(slots=True)
class TurnStarts(ZumEvent):
    kind = "turn"
    #: The turn's number, from 1.
    turn: int


@dataclass(slots=True)
class Thrifty(ZumEvent):
    """A thrifty character takes the market pile's top card."""

    kind = "thrifty"
    card: int


@dataclass(slots=True)
class FoundHandCard(ZumEvent):
    """Exploring finds a hand card; only its finder sees which."""

    kind = "explore-hand"
    secret = ("card",)
    card: int


@dataclass(slots=True)
class NoAction(ZumEvent):
    kind = "no-action"


@dataclass(slots=True)
class TurnEnds(ZumEvent):
    kind = "end-turn"


@dataclass(slots=True)
class GameOver(ZumEvent):
    """The end; the actor is the winner, or -1 (``seat`` null) when nobody won."""

    kind = "game-over"
    #: How it ended, then the details after a colon (the outcome's reason).
    reason: str


# -- combat --------------------------------------------------------------------------------------


@dataclass(slots=True)
class ForestCharacter(ZumEvent):
    """A character met in the forest, to be fought."""

    kind = "forest-character"
    card: int


@dataclass(slots=True)
class Fighter(ZumEvent):
    kind = "fighter"
    card: int


@dataclass(slots=True)
class Helper(ZumEvent):
    """A sociable character adds its combat points."""

    kind = "helper"
    card: int


@dataclass(slots=True)
class CombatDie(ZumEvent):
    """A die combat value is rolled (by chance: no actor)."""

    kind = "combat-die"
    card: int
    value: int


@dataclass(slots=True)
class PotionPlayed(ZumEvent):
    kind = "potion"
    card: int
    #: ``"combat"`` or ``"die"``.
    use: PotionUse


@dataclass(slots=True)
class Stole(ZumEvent):
    """A steal potion takes the rival's last potion into the stealer's hand."""

    kind = "steal"
    #: The steal potion played.
    card: int
    stolen: int


@dataclass(slots=True)
class CombatDecided(ZumEvent):
    """The combat points are compared (the actor is the attacker or explorer)."""

    kind = "combat-result"
    #: The two fighters: the attacker (or explorer) first.
    fighters: tuple[int, int]
    #: Their sides' combat points, in the same order.
    totals: tuple[int, int]
    #: The fighter that won.
    winner: int
    #: Why: more combat points, or a tie to the defender or the forest character (R5).
    reason: str


@dataclass(slots=True)
class LevelUp(ZumEvent):
    """The winner goes up a level (``before == after`` at C); the actor is its player."""

    kind = "level-up"
    card: int
    before: int
    after: int


@dataclass(slots=True)
class HypnosisRoll(ZumEvent):
    kind = "hypnosis-roll"
    roll: int


@dataclass(slots=True)
class Hypnotised(ZumEvent):
    """The roll with die potions beat the loser's resistance: it joins the winner's team."""

    kind = "hypnotised"
    card: int
    total: int
    resistance: int


@dataclass(slots=True)
class NotHypnotised(ZumEvent):
    kind = "not-hypnotised"
    card: int
    total: int
    resistance: int


@dataclass(slots=True)
class Protected(ZumEvent):
    """Enough to hypnotise, but a broom or being the last character keeps it (the actor: its
    player)."""

    kind = "protected"
    card: int


@dataclass(slots=True)
class ForestDefeat(ZumEvent):
    """The forest character won: it goes back into the deck, the fighter perhaps to the graveyard."""

    kind = "forest-defeat"
    #: The forest character.
    card: int
    fighter: int
    #: Whether the fighter went to the graveyard (not with a broom or as the last character).
    lost: bool


# -- traps -----------------------------------------------------------------------------------------


@dataclass(slots=True)
class TrapFound(ZumEvent):
    kind = "trap"
    card: int


@dataclass(slots=True)
class NoEffect(ZumEvent):
    """A trap that can do nothing to this player."""

    kind = "no-effect"


@dataclass(slots=True)
class Given(ZumEvent):
    """A hand card given away to a trap; only the giver and the receiver see which."""

    kind = "give"
    secret = ("card",)
    to: int
    card: int


@dataclass(slots=True)
class HalloweenCards(ZumEvent):
    kind = "halloween-cards"


@dataclass(slots=True)
class HalloweenCharacter(ZumEvent):
    kind = "halloween-character"


@dataclass(slots=True)
class SantaRoll(ZumEvent):
    kind = "santa-roll"
    roll: int


@dataclass(slots=True)
class DiePassed(ZumEvent):
    kind = "pass-die"
    to: int


@dataclass(slots=True)
class Sacrificed(ZumEvent):
    """A character sent to the graveyard (by a trap, or after a failed Alakazum)."""

    kind = "sacrifice"
    card: int


# -- actions, spells and the voodoo window ------------------------------------------------------


@dataclass(slots=True)
class Announced(ZumEvent):
    """An action or Alakazum said aloud, with its targets, before the voodoo window (R22)."""

    kind = "announce"
    announcement: Announcement


@dataclass(slots=True)
class VoodooPlayed(ZumEvent):
    kind = "voodoo"
    #: The seat whose announced play is cancelled.
    cancels: int


@dataclass(slots=True)
class FoodGiven(ZumEvent):
    kind = "food"
    card: int
    culture: int
    #: The characters raised to level C.
    raised: tuple[int, ...]


@dataclass(slots=True)
class BroomGiven(ZumEvent):
    kind = "broom"
    #: The character the broom goes under.
    character: int


@dataclass(slots=True)
class WentToMarket(ZumEvent):
    kind = "market"
    #: The card shown (it goes on top of the pile).
    shown: int
    #: The cards taken from the pile, top first.
    taken: tuple[int, ...]


@dataclass(slots=True)
class Paid(ZumEvent):
    """A magic hat paid towards a spell."""

    kind = "pay"
    card: int


@dataclass(slots=True)
class Cast(ZumEvent):
    kind = "cast"
    spell: int
    #: The magic energy paid (very magical characters' and hats').
    paid: int


@dataclass(slots=True)
class WitchTook(ZumEvent):
    """Unlucky Witch: a card taken from the market pile."""

    kind = "witch-take"
    card: int


@dataclass(slots=True)
class Trained(ZumEvent):
    kind = "train"
    card: int
    #: The level it reached.
    level: int


@dataclass(slots=True)
class Peeked(ZumEvent):
    """Clairvoyance: only the caster sees which enemy lies there."""

    kind = "peek"
    secret = ("card",)
    position: int
    card: int


@dataclass(slots=True)
class ForestMagicSeen(ZumEvent):
    """Forest Magic's cards; only the caster sees which."""

    kind = "forest-magic"
    secret = ("cards",)
    #: How many cards the caster looks at.
    count: int
    cards: tuple[int, ...]


@dataclass(slots=True)
class ForestMagicKept(ZumEvent):
    """The card kept and the order the others went back; only the caster sees them."""

    kind = "forest-magic-kept"
    secret = ("kept", "put_back")
    kept: int
    #: Put back on the deck, the top card first.
    put_back: tuple[int, ...]
    #: How many went back.
    returned: int


@dataclass(slots=True)
class ForestMagicFight(ZumEvent):
    """The card kept is a character: it must be fought."""

    kind = "forest-magic-fight"
    card: int


@dataclass(slots=True)
class Levitated(ZumEvent):
    kind = "levitation"
    #: The caster's character, given away.
    mine: int
    #: The character it changed places with.
    theirs: int
    #: Where ``theirs`` came from: a seat, or -1 (``None``) for the graveyard.
    owner: int


@dataclass(slots=True)
class Revived(ZumEvent):
    kind = "revive"
    card: int


# -- conjuring ------------------------------------------------------------------------------------


@dataclass(slots=True)
class Conjured(ZumEvent):
    """The Alakazum was not cancelled: its objects and amulets are shown."""

    kind = "conjure"
    culture: int
    total: int
    #: The objects and amulets counted, shown to everyone.
    shown: tuple[int, ...]


@dataclass(slots=True)
class Revealed(ZumEvent):
    kind = "reveal"
    position: int
    card: int
    #: The enemy's culture points with this many players.
    points: int
    won: bool


# -- JSON ------------------------------------------------------------------------------------------

#: Fields holding a physical card, or a tuple of them.
CARD_FIELDS = frozenset(
    {"card", "cards", "stolen", "fighter", "fighters", "winner", "character", "shown", "taken", "kept"}
    | {"put_back", "raised", "mine", "theirs"}
)
#: Fields holding a level index.
LEVEL_FIELDS = frozenset({"level", "before", "after"})


def encode(layout: Layout, name: str, value: Any) -> Any:
    """The JSON form of one event field (see the module docstring)."""
    if name in CARD_FIELDS:
        if isinstance(value, tuple):
            return [layout.name(pid) for pid in value]
        return layout.name(value)
    if name in LEVEL_FIELDS:
        return LEVELS[value]
    if name == "culture":
        return CULTURES[value]
    if name == "spell":
        return SPELL_NAMES[value]
    if name == "position":
        return value + 1
    if name == "owner":
        return value if value >= 0 else None
    if name == "announcement":
        return announcement_json(layout, value)
    if isinstance(value, tuple):
        return list(value)
    return value


def announcement_json(layout: Layout, announced: Announcement) -> dict[str, Any]:
    """What was said aloud: the action (its canonical string), the characters named as they stood,
    the enemy position (from 1) and the announced total (``None`` where there is none)."""
    return {
        "action": announced.action.name,
        "characters": [_named_json(layout, named) for named in announced.characters],
        "position": announced.position + 1 if announced.position >= 0 else None,
        "total": announced.total or None,
    }


def _named_json(layout: Layout, named: Named) -> dict[str, Any]:
    """A character named in an announcement: its name, its seat (``None``: the graveyard) and
    its level then."""
    owner = named.owner if named.owner >= 0 else None
    return {"card": layout.name(named.card), "owner": owner, "level": LEVELS[named.level]}


@cache
def encoder(layout: Layout) -> Encoder:
    """:func:`encode` for one catalogue's cards, as :func:`alaka.core.events.event_json` takes it."""

    def encode_field(name: str, value: Any) -> Any:
        return encode(layout, name, value)

    return encode_field
