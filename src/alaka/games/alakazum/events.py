"""Alakazum!'s log events: one small class per kind, with named fields, and their JSON encoding.

The rules append these to the state's log (through ``state.events``, the log's own list);
``text.py`` writes each one's sentence; the view sends each as
:func:`alaka.core.events.event_json` (with :func:`encoder`) plus its ``text``. Every kind
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

from functools import cache
from typing import Any

from alaka.core.compiling import mypyc_attr
from alaka.core.events import Encoder, Event
from alaka.games.alakazum.actions import SPELL_NAMES, Announcement, Named
from alaka.games.alakazum.combat import PotionUse
from alaka.games.alakazum.content import CULTURES, LEVELS
from alaka.games.alakazum.layout import Layout


@mypyc_attr(allow_interpreted_subclasses=True)
class ZumEvent(Event):
    """The base of Alakazum!'s events (``event_kinds(ZumEvent)`` lists them); a test may subclass
    it in Python, also when this module is compiled."""

    __slots__ = ()


# -- setup -----------------------------------------------------------------------------------------


class EnemyRemoved(ZumEvent):
    """A final enemy not in play with this many players goes back to the box (by the table)."""

    kind = "enemy-removed"
    card: int

    __slots__ = ("card",)
    __match_args__ = ("actor", "private", "card")

    def __init__(self, actor: int, private: int, card: int) -> None:
        self.actor = actor
        self.private = private
        self.card = card


class Dealt(ZumEvent):
    """A card of the opening deal; only its receiver sees which."""

    kind = "dealt"
    secret = ("card",)
    card: int

    __slots__ = ("card",)
    __match_args__ = ("actor", "private", "card")

    def __init__(self, actor: int, private: int, card: int) -> None:
        self.actor = actor
        self.private = private
        self.card = card


class Exchanged(ZumEvent):
    """Cards dealt that are not hand cards are shown and set aside, to be replaced."""

    kind = "exchange"
    cards: tuple[int, ...]

    __slots__ = ("cards",)
    __match_args__ = ("actor", "private", "cards")

    def __init__(self, actor: int, private: int, cards: tuple[int, ...]) -> None:
        self.actor = actor
        self.private = private
        self.cards = cards


class StartPlayer(ZumEvent):
    """The player who exchanged the most cards starts."""

    kind = "start-player"
    exchanges: int

    __slots__ = ("exchanges",)
    __match_args__ = ("actor", "private", "exchanges")

    def __init__(self, actor: int, private: int, exchanges: int) -> None:
        self.actor = actor
        self.private = private
        self.exchanges = exchanges


class Chosen(ZumEvent):
    """An initial character chosen for the team."""

    kind = "choose"
    card: int

    __slots__ = ("card",)
    __match_args__ = ("actor", "private", "card")

    def __init__(self, actor: int, private: int, card: int) -> None:
        self.actor = actor
        self.private = private
        self.card = card


class RowToGraveyard(ZumEvent):
    """The initial characters nobody chose go to the forest graveyard (by the table)."""

    kind = "row-to-graveyard"
    cards: tuple[int, ...]

    __slots__ = ("cards",)
    __match_args__ = ("actor", "private", "cards")

    def __init__(self, actor: int, private: int, cards: tuple[int, ...]) -> None:
        self.actor = actor
        self.private = private
        self.cards = cards


# -- the turn and exploring ---------------------------------------------------------------------


class TurnStarts(ZumEvent):
    kind = "turn"
    #: The turn's number, from 1.
    turn: int

    __slots__ = ("turn",)
    __match_args__ = ("actor", "private", "turn")

    def __init__(self, actor: int, private: int, turn: int) -> None:
        self.actor = actor
        self.private = private
        self.turn = turn


class Thrifty(ZumEvent):
    """A thrifty character takes the market pile's top card."""

    kind = "thrifty"
    card: int

    __slots__ = ("card",)
    __match_args__ = ("actor", "private", "card")

    def __init__(self, actor: int, private: int, card: int) -> None:
        self.actor = actor
        self.private = private
        self.card = card


class FoundHandCard(ZumEvent):
    """Exploring finds a hand card; only its finder sees which."""

    kind = "explore-hand"
    secret = ("card",)
    card: int

    __slots__ = ("card",)
    __match_args__ = ("actor", "private", "card")

    def __init__(self, actor: int, private: int, card: int) -> None:
        self.actor = actor
        self.private = private
        self.card = card


class NoAction(ZumEvent):
    kind = "no-action"

    __slots__ = ()


class TurnEnds(ZumEvent):
    kind = "end-turn"

    __slots__ = ()


class GameOver(ZumEvent):
    """The end; the actor is the winner, or -1 (``seat`` null) when nobody won."""

    kind = "game-over"
    #: How it ended, then the details after a colon (the outcome's reason).
    reason: str

    __slots__ = ("reason",)
    __match_args__ = ("actor", "private", "reason")

    def __init__(self, actor: int, private: int, reason: str) -> None:
        self.actor = actor
        self.private = private
        self.reason = reason


# -- combat --------------------------------------------------------------------------------------


class ForestCharacter(ZumEvent):
    """A character met in the forest, to be fought."""

    kind = "forest-character"
    card: int

    __slots__ = ("card",)
    __match_args__ = ("actor", "private", "card")

    def __init__(self, actor: int, private: int, card: int) -> None:
        self.actor = actor
        self.private = private
        self.card = card


class Fighter(ZumEvent):
    kind = "fighter"
    card: int

    __slots__ = ("card",)
    __match_args__ = ("actor", "private", "card")

    def __init__(self, actor: int, private: int, card: int) -> None:
        self.actor = actor
        self.private = private
        self.card = card


class Helper(ZumEvent):
    """A sociable character adds its combat points."""

    kind = "helper"
    card: int

    __slots__ = ("card",)
    __match_args__ = ("actor", "private", "card")

    def __init__(self, actor: int, private: int, card: int) -> None:
        self.actor = actor
        self.private = private
        self.card = card


class CombatDie(ZumEvent):
    """A die combat value is rolled (by chance: no actor)."""

    kind = "combat-die"
    card: int
    value: int

    __slots__ = ("card", "value")
    __match_args__ = ("actor", "private", "card", "value")

    def __init__(self, actor: int, private: int, card: int, value: int) -> None:
        self.actor = actor
        self.private = private
        self.card = card
        self.value = value


class PotionPlayed(ZumEvent):
    kind = "potion"
    card: int
    #: ``"combat"`` or ``"die"``.
    use: PotionUse

    __slots__ = ("card", "use")
    __match_args__ = ("actor", "private", "card", "use")

    def __init__(self, actor: int, private: int, card: int, use: PotionUse) -> None:
        self.actor = actor
        self.private = private
        self.card = card
        self.use = use


class Stole(ZumEvent):
    """A steal potion takes the rival's last potion into the stealer's hand."""

    kind = "steal"
    #: The steal potion played.
    card: int
    stolen: int

    __slots__ = ("card", "stolen")
    __match_args__ = ("actor", "private", "card", "stolen")

    def __init__(self, actor: int, private: int, card: int, stolen: int) -> None:
        self.actor = actor
        self.private = private
        self.card = card
        self.stolen = stolen


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

    __slots__ = ("fighters", "reason", "totals", "winner")
    __match_args__ = ("actor", "private", "fighters", "totals", "winner", "reason")

    def __init__(
        self,
        actor: int,
        private: int,
        fighters: tuple[int, int],
        totals: tuple[int, int],
        winner: int,
        reason: str,
    ) -> None:
        self.actor = actor
        self.private = private
        self.fighters = fighters
        self.totals = totals
        self.winner = winner
        self.reason = reason


class LevelUp(ZumEvent):
    """The winner goes up a level (``before == after`` at C); the actor is its player."""

    kind = "level-up"
    card: int
    before: int
    after: int

    __slots__ = ("after", "before", "card")
    __match_args__ = ("actor", "private", "card", "before", "after")

    def __init__(self, actor: int, private: int, card: int, before: int, after: int) -> None:
        self.actor = actor
        self.private = private
        self.card = card
        self.before = before
        self.after = after


class HypnosisRoll(ZumEvent):
    kind = "hypnosis-roll"
    roll: int

    __slots__ = ("roll",)
    __match_args__ = ("actor", "private", "roll")

    def __init__(self, actor: int, private: int, roll: int) -> None:
        self.actor = actor
        self.private = private
        self.roll = roll


class Hypnotised(ZumEvent):
    """The roll with die potions beat the loser's resistance: it joins the winner's team."""

    kind = "hypnotised"
    card: int
    total: int
    resistance: int

    __slots__ = ("card", "resistance", "total")
    __match_args__ = ("actor", "private", "card", "total", "resistance")

    def __init__(self, actor: int, private: int, card: int, total: int, resistance: int) -> None:
        self.actor = actor
        self.private = private
        self.card = card
        self.total = total
        self.resistance = resistance


class NotHypnotised(ZumEvent):
    kind = "not-hypnotised"
    card: int
    total: int
    resistance: int

    __slots__ = ("card", "resistance", "total")
    __match_args__ = ("actor", "private", "card", "total", "resistance")

    def __init__(self, actor: int, private: int, card: int, total: int, resistance: int) -> None:
        self.actor = actor
        self.private = private
        self.card = card
        self.total = total
        self.resistance = resistance


class Protected(ZumEvent):
    """Enough to hypnotise, but a broom or being the last character keeps it (the actor: its
    player)."""

    kind = "protected"
    card: int

    __slots__ = ("card",)
    __match_args__ = ("actor", "private", "card")

    def __init__(self, actor: int, private: int, card: int) -> None:
        self.actor = actor
        self.private = private
        self.card = card


class ForestDefeat(ZumEvent):
    """The forest character won: it goes back into the deck, the fighter perhaps to the graveyard."""

    kind = "forest-defeat"
    #: The forest character.
    card: int
    fighter: int
    #: Whether the fighter went to the graveyard (not with a broom or as the last character).
    lost: bool

    __slots__ = ("card", "fighter", "lost")
    __match_args__ = ("actor", "private", "card", "fighter", "lost")

    def __init__(self, actor: int, private: int, card: int, fighter: int, lost: bool) -> None:
        self.actor = actor
        self.private = private
        self.card = card
        self.fighter = fighter
        self.lost = lost


# -- traps -----------------------------------------------------------------------------------------


class TrapFound(ZumEvent):
    kind = "trap"
    card: int

    __slots__ = ("card",)
    __match_args__ = ("actor", "private", "card")

    def __init__(self, actor: int, private: int, card: int) -> None:
        self.actor = actor
        self.private = private
        self.card = card


class NoEffect(ZumEvent):
    """A trap that can do nothing to this player."""

    kind = "no-effect"

    __slots__ = ()


class Given(ZumEvent):
    """A hand card given away to a trap; only the giver and the receiver see which."""

    kind = "give"
    secret = ("card",)
    to: int
    card: int

    __slots__ = ("card", "to")
    __match_args__ = ("actor", "private", "to", "card")

    def __init__(self, actor: int, private: int, to: int, card: int) -> None:
        self.actor = actor
        self.private = private
        self.to = to
        self.card = card


class HalloweenCards(ZumEvent):
    kind = "halloween-cards"

    __slots__ = ()


class HalloweenCharacter(ZumEvent):
    kind = "halloween-character"

    __slots__ = ()


class SantaRoll(ZumEvent):
    kind = "santa-roll"
    roll: int

    __slots__ = ("roll",)
    __match_args__ = ("actor", "private", "roll")

    def __init__(self, actor: int, private: int, roll: int) -> None:
        self.actor = actor
        self.private = private
        self.roll = roll


class DiePassed(ZumEvent):
    kind = "pass-die"
    to: int

    __slots__ = ("to",)
    __match_args__ = ("actor", "private", "to")

    def __init__(self, actor: int, private: int, to: int) -> None:
        self.actor = actor
        self.private = private
        self.to = to


class Sacrificed(ZumEvent):
    """A character sent to the graveyard (by a trap, or after a failed Alakazum)."""

    kind = "sacrifice"
    card: int

    __slots__ = ("card",)
    __match_args__ = ("actor", "private", "card")

    def __init__(self, actor: int, private: int, card: int) -> None:
        self.actor = actor
        self.private = private
        self.card = card


# -- actions, spells and the voodoo window ------------------------------------------------------


class Announced(ZumEvent):
    """An action or Alakazum said aloud, with its targets, before the voodoo window (R22)."""

    kind = "announce"
    announcement: Announcement

    __slots__ = ("announcement",)
    __match_args__ = ("actor", "private", "announcement")

    def __init__(self, actor: int, private: int, announcement: Announcement) -> None:
        self.actor = actor
        self.private = private
        self.announcement = announcement


class VoodooPlayed(ZumEvent):
    kind = "voodoo"
    #: The seat whose announced play is cancelled.
    cancels: int

    __slots__ = ("cancels",)
    __match_args__ = ("actor", "private", "cancels")

    def __init__(self, actor: int, private: int, cancels: int) -> None:
        self.actor = actor
        self.private = private
        self.cancels = cancels


class FoodGiven(ZumEvent):
    kind = "food"
    card: int
    culture: int
    #: The characters raised to level C.
    raised: tuple[int, ...]

    __slots__ = ("card", "culture", "raised")
    __match_args__ = ("actor", "private", "card", "culture", "raised")

    def __init__(self, actor: int, private: int, card: int, culture: int, raised: tuple[int, ...]) -> None:
        self.actor = actor
        self.private = private
        self.card = card
        self.culture = culture
        self.raised = raised


class BroomGiven(ZumEvent):
    kind = "broom"
    #: The character the broom goes under.
    character: int

    __slots__ = ("character",)
    __match_args__ = ("actor", "private", "character")

    def __init__(self, actor: int, private: int, character: int) -> None:
        self.actor = actor
        self.private = private
        self.character = character


class WentToMarket(ZumEvent):
    kind = "market"
    #: The card shown (it goes on top of the pile).
    shown: int
    #: The cards taken from the pile, top first.
    taken: tuple[int, ...]

    __slots__ = ("shown", "taken")
    __match_args__ = ("actor", "private", "shown", "taken")

    def __init__(self, actor: int, private: int, shown: int, taken: tuple[int, ...]) -> None:
        self.actor = actor
        self.private = private
        self.shown = shown
        self.taken = taken


class Paid(ZumEvent):
    """A magic hat paid towards a spell."""

    kind = "pay"
    card: int

    __slots__ = ("card",)
    __match_args__ = ("actor", "private", "card")

    def __init__(self, actor: int, private: int, card: int) -> None:
        self.actor = actor
        self.private = private
        self.card = card


class Cast(ZumEvent):
    kind = "cast"
    spell: int
    #: The magic energy paid (very magical characters' and hats').
    paid: int

    __slots__ = ("paid", "spell")
    __match_args__ = ("actor", "private", "spell", "paid")

    def __init__(self, actor: int, private: int, spell: int, paid: int) -> None:
        self.actor = actor
        self.private = private
        self.spell = spell
        self.paid = paid


class WitchTook(ZumEvent):
    """Unlucky Witch: a card taken from the market pile."""

    kind = "witch-take"
    card: int

    __slots__ = ("card",)
    __match_args__ = ("actor", "private", "card")

    def __init__(self, actor: int, private: int, card: int) -> None:
        self.actor = actor
        self.private = private
        self.card = card


class Trained(ZumEvent):
    kind = "train"
    card: int
    #: The level it reached.
    level: int

    __slots__ = ("card", "level")
    __match_args__ = ("actor", "private", "card", "level")

    def __init__(self, actor: int, private: int, card: int, level: int) -> None:
        self.actor = actor
        self.private = private
        self.card = card
        self.level = level


class Peeked(ZumEvent):
    """Clairvoyance: only the caster sees which enemy lies there."""

    kind = "peek"
    secret = ("card",)
    position: int
    card: int

    __slots__ = ("card", "position")
    __match_args__ = ("actor", "private", "position", "card")

    def __init__(self, actor: int, private: int, position: int, card: int) -> None:
        self.actor = actor
        self.private = private
        self.position = position
        self.card = card


class ForestMagicSeen(ZumEvent):
    """Forest Magic's cards; only the caster sees which."""

    kind = "forest-magic"
    secret = ("cards",)
    #: How many cards the caster looks at.
    count: int
    cards: tuple[int, ...]

    __slots__ = ("cards", "count")
    __match_args__ = ("actor", "private", "count", "cards")

    def __init__(self, actor: int, private: int, count: int, cards: tuple[int, ...]) -> None:
        self.actor = actor
        self.private = private
        self.count = count
        self.cards = cards


class ForestMagicKept(ZumEvent):
    """The card kept and the order the others went back; only the caster sees them."""

    kind = "forest-magic-kept"
    secret = ("kept", "put_back")
    kept: int
    #: Put back on the deck, the top card first.
    put_back: tuple[int, ...]
    #: How many went back.
    returned: int

    __slots__ = ("kept", "put_back", "returned")
    __match_args__ = ("actor", "private", "kept", "put_back", "returned")

    def __init__(self, actor: int, private: int, kept: int, put_back: tuple[int, ...], returned: int) -> None:
        self.actor = actor
        self.private = private
        self.kept = kept
        self.put_back = put_back
        self.returned = returned


class ForestMagicFight(ZumEvent):
    """The card kept is a character: it must be fought."""

    kind = "forest-magic-fight"
    card: int

    __slots__ = ("card",)
    __match_args__ = ("actor", "private", "card")

    def __init__(self, actor: int, private: int, card: int) -> None:
        self.actor = actor
        self.private = private
        self.card = card


class Levitated(ZumEvent):
    kind = "levitation"
    #: The caster's character, given away.
    mine: int
    #: The character it changed places with.
    theirs: int
    #: Where ``theirs`` came from: a seat, or -1 (``None``) for the graveyard.
    owner: int

    __slots__ = ("mine", "owner", "theirs")
    __match_args__ = ("actor", "private", "mine", "theirs", "owner")

    def __init__(self, actor: int, private: int, mine: int, theirs: int, owner: int) -> None:
        self.actor = actor
        self.private = private
        self.mine = mine
        self.theirs = theirs
        self.owner = owner


class Revived(ZumEvent):
    kind = "revive"
    card: int

    __slots__ = ("card",)
    __match_args__ = ("actor", "private", "card")

    def __init__(self, actor: int, private: int, card: int) -> None:
        self.actor = actor
        self.private = private
        self.card = card


# -- conjuring ------------------------------------------------------------------------------------


class Conjured(ZumEvent):
    """The Alakazum was not cancelled: its objects and amulets are shown."""

    kind = "conjure"
    culture: int
    total: int
    #: The objects and amulets counted, shown to everyone.
    shown: tuple[int, ...]

    __slots__ = ("culture", "shown", "total")
    __match_args__ = ("actor", "private", "culture", "total", "shown")

    def __init__(self, actor: int, private: int, culture: int, total: int, shown: tuple[int, ...]) -> None:
        self.actor = actor
        self.private = private
        self.culture = culture
        self.total = total
        self.shown = shown


class Revealed(ZumEvent):
    kind = "reveal"
    position: int
    card: int
    #: The enemy's culture points with this many players.
    points: int
    won: bool

    __slots__ = ("card", "points", "position", "won")
    __match_args__ = ("actor", "private", "position", "card", "points", "won")

    def __init__(self, actor: int, private: int, position: int, card: int, points: int, won: bool) -> None:
        self.actor = actor
        self.private = private
        self.position = position
        self.card = card
        self.points = points
        self.won = won


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
