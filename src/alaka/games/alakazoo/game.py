"""The Alakazoo game object: options, new games, scenarios and the action space."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from alaka.core.phased import GameRules, PhasedGame
from alaka.core.protocol import Action, JsonDict, State
from alaka.games.alakazoo import ENTRY, rules, text, view
from alaka.games.alakazoo.actions import UNDO_SAFE, ZooAction
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
    #: 2: an over-limit breach costs one Dark Power token (option limit_penalty), the creature
    #: point counts any board in play, the action may be skipped (option may_skip_action).
    record_version = 2
    turn_event = "turn"
    game_rules: ClassVar[GameRules] = rules
    package = "alaka.games.alakazoo"

    def upgrade_record(self, record: Mapping[str, Any], version: object) -> Mapping[str, Any]:
        """Version 1 (before the limit penalty and the creature point were separate options)
        replays with the readings it was played with: one Dark Power per excess token or card
        when checking after each gain, one per limit at the end of the action."""
        if version != 1:
            return super().upgrade_record(record, version)
        upgraded = dict(record)
        if isinstance(record.get("scenario"), Mapping):
            upgraded["scenario"] = spec = dict(record["scenario"])
            spec["options"] = _version1_options(spec.get("options"))
        else:
            upgraded["options"] = _version1_options(record.get("options"))
        upgraded["version"] = self.record_version
        return upgraded

    def resolve_options(self, values: Mapping[str, Any]) -> ZooOptions:
        return resolve_options(values)

    def make_state(self, num_players: int, opts: ZooOptions) -> AlakazooState:
        return AlakazooState(self, num_players, opts)

    def build_scenario(self, spec: Mapping[str, Any]) -> AlakazooState:
        from alaka.games.alakazoo.scenario import build_scenario

        return build_scenario(self, spec)

    def view_of(self, state: AlakazooState, seat: int | None, log_since: int | None) -> JsonDict:
        # The protocol hands every game's view out as plain JSON; its shape is view.ZooView.
        return dict(view.view(state, seat, log_since))

    def decision_of(self, state: AlakazooState) -> str:
        return text.describe_decision(state)

    def render_view(self, shown: JsonDict) -> str:
        return text.render(shown)

    def label(self, state: State, action: Action) -> str:
        if not isinstance(state, AlakazooState):
            raise TypeError("an Alakazoo label needs an Alakazoo state")
        return text.label(state, action)

    def hint(self, state: State, action: Action) -> str | None:
        if not isinstance(state, AlakazooState):
            raise TypeError("an Alakazoo hint needs an Alakazoo state")
        return text.hint(state, action)

    def undo_safe(self, state: State, action: Action) -> bool:
        return isinstance(action, ZooAction) and action.kind in UNDO_SAFE

    def turn_of(self, state: State) -> int:
        if not isinstance(state, AlakazooState):
            raise TypeError("an Alakazoo turn needs an Alakazoo state")
        return state.turns


def _version1_options(options: object) -> object:
    if not isinstance(options, Mapping):
        return options  # the options' own check reports it
    upgraded = dict(options)
    check = upgraded.get("limit_check", "each_gain")
    upgraded.setdefault("limit_penalty", "one_per_excess" if check == "each_gain" else "one_token")
    if upgraded.get("creature_point") == "any_chosen_board":
        upgraded["creature_point"] = "any_board_in_play"
    upgraded.setdefault("creature_point", "own_board")
    return upgraded


GAME = AlakazooGame()
