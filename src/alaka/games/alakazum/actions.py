"""Alakazum!'s action space: every distinct move and chance outcome, built once per catalogue.

Cards in hand are named by their *type* (``potion:combat_potion_2``): copies of a hand card are
identical, so a choice never says which copy. Characters on the table are named by their
*physical card* (``fighter:casteller#2``), since two copies can sit in different teams at
different levels. Seats are ``p1``..``p5`` (seat 0 is ``p1``), face-down enemies ``1``..``5``
from the left, cultures by their codes (``VAL``, ``CAT``, ``GAL``, ``EUS``, ``AND``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final

from alaka.core.protocol import Action, ActionTable
from alaka.core.values import FrozenValue
from alaka.games.alakazum.content import CULTURES
from alaka.games.alakazum.layout import Layout

MAX_PLAYERS: Final = 5
MAX_ENEMIES: Final = 5
SPELLS: Final = (
    "unlucky_witch",
    "training",
    "clairvoyance",
    "forest_magic",
    "levitation",
    "revive",
    "deja_vu",
)
SPELL_NAMES: Final = (
    "Unlucky Witch",
    "Training",
    "Clairvoyance",
    "Forest Magic",
    "Levitation",
    "Revive",
    "Déjà Vu",
)
SPELL_COSTS: Final = (0, 1, 2, 3, 3, 4, 4)
UNLUCKY_WITCH: Final = 0
TRAINING: Final = 1
CLAIRVOYANCE: Final = 2
FOREST_MAGIC: Final = 3
LEVITATION: Final = 4
REVIVE: Final = 5
DEJA_VU: Final = 6

# Chance outcomes.
ENEMY: Final = 0  # which final enemy lies at the position being looked at (arg: card type)
DRAW: Final = 1  # which card comes from the unknown part of the forest deck (arg: card type)
FIRST: Final = 2  # the starting player among those tied for most exchanges (arg: seat)
DIE: Final = 3  # the die (arg: 1..6)
# Decisions.
CHOOSE: Final = 10  # setup: choose an initial character (arg: physical card)
FIGHTER: Final = 11  # the character that fights (arg: physical card)
HELPER: Final = 12  # a sociable character that adds its combat points (arg: physical card)
NO_HELPER: Final = 13
POTION_COMBAT: Final = 14  # play a combat potion, or a double potion for combat (arg: card type)
POTION_DIE: Final = 15  # play a die potion, or a double potion for the die (arg: card type)
STEAL: Final = 16  # play a steal potion (arg: card type)
PASS: Final = 17  # no (more) potions now
GIVE: Final = 18  # a trap: the hand card to give away (arg: card type)
TO: Final = 19  # a trap: the player who receives it (arg: seat)
HALLOWEEN_CARDS: Final = 20
HALLOWEEN_CHARACTER: Final = 21
SACRIFICE: Final = 22  # send this character to the graveyard (arg: physical card)
PASS_DIE: Final = 23  # Santa Claus: pass the die to this player (arg: seat)
MARKET: Final = 24  # go to the market (the card to show is chosen after the voodoo window: SHOW)
FOOD: Final = 25  # give a food: raise this culture (arg: card type, arg2: culture index)
BROOM: Final = 26  # give a broom (arg: card type)
BROOM_ON: Final = 27  # the character the broom goes under (arg: physical card)
FIGHT: Final = 28  # fight and hypnotise this rival character (arg: physical card)
SPELL: Final = 29  # do magic: this spell (arg: spell index)
NO_ACTION: Final = 30
VOODOO: Final = 31  # cancel the announced action or Alakazum with a voodoo doll
NO_VOODOO: Final = 32
PAY: Final = 33  # pay with this magic hat (arg: card type)
TRAIN: Final = 34  # Training: raise this character (arg: physical card)
PEEK: Final = 35  # Clairvoyance: look at this face-down enemy (arg: position)
KEEP: Final = 36  # Forest Magic: keep this card (arg: card type)
PUT: Final = 37  # Forest Magic: put this card next on the deck, from the top down (arg: card type)
LEVITATE: Final = 38  # Levitation: give this character of yours (arg: physical card)
SWAP_WITH: Final = 39  # Levitation: for this character (arg: physical card)
REVIVE_CARD: Final = 40  # Revive: this graveyard character (arg: physical card)
TAKE_MARKET: Final = 41  # Unlucky Witch: take this card from the market pile (arg: card type)
CONJURE: Final = 42  # conjure an Alakazum in this culture (arg: culture index)
REVEAL: Final = 43  # uncover this face-down enemy (arg: position)
END_TURN: Final = 44
SHOW: Final = 45  # the market: show this card, take as many as it says (arg: card type)

CHANCE_KINDS: Final = frozenset({ENEMY, DRAW, FIRST, DIE})

#: The decisions a player may always take back and whose menu comes from the table alone, so
#: that everyone knows whether they were a choice (alaka.core.undo, reading R33): each is public
#: and what it does depends only on what everyone sees (teams, levels, the graveyard, the market
#: pile). A fight, no action, a pass, letting an announcement through, a spell its team's energy
#: pays and a potion or broom everyone knows of are safe too, but their menus may hang on the
#: hand (``rules.hidden.undo_safe`` and ``choice_known``); every other decision that shows,
#: plays, pays or gives a hand card never is. The undo test checks all of it against resampled
#: positions.
UNDO_SAFE = frozenset(
    {
        CHOOSE,
        FIGHTER,
        HELPER,
        NO_HELPER,
        TRAIN,
        LEVITATE,
        SWAP_WITH,
        REVIVE_CARD,
        SACRIFICE,
        HALLOWEEN_CARDS,
        HALLOWEEN_CHARACTER,
        PASS_DIE,
        BROOM_ON,
        TAKE_MARKET,
    }
)


@dataclass(frozen=True, slots=True)
class ZumAction(Action):
    """An Alakazum! action: its kind and up to two arguments (see the kind constants)."""

    kind: int
    arg: int = 0
    arg2: int = 0


class Named(FrozenValue):
    """A character named in an announcement, as it stood then (a log line read later must not
    show the level it reached since). (A frozen value, not a frozen dataclass: these are made at
    every announcement, see :mod:`alaka.core.values`.)"""

    card: Final[int]
    #: Its player's seat, or -1 for a character in the forest graveyard.
    owner: Final[int]
    level: Final[int]

    __slots__ = ("card", "level", "owner")
    __match_args__ = ("card", "owner", "level")

    def __init__(self, card: int, owner: int, level: int) -> None:
        self.card = card
        self.owner = owner
        self.level = level


class Announcement(FrozenValue):
    """An action or Alakazum as it is said aloud before the voodoo window (reading R22): what
    the table hears, so that the other players decide on a doll knowing it. It names the
    action's targets but nothing hidden: the hats that will pay, the card shown at the market and
    Forest Magic's cards all come after the window. (A frozen value, made at every action.)"""

    #: The action chosen: a market, food, broom, fight, spell or conjure action.
    action: Final[ZumAction]
    #: The characters named: the broom's, the fought one, Training's, Revive's, or Levitation's
    #: two (the caster's first).
    characters: Final[tuple[Named, ...]]
    #: The face-down enemy Clairvoyance will look at (0 for the leftmost), or -1.
    position: Final[int]
    #: The total announced with an Alakazum (0 otherwise).
    total: Final[int]

    __slots__ = ("action", "characters", "position", "total")
    __match_args__ = ("action", "characters", "position", "total")

    def __init__(
        self, action: ZumAction, characters: tuple[Named, ...] = (), position: int = -1, total: int = 0
    ) -> None:
        self.action = action
        self.characters = characters
        self.position = position
        self.total = total


def seat_key(seat: int) -> str:
    return f"p{seat + 1}"


class ZumActions:
    """The action table for one catalogue, with direct lookups by kind and argument: a list by
    seat, position or spell, a dict by card type or physical card (only the cards an action
    can name have an entry)."""

    def __init__(self, layout: Layout) -> None:
        made: list[ZumAction] = []
        catalogue = layout.catalogue
        physical = layout.keys

        def add(kind: int, name: str, arg: int = 0, arg2: int = 0) -> ZumAction:
            action = ZumAction(len(made), name, kind, arg, arg2)
            made.append(action)
            return action

        types = catalogue.cards
        hand_types = list(layout.hand_kinds)
        n_cards = len(physical)

        def per_type(kind: int, prefix: str, only: list[int]) -> dict[int, ZumAction]:
            return {t: add(kind, f"{prefix}:{types[t].id}", t) for t in only}

        characters = [p for p in range(n_cards) if layout.is_character[p]]

        def per_character(kind: int, prefix: str) -> dict[int, ZumAction]:
            return {p: add(kind, f"{prefix}:{physical[p]}", p) for p in characters}

        enemy_types = [t for t, card in enumerate(types) if card.deck == "final"]
        self.enemy = per_type(ENEMY, "enemy", enemy_types)
        forest_kinds = sorted({layout.kind_of[p] for p in layout.forest})
        self.draw = per_type(DRAW, "draw", forest_kinds)
        self.first = [add(FIRST, f"first:{seat_key(s)}", s) for s in range(MAX_PLAYERS)]
        self.die = {v: add(DIE, f"die:{v}", v) for v in range(1, 7)}
        self.choose = per_character(CHOOSE, "choose")
        self.fighter = per_character(FIGHTER, "fighter")
        self.helper = per_character(HELPER, "helper")
        self.no_helper = add(NO_HELPER, "no-helper")
        self.potion_combat = per_type(POTION_COMBAT, "potion-combat", hand_types)
        self.potion_die = per_type(POTION_DIE, "potion-die", hand_types)
        self.steal = per_type(STEAL, "steal", hand_types)
        self.pass_ = add(PASS, "pass")
        self.give = per_type(GIVE, "give", hand_types)
        self.to = [add(TO, f"to:{seat_key(s)}", s) for s in range(MAX_PLAYERS)]
        self.halloween_cards = add(HALLOWEEN_CARDS, "halloween:cards")
        self.halloween_character = add(HALLOWEEN_CHARACTER, "halloween:character")
        self.sacrifice = per_character(SACRIFICE, "sacrifice")
        self.pass_die = [add(PASS_DIE, f"pass-die:{seat_key(s)}", s) for s in range(MAX_PLAYERS)]
        self.market = add(MARKET, "market")
        #: By card type, then culture index.
        self.food = {
            t: tuple(add(FOOD, f"food:{types[t].id}:{culture}", t, c) for c, culture in enumerate(CULTURES))
            for t in hand_types
        }
        self.broom = per_type(BROOM, "broom", hand_types)
        self.broom_on = per_character(BROOM_ON, "broom-on")
        self.fight = per_character(FIGHT, "fight")
        self.spell = [add(SPELL, f"spell:{name}", i) for i, name in enumerate(SPELLS)]
        self.no_action = add(NO_ACTION, "no-action")
        self.voodoo = add(VOODOO, "voodoo")
        self.no_voodoo = add(NO_VOODOO, "no-voodoo")
        self.pay = per_type(PAY, "pay", hand_types)
        self.train = per_character(TRAIN, "train")
        self.peek = [add(PEEK, f"peek:{i + 1}", i) for i in range(MAX_ENEMIES)]
        self.keep = per_type(KEEP, "keep", forest_kinds)
        self.put = per_type(PUT, "put", forest_kinds)
        self.levitate = per_character(LEVITATE, "levitate")
        self.swap_with = per_character(SWAP_WITH, "swap-with")
        self.revive = per_character(REVIVE_CARD, "revive")
        self.take_market = per_type(TAKE_MARKET, "take", hand_types)
        self.conjure = [add(CONJURE, f"conjure:{culture}", c) for c, culture in enumerate(CULTURES)]
        self.reveal = [add(REVEAL, f"reveal:{i + 1}", i) for i in range(MAX_ENEMIES)]
        self.end_turn = add(END_TURN, "end-turn")
        self.show = per_type(SHOW, "show", hand_types)
        self.table = ActionTable(made)


@cache
def actions_for(layout: Layout) -> ZumActions:
    return ZumActions(layout)
