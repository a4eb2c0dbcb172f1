"""Alakazum!'s game state: physical cards (ints) in plain lists, cheap to copy.

Where the cards are (``inventory`` checks that every card is in exactly one place):
face-down ``enemy_at`` positions (a card is placed there only when someone looks at the
position; until then it waits in ``enemy_pool``), the ``market`` pile (top = last), the forest
deck (``deck``: the shuffled, unknown part, drawn by chance; ``deck_top``: cards put back in a
known order by Forest Magic, top = last), ``hands``, ``teams``, ``brooms`` (a broom card under a
character), the ``graveyard``, the ``row`` of initial characters during setup, cards set
``aside`` during the opening deal, cards in play in a ``combat`` or a Forest Magic reveal
(``fm_cards``), and the ``box`` (used traps and voodoo dolls, an unused Saint Valentine).
"""

from __future__ import annotations

from typing import ClassVar

from alaka.core.phased import PhasedGame, PhasedState
from alaka.core.protocol import CHANCE, TERMINAL, Action, JsonDict
from alaka.games.alakazum.actions import Announcement, ZumAction, ZumActions, actions_for
from alaka.games.alakazum.combat import Combat
from alaka.games.alakazum.events import ZumEvent
from alaka.games.alakazum.options import ZumOptions
from alaka.games.alakazum.phases import CHANCE_PHASES, CONT_EXPLORE, PH_DEAL, PH_OVER

#: Scalar fields copied as they are by ``clone``.
_SCALARS = (
    "game",
    "opts",
    "L",
    "acts",
    "n",
    "revealed",
    "top_known",
    "phase",
    "player",
    "decider",
    "actions_left",
    "deja_vu",
    "draws_left",
    "cont",
    "announced",
    "spell",
    "paid",
    "give_left",
    "give_kind",
    "santa_holder",
    "fm_count",
    "levitating",
    "conjure_culture",
    "conjure_total",
    "witch_left",
    "looking_at",
    "after_look",
    "sacrifice_for",
    "start_player",
    "winner",
    "end_reason",
    "turns",
    "truncated",
    "resampled",
    "scenario_spec",
)
#: List fields copied with ``[:]``.
_LISTS = (
    "enemy_at",
    "enemy_pool",
    "peeked",
    "market",
    "deck",
    "deck_top",
    "level",
    "broom_of",
    "graveyard",
    "box",
    "row",
    "aside",
    "exchanges",
    "deal_queue",
    "window",
    "fm_cards",
    "fm_order",
    "seen",
    "log",
    "history",
)


class AlakazumState(PhasedState):
    """One Alakazum! position (see the module docstring for where things are)."""

    __slots__ = (*_SCALARS, *_LISTS, "hands", "teams", "combat", "last_combat")

    opts: ZumOptions

    def __init__(self, game: PhasedGame, num_players: int, opts: ZumOptions) -> None:
        layout = opts.layout
        n = num_players
        self.game = game
        self.opts = opts
        self.L = layout
        self.acts: ZumActions = actions_for(layout)
        self.n = n
        cards = len(layout.keys)
        self.enemy_at: list[int] = []
        self.enemy_pool: list[int] = []
        self.revealed = 0
        self.peeked: list[int] = []
        self.market: list[int] = []
        self.deck: list[int] = []
        self.deck_top: list[int] = []
        self.top_known = 0
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.teams: list[list[int]] = [[] for _ in range(n)]
        self.level = [0] * cards
        self.broom_of = [-1] * cards
        self.graveyard: list[int] = []
        self.box: list[int] = []
        self.row: list[int] = []
        self.aside: list[int] = []
        self.exchanges = [0] * n
        self.deal_queue: list[int] = []
        self.window: list[int] = []
        self.fm_cards: list[int] = []
        self.fm_order: list[int] = []
        self.seen = [0] * n
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
        self.resampled = False
        self.scenario_spec: JsonDict | None = None
        self.log: list[ZumEvent] = []
        self.history = []
        self._legal_cache = None

    # -- protocol: the rest comes from PhasedState, which reaches the rules, the view and the
    # -- text through the game (game.py), so this module imports none of them ---------------------

    action_type: ClassVar[type[Action]] = ZumAction

    def _seat_to_decide(self) -> int:
        return self.decider

    def current_player(self) -> int:
        """As :class:`PhasedState` answers it, read from the phases (data) without going through
        the game: it is asked at every step, so the shortcut pays."""
        phase = self.phase
        if phase in CHANCE_PHASES:
            return CHANCE
        if phase == PH_OVER:
            return TERMINAL
        return self.decider

    def returns(self) -> tuple[float, ...]:
        if self.phase != PH_OVER or self.winner < 0:
            return (0.0,) * self.n
        return tuple(1.0 if seat == self.winner else 0.0 for seat in range(self.n))

    def clone(self) -> AlakazumState:
        new = object.__new__(AlakazumState)
        for name in _SCALARS:
            object.__setattr__(new, name, getattr(self, name))
        for name in _LISTS:
            object.__setattr__(new, name, getattr(self, name)[:])
        new.hands = [h[:] for h in self.hands]
        new.teams = [t[:] for t in self.teams]
        new.combat = self.combat.copy() if self.combat is not None else None
        new.last_combat = self.last_combat  # over: never changed again, so shared
        new._legal_cache = self._legal_cache
        return new
