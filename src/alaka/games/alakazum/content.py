"""Alakazum!'s card catalogue: every card type of the box, loaded from a data file and validated.

Why a data file and not constants in the rules code: the rulebook gives the rules but no card
list, and most numbers in the built-in catalogue (``data/catalogue.json``) are designed values
that fit the rules and the published examples. Each row carries the ``confidence`` wording of the
content spec (``shared/content/alakazum-catalogue.md``: confirmed, inferred or assumed) so real
values can replace assumed ones without touching the engine, and designers can try a variant
catalogue by handing its path to :func:`load_catalogue`.

Why the validation is strict and every error names the row and the field: variant files are
edited by hand. A typo must stop the load with one message that says where it is and what was
expected (``catalogue.json: cards[17] (moura).combat.B: expected a whole number or "die", got
"x"``), not surface later as a game that quietly plays differently.

What any file must satisfy, variant or not, because setup depends on it: 5 final enemies (with at
least one in play for every player count), 5 initial characters (one to choose per player, up to
5 players), 4 initial hand cards forming the first market in the order ``initial_market`` gives,
and a non-empty forest deck holding enough hand cards for the opening deal. The forest's size and
mix may differ from the box's 90 cards; the spec's exact box totals are checked by the tests of
the built-in file, not here.

Conventions used by the engine: levels are indexed 0, 1, 2 for A, B, C; a combat value of
:data:`DIE` means the die is rolled for it each combat; cultures are the codes in
:data:`CULTURES`, and :data:`MULTI` marks a multicolour character.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Final, Literal, TypeAlias

from alaka.core.errors import ContentError

FORMAT: Final = "alakazum-catalogue/1"
BUILTIN: Final = "catalogue.json"

CULTURES: Final = ("VAL", "CAT", "GAL", "EUS", "AND")
MULTI: Final = "MULTI"
Level: TypeAlias = Literal["A", "B", "C"]
LEVELS: tuple[Level, Level, Level] = ("A", "B", "C")
DIE: Literal["die"] = "die"
PLAYER_COUNTS: Final = (2, 3, 4, 5)
TRAITS: Final = ("sociable", "thrifty", "very_magical")
TRAPS: Final = ("black_friday", "halloween", "santa_claus")
CONFIDENCE_WORDS: Final = ("confirmed", "inferred", "assumed")

FINAL: Final = "final"
INITIAL: Final = "initial"
FOREST: Final = "forest"
DECKS: Final = (FINAL, INITIAL, FOREST)

#: Setup needs exactly these many copies in the two fixed decks, whatever the variant.
FINAL_ENEMIES: Final = 5
INITIAL_CHARACTERS: Final = 5
INITIAL_HAND_CARDS: Final = 4
#: The opening deal gives each of up to 5 players 3 hand cards from the forest, redrawing
#: anything else, so a forest with fewer hand cards than this could never finish the deal.
OPENING_DEAL_HAND_CARDS: Final = 3 * max(PLAYER_COUNTS)

CombatValue: TypeAlias = int | Literal["die"]
Stats: TypeAlias = tuple[int, int, int]
CombatStats: TypeAlias = tuple[CombatValue, CombatValue, CombatValue]

_ID = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)*")


def weakest_confidence(text: str) -> str:
    """The least sure of confirmed/inferred/assumed named in a row's confidence text.

    Rows keep the spec's wording ("name confirmed, stats assumed"); reports that only need a
    single grade (for instance, "how much of this catalogue is still assumed?") use this.
    """
    lowered = text.lower()
    for word in reversed(CONFIDENCE_WORDS):
        if word in lowered:
            return word
    raise ValueError(f"no confidence word in {text!r}")


# --- card kinds -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FinalEnemy:
    """A North American tradition to beat with an Alakazum; its points may depend on players."""

    id: str
    name: str
    deck: str
    copies: int
    #: ``(players, culture points)`` for each player count in which this enemy is in play.
    points_by_players: tuple[tuple[int, int], ...]
    confidence: str

    def culture_points(self, players: int) -> int | None:
        """Points to beat with ``players`` players, or ``None`` when it is removed from the game."""
        for count, points in self.points_by_players:
            if count == players:
                return points
        return None


@dataclass(frozen=True, slots=True)
class Character:
    """A character card; stat tuples are indexed by level (0 = A, 1 = B, 2 = C)."""

    id: str
    name: str
    deck: str
    copies: int
    #: One of :data:`CULTURES`, or :data:`MULTI` for a multicolour character.
    culture: str
    combat: CombatStats
    culture_points: Stats
    resistance: Stats
    traits: frozenset[str]
    #: Energy given to spells each magic action; 0 unless the character is very magical.
    magic_energy: int
    #: The printed name is unknown; a real tradition of the culture stands in for it.
    stand_in: bool
    confidence: str

    @property
    def multicolour(self) -> bool:
        return self.culture == MULTI

    @property
    def sociable(self) -> bool:
        return "sociable" in self.traits

    @property
    def thrifty(self) -> bool:
        return "thrifty" in self.traits

    @property
    def very_magical(self) -> bool:
        return "very_magical" in self.traits


@dataclass(frozen=True, slots=True)
class Trap:
    """A forest trap; ``trap`` names which of the three rules applies."""

    id: str
    name: str
    deck: str
    copies: int
    trap: str
    confidence: str


@dataclass(frozen=True, slots=True)
class CombatPotion:
    """Adds ``combat`` points to one side in the current combat."""

    combat: int


@dataclass(frozen=True, slots=True)
class DiePotion:
    """Adds ``die`` to the hypnosis roll."""

    die: int


@dataclass(frozen=True, slots=True)
class DoublePotion:
    """Played as either the combat bonus or the die bonus, chosen when played."""

    combat: int
    die: int


@dataclass(frozen=True, slots=True)
class StealPotion:
    """Player-vs-player combat only: takes the rival's latest combat or die potion."""


@dataclass(frozen=True, slots=True)
class MagicHat:
    """Pays ``energy`` towards a spell."""

    energy: int


@dataclass(frozen=True, slots=True)
class Food:
    """Two foods on one card; the player picks one culture and raises its characters to C."""

    #: ``(culture, food name)`` pairs in printed order; two different cultures.
    foods: tuple[tuple[str, str], ...]

    @property
    def cultures(self) -> tuple[str, ...]:
        return tuple(culture for culture, _ in self.foods)


@dataclass(frozen=True, slots=True)
class Broom:
    """Placed under a character for the rest of the game; it then never leaves its owner."""


@dataclass(frozen=True, slots=True)
class CultureObject:
    """Kept in hand; adds ``culture_points`` to a conjure in its culture."""

    culture: str
    culture_points: int


@dataclass(frozen=True, slots=True)
class Amulet:
    """Kept in hand; adds ``culture_points`` to a conjure in any culture."""

    culture_points: int


@dataclass(frozen=True, slots=True)
class VoodooDoll:
    """Cancels another player's announced action or Alakazum, then leaves the game."""


Effect: TypeAlias = (
    CombatPotion
    | DiePotion
    | DoublePotion
    | StealPotion
    | MagicHat
    | Food
    | Broom
    | CultureObject
    | Amulet
    | VoodooDoll
)


@dataclass(frozen=True, slots=True)
class HandCard:
    """A card held in hand; ``take`` is its market number (``None``: it never goes to market)."""

    id: str
    name: str
    deck: str
    copies: int
    take: int | None
    effect: Effect
    stand_in: bool
    confidence: str


Card: TypeAlias = FinalEnemy | Character | Trap | HandCard


@dataclass(frozen=True, slots=True, eq=False)
class Catalogue:
    """Every card type, validated. Compared and hashed by identity, since loads are cached."""

    #: Where it came from (``catalogue.json`` for the built-in file, else the path), for messages.
    source: str
    #: All rows in file order.
    cards: tuple[Card, ...]
    final_enemies: tuple[FinalEnemy, ...]
    characters: tuple[Character, ...]
    traps: tuple[Trap, ...]
    hand_cards: tuple[HandCard, ...]
    #: The first market pile, top card first, one entry per physical card.
    initial_market: tuple[HandCard, ...]
    by_id: Mapping[str, Card]

    def card(self, card_id: str) -> Card:
        """The row with this id (``KeyError`` if there is none)."""
        return self.by_id[card_id]

    def rows(self, deck: str) -> tuple[Card, ...]:
        """The rows of one deck (``final``, ``initial`` or ``forest``), in file order."""
        return tuple(card for card in self.cards if card.deck == deck)

    def count(self, deck: str | None = None, kind: type | None = None) -> int:
        """Physical cards (copies summed), optionally only of one deck and/or one row class."""
        return sum(
            card.copies
            for card in self.cards
            if (deck is None or card.deck == deck) and (kind is None or isinstance(card, kind))
        )

    def expanded(self, deck: str) -> tuple[Card, ...]:
        """One entry per physical card of a deck, in file order (the game shuffles it)."""
        return tuple(card for card in self.rows(deck) for _ in range(card.copies))

    @property
    def initial_characters(self) -> tuple[Character, ...]:
        return tuple(c for c in self.characters if c.deck == INITIAL)


# --- validation -------------------------------------------------------------------------------

_COMMON = ("id", "name", "kind", "deck", "copies")
_FIELDS: dict[str, tuple[str, ...]] = {
    "final_enemy": (*_COMMON, "culture_points", "confidence"),
    "character": (
        *_COMMON,
        "culture",
        "combat",
        "culture_points",
        "resistance",
        "traits",
        "magic_energy",
        "stand_in",
        "confidence",
    ),
    "trap": (*_COMMON, "trap", "confidence"),
    "hand": (*_COMMON, "take", "effect", "stand_in", "confidence"),
}
_DECKS_OF_KIND: dict[str, tuple[str, ...]] = {
    "final_enemy": (FINAL,),
    "character": (INITIAL, FOREST),
    "trap": (FOREST,),
    "hand": (INITIAL, FOREST),
}
_EFFECT_FIELDS: dict[str, tuple[str, ...]] = {
    "combat_potion": ("combat",),
    "die_potion": ("die",),
    "double_potion": ("combat", "die"),
    "steal_potion": (),
    "magic_hat": ("energy",),
    "food": ("foods",),
    "broom": (),
    "culture_object": ("culture", "culture_points"),
    "amulet": ("culture_points",),
    "voodoo_doll": (),
}
_TOP_FIELDS = ("format", "about", "initial_market", "cards")
_TOP_REQUIRED = ("format", "initial_market", "cards")
#: The fields every row shares, parsed before its kind-specific ones: id, name, deck, copies.
_Common: TypeAlias = tuple[str, str, str, int]


def _show(value: Any) -> str:
    """A value as JSON text, so messages quote what the file holds ("x", null, 1.5, [...])."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _kind_name(value: Any) -> str:
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    return _show(value)


class _Reader:
    """Checks values at a path such as ``cards[17] (moura).combat.B``, so errors say where."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, where: str, message: str) -> ContentError:
        return ContentError(f"{self.source}: {where or 'top level'}: {message}")

    @staticmethod
    def at(where: str, key: str) -> str:
        """The path of a field: ``cards[3] (moura).combat``, or just ``cards`` at the top level."""
        return f"{where}.{key}" if where else key

    def fields(
        self, row: Any, where: str, allowed: tuple[str, ...], required: tuple[str, ...], what: str
    ) -> None:
        """The object has every required field and nothing outside ``allowed``."""
        if not isinstance(row, dict):
            raise self.fail(where, f"expected an object, got {_kind_name(row)}")
        for key in required:
            if key not in row:
                raise self.fail(self.at(where, key), f"missing field ({what} needs: {', '.join(required)})")
        for key in row:
            if key not in allowed:
                raise self.fail(self.at(where, key), f"unexpected field ({what} has: {', '.join(allowed)})")

    def text(self, value: Any, where: str) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(where, f"expected a non-empty text, got {_show(value)}")
        return value.strip()

    def whole(self, value: Any, where: str, minimum: int = 0) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            wanted = "a whole number" if minimum == 0 else f"a whole number of at least {minimum}"
            raise self.fail(where, f"expected {wanted}, got {_show(value)}")
        return value

    def flag(self, value: Any, where: str) -> bool:
        if not isinstance(value, bool):
            raise self.fail(where, f"expected true or false, got {_show(value)}")
        return value

    def choice(self, value: Any, where: str, options: tuple[str, ...], what: str) -> str:
        if not isinstance(value, str) or value not in options:
            raise self.fail(where, f"expected {what} ({', '.join(options)}), got {_show(value)}")
        return value

    def levels(self, value: Any, where: str) -> dict[str, Any]:
        """A ``{"A": .., "B": .., "C": ..}`` object; the values are checked by the caller."""
        if not isinstance(value, dict):
            raise self.fail(where, f'expected an object with levels "A", "B", "C", got {_show(value)}')
        for level in LEVELS:
            if level not in value:
                raise self.fail(f"{where}.{level}", "missing level")
        for key in value:
            if key not in LEVELS:
                raise self.fail(f"{where}.{key}", 'unexpected level (levels are "A", "B", "C")')
        return value

    def stats(self, value: Any, where: str) -> Stats:
        row = self.levels(value, where)
        a, b, c = (self.whole(row[level], f"{where}.{level}") for level in LEVELS)
        return (a, b, c)

    def combat(self, value: Any, where: str) -> CombatStats:
        row = self.levels(value, where)
        out: list[CombatValue] = []
        for level in LEVELS:
            item = row[level]
            if item == DIE:
                out.append(DIE)
            elif isinstance(item, int) and not isinstance(item, bool) and item >= 0:
                out.append(item)
            else:
                raise self.fail(f"{where}.{level}", f'expected a whole number or "die", got {_show(item)}')
        return (out[0], out[1], out[2])

    def confidence(self, value: Any, where: str) -> str:
        text = self.text(value, where)
        if not any(word in text.lower() for word in CONFIDENCE_WORDS):
            raise self.fail(
                where, f"must say how sure the row is ({', '.join(CONFIDENCE_WORDS)}), got {_show(text)}"
            )
        return text


def _final_enemy(r: _Reader, row: dict[str, Any], where: str, common: _Common) -> FinalEnemy:
    points = row["culture_points"]
    at = f"{where}.culture_points"
    pairs: list[tuple[int, int]]
    if isinstance(points, dict):
        if not points:
            raise r.fail(at, "an enemy must be in play for at least one player count")
        pairs = []
        for key, value in points.items():
            if key not in {str(n) for n in PLAYER_COUNTS}:
                raise r.fail(f"{at}.{key}", f"expected a player count ({', '.join(map(str, PLAYER_COUNTS))})")
            pairs.append((int(key), r.whole(value, f"{at}.{key}")))
        pairs.sort()
    elif isinstance(points, int) and not isinstance(points, bool) and points >= 0:
        pairs = [(players, points) for players in PLAYER_COUNTS]
    else:
        raise r.fail(
            at,
            f'expected a whole number, or an object from player counts ("2" to "5") to whole numbers, '
            f"got {_show(points)}",
        )
    return FinalEnemy(*common, tuple(pairs), r.confidence(row["confidence"], f"{where}.confidence"))


def _character(r: _Reader, row: dict[str, Any], where: str, common: _Common) -> Character:
    culture = r.choice(row["culture"], f"{where}.culture", (*CULTURES, MULTI), "a culture or MULTI")
    raw_traits = row["traits"]
    if not isinstance(raw_traits, list):
        raise r.fail(f"{where}.traits", f"expected a list of traits, got {_show(raw_traits)}")
    traits: list[str] = []
    for t, trait in enumerate(raw_traits):
        name = r.choice(trait, f"{where}.traits[{t}]", TRAITS, "a trait")
        if name in traits:
            raise r.fail(f"{where}.traits[{t}]", f"{_show(name)} is listed twice")
        traits.append(name)
    energy = r.whole(row["magic_energy"], f"{where}.magic_energy")
    if ("very_magical" in traits) != (energy > 0):
        raise r.fail(
            f"{where}.magic_energy",
            f"a very magical character gives at least 1 energy and any other gives 0, got {energy}",
        )
    return Character(
        *common,
        culture=culture,
        combat=r.combat(row["combat"], f"{where}.combat"),
        culture_points=r.stats(row["culture_points"], f"{where}.culture_points"),
        resistance=r.stats(row["resistance"], f"{where}.resistance"),
        traits=frozenset(traits),
        magic_energy=energy,
        stand_in=r.flag(row["stand_in"], f"{where}.stand_in"),
        confidence=r.confidence(row["confidence"], f"{where}.confidence"),
    )


def _trap(r: _Reader, row: dict[str, Any], where: str, common: _Common) -> Trap:
    trap = r.choice(row["trap"], f"{where}.trap", TRAPS, "a trap rule")
    return Trap(*common, trap, r.confidence(row["confidence"], f"{where}.confidence"))


def _effect(r: _Reader, value: Any, where: str) -> Effect:
    if not isinstance(value, dict):
        raise r.fail(where, f"expected an object with a type, got {_show(value)}")
    kind = r.choice(value.get("type"), f"{where}.type", tuple(_EFFECT_FIELDS), "an effect type")
    names = ("type", *_EFFECT_FIELDS[kind])
    r.fields(value, where, names, names, f"a {kind} effect")
    if kind == "combat_potion":
        return CombatPotion(r.whole(value["combat"], f"{where}.combat", 1))
    if kind == "die_potion":
        return DiePotion(r.whole(value["die"], f"{where}.die", 1))
    if kind == "double_potion":
        return DoublePotion(
            r.whole(value["combat"], f"{where}.combat", 1), r.whole(value["die"], f"{where}.die", 1)
        )
    if kind == "steal_potion":
        return StealPotion()
    if kind == "magic_hat":
        return MagicHat(r.whole(value["energy"], f"{where}.energy", 1))
    if kind == "food":
        foods = value["foods"]
        at = f"{where}.foods"
        if not isinstance(foods, dict) or len(foods) != 2:
            raise r.fail(at, f"expected an object of 2 cultures to food names, got {_show(foods)}")
        pairs = []
        for culture, food in foods.items():
            r.choice(culture, f"{at}.{culture}", CULTURES, "a culture (no food raises multicolour)")
            pairs.append((str(culture), r.text(food, f"{at}.{culture}")))
        return Food(tuple(pairs))
    if kind == "broom":
        return Broom()
    if kind == "culture_object":
        culture = r.choice(value["culture"], f"{where}.culture", CULTURES, "a culture")
        return CultureObject(culture, r.whole(value["culture_points"], f"{where}.culture_points", 1))
    if kind == "amulet":
        return Amulet(r.whole(value["culture_points"], f"{where}.culture_points", 1))
    return VoodooDoll()


def _hand(r: _Reader, row: dict[str, Any], where: str, common: _Common) -> HandCard:
    effect = _effect(r, row["effect"], f"{where}.effect")
    take = row["take"]
    if isinstance(effect, VoodooDoll):
        # A doll leaves the game when used, so it can never be shown to go to the market.
        if take is not None:
            raise r.fail(
                f"{where}.take",
                f"a voodoo doll never goes to the market, so take must be null, got {_show(take)}",
            )
    else:
        take = r.whole(take, f"{where}.take", 1)
    return HandCard(
        *common,
        take=take,
        effect=effect,
        stand_in=r.flag(row["stand_in"], f"{where}.stand_in"),
        confidence=r.confidence(row["confidence"], f"{where}.confidence"),
    )


_PARSERS: dict[str, Callable[[_Reader, dict[str, Any], str, _Common], Card]] = {
    "final_enemy": _final_enemy,
    "character": _character,
    "trap": _trap,
    "hand": _hand,
}


def parse_catalogue(data: Any, source: str) -> Catalogue:
    """Validate parsed JSON and build a :class:`Catalogue`; the first problem raises ContentError."""
    r = _Reader(source)
    r.fields(data, "", _TOP_FIELDS, _TOP_REQUIRED, "a catalogue")
    if data["format"] != FORMAT:
        raise r.fail("format", f"expected {_show(FORMAT)}, got {_show(data['format'])}")
    if "about" in data:
        r.text(data["about"], "about")
    rows = data["cards"]
    if not isinstance(rows, list) or not rows:
        raise r.fail("cards", f"expected a non-empty list of card rows, got {_show(rows)}")

    cards: list[Card] = []
    first_row: dict[str, int] = {}
    for i, row in enumerate(rows):
        where = f"cards[{i}]"
        if not isinstance(row, dict):
            raise r.fail(where, f"expected an object, got {_kind_name(row)}")
        raw_id = row.get("id")
        if isinstance(raw_id, str) and _ID.fullmatch(raw_id):
            where = f"{where} ({raw_id})"
        kind = r.choice(row.get("kind"), f"{where}.kind", tuple(_FIELDS), "a card kind")
        r.fields(row, where, _FIELDS[kind], _FIELDS[kind], f"a {kind} row")
        if not isinstance(raw_id, str) or not _ID.fullmatch(raw_id):
            raise r.fail(f"{where}.id", f'expected a snake_case id such as "sant_jordi", got {_show(raw_id)}')
        if raw_id in first_row:
            raise r.fail(f"{where}.id", f"duplicate id (also cards[{first_row[raw_id]}])")
        first_row[raw_id] = i
        common = (
            raw_id,
            r.text(row["name"], f"{where}.name"),
            r.choice(row["deck"], f"{where}.deck", _DECKS_OF_KIND[kind], f"a deck a {kind} can be in"),
            r.whole(row["copies"], f"{where}.copies", 1),
        )
        cards.append(_PARSERS[kind](r, row, where, common))

    by_id: dict[str, Card] = {card.id: card for card in cards}
    market = _initial_market(r, data["initial_market"], by_id)
    catalogue = Catalogue(
        source=source,
        cards=tuple(cards),
        final_enemies=tuple(c for c in cards if isinstance(c, FinalEnemy)),
        characters=tuple(c for c in cards if isinstance(c, Character)),
        traps=tuple(c for c in cards if isinstance(c, Trap)),
        hand_cards=tuple(c for c in cards if isinstance(c, HandCard)),
        initial_market=market,
        by_id=by_id,
    )
    _check_totals(r, catalogue)
    return catalogue


def _initial_market(r: _Reader, value: Any, by_id: dict[str, Card]) -> tuple[HandCard, ...]:
    """The first market pile: it must list every initial hand card, once per copy."""
    if not isinstance(value, list):
        raise r.fail(
            "initial_market", f"expected a list of initial hand card ids, top first, got {_show(value)}"
        )
    pile: list[HandCard] = []
    for k, card_id in enumerate(value):
        card = by_id.get(card_id) if isinstance(card_id, str) else None
        if not isinstance(card, HandCard) or card.deck != INITIAL:
            raise r.fail(
                f"initial_market[{k}]", f"expected the id of an initial hand card, got {_show(card_id)}"
            )
        pile.append(card)
    listed = Counter(card.id for card in pile)
    for card in by_id.values():
        if isinstance(card, HandCard) and card.deck == INITIAL and listed[card.id] != card.copies:
            raise r.fail(
                "initial_market",
                f"{card.id!r} has {card.copies} {'copy' if card.copies == 1 else 'copies'} "
                f"but is listed {listed[card.id]} times",
            )
    return tuple(pile)


def _check_totals(r: _Reader, catalogue: Catalogue) -> None:
    """The deck sizes that setup relies on, for any catalogue (see the module docstring)."""
    expected = (
        (FINAL, FinalEnemy, FINAL_ENEMIES, "final enemies"),
        (INITIAL, Character, INITIAL_CHARACTERS, "initial characters"),
        (INITIAL, HandCard, INITIAL_HAND_CARDS, "initial hand cards"),
    )
    for deck, kind, count, what in expected:
        found = catalogue.count(deck, kind)
        if found != count:
            raise r.fail("cards", f"the game needs {count} {what} (copies summed), found {found}")
    for players in PLAYER_COUNTS:
        if not any(enemy.culture_points(players) is not None for enemy in catalogue.final_enemies):
            raise r.fail("cards", f"no final enemy is in play with {players} players")
    if catalogue.count(FOREST) == 0:
        raise r.fail("cards", "the forest deck is empty")
    forest_hand = catalogue.count(FOREST, HandCard)
    if forest_hand < OPENING_DEAL_HAND_CARDS:
        raise r.fail(
            "cards",
            f"the forest needs at least {OPENING_DEAL_HAND_CARDS} hand cards so the opening deal "
            f"(3 each for up to 5 players) can finish, found {forest_hand}",
        )


@cache
def load_catalogue(path: str = "") -> Catalogue:
    """The built-in catalogue (``path == ""``) or a variant file, validated and cached.

    Cached because the catalogue is immutable and every game of a run shares it; a variant is
    read again only under a different path string.
    """
    if not path:
        source = BUILTIN
        text = resources.files("alaka.games.alakazum").joinpath("data", BUILTIN).read_text("utf-8")
    else:
        source = path
        try:
            text = Path(path).read_text("utf-8")
        except OSError as error:
            reason = error.strerror or str(error)
            raise ContentError(f"cannot read the catalogue file {path!r}: {reason}") from None
        except UnicodeDecodeError as error:
            raise ContentError(f"{path}: not UTF-8 text ({error.reason} at byte {error.start})") from None
        except ValueError as error:  # a path no file can have (a NUL byte in it)
            raise ContentError(f"cannot read the catalogue file {path!r}: {error}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ContentError(
            f"{source}: not valid JSON (line {error.lineno} column {error.colno}: {error.msg})"
        ) from None
    return parse_catalogue(data, source)
