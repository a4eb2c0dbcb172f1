"""Alakazoo's game options: the readings a designer may switch, the content file, a safety limit.

Each option names the ruling it switches (docs/rulings.md); the default is the reading the
engine takes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from alaka.core.errors import OptionError
from alaka.core.params import OptionValue, Parameter
from alaka.core.protocol import ActionTable
from alaka.games.alakazoo.content import Components, load_components

PARAMETERS: tuple[Parameter, ...] = (
    Parameter(
        "limit_check",
        "each_gain",
        "When the 6-token and 4-card limits are checked (ruling Z2): after each single gain, "
        "with one Dark Power per token or card over; or once at the end of the action, with one "
        "Dark Power per limit broken.",
        choices=("each_gain", "end_of_action"),
    ),
    Parameter(
        "covered_runes",
        True,
        "Runes under a displayed element are covered and take no more tokens (ruling Z4).",
    ),
    Parameter(
        "dark_power_after_pass",
        "return",
        "What happens to the 3 Dark Power tokens of a player who passed (ruling Z5): they go "
        "back to the pool, or the player keeps them (and passes every turn).",
        choices=("return", "keep"),
    ),
    Parameter(
        "creature_point",
        "own_board",
        "Which creatures earn the display point (ruling Z8): the one on the player's own board, "
        "or any creature on a board chosen this game.",
        choices=("own_board", "any_chosen_board"),
    ),
    Parameter(
        "final_lines",
        "complete",
        "Which rows and columns the final scoring counts (ruling Z11): complete ones only, or "
        "also lines with two elements.",
        choices=("complete", "partial"),
    ),
    Parameter(
        "dice",
        "default",
        "Which set of spell dice from the components file is used; the built-in file has "
        "'default' (2 rainbows a die) and 'alternative' (1 rainbow a die).",
    ),
    Parameter(
        "components",
        "",
        "A components JSON file (boards, creatures, dice) replacing the built-in one.",
        is_path=True,
    ),
    Parameter(
        "max_turns",
        2000,
        "Safety limit: after this many turns the game stops and is recorded as truncated. "
        "Games between people last a few dozen turns; random bots' longest seen was under 700.",
        minimum=1,
        maximum=100_000,
    ),
)


@dataclass(frozen=True, slots=True)
class ZooOptions:
    """The options of one game, checked and resolved (content loaded, dice chosen)."""

    values: dict[str, OptionValue]
    components: Components
    dice: tuple[tuple[int, ...], ...]
    limit_each_gain: bool
    covered_runes: bool
    return_dark_power: bool
    any_chosen_board: bool
    partial_lines: bool
    max_turns: int

    def action_table(self) -> ActionTable:
        from alaka.games.alakazoo.actions import actions_for

        return actions_for(self.components).table


def resolve_options(values: Mapping[str, OptionValue]) -> ZooOptions:
    """Load the content an option set names and turn the values into engine switches."""
    components = load_components(str(values["components"]))
    dice_name = str(values["dice"])
    if dice_name not in components.dice_sets:
        raise OptionError(
            f"option 'dice' must be one of {', '.join(components.dice_sets)}; got {dice_name!r}"
        )
    return ZooOptions(
        values=dict(values),
        components=components,
        dice=components.dice_sets[dice_name],
        limit_each_gain=values["limit_check"] == "each_gain",
        covered_runes=bool(values["covered_runes"]),
        return_dark_power=values["dark_power_after_pass"] == "return",
        any_chosen_board=values["creature_point"] == "any_chosen_board",
        partial_lines=values["final_lines"] == "partial",
        max_turns=int(values["max_turns"]),
    )
