"""An unfolded turn of a compressed session counts as a turn of its session (issue 32).

Retrieval unfolds the archived turns of a live summary. The session evidence feature
(``parent``: a turn whose session holds strong matches is lifted) is given to conversation
turns only, decided before unfolding; an unfolded turn must get it as the live turn did, or a
compressed conversation answers worse than the same conversation before maintenance (LoCoMo
conv-26, frac at 1,000 tokens: 0.713 without, 0.847 with). Real SQLite and Chroma in
tmp_path, the hash embedder, time injected.
"""

from __future__ import annotations

from hybridmem import FakeClock, HybridMemory

U = "u1"


def test_an_unfolded_turn_gets_the_session_evidence(mem: HybridMemory, clock: FakeClock):
    chat = mem.add("Chat with Caroline", node_type="task", user_id=U)
    session = mem.add("Session 1", node_type="session", parent_id=chat.id, user_id=U)
    turns = [
        mem.add(text, parent_id=session.id, user_id=U, activate=False)
        for text in (
            "Caroline: I went to the pottery class on Saturday",
            "Mel: what did you make at the pottery class?",
            "Caroline: a blue bowl for my mother",
            "Mel: lovely, she will like it",
            "Caroline: the teacher says I should glaze it twice",
            "Mel: see you at the pottery market then",
        )
    ]
    live = mem.retrieve("pottery class bowl", user_id=U, task_id=chat.id, top_k=20)
    parent_live = {h.node.id: h.breakdown.features["parent"] for h in live.hits}
    assert max(parent_live.values()) > 0
    mem.add("Plan the trip", node_type="task", user_id=U)  # work moved on
    clock.advance(days=mem.config.evolution.compress_idle_days + 1)
    mem.maintain(user_id=U)
    assert all(mem.get(t.id).status == "archived" for t in turns)
    res = mem.retrieve(
        "pottery class bowl", user_id=U, task_id=chat.id, top_k=20, record_access=False
    )
    unfolded = [h for h in res.hits if h.node.status == "archived"]
    assert unfolded, "the archived turns are found through the summary"
    assert any(h.breakdown.features["parent"] > 0 for h in unfolded)
