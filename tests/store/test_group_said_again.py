"""A big conflict group's old value said again is its current value in a retrieval.

A retrieval reads a group's newest members by writing time (``conflict_group_recent``), but
the current value is the member said last: an exact repeat is merged into its first mention
(``metadata.provenance``). In a group of more than ``RECENT_MEMBERS`` members, a move back
to an old value in its very words left that member outside the newest ones, and retrieval
showed the last value written as current."""

from __future__ import annotations

from datetime import timedelta

import pytest

import hybridmem.retrieval.groups as history
from hybridmem import FakeClock, HybridMemory
from tests.backends import both_backends  # noqa: F401 - runs this module on both stores

U = "u1"
SLOT = "user.city"
QUESTION = "where do I live"


def _city(i: int) -> str:
    return f"I live in city number {i}"


def _grow(mem: HybridMemory, clock: FakeClock, values: int) -> list[str]:
    """One value after another in one slot; the members' ids, oldest first."""
    ids = []
    for i in range(values):
        clock.advance(minutes=5)
        ids.append(mem.add(_city(i), node_type="fact", slot=SLOT, user_id=U).id)
    return ids


def test_an_old_value_said_again_is_current_beyond_the_newest_members(
    mem: HybridMemory, clock: FakeClock
) -> None:
    values = history.RECENT_MEMBERS + 8
    ids = _grow(mem, clock, values)
    assert len(mem.value_history(SLOT, user_id=U)) == values
    clock.advance(days=1)
    again = mem.add(_city(0), node_type="fact", slot=SLOT, user_id=U)
    assert again.id == ids[0]  # a repeat, merged into its first mention
    assert mem.current_value(SLOT, user_id=U).id == ids[0]
    r = mem.retrieve(QUESTION, user_id=U, top_k=5, record_access=False)
    assert r.hits[0].node.id == ids[0]
    assert f"(previously: {_city(values - 1)}; {_city(values - 2)})" in r.context
    assert all(h.node.id != ids[-1] for h in r.hits)  # the last value written is not shown


@pytest.mark.parametrize("said", [0, 3, 20])
def test_a_big_group_read_in_part_says_what_the_whole_group_says(
    mem: HybridMemory, clock: FakeClock, monkeypatch: pytest.MonkeyPatch, said: int
) -> None:
    """Said again early or late in the group, and with other members changed since (a
    maintenance pass, a restore): the part read says what reading every member says."""
    ids = _grow(mem, clock, 24)
    clock.advance(days=1)
    assert mem.add(_city(said), node_type="fact", slot=SLOT, user_id=U).id == ids[said]
    clock.advance(days=1)
    mem.maintain(user_id=U)
    monkeypatch.setattr(history, "RECENT_MEMBERS", 10_000)
    whole = mem.retrieve(QUESTION, user_id=U, top_k=5, record_access=False)
    assert whole.hits[0].node.id == ids[said]
    for newest in (8, 2, 1):
        monkeypatch.setattr(history, "RECENT_MEMBERS", newest)
        got = mem.retrieve(QUESTION, user_id=U, top_k=5, record_access=False)
        assert got.context == whole.context
        assert [h.node.id for h in got.hits] == [h.node.id for h in whole.hits]


def test_an_old_value_said_again_is_current_whatever_the_statements_are_dated(
    mem: HybridMemory, clock: FakeClock
) -> None:
    """Statements dated by the caller (an imported history, a clock behind the source's):
    when a value was said is its statement's date, not when the store wrote it."""
    start = clock() + timedelta(days=400)
    values = history.RECENT_MEMBERS + 4
    ids = [
        mem.add(
            _city(i),
            node_type="fact",
            slot=SLOT,
            user_id=U,
            created_at=start + timedelta(hours=i),
        ).id
        for i in range(values)
    ]
    again = mem.add(
        _city(1), node_type="fact", slot=SLOT, user_id=U, created_at=start + timedelta(days=30)
    )
    assert again.id == ids[1]
    r = mem.retrieve(QUESTION, user_id=U, top_k=5, record_access=False)
    assert r.hits[0].node.id == ids[1]
    assert f"(previously: {_city(values - 1)}; {_city(values - 2)})" in r.context
