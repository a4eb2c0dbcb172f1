"""Alakazum! explained: every character, hand card, trap, final enemy, trait, spell, culture and
food in our own words, written from the catalogue in use (a variant catalogue is explained as it
is). The entry names this module as its ``glossary`` (see :mod:`alaka.core.glossary`).

Only the printed catalogue and the number of players are read from the state, never a hand,
the deck or a face-down enemy, so the same words go to every seat.
"""

from __future__ import annotations

import copy
from functools import cache

from alaka.core import language
from alaka.core.glossary import Explanation, explained
from alaka.core.language import N_, reading, tr, trn
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
from alaka.games.alakazum.text import combat_value, trait_name

#: The cultures' names in words, by code (read with :func:`culture_name`).
CULTURE_NAMES = {
    # TRANSLATORS: a culture's name, said of its characters ("a Valencian character") and of
    # the culture itself ("an Alakazum in Valencian")
    "VAL": N_("Valencian"),
    "CAT": N_("Catalan"),
    "GAL": N_("Galician"),
    "EUS": N_("Basque"),
    "AND": N_("Andalusian"),
    # TRANSLATORS: a character of every culture at once
    MULTI: N_("multicolour"),
}

#: A culture's explanation: its name and what it holds, by code.
CULTURE_ENTRIES = {
    "VAL": (N_("Valencian culture"), N_("{code}: characters and objects of the Valencian traditions.")),
    "CAT": (N_("Catalan culture"), N_("{code}: characters and objects of the Catalan traditions.")),
    "GAL": (N_("Galician culture"), N_("{code}: characters and objects of the Galician traditions.")),
    "EUS": (N_("Basque culture"), N_("{code}: characters and objects of the Basque traditions.")),
    "AND": (N_("Andalusian culture"), N_("{code}: characters and objects of the Andalusian traditions.")),
}

#: What each spell does, in full, by spell index ({witch} and {forest}: how many cards Unlucky
#: Witch and Forest Magic show).
SPELL_DETAILS = (
    # TRANSLATORS: {witch} is a number of cards (always more than one)
    N_("Pick up to {witch} cards you like from the market pile and keep them."),
    N_("One of your characters goes up one level."),
    N_("Look at one face-down final enemy; only you learn which it is."),
    # TRANSLATORS: {forest} is a number of cards (always more than one)
    N_(
        "Look at the top {forest} forest cards and keep one (a character must be fought, a trap "
        "strikes); put the others back in the order you choose."
    ),
    N_(
        "Swap one of your characters for another player's, or for one in the graveyard (that one comes at "
        "level A, and yours goes to the graveyard)."
    ),
    N_("Bring a graveyard character into your team at level A."),
    N_("Two more actions this turn (but not Déjà Vu again)."),
)

TRAIT_WORDS = {
    "sociable": (
        N_("Adds its combat points to another character of its team that fights (one helper per side)."),
        [N_("It is the only way to fight with two characters.")],
    ),
    "thrifty": (
        N_("At the start of its owner's turn it takes the top card of the market pile."),
        [N_("Several thrifty characters take one card each.")],
    ),
    "very_magical": (
        N_("Gives magic energy to every spell its owner casts, as a magic hat would, without being spent."),
        [N_("The energy is printed on the card (most give 1).")],
    ),
}

TRAP_WORDS = {
    "black_friday": N_("You give away half of your hand cards (rounded down), choosing who gets each one."),
    "halloween": N_(
        "Trick or treat: you choose between giving away half of your hand cards and losing one "
        "character to the graveyard."
    ),
    # TRANSLATORS: {below} is a die's number
    "santa_claus": N_(
        "A die is rolled and passed from player to player until it shows less than "
        "{below}: whoever holds it then loses a character to the graveyard."
    ),
}


def culture_name(code: str) -> str:
    """A culture's name in the reader's language (an unknown code as written)."""
    return tr(CULTURE_NAMES[code]) if code in CULTURE_NAMES else code


def _culture(code: str) -> str:
    # TRANSLATORS: {name} is a culture's name ("Valencian"), {code} its code (VAL)
    return tr("{name} ({code})").format(name=culture_name(code), code=code)


def _character(card: Character) -> Explanation:
    # TRANSLATORS: the headings of a character's numbers at each level (a small table)
    levels = [[tr("level"), tr("combat"), tr("culture pts"), tr("resistance")]]
    for k, level in enumerate(LEVELS):
        levels.append(
            [level, combat_value(card.combat[k]), str(card.culture_points[k]), str(card.resistance[k])]
        )
    traits = ", ".join(trait_name(t) for t in sorted(card.traits))
    culture = _culture(card.culture)
    if card.deck == "initial":
        if traits:
            # TRANSLATORS: {culture} is a culture's name and code ("Valencian (VAL)"), {traits} its traits
            summary = tr("A {culture} character, one of the five initial characters; {traits}.")
        else:
            summary = tr("A {culture} character, one of the five initial characters.")
    elif traits:
        summary = tr("A {culture} character, met in the forest; {traits}.")
    else:
        summary = tr("A {culture} character, met in the forest.")
    summary = summary.format(culture=culture, traits=traits)
    details = [
        # TRANSLATORS: {level} is A, B or C; {combat} a number or "die"
        tr("Level {level}: combat {combat}, culture points {points}, resistance {resistance}.").format(
            level=lv, combat=r[1], points=r[2], resistance=r[3]
        )
        for lv, r in zip(LEVELS, levels[1:], strict=True)
    ]
    if "die" in card.combat:
        details.append(tr("Its combat points are a die roll, made again in every combat."))
    if card.culture == MULTI:
        details.append(tr("Multicolour: its culture points count in every culture, but no food raises it."))
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
    return explained(card.name, tr("character"), summary, details, levels)


def effect_summary(effect: Effect) -> tuple[str, str, list[str]]:
    """A hand card's effect: its sort (``"die potion"``), a line, and the foods it names, in the
    reader's language."""
    sort, summary, foods = _effect_summary(effect)
    return tr(sort), summary, foods


def _effect_summary(effect: Effect) -> tuple[str, str, list[str]]:
    match effect:
        case CombatPotion(combat=combat):
            return (
                N_("combat potion"),
                trn(
                    "Play it in a combat: +{n} combat point for your side.",
                    "Play it in a combat: +{n} combat points for your side.",
                    combat,
                ).format(n=combat),
                [],
            )
        case DiePotion(die=die):
            return (
                N_("die potion"),
                tr("Play it after winning a combat: +{die} on the roll to hypnotise.").format(die=die),
                [],
            )
        case DoublePotion(combat=combat, die=die):
            return (
                N_("double potion"),
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
                N_("steal potion"),
                tr(
                    "In a combat against another player: takes the rival's last potion, which stops counting "
                    "and goes into your hand."
                ),
                [],
            )
        case MagicHat(energy=energy):
            return (
                N_("magic hat"),
                trn(
                    "Pays {n} magic energy towards a spell (no change is given).",
                    "Pays {n} magic energy towards a spell (no change is given).",
                    energy,
                ).format(n=energy),
                [],
            )
        case Food(foods=foods):
            return N_("food"), _foods(foods), [food for _, food in foods]
        case Broom():
            return (
                N_("broom"),
                tr("Put it under one of your characters: that character can never leave your team."),
                [],
            )
        case CultureObject(culture=culture, culture_points=points):
            return (
                N_("culture object"),
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
                N_("amulet"),
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
                N_("voodoo doll"),
                tr(
                    "When another player announces an action or an Alakazum, play it to cancel it; the doll "
                    "then leaves the game."
                ),
                [],
            )
    raise TypeError(f"no words for the effect {effect!r}")


def _foods(foods: tuple[tuple[str, str], ...]) -> str:
    """A food card's summary: each food for its culture, and what giving one does."""
    # TRANSLATORS: {food} is a food's name, {culture} a culture's name and code ("Valencian (VAL)")
    each = [tr("{food} for the {culture}").format(food=food, culture=_culture(c)) for c, food in foods]
    if len(each) == 2:
        # TRANSLATORS: {first} and {second} are "Paella for the Valencian (VAL)" and the like
        return tr(
            "Two foods on one card: {first} or {second}. "
            "Given to one culture, all your characters of it go to level C."
        ).format(first=each[0], second=each[1])
    return tr(
        "Foods on one card: {foods}. Given to one culture, all your characters of it go to level C."
    ).format(foods="; ".join(each))


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
    by_players = [
        # TRANSLATORS: {n} is a number of players, {points} the culture points to beat with them
        trn("{n} player: {points}", "{n} players: {points}", players).format(n=players, points=points)
        for players, points in card.points_by_players
    ]
    missing = [n for n in (2, 3, 4, 5) if card.culture_points(n) is None]
    # TRANSLATORS: {counts} lists the points to beat by number of players ("2 players: 7, 3 players: 8")
    details = [tr("Points to beat: {counts}.").format(counts=", ".join(by_players))]
    if len(missing) == 1:
        details.append(
            trn("Not used with {n} player.", "Not used with {n} players.", missing[0]).format(n=missing[0])
        )
    elif missing:
        # TRANSLATORS: {counts} and {last} are numbers of players ("Not used with 3 or 4 players.")
        details.append(
            tr("Not used with {counts} or {last} players.").format(
                counts=", ".join(map(str, missing[:-1])), last=missing[-1]
            )
        )
    return explained(
        card.name,
        tr("final enemy"),
        tr("A North American tradition lying face down: an Alakazum must have more culture points than it."),
        details,
        [[tr("players"), tr("points")], *[[str(n), str(points)] for n, points in card.points_by_players]],
    )


def _trap(card: Trap) -> Explanation:
    strikes = tr("Found while exploring, it strikes at once and leaves the game.")
    words = tr(TRAP_WORDS[card.trap]).format(below=SANTA_EXPLODES_BELOW) if card.trap in TRAP_WORDS else ""
    return explained(card.name, tr("trap"), f"{strikes} {words}".strip())


#: The rules explained, by their English names: (name, summary, details, other names).
RULES: tuple[tuple[str, str, list[str], list[str]], ...] = (
    (
        "Alakazum",  # the game's own word: a name, as printed
        N_(
            "Conjure one with {minimum} or more points of one culture (your characters at their "
            "levels, plus culture objects and amulets in hand): uncover a face-down final enemy and beat "
            "its points to win."
        ),
        [N_("If it fails, the enemy stays face up and you lose one of the characters you counted.")],
        ["conjure"],
    ),
    (
        N_("Levels"),
        N_(
            "A character is at level A, B or C; each level has its own combat, culture and resistance "
            "numbers. Winning a combat raises the fighter a level."
        ),
        [],
        ["level", "A", "B", "C"],
    ),
    (
        N_("Combat"),
        N_(
            "Fighter's combat points + one sociable helper + combat potions; more points wins, a tie goes "
            "to the defender or the forest character. The winner rises a level and rolls to hypnotise."
        ),
        [],
        ["fight"],
    ),
    (
        N_("Hypnosis"),
        N_(
            "After winning, roll a die (plus die potions): more than the loser's resistance brings it into "
            "your team, unless it rides a broom or is its owner's last character."
        ),
        [],
        ["hypnotise", "resistance"],
    ),
    (
        N_("Market pile"),
        N_(
            "Face-up hand cards. Going to the market, you show a hand card, take as many cards from the "
            "top as it says, then put the shown card on top."
        ),
        [],
        ["market"],
    ),
    (
        N_("Voodoo window"),
        N_(
            "After an action or an Alakazum is announced, every other player in turn may cancel it with a "
            "voodoo doll; you are asked even without one, so nobody learns who holds a doll."
        ),
        [],
        ["voodoo"],
    ),
)


def _translated(name: str, *others: str) -> tuple[str, list[str]]:
    """``name`` in the reader's language, and the names it is also found by: ``others`` and,
    when the translation differs, the English name (a topic, or a person typing it in English)."""
    shown = name if name == "Alakazum" else tr(name)
    aliases = [name] if shown != name else []
    return shown, list(dict.fromkeys([*aliases, *others]))


def _rules() -> list[Explanation]:
    out = [
        explained(
            name,
            tr("spell"),
            trn("Costs {n} magic energy: {words}", "Costs {n} magic energy: {words}", cost).format(
                n=cost, words=tr(words).format(witch=UNLUCKY_WITCH_CARDS, forest=FOREST_MAGIC_CARDS)
            ),
            [tr("Paid with magic hats and very magical characters' energy, after the voodoo window.")],
        )
        for name, cost, words in zip(SPELL_NAMES, SPELL_COSTS, SPELL_DETAILS, strict=True)
    ]
    for trait, (words, details) in TRAIT_WORDS.items():
        shown = trait_name(trait)
        english = trait.replace("_", " ")
        aliases = [english] if shown != english else []
        out.append(
            explained(shown, tr("trait"), tr(words), [tr(d) for d in details], aliases=[*aliases, trait])
        )
    for code in CULTURES:
        name, words = CULTURE_ENTRIES[code]
        shown, aliases = _translated(name, code, culture_name(code), CULTURE_NAMES.get(code, code))
        out.append(explained(shown, tr("culture"), tr(words).format(code=code), aliases=aliases))
    for name, summary, details, others in RULES:
        shown, aliases = _translated(name, *others)
        out.append(
            explained(
                shown,
                tr("rule"),
                tr(summary).format(minimum=CONJURE_MINIMUM),
                [tr(d) for d in details],
                aliases=aliases,
            )
        )
    return out


@cache
def _glossary(catalogue: Catalogue, language: str, messages: object) -> tuple[Explanation, ...]:
    """The explanations, in ``language`` (the cache keeps one set per language read in, and per
    set of ``messages`` it is read with: a stand-in catalogue in a test is not kept for good)."""
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
    return copy.deepcopy(list(_glossary(state.opts.catalogue, reading(), language.catalogue(reading()))))


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
