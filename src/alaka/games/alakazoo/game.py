"""The Alakazoo game object: options, new games, scenarios and the action space."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from alaka.core.phased import GameRules, PhasedGame
from alaka.core.protocol import Action, JsonDict, State
from alaka.games.alakazoo import ENTRY, rules, text
from alaka.games.alakazoo.options import PARAMETERS, ZooOptions, resolve_options
from alaka.games.alakazoo.state import AlakazooState


class AlakazooGame(PhasedGame):
    """Alakazoo for 2 to 4 players."""

    name = ENTRY.name
    title = ENTRY.title
    min_players = ENTRY.min_players
    max_players = ENTRY.max_players
    default_players = 2
    parameters = PARAMETERS
    game_rules: ClassVar[GameRules] = rules
    package = "alaka.games.alakazoo"

    def resolve_options(self, values: Mapping[str, Any]) -> ZooOptions:
        return resolve_options(values)

    def make_state(self, num_players: int, opts: ZooOptions) -> AlakazooState:
        return AlakazooState(self, num_players, opts)

    def build_scenario(self, spec: Mapping[str, Any]) -> AlakazooState:
        from alaka.games.alakazoo.scenario import build_scenario

        return build_scenario(self, spec)

    def render_view(self, view: JsonDict) -> str:
        return text.render(view)

    def label(self, state: State, action: Action) -> str:
        if not isinstance(state, AlakazooState):
            raise TypeError("an Alakazoo label needs an Alakazoo state")
        return text.label(state, action)


GAME = AlakazooGame()
