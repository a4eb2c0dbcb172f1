"""Alakazum! explained: every character, hand card, trap, final enemy, trait, spell, culture and
food in our own words, written from the catalogue in use (a variant catalogue is explained as it
is). The entry names this module as its ``glossary`` (see :mod:`alaka.core.glossary`).

Only the printed catalogue and the number of players are read from the state, never a hand,
the deck or a face-down enemy, so the same words go to every seat.
"""

from __future__ import annotations

import copy
from functools import cache

from alaka.core.glossary import Explanation, explained
from alaka.core.language import reading, tr, trn
from alaka.core.protocol import Action, State
from alaka.games.alakazum import actions as A
from alaka.games.alakazum.actions import SPELL_COSTS, SPELL_NAMES, ZumAction
from alaka.games.alakazum.content import (
    CULTURES,
    LEVELS,
    MULTI,
    Amulet,
    Broom,
    Catalogue,
    Character,
    CombatPotion,
    CultureObject,
    DiePotion,
    DoublePotion,
    Effect,
    FinalEnemy,
    Food,
    HandCard,
    MagicHat,
    StealPotion,
    Trap,
    VoodooDoll,
)
from alaka.games.alakazum.rules.conjure import CONJURE_MINIMUM
from alaka.games.alakazum.rules.spells import FOREST_MAGIC_CARDS, UNLUCKY_WITCH_CARDS
from alaka.games.alakazum.rules.traps import SANTA_EXPLODES_BELOW
from alaka.games.alakazum.state import AlakazumState

#: The cultures' names in words, by code.
CULTURE_NAMES = {
    "VAL": "Valencian",
    "CAT": "Catalan",
    "GAL": "Galician",
    "EUS": "Basque",
    "AND": "Andalusian",
    MULTI: "multicolour",
}

#: What each spell does, in full, by spell index.
SPELL_DETAILS = (
    f"Pick up to {UNLUCKY_WITCH_CARDS} cards you like from the market pile and keep them.",
    "One of your characters goes up one level.",
    "Look at one face-down final enemy; only you learn which it is.",
    f"Look at the top {FOREST_MAGIC_CARDS} forest cards and keep one (a character must be fought, a trap "
    "strikes); put the others back in the order you choose.",
    "Swap one of your characters for another player's, or for one in the graveyard (that one comes at "
    "level A, and yours goes to the graveyard).",
    "Bring a graveyard character into your team at level A.",
    "Two more actions this turn (but not Déjà Vu again).",
)

TRAIT_WORDS = {
    "sociable": (
        "Adds its combat points to another character of its team that fights (one helper per side).",
        ["It is the only way to fight with two characters."],
    ),
    "thrifty": (
        "At the start of its owner's turn it takes the top card of the market pile.",
        ["Several thrifty characters take one card each."],
    ),
    "very_magical": (
        "Gives magic energy to every spell its owner casts, as a magic hat would, without being spent.",
        ["The energy is printed on the card (most give 1)."],
    ),
}

TRAP_WORDS = {
    "black_friday": "You give away half of your hand cards (rounded down), choosing who gets each one.",
    "halloween": (
        "Trick or treat: you choose between giving away half of your hand cards and losing one "
        "character to the graveyard."
    ),
    "santa_claus": (
        f"A die is rolled and passed from player to player until it shows less than "
        f"{SANTA_EXPLODES_BELOW}: whoever holds it then loses a character to the graveyard."
    ),
}


def _culture(code: str) -> str:
    return f"{CULTURE_NAMES.get(code, code)} ({code})"


def _character(card: Character) -> Explanation:
    levels = [["level", "combat", "culture pts", "resistance"]]
    for k, level in enumerate(LEVELS):
        levels.append([level, str(card.combat[k]), str(card.culture_points[k]), str(card.resistance[k])])
    where = "one of the five initial characters" if card.deck == "initial" else "met in the forest"
    traits = ", ".join(t.replace("_", " ") for t in sorted(card.traits))
    summary = f"A {_culture(card.culture)} character, {where}"
    summary += f"; {traits}." if traits else "."
    details = [
        f"Level {lv}: combat {r[1]}, culture points {r[2]}, resistance {r[3]}."
        for lv, r in zip(LEVELS, levels[1:], strict=True)
    ]
    if "die" in card.combat:
        details.append("Its combat points are a die roll, made again in every combat.")
    if card.culture == MULTI:
        details.append("Multicolour: its culture points count in every culture, but no food raises it.")
    if card.magic_energy:
        energy = card.magic_energy
        details.append(
            trn(
                "Very magical: {n} magic energy for every spell.",
                "Very magical: {n} magic energy for every spell.",
                energy,
            ).format(n=energy)
        )
    if card.copies > 1:
        details.append(
            trn("The box holds {n} copy.", "The box holds {n} copies.", card.copies).format(n=card.copies)
        )
    return explained(card.name, "character", summary, details, levels)


def effect_summary(effect: Effect) -> tuple[str, str, list[str]]:
    """A hand card's effect: its sort (``"die potion"``), a line, and the foods it names."""
    match effect:
        case CombatPotion(combat=combat):
            return (
                "combat potion",
                trn(
                    "Play it in a combat: +{n} combat point for your side.",
                    "Play it in a combat: +{n} combat points for your side.",
                    combat,
                ).format(n=combat),
                [],
            )
        case DiePotion(die=die):
            return "die potion", f"Play it after winning a combat: +{die} on the roll to hypnotise.", []
        case DoublePotion(combat=combat, die=die):
            return (
                "double potion",
                trn(
                    "A combat potion or a die potion, your choice when you play it: "
                    "+{n} combat point in a combat, or +{die} on the roll to hypnotise.",
                    "A combat potion or a die potion, your choice when you play it: "
                    "+{n} combat points in a combat, or +{die} on the roll to hypnotise.",
                    combat,
                ).format(n=combat, die=die),
                [],
            )
        case StealPotion():
            return (
                "steal potion",
                "In a combat against another player: takes the rival's last potion, which stops counting "
                "and goes into your hand.",
                [],
            )
        case MagicHat(energy=energy):
            return (
                "magic hat",
                trn(
                    "Pays {n} magic energy towards a spell (no change is given).",
                    "Pays {n} magic energy towards a spell (no change is given).",
                    energy,
                ).format(n=energy),
                [],
            )
        case Food(foods=foods):
            names = " or ".join(f"{food} for the {CULTURE_NAMES.get(c, c)} ({c})" for c, food in foods)
            return (
                "food",
                f"Two foods on one card: {names}. "
                "Given to one culture, all your characters of it go to level C.",
                [food for _, food in foods],
            )
        case Broom():
            return (
                "broom",
                "Put it under one of your characters: that character can never leave your team.",
                [],
            )
        case CultureObject(culture=culture, culture_points=points):
            return (
                "culture object",
                trn(
                    "Kept in hand: +{n} point when you conjure an Alakazum in {culture_name}, "
                    "if you have a {culture} character.",
                    "Kept in hand: +{n} points when you conjure an Alakazum in {culture_name}, "
                    "if you have a {culture} character.",
                    points,
                ).format(n=points, culture_name=_culture(culture), culture=culture),
                [],
            )
        case Amulet(culture_points=points):
            return (
                "amulet",
                trn(
                    "Kept in hand: +{n} point when you conjure an Alakazum in any culture "
                    "you have a character of.",
                    "Kept in hand: +{n} points when you conjure an Alakazum in any culture "
                    "you have a character of.",
                    points,
                ).format(n=points),
                [],
            )
        case VoodooDoll():
            return (
                "voodoo doll",
                "When another player announces an action or an Alakazum, play it to cancel it; the doll "
                "then leaves the game.",
                [],
            )
    raise TypeError(f"no words for the effect {effect!r}")


def _hand(card: HandCard) -> Explanation:
    sort, summary, foods = effect_summary(card.effect)
    market = (
        tr("It never goes to the market.")
        if card.take is None
        else trn(
            "Shown at the market it takes {n} card from the pile (then lies on top).",
            "Shown at the market it takes {n} cards from the pile (then lies on top).",
            card.take,
        ).format(n=card.take)
    )
    details = [market]
    if card.copies > 1:
        details.append(
            trn("The box holds {n} copy.", "The box holds {n} copies.", card.copies).format(n=card.copies)
        )
    return explained(card.name, sort, summary, details, aliases=foods)


def _enemy(card: FinalEnemy) -> Explanation:
    by_players = [f"{players} players: {points}" for players, points in card.points_by_players]
    missing = [str(n) for n in (2, 3, 4, 5) if card.culture_points(n) is None]
    details = [f"Points to beat: {', '.join(by_players)}."]
    if missing:
        details.append(f"Not used with {' or '.join(missing)} players.")
    return explained(
        card.name,
        "final enemy",
        "A North American tradition lying face down: an Alakazum must have more culture points than it.",
        details,
        [["players", "points"], *[[str(n), str(points)] for n, points in card.points_by_players]],
    )


def _trap(card: Trap) -> Explanation:
    return explained(
        card.name,
        "trap",
        f"Found while exploring, it strikes at once and leaves the game. {TRAP_WORDS[card.trap]}",
    )


def _rules() -> list[Explanation]:
    out = [
        explained(
            name,
            "spell",
            trn("Costs {n} magic energy: {words}", "Costs {n} magic energy: {words}", cost).format(
                n=cost, words=words
            ),
            ["Paid with magic hats and very magical characters' energy, after the voodoo window."],
        )
        for name, cost, words in zip(SPELL_NAMES, SPELL_COSTS, SPELL_DETAILS, strict=True)
    ]
    out += [
        explained(trait.replace("_", " "), "trait", words, details, aliases=[trait])
        for trait, (words, details) in TRAIT_WORDS.items()
    ]
    out += [
        explained(
            f"{CULTURE_NAMES[code]} culture",
            "culture",
            f"{code}: characters and objects of the {CULTURE_NAMES[code]} traditions.",
            aliases=[code, CULTURE_NAMES[code]],
        )
        for code in CULTURES
    ]
    out += [
        explained(
            "Alakazum",
            "rule",
            f"Conjure one with {CONJURE_MINIMUM} or more points of one culture (your characters at their "
            "levels, plus culture objects and amulets in hand): uncover a face-down final enemy and beat "
            "its points to win.",
            ["If it fails, the enemy stays face up and you lose one of the characters you counted."],
            aliases=["conjure"],
        ),
        explained(
            "Levels",
            "rule",
            "A character is at level A, B or C; each level has its own combat, culture and resistance "
            "numbers. Winning a combat raises the fighter a level.",
            aliases=["level", "A", "B", "C"],
        ),
        explained(
            "Combat",
            "rule",
            "Fighter's combat points + one sociable helper + combat potions; more points wins, a tie goes "
            "to the defender or the forest character. The winner rises a level and rolls to hypnotise.",
            aliases=["fight"],
        ),
        explained(
            "Hypnosis",
            "rule",
            "After winning, roll a die (plus die potions): more than the loser's resistance brings it into "
            "your team, unless it rides a broom or is its owner's last character.",
            aliases=["hypnotise", "resistance"],
        ),
        explained(
            "Market pile",
            "rule",
            "Face-up hand cards. Going to the market, you show a hand card, take as many cards from the "
            "top as it says, then put the shown card on top.",
            aliases=["market"],
        ),
        explained(
            "Voodoo window",
            "rule",
            "After an action or an Alakazum is announced, every other player in turn may cancel it with a "
            "voodoo doll; you are asked even without one, so nobody learns who holds a doll.",
            aliases=["voodoo"],
        ),
    ]
    return out


@cache
def _glossary(catalogue: Catalogue, language: str) -> tuple[Explanation, ...]:
    """The explanations, in ``language`` (the cache keeps one set per language read in)."""
    out = _rules()
    for card in catalogue.cards:
        if isinstance(card, Character):
            out.append(_character(card))
        elif isinstance(card, HandCard):
            if not any(item["name"] == card.name for item in out):  # initial copies share a name
                out.append(_hand(card))
        elif isinstance(card, Trap):
            out.append(_trap(card))
        else:
            out.append(_enemy(card))
    return tuple(out)


def glossary(state: State) -> list[Explanation]:
    """Everything a player may ask about in this game's catalogue."""
    if not isinstance(state, AlakazumState):
        raise TypeError("an Alakazum! glossary needs an Alakazum! state")
    # copies: the cached explanations are shared, and a caller may change what it is given
    return copy.deepcopy(list(_glossary(state.opts.catalogue, reading())))


def topics(state: State, action: Action) -> list[str]:
    """The explanations ``action`` is about: the card, character or spell it names."""
    if not isinstance(state, AlakazumState) or not isinstance(action, ZumAction):
        return []
    L = state.L
    kind, arg = action.kind, action.arg
    if kind == A.SPELL:
        return [SPELL_NAMES[arg]]
    if kind in (
        A.CHOOSE,
        A.FIGHTER,
        A.HELPER,
        A.FIGHT,
        A.TRAIN,
        A.LEVITATE,
        A.SWAP_WITH,
        A.REVIVE_CARD,
        A.SACRIFICE,
        A.BROOM_ON,
    ):
        return [L.name(arg)]
    if kind in (
        A.SHOW,
        A.FOOD,
        A.BROOM,
        A.POTION_COMBAT,
        A.POTION_DIE,
        A.STEAL,
        A.PAY,
        A.GIVE,
        A.KEEP,
        A.PUT,
        A.TAKE_MARKET,
    ):
        return [L.kind_name(arg)]
    if kind == A.CONJURE:
        return ["Alakazum"]
    if kind in (A.VOODOO, A.NO_VOODOO):
        return ["Voodoo window"]
    return []
