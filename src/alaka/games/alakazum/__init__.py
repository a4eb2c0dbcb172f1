"""Alakazum! Witches and Traditions: witches, traditions, potions, traps and hidden hands (2-5 players).

The entry below is the game's one door: everything outside this folder reaches the game
through it (see :mod:`alaka.core.entry`).
"""

from alaka.core.entry import GameEntry

ENTRY = GameEntry(
    name="alakazum",
    title="Alakazum!",
    min_players=2,
    max_players=5,
    game="alaka.games.alakazum.game:GAME",
    heuristic="alaka.games.alakazum.heuristic",
    terminal_table="alaka.games.alakazum.terminal:table",
    browser_renderer="web/renderer.js",
    terminal_focus="alaka.games.alakazum.terminal:focus",
    view_type="alaka.games.alakazum.view:ZumView",
    statistics="alaka.games.alakazum.stats",
    encoding="alaka.games.alakazum.encoding",
    glossary="alaka.games.alakazum.glossary",
    learned="data/learned.npz",
    lesson="alaka.games.alakazum.lesson:LESSON",
    # The table's levels, each measured stronger than the one before (docs/bots.md#levels).
    levels=(
        "random",
        "heuristic",
        "ismcts:iterations=1000,rollout=heuristic,opponents=heuristic,depth=30,bias=1",
    ),
    # The hot path, compiled by the compiled build (alaka.core.compiling).
    compiled=(
        "actions",
        "combat",
        "events",
        "layout",
        "options",
        "phases",
        "rules",
        "rules.action",
        "rules.chance",
        "rules.conjure",
        "rules.fight",
        "rules.hidden",
        "rules.opening",
        "rules.spells",
        "rules.table",
        "rules.traps",
        "rules.turn",
        "rules.voodoo",
        "state",
    ),
)
