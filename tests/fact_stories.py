"""A user's facts told a few minutes apart, then one question: the first hit's text.

Shared by the retrieval tests of how a question picks among the user's own facts (the same
words, another clause's attribute).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

from hybridmem import FakeClock, HybridMemory, MemoryConfig
from hybridmem.embedding import Embedder

U = "u"


def first_after_facts(path: Path, embedder: Embedder, facts: tuple[str, ...], query: str) -> str:
    """The text of the first hit for ``query`` in a store at ``path`` holding ``facts``."""
    clock = FakeClock(datetime(2025, 3, 3, 8, 30, tzinfo=UTC))
    with HybridMemory(path, embedder=embedder, clock=clock) as mem:
        for text in facts:
            mem.add(text, node_type="fact", user_id=U)
            clock.advance(minutes=3)
        result = mem.retrieve(query, user_id=U, record_access=False)
        return result.hits[0].node.content


# The user's other standing facts, told before the value under test, in both languages: a
# question must pick its value among them (the newer-value tests).
OTHER_FACTS: dict[str, tuple[str, ...]] = {
    "en": (
        "I work as a dental hygienist in Derby.",
        "My son Callum plays rugby for the under-12s.",
        "I'm allergic to penicillin.",
        "We've got a border collie called Skye.",
        "I do Pilates on Thursday evenings.",
    ),
    "zh": (
        "我在杭州一家医院当药剂师。",
        "我儿子在上初二。",
        "我对青霉素过敏。",
        "我家养了只柯基叫豆豆。",
        "我每周四晚上去练瑜伽。",
    ),
}


def ranked_after_others(
    path: Path, embedder: Embedder, said: tuple[str, ...], query: str
) -> list[str]:
    """The user's other facts (:data:`OTHER_FACTS` of ``said``'s language), then ``said`` two
    weeks apart; the texts of ``query``'s first five hits, in order."""
    clock = FakeClock(datetime(2025, 3, 1, 9, tzinfo=UTC))
    lang = "zh" if re.search(r"[\u4e00-\u9fff]", said[0]) else "en"
    with HybridMemory(path, embedder=embedder, clock=clock, config=MemoryConfig()) as mem:
        for text in OTHER_FACTS[lang]:
            mem.add(text, node_type="fact", user_id=U)
            clock.advance(hours=1)
        for text in said:
            mem.add(text, node_type="fact", user_id=U)
            clock.advance(days=14)
        return [h.node.content for h in mem.retrieve(query, user_id=U, top_k=5).hits]
