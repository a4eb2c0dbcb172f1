"""Alakazum!'s heuristic: a rule-of-thumb player, also fast enough to be a rollout policy.

The strategy, in words:

- **Build toward one culture.** The *focus culture* is the culture with the best current total
  (characters at their levels, multicolour characters, and the culture objects and amulets in
  hand, which count only beside a character of their culture, as the rules say); ties go to
  the culture with the most points at level C. A character of a culture the team lacks is also
  worth the objects it would bring into play. Characters and cards of the
  focus culture are worth their full points, those of the others about a third of them, more
  when their culture is close behind.
- **Aim at the weakest face-down enemy.** The seat knows which enemies are in play, which are
  revealed, and what its own Clairvoyance showed; the rest are equally likely at any unknown
  position. A culture total is worth its points plus a bonus for the chance that a conjure with
  it would win now (the share of the enemies that may still be face down that it beats).
- **Conjure as soon as the total can beat an enemy that may still be face down**, in the
  culture with the best chance, and uncover a position known (by Clairvoyance) to be beaten,
  else an unknown one.
- **Keep hats and potions**: they are given away last, shown at the market last, and spent only
  when they change something.
- **Voodoo dolls** cancel a conjure whose announced total is greater than the weakest enemy that
  may still be face down, and a fight against one of this seat's valuable characters; they are
  kept for that otherwise.
- **Fights.** In forest combat the fighter with the best expected outcome fights (the chance of
  winning with the best sociable helper and the potions in hand, the level it gains, the chance
  to hypnotise, against what is lost on a defeat). Against players it attacks only when the
  odds are good (at least 60 %, guessing the defender's potions from its hand size) and the
  expected gain beats the other actions. A sociable helper is always added. Combat potions are
  played only when they turn a loss into a win (a steal first, then the smallest potion that
  is enough), die potions only when they make the hypnosis succeed (and only if the target can
  change owner).
- **Objects for the focus culture.** A food raises the culture where it adds the most value
  (normally the focus culture); a broom goes under the most valuable character.
- **Magic** (Training, Revive, Levitation, Clairvoyance, Forest Magic, Unlucky Witch, Déjà Vu)
  is cast when its gain for the focus culture (or the conjure chance) beats its cost, the hats
  being valued at a fraction of a point per energy; it is paid with the smallest hats that
  cover the cost (least energy spent, then fewest cards).
- **Market**: show the least useful card to take the visible top cards when they are worth
  more.
- **Traps**: give away the least useful cards to the weakest player (the lowest culture total
  on the table), sacrifice the least valuable character, pass Santa Claus' die to the leader (a
  player with more than one character, since a lone character is safe).
- **Setup**: choose the initial character with the most culture points (objects in hand for
  its culture count, then combat points).

Everything is read from what the deciding seat may see: its own hand, hand sizes, the market,
teams, levels, combats, the graveyard, revealed enemies and the ones it looked at. ``policy``
never mutates the state and, as a rollout policy, keeps to tens of microseconds a decision.

``evaluate`` scores a position for tree search: a softmax over the seats of how far each
seat's best culture total (with its hand; on a determinized state that hand is a guess) is from
beating the weakest enemy that may still be face down (public knowledge), plus a little for
characters, levels and cards. A finished game gives the real result (1 to the winner; an even
split when nobody won).
"""

from __future__ import annotations

import math
import random
from bisect import bisect_left
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple, cast

from alaka.core.protocol import Action, State
from alaka.games.alakazum import actions as A
from alaka.games.alakazum import rules as R
from alaka.games.alakazum.content import (
    CULTURES,
    MULTI,
    Amulet,
    Broom,
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
    VoodooDoll,
)
from alaka.games.alakazum.layout import Layout
from alaka.games.alakazum.state import AlakazumState

# -- tuning -------------------------------------------------------------------------------------

#: What a sure win now is worth, in culture points (the conjure chance bonus of a total).
W_WIN = 6.0
#: Weight of a culture other than the focus culture (raised when it is close behind).
W_OTHER = 0.35
#: Value of one magic hat energy, of a combat-potion point, of a die-potion point.
V_ENERGY = 0.4
V_COMBAT = 0.3
V_DIE = 0.25
V_DOUBLE = 0.4
V_STEAL = 0.35
V_VOODOO = 1.0
V_BROOM = 0.5
#: A player-vs-player fight is only considered at these odds or better.
FIGHT_ODDS = 0.6
#: What Forest Magic's pick of six is worth, before its cost.
V_FOREST_MAGIC = 1.0
#: What a trap kept by Forest Magic costs.
V_TRAP = -1.5
EPS = 1e-9

MULTI_INDEX = len(CULTURES)


class PotionPoints(NamedTuple):
    """What the potions in a hand add: combat points and points on the hypnosis die."""

    combat: int
    die: int


class PotionOption(NamedTuple):
    """A potion that could be played now: what it adds, what keeping it is worth (a double potion
    is kept for the other use when a single one is enough), and its action."""

    bonus: int
    keep: float
    action: A.ZumAction


# Card categories.
C_NONE, C_COMBAT, C_DIE, C_DOUBLE, C_STEAL, C_HAT, C_FOOD, C_BROOM, C_OBJECT, C_AMULET, C_VOODOO = range(11)


# -- per-catalogue tables -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Tables:
    """What the heuristic needs of every card, as flat tuples (built once per catalogue)."""

    # Per catalogue row (hand-card kinds are row indices).
    cat: tuple[int, ...]
    cbonus: tuple[int, ...]
    dbonus: tuple[int, ...]
    hat: tuple[int, ...]
    obj_culture: tuple[int, ...]
    obj_points: tuple[int, ...]
    amulet: tuple[int, ...]
    foods: tuple[tuple[int, ...], ...]
    take: tuple[int, ...]
    max_take: int
    # Per physical card.
    kind_of: tuple[int, ...]
    ci: tuple[int, ...]  # culture index of a character, MULTI_INDEX for multicolour, -1 otherwise
    cp: tuple[tuple[int, int, int], ...]
    cmb: tuple[tuple[int, int, int], ...]  # -1 means a die
    res: tuple[tuple[int, int, int], ...]
    soc: tuple[bool, ...]
    thr: tuple[bool, ...]
    mag: tuple[int, ...]
    #: A character's worth besides culture points, by level: combat, magic, traits, a body.
    static: tuple[tuple[float, ...], ...]
    # Final enemies: per player count, the points of each card (0 if none) and those in play.
    enemy_points: dict[int, tuple[int, ...]]
    in_play: dict[int, tuple[int, ...]]


_ZERO3 = (0, 0, 0)


def _static(combat: int, magic: int, thrifty: bool, sociable: bool) -> float:
    return 0.12 * (3.5 if combat < 0 else combat) + 0.6 * magic + 0.3 * thrifty + 0.2 * sociable + 0.3


@cache
def _tables(layout: Layout) -> _Tables:
    rows = layout.catalogue.cards
    cat: list[int] = []
    cbonus: list[int] = []
    dbonus: list[int] = []
    hat: list[int] = []
    obj_culture: list[int] = []
    obj_points: list[int] = []
    amulet: list[int] = []
    foods: list[tuple[int, ...]] = []
    take: list[int] = []
    for card in rows:
        kind, cb, db, en, oc, op, am = C_NONE, 0, 0, 0, -1, 0, 0
        fd: tuple[int, ...] = ()
        tk = -1
        if isinstance(card, HandCard):
            tk = card.take if card.take is not None else -1
            e = card.effect
            if isinstance(e, CombatPotion):
                kind, cb = C_COMBAT, e.combat
            elif isinstance(e, DiePotion):
                kind, db = C_DIE, e.die
            elif isinstance(e, DoublePotion):
                kind, cb, db = C_DOUBLE, e.combat, e.die
            elif isinstance(e, StealPotion):
                kind = C_STEAL
            elif isinstance(e, MagicHat):
                kind, en = C_HAT, e.energy
            elif isinstance(e, Food):
                kind, fd = C_FOOD, tuple(CULTURES.index(c) for c in e.cultures)
            elif isinstance(e, Broom):
                kind = C_BROOM
            elif isinstance(e, CultureObject):
                kind, oc, op = C_OBJECT, CULTURES.index(e.culture), e.culture_points
            elif isinstance(e, Amulet):
                kind, am = C_AMULET, e.culture_points
            elif isinstance(e, VoodooDoll):
                kind = C_VOODOO
        cat.append(kind)
        cbonus.append(cb)
        dbonus.append(db)
        hat.append(en)
        obj_culture.append(oc)
        obj_points.append(op)
        amulet.append(am)
        foods.append(fd)
        take.append(tk)
    ci: list[int] = []
    cp: list[tuple[int, int, int]] = []
    cmb: list[tuple[int, int, int]] = []
    res: list[tuple[int, int, int]] = []
    soc: list[bool] = []
    thr: list[bool] = []
    mag: list[int] = []
    for pid in range(len(layout.keys)):
        card = rows[layout.type_of[pid]]
        if isinstance(card, Character):
            ci.append(MULTI_INDEX if card.culture == MULTI else CULTURES.index(card.culture))
            cp.append(card.culture_points)
            c0, c1, c2 = (v if isinstance(v, int) else -1 for v in card.combat)
            cmb.append((c0, c1, c2))
            res.append(card.resistance)
            soc.append(card.sociable)
            thr.append(card.thrifty)
            mag.append(card.magic_energy)
        else:
            ci.append(-1)
            cp.append(_ZERO3)
            cmb.append(_ZERO3)
            res.append(_ZERO3)
            soc.append(False)
            thr.append(False)
            mag.append(0)
    static = tuple(
        tuple(_static(cmb[p][lv], mag[p], thr[p], soc[p]) for lv in range(3)) for p in range(len(ci))
    )
    enemy_points: dict[int, tuple[int, ...]] = {}
    in_play: dict[int, tuple[int, ...]] = {}
    for n in range(1, 9):
        per = [0] * len(layout.keys)
        playing: list[int] = []
        for pid in layout.final:
            card = rows[layout.type_of[pid]]
            points = card.culture_points(n) if isinstance(card, FinalEnemy) else None
            if points is not None:
                per[pid] = points
                playing.append(points)
        enemy_points[n] = tuple(per)
        in_play[n] = tuple(sorted(playing))
    return _Tables(
        cat=tuple(cat),
        cbonus=tuple(cbonus),
        dbonus=tuple(dbonus),
        hat=tuple(hat),
        obj_culture=tuple(obj_culture),
        obj_points=tuple(obj_points),
        amulet=tuple(amulet),
        foods=tuple(foods),
        take=tuple(take),
        max_take=max(take),
        kind_of=layout.kind_of,
        ci=tuple(ci),
        cp=tuple(cp),
        cmb=tuple(cmb),
        res=tuple(res),
        soc=tuple(soc),
        thr=tuple(thr),
        mag=tuple(mag),
        static=static,
        enemy_points=enemy_points,
        in_play=in_play,
    )


# -- dice -----------------------------------------------------------------------------------------


def _at_least_table(dice_mine: int, dice_theirs: int) -> dict[int, float]:
    """P(sum of my dice - sum of theirs >= k) for every k where it is strictly between 0 and 1."""
    sums: dict[int, float] = {0: 1.0}
    for sign, count in ((1, dice_mine), (-1, dice_theirs)):
        for _ in range(count):
            nxt: dict[int, float] = {}
            for value, p in sums.items():
                for face in range(1, 7):
                    key = value + sign * face
                    nxt[key] = nxt.get(key, 0.0) + p / 6
            sums = nxt
    table: dict[int, float] = {}
    for k in range(min(sums), max(sums) + 1):
        table[k] = sum(p for v, p in sums.items() if v >= k)
    return table


_AT_LEAST = {(a, b): _at_least_table(a, b) for a in (0, 1) for b in (0, 1)}
_LOW = {key: min(table) for key, table in _AT_LEAST.items()}
_HIGH = {key: max(table) for key, table in _AT_LEAST.items()}


def _p_at_least(my_die: bool, their_die: bool, k: int) -> float:
    """P(my die - their die >= k), a missing die counting 0."""
    key = (int(my_die), int(their_die))
    if k <= _LOW[key]:
        return 1.0
    if k > _HIGH[key]:
        return 0.0
    return _AT_LEAST[key][k]


def _p_beat(my_fixed: float, my_die: bool, their_fixed: float, their_die: bool, attacker: bool) -> float:
    """P(my total beats theirs): an attacker must exceed, a defender may tie."""
    c = their_fixed - my_fixed
    k = math.floor(c) + 1 if attacker else math.ceil(c)
    return _p_at_least(my_die, their_die, k)


def _p_roll_over(threshold: float) -> float:
    """P(a die exceeds ``threshold``)."""
    if threshold < 1:
        return 1.0
    if threshold >= 6:
        return 0.0
    return (6 - math.floor(threshold)) / 6


# -- what the deciding seat knows and wants -------------------------------------------------------


class _Me:
    """The deciding seat's view: culture totals, focus, weights and what it knows of the enemies."""

    __slots__ = (
        "base", "facedown", "focus", "kmin", "members", "objects", "s", "seat", "t", "tot", "unknown", "w",
    )  # fmt: skip

    def __init__(self, s: AlakazumState, seat: int, t: _Tables) -> None:
        self.s = s
        self.seat = seat
        self.t = t
        tot = R.culture_totals(s, seat)  # the rules' totals: objects count only beside a character
        #: The points objects and amulets in hand would add to each culture, and how many of the
        #: seat's characters belong to it (objects start or stop counting with the first or last).
        self.objects = [0] * MULTI_INDEX
        for pid in s.hands[seat]:
            for c, adds in enumerate(s.L.conjure[pid]):
                self.objects[c] += adds
        self.members = [0] * MULTI_INDEX
        for pid in s.teams[seat]:
            mask = s.L.cultures[pid]
            for c in range(MULTI_INDEX):
                self.members[c] += mask >> c & 1
        self.tot = tot
        best = max(tot)
        focus = tot.index(best)
        if tot.count(best) > 1:
            potential = [0] * MULTI_INDEX
            for pid in s.teams[seat]:
                c = t.ci[pid]
                if c < MULTI_INDEX:
                    potential[c] += t.cp[pid][2]
            focus = max((c for c in range(MULTI_INDEX) if tot[c] == best), key=lambda c: potential[c])
        self.focus = focus
        self.w = [1.0 if x >= best else max(W_OTHER, 1.0 - 0.2 * (best - x)) for x in tot]
        # Enemies: the known face-down ones (looked at by this seat) and the unknown ones.
        points = t.enemy_points[s.n]
        unknown = list(t.in_play[s.n])
        kmin = 99
        facedown = 0
        revealed = s.revealed
        peeked = s.peeked
        enemy_at = s.enemy_at
        for i in range(len(enemy_at)):
            if revealed >> i & 1:
                unknown.remove(points[enemy_at[i]])
            else:
                facedown += 1
                if peeked[i] >> seat & 1:
                    p = points[enemy_at[i]]
                    unknown.remove(p)
                    kmin = min(kmin, p)
        self.unknown = unknown  # sorted: removing keeps the order
        self.kmin = kmin
        self.facedown = facedown
        self.base = self.value(tot)

    def p_win(self, total: int) -> float:
        """The chance that a conjure with ``total`` beats the enemy this seat would uncover."""
        if total < R.CONJURE_MINIMUM or not self.facedown:
            return 0.0
        if self.kmin < total:
            return 1.0
        unknown = self.unknown
        if not unknown:
            return 0.0
        return bisect_left(unknown, total) / len(unknown)

    def weakest(self) -> int:
        """The fewest points an enemy that may still be face down can have."""
        return min(self.kmin, self.unknown[0] if self.unknown else 99)

    def value(self, tot: Sequence[int]) -> float:
        """A culture-total vector's worth: the best culture with its conjure chance, plus a little
        for the others."""
        best = -1.0
        total = 0
        for x in tot:
            v = x + W_WIN * self.p_win(x) if x >= R.CONJURE_MINIMUM else x
            if v > best:
                best = v
            total += x
        return best + 0.1 * total

    def changed(self, culture: int, delta: int, joins: int = 0) -> float:
        """How much the position's worth changes when ``culture`` (or all, for multicolour) moves;
        ``joins`` is +1 when a character of it joins the team, -1 when one leaves (the objects in
        hand start or stop counting with the culture's first or last character)."""
        tot = self.tot[:]
        moved = False
        for c in range(MULTI_INDEX) if culture == MULTI_INDEX else (culture,):
            step = delta
            if (joins > 0 and not self.members[c]) or (joins < 0 and self.members[c] == 1):
                step += joins * self.objects[c]
            if step:
                tot[c] += step
                moved = True
        return self.value(tot) - self.base if moved else 0.0

    def extras(self, pid: int, level: int) -> float:
        """What a character brings besides culture points now: combat, magic, traits, a body, and
        the points it may still gain."""
        t = self.t
        c = t.ci[pid]
        cp = t.cp[pid]
        return t.static[pid][level] + 0.25 * (1.0 if c == MULTI_INDEX else self.w[c]) * (cp[2] - cp[level])

    def weight(self, pid: int) -> float:
        c = self.t.ci[pid]
        return 1.0 if c == MULTI_INDEX else self.w[c]

    def gain(self, pid: int, level: int) -> float:
        """What adding this character (at ``level``) to the team is worth."""
        return self.changed(self.t.ci[pid], self.t.cp[pid][level], 1) + self.extras(pid, level)

    def loss(self, pid: int) -> float:
        """What losing one of this seat's characters costs."""
        level = self.s.level[pid]
        return -self.changed(self.t.ci[pid], -self.t.cp[pid][level], -1) + self.extras(pid, level)

    def level_gain(self, pid: int) -> float:
        """What raising one of this seat's characters a level is worth (0 at level C)."""
        level = self.s.level[pid]
        if level >= R.LEVEL_C:
            return 0.0
        t = self.t
        cp = t.cp[pid]
        return self.changed(t.ci[pid], cp[level + 1] - cp[level]) + (
            self.extras(pid, level + 1) - self.extras(pid, level)
        )

    def card(self, kind: int) -> float:
        """What a hand card is worth to this seat."""
        t = self.t
        c = t.cat[kind]
        if c == C_HAT:
            return V_ENERGY * t.hat[kind]
        if c == C_COMBAT:
            return V_COMBAT * t.cbonus[kind]
        if c == C_DIE:
            return V_DIE * t.dbonus[kind]
        if c == C_DOUBLE:
            return V_DOUBLE
        if c == C_STEAL:
            return V_STEAL
        if c == C_OBJECT:
            return t.obj_points[kind] * self.w[t.obj_culture[kind]]
        if c == C_AMULET:
            return float(t.amulet[kind])
        if c == C_VOODOO:
            return V_VOODOO
        if c == C_BROOM:
            return V_BROOM if len(self.s.teams[self.seat]) > 1 else 0.7 * V_BROOM
        if c == C_FOOD:
            return 0.15 + max(self.w[f] * self.food_gain(f) for f in t.foods[kind])
        return 0.0

    def food_gain(self, culture: int) -> int:
        """Culture points a food of ``culture`` would add now."""
        s = self.s
        t = self.t
        gain = 0
        for pid in s.teams[self.seat]:
            if t.ci[pid] == culture:
                cp = t.cp[pid]
                gain += cp[2] - cp[s.level[pid]]
        return gain

    def hand_kinds(self) -> list[int]:
        kind_of = self.t.kind_of
        return [kind_of[pid] for pid in self.s.hands[self.seat]]

    def potions(self) -> PotionPoints:
        """The combat and die points of the potions in hand (double potions count for both)."""
        t = self.t
        cb = db = 0
        for k in self.hand_kinds():
            cb += t.cbonus[k]
            db += t.dbonus[k]
        return PotionPoints(cb, db)


def _public_strength(s: AlakazumState, seat: int, t: _Tables) -> float:
    """A seat's strength as everyone sees it: its best culture on the table, and its team size."""
    return max(R.culture_totals(s, seat, hand=False)) + 0.3 * len(s.teams[seat])


@cache
def _hats_for(hats: tuple[int, ...], need: int) -> tuple[int, ...] | None:
    """The hats (energies) that pay ``need``: least energy spent, then fewest cards; None if short."""
    if need <= 0:
        return ()
    if sum(hats) < need:
        return None
    counts: dict[int, int] = {}
    for e in hats:
        counts[e] = counts.get(e, 0) + 1
    energies = sorted(counts, reverse=True)
    best: tuple[int, int] | None = None
    chosen: tuple[int, ...] = ()

    def search(i: int, paid: int, taken: tuple[int, ...]) -> None:
        nonlocal best, chosen
        if paid >= need:
            key = (paid, len(taken))
            if best is None or key < best:
                best, chosen = key, taken
            return
        if i == len(energies):
            return
        e = energies[i]
        most = min(counts[e], -(-(need - paid) // e))
        for m in range(most, -1, -1):
            search(i + 1, paid + m * e, taken + (e,) * m)

    search(0, 0, ())
    return chosen


# -- the policy ---------------------------------------------------------------------------------


def policy(state: State, seat: int, rng: random.Random) -> Action:
    """A legal action for ``seat`` (who must be the one to decide), chosen by the strategy above."""
    s = cast(AlakazumState, state)
    legal = s.legal_actions()
    if len(legal) == 1:
        return legal[0]
    handler = _HANDLERS.get(s.phase)
    if handler is None:  # pragma: no cover - every decision phase has a handler
        return legal[rng.randrange(len(legal))]
    scores = handler(s, seat, cast("tuple[A.ZumAction, ...]", legal))
    best = max(scores)
    ties = [i for i, x in enumerate(scores) if x >= best - EPS]
    if len(ties) == 1:
        return legal[ties[0]]
    return legal[ties[rng.randrange(len(ties))]]


Legal = tuple[A.ZumAction, ...]


def _choose(s: AlakazumState, seat: int, legal: Legal) -> list[float]:
    t = _tables(s.L)
    hand = [t.kind_of[pid] for pid in s.hands[seat]]
    out = []
    for a in legal:
        pid = a.arg
        c = t.ci[pid]
        bonus = sum(t.obj_points[k] for k in hand if t.obj_culture[k] == c)
        combat = sum(max(v, 0) for v in t.cmb[pid])
        out.append(sum(t.cp[pid]) + bonus + 0.1 * combat + 0.5 * t.mag[pid] + 0.2 * t.thr[pid])
    return out


def _best_helpers(s: AlakazumState, seat: int, t: _Tables) -> list[tuple[float, int]]:
    """The seat's sociable characters with their combat points, best first."""
    helpers = []
    for pid in s.teams[seat]:
        if t.soc[pid]:
            c = t.cmb[pid][s.level[pid]]
            helpers.append((3.5 if c < 0 else float(c), pid))
    helpers.sort(reverse=True)
    return helpers


def _helper_value(helpers: list[tuple[float, int]], fighter: int) -> float:
    for value, pid in helpers:
        if pid != fighter:
            return value
    return 0.0


class _Fighter:
    """One of the seat's characters as a fighter: its fixed points (with the best other helper),
    whether it rolls a die, and (worked out when first needed) what winning a level and being
    lost are worth to the seat."""

    __slots__ = ("die", "fixed", "level", "lost_value", "me", "pid", "resistance", "up")

    def __init__(self, me: _Me, pid: int, helpers: list[tuple[float, int]]) -> None:
        self.me = me
        self.pid = pid
        self.level = level = me.s.level[pid]
        c = me.t.cmb[pid][level]
        self.die = c < 0
        self.fixed = (0 if c < 0 else c) + _helper_value(helpers, pid)
        self.resistance = me.t.res[pid][level]
        self.up = -1.0  # not worked out yet
        self.lost_value = 0.0

    def finish(self) -> None:
        me = self.me
        self.up = me.level_gain(self.pid)
        self.lost_value = me.loss(self.pid) if R.can_lose(me.s, me.seat, self.pid) else 0.0


def _fighters(me: _Me) -> list[_Fighter]:
    helpers = _best_helpers(me.s, me.seat, me.t)
    return [_Fighter(me, pid, helpers) for pid in me.s.teams[me.seat]]


class _Target:
    """A character to fight (a forest one when ``owner`` is -1): its points, its defender's
    likely potions, and (worked out when first needed) what hypnotising it is worth."""

    __slots__ = (
        "die",
        "fixed",
        "forest",
        "level",
        "me",
        "movable",
        "pid",
        "resistance",
        "their_die",
        "value",
    )

    def __init__(
        self, me: _Me, pid: int, level: int, owner: int, helpers: list[tuple[float, int]] | None = None
    ) -> None:
        s = me.s
        t = me.t
        self.me = me
        self.pid = pid
        self.level = level
        c = t.cmb[pid][level]
        self.die = c < 0
        self.forest = owner < 0
        fixed = float(0 if c < 0 else c)
        if owner < 0:
            self.their_die = 0.0
            self.movable = True
        else:
            hand = len(s.hands[owner])
            if helpers is None:
                helpers = _best_helpers(s, owner, t)
            fixed += _helper_value(helpers, pid) + min(2.0, 0.3 * hand)
            self.their_die = min(1.5, 0.2 * hand)
            self.movable = R.can_lose(s, owner, pid)
        self.fixed = fixed
        self.resistance = t.res[pid][level]
        self.value: float | None = None

    def prize(self) -> float:
        """What hypnotising it is worth (-1: it cannot change owner)."""
        if self.value is None:
            if self.movable:
                me, pid, level = self.me, self.pid, self.level
                value = me.gain(pid, level)
                if not self.forest:
                    value += 0.4 * (me.t.cp[pid][level] + 0.3)
                self.value = value
            else:
                self.value = -1.0
        return self.value


def _p_fight(f: _Fighter, target: _Target, combat_potions: int) -> float:
    """The chance that ``f`` beats ``target`` (a tie goes to the defender) with these potions."""
    return _p_at_least(f.die, target.die, math.floor(target.fixed - f.fixed) + 1 - combat_potions)


def _fight_ev(f: _Fighter, target: _Target, potions: PotionPoints) -> float:
    """Expected gain of fighter ``f`` attacking ``target`` with the best helper and the potions in
    hand (spent only when needed)."""
    p_base = _p_fight(f, target, 0)
    p_win = _p_fight(f, target, potions.combat) if potions.combat else p_base
    if f.up < 0:
        f.finish()
    gain = f.up
    prize = target.prize()
    if prize >= 0:
        gain += _p_roll_over(target.resistance - potions.die) * prize
    if f.lost_value:
        p_lost = 1.0 if target.forest else _p_roll_over(f.resistance - target.their_die)
        lost = p_lost * f.lost_value
    else:
        lost = 0.0
    return p_win * gain - (1.0 - p_win) * lost - 0.5 * (p_win - p_base)


def _fighter(s: AlakazumState, seat: int, legal: Legal) -> list[float]:
    combat = s.combat
    assert combat is not None
    me = _Me(s, seat, _tables(s.L))
    target_pid = combat.fighter[1]
    target = _Target(me, target_pid, 0 if combat.forest else s.level[target_pid], combat.owner[1])
    potions = me.potions()
    by_pid = {f.pid: f for f in _fighters(me)}
    return [_fight_ev(by_pid[a.arg], target, potions) for a in legal]


def _helper(s: AlakazumState, seat: int, legal: Legal) -> list[float]:
    t = _tables(s.L)
    out = []
    for a in legal:
        if a.kind == A.NO_HELPER:
            out.append(-1.0)
        else:
            c = t.cmb[a.arg][s.level[a.arg]]
            out.append(3.5 if c < 0 else float(c))
    return out


def _pick_potion(options: list[PotionOption], deficit: int) -> A.ZumAction | None:
    """The smallest potion that covers ``deficit`` (a double potion last), else the biggest one."""
    covering = [o for o in options if o.bonus >= deficit]
    if covering:
        return min(covering, key=lambda o: (o.bonus, o.keep)).action
    if options:
        return max(options, key=lambda o: (o.bonus, -o.keep)).action
    return None


def _potions(s: AlakazumState, seat: int, legal: Legal) -> list[float]:
    """Combat potions only when they turn a loss into a win (a steal first)."""
    combat = s.combat
    assert combat is not None
    t = _tables(s.L)
    side = combat.side_of(seat)
    mine = R.combat_total(s, combat, side)
    theirs = R.combat_total(s, combat, 1 - side)
    deficit = theirs - mine + (1 if side == 0 else 0)
    choice: A.ZumAction | None = None
    if deficit > 0:
        hand = [t.kind_of[pid] for pid in s.hands[seat]]
        available = sum(t.cbonus[k] for k in hand)
        options: list[PotionOption] = []
        steal: A.ZumAction | None = None
        stolen_bonus = 0
        for a in legal:
            if a.kind == A.POTION_COMBAT:
                options.append(PotionOption(t.cbonus[a.arg], 0.5 if t.cat[a.arg] == C_DOUBLE else 0.0, a))
            elif a.kind == A.STEAL:
                potion = R.stealable(combat, seat)
                if potion is not None and potion.use == "combat":
                    steal = a
                    stolen_bonus = t.cbonus[t.kind_of[potion.card]]
        if steal is not None and stolen_bonus > 0 and available + stolen_bonus >= deficit:
            choice = steal
        elif available >= deficit:
            choice = _pick_potion(options, deficit)
    return [1.0 if a is choice else (0.5 if a.kind == A.PASS else 0.0) for a in legal]


def _die_potions(s: AlakazumState, seat: int, legal: Legal) -> list[float]:
    """Die potions only when they make the hypnosis succeed; a steal only when it makes it fail."""
    combat = s.combat
    assert combat is not None
    t = _tables(s.L)
    winner = combat.winner
    loser_seat = combat.owner[1 - winner]
    target = combat.fighter[1 - winner]
    level = 0 if combat.forest else s.level[target]
    resistance = t.res[target][level]
    total = R.die_total(s, combat)
    movable = combat.forest or R.can_lose(s, loser_seat, target)
    choice: A.ZumAction | None = None
    if seat == combat.owner[winner]:
        deficit = resistance + 1 - total
        if deficit > 0 and movable:
            hand = [t.kind_of[pid] for pid in s.hands[seat]]
            if sum(t.dbonus[k] for k in hand) >= deficit:
                options = [
                    PotionOption(t.dbonus[a.arg], 0.5 if t.cat[a.arg] == C_DOUBLE else 0.0, a)
                    for a in legal
                    if a.kind == A.POTION_DIE
                ]
                choice = _pick_potion(options, deficit)
    elif total > resistance and movable:
        potion = R.stealable(combat, seat)
        if potion is not None and potion.use == "die" and potion.seat == combat.owner[winner]:
            bonus = t.dbonus[t.kind_of[potion.card]]
            if total - bonus <= resistance:
                choice = next((a for a in legal if a.kind == A.STEAL), None)
    return [1.0 if a is choice else (0.5 if a.kind == A.PASS else 0.0) for a in legal]


def _give(s: AlakazumState, seat: int, legal: Legal) -> list[float]:
    me = _Me(s, seat, _tables(s.L))
    return [-me.card(a.arg) for a in legal]


def _give_to(s: AlakazumState, seat: int, legal: Legal) -> list[float]:
    t = _tables(s.L)
    return [-_public_strength(s, a.arg, t) for a in legal]


def _halloween(s: AlakazumState, seat: int, legal: Legal) -> list[float]:
    me = _Me(s, seat, _tables(s.L))
    out = []
    for a in legal:
        if a.kind == A.HALLOWEEN_CARDS:
            values = sorted(me.card(k) for k in me.hand_kinds())
            out.append(-sum(values[: len(values) // 2]))
        else:
            out.append(-min(me.loss(pid) for pid in R.sacrifice_options(s, seat)))
    return out


def _sacrifice(s: AlakazumState, seat: int, legal: Legal) -> list[float]:
    me = _Me(s, seat, _tables(s.L))
    return [-me.loss(a.arg) for a in legal]


def _santa_pass(s: AlakazumState, seat: int, legal: Legal) -> list[float]:
    t = _tables(s.L)
    return [_public_strength(s, a.arg, t) + (10.0 if len(s.teams[a.arg]) > 1 else 0.0) for a in legal]


def _voodoo(s: AlakazumState, seat: int, legal: Legal) -> list[float]:
    """A doll against a conjure that could win, or against a fight or Levitation that names one
    of this seat's valuable characters (announcements name their targets)."""
    announced = s.announced
    use = False
    if announced is not None:
        action = announced.action
        if action.kind == A.CONJURE:
            me = _Me(s, seat, _tables(s.L))
            use = announced.total > me.weakest()
        elif action.kind == A.FIGHT or (action.kind == A.SPELL and action.arg == A.LEVITATION):
            target = announced.characters[-1].card  # the fought one, or the one levitated away
            if target in s.teams[seat] and R.can_lose(s, seat, target):
                me = _Me(s, seat, _tables(s.L))
                use = me.loss(target) >= 2.0
    return [1.0 if (a.kind == A.VOODOO) == use else 0.0 for a in legal]


def _spell_costs(me: _Me) -> list[float]:
    """The value of the hats each spell would take (smallest sufficient hats; 99 if short)."""
    t = me.t
    energy = R.energy(me.s, me.seat)
    hats = tuple(sorted(t.hat[k] for k in me.hand_kinds() if t.hat[k] > 0))
    by_need: dict[int, float] = {}
    out = []
    for cost in A.SPELL_COSTS:
        need = cost - energy
        if need <= 0:
            out.append(0.0)
            continue
        if need not in by_need:
            chosen = _hats_for(hats, need)
            by_need[need] = V_ENERGY * sum(chosen) if chosen is not None else 99.0
        out.append(by_need[need])
    return out


def _clairvoyance_gain(me: _Me) -> float:
    best = max(me.tot)
    if best < R.CONJURE_MINIMUM:
        return 0.2 if best >= R.CONJURE_MINIMUM - 2 else 0.05
    if me.kmin < best or not me.unknown:
        return 0.05
    k = len(me.unknown)
    m = bisect_left(me.unknown, best)
    now = m / k
    after = now + (1 - now) * (m / (k - 1) if k > 1 else 0.0)
    return W_WIN * (after - now) + 0.1


def _action(s: AlakazumState, seat: int, legal: Legal) -> list[float]:
    t = _tables(s.L)
    me = _Me(s, seat, t)
    team = s.teams[seat]
    market = s.market
    depth = min(len(market), t.max_take)
    top = [me.card(t.kind_of[market[-1 - i]]) for i in range(depth)]  # top first
    potions = PotionPoints(0, 0)
    fighters: list[_Fighter] | None = None
    their_helpers: dict[int, list[tuple[float, int]]] = {}
    scores: list[float] = []
    spells: list[tuple[int, int]] = []  # (index in legal, spell)
    for a in legal:
        kind = a.kind
        if kind == A.MARKET:
            scores.append(max(_show_gains(me, top)) - 0.05)
        elif kind == A.FOOD:
            scores.append(me.changed(a.arg2, me.food_gain(a.arg2)) - 0.1)
        elif kind == A.BROOM:
            free = [pid for pid in team if s.broom_of[pid] < 0]
            if len(team) > 1 and free:
                scores.append(0.4 * max(me.loss(pid) for pid in free) - 0.3)
            else:
                scores.append(-0.2)
        elif kind == A.FIGHT:
            if fighters is None:
                potions = me.potions()
                fighters = _fighters(me)
            owner = R.owner_of(s, a.arg)
            if owner not in their_helpers:
                their_helpers[owner] = _best_helpers(s, owner, t)
            target = _Target(me, a.arg, s.level[a.arg], owner, their_helpers[owner])
            best = -99.0
            for f in fighters:
                if _p_fight(f, target, potions.combat) >= FIGHT_ODDS:
                    ev = _fight_ev(f, target, potions)
                    if ev > best:
                        best = ev
            scores.append(best - 0.1)
        elif kind == A.SPELL:
            spells.append((len(scores), a.arg))
            scores.append(0.0)
        else:  # no action
            scores.append(0.0)
    costs = _spell_costs(me) if spells else []
    for i, spell in spells:
        cost = costs[spell]
        if spell == A.UNLUCKY_WITCH:
            kinds = {t.kind_of[pid] for pid in market}
            values = sorted((me.card(k) for k in kinds), reverse=True)
            gain = sum(values[: R.UNLUCKY_WITCH_CARDS])
        elif spell == A.TRAINING:
            gain = max(me.level_gain(pid) for pid in team)
        elif spell == A.CLAIRVOYANCE:
            gain = _clairvoyance_gain(me)
        elif spell == A.FOREST_MAGIC:
            gain = V_FOREST_MAGIC
        elif spell == A.LEVITATION:
            mine = min(me.loss(pid) for pid in team if s.broom_of[pid] < 0)
            gain = max(me.gain(pid, s.level[pid]) for pid in R.levitation_targets(s)) - mine
        elif spell == A.REVIVE:
            gain = max(me.gain(pid, 0) for pid in s.graveyard)
        else:  # Déjà Vu: two more actions (not spells needing hats)
            others = sorted(
                (x for j, x in enumerate(scores) if legal[j].kind != A.SPELL and x > 0), reverse=True
            )
            gain = sum(others[:2]) - 0.2
        scores[i] = gain - cost - 0.05
    return scores


def _show_gains(me: _Me, top: list[float], kinds: Sequence[int] | None = None) -> list[float]:
    """For each card kind that could be shown at the market (``kinds``, else every one in hand):
    the worth of the top cards it would take, less its own."""
    t, market = me.t, me.s.market
    if kinds is None:
        kinds = R.showable(me.s, me.seat)
    return [sum(top[: min(t.take[k], len(market))]) - me.card(k) for k in kinds]


def _show(s: AlakazumState, seat: int, legal: Legal) -> list[float]:
    """Show the card that gains most: the best top cards for the least useful card."""
    t = _tables(s.L)
    me = _Me(s, seat, t)
    market = s.market
    top = [me.card(t.kind_of[market[-1 - i]]) for i in range(min(len(market), t.max_take))]
    return _show_gains(me, top, [a.arg for a in legal])


def _broom_on(s: AlakazumState, seat: int, legal: Legal) -> list[float]:
    me = _Me(s, seat, _tables(s.L))
    return [me.loss(a.arg) for a in legal]


def _pay(s: AlakazumState, seat: int, legal: Legal) -> list[float]:
    t = _tables(s.L)
    need = A.SPELL_COSTS[s.spell] - s.paid
    hats = tuple(sorted(t.hat[t.kind_of[pid]] for pid in s.hands[seat] if t.hat[t.kind_of[pid]] > 0))
    chosen = _hats_for(hats, need)
    target = max(chosen) if chosen else max(hats)
    return [1.0 if t.hat[a.arg] == target else -abs(t.hat[a.arg] - target) for a in legal]


def _train(s: AlakazumState, seat: int, legal: Legal) -> list[float]:
    me = _Me(s, seat, _tables(s.L))
    return [me.level_gain(a.arg) for a in legal]


def _peek(s: AlakazumState, seat: int, legal: Legal) -> list[float]:
    return [0.0 if s.peeked[a.arg] >> seat & 1 else 1.0 for a in legal]


def _forest_fight_value(me: _Me, pid: int) -> float:
    """The expected gain of fighting forest character ``pid`` with the best fighter."""
    target = _Target(me, pid, 0, -1)
    potions = me.potions()
    return max(_fight_ev(f, target, potions) for f in _fighters(me))


def _fm_keep(s: AlakazumState, seat: int, legal: Legal) -> list[float]:
    me = _Me(s, seat, _tables(s.L))
    L = s.L
    out = []
    for kind, pid in _fm_offered(s, legal):
        if L.is_hand[pid]:
            out.append(me.card(kind))
        elif L.is_character[pid]:
            out.append(_forest_fight_value(me, pid))
        else:
            out.append(V_TRAP)
    return out


def _fm_offered(s: AlakazumState, legal: Legal) -> list[tuple[int, int]]:
    """Each Forest Magic choice's card kind and the drawn card of that kind."""
    kinds = s.L.kind_of
    return [(a.arg, next(p for p in s.fm_cards if kinds[p] == a.arg)) for a in legal]


def _fm_put(s: AlakazumState, seat: int, legal: Legal) -> list[float]:
    """The first card put back is the next one drawn (by the next player): traps first, then the
    strongest characters, then the least useful hand cards."""
    t = _tables(s.L)
    me = _Me(s, seat, t)
    L = s.L
    out = []
    for kind, pid in _fm_offered(s, legal):
        if L.is_hand[pid]:
            out.append(-me.card(kind))
        elif L.is_character[pid]:
            c = t.cmb[pid][0]
            out.append(2.0 + (3.5 if c < 0 else c))
        else:
            out.append(10.0)
    return out


def _levitate(s: AlakazumState, seat: int, legal: Legal) -> list[float]:
    me = _Me(s, seat, _tables(s.L))
    return [-me.loss(a.arg) for a in legal]


def _swap_with(s: AlakazumState, seat: int, legal: Legal) -> list[float]:
    me = _Me(s, seat, _tables(s.L))
    return [me.gain(a.arg, s.level[a.arg]) for a in legal]


def _revive(s: AlakazumState, seat: int, legal: Legal) -> list[float]:
    me = _Me(s, seat, _tables(s.L))
    return [me.gain(a.arg, 0) for a in legal]


def _witch_take(s: AlakazumState, seat: int, legal: Legal) -> list[float]:
    me = _Me(s, seat, _tables(s.L))
    return [me.card(a.arg) for a in legal]


def _conjure(s: AlakazumState, seat: int, legal: Legal) -> list[float]:
    """Conjure in the culture with the best chance, as soon as there is one."""
    me = _Me(s, seat, _tables(s.L))
    out = []
    for a in legal:
        if a.kind == A.CONJURE:
            total = me.tot[a.arg]
            p = me.p_win(total)
            out.append(p + 0.001 * total if p > 0 else -1.0)
        else:
            out.append(0.0)
    return out


def _reveal(s: AlakazumState, seat: int, legal: Legal) -> list[float]:
    """A position known to be beaten, else an unknown one (a known loser last)."""
    me = _Me(s, seat, _tables(s.L))
    total = s.conjure_total
    points = me.t.enemy_points[s.n]
    unknown = me.unknown
    p_unknown = bisect_left(unknown, total) / len(unknown) if unknown else 0.0
    out = []
    for a in legal:
        i = a.arg
        if s.peeked[i] >> seat & 1:
            out.append(1.0 if points[s.enemy_at[i]] < total else -0.01)
        else:
            out.append(p_unknown)
    return out


_HANDLERS: dict[int, Callable[[AlakazumState, int, Legal], list[float]]] = {
    R.PH_CHOOSE: _choose,
    R.PH_FIGHTER: _fighter,
    R.PH_HELPER: _helper,
    R.PH_POTIONS: _potions,
    R.PH_DIE_POTIONS: _die_potions,
    R.PH_GIVE: _give,
    R.PH_GIVE_TO: _give_to,
    R.PH_HALLOWEEN: _halloween,
    R.PH_SACRIFICE: _sacrifice,
    R.PH_SANTA_PASS: _santa_pass,
    R.PH_ACTION: _action,
    R.PH_VOODOO: _voodoo,
    R.PH_BROOM_ON: _broom_on,
    R.PH_PAY: _pay,
    R.PH_TRAIN: _train,
    R.PH_PEEK: _peek,
    R.PH_FM_KEEP: _fm_keep,
    R.PH_FM_PUT: _fm_put,
    R.PH_LEVITATE: _levitate,
    R.PH_SWAP_WITH: _swap_with,
    R.PH_REVIVE: _revive,
    R.PH_WITCH_TAKE: _witch_take,
    R.PH_CONJURE: _conjure,
    R.PH_REVEAL: _reveal,
    R.PH_SHOW: _show,
}


# -- the evaluator ------------------------------------------------------------------------------


def evaluate(state: State) -> tuple[float, ...]:
    """Each seat's chance to win, estimated (see the module docstring); sums to 1."""
    s = cast(AlakazumState, state)
    n = s.n
    if s.phase == R.PH_OVER:
        if s.winner >= 0:
            return tuple(1.0 if q == s.winner else 0.0 for q in range(n))
        return (1.0 / n,) * n
    t = _tables(s.L)
    points = t.enemy_points[n]
    left = list(t.in_play[n])
    for i, pid in enumerate(s.enemy_at):
        if s.revealed >> i & 1:
            left.remove(points[pid])
    need = max(R.CONJURE_MINIMUM, (left[0] + 1) if left else 99)
    zs = []
    for q in range(n):
        best = max(R.culture_totals(s, q))
        team = s.teams[q]
        z = 0.8 * min(best - need, 2) + 0.25 * len(team) + 0.1 * sum(s.level[pid] for pid in team)
        zs.append(z + 0.03 * len(s.hands[q]))
    top = max(zs)
    exps = [math.exp(z - top) for z in zs]
    total = sum(exps)
    return tuple(e / total for e in exps)
