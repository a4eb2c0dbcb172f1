"""What Alakazoo keeps to be quick (rules/table.py): each board's shown spaces, a bit mask the rules
read for covered runes, complete boards and displays. It must be what the board shows, at every
step of random games."""

from __future__ import annotations

import random

from zoo_helpers import GAME, zoo

from alaka.games.alakazoo import rules
from alaka.games.alakazoo.state import AlakazooState


def test_the_kept_shown_spaces_are_the_boards() -> None:
    shown = 0
    for seed, options in enumerate([{}, {"covered_runes": False}, {"may_skip_action": True}]):
        s = GAME.new_initial_state(2 + seed, **options)
        assert isinstance(s, AlakazooState)
        rng = random.Random(seed)
        while not s.is_terminal():
            assert s.spaces == tuple(rules.spaces_shown(elements) for elements in s.elements)
            shown = max(shown, *s.spaces)
            legal = s.legal_actions()
            s.apply_action(s.sample_chance(rng) if s.is_chance_node() else legal[rng.randrange(len(legal))])
    assert shown.bit_count() >= 5  # boards really filled up in these games
    built = zoo({"seats": [{"elements": {"head": "Griffin head", "tail": "Kraken tail"}}, {}]})
    assert isinstance(built, AlakazooState)
    assert built.spaces[0] == rules.spaces_shown(built.elements[0]) == 0b010000010
