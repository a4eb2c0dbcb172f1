"""Alakazum! in words: action labels, the decision being made, log lines and a seat's table.

Players are "Player 1".."Player 5" (seat 0 is Player 1); enemies are counted from the left.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from alaka.core.language import N_, tr, trc, trn
from alaka.core.protocol import Action, JsonDict
from alaka.games.alakazum import actions as A
from alaka.games.alakazum import events as E
from alaka.games.alakazum import phases, rules
from alaka.games.alakazum.actions import SPELL_COSTS, SPELL_NAMES, Announcement, Named, ZumAction
from alaka.games.alakazum.content import CULTURES, LEVELS, Food

if TYPE_CHECKING:
    from alaka.games.alakazum.events import ZumEvent
    from alaka.games.alakazum.state import AlakazumState

PHASE_NAMES = {
    phases.PH_DEAL: N_("the opening deal"),
    phases.PH_FIRST: N_("the starting player"),
    phases.PH_CHOOSE: N_("choose an initial character"),
    phases.PH_EXPLORE_DRAW: N_("explore the forest"),
    phases.PH_FIGHTER: N_("choose a fighter"),
    phases.PH_HELPER: N_("add a sociable character"),
    phases.PH_COMBAT_DIE: N_("roll a die combat value"),
    phases.PH_POTIONS: N_("combat potions"),
    phases.PH_HYPNOSIS_ROLL: N_("the hypnosis roll"),
    phases.PH_DIE_POTIONS: N_("die potions"),
    phases.PH_GIVE: N_("choose a card to give"),
    phases.PH_GIVE_TO: N_("choose who gets it"),
    phases.PH_HALLOWEEN: N_("trick or treat"),
    phases.PH_SACRIFICE: N_("choose a character for the graveyard"),
    phases.PH_SANTA_ROLL: N_("Santa Claus' die"),
    phases.PH_SANTA_PASS: N_("pass Santa Claus' die"),
    phases.PH_ACTION: N_("do an action"),
    phases.PH_VOODOO: N_("voodoo doll?"),
    phases.PH_BROOM_ON: N_("choose the broom's character"),
    phases.PH_PAY: N_("pay the spell"),
    phases.PH_TRAIN: N_("Training: choose a character"),
    phases.PH_PEEK: N_("Clairvoyance: choose an enemy"),
    phases.PH_ENEMY: N_("an enemy is looked at"),
    phases.PH_FM_DRAW: N_("Forest Magic draws"),
    phases.PH_FM_KEEP: N_("Forest Magic: keep a card"),
    phases.PH_FM_PUT: N_("Forest Magic: put the cards back"),
    phases.PH_LEVITATE: N_("Levitation: choose your character"),
    phases.PH_SWAP_WITH: N_("Levitation: choose the other character"),
    phases.PH_REVIVE: N_("Revive: choose a character"),
    phases.PH_WITCH_TAKE: N_("Unlucky Witch: take a card"),
    phases.PH_CONJURE: N_("conjure an Alakazum?"),
    phases.PH_SHOW: N_("go to the market: show a card"),
    phases.PH_REVEAL: N_("uncover a final enemy"),
    phases.PH_OVER: N_("game over"),
}


#: What each spell does, in a few words (a menu's hint), by spell index.
#: Read with :func:`spell_words` ({witch} and {forest} are the numbers of cards Unlucky Witch and
#: Forest Magic show).
SPELL_WORDS = (
    # TRANSLATORS: {witch} is a number of cards (always more than one)
    N_("pick {witch} market cards you like"),
    N_("a character of yours goes up a level"),
    N_("look at a face-down final enemy"),
    # TRANSLATORS: {forest} is a number of cards (always more than one)
    N_("see the top {forest} forest cards, keep one"),
    N_("swap a character of yours for another"),
    N_("a graveyard character joins you at level A"),
    N_("two more actions this turn"),
)


def spell_words(spell: int) -> str:
    """What a spell does, in a few words, in the reader's language."""
    return tr(SPELL_WORDS[spell]).format(witch=rules.UNLUCKY_WITCH_CARDS, forest=rules.FOREST_MAGIC_CARDS)


#: The traits' names in words, by trait (read with :func:`trait_name`).
TRAIT_NAMES = {
    # TRANSLATORS: a character's trait: it helps another of its team in a combat
    "sociable": N_("sociable"),
    # TRANSLATORS: a character's trait: it takes a card from the market pile every turn
    "thrifty": N_("thrifty"),
    # TRANSLATORS: a character's trait: it gives magic energy to its owner's spells
    "very_magical": N_("very magical"),
}


def trait_name(trait: str) -> str:
    """A trait (``very_magical``) in words in the reader's language (a variant's unknown trait
    as written, without its underscores)."""
    return tr(TRAIT_NAMES[trait]) if trait in TRAIT_NAMES else trait.replace("_", " ")


def combat_value(value: object) -> str:
    """A character's combat points at a level: a number, or a die rolled in every combat."""
    if value == "die":
        # TRANSLATORS: a character's combat points when they are a die roll (shown as "die/1/2")
        return trc("combat value", "die")
    return str(value)


def player_name(seat: int) -> str:
    # TRANSLATORS: {n} is a seat's number, 1 to 5
    return tr("Player {n}").format(n=seat + 1)


@cache
def _reason_pattern(template: str) -> re.Pattern[str]:
    """A reason's template as a pattern whose groups are its fields."""
    parts = re.split(r"\{(\w+)\}", template)
    return re.compile(
        "".join(re.escape(part) if k % 2 == 0 else f"(?P<{part}>.+?)" for k, part in enumerate(parts))
    )


def reason_words(reason: str) -> str:
    """How a game ended (the outcome's English reason, which is data) in the reader's language:
    a reason with details is matched with its template again and its details put in the
    template's translation."""
    for template in rules.turn.DETAILED_REASONS:
        found = _reason_pattern(template).fullmatch(reason)
        if found is not None:
            return tr(template).format(**found.groupdict())
    return tr(reason)


def capitalised(words: str) -> str:
    """``an Alakazum beat ...`` -> ``An Alakazum beat ...``, for a reason that starts a sentence."""
    return words[:1].upper() + words[1:]


def counted(names: Sequence[str]) -> str:
    """``a, b, a`` -> ``a x2, b``: hands and piles hold copies, and counting them is tiring."""
    seen: dict[str, int] = {}
    for name in names:
        seen[name] = seen.get(name, 0) + 1
    return ", ".join(name if n == 1 else f"{name} x{n}" for name, n in seen.items())


def _char(s: AlakazumState, pid: int) -> str:
    return f"{s.L.name(pid)} ({LEVELS[s.level[pid]]})"


def describe_decision(s: AlakazumState) -> str:
    phase = s.phase
    if phase == phases.PH_OVER:
        return tr("the game is over")
    if phase in phases.CHANCE_PHASES:
        # TRANSLATORS: {phase} is the name of a phase left to chance ("the hypnosis roll")
        return tr("chance: {phase}").format(phase=tr(PHASE_NAMES[phase]))
    who = player_name(s.decider)
    if phase == phases.PH_VOODOO:
        # TRANSLATORS: {player} is a player's name; {announcement} says what was announced
        return tr("{player}: play a voodoo doll? {announcement}").format(
            player=who, announcement=announcement(s)
        )
    # TRANSLATORS: {player} is a player's name; {phase} what they decide ("choose a fighter")
    return tr("{player}: {phase}").format(player=who, phase=tr(PHASE_NAMES[phase]))


def _named(s: AlakazumState, named: Named, announcer: int) -> str:
    """A character named in an announcement, as it stood then."""
    name = s.L.name(named.card)
    if named.owner < 0:
        # TRANSLATORS: {character} is a character card's name
        return tr("{character} from the graveyard").format(character=name)
    if named.owner == announcer:
        return f"{name} ({LEVELS[named.level]})"
    # TRANSLATORS: {player} is a player's name, {character} a character card's name, {level} A, B or C
    return tr("{player}'s {character} ({level})").format(
        player=player_name(named.owner), character=name, level=LEVELS[named.level]
    )


def food_name(s: AlakazumState, kind: int, culture: int) -> str:
    """The food of one culture on a food card (a card holds two: "Pulpo / Marmitako")."""
    effect = s.L.hand(kind).effect
    code = CULTURES[culture]
    if isinstance(effect, Food):
        return next((name for c, name in effect.foods if c == code), s.L.kind_name(kind))
    return s.L.kind_name(kind)


def announced_words(s: AlakazumState, announced: Announcement, announcer: int) -> str:
    """What a player says aloud to announce an action or an Alakazum (R22): the action and its
    targets, nothing hidden ("cast Training on Moura (A)")."""
    action = announced.action
    names = [_named(s, n, announcer) for n in announced.characters]
    kind, arg = action.kind, action.arg
    if kind == A.MARKET:
        return tr("go to the market")
    if kind == A.FOOD:
        culture = CULTURES[action.arg2]
        # TRANSLATORS: {food} is a food's name, {culture} a culture's code (EUS, GAL...)
        return tr("give {food} to the {culture} characters").format(
            food=food_name(s, arg, action.arg2), culture=culture
        )
    if kind == A.BROOM:
        return tr("give a broom to {character}").format(character=names[0])
    if kind == A.FIGHT:
        return tr("fight and hypnotise {character}").format(character=names[0])
    if kind == A.CONJURE:
        # TRANSLATORS: {total} is a number of culture points, {culture} a culture's code (EUS, GAL...)
        return tr("conjure an Alakazum with {total} {culture} points").format(
            total=announced.total, culture=CULTURES[arg]
        )
    spell = SPELL_NAMES[arg]
    if arg == A.CLAIRVOYANCE:
        # TRANSLATORS: {spell} is a spell's name, {position} a number
        position = announced.position + 1
        return tr("cast {spell} on final enemy {position}").format(spell=spell, position=position)
    if arg == A.LEVITATION:
        return tr("cast {spell}: {mine} for {theirs}").format(spell=spell, mine=names[0], theirs=names[1])
    if names:
        return tr("cast {spell} on {character}").format(spell=spell, character=names[0])
    return tr("cast {spell}").format(spell=spell)


def announcement(s: AlakazumState) -> str | None:
    """The action or Alakazum announced and not over yet, in words."""
    if s.announced is None:
        return None
    # TRANSLATORS: {player} is a player's name; {words} what they announce ("cast Training on Moura (A)")
    return tr("{player} announces: {words}").format(
        player=player_name(s.player), words=announced_words(s, s.announced, s.player)
    )


def label(s: AlakazumState, action: Action) -> str:
    """A label a player understands at a glance, for the seat deciding."""
    if not isinstance(action, ZumAction):
        return action.name
    L = s.L
    kind, arg = action.kind, action.arg
    if kind == A.MARKET:
        return tr("Go to the market (the card to show is chosen after the voodoo window)")
    if kind == A.SHOW:
        take = L.hand(arg).take or 0
        n = min(take, len(s.market))
        # TRANSLATORS: {card} is a hand card's name, {n} a number of cards
        return trn(
            "Show {card} and take {n} card from the market",
            "Show {card} and take {n} cards from the market",
            n,
        ).format(card=L.kind_name(arg), n=n)
    if kind == A.FOOD:
        raised = ", ".join(_char(s, pid) for pid in rules.food_raises(s, s.player, action.arg2))
        return tr("Give {food} ({culture}): {raised} to level C").format(
            food=food_name(s, arg, action.arg2), culture=CULTURES[action.arg2], raised=raised
        )
    if kind == A.BROOM:
        return tr("Give a broom to one of your characters")
    if kind == A.FIGHT:
        owner = rules.owner_of(s, arg)
        return tr("Fight and hypnotise: attack {player}'s {character}").format(
            player=player_name(owner), character=_char(s, arg)
        )
    if kind == A.SPELL:
        return tr("Do magic: {spell} (costs {cost})").format(spell=SPELL_NAMES[arg], cost=SPELL_COSTS[arg])
    if kind == A.NO_ACTION:
        return tr("Do no action")
    if kind == A.CHOOSE:
        return tr("Choose {character} for your team").format(character=L.name(arg))
    if kind == A.FIGHTER:
        return tr("Fight with {character}").format(character=_char(s, arg))
    if kind == A.HELPER:
        return tr("Add sociable {character}'s combat points").format(character=_char(s, arg))
    if kind == A.NO_HELPER:
        return tr("No sociable helper")
    if kind == A.POTION_COMBAT:
        return tr("Play {card} for combat points").format(card=L.kind_name(arg))
    if kind == A.POTION_DIE:
        return tr("Play {card} on the die").format(card=L.kind_name(arg))
    if kind == A.STEAL:
        return tr("Play a steal potion: take the rival's last potion")
    if kind == A.PASS:
        return tr("No more potions")
    if kind == A.GIVE:
        return tr("Give away {card}").format(card=L.kind_name(arg))
    if kind == A.TO:
        return tr("... to {player}").format(player=player_name(arg))
    if kind == A.HALLOWEEN_CARDS:
        return tr("Trick or treat: give half of your hand cards")
    if kind == A.HALLOWEEN_CHARACTER:
        return tr("Trick or treat: send a character to the graveyard")
    if kind == A.SACRIFICE:
        return tr("Send {character} to the graveyard").format(character=_char(s, arg))
    if kind == A.PASS_DIE:
        return tr("Pass Santa Claus' die to {player}").format(player=player_name(arg))
    if kind == A.VOODOO:
        return tr("Play a voodoo doll: cancel it")
    if kind == A.NO_VOODOO:
        return tr("Let it happen")
    if kind == A.BROOM_ON:
        return tr("Put the broom under {character}").format(character=_char(s, arg))
    if kind == A.PAY:
        return tr("Pay with {card}").format(card=L.kind_name(arg))
    if kind == A.TRAIN:
        return tr("Train {character} to level {level}").format(
            character=_char(s, arg), level=LEVELS[min(s.level[arg] + 1, 2)]
        )
    if kind == A.PEEK:
        return tr("Look at final enemy {position}").format(position=arg + 1)
    if kind == A.KEEP:
        return tr("Keep {card}").format(card=L.kind_name(arg))
    if kind == A.PUT:
        return tr("Put {card} back next (from the top down)").format(card=L.kind_name(arg))
    if kind == A.LEVITATE:
        return tr("Levitation: give away {character}").format(character=_char(s, arg))
    if kind == A.SWAP_WITH:
        owner = rules.owner_of(s, arg)
        if owner < 0:
            return tr("... for {character} from the graveyard").format(character=_char(s, arg))
        return tr("... for {character} from {player}").format(
            character=_char(s, arg), player=player_name(owner)
        )
    if kind == A.REVIVE_CARD:
        return tr("Revive {character} at level A").format(character=L.name(arg))
    if kind == A.TAKE_MARKET:
        return tr("Take {card} from the market pile").format(card=L.kind_name(arg))
    if kind == A.CONJURE:
        total = rules.culture_total(s, s.player, CULTURES[arg])
        return tr("Conjure an Alakazum with {total} {culture} points").format(
            total=total, culture=CULTURES[arg]
        )
    if kind == A.REVEAL:
        return tr("Uncover final enemy {position}").format(position=arg + 1)
    if kind == A.END_TURN:
        return tr("End your turn")
    if kind == A.DRAW:
        return L.kind_name(arg)
    if kind == A.DIE:
        return tr("the die shows {value}").format(value=arg)
    if kind == A.ENEMY:
        return L.kind_name(arg)
    if kind == A.FIRST:
        return tr("{player} starts").format(player=player_name(arg))
    return action.name


def _stats_at(s: AlakazumState, pid: int, level: int) -> str:
    """A character's printed numbers at one level: ``combat 2, culture 1, resistance 3``."""
    card = rules.char(s, pid)
    return tr("combat {combat}, culture {culture}, resistance {resistance}").format(
        combat=card.combat[level], culture=card.culture_points[level], resistance=card.resistance[level]
    )


def _combat_hint(s: AlakazumState, bonus: int) -> str:
    """The combat's totals for the seat deciding, with ``bonus`` more on its side."""
    combat = s.combat
    if combat is None:
        return ""
    side = combat.side_of(s.decider)
    mine = rules.combat_total(s, combat, side) + bonus
    theirs = rules.combat_total(s, combat, 1 - side)
    if mine > theirs:
        result = tr("you are ahead")
    elif mine < theirs:
        result = tr("you are behind")
    elif side == 1:
        result = tr("a tie, which you win as the defender")
    elif combat.forest:
        result = tr("a tie, which the forest character wins")
    else:
        result = tr("a tie, which the defender wins")
    # TRANSLATORS: {mine} and {theirs} are combat totals; {result} says who is ahead
    return tr("{mine} against {theirs}: {result}").format(mine=mine, theirs=theirs, result=result)


def hint(s: AlakazumState, action: Action) -> str | None:
    """What a legal action costs or brings the seat deciding, in one line, or ``None``: what a
    food raises, what the market gives, what a spell does, a combat's totals, a conjure's odds."""
    if not isinstance(action, ZumAction):
        return None
    L = s.L
    kind, arg = action.kind, action.arg
    seat = s.decider
    if kind == A.FOOD:
        raised = rules.food_raises(s, seat, action.arg2)
        code = CULTURES[action.arg2]
        gain = sum(L.counts[pid][2][action.arg2] - L.counts[pid][s.level[pid]][action.arg2] for pid in raised)
        # TRANSLATORS: {n} is a number of points, {culture} a culture's code (EUS, GAL...)
        return trn("+{n} {culture} point on your table", "+{n} {culture} points on your table", gain).format(
            n=gain, culture=code
        )
    if kind == A.MARKET:
        top = [L.name(pid) for pid in reversed(s.market[-3:])]
        return (
            tr("top of the pile: {cards}").format(cards=counted(top))
            if top
            else tr("the market pile is empty")
        )
    if kind == A.SHOW:
        take = min(L.take[arg], len(s.market))
        taken = [L.name(pid) for pid in reversed(s.market[-take:])] if take else []
        if taken:
            return tr("you take {cards}").format(cards=counted(taken))
        return tr("the market pile is empty: you take nothing")
    if kind == A.SPELL:
        return spell_words(arg)
    if kind == A.TRAIN:
        up = min(s.level[arg] + 1, 2)
        return tr("level {level}: {stats}").format(level=LEVELS[up], stats=_stats_at(s, arg, up))
    if kind == A.REVIVE_CARD:
        return tr("level A: {stats}").format(stats=_stats_at(s, arg, 0))
    if kind == A.FIGHT:
        card = rules.char(s, arg)
        # TRANSLATORS: short for "combat {combat}, resistance {resistance}"
        return tr("cmb {combat} res {resistance}").format(
            combat=card.combat[s.level[arg]], resistance=card.resistance[s.level[arg]]
        )
    if kind in (A.FIGHTER, A.HELPER):
        card = rules.char(s, arg)
        points = card.combat[s.level[arg]]
        if points == "die":
            # TRANSLATORS: {points} is "die" (as a character's combat points)
            return tr("combat {points} (a die roll)").format(points=combat_value(points))
        return tr("combat {points}").format(points=points)
    if kind == A.POTION_COMBAT:
        return _combat_hint(s, L.combat_bonus[arg]) or None
    if kind == A.PASS and s.phase == phases.PH_POTIONS:
        return _combat_hint(s, 0) or None
    if kind == A.CONJURE:
        enemies = [enemy.culture_points(s.n) for enemy in s.opts.catalogue.final_enemies]
        left = [found for found in enemies if found is not None]
        for position in range(len(s.enemy_at)):
            if s.revealed >> position & 1:  # uncovered already: it cannot be the one uncovered now
                left.remove(rules.enemy_points(s, s.enemy_at[position]))
        total = rules.culture_total(s, seat, CULTURES[arg])
        beaten = sum(1 for enemy in left if total > enemy)
        listed = ", ".join(map(str, sorted(left)))
        return tr(
            "{total} beats {beaten} of {n} face-down enemies ({listed}); a failure costs a character"
        ).format(total=total, beaten=beaten, n=len(left), listed=listed)
    if kind == A.VOODOO:
        return tr("cancels the announced play; the doll leaves the game")
    return None


def event_text(s: AlakazumState, event: ZumEvent, hidden: bool) -> str:
    """A log event in words; ``hidden`` leaves out its secret fields (the reader may not see them)."""
    who = player_name(event.actor) if event.actor >= 0 else ""
    names = s.L.name
    match event:
        case E.NoEffect():
            return tr("The trap has no effect on {player}.").format(player=who)
        case E.HalloweenCards():
            return tr("{player} gives away half of the hand cards.").format(player=who)
        case E.HalloweenCharacter():
            return tr("{player} sends a character to the graveyard.").format(player=who)
        case E.TurnEnds():
            # TRANSLATORS: {player} is a player's name
            return tr("{player} ends the turn.").format(player=who)
        case E.NoAction():
            return tr("{player} does no action.").format(player=who)
        case E.EnemyRemoved(card=card):
            return tr("{card} is not used with {n} players.").format(card=names(card), n=s.n)
        case E.Dealt(card=card):
            if hidden:
                return tr("{player} is dealt a card.").format(player=who)
            return tr("{player} is dealt {card}.").format(player=who, card=names(card))
        case E.Exchanged(cards=cards):
            return tr("{player} exchanges {cards} (not hand cards).").format(
                player=who, cards=_names(s, cards)
            )
        case E.StartPlayer(exchanges=exchanges):
            return tr("{player} exchanged the most cards ({n}) and starts.").format(player=who, n=exchanges)
        case E.Chosen(card=card):
            return tr("{player} chooses {card}.").format(player=who, card=names(card))
        case E.RowToGraveyard(cards=cards):
            return tr("To the forest graveyard: {cards}.").format(cards=_names(s, cards) or tr("nobody"))
        case E.TurnStarts(turn=turn):
            return tr("Turn {turn}: {player}.").format(turn=turn, player=who)
        case E.Thrifty(card=card):
            return tr("{player} takes {card} from the market pile (thrifty).").format(
                player=who, card=names(card)
            )
        case E.FoundHandCard(card=card):
            if hidden:
                return tr("{player} finds a hand card.").format(player=who)
            return tr("{player} finds {card}.").format(player=who, card=names(card))
        case E.ForestCharacter(card=card):
            return tr("{player} meets {card} in the forest.").format(player=who, card=names(card))
        case E.Fighter(card=card):
            return tr("{player} fights with {card}.").format(player=who, card=names(card))
        case E.Helper(card=card):
            return tr("{player} adds sociable {card}.").format(player=who, card=names(card))
        case E.CombatDie(card=card, value=value):
            return tr("{card} rolls {value} combat points.").format(card=names(card), value=value)
        case E.PotionPlayed(card=card, use=use):
            if use == "die":
                return tr("{player} plays {card} on the die.").format(player=who, card=names(card))
            if use == "combat":
                return tr("{player} plays {card} on the combat.").format(player=who, card=names(card))
            return tr("{player} plays {card} to steal.").format(player=who, card=names(card))
        case E.Stole(card=card, stolen=stolen):
            return tr("{player} steals {stolen} with {card}.").format(
                player=who, stolen=names(stolen), card=names(card)
            )
        case E.CombatDecided(fighters=(first, second), totals=(t0, t1), winner=winner, reason=reason):
            # TRANSLATORS: {first}, {second}, {winner} are character cards' names; {reason} why it won
            return tr("Combat: {first} {t0} against {second} {t1}: {winner} wins ({reason}).").format(
                first=names(first),
                t0=t0,
                second=names(second),
                t1=t1,
                winner=names(winner),
                reason=tr(reason),
            )
        case E.LevelUp(card=card, before=before, after=after):
            if before == after:
                return tr("{card} stays at level {level}, the highest.").format(
                    card=names(card), level=LEVELS[after]
                )
            return tr("{card} goes up to level {level}.").format(card=names(card), level=LEVELS[after])
        case E.HypnosisRoll(roll=roll):
            return tr("{player} rolls {roll} to hypnotise.").format(player=who, roll=roll)
        case E.Hypnotised(card=card, total=total, resistance=resistance):
            return tr("{player} hypnotises {card} ({total} beats {resistance}).").format(
                player=who, card=names(card), total=total, resistance=resistance
            )
        case E.NotHypnotised(card=card, total=total, resistance=resistance):
            return tr("{player} fails to hypnotise {card} ({total} against {resistance}).").format(
                player=who, card=names(card), total=total, resistance=resistance
            )
        case E.Protected(card=card):
            return tr("{card} stays with {player} (broom, or the last character).").format(
                card=names(card), player=who
            )
        case E.ForestDefeat(card=card, fighter=fighter, lost=lost):
            if lost:
                return tr(
                    "{player} loses: {card} goes back into the shuffled forest deck; {fighter} goes to the graveyard."  # noqa: E501
                ).format(player=who, card=names(card), fighter=names(fighter))
            return tr("{player} loses: {card} goes back into the shuffled forest deck.").format(
                player=who, card=names(card)
            )
        case E.TrapFound(card=card):
            return tr("{player} falls into a trap: {card}!").format(player=who, card=names(card))
        case E.Given(to=to, card=card):
            if hidden:
                return tr("{player} gives a card to {other}.").format(player=who, other=player_name(to))
            return tr("{player} gives {card} to {other}.").format(
                player=who, card=names(card), other=player_name(to)
            )
        case E.SantaRoll(roll=roll):
            return tr("{player} rolls {roll} for Santa Claus' present.").format(player=who, roll=roll)
        case E.DiePassed(to=to):
            return tr("{player} passes the die to {other}.").format(player=who, other=player_name(to))
        case E.Sacrificed(card=card):
            return tr("{player} sends {card} to the graveyard.").format(player=who, card=names(card))
        case E.Announced(announcement=announced):
            return tr("{player} announces: {words}.").format(
                player=who, words=announced_words(s, announced, event.actor)
            )
        case E.VoodooPlayed(cancels=cancels):
            return tr("{player} plays a voodoo doll and cancels {other}'s play!").format(
                player=who, other=player_name(cancels)
            )
        case E.FoodGiven(card=card, culture=culture, raised=raised):
            raised_words = _names(s, raised) or tr("nobody")
            return tr("{player} gives {card} ({culture}): {raised} to level C.").format(
                player=who, card=names(card), culture=CULTURES[culture], raised=raised_words
            )
        case E.BroomGiven(character=character):
            return tr("{player} puts a broom under {card}.").format(player=who, card=names(character))
        case E.WentToMarket(shown=shown, taken=taken):
            return tr("{player} shows {card} at the market and takes {cards}.").format(
                player=who, card=names(shown), cards=_names(s, taken) or tr("nothing")
            )
        case E.Paid(card=card):
            return tr("{player} pays with {card}.").format(player=who, card=names(card))
        case E.Cast(spell=spell):
            return tr("{player} casts {spell}.").format(player=who, spell=SPELL_NAMES[spell])
        case E.WitchTook(card=card):
            return tr("{player} takes {card} from the market pile.").format(player=who, card=names(card))
        case E.Trained(card=card, level=level):
            return tr("{player} trains {card} to level {level}.").format(
                player=who, card=names(card), level=LEVELS[level]
            )
        case E.Peeked(position=position, card=card):
            if hidden:
                return tr("{player} looks at final enemy {position}.").format(
                    player=who, position=position + 1
                )
            return tr("{player} looks at final enemy {position}: {card}.").format(
                player=who, position=position + 1, card=names(card)
            )
        case E.ForestMagicSeen(count=seen, cards=cards):
            if hidden:
                return trn(
                    "{player} looks at the top {n} card of the forest deck.",
                    "{player} looks at the top {n} cards of the forest deck.",
                    seen,
                ).format(player=who, n=seen)
            return tr("{player} sees {cards}.").format(player=who, cards=_names(s, cards))
        case E.ForestMagicKept(kept=kept, put_back=put_back, returned=returned):
            if hidden:
                return tr("{player} keeps a card and puts {n} back on the deck.").format(
                    player=who, n=returned
                )
            return tr("{player} keeps {card} and puts back (top first): {cards}.").format(
                player=who, card=names(kept), cards=_names(s, put_back) or tr("nothing")
            )
        case E.ForestMagicFight(card=card):
            return tr("{player} kept {card} and must fight it.").format(player=who, card=names(card))
        case E.Levitated(mine=mine, theirs=theirs, owner=owner):
            if owner < 0:
                return tr("{player} levitates {mine} away for {theirs} from the graveyard.").format(
                    player=who, mine=names(mine), theirs=names(theirs)
                )
            return tr("{player} levitates {mine} away for {theirs} from {other}.").format(
                player=who, mine=names(mine), theirs=names(theirs), other=player_name(owner)
            )
        case E.Revived(card=card):
            return tr("{player} revives {card}.").format(player=who, card=names(card))
        case E.Conjured(culture=culture, total=total, shown=shown):
            if shown:
                return tr(
                    "{player} conjures an Alakazum with {total} {culture} points, showing {cards}."
                ).format(player=who, total=total, culture=CULTURES[culture], cards=_names(s, shown))
            return tr("{player} conjures an Alakazum with {total} {culture} points.").format(
                player=who, total=total, culture=CULTURES[culture]
            )
        case E.Revealed(card=card, points=points, won=won):
            if won:
                return tr("{player} uncovers {card} ({points} points) and wins!").format(
                    player=who, card=names(card), points=points
                )
            return tr("{player} uncovers {card} ({points} points) and fails.").format(
                player=who, card=names(card), points=points
            )
        case E.GameOver(reason=reason):
            # TRANSLATORS: {player} is a player's name (or "nobody"), {reason} says how the game ended
            return tr("Game over, {player} wins. {reason}.").format(
                player=who or tr("nobody"), reason=capitalised(reason_words(reason))
            )
    raise TypeError(f"no words for the event {event!r}")


#: The events of a combat told inside its result's line in a story (``combat_story``).
COMBAT_STEPS = frozenset({E.Fighter.kind, E.Helper.kind, E.CombatDie.kind, E.PotionPlayed.kind, E.Stole.kind})


def story_lines(entries: Sequence[Mapping[str, Any]]) -> list[str]:
    """A view's log entries told in lines, one per event except combats: the steps of a combat
    (fighter, sociable helpers, die values, potions, steals) just before its result are told in
    one line with it. A combat still being fought (no result yet) is told step by step."""
    lines: list[str] = []
    steps: list[Mapping[str, Any]] = []
    for entry in entries:
        if entry["kind"] in COMBAT_STEPS:
            steps.append(entry)
            continue
        if entry["kind"] == E.CombatDecided.kind and steps:
            lines.append(combat_story(steps, entry))
        else:
            lines.extend(str(step["text"]) for step in steps)
            lines.append(str(entry["text"]))
        steps = []
    lines.extend(str(step["text"]) for step in steps)
    return lines


def combat_story(steps: Sequence[Mapping[str, Any]], result: Mapping[str, Any]) -> str:
    """A combat in one line: each side with its sociable helpers and total, then what was rolled
    and played, then who won and why."""
    attacker = next((step["seat"] for step in steps if step["kind"] == E.Fighter.kind), result["seat"])
    helpers: tuple[list[str], list[str]] = ([], [])
    played: list[str] = []
    for step in steps:
        kind = step["kind"]
        if kind == E.Helper.kind:
            helpers[0 if step["seat"] == attacker else 1].append(str(step["card"]))
        elif kind == E.CombatDie.kind:
            played.append(tr("{card} rolled {value}").format(card=step["card"], value=step["value"]))
        elif kind == E.PotionPlayed.kind:
            who = player_name(step["seat"])
            if step["use"] == "die":
                played.append(tr("{player} played {card} on the die").format(player=who, card=step["card"]))
            else:
                played.append(tr("{player} played {card}").format(player=who, card=step["card"]))
        elif kind == E.Stole.kind:
            played.append(
                tr("{player} stole {stolen} with {card}").format(
                    player=player_name(step["seat"]), stolen=step["stolen"], card=step["card"]
                )
            )
    sides = []
    for name, total, side in zip(result["fighters"], result["totals"], helpers, strict=True):
        if side:
            # TRANSLATORS: {name} is a character card's name, {helpers} more names, {total} combat points
            sides.append(
                tr("{name} with sociable {helpers} {total}").format(
                    name=name, helpers=", ".join(side), total=total
                )
            )
        else:
            sides.append(tr("{name} {total}").format(name=name, total=total))
    fields = {
        "first": sides[0],
        "second": sides[1],
        "winner": result["winner"],
        "reason": tr(result["reason"]),
    }
    if played:
        # TRANSLATORS: {first} and {second} are the two sides, {played} what was rolled and played
        return tr("Combat: {first} against {second} ({played}): {winner} wins ({reason}).").format(
            played="; ".join(played), **fields
        )
    return tr("Combat: {first} against {second}: {winner} wins ({reason}).").format(**fields)


def _names(s: AlakazumState, cards: tuple[int, ...]) -> str:
    return ", ".join(s.L.name(pid) for pid in cards)


def effect_words(effect: Mapping[str, Any]) -> str:
    """A hand card's effect (its JSON form in a view's ``cards``) as a player reads it."""
    kind = effect["type"]
    if kind == "combat_potion":
        return trn("+{n} combat point", "+{n} combat points", effect["combat"]).format(n=effect["combat"])
    if kind == "die_potion":
        return tr("+{die} on the hypnosis die").format(die=effect["die"])
    if kind == "double_potion":
        return trn(
            "+{n} combat point or +{die} on the die",
            "+{n} combat points or +{die} on the die",
            effect["combat"],
        ).format(n=effect["combat"], die=effect["die"])
    if kind == "steal_potion":
        return tr("takes the rival's last potion (player combat)")
    if kind == "magic_hat":
        return trn("{n} magic energy", "{n} magic energy", effect["energy"]).format(n=effect["energy"])
    if kind == "food":
        foods = [
            # TRANSLATORS: {food} is a food's name, {culture} a culture's code (EUS, GAL...)
            tr("{food} ({culture})").format(food=food, culture=culture)
            for culture, food in effect["foods"].items()
        ]
        if len(foods) == 2:
            # TRANSLATORS: {first} and {second} are foods with their cultures ("Paella (VAL)")
            return tr("{first} or {second}: those characters to level C").format(
                first=foods[0], second=foods[1]
            )
        return tr("{foods}: those characters to level C").format(foods=" / ".join(foods))
    if kind == "broom":
        return tr("under a character for good: it never leaves its team")
    if kind == "culture_object":
        culture = effect["culture"]
        n = effect["culture_points"]
        # TRANSLATORS: {culture} is a culture's code (EUS, GAL...)
        return trn(
            "+{n} {culture} point beside a {culture} character",
            "+{n} {culture} points beside a {culture} character",
            n,
        ).format(n=n, culture=culture)
    if kind == "amulet":
        n = effect["culture_points"]
        return trn("+{n} point in any culture", "+{n} points in any culture", n).format(n=n)
    if kind == "voodoo_doll":
        return tr("cancels another player's action or Alakazum")
    return str(kind).replace("_", " ")  # a variant's own effect: its id, as written


def market_words(market_number: int | None) -> str:
    """What showing the card at the market takes (a voodoo doll never goes there)."""
    if market_number is None:
        return tr("never goes to the market")
    return trn("takes {n} card", "takes {n} cards", market_number).format(n=market_number)


def render(view: JsonDict, log_lines: int = 10) -> str:
    """A seat's view as plain text."""
    out: list[str] = []
    seat = view["seat"]
    me = tr("spectator") if seat is None else player_name(seat)
    # TRANSLATORS: {viewer} is a player's name or "spectator"
    out.append(
        tr("Alakazum!, {n} players, turn {turn} ({viewer}'s view)").format(
            n=view["num_players"], turn=view["turn"], viewer=me
        )
    )
    out.append(tr("Now: {decision}").format(decision=view["decision"]))
    enemies = []
    for e in view["enemies"]:
        shown = f"{e['name']} ({e['culture_points']})" if "name" in e else tr("face down")
        if e["revealed"]:
            enemies.append(tr("{position}: {enemy} [revealed]").format(position=e["position"], enemy=shown))
        else:
            enemies.append(f"{e['position']}: {shown}")
    out.append(tr("Final enemies: {enemies}").format(enemies="; ".join(enemies)))
    out.append(tr("Market pile (top first): {cards}").format(cards=", ".join(view["market"]) or tr("empty")))
    deck = view["deck_size"]
    out.append(trn("Forest deck: {n} card", "Forest deck: {n} cards", deck).format(n=deck))
    for p in view["players"]:
        out.append("")
        out.append(
            trn("{player}: {n} hand card", "{player}: {n} hand cards", p["hand_size"]).format(
                player=player_name(p["seat"]), n=p["hand_size"]
            )
        )
        for c in p["team"]:
            traits = ", ".join(trait_name(trait) for trait in c["traits"])
            line = tr(
                "{name} {culture} level {level}: combat {combat}, culture {points}, resistance {resistance}"
            ).format(
                name=c["name"],
                culture=c["culture"],
                level=c["level"],
                combat=c["combat"],
                points=c["culture_points"],
                resistance=c["resistance"],
            )
            if traits:
                # TRANSLATORS: {traits} are a character's traits ("sociable, thrifty")
                line += " " + tr("({traits})").format(traits=traits)
            if c["broom"]:
                line += " " + tr("[broom]")
            out.append("  " + line)
        if p["hand"] is not None:
            out.append("  " + tr("hand: {cards}").format(cards=", ".join(p["hand"]) or tr("empty")))
    if view["graveyard"]:
        out.append("")
        out.append(tr("Graveyard: {cards}").format(cards=", ".join(c["name"] for c in view["graveyard"])))
    if view["outcome"]:
        outcome = view["outcome"]
        winners = ", ".join(player_name(w) for w in outcome["winners"]) or tr("nobody")
        totals = ", ".join(f"{player_name(q)} {score}" for q, score in enumerate(outcome["scores"]))
        reason = capitalised(reason_words(outcome["reason"]))
        # TRANSLATORS: {winners} are players' names (or "nobody"), {reason} how the game ended
        out.append(
            tr("Game over, {winners} wins. {reason}. Best culture totals: {totals}").format(
                winners=winners, reason=reason, totals=totals
            )
        )
    if log_lines and view["log"]:
        out.append("")
        out.extend(f"  {line['text']}" for line in view["log"][-log_lines:])
    return "\n".join(out)


# -- the guided first game (lesson.py): the coach's words -------------------------------------

#: What the coach says, by step (``alaka learn alakazum`` and the browser's "Learn to play").
COACH = {
    "welcome": N_(
        "Welcome to the forest! You are Player 1, with Olentzero in your team. Gather at least 8"
        " culture points of one culture in your team, then conjure an Alakazum: uncover a final"
        " enemy, and if your team has more points of its culture than it has, you win. Every"
        " turn: explore the forest, do one action, then perhaps conjure."
    ),
    "forest_fight": N_(
        "Exploring, you draw one forest card per character in your team, and a character drawn"
        " must be fought at once. Trasno has appeared: send Olentzero, whose 1 combat point beats"
        " Trasno's 0."
    ),
    "keep_potion": N_(
        "Before the result you may add potions. You are already ahead, 1 against 0:"
        " keep your Combat potion for a harder fight."
    ),
    "die_roll": N_(
        "You won: Olentzero went up to level B, and the die was rolled to hypnotise Trasno. A 4"
        " beats Trasno's hypnosis resistance of 0, so no die potion is needed."
    ),
    "training": N_(
        "Trasno joins your team. Now the action: do magic with Training, which raises one of your"
        " characters a level. It costs 1 magic energy, which your very magical Trasno provides."
    ),
    "train_target": N_("Which character will you train? Think of the fight you may pick next turn."),
    "why_train": N_(
        "at level C Olentzero fights with 3 combat points and resists hypnosis with 3, strong"
        " enough to attack next turn."
    ),
    "end_turn": N_(
        "The last phase is the Alakazum, which needs 8 culture points of one culture: you have"
        " 2 Basque (EUS) and 1 Galician (GAL) for now. End your turn."
    ),
    "free_action": N_(
        "Your turn again, and your cards were drawn. Your choice of action: what brings you"
        " closer to 8 culture points of one culture?"
    ),
    "why_action": N_(
        "Olentzero out-fights Moura, whose combat is 1, and even a 1 on the die beats her"
        " hypnosis resistance of 0: she and her culture points would join your team."
    ),
    "finish": N_("The rest of this turn is yours: see your action through, then end your turn."),
    "farewell": N_(
        "You have seen a whole turn: explore, one action, the Alakazum check. Hypnotise characters"
        " of one culture, train them, and conjure once you reach 8. You are ready for a short"
        " game."
    ),
    "praise": N_("Well chosen: {why}"),
    "advice": N_("That is allowed too, but the stronger choice was “{best}”: {why}"),
}
