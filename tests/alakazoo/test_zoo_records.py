"""Records of the first rules version (before the limit penalty and the creature point were
separate options) still replay as they were played."""

from __future__ import annotations

from typing import Any

import pytest

import alaka
from alaka.core.errors import RecordError


def version1(record: dict[str, Any]) -> dict[str, Any]:
    """What the first version wrote: no limit_penalty option, version 1."""
    options = dict(record["options"])
    options.pop("limit_penalty")
    options.pop("may_skip_action")
    return {**record, "options": options, "version": 1}


@pytest.mark.parametrize(
    ("check", "penalty"), [("each_gain", "one_per_excess"), ("end_of_action", "one_token")]
)
def test_a_version_1_record_replays_with_the_charge_it_was_played_with(check: str, penalty: str) -> None:
    game = alaka.game("alakazoo")
    state = game.new_initial_state(3, limit_check=check, limit_penalty=penalty, creature_point="own_board")
    final = alaka.play(state, [alaka.RandomBot()] * 3, seed=31)
    old = version1(final.record())
    again = alaka.replay(old)
    assert again.view(None) == final.view(None)
    assert again.record()["options"]["limit_penalty"] == penalty
    assert again.record()["version"] == 2


def test_the_old_name_of_the_any_board_reading_is_understood_and_other_versions_refused() -> None:
    game = alaka.game("alakazoo")
    state = game.new_initial_state(2, limit_penalty="one_per_excess", creature_point="any_board_in_play")
    final = alaka.play(state, [alaka.RandomBot()] * 2, seed=4)
    old = version1(final.record())
    old["options"] = {**old["options"], "creature_point": "any_chosen_board"}
    again = alaka.replay(old)
    assert again.view(None) == final.view(None)
    assert again.record()["options"]["creature_point"] == "any_board_in_play"
    with pytest.raises(RecordError, match="version 7; this Alaka reads alakazoo version 2"):
        alaka.replay({**final.record(), "version": 7})
