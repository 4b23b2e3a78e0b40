"""A store whose terms were cut by an older lexical analysis is re-cut when a writer opens it.

Terms are derived when a node is written. After an upgrade that changes the cut (the stop
words, the Chinese segmentation), the memories written before it would be matched by the old
cut and the new ones by the new: a query cut the new way would miss the old memories. Each
store records the analysis its terms were cut with (``meta['lexical_analysis']``); an open by a
writer that finds another one re-derives every plaintext node's terms once. Both backends: a
SQLite file, and a real PostgreSQL with the Chroma server.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

import pytest

from hybridmem import HashEmbedder, HybridMemory, lexical
from hybridmem.opening import LEXICAL_META
from hybridmem.store import Scope
from hybridmem.testing.checks import consistency

U = "u1"
LINES = [
    "the budget meeting moved to Friday",
    "我们明天在咖啡馆开会讨论预算",
    "a note about nothing",
]


@pytest.fixture(params=["sqlite", "postgres"])
def opener(request, tmp_path, clock) -> Callable[[], HybridMemory]:
    """Opens the same store again and again (a new process each time, as after an upgrade)."""
    if request.param == "sqlite":
        return lambda: HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock)
    pg_url = request.getfixturevalue("pg_url")
    chroma: Any = request.getfixturevalue("chroma_srv")
    collection = f"t-{uuid.uuid4().hex[:12]}"
    return lambda: HybridMemory(
        pg_url, embedder=HashEmbedder(64), clock=clock, chroma=chroma, collection=collection
    )


def _matches(mem: HybridMemory, task_id: str, query: str) -> list[str]:
    match = lexical.match_expression(query)
    assert match is not None
    scope = Scope(U, task_id, task_ids=(task_id,))
    hits = mem.store.lexical_search(match, scope, ["active"], 10)
    return [mem.get(node_id).content for node_id, _ in hits]


def test_an_older_cut_is_recut_on_the_next_open(opener):
    with opener() as mem:
        assert mem.store.get_meta(LEXICAL_META) == lexical.ANALYSIS  # a new store records it
        task = mem.add("plan the week", node_type="task", user_id=U)
        for line in LINES:
            mem.add(line, parent_id=task.id, user_id=U)
        assert _matches(mem, task.id, "budget") == [LINES[0]]
        # As a store written by an older release looks: its terms cut another way (here,
        # every term spelt otherwise: no query term matches), stamped with another analysis.
        mem.store.rewrite_terms(
            lambda text: " ".join(f"old{t}" for t in lexical.document_terms(text).split())
        )
        mem.store.set_meta(LEXICAL_META, "0")
        assert _matches(mem, task.id, "budget") == []
    with opener() as mem:
        assert mem.store.get_meta(LEXICAL_META) == lexical.ANALYSIS
        assert _matches(mem, task.id, "budget") == [LINES[0]]
        assert _matches(mem, task.id, "咖啡馆 预算") == [LINES[1]]
        assert consistency(mem).ok  # the statistics were counted out and back in


def test_a_store_on_the_current_cut_is_not_rewritten(opener, monkeypatch):
    with opener() as mem:
        task = mem.add("plan the week", node_type="task", user_id=U)
        mem.add(LINES[0], parent_id=task.id, user_id=U)
    calls: list[int] = []
    with opener() as mem:
        original = type(mem.store).rewrite_terms
        monkeypatch.setattr(
            type(mem.store), "rewrite_terms", lambda *a: calls.append(1) or original(*a)
        )
    with opener() as mem:
        assert _matches(mem, task.id, "budget") == [LINES[0]]
    assert calls == []
