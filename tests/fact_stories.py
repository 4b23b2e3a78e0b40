"""A user's facts told a few minutes apart, then one question: the first hit's text.

Shared by the retrieval tests of how a question picks among the user's own facts (the same
words, another clause's attribute), and by the newer-value tests (:func:`said_apart_order`,
:func:`said_weekly_order`: values said weeks apart, the order a question puts them in).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path

from hybridmem import FakeClock, HybridMemory, MemoryConfig
from hybridmem.embedding import Embedder
from hybridmem.models import MemoryNode

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


def said_apart_order(
    path: Path,
    embedder: Embedder,
    said: tuple[str, ...],
    query: str,
    fillers: Callable[[str], Sequence[str]],
    config: MemoryConfig | None = None,
) -> list[int]:
    """Write ``said`` 20 days apart, ``fillers(text)`` after each (remarks on other things),
    and ask ``query`` 3 days after the last: the top 3 hits as indexes into ``said`` (-1:
    anything else). Nothing said may be archived (the order is the question's reading, not
    maintenance's). The newer-value tests' story."""
    clock = FakeClock(datetime(2025, 3, 1, 9, tzinfo=UTC))
    with HybridMemory(path, embedder=embedder, clock=clock, config=config or MemoryConfig()) as mem:
        ids = []
        for text in said:
            ids.append(mem.add(text, node_type="fact", user_id=U).id)
            clock.advance(days=20)
            for filler in fillers(text):
                mem.add(filler, user_id=U)
        clock.advance(days=3)
        hits = mem.retrieve(query, user_id=U, top_k=3).hits
        for node_id in ids:
            assert mem.get(node_id, user_id=U).status == "active"  # nothing archived
        return [ids.index(h.node.id) if h.node.id in ids else -1 for h in hits]


def _said_among(
    mem: HybridMemory, clock: FakeClock, said: Sequence[str], filler: Sequence[str], days: int
) -> list[str]:
    """Write each of ``said`` as the user's fact, each followed by ``filler`` ``days`` apart:
    the ids of ``said``'s nodes."""
    ids = []
    for text in said:
        ids.append(mem.add(text, node_type="fact", user_id=U).id)
        for line in filler:
            clock.advance(days=days)
            mem.add(line, user_id=U)
    return ids


def said_weekly_order(
    path: Path, embedder: Embedder, said: tuple[str, ...], query: str, filler: Sequence[str]
) -> list[int]:
    """Write ``said``, each followed by ``filler`` a week apart, and ask ``query`` two days
    after: the positions of ``said``'s statements among the top 3 hits, in rank order (other
    hits left out). The query-time newer-first steps' story (a reading patched around it)."""
    clock = FakeClock(datetime(2025, 3, 1, 9, tzinfo=UTC))
    with HybridMemory(path, embedder=embedder, clock=clock) as mem:
        ids = _said_among(mem, clock, said, filler, days=7)
        clock.advance(days=2)
        hits = mem.retrieve(query, user_id=U, top_k=3).hits
    return [ids.index(h.node.id) for h in hits if h.node.id in ids]


def remark_beside_value(
    path: Path, embedder: Embedder, said: tuple[str, str], filler: Sequence[str], query: str
) -> tuple[MemoryNode, MemoryNode, int]:
    """The user's value, then a remark about it (``said``), each followed by ``filler`` ten
    days apart, and ``query`` asked three days after: the value and the remark as stored, and
    the first hit as an index into ``said`` (-1: anything else). The remark readings' story."""
    clock = FakeClock(datetime(2025, 3, 1, 9, tzinfo=UTC))
    with HybridMemory(path, embedder=embedder, clock=clock) as mem:
        ids = _said_among(mem, clock, said, filler, days=10)
        clock.advance(days=3)
        value, remark = (mem.get(i, user_id=U) for i in ids)
        first = mem.retrieve(query, user_id=U, top_k=3).hits[0].node.id
        return value, remark, ids.index(first) if first in ids else -1
