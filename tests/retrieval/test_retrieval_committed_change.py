"""A change said with feeling is a standing statement in retrieval too (issue 38, probing y3).

The writer keeps "车卖了，现在骑自行车去公司，堵车太烦了" as an active fact (its clause commits
the speaker to the change: ``metadata["committed_clause"]``) while its recorded act stays the
emotion the classifier read. Retrieval read that act alone as "said in passing" and moved the
fact behind every other fact and preference, however weakly they matched: on the probing dev
set "咖啡我戒了，心慌得厉害，现在改喝家里带来的毛峰" went out of the 1,000-token context of
"我最近都喝啥？", and the turns yielding to it with it.
"""

from __future__ import annotations

from pathlib import Path

from hybridmem import HybridMemory
from hybridmem.core.evolution_marks import said_in_passing
from hybridmem.models import Hit, MemoryNode, ScoreBreakdown
from hybridmem.privacy import PrivacyConfig, generate_key
from hybridmem.retrieval.groups import assertions_first

U = "u1"
KINDS = ("fact", "preference")


def _hit(node: MemoryNode, score: float) -> Hit:
    return Hit(node, score, ScoreBreakdown({"lexical": 0.0}, {}, score, 1.0, ()))


def test_a_change_said_with_feeling_is_not_said_in_passing(mem: HybridMemory) -> None:
    change = mem.add("车卖了，现在骑自行车去公司，堵车太烦了", node_type="fact", user_id=U)
    mood = mem.add("今天气死我了，夜班简直一团糟", node_type="fact", user_id=U)
    assert change.marks["speech_act"] == mood.marks["speech_act"] == "emotion"
    assert "committed_clause" in change.metadata
    assert not said_in_passing(change)
    assert said_in_passing(mood)  # a mood with no change of the speaker's own still is


def test_a_change_said_with_feeling_keeps_its_rank_above_weaker_facts(mem: HybridMemory) -> None:
    change = mem.add("车卖了，现在骑自行车去公司，堵车太烦了", node_type="fact", user_id=U)
    other = mem.add("我在一所初中教数学", node_type="fact", user_id=U)
    note = mem.add("周末去爬了紫金山", node_type="event", user_id=U)
    hits = [_hit(change, 0.40), _hit(note, 0.30), _hit(other, 0.08)]
    # e5's raw similarities: every line of one user's chat sits near every query.
    cosine = {change.id: 0.86, note.id: 0.85, other.id: 0.84}
    out = [h.node.id for h in assertions_first(hits, None, 0.5, KINDS, cosine)]
    assert out == [change.id, note.id, other.id]


def test_another_persons_taste_is_not_said_in_passing(mem: HybridMemory) -> None:
    # The writer keeps it as a fact about him (讨厌: his lasting taste, not the speaker's mood);
    # retrieval read the recorded emotion alone and moved it behind every other fact.
    taste = mem.add("我老板特别讨厌迟到", node_type="fact", user_id=U)
    mood = mem.add("今天气死我了，夜班简直一团糟", node_type="fact", user_id=U)
    assert taste.marks["speech_act"] == mood.marks["speech_act"] == "emotion"
    assert taste.marks.get("kept_standing") is True
    assert not said_in_passing(taste)
    assert said_in_passing(mood)


def test_a_sealed_change_said_with_feeling_is_not_said_in_passing(tmp_path: Path) -> None:
    # A sealed change keeps no clause in clear, so only the writer's mark says it is standing.
    privacy = PrivacyConfig(key=generate_key())
    with HybridMemory(tmp_path / "m", embedder="hash", privacy=privacy) as sealed:
        change = sealed.add(
            "车卖了，现在骑自行车去公司，堵车太烦了", node_type="fact", user_id=U, sensitive=True
        )
        assert "committed_clause" not in change.metadata
        assert not said_in_passing(change)
        assert not said_in_passing(sealed.get(change.id, user_id=U))  # as stored, read back
