"""A Chinese compound's head, not the head alone, is the unit a question shares with a sealed
memory (issue 38, helper sensitive22): a noun compound whose modifier the memory lacks names
another thing of the head's name (买二手房*过户*要多久？), and a 哪-phrase asks which of its
head's things, which a memory holding the head alone does not say (林琳在*哪个学校*教书？).

multilingual-e5 showed "老伴留下的那套房子，我偷偷过户给了小儿子…" for 买二手房过户要多久？
(benchmarks/sensitive_blind4.py) and "林琳怀孕两个月了，还没跟学校说。" for 林琳在哪个学校教书？
(benchmarks/sensitive_blind2.py). Questions about the memories keep finding them, among them
one whose compound the memory holds (身份证号码 of 身份证号) and one whose 哪-phrase it answers
(哪家银行 of 建设银行).
"""

from __future__ import annotations

from pathlib import Path

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.retrieval.compounds_zh import noun_runs, unanswered_which
from hybridmem.retrieval.sensitive import withheld
from tests.sealed_nodes import household, sealed_nodes, sealed_shown

ORDINARY = [
    "我叫马秀兰，退休前在哈尔滨一家纺织厂当会计。",
    "老伴三年前去世了。",
    "我的朋友林琳在一所中学教数学。",
    "我每天早上去公园跳广场舞。",
]
SEALED = [
    "老伴留下的那套房子，我偷偷过户给了小儿子，大儿子不知道。",
    "林琳怀孕两个月了，还没跟学校说。",
]
NEAR = ("买二手房过户要多久？", "林琳在哪个学校教书？")


def test_questions_about_another_thing_of_the_shared_head_show_no_sealed_memory(
    tmp_path: Path, clock: FakeClock, e5: MultilingualE5Embedder
) -> None:
    with household(tmp_path / "m", e5, clock, ORDINARY, SEALED) as mem:
        for question in NEAR:
            assert sealed_shown(mem, question, SEALED)[1] == [], question


def test_questions_about_the_sealed_memories_still_find_them(
    tmp_path: Path, clock: FakeClock, e5: MultilingualE5Embedder
) -> None:
    with household(tmp_path / "m", e5, clock, ORDINARY, SEALED) as mem:
        for question, marker in (
            ("老伴的房子我过户给谁了？", "过户"),
            ("林琳怀孕跟学校说了吗？", "怀孕"),
        ):
            texts, shown = sealed_shown(mem, question, SEALED)
            assert texts and marker in texts[0], question
            assert len(shown) == 1, question


def test_the_compound_and_the_which_phrase_decide_on_made_up_cosines(
    tmp_path: Path, clock: FakeClock
) -> None:
    """The rule alone: a sealed memory ahead of the ordinary one and sharing a word of its own
    is withheld when the word is the head of a compound whose modifier the memory lacks, or
    the head of a 哪-phrase the memory holds alone; admitted when the memory holds the
    compound's modifier or says which."""
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock) as mem:
        stored = mem.add("lunch with the team at noon", user_id="u1")

    def judged(sealed: str, question: str) -> set[str]:
        nodes = sealed_nodes(stored, s=sealed, o=ORDINARY[3])
        return withheld(nodes, {"s": 0.9, "o": 0.1}, question)

    house, pregnant = SEALED
    assert judged(house, NEAR[0]) == {"s"}
    assert judged(pregnant, NEAR[1]) == {"s"}
    identity = "我的身份证号是440106199203154321。"
    assert judged(identity, "我的身份证号码是多少？") == set()
    savings = "我的存款都在建设银行的定期存单上，一共四十万。"
    assert judged(savings, "我的存款在哪家银行？") == set()
    assert judged(pregnant, "林琳怀孕跟学校说了吗？") == set()
    assert judged(house, "那套房子过户给谁了？") == set()


def test_noun_runs_and_which_phrases() -> None:
    assert noun_runs("买二手房过户要多久？") == [(["过户"], ["二手房"], False)]
    assert noun_runs("我是不是我爸妈亲生的？") == []  # before 的: a modifier or a clause
    assert noun_runs("小美的老公怎么了？") == []  # a name is a possessor, not a modifier
    memory = "林琳怀孕两个月了，还没跟学校说。"
    terms = ["林琳", "怀孕", "学校"]
    assert unanswered_which("林琳在哪个学校教书？", terms, memory, bool) == "教书"
    bank = "我的存款都在建设银行的定期存单上。"
    assert (
        unanswered_which("我在哪家银行开的户？", ["存款", "建设银行", "银行"], bank, bool) is None
    )
