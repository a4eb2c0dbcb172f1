"""Alakazum!'s game options: the catalogue file and a safety limit."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from alaka.core.language import N_
from alaka.core.params import OptionValue, Parameter
from alaka.core.protocol import ActionTable
from alaka.games.alakazum.content import Catalogue, load_catalogue
from alaka.games.alakazum.layout import Layout, layout_for

PARAMETERS: tuple[Parameter, ...] = (
    Parameter(
        "catalogue",
        "",
        N_("A catalogue JSON file (every card type with its copies) replacing the built-in one."),
        is_path=True,
    ),
    Parameter(
        "max_turns",
        1000,
        N_(
            "Safety limit: after this many turns the game stops and is recorded as truncated. "
            "Real games end long before."
        ),
        label=N_("Turn limit"),
        minimum=1,
        maximum=100_000,
    ),
)


@dataclass(frozen=True, slots=True)
class ZumOptions:
    """The options of one game, checked and resolved (catalogue loaded)."""

    values: dict[str, OptionValue]
    catalogue: Catalogue
    layout: Layout
    max_turns: int

    def __reduce__(self) -> tuple[Any, ...]:
        """For pickle, by reference: the raw values, resolved again (the content they name is
        loaded once per process and cached, and so are the tables built from it)."""
        return resolve_options, (self.values,)

    def action_table(self) -> ActionTable:
        from alaka.games.alakazum.actions import actions_for

        return actions_for(self.layout).table


def resolve_options(values: Mapping[str, OptionValue]) -> ZumOptions:
    catalogue = load_catalogue(str(values["catalogue"]))
    return ZumOptions(
        values=dict(values),
        catalogue=catalogue,
        layout=layout_for(catalogue),
        max_turns=int(values["max_turns"]),
    )
