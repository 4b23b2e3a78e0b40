"""A word a sealed Chinese memory holds only inside a negation's scope is not what it is about
(issue 38, helper sensitive25).

multilingual-e5 showed "我去年骑车撞了一个老人，私了赔了三万，没报警也没走保险。" for
"电动车出了小事故怎么报保险？" and "医院查出来我是弱精症，一直怀不上二胎，…" for
"生二胎有什么补贴？" (benchmarks/sensitive_blind6.py): each memory names the word only to deny
it. Questions about the memory's own matter, or about the denial itself, keep finding it.
"""

from __future__ import annotations

from pathlib import Path

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.lexical import stemmed_terms
from hybridmem.retrieval.negated_zh import only_negated
from hybridmem.retrieval.sensitive import withheld
from tests.sealed_nodes import household, sealed_nodes, sealed_shown

ORDINARY = [
    "我叫郭晓峰，在青岛送外卖。",
    "我老婆刘梅在超市当收银员。",
    "儿子郭小宇今年五岁，在上幼儿园。",
    "我骑一辆黄色的电动车跑单。",
    "我爸妈在临沂老家种地。",
    "我对海鲜过敏。",
]
ACCIDENT = "我去年骑车撞了一个老人，私了赔了三万，没报警也没走保险。"
CHILD = "医院查出来我是弱精症，一直怀不上二胎，刘梅还以为是她的问题。"
SEALED = [ACCIDENT, CHILD, "我偷偷给我弟还了十二万的赌债，刘梅不知道。"]
CLAIM = "电动车出了小事故怎么报保险？"


def test_asking_how_to_claim_on_insurance_shows_no_sealed_accident(
    tmp_path: Path, clock: FakeClock, e5: MultilingualE5Embedder
) -> None:
    with household(tmp_path / "m", e5, clock, ORDINARY, SEALED) as mem:
        texts, shown = sealed_shown(mem, CLAIM, SEALED)
        assert shown == [], texts
        assert any("电动车" in t for t in texts)  # the user's own e-bike
        texts, shown = sealed_shown(mem, "生二胎有什么补贴？", SEALED)
        assert shown == [], texts


def test_the_negation_decides_on_made_up_cosines(tmp_path: Path, clock: FakeClock) -> None:
    """The rule alone: the sealed memory ahead of an ordinary one is withheld when every word the
    question shares stands in its negation; admitted when the question names a word outside
    it, negates too, or asks for a kind of private matter."""
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock) as mem:
        stored = mem.add("lunch with the team at noon", user_id="u1")

    def judged(sealed: str, question: str) -> set[str]:
        nodes = sealed_nodes(stored, s=sealed, o=ORDINARY[5])
        return withheld(nodes, {"s": 0.9, "o": 0.1}, question)

    assert judged(ACCIDENT, CLAIM) == {"s"}
    assert judged(CHILD, "生二胎有什么补贴？") == {"s"}
    assert judged(ACCIDENT, "撞了老人那回走保险了吗？") == set()  # 撞, 老人 are stated
    assert judged(ACCIDENT, "那次事故我是不是没走保险？") == set()  # asks about the denial
    hidden = "我查出了乙肝，一直没敢跟家里讲。"
    assert judged(hidden, "我身体有啥毛病瞒着家里？") == set()  # asks for a health matter


def test_a_word_before_the_negator_is_stated() -> None:
    debt = SEALED[2]
    words = stemmed_terms(debt)
    assert not only_negated("刘梅几点下班？", words, debt)  # 刘梅 stands before 不知道
    assert only_negated("生二胎有什么补贴？", stemmed_terms(CHILD), CHILD)
    assert not only_negated("What insurance do I need?", stemmed_terms(ACCIDENT), ACCIDENT)
