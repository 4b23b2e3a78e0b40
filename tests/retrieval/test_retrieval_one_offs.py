"""A remark said in passing yields to the user's standing statement (issue 38): with priors
counted at the node's own relevance, the least similar candidate of a small store scores 0, so
"half of the remark's score" was a bar no fact could clear; the comparison is on the raw
similarity now, where 0 means unrelated."""

from __future__ import annotations

from datetime import UTC, datetime

from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import MultilingualE5Embedder


def test_a_one_off_question_does_not_answer_the_question_about_the_user(tmp_path) -> None:
    clock = FakeClock(datetime(2025, 6, 2, 9, 0, tzinfo=UTC))
    with HybridMemory(tmp_path / "m", embedder=MultilingualE5Embedder(), clock=clock) as mem:
        fact = mem.add("I teach maths at a secondary school.", node_type="fact", user_id="u")
        for text in (
            "Asked for a summary of yesterday's news.",
            "Wants reminders 15 minutes before calls.",
            "What would it take to become a data analyst?",
            "Maybe I should try triathlon one day?",
        ):
            clock.advance(days=3)
            mem.add(text, user_id="u", activate=False)
        clock.advance(days=1)
        res = mem.retrieve("What is the user's job?", user_id="u", top_k=5)
        ids = [h.node.id for h in res.hits]
        remarks = [h.node.id for h in res.hits if h.node.content.endswith("?")]
        # Before: the data-analyst question first (0.189), the fact fourth (0.000).
        assert len(remarks) == 2
        assert all(ids.index(fact.id) < ids.index(r) for r in remarks)
        # Asked about what the remark says, it is still found first.
        res = mem.retrieve("What did the user ask about becoming a data analyst?", user_id="u")
        assert "data analyst" in res.hits[0].node.content
