"""The physical cards of one catalogue: one integer per card in the box, and what each one is.

The engine moves physical cards (``pid``) between places, so conservation is easy to check.
Actions name hand cards by their *kind* (:attr:`Layout.kind_of`): two hand cards with the same
name, effect and market number are interchangeable, even when the catalogue lists them on two
rows (the initial market's Magic hat 1 and the forest's), so a choice never says which copy.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from alaka.games.alakazum.content import (
    CULTURES,
    FINAL,
    FOREST,
    INITIAL,
    MULTI,
    Amulet,
    Broom,
    Catalogue,
    Character,
    CombatPotion,
    CultureObject,
    DiePotion,
    DoublePotion,
    FinalEnemy,
    Food,
    HandCard,
    MagicHat,
    StealPotion,
    Trap,
    VoodooDoll,
)


@dataclass(frozen=True, slots=True, eq=False)
class Layout:
    """Per physical card: its key, catalogue row (type) and kind; and the setup groups."""

    catalogue: Catalogue
    #: ``moura`` for a single copy, ``casteller#2`` for the second of several.
    keys: tuple[str, ...]
    #: The catalogue row index of each physical card.
    type_of: tuple[int, ...]
    #: The interchangeable kind of each physical card (a row index; see the module docstring).
    kind_of: tuple[int, ...]
    final: tuple[int, ...]
    initial_characters: tuple[int, ...]
    #: The first market pile, top card first.
    initial_market: tuple[int, ...]
    forest: tuple[int, ...]
    is_character: tuple[bool, ...]
    is_hand: tuple[bool, ...]
    is_trap: tuple[bool, ...]
    #: Row indices of the hand-card kinds (what hand-card actions are about).
    hand_kinds: tuple[int, ...]
    #: By kind: its physical cards (most kinds have one, found in a list at C speed).
    cards_of_kind: tuple[tuple[int, ...], ...]
    # Per physical card, precomputed for the hot paths (0 / () where it does not apply):
    #: magic energy of a hat
    hat: tuple[int, ...]
    #: magic energy a character gives (very magical)
    energy: tuple[int, ...]
    #: culture points a character counts towards each culture, by level: [level][culture index]
    counts: tuple[tuple[tuple[int, ...], ...], ...]
    #: culture points an object or amulet adds to a conjure in each culture
    conjure: tuple[tuple[int, ...], ...]
    #: whether it adds any (an object or amulet)
    adds_points: tuple[bool, ...]
    #: the cultures a character belongs to, as a bit mask (bit c for ``CULTURES[c]``; every bit
    #: for a multicolour character), whatever points it has at its level
    cultures: tuple[int, ...]
    is_voodoo: tuple[bool, ...]
    #: a sociable character; a thrifty character
    sociable: tuple[bool, ...]
    thrifty: tuple[bool, ...]
    #: a character's combat value at each level (0 where it is rolled on the die), and whether
    #: it is rolled there; its resistance at each level
    combat_value: tuple[tuple[int, ...], ...]
    combat_die: tuple[tuple[bool, ...], ...]
    resistance: tuple[tuple[int, ...], ...]
    #: a character's culture as an index of ``CULTURES``; -1 for a multicolour one (no food
    #: raises it) and for other cards
    culture_index: tuple[int, ...]
    # Per catalogue row (a hand card's *kind*, as actions name it; 0 / () for other rows):
    #: how many cards it takes at the market (0 for a voodoo doll, which never goes there)
    take: tuple[int, ...]
    #: combat points as a combat (or double) potion; points on the die as a die (or double) potion
    combat_bonus: tuple[int, ...]
    die_bonus: tuple[int, ...]
    is_steal: tuple[bool, ...]
    is_broom: tuple[bool, ...]
    #: magic energy of a hat
    hat_of_kind: tuple[int, ...]
    #: the culture indices a food raises
    food_cultures: tuple[tuple[int, ...], ...]

    def card(self, pid: int) -> Character | HandCard | Trap | FinalEnemy:
        return self.catalogue.cards[self.type_of[pid]]

    def enemy(self, pid: int) -> FinalEnemy:
        card = self.catalogue.cards[self.type_of[pid]]
        if not isinstance(card, FinalEnemy):
            raise ValueError(f"{self.keys[pid]} is not a final enemy")
        return card

    def character(self, pid: int) -> Character:
        card = self.catalogue.cards[self.type_of[pid]]
        if not isinstance(card, Character):
            raise ValueError(f"{self.keys[pid]} is not a character")
        return card

    def trap(self, pid: int) -> Trap:
        card = self.catalogue.cards[self.type_of[pid]]
        if not isinstance(card, Trap):
            raise ValueError(f"{self.keys[pid]} is not a trap")
        return card

    def hand(self, kind: int) -> HandCard:
        card = self.catalogue.cards[kind]
        if not isinstance(card, HandCard):
            raise ValueError(f"row {kind} is not a hand card")
        return card

    def name(self, pid: int) -> str:
        return self.catalogue.cards[self.type_of[pid]].name

    def kind_name(self, kind: int) -> str:
        return self.catalogue.cards[kind].name


def _signature(card: HandCard) -> tuple[object, ...]:
    return (card.name, card.take, card.effect)


@cache
def layout_for(catalogue: Catalogue) -> Layout:
    rows = catalogue.cards
    index = {id(card): t for t, card in enumerate(rows)}
    keys: list[str] = []
    type_of: list[int] = []

    def add(card: object, copies: int) -> list[int]:
        made = []
        t = index[id(card)]
        for k in range(copies):
            keys.append(rows[t].id if copies == 1 else f"{rows[t].id}#{k + 1}")
            type_of.append(t)
            made.append(len(keys) - 1)
        return made

    final = [p for card in rows if card.deck == FINAL for p in add(card, card.copies)]
    initial_characters = [
        p
        for card in rows
        if card.deck == INITIAL and isinstance(card, Character)
        for p in add(card, card.copies)
    ]
    # The initial market: one physical card per entry of the catalogue's ordered list.
    market_rows: dict[int, list[int]] = {}
    for card in rows:
        if card.deck == INITIAL and isinstance(card, HandCard):
            market_rows[index[id(card)]] = add(card, card.copies)
    initial_market = [market_rows[index[id(card)]].pop(0) for card in catalogue.initial_market]
    forest = [p for card in rows if card.deck == FOREST for p in add(card, card.copies)]

    # Interchangeable hand-card kinds: the first row, forest rows first, with the same name,
    # effect and take (so the initial market's cards share the forest cards' names in actions).
    first_of: dict[tuple[object, ...], int] = {}
    for t in sorted(range(len(rows)), key=lambda t: rows[t].deck != FOREST):
        card = rows[t]
        if isinstance(card, HandCard):
            first_of.setdefault(_signature(card), t)
    kind_of_row = [
        first_of[_signature(card)] if isinstance(card, HandCard) else t for t, card in enumerate(rows)
    ]

    def counts(card: object) -> tuple[tuple[int, ...], ...]:
        if not isinstance(card, Character):
            return ((0,) * len(CULTURES),) * 3
        return tuple(
            tuple(card.culture_points[level] if card.culture in (c, MULTI) else 0 for c in CULTURES)
            for level in range(3)
        )

    def cultures(card: object) -> int:
        if not isinstance(card, Character):
            return 0
        return sum(1 << c for c, culture in enumerate(CULTURES) if card.culture in (culture, MULTI))

    def conjure(card: object) -> tuple[int, ...]:
        if not isinstance(card, HandCard):
            return (0,) * len(CULTURES)
        return tuple(conjure_points(card, c) for c in CULTURES)

    cards = [rows[t] for t in type_of]
    return Layout(
        catalogue=catalogue,
        keys=tuple(keys),
        type_of=tuple(type_of),
        kind_of=tuple(kind_of_row[t] for t in type_of),
        final=tuple(final),
        initial_characters=tuple(initial_characters),
        initial_market=tuple(initial_market),
        forest=tuple(forest),
        is_character=tuple(isinstance(rows[t], Character) for t in type_of),
        is_hand=tuple(isinstance(rows[t], HandCard) for t in type_of),
        is_trap=tuple(isinstance(rows[t], Trap) for t in type_of),
        hat=tuple(hat_energy(card) if isinstance(card, HandCard) else 0 for card in cards),
        energy=tuple(card.magic_energy if isinstance(card, Character) else 0 for card in cards),
        counts=tuple(counts(rows[t]) for t in type_of),
        conjure=tuple(conjure(rows[t]) for t in type_of),
        adds_points=tuple(any(conjure(rows[t])) for t in type_of),
        cultures=tuple(cultures(rows[t]) for t in type_of),
        is_voodoo=tuple(isinstance(card, HandCard) and is_voodoo(card) for card in cards),
        sociable=tuple(isinstance(card, Character) and card.sociable for card in cards),
        thrifty=tuple(isinstance(card, Character) and card.thrifty for card in cards),
        combat_value=tuple(
            tuple(v if isinstance(v, int) else 0 for v in card.combat) if isinstance(card, Character) else ()
            for card in cards
        ),
        combat_die=tuple(
            tuple(v == "die" for v in card.combat) if isinstance(card, Character) else () for card in cards
        ),
        resistance=tuple(card.resistance if isinstance(card, Character) else () for card in cards),
        culture_index=tuple(
            CULTURES.index(card.culture) if isinstance(card, Character) and card.culture in CULTURES else -1
            for card in cards
        ),
        take=tuple((card.take or 0) if isinstance(card, HandCard) else 0 for card in rows),
        combat_bonus=tuple(combat_bonus(card) if isinstance(card, HandCard) else 0 for card in rows),
        die_bonus=tuple(die_bonus(card) if isinstance(card, HandCard) else 0 for card in rows),
        is_steal=tuple(isinstance(card, HandCard) and is_steal(card) for card in rows),
        is_broom=tuple(isinstance(card, HandCard) and isinstance(card.effect, Broom) for card in rows),
        hat_of_kind=tuple(hat_energy(card) if isinstance(card, HandCard) else 0 for card in rows),
        food_cultures=tuple(
            tuple(CULTURES.index(c) for c in food_cultures(card)) if isinstance(card, HandCard) else ()
            for card in rows
        ),
        hand_kinds=tuple(
            sorted({kind_of_row[t] for t, card in enumerate(rows) if isinstance(card, HandCard)})
        ),
        cards_of_kind=tuple(
            tuple(p for p, t in enumerate(type_of) if kind_of_row[t] == kind) for kind in range(len(rows))
        ),
    )


def combat_bonus(card: HandCard) -> int:
    """Combat points a potion adds when played for combat (0 if it cannot be)."""
    effect = card.effect
    if isinstance(effect, CombatPotion | DoublePotion):
        return effect.combat
    return 0


def die_bonus(card: HandCard) -> int:
    """Points a potion adds to the hypnosis roll when played for the die (0 if it cannot be)."""
    effect = card.effect
    if isinstance(effect, DiePotion | DoublePotion):
        return effect.die
    return 0


def is_steal(card: HandCard) -> bool:
    return isinstance(card.effect, StealPotion)


def hat_energy(card: HandCard) -> int:
    return card.effect.energy if isinstance(card.effect, MagicHat) else 0


def is_voodoo(card: HandCard) -> bool:
    return isinstance(card.effect, VoodooDoll)


def conjure_points(card: HandCard, culture: str) -> int:
    """Culture points a hand card adds to a conjure in ``culture`` (objects and amulets)."""
    effect = card.effect
    if isinstance(effect, CultureObject):
        return effect.culture_points if effect.culture == culture else 0
    if isinstance(effect, Amulet):
        return effect.culture_points
    return 0


def food_cultures(card: HandCard) -> tuple[str, ...]:
    return card.effect.cultures if isinstance(card.effect, Food) else ()
