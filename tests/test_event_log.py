"""The event log a state shares with its copies (alaka.core.eventlog): it reads as a list would."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from alaka.core.eventlog import EventLog

#: One step of a log's life: ("append", log index) or ("fork", log index).
Step = tuple[str, int]


@given(st.lists(st.tuples(st.sampled_from(["append", "fork"]), st.integers(0, 30)), max_size=80))
def test_forked_logs_read_like_copied_lists(steps: list[Step]) -> None:
    """Any mix of appends and forks: every log reads exactly as a list copied at each fork would
    (length, each index from either end, slices, iteration, reversed)."""
    logs: list[EventLog[int]] = [EventLog()]
    models: list[list[int]] = [[]]
    for number, (step, which) in enumerate(steps):
        i = which % len(logs)
        if step == "append":
            logs[i].append(number)
            models[i].append(number)
        else:
            logs.append(logs[i].fork())
            models.append(models[i][:])
    for log, model in zip(logs, models, strict=True):
        assert len(log) == len(model)
        assert list(log) == model
        assert list(reversed(log)) == model[::-1]
        assert log[1:] == model[1:]
        assert log[-2:] == model[-2:]
        assert [log[k] for k in range(len(model))] == model
        assert [log[-k] for k in range(1, len(model) + 1)] == [model[-k] for k in range(1, len(model) + 1)]
        assert log == model


def test_a_fork_shares_the_events_and_neither_sees_the_others_later_ones() -> None:
    log: EventLog[str] = EventLog()
    log.append("dealt")
    log.append("rolled")
    copy = log.fork()
    assert copy[0] is log[0] and copy == ["dealt", "rolled"]
    log.append("placed")
    copy.append("stored")
    assert log == ["dealt", "rolled", "placed"]
    assert copy == ["dealt", "rolled", "stored"]


def test_an_index_past_the_end_is_an_index_error() -> None:
    log: EventLog[int] = EventLog()
    log.append(1)
    copy = log.fork()
    with pytest.raises(IndexError):
        copy[1]
    with pytest.raises(IndexError):
        copy[-2]
