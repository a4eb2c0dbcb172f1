"""Every game's tensor layout and action numbering as Markdown, for docs/rl.md.

Run ``python -m alaka.rl.layouts`` to print them; a test checks that docs/rl.md holds exactly
this text, so the documented slices cannot drift from the code.
"""

from __future__ import annotations

from alaka.core.protocol import Game
from alaka.core.registry import game
from alaka.rl.encoding import encoded_games, for_game


def action_ranges(of: Game) -> list[tuple[str, int, int]]:
    """Runs of consecutive action ids sharing the part of their name before ``:``."""
    runs: list[tuple[str, int, int]] = []
    for action in of.action_table().actions:
        prefix = action.name.split(":")[0]
        if runs and runs[-1][0] == prefix and runs[-1][2] == action.id - 1:
            runs[-1] = (prefix, runs[-1][1], action.id)
        else:
            runs.append((prefix, action.id, action.id))
    return runs


def markdown() -> str:
    """The layouts (information state; the observation is its first part) and action ids."""
    out: list[str] = []
    for name in encoded_games():
        of = game(name)
        encoding = for_game(of)(of.default_players)
        out += [
            f"### {of.title}",
            "",
            f"Observation: {encoding.observation_size} numbers; information state: "
            f"{encoding.information_state_size} (the observation, then the history). "
            f"Actions: {encoding.num_actions} ids.",
            "",
            encoding.describe(information_state=True),
            "",
            "| action ids | written | how many |",
            "| --- | --- | --- |",
        ]
        table = of.action_table().actions
        for _prefix, first, last in action_ranges(of):
            shown = table[first].name if first == last else f"{table[first].name} .. {table[last].name}"
            out.append(f"| {first}:{last + 1} | `{shown}` | {last - first + 1} |")
        out.append("")
    return "\n".join(out)


if __name__ == "__main__":
    print(markdown())
