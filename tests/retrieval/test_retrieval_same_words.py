"""Two memories holding the same words of a question are not told apart by those words
(issue 38, first-day questions; :mod:`hybridmem.retrieval.same_words`). Real SQLite and Chroma
in tmp_path, a fake clock.

BM25's length and repetition terms gave the shorter of two memories sharing one word the whole
lexical weight and the longer one about two thirds of it, and that decided the first answer:
"我平时怎么去公司？" got the job at a games company, not the e-bike ride to the company;
"我儿子做什么工作？" got the son who buys the groceries, not the son who is a lawyer. The
meaning-dependent cases run with multilingual-e5 (the default model); the rule itself with the
hash embedder."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import HashEmbedder, MultilingualE5Embedder
from tests.fact_stories import U, first_after_facts

ZH_FACTS = (
    "我叫陈浩，今年三十八岁。",
    "我老婆是儿科护士。",
    "我在一家游戏公司做产品经理。",
    "我每天骑电动车去公司，大概二十分钟。",
    "我喜欢周末去爬山。",
)


def test_the_way_to_the_company_not_the_company_one_works_for(
    tmp_path: Path, e5: MultilingualE5Embedder
) -> None:
    first = first_after_facts(tmp_path / "m", e5, ZH_FACTS, "我平时怎么去公司？")
    assert first == "我每天骑电动车去公司，大概二十分钟。"


SON_FACTS = (
    "我退休前在纺织厂当会计。",
    "我儿子在上海当律师，孙子今年上一年级。",
    "我老伴儿每天早上去公园打太极拳。",
    "家里养了一缸金鱼。",
    "我不去菜市场了，现在都是儿子在网上给我买菜。",
)


def test_the_sons_job_not_another_memory_naming_the_son(
    tmp_path: Path, e5: MultilingualE5Embedder
) -> None:
    first = first_after_facts(tmp_path / "m", e5, SON_FACTS, "我儿子做什么工作？")
    assert first == "我儿子在上海当律师，孙子今年上一年级。"


def test_memories_holding_the_same_question_word_get_the_same_lexical_part(
    tmp_path: Path,
) -> None:
    """The rule, by the breakdown: a short and a long memory holding only "garden" of the
    question get the same lexical feature; one holding two of its words gets more."""
    clock = FakeClock(datetime(2025, 3, 3, 8, 30, tzinfo=UTC))
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(), clock=clock) as mem:
        short = mem.add("The garden is small.", node_type="fact", user_id=U)
        long = mem.add(
            "Every spring my neighbour helps me dig over the garden beds behind the shed.",
            node_type="fact",
            user_id=U,
        )
        both = mem.add("The garden gate is painted green.", node_type="fact", user_id=U)
        result = mem.retrieve("What colour is the garden gate?", user_id=U, record_access=False)
        lexical = {h.node.id: h.breakdown.features["lexical"] for h in result.hits}
    assert lexical[short.id] == lexical[long.id] > 0
    assert lexical[both.id] > lexical[short.id]
