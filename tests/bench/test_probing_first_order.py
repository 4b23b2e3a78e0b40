"""``benchmarks.probing``'s "first": a hit's own turns counted in conversation order."""

from __future__ import annotations

from benchmarks.probing import _first_turns, turn_order


def test_turn_numbers_past_nine_come_after_their_session_s_earlier_turns() -> None:
    ids = ["owen-1-11", "owen-2-1", "owen-1-9", "owen-10-1"]
    assert sorted(ids, key=turn_order) == ["owen-1-9", "owen-1-11", "owen-2-1", "owen-10-1"]


def test_a_hit_citing_two_turns_counts_its_earlier_turn_first() -> None:
    pair = frozenset({"owen-1-9", "owen-1-11"})
    users = frozenset(pair | {"owen-4-1"})
    assert _first_turns([pair, frozenset({"owen-4-1"})], users, 1) == {"owen-1-9"}
    assert _first_turns([frozenset({"owen-4-1"}), pair], users, 2) == {"owen-4-1", "owen-1-9"}
