"""``benchmarks.probing_first_order``: a hit's turns counted in conversation order."""

from __future__ import annotations

from benchmarks.probing import _first_turns
from benchmarks.probing_first_order import first_turns, turn_order


def test_turn_numbers_past_nine_come_after_their_session_s_earlier_turns() -> None:
    ids = ["owen-1-11", "owen-2-1", "owen-1-9", "owen-10-1"]
    assert sorted(ids, key=turn_order) == ["owen-1-9", "owen-1-11", "owen-2-1", "owen-10-1"]


def test_a_pair_counts_its_earlier_turn_first_where_string_order_did_not() -> None:
    pair = frozenset({"owen-1-9", "owen-1-11"})
    users = frozenset(pair | {"owen-4-1"})
    assert first_turns([pair, frozenset({"owen-4-1"})], users, 1) == {"owen-1-9"}
    assert _first_turns([pair, frozenset({"owen-4-1"})], users, 1) == {"owen-1-11"}
    assert first_turns([frozenset({"owen-4-1"}), pair], users, 2) == {"owen-4-1", "owen-1-9"}
