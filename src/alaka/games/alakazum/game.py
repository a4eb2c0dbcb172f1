"""The Alakazum! game object: options, new games, scenarios and the action space.

It is also where the parts meet: the state (``state.py``) holds data only and reaches the rules,
the view and the text through its game, so this module is the one that imports them all.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from alaka.core.phased import GameRules, PhasedGame
from alaka.core.protocol import Action, JsonDict, State
from alaka.games.alakazum import ENTRY, rules, text, view
from alaka.games.alakazum.actions import ZumAction
from alaka.games.alakazum.options import PARAMETERS, ZumOptions, resolve_options
from alaka.games.alakazum.state import AlakazumState


class AlakazumGame(PhasedGame):
    """Alakazum! Witches and Traditions for 2 to 5 players."""

    name = ENTRY.name
    title = ENTRY.title
    min_players = ENTRY.min_players
    max_players = ENTRY.max_players
    default_players = 3
    #: 2: announcements name their targets before the voodoo window and the market's card is
    #: shown after it, so records of version 1 no longer replay.
    record_version = 2
    parameters = PARAMETERS
    turn_event = "turn"
    game_rules: ClassVar[GameRules[Any]] = rules.RULES
    package = "alaka.games.alakazum"

    def resolve_options(self, values: Mapping[str, Any]) -> ZumOptions:
        return resolve_options(values)

    def make_state(self, num_players: int, opts: ZumOptions) -> AlakazumState:
        return AlakazumState(self, num_players, opts)

    def build_scenario(self, spec: Mapping[str, Any]) -> AlakazumState:
        from alaka.games.alakazum.scenario import build_scenario

        return build_scenario(self, spec)

    def view_of(self, state: AlakazumState, seat: int | None, log_since: int | None) -> JsonDict:
        return dict(view.view(state, seat, log_since))

    def decision_of(self, state: AlakazumState) -> str:
        return text.describe_decision(state)

    def inventory_of(self, state: AlakazumState) -> dict[str, Any]:
        return rules.inventory(state)

    def render_view(self, shown: JsonDict) -> str:
        return text.render(shown)

    def label(self, state: State, action: Action) -> str:
        if not isinstance(state, AlakazumState):
            raise TypeError("an Alakazum! label needs an Alakazum! state")
        return text.label(state, action)

    def hint(self, state: State, action: Action) -> str | None:
        if not isinstance(state, AlakazumState):
            raise TypeError("an Alakazum! hint needs an Alakazum! state")
        return text.hint(state, action)

    def undo_safe(self, state: State, action: Action) -> bool:
        if not isinstance(state, AlakazumState) or not isinstance(action, ZumAction):
            raise TypeError("an Alakazum! undo needs an Alakazum! state and action")
        return rules.undo_safe(state, action)

    def choice_known(self, state: State, action: Action) -> bool:
        if not isinstance(state, AlakazumState) or not isinstance(action, ZumAction):
            raise TypeError("an Alakazum! undo needs an Alakazum! state and action")
        return rules.choice_known(state, action)

    def story_lines(self, events: Sequence[Mapping[str, Any]]) -> list[str]:
        return text.story_lines(events)

    def turn_of(self, state: State) -> int:
        if not isinstance(state, AlakazumState):
            raise TypeError("an Alakazum! turn needs an Alakazum! state")
        return state.turns


GAME = AlakazumGame()
