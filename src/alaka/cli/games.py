"""``alaka games`` and ``alaka rules``: which games there are, and how one is played and set up."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from alaka.cli.common import LangOption, _game, _language, console
from alaka.core.language import speaking, tr, tr_document
from alaka.core.registry import games as game_names


def games_command() -> None:
    """List the games, their player counts and how many options they have."""
    table = Table(title="Games")
    table.add_column("name")
    table.add_column("title")
    table.add_column("players", justify="right")
    table.add_column("options", justify="right")
    for name in game_names():
        g = _game(name)
        table.add_row(name, g.title, f"{g.min_players}-{g.max_players}", str(len(g.parameters)))
    console.print(table)


def rules_command(
    game: Annotated[str, typer.Argument(help="The game, e.g. alakazoo.")], lang: LangOption = None
) -> None:
    """Show a game's rules in brief and every option with its default."""
    from rich.markup import escape

    from alaka.ui.tui.render import reflow

    language = _language(lang)
    g = _game(game)
    with speaking(language):
        console.print(reflow(tr_document(g.rules_summary()).rstrip()), markup=False)
        console.print()
        # TRANSLATORS: {options} is the word "Options" in bold, its own message.
        header = tr("{options} (give them as -o name=value to watch, play and simulate):")
        console.print(header.format(options="[bold]" + escape(tr("Options")) + "[/bold]"))
        for p in g.parameters:
            default = tr('"" (the built-in data)') if p.is_path and not p.default else str(p.default).lower()
            console.print(f"  [bold]{p.name}[/bold] = {default}    [dim]({p.describe_values()})[/dim]")
            console.print(f"      {tr(p.description)}", markup=False)
