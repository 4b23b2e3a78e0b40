"""benchmarks.probing_joined: a continuation is packed into its antecedent's hit, one place."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from benchmarks.probing_joined import joined
from hybridmem.models import Hit, ScoreBreakdown
from hybridmem.testing.nodes import memory_node

AT = datetime(2026, 11, 1, 20, 0, tzinfo=UTC)


def _node(node_id: str, text: str) -> Any:
    return memory_node(node_id, AT, content=text, metadata={"speaker": "user"})


def _hit(node_id: str, text: str = "") -> Any:
    node = _node(node_id, text or node_id)
    return Hit(node=node, score=1.0, breakdown=ScoreBreakdown({}, {}, 1.0, 1.0, ()))


def _ids(hits: list[Hit]) -> list[str]:
    return [h.node.id for h in hits]


def test_the_next_turn_joins_its_antecedents_hit_and_takes_no_place():
    hits = [_hit("vet", "took Pickle to the vet"), _hit("a"), _hit("b"), _hit("news")]
    news = hits[3].node
    out = joined(hits, {"vet": news})
    assert _ids(out) == ["vet", "a", "b"]  # its own lower hit goes: one place for the pair
    assert out[0].node.content == f"took Pickle to the vet {news.content}"
    assert out[0].merged == (news,)


def test_a_continuation_outside_the_hits_is_still_packed_and_nothing_is_pushed_out():
    hits = [_hit("vet"), _hit("a"), _hit("b")]
    out = joined(hits, {"vet": _node("news", "kidney disease")})
    assert _ids(out) == ["vet", "a", "b"] and out[0].merged[0].id == "news"


def test_a_continuation_above_its_antecedent_and_a_turn_already_joined_stay_as_they_are():
    hits = [_hit("news"), _hit("vet"), _hit("b")]
    assert joined(hits, {"vet": hits[0].node}) == hits
    chain = joined([_hit("x"), _hit("y"), _hit("z")], {"x": _node("y", "y"), "y": _node("z", "z")})
    assert _ids(chain) == ["x", "z"] and chain[1].merged == ()  # a pair, never a chain
