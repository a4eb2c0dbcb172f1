"""Alakazum!'s terminal table lives in the game's folder and is reached through its entry."""

from __future__ import annotations

import ast
from pathlib import Path

from zum_helpers import zum

import alaka
from alaka.core.registry import entry
from alaka.games.alakazum import terminal
from alaka.ui.tui import render

SOURCE = Path(alaka.__file__).parent


def state_with_cards() -> alaka.State:
    return zum(
        {
            "seats": [
                {
                    "team": [{"card": "Moura", "level": "B", "broom": True}],
                    "hand": ["Voodoo doll", "Magic hat 2", "Pulpo / Marmitako", "Combat potion +1"],
                },
                {"team": ["Dolçainer"], "hand": ["Barretina"]},
            ],
        }
    )


def test_the_terminal_asks_the_entry_for_the_table() -> None:
    assert entry("alakazum").load_terminal_table() is terminal.table
    view = state_with_cards().view(0)
    # The terminal draws its header, then exactly the game's table.
    drawn = render.plain(render.view_table(view))
    assert drawn.endswith(render.plain(terminal.table(view)))
    assert drawn.startswith(render.plain(render.header(view, "Alakazum!")))


def test_the_table_shows_each_level_of_a_character_and_what_hand_cards_do() -> None:
    """What the printed cards say, from the view: Moura's numbers at A, B and C (as the catalogue
    prints them), and each hand card's market number and effect."""
    state = state_with_cards()
    moura = state.L.catalogue.card("moura")
    shown = render.plain(terminal.table(state.view(0)), width=160)
    levels = "  ".join(
        f"{level} {moura.combat[k]}/{moura.culture_points[k]}/{moura.resistance[k]}"
        for k, level in enumerate("ABC")
    )
    assert levels in shown
    lines = {line.split("  ")[0].strip(): " ".join(line.split()) for line in shown.splitlines()}
    assert lines["Magic hat 2"] == "Magic hat 2 takes 1 card 2 magic energy"
    assert (
        lines["Voodoo doll"]
        == "Voodoo doll never goes to the market cancels another player's action or Alakazum"
    )
    assert lines["Combat potion +1"] == "Combat potion +1 takes 2 cards +1 combat point"
    assert "Pulpo (GAL) or Marmitako (EUS): those characters to level C" in shown
    assert "Barretina" not in shown  # the other seat's hand


def test_each_seat_sees_only_its_own_hand_cards_described() -> None:
    state = state_with_cards()
    theirs = render.plain(terminal.table(state.view(1)), width=160)
    assert "+2 CAT points beside a CAT character" in theirs and "Voodoo doll" not in theirs
    spectator = render.plain(terminal.table(state.view(None)), width=160)
    assert "at the market" not in spectator and "Voodoo doll" not in spectator


def test_no_module_outside_a_game_folder_imports_it_or_names_it() -> None:
    """Issue 16: the edges ask the entry; outside ``games/alakazum/`` nothing imports an Alakazum!
    module or compares a game's name with ``"alakazum"``."""
    for path in SOURCE.rglob("*.py"):
        if path.is_relative_to(SOURCE / "games" / "alakazum"):
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ImportFrom | ast.Import):
                modules = [node.module or ""] if isinstance(node, ast.ImportFrom) else []
                modules += [alias.name for alias in node.names]
                assert not any(m.startswith("alaka.games.alakazum") for m in modules), path
            if isinstance(node, ast.Compare):
                constants = [c.value for c in [node.left, *node.comparators] if isinstance(c, ast.Constant)]
                assert "alakazum" not in constants, f"{path}:{node.lineno}"
