"""The Alakazoo game object: options, new games, scenarios and the action space."""

from __future__ import annotations

from collections.abc import Mapping
from importlib import resources
from typing import Any

from alaka.core.protocol import Action, ActionTable, Game, JsonDict, State
from alaka.games.alakazoo import rules, text
from alaka.games.alakazoo.actions import actions_for
from alaka.games.alakazoo.options import PARAMETERS, resolve_options
from alaka.games.alakazoo.state import AlakazooState


class AlakazooGame(Game):
    """Alakazoo for 2 to 4 players."""

    name = "alakazoo"
    title = "Alakazoo"
    min_players = 2
    max_players = 4
    default_players = 2
    parameters = PARAMETERS

    def new_initial_state(self, num_players: int | None = None, **options: object) -> AlakazooState:
        n = self.check_players(num_players)
        opts = resolve_options(self.validate_options(options))
        state = AlakazooState(self, n, opts)
        rules.setup(state)
        return state

    def scenario(self, spec: Mapping[str, Any]) -> AlakazooState:
        from alaka.games.alakazoo.scenario import build_scenario

        return build_scenario(self, spec)

    def action_table(self, **options: object) -> ActionTable:
        opts = resolve_options(self.validate_options(options))
        return actions_for(opts.components).table

    def max_game_length(self, num_players: int, **options: object) -> int:
        opts = resolve_options(self.validate_options(options))
        return rules.max_game_length(num_players, opts.max_turns)

    def render_view(self, view: JsonDict) -> str:
        return text.render(view)

    def label(self, state: State, action: Action) -> str:
        if not isinstance(state, AlakazooState):
            raise TypeError("an Alakazoo label needs an Alakazoo state")
        return text.label(state, action)

    def rules_summary(self) -> str:
        return resources.files("alaka.games.alakazoo").joinpath("data", "summary.md").read_text("utf-8")


GAME = AlakazooGame()
