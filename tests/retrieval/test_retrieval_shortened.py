"""A memory too long for what is left of the token budget is printed as its sentences that
match the question (and their neighbours when they fit), not skipped (issue 38: LoCoMo
evidence ranked above the last packed hit but lost for its length).

Real SQLite and Chroma in tmp_path, the e5 model, time injected; English and Chinese. The
hit keeps its whole memory, the context marks what was left out, and a memory that fits
whole is printed whole.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import Embedder
from hybridmem.retrieval.shortened import ELISION, shortener

U = "u1"


@dataclass(frozen=True)
class Case:
    long: str
    answer: str
    """The sentence the question needs, said in the long memory."""
    aside: str
    """A sentence of the long memory far from the question's words."""
    short: list[str]
    question: str


EN = Case(
    long=(
        "Caroline: I went to the beach last weekend with my cousins. The weather was awful at "
        "first, so we sat in a cafe for hours and played cards and drank far too much coffee. "
        "Then the sun came out and we swam until the lifeguards went home. My cousin Priya "
        "finally told me she adopted a greyhound named Biscuit. We laughed all evening about "
        "the cafe owner's parrot, who kept shouting the football scores at everyone. It was a "
        "long and tiring but lovely day, and I slept for ten hours when I got back."
    ),
    answer="My cousin Priya finally told me she adopted a greyhound named Biscuit.",
    aside="The weather was awful",
    short=[
        "Caroline: Priya's greyhound loves the park.",
        "Caroline: I bought new running shoes.",
        "Caroline: My sister moved to Leeds.",
    ],
    question="What is the name of the greyhound Priya adopted?",
)
ZH = Case(
    long=(
        "小红：上周末我和表姐们去了海边。一开始天气很差，我们在咖啡馆里坐了好几个小时，打牌、喝了太多咖啡。"
        "后来太阳出来了，我们一直游泳到救生员下班。表姐小丽终于告诉我她领养了一只叫饼干的灰狗。"
        "咖啡馆老板的鹦鹉一直对着大家喊足球比分，我们笑了一晚上。那天又长又累，但很开心，我回家后睡了十个小时。"
    ),
    answer="表姐小丽终于告诉我她领养了一只叫饼干的灰狗。",
    aside="天气很差",
    short=["小红：小丽的灰狗很喜欢公园。", "小红：我买了新跑鞋。", "小红：我妹妹搬到了成都。"],
    question="小丽领养的灰狗叫什么名字？",
)


def _store(tmp_path: Path, e5: Embedder, case: Case) -> tuple[HybridMemory, str]:
    mem = HybridMemory(tmp_path / "m", embedder=e5, clock=FakeClock())
    long = mem.add(case.long, user_id=U)
    for text in case.short:
        mem.add(text, user_id=U)
    return mem, long.id


@pytest.mark.parametrize("case", [EN, ZH], ids=["en", "zh"])
def test_a_memory_too_long_for_the_budget_is_printed_as_its_matching_sentences(
    tmp_path: Path, e5: Embedder, case: Case
) -> None:
    mem, long_id = _store(tmp_path, e5, case)
    with mem:
        whole = mem.retrieve(case.question, user_id=U, record_access=False)
        assert whole.hits[0].node.id == long_id  # the best match, printed whole with no budget
        assert ELISION not in whole.context
        budget = whole.tokens * 2 // 3  # the long memory alone no longer fits
        r = mem.retrieve(case.question, user_id=U, token_budget=budget, record_access=False)
    assert r.tokens <= budget
    packed = {h.node.id: h.node for h in r.hits}
    assert long_id in packed  # skipped before: its answer was not in the context at all
    assert packed[long_id].content == case.long  # the hit keeps its whole memory
    assert case.answer in r.context
    assert case.aside not in r.context
    assert ELISION in r.context  # the context says words were left out
    assert r.shortened == [long_id] and r.to_dict()["shortened"] == [long_id]  # and names it
    assert whole.shortened == []
    # Every other packed memory is printed whole, as before.
    assert all(h.node.content in r.context for h in r.hits if h.node.id != long_id)


def test_the_matching_sentence_keeps_its_neighbours_when_they_fit(
    tmp_path: Path, e5: Embedder
) -> None:
    from hybridmem.models import MemoryNode

    mem, long_id = _store(tmp_path, e5, EN)
    with mem:
        node = mem.get(long_id)
    assert isinstance(node, MemoryNode)
    wider, narrow = shortener(EN.question)(node)
    assert "Then the sun came out" in wider and "We laughed all evening" in wider
    assert narrow == f"Caroline: {ELISION} {EN.answer} {ELISION}"
    assert shortener(EN.question, widest=0)(node) == [narrow]
    # A memory with no sentence sharing a word with the question has no shorter print.
    assert shortener("When does the library open?")(node) == []
