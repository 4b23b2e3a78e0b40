"""benchmarks.probing_placed: a continuation is placed after its antecedent, nothing else moves."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from benchmarks.probing_placed import placed_after
from hybridmem.models import Hit, ScoreBreakdown
from hybridmem.testing.nodes import memory_node

AT = datetime(2026, 11, 1, 20, 0, tzinfo=UTC)


def _hit(node_id: str, seq: int, speaker: str, parent: str = "s1") -> Any:
    node = memory_node(node_id, AT, parent_id=parent, seq=seq, metadata={"speaker": speaker})
    return Hit(node=node, score=1.0, breakdown=ScoreBreakdown({}, {}, 1.0, 1.0, ()))


def _ids(hits: list[Hit]) -> list[str]:
    return [h.node.id for h in hits]


def test_the_speakers_next_turn_over_a_reply_follows_its_antecedent():
    # "my sister called" (named, first) / the companion's reply / "she's pregnant!" (fifth)
    hits = [
        _hit("named", 0, "user"),
        _hit("other", 4, "user", "s2"),
        _hit("more", 5, "user", "s2"),
        _hit("reply", 1, "assistant"),
        _hit("news", 2, "user"),
    ]
    turns = {h.node.id for h in hits}
    out = placed_after(hits, turns, {"named", "other"}, "named")
    assert _ids(out) == ["named", "news", "other", "more", "reply"]


def test_a_continuation_naming_the_topic_itself_keeps_its_place():
    hits = [_hit("named", 0, "user"), _hit("other", 4, "user", "s2"), _hit("news", 2, "user")]
    turns = {h.node.id for h in hits}
    assert _ids(placed_after(hits, turns, {"named", "news"}, "named")) == _ids(hits)
    assert _ids(placed_after(hits, turns, {"named", "news"}, "any")) == ["named", "news", "other"]


def test_not_a_turn_or_no_speaker_nothing_moves():
    hits = [_hit("a", 0, "user"), _hit("b", 7, "user"), _hit("c", 1, "user")]
    assert _ids(placed_after(hits, set(), {"a"}, "any")) == ["a", "b", "c"]
    assert _ids(placed_after(hits, {"a", "b", "c"}, {"a"}, "named")) == ["a", "c", "b"]
