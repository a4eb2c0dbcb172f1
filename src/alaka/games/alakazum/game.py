"""The Alakazum! game object: options, new games, scenarios and the action space."""

from __future__ import annotations

from collections.abc import Mapping
from importlib import resources
from typing import Any

from alaka.core.protocol import Action, ActionTable, Game, JsonDict, State
from alaka.games.alakazum import rules, text
from alaka.games.alakazum.actions import actions_for
from alaka.games.alakazum.options import PARAMETERS, resolve_options
from alaka.games.alakazum.state import AlakazumState


class AlakazumGame(Game):
    """Alakazum! Witches and Traditions for 2 to 5 players."""

    name = "alakazum"
    title = "Alakazum!"
    min_players = 2
    max_players = 5
    default_players = 3
    parameters = PARAMETERS

    def new_initial_state(self, num_players: int | None = None, **options: object) -> AlakazumState:
        n = self.check_players(num_players)
        opts = resolve_options(self.validate_options(options))
        state = AlakazumState(self, n, opts, opts.layout)
        rules.setup(state)
        return state

    def scenario(self, spec: Mapping[str, Any]) -> AlakazumState:
        from alaka.games.alakazum.scenario import build_scenario

        return build_scenario(self, spec)

    def action_table(self, **options: object) -> ActionTable:
        opts = resolve_options(self.validate_options(options))
        return actions_for(opts.layout).table

    def max_game_length(self, num_players: int, **options: object) -> int:
        opts = resolve_options(self.validate_options(options))
        return rules.max_game_length(num_players, opts.max_turns)

    def render_view(self, view: JsonDict) -> str:
        return text.render(view)

    def label(self, state: State, action: Action) -> str:
        if not isinstance(state, AlakazumState):
            raise TypeError("an Alakazum! label needs an Alakazum! state")
        return text.label(state, action)

    def rules_summary(self) -> str:
        return resources.files("alaka.games.alakazum").joinpath("data", "summary.md").read_text("utf-8")


GAME = AlakazumGame()
