"""Alakazoo: a dice-and-card tournament of portal boards and fantastic creatures (2-4 players).

The entry below is the game's one door: everything outside this folder reaches the game
through it (see :mod:`alaka.core.entry`).
"""

from alaka.core.entry import GameEntry

ENTRY = GameEntry(
    name="alakazoo",
    title="Alakazoo",
    min_players=2,
    max_players=4,
    game="alaka.games.alakazoo.game:GAME",
    heuristic="alaka.games.alakazoo.heuristic",
    terminal_table="alaka.games.alakazoo.terminal:table",
    browser_renderer="web/renderer.js",
    terminal_focus="alaka.games.alakazoo.terminal:focus",
    view_type="alaka.games.alakazoo.view:ZooView",
    statistics="alaka.games.alakazoo.stats",
    encoding="alaka.games.alakazoo.encoding",
    glossary="alaka.games.alakazoo.glossary",
    learned="data/learned.npz",
    lesson="alaka.games.alakazoo.lesson:LESSON",
    # The table's levels, each measured stronger than the one before (docs/bots.md#levels).
    levels=(
        "random",
        "heuristic",
        "ismcts:iterations=1000,rollout=heuristic,opponents=heuristic,depth=60,bias=1,margin=0.5",
    ),
    # The hot path, compiled by the compiled build (alaka.core.compiling).
    compiled=(
        "actions",
        "content",
        "events",
        "options",
        "phases",
        "rules",
        "rules.cards",
        "rules.chance",
        "rules.dice",
        "rules.display",
        "rules.end",
        "rules.helper",
        "rules.hidden",
        "rules.preparation",
        "rules.table",
        "rules.turn",
        "state",
    ),
)
