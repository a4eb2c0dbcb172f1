"""Alakazoo's game options: the readings a designer may switch, the content file, a safety limit.

Each reading option is a ruling of docs/rulings.md (Z2: ``limit_check``, ``limit_penalty``;
Z4: ``covered_runes``; Z5: ``dark_power_after_pass``; Z8: ``creature_point``; Z11:
``final_lines``; Z13: ``may_skip_action``); the default is the reading the engine takes. The
descriptions are for players, so they say what changes in plain words.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from alaka.core.errors import OptionError
from alaka.core.params import OptionValue, Parameter
from alaka.core.protocol import ActionTable
from alaka.games.alakazoo.content import Components, load_components

PARAMETERS: tuple[Parameter, ...] = (
    Parameter(
        "limit_check",
        "each_gain",
        "When the limits of 6 Magic Power tokens and 4 cards are checked: after each gain (each "
        "die's token, each column taken), or once when the action is over.",
        choices=("each_gain", "end_of_action"),
        label="When limits are checked",
        choice_labels=("after each gain", "once the action is over"),
    ),
    Parameter(
        "limit_penalty",
        "one_token",
        "What going over a limit costs: one Dark Power token each time a limit is broken, "
        "however far over; or one Dark Power token for each token or card over.",
        choices=("one_token", "one_per_excess"),
        label="Cost of going over a limit",
        choice_labels=("one Dark Power token", "one Dark Power token per token or card over"),
    ),
    Parameter(
        "covered_runes",
        True,
        "Runes under a displayed element are covered and take no more tokens.",
        label="Displayed elements cover their runes",
    ),
    Parameter(
        "dark_power_after_pass",
        "return",
        "What happens to the 3 Dark Power tokens of a player who passed: they go back to the "
        "pool, or the player keeps them (and passes every turn).",
        choices=("return", "keep"),
        label="Dark Power of a player who passed",
        choice_labels=("goes back to the pool", "stays with the player"),
    ),
    Parameter(
        "creature_point",
        "any_board_in_play",
        "Which elements earn the display point for their creature: those of a creature on any "
        "player's portal board, or only those of the creature on the player's own board.",
        choices=("any_board_in_play", "own_board"),
        label="Creature point for an element",
        choice_labels=("its creature is on any board in play", "its creature is on the player's own board"),
    ),
    Parameter(
        "may_skip_action",
        False,
        "A player may take none of the three actions; a turn without an action displays nothing.",
        label="A turn may have no action",
    ),
    Parameter(
        "final_lines",
        "complete",
        "Which rows and columns the final scoring counts: complete ones only, or also lines "
        "with two elements.",
        choices=("complete", "partial"),
        label="Lines counted at the end",
        choice_labels=("complete lines only", "also lines with two elements"),
    ),
    Parameter(
        "dice",
        "default",
        "Which set of spell dice from the components file is used; the built-in file has "
        "'default' (2 rainbows a die) and 'alternative' (1 rainbow a die).",
        label="Spell dice",
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
        label="Turn limit",
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
    #: One Dark Power token per token or card over the limit, rather than one per limit broken.
    dark_per_excess: bool
    covered_runes: bool
    return_dark_power: bool
    #: The creature point needs the player's own board's creature, not any board in play.
    own_board_point: bool
    may_skip_action: bool
    partial_lines: bool
    max_turns: int

    def __reduce__(self) -> tuple[Any, ...]:
        """For pickle, by reference: the raw values, resolved again (the content they name is
        loaded once per process and cached, and so are the tables built from it)."""
        return resolve_options, (self.values,)

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
        dark_per_excess=values["limit_penalty"] == "one_per_excess",
        covered_runes=bool(values["covered_runes"]),
        return_dark_power=values["dark_power_after_pass"] == "return",
        own_board_point=values["creature_point"] == "own_board",
        may_skip_action=bool(values["may_skip_action"]),
        partial_lines=values["final_lines"] == "partial",
        max_turns=int(values["max_turns"]),
    )
