"""Alakazoo heuristic: how a decent human plays, as a fast policy and a position evaluator.

The strategy, in words
----------------------

Points come from displaying elements (one for an element of a creature shown on a board in
play, one for the first element of a type anyone displays), from the fastest completed board, and
from the final score (rows and columns all of one creature or all of different creatures, and
a board only of one's own creature). A display needs the element in hand and both runes of its
space holding a Magic Power token, so the game is a race to match cards with pairs of tokens,
while the 6-token and 4-card limits and Dark Power (three tokens cost a whole turn) punish
greed. A decent player therefore:

- **Values each empty space by what it lacks**: a card of its type in hand and two tokens on
  its runes. A card is worth more when its creature earns the display point, when nobody has
  displayed its type yet (the first-display point), and when it keeps the space's row and
  column able to score. "All different" is far easier to finish than "all the same creature" (each card
  exists once, so only one card finishes a same-creature line), so it leans that way. The
  last empty space is worth the fastest point as well, and more when ending the game now wins.
- **Rolls the dice** when the expected tokens are worth it: a rainbow goes on the most useful
  free rune (the second rune of a space whose card is in hand first), a colour on its most
  useful rune, colours before rainbows (a rainbow fits anywhere). Colours with no free rune
  bring Dark Power, so dice showing them are worth less. Near the token limit it rolls fewer
  dice, or none: it never goes over 6 tokens needlessly.
- **Takes a column** when its cards fill empty spaces (best of all spaces whose runes are
  ready to display now), and avoids holding more than 4 cards needlessly; when over, it
  discards the least useful cards (for spaces already filled, or the worse of two of a type).
- **Redraws** when its hand holds useless cards and neither dice nor columns offer more.
- **Displays whenever possible**, the most valuable element first.
- **Takes no action** (where the option allows it) only when every action costs more than it
  brings: with two Dark Power and six tokens, say, when any action brings the third for little;
  and never twice running, or players stuck alike would skip for ever.
- **Uses the Magic Helper** only when it clearly gains: give up its least useful card to take
  a needed card from a column (no Dark Power), or swap a displayed element (with one from its
  hand, or from another board at one Dark Power) when that makes a row or column score.
- **Counts Dark Power** as a small cost while it stays below 3 (many tokens never reach 3
  before the end) and as most of a turn for the token that reaches 3 (the next turn is lost).
  Going over a limit on purpose costs a little more than its Dark Power: it happens only when
  the new token is clearly worth more than the one sent back.
- When over a limit it returns the least useful token and discards the least useful card.
- In the last round (someone completed a board) only a display this very turn counts, and
  Dark Power no longer matters.

The position evaluator is not hand-tuned: a human's sense of "who is ahead" is hard to weigh
by hand (points now against spaces nearly ready against whose turn it is), so :func:`evaluate`
is a conditional logit over each seat's :func:`eval_features`, its weights fitted per number of
players and stage of the game to the results of this policy's self-play
(``benchmarks/fit_zoo_evaluator.py``; its accuracy is in docs/bots.md).

The policy reads only what the deciding seat may see: its own hand, the boards, the columns,
the discard pile and the counts. :func:`evaluate` reads every hand; the search calls it on
determinized states (a guess of the hidden cards), never on the real one.
"""

from __future__ import annotations

import functools
import json
import math
import random
from collections.abc import Sequence
from importlib import resources
from typing import cast

from alaka.core.protocol import Action, State
from alaka.games.alakazoo import rules
from alaka.games.alakazoo.actions import (
    DISPLAY,
    GIVE,
    NO_ACTION,
    PLACE,
    REDRAW,
    ROLL,
    SKIP,
    STOP,
    STORE,
    SWAP_BOARD,
    SWAP_HAND,
    TAKE,
    TAKE_CARD,
    WIZARD,
    ZooAction,
)
from alaka.games.alakazoo.content import NUM_RUNES, NUM_TYPES, RAINBOW
from alaka.games.alakazoo.state import AlakazooState

# -- weights, in points ------------------------------------------------------------------------

#: What a displayed element is worth beyond its display points (progress to the end, lines).
BASE = 1.0
#: A space with a card for it and 0, 1 or 2 tokens: this share of the card's quality.
CARD_COEF = (0.2, 0.5, 1.0)
#: A space with no card for it and 0, 1 or 2 tokens: this share of an average card's quality.
NOCARD_COEF = (0.0, 0.15, 0.35)
#: In the last round only a display this turn counts.
LAST_CARD_COEF = (0.0, 0.0, 1.0)
LAST_NOCARD_COEF = (0.0, 0.0, 0.0)
#: A Dark Power token that stays below 3 (many never reach it before the end), and the one that
#: reaches 3 (the next turn is lost).
DARK_STEP = 0.2
DARK_TURN = 0.7
#: Going over the 6-token limit on purpose, beyond its Dark Power: a human avoids it.
OVER_COST = 0.2
#: A token on the Wizard card pays for the Magic Helper; a second one is worth little.
STORED_VALUE = (0.12, 0.04)
#: Line prospects of a card: it makes a complete line score; one other element is there and
#: is of the same creature, or of a different one.
LINE_DONE = 1.0
LINE_SAME = 0.12
LINE_DIFF = 0.3
#: Completing the board: the fastest point; and the game ends, which wins it when ahead.
FINISH = 1.0
FINISH_AHEAD = 1.0
#: A useless card is still a card (a redraw can turn it into something), worth a trifle.
SPARE_CARD = 0.02
#: What the Magic Helper must gain beyond its token to be worth a turn (column card, swap).
HELPER_MARGIN = 0.3
SWAP_MARGIN = 0.5
#: Taking no action (with the option that allows it): the turn is lost, so only when every action
#: costs more than that; a hair below nothing, so a harmless action (a roll worth 0) is preferred.
NO_ACTION_VALUE = -0.005

NEG = -1e9


def _lines_through(space: int) -> tuple[tuple[int, int], ...]:
    """The two other spaces of each row and column through ``space``."""
    others = []
    for line in rules.LINES:
        if space in line:
            a, b = (x for x in line if x != space)
            others.append((a, b))
    return tuple(others)


#: For each space, the two other spaces of its row and of its column.
LINES_THROUGH = tuple(_lines_through(space) for space in range(NUM_TYPES))

Faces = tuple[tuple[tuple[int, float], ...], ...]
_DICE_CACHE: dict[int, tuple[object, Faces]] = {}


def _dice_faces(dice: tuple[tuple[int, ...], ...]) -> Faces:
    """Per die, its distinct symbols with their probabilities (cached by identity)."""
    entry = _DICE_CACHE.get(id(dice))
    if entry is not None and entry[0] is dice:
        return entry[1]
    out = tuple(tuple((sym, faces.count(sym) / len(faces)) for sym in sorted(set(faces))) for faces in dice)
    _DICE_CACHE[id(dice)] = (dice, out)
    return out


def _lines_score(elements: Sequence[int]) -> int:
    """Points of the complete rows and columns of a board, as the final score counts them."""
    lines = 0
    for a, b, c in rules.LINES:
        ea, eb, ec = elements[a], elements[b], elements[c]
        if ea < 0 or eb < 0 or ec < 0:
            continue
        ka, kb, kc = ea // NUM_TYPES, eb // NUM_TYPES, ec // NUM_TYPES
        if (ka == kb == kc) or (ka != kb and kb != kc and ka != kc):
            lines += 1
    return lines


# -- the seat's own position -------------------------------------------------------------------


class _Seat:
    """What the policy needs to know of the deciding seat, computed once per call."""

    __slots__ = (
        "avgq",
        "bq",
        "card_coef",
        "dark",
        "elements",
        "finish",
        "first",
        "hand",
        "last",
        "nocard_coef",
        "own",
        "own_only",
        "partial",
        "point_mask",
        "s",
        "seat",
        "tok",
    )

    def __init__(self, s: AlakazooState, seat: int) -> None:
        self.s = s
        self.seat = seat
        elements = s.elements[seat]
        self.elements = elements
        own = rules.board_creature(s, seat)
        self.own = own
        self.point_mask = rules.creature_point_mask(s, seat)
        self.partial = s.opts.partial_lines
        first = s.first_types
        self.first = first
        self.own_only = all(e < 0 or e // NUM_TYPES == own for e in elements)
        self.finish = 0.0
        if s.end_by < 0 and elements.count(-1) == 1:
            self.finish = FINISH
            mine = s.points[seat] + _lines_score(elements)
            if all(mine >= s.points[q] + _lines_score(s.elements[q]) for q in range(s.n) if q != seat):
                self.finish += FINISH_AHEAD
        last = s.end_by >= 0
        self.last = last
        self.card_coef = LAST_CARD_COEF if last else CARD_COEF
        self.nocard_coef = LAST_NOCARD_COEF if last else NOCARD_COEF
        self.dark = s.dark[seat]
        runes = s.runes[seat]
        self.tok = [(runes >> (2 * sp) & 1) + (runes >> (2 * sp + 1) & 1) for sp in range(NUM_TYPES)]
        self.avgq = [BASE + 0.25 + (0.0 if first >> sp & 1 else 0.7) for sp in range(NUM_TYPES)]
        hand = s.hands[seat]
        self.hand: Sequence[int] = hand
        self.bq = self.best_of(hand)

    def dark_cost(self, count: int) -> float:
        """What ``count`` more Dark Power tokens cost now (none past 3; nothing in the last round)."""
        if self.last:
            return 0.0
        cost = 0.0
        for level in range(self.dark + 1, min(self.dark + count, rules.MAX_DARK) + 1):
            cost += DARK_TURN if level == rules.MAX_DARK else DARK_STEP
        return cost

    def best_of(self, hand: Sequence[int]) -> list[float]:
        """For each space, the quality of the best card for it in ``hand`` (-1: none, or filled)."""
        elements = self.elements
        bq = [-1.0] * NUM_TYPES
        for card in hand:
            sp = card % NUM_TYPES
            if elements[sp] < 0:
                q = self.quality(card)
                if q > bq[sp]:
                    bq[sp] = q
        return bq

    def quality(self, card: int) -> float:
        """What displaying ``card`` on its (empty) space is worth, final prospects included."""
        sp = card % NUM_TYPES
        k = card // NUM_TYPES
        q = BASE + self.finish
        if self.point_mask >> k & 1:
            q += 1.0
        if not self.first >> sp & 1:
            q += 1.0
        if k == self.own and self.own_only:
            q += 0.1
        elements = self.elements
        for a, b in LINES_THROUGH[sp]:
            ea = elements[a]
            eb = elements[b]
            if ea >= 0 and eb >= 0:
                ka = ea // NUM_TYPES
                kb = eb // NUM_TYPES
                if (ka == kb == k) or (ka != kb and k != ka and k != kb):
                    q += LINE_DONE
            elif ea >= 0 or eb >= 0:
                if self.partial:
                    q += 0.5 * LINE_DONE
                else:
                    q += LINE_SAME if (ea if ea >= 0 else eb) // NUM_TYPES == k else LINE_DIFF
        return q

    def pot(self, sp: int, q: float, t: int) -> float:
        """Value of an empty space with ``t`` tokens and a card of quality ``q`` (-1: none)."""
        if q >= 0:
            return self.card_coef[t] * q
        return self.nocard_coef[t] * self.avgq[sp]

    def rune_gain(self, rune: int) -> float:
        """What one more token on ``rune`` is worth."""
        sp = rune >> 1
        t = self.tok[sp]
        if self.elements[sp] >= 0 or t >= 2:
            return 0.0
        q = self.bq[sp]
        return self.pot(sp, q, t + 1) - self.pot(sp, q, t)

    def rune_loss(self, rune: int) -> float:
        """What taking the token off ``rune`` costs."""
        sp = rune >> 1
        if self.elements[sp] >= 0:
            return 0.0
        t = self.tok[sp]
        q = self.bq[sp]
        return self.pot(sp, q, t) - self.pot(sp, q, t - 1)

    def stored_value(self) -> float:
        return STORED_VALUE[0] if self.s.stored[self.seat] <= 1 else STORED_VALUE[1]

    def card_value(self, card: int, hand: Sequence[int]) -> float:
        """What losing ``card`` from ``hand`` (which holds it) costs."""
        sp = card % NUM_TYPES
        if self.elements[sp] >= 0:
            return 0.0
        q = self.quality(card)
        second = -1.0
        for other in hand:
            if other != card and other % NUM_TYPES == sp:
                qo = self.quality(other)
                if qo > q:
                    return SPARE_CARD
                second = max(second, qo)
        t = self.tok[sp]
        return self.pot(sp, q, t) - self.pot(sp, second, t) + SPARE_CARD

    def gain_of_cards(self, cards: Sequence[int]) -> float:
        """What adding ``cards`` to the hand is worth, the 4-card limit and its Dark Power counted."""
        elements = self.elements
        bq = self.bq
        tok = self.tok
        new: dict[int, float] = {}
        for card in cards:
            sp = card % NUM_TYPES
            if elements[sp] >= 0:
                continue
            q = self.quality(card)
            if q > new.get(sp, bq[sp]):
                new[sp] = q
        gain = 0.0
        parts: list[float] = []
        for sp, q in new.items():
            t = tok[sp]
            g = self.pot(sp, q, t) - self.pot(sp, bq[sp], t)
            gain += g
            parts.append(g)
        excess = len(self.hand) + len(cards) - rules.MAX_CARDS
        if excess > 0:
            gain -= self.dark_cost(rules.limit_penalty(self.s, excess))
            useful = sum(1 for q in bq if q >= 0) + sum(1 for sp in new if bq[sp] < 0)
            if useful > rules.MAX_CARDS:
                # Useful cards must go as well: roughly, the least valuable new ones.
                parts.sort()
                gain -= sum(parts[: useful - rules.MAX_CARDS])
        return gain


# -- the policy --------------------------------------------------------------------------------


def policy(state: State, seat: int, rng: random.Random) -> Action:
    """A legal action for ``seat`` (the player to move), chosen as a decent human would."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if not isinstance(state, AlakazooState):
        raise TypeError("the Alakazoo heuristic needs an Alakazoo state")
    phase = state.phase
    if phase == rules.PH_BOARD:  # the boards differ only in their runes' colours
        return legal[rng.randrange(len(legal))]
    zoo_legal = cast("tuple[ZooAction, ...]", legal)
    me = _Seat(state, seat)
    if phase == rules.PH_RESOLVE:
        scores = _score_resolve(me, zoo_legal)
    elif phase == rules.PH_DISPLAY:
        scores = [1.0 + me.quality(a.arg) if a.kind == DISPLAY else 0.0 for a in zoo_legal]
    elif phase == rules.PH_ACTION:
        scores = _score_action(me, zoo_legal)
    elif phase == rules.PH_TOKENS_OVER:
        scores = [-me.stored_value() if a.arg == WIZARD else -me.rune_loss(a.arg) for a in zoo_legal]
    elif phase == rules.PH_CARDS_OVER:
        scores = [-me.card_value(a.arg, me.hand) for a in zoo_legal]
    elif phase == rules.PH_REDRAW:
        scores = [-1.5 * SPARE_CARD if a.kind == STOP else -me.card_value(a.arg, me.hand) for a in zoo_legal]
    else:
        scores = _score_helper(me, zoo_legal)
    best = max(scores)
    ties = [i for i, v in enumerate(scores) if v == best]
    return legal[ties[0] if len(ties) == 1 else ties[rng.randrange(len(ties))]]


def _score_resolve(me: _Seat, legal: Sequence[ZooAction]) -> list[float]:
    """The most useful token first; colours before rainbows; forced Dark Power at once."""
    out: list[float] = []
    for a in legal:
        kind = a.kind
        if kind == PLACE:
            out.append(me.rune_gain(a.arg2) + (0.05 if a.arg != RAINBOW else 0.0))
        elif kind == STORE:
            out.append(me.stored_value())
        else:  # DARK: forced sooner or later
            out.append(10.0)
    return out


def _roll_values(me: _Seat) -> list[float]:
    """The expected value of each die: the token it brings, or its Dark Power."""
    s = me.s
    free = rules.free_runes(s, me.seat)
    gains = [NEG] * NUM_RUNES
    best_any = NEG
    for r in range(NUM_RUNES):
        if free >> r & 1:
            g = me.rune_gain(r)
            gains[r] = g
            if g > best_any:
                best_any = g
    dark = -me.dark_cost(1)
    colour = []
    for runes in s.c.boards[s.board[me.seat]].runes_of_colour:
        best = NEG
        for r in runes:
            if gains[r] > best:
                best = gains[r]
        colour.append(best if best > NEG else dark)
    rainbow = max(best_any, me.stored_value())
    values = []
    for faces in _dice_faces(s.opts.dice):
        ev = 0.0
        for sym, p in faces:
            ev += p * (rainbow if sym == RAINBOW else colour[sym])
        values.append(ev)
    return values


def _score_action(me: _Seat, legal: Sequence[ZooAction]) -> list[float]:
    s = me.s
    room = rules.MAX_TOKENS - rules.tokens_held(s, me.seat)
    die_values: list[float] = []
    cheapest: list[float] | None = None
    out: list[float] = []
    for a in legal:
        kind = a.kind
        if kind == ROLL:
            if not die_values:
                die_values = _roll_values(me)
            mask = a.arg
            chosen = [die_values[d] for d in range(len(die_values)) if mask >> d & 1]
            over = len(chosen) - room
            if over > 0:
                # Each token past the limit sends the least useful back and brings Dark Power:
                # checked die by die, each is a breach of its own; checked once, one breach.
                if cheapest is None:
                    cheapest = _cheapest_tokens(me)
                chosen.sort(reverse=True)
                kept = max(room, 0)
                extra = sum(max(v - c, 0.0) for v, c in zip(chosen[kept:], cheapest, strict=False))
                dark = over if s.opts.limit_each_gain else rules.limit_penalty(s, over)
                out.append(sum(chosen[:kept]) + extra - me.dark_cost(dark) - over * OVER_COST)
            else:
                out.append(sum(chosen))
        elif kind == TAKE:
            out.append(me.gain_of_cards(s.columns[a.arg]) - 0.01)
        elif kind == REDRAW:
            out.append(_redraw_value(me))
        elif kind == NO_ACTION:
            out.append(NEG if _took_no_action_last_turn(s, me.seat) else NO_ACTION_VALUE)
        else:  # HELPER
            out.append(_helper_value(me) - _helper_cost(me))
    return out


def _cheapest_tokens(me: _Seat) -> list[float]:
    """What the tokens held are worth, least useful first (the ones to return when over)."""
    s = me.s
    runes = s.runes[me.seat]
    values = [me.rune_loss(r) for r in range(NUM_RUNES) if runes >> r & 1]
    stored = s.stored[me.seat]
    if stored:
        values.append(STORED_VALUE[0])
        values.extend([STORED_VALUE[1]] * (stored - 1))
    values.sort()
    return values + [10.0] * 3


def _took_no_action_last_turn(s: AlakazooState, seat: int) -> bool:
    """Whether the seat's turn before its latest one went without an action (public, kept by
    the state in ``skipped``; read from the state rather than the log, which a search copy
    does not keep).

    The policy never skips twice in a row: nothing changes while everyone skips, so players
    stuck alike would otherwise skip for ever.
    """
    return bool(s.skipped[seat] & 2)


def _redraw_value(me: _Seat) -> float:
    """The expected gain of discarding the useless cards and drawing as many."""
    if me.last:
        return -1.0
    hand = me.hand
    useless = sum(1 for c in hand if me.card_value(c, hand) <= SPARE_CARD)
    if useless == 0:
        return -1.0
    per_draw = 0.0
    open_spaces = 0
    for sp in range(NUM_TYPES):
        if me.elements[sp] < 0 and me.bq[sp] < 0:
            t = me.tok[sp]
            per_draw += me.pot(sp, me.avgq[sp], t) - me.pot(sp, -1.0, t)
            open_spaces += 1
    return min(useless, open_spaces) * per_draw / NUM_TYPES - 0.05


# -- the Magic Helper --------------------------------------------------------------------------


def _helper_cost(me: _Seat) -> float:
    """The stored token the Helper costs (a relief when at the token limit)."""
    at_limit = rules.tokens_held(me.s, me.seat) >= rules.MAX_TOKENS
    return me.stored_value() - (0.1 if at_limit else 0.0)


def _give_plan(me: _Seat, give: int) -> tuple[float, int]:
    """Special rule 2 with the columns: (net gain, column card to take) for giving ``give``."""
    hand = me.hand
    loss = me.card_value(give, hand)
    rest = [c for c in hand if c != give]
    saved_bq = me.bq
    me.bq = me.best_of(rest)
    me.hand = rest
    target = -1
    gain = 0.0
    try:
        for column in me.s.columns:
            for card in column:
                g = me.gain_of_cards((card,))
                if g > gain:
                    gain, target = g, card
    finally:
        me.bq = saved_bq
        me.hand = hand
    return gain - loss - HELPER_MARGIN, target


def _least_useful(me: _Seat) -> int:
    hand = me.hand
    return min(hand, key=lambda c: me.card_value(c, hand))


def _swap_hand_value(me: _Seat, space: int, card: int) -> float:
    """Special rule 1 with a hand card: the rows and columns it makes score."""
    new = list(me.elements)
    new[space] = card
    return _lines_score(new) - _lines_score(me.elements) - SWAP_MARGIN


def _swap_board_value(me: _Seat, space: int, q: int) -> float:
    """Special rule 1 with another board: my lines gained, theirs lost, one Dark Power."""
    s = me.s
    mine = list(me.elements)
    theirs = list(s.elements[q])
    mine[space], theirs[space] = theirs[space], mine[space]
    gained = _lines_score(mine) - _lines_score(me.elements)
    if gained <= 0:
        return -1.0
    lost = _lines_score(s.elements[q]) - _lines_score(theirs)
    return gained + lost / max(1, s.n - 1) - me.dark_cost(1) - SWAP_MARGIN


def _swap_value(me: _Seat, space: int) -> float:
    """The best special rule 1 with the Helper on ``space`` (-1 when none gains)."""
    s = me.s
    best = -1.0
    for card in me.hand:
        if card % NUM_TYPES == space:
            best = max(best, _swap_hand_value(me, space, card))
    for q in range(s.n):
        if q != me.seat and s.elements[q][space] >= 0 and not rules.complete(s, q):
            best = max(best, _swap_board_value(me, space, q))
    return best


def _helper_value(me: _Seat) -> float:
    """The best use of the Helper, before its cost (negative when none gains)."""
    if me.last:
        return -1.0
    best = -1.0
    if me.hand and any(me.s.columns):
        best = _give_plan(me, _least_useful(me))[0]
    for sp in range(NUM_TYPES):
        if me.elements[sp] >= 0:
            best = max(best, _swap_value(me, sp))
    return best


def _score_helper(me: _Seat, legal: Sequence[ZooAction]) -> list[float]:
    """The Helper's steps: where to put it, which rule, which target (the token is paid)."""
    s = me.s
    phase = s.phase
    out: list[float] = []
    if phase == rules.PH_HELPER_AT:
        give = _give_plan(me, _least_useful(me))[0] if me.hand and any(s.columns) else -1.0
        for a in legal:
            out.append(give + 0.01 if a.arg == WIZARD else max(give, _swap_value(me, a.arg)))
    elif phase == rules.PH_HELPER_RULE:
        space = s.helper[me.seat]
        for a in legal:
            kind = a.kind
            if kind == SKIP:
                out.append(0.0)
            elif kind == GIVE:
                out.append(_give_plan(me, a.arg)[0] if any(s.columns) else -1.0)
            elif kind == SWAP_HAND:
                out.append(_swap_hand_value(me, space, a.arg))
            elif kind == SWAP_BOARD:
                out.append(_swap_board_value(me, space, a.arg))
            else:
                out.append(-1.0)
    else:  # PH_HELPER_TARGET
        for a in legal:
            if a.kind == TAKE_CARD:
                out.append(me.gain_of_cards((a.arg,)))
            else:  # EXCHANGE: a random card, for Dark Power; the fuller hand, at least
                out.append(-5.0 + 0.01 * len(s.hands[a.arg]))
    return out


# -- evaluation --------------------------------------------------------------------------------

#: What :func:`evaluate` knows of each seat (in this order; the fitted weights follow it). The
#: seat's own position first: points so far, complete lines, Dark Power, the spaces' progress
#: (the policy's values), empty spaces, spaces ready to display with the card in hand, ready
#: spaces, spaces with one token, spaces with a card in hand, cards in hand, tokens on the Wizard,
#: the summed quality of the cards for empty spaces, Dark Power near a lost turn, Magic Power
#: held, elements of its own creature, the finishing bonus the policy sees; then what the seat to
#: move changes: ready cards it can display now, one empty space left, every empty space ready
#: with its card (the board can be finished in one display), and that finish this turn; last, the
#: seat's place after the player to move (one flag per place, the player to move being none).
EVAL_FEATURES = (
    "points",
    "lines",
    "dark",
    "progress",
    "empty",
    "ready_with_card",
    "ready",
    "one_token",
    "with_card",
    "hand",
    "stored",
    "card_quality",
    "dark_near_three",
    "magic_power",
    "own_creature",
    "finish_bonus",
    "ready_with_card_now",
    "one_empty",
    "can_finish",
    "can_finish_now",
)
#: Stages of the game the weights are fitted for: the last round, then by the fewest empty spaces
#: on any board (1 to 6, and 7 for 7 or more).
EVAL_STAGES = 8
EVAL_DATA = "evaluator.json"


def eval_features(s: AlakazooState, seat: int) -> list[float]:
    """The numbers :func:`evaluate` weighs for ``seat`` (named in :data:`EVAL_FEATURES`, then
    one flag per place after the player to move)."""
    me = _Seat(s, seat)
    elements = me.elements
    tok = me.tok
    bq = me.bq
    empty = ready_card = ready = one = with_card = 0
    progress = quality = 0.0
    for sp in range(NUM_TYPES):
        if elements[sp] >= 0:
            continue
        empty += 1
        t = tok[sp]
        progress += me.pot(sp, bq[sp], t)
        if bq[sp] >= 0:
            with_card += 1
            quality += bq[sp]
            if t == 2:
                ready_card += 1
        if t == 2:
            ready += 1
        elif t == 1:
            one += 1
    own = sum(1 for e in elements if e >= 0 and e // NUM_TYPES == me.own)
    place = (seat - s.player) % s.n
    now = 1.0 if place == 0 else 0.0
    can_finish = 1.0 if empty == ready_card > 0 else 0.0
    return [
        float(s.points[seat]),
        float(_lines_score(elements)),
        float(me.dark),
        progress,
        float(empty),
        float(ready_card),
        float(ready),
        float(one),
        float(with_card),
        float(len(me.hand)),
        float(s.stored[seat]),
        quality,
        1.0 if me.dark >= 2 else 0.0,
        float(rules.tokens_held(s, seat)),
        float(own),
        me.finish,
        ready_card * now,
        1.0 if empty == 1 else 0.0,
        can_finish,
        can_finish * now,
        *(1.0 if place == k else 0.0 for k in range(1, s.n)),
    ]


def eval_stage(s: AlakazooState) -> int:
    """Which of the :data:`EVAL_STAGES` weight sets applies: 0 in the last round, else the fewest
    empty spaces on any board (capped at 7)."""
    if s.end_by >= 0:
        return 0
    return min(min(elements.count(-1) for elements in s.elements), EVAL_STAGES - 1)


@functools.cache
def eval_weights() -> dict[int, list[list[float]]]:
    """The fitted weights, by number of players then stage (read once from the package data)."""
    text = resources.files("alaka.games.alakazoo").joinpath("data", EVAL_DATA).read_text("utf-8")
    return {int(n): rows for n, rows in json.loads(text)["weights"].items()}


def evaluate(state: State) -> tuple[float, ...]:
    """Each seat's chance to win, estimated; at the end, the real result (winners share 1).

    A conditional logit: each seat's chance is proportional to ``exp(w . features)``, with one
    weight vector per number of players and stage of the game, fitted to the results of
    heuristic self-play by ``benchmarks/fit_zoo_evaluator.py`` (docs/bots.md has its accuracy).
    """
    if not isinstance(state, AlakazooState):
        raise TypeError("the Alakazoo evaluator needs an Alakazoo state")
    s = state
    n = s.n
    if s.phase == rules.PH_OVER:
        outcome = s.outcome()
        winners: Sequence[int] = outcome.winners if outcome is not None else ()
        if not winners:  # stopped at the safety limit: the leaders share
            top = max(s.points)
            winners = [q for q in range(n) if s.points[q] == top]
        share = 1.0 / len(winners)
        return tuple(share if q in winners else 0.0 for q in range(n))
    if any(b < 0 for b in s.board):
        return (1.0 / n,) * n
    weights = eval_weights()[n][eval_stage(s)]
    scores = [sum(w * f for w, f in zip(weights, eval_features(s, q), strict=True)) for q in range(n)]
    best = max(scores)
    odds = [math.exp(v - best) for v in scores]
    total = sum(odds)
    return tuple(o / total for o in odds)
