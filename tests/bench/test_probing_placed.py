"""benchmarks.probing_placed: a continuation is placed after its antecedent, nothing else moves."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from benchmarks.probing_placed import placed_after
from hybridmem.models import Hit, ScoreBreakdown
from hybridmem.testing.nodes import memory_node

AT = datetime(2026, 11, 1, 20, 0, tzinfo=UTC)


def _hit(node_id: str, speaker: str = "user") -> Any:
    node = memory_node(node_id, AT, metadata={"speaker": speaker})
    return Hit(node=node, score=1.0, breakdown=ScoreBreakdown({}, {}, 1.0, 1.0, ()))


def _ids(hits: list[Hit]) -> list[str]:
    return [h.node.id for h in hits]


# "my sister called" (named, first) / the companion's reply / "she's pregnant!" (fifth)
HITS = [_hit("named"), _hit("other"), _hit("more"), _hit("reply", "assistant"), _hit("news")]
FOLLOWING = {"named": "news", "other": "more", "reply": "other"}


def test_the_speakers_next_turn_follows_its_named_antecedent():
    out = placed_after(HITS, FOLLOWING, {"named", "other"}, "named")
    assert _ids(out) == ["named", "news", "other", "more", "reply"]
    assert _ids(placed_after(HITS, FOLLOWING, {"other"}, "named")) == _ids(HITS)


def test_a_continuation_naming_the_topic_itself_moves_only_in_the_wider_readings():
    strict = placed_after(HITS, FOLLOWING, {"named", "news"}, "named-unnamed")
    assert _ids(strict) == _ids(HITS)
    assert _ids(placed_after(HITS, FOLLOWING, {"named", "news"}, "named"))[:2] == ["named", "news"]


def test_a_continuation_above_its_antecedent_keeps_its_place():
    # "reply" goes on from... nothing here; "other" is above "reply", which it would follow
    assert _ids(placed_after(HITS, {"reply": "other"}, set(), "any")) == _ids(HITS)
    assert _ids(placed_after(HITS, {}, {"named"}, "any")) == _ids(HITS)
