"""Alakazum!'s game state: physical cards (ints) in plain lists and tuples, cheap to copy.

Where the cards are (``inventory`` checks that every card is in exactly one place):
face-down ``enemy_at`` positions (a card is placed there only when someone looks at the
position; until then it waits in ``enemy_pool``), the ``market`` pile (top = last), the forest
deck (``deck``: the shuffled, unknown part, drawn by chance; ``deck_top``: cards put back in a
known order by Forest Magic, top = last), ``hands``, ``teams``, ``brooms`` (a broom card under a
character), the ``graveyard``, the ``row`` of initial characters during setup, cards set
``aside`` during the opening deal, cards in play in a ``combat`` or a Forest Magic reveal
(``fm_cards``), and the ``box`` (used traps and voodoo dolls, an unused Saint Valentine).

A copy (search makes one per simulation) shares almost everything. A place or total that changes
seldom (at setup, or about once a turn at most) is an immutable tuple, which the rules replace
when it changes, so the type checker refuses any write in place. The lists, changed every few
steps (the deck and its counts by kind, the market, each hand, the levels, the running totals),
are shared too, and copied on the first write after a copy: ``owned`` says which of them a state
may change in place, a copy clears it in both states, and the rules change those lists only
through the ``own_*`` functions of ``rules/table.py``, which copy a list first when it is shared.
Only ``seen`` (a number per seat) and the list of the hands itself are copied outright.
"""

from __future__ import annotations

from typing import ClassVar, Final

from alaka.core.eventlog import EventLog
from alaka.core.phased import PhasedState
from alaka.core.protocol import Action, Game
from alaka.games.alakazum.actions import Announcement, ZumAction, ZumActions, actions_for
from alaka.games.alakazum.combat import Combat
from alaka.games.alakazum.content import CULTURES
from alaka.games.alakazum.events import ZumEvent
from alaka.games.alakazum.options import ZumOptions
from alaka.games.alakazum.phases import CONT_EXPLORE, PH_DEAL, PH_OVER

# Where each running total is in a seat's block of ``totals`` (from ``seat * TOTALS_PER_SEAT``):
#: the team's magic energy, the hats' in hand, the cultures of the team's characters (a bit mask),
TEAM_ENERGY: Final = 0
HAND_ENERGY: Final = 1
TEAM_CULTURES: Final = 2
#: then the characters' culture points at their levels, and the objects' and amulets' in hand, by
#: culture (``TEAM_POINTS + c``).
TEAM_POINTS: Final = 3
HAND_POINTS: Final = TEAM_POINTS + len(CULTURES)
TOTALS_PER_SEAT: Final = HAND_POINTS + len(CULTURES)

# The bits of ``owned`` (see the module docstring): the deck (with its counts by kind), the market,
# the totals, the levels, then a hand per seat (``OWN_HAND << seat``).
OWN_DECK: Final = 1
OWN_MARKET: Final = 2
OWN_TOTALS: Final = 4
OWN_LEVEL: Final = 8
OWN_HAND: Final = 16
#: Every bit: a state that shares none of its lists.
OWN_ALL: Final = -1


class AlakazumState(PhasedState[ZumOptions]):
    """One Alakazum! position (see the module docstring for where things are)."""

    __slots__ = (
        "L",
        "actions_left",
        "acts",
        "after_look",
        "announced",
        "aside",
        "box",
        "broom_of",
        "combat",
        "conjure_culture",
        "conjure_total",
        "cont",
        "deal_queue",
        "decider",
        "deck",
        "deck_kinds",
        "deck_top",
        "deja_vu",
        "draws_left",
        "end_reason",
        "enemy_at",
        "enemy_pool",
        "events",
        "exchanges",
        "fm_cards",
        "fm_count",
        "fm_order",
        "give_kind",
        "give_left",
        "graveyard",
        "hands",
        "last_combat",
        "level",
        "levitating",
        "log",
        "looking_at",
        "market",
        "owned",
        "paid",
        "peeked",
        "player",
        "revealed",
        "row",
        "sacrifice_for",
        "santa_holder",
        "seen",
        "spell",
        "start_player",
        "teams",
        "top_known",
        "totals",
        "truncated",
        "turns",
        "window_left",
        "winner",
        "witch_left",
    )

    def __init__(
        self,
        game: Game,
        num_players: int,
        opts: ZumOptions,
        source: AlakazumState | None = None,
        lean: bool = False,
    ) -> None:
        """A new game before setup, or (``source`` given) a copy of ``source``: every list is
        copied, every tuple shared, the log is forked (shared, see :mod:`alaka.core.eventlog`),
        and a search copy (``lean``) starts an empty history (see :class:`PhasedState`)."""
        super().__init__(game, num_players, opts, source, lean)
        if source is not None:
            self._copy(source)
            return
        layout = opts.layout
        n = num_players
        self.L = layout
        self.acts: ZumActions = actions_for(layout)
        cards = len(layout.keys)
        # Fields changed seldom (at setup, or at most about once a turn) are tuples: a copy
        # shares them, and the rules replace one when it changes (``rules/table.py``'s helpers).
        # Fields changed at almost every step (the deck, hands, the market, ...) are lists.
        self.enemy_at: tuple[int, ...] = ()
        self.enemy_pool: tuple[int, ...] = ()
        self.revealed = 0
        self.peeked: tuple[int, ...] = ()
        self.market: list[int] = []
        self.deck: list[int] = []
        self.deck_top: tuple[int, ...] = ()
        self.top_known = 0
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.teams: tuple[tuple[int, ...], ...] = ((),) * n
        #: Each character's level (0 A, 1 B, 2 C), by card.
        self.level = [0] * cards
        #: The broom under each character (-1: none).
        self.broom_of: tuple[int, ...] = (-1,) * cards
        self.graveyard: tuple[int, ...] = ()
        self.box: tuple[int, ...] = ()
        self.row: tuple[int, ...] = ()
        self.aside: tuple[int, ...] = ()
        self.exchanges: tuple[int, ...] = (0,) * n
        self.deal_queue: tuple[int, ...] = ()
        #: How many players the voodoo window has still to ask (R22; see ``rules.voodoo.window``).
        self.window_left = 0
        self.fm_cards: tuple[int, ...] = ()
        self.fm_order: tuple[int, ...] = ()
        self.seen = [0] * n
        #: The running totals (rules/table.py): a block of :data:`TOTALS_PER_SEAT` numbers per
        #: seat, in one list changed in place (they change several times a turn: a tuple rebuilt
        #: each time would cost playouts more than it saves copies; one list, not five, is one
        #: copy).
        self.totals = [0] * (n * TOTALS_PER_SEAT)
        #: How many cards of each kind are in ``deck`` (by catalogue row).
        self.deck_kinds = [0] * len(layout.catalogue.cards)
        self.combat: Combat | None = None
        #: The combat that ended last, kept for the views until the next one starts.
        self.last_combat: Combat | None = None
        self.phase = PH_DEAL
        self.player = 0
        self.decider = 0
        self.actions_left = 0
        self.deja_vu = False
        self.draws_left = 0
        self.cont = CONT_EXPLORE
        self.announced: Announcement | None = None
        self.spell = -1
        self.paid = 0
        self.give_left = 0
        self.give_kind = -1
        self.santa_holder = -1
        self.fm_count = 0
        self.levitating = -1
        self.conjure_culture = -1
        self.conjure_total = 0
        self.witch_left = 0
        self.looking_at = -1
        self.after_look = 0
        self.sacrifice_for = 0
        self.start_player = -1
        self.winner = -1
        self.end_reason = ""
        self.turns = 0
        self.truncated = False
        #: Which shared lists this state may change in place (the ``OWN_*`` bits).
        self.owned = OWN_ALL
        self.log: EventLog[ZumEvent] = EventLog()
        #: The log's own list (:meth:`EventLog.own`): the rules append each event here, with a
        #: list's own ``append`` (the log's method would be one more Python call per event).
        self.events: list[ZumEvent] = self.log.own()

    def _copy(self, s: AlakazumState) -> None:
        """Every field of ``s``, written out (a loop over names would cost twice as much):
        tuples, frozen values and the lists copied on write shared (neither state owns those
        now), the other lists and the bytearrays copied."""
        self.L = s.L
        self.acts = s.acts
        self.enemy_at = s.enemy_at
        self.enemy_pool = s.enemy_pool
        self.revealed = s.revealed
        self.peeked = s.peeked
        self.market = s.market
        self.deck = s.deck
        self.deck_top = s.deck_top
        self.top_known = s.top_known
        self.hands = s.hands[:]
        self.teams = s.teams
        self.level = s.level
        self.broom_of = s.broom_of
        self.graveyard = s.graveyard
        self.box = s.box
        self.row = s.row
        self.aside = s.aside
        self.exchanges = s.exchanges
        self.deal_queue = s.deal_queue
        self.window_left = s.window_left
        self.fm_cards = s.fm_cards
        self.fm_order = s.fm_order
        self.seen = s.seen[:]
        self.totals = s.totals
        self.owned = 0
        s.owned = 0
        self.deck_kinds = s.deck_kinds
        self.combat = s.combat.copy() if s.combat is not None else None
        self.last_combat = s.last_combat  # over: never changed again, so shared
        self.player = s.player
        self.decider = s.decider
        self.actions_left = s.actions_left
        self.deja_vu = s.deja_vu
        self.draws_left = s.draws_left
        self.cont = s.cont
        self.announced = s.announced  # immutable
        self.spell = s.spell
        self.paid = s.paid
        self.give_left = s.give_left
        self.give_kind = s.give_kind
        self.santa_holder = s.santa_holder
        self.fm_count = s.fm_count
        self.levitating = s.levitating
        self.conjure_culture = s.conjure_culture
        self.conjure_total = s.conjure_total
        self.witch_left = s.witch_left
        self.looking_at = s.looking_at
        self.after_look = s.after_look
        self.sacrifice_for = s.sacrifice_for
        self.start_player = s.start_player
        self.winner = s.winner
        self.end_reason = s.end_reason
        self.turns = s.turns
        self.truncated = s.truncated
        self.log = s.log.fork()
        self.events = self.log.own()

    # -- protocol: the rest comes from PhasedState, which reaches the rules, the view and the
    # -- text through the game (game.py), so this module imports none of them ---------------------

    option_fields: ClassVar[tuple[str, ...]] = ("L", "acts")
    action_type: ClassVar[type[Action]] = ZumAction

    def _seat_to_decide(self) -> int:
        return self.decider

    def returns(self) -> tuple[float, ...]:
        if self.phase != PH_OVER or self.winner < 0:
            return (0.0,) * self.n
        return tuple(1.0 if seat == self.winner else 0.0 for seat in range(self.n))

    def clone(self) -> AlakazumState:
        return AlakazumState(self.game, self.n, self.opts, self, self.lean)

    def search_clone(self) -> AlakazumState:
        return AlakazumState(self.game, self.n, self.opts, self, True)
