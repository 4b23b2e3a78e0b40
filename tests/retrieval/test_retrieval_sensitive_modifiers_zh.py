"""A word a sealed Chinese memory holds only as a modifier of its subject's head is not what it is
about (issue 38, helper sealzh24).

multilingual-e5 showed "茶厂仓库那把锁的密码是5063。" for "那几麻袋化肥帮我扛到仓库去？" (carry
the fertiliser sacks to the storeroom; benchmarks/first_day_twentyfirst.py): the storeroom only
says which lock's code the memory holds. Questions about the code, naming the storeroom as the
lock's too, keep finding it.
"""

from __future__ import annotations

from pathlib import Path

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.lexical import stemmed_terms
from hybridmem.retrieval.modifiers_zh import memory_modifiers, only_modifies
from hybridmem.retrieval.sensitive import withheld
from tests.sealed_nodes import household, sealed_nodes, sealed_shown

ORDINARY = [
    "我在安溪种茶，春秋两季自己炒铁观音。",
    "我老婆在镇上开了家快递代收点。",
    "我得了痛风，脚趾头肿过好几回，医生让我忌口。",
    "每周四晚上我在村委会值班。",
    "家里养了一只八哥，会学人说你好。",
    "我肩膀有老伤，扛不了重的。",
    "我怕黑，晚上出门一定要有人陪着。",
    "我在学拉二胡，打算过年在村晚上表演。",
]
CODE = "茶厂仓库那把锁的密码是5063。"
SEALED = ["我年轻时从深圳偷渡去香港，被抓回来关过。", "我欠了网贷十几万，家里没人知道。", CODE]
CARRY = "那几麻袋化肥帮我扛到仓库去？"


def test_carrying_sacks_to_the_storeroom_shows_no_sealed_lock_code(
    tmp_path: Path, clock: FakeClock, e5: MultilingualE5Embedder
) -> None:
    with household(tmp_path / "m", e5, clock, ORDINARY, SEALED) as mem:
        texts, shown = sealed_shown(mem, CARRY, SEALED)
        assert shown == [], texts
        assert any("肩膀" in t for t in texts)  # what the user needs to hear: the bad shoulder


def test_questions_about_the_lock_code_still_find_it(
    tmp_path: Path, clock: FakeClock, e5: MultilingualE5Embedder
) -> None:
    with household(tmp_path / "m", e5, clock, ORDINARY, SEALED) as mem:
        for question in ("仓库那把密码锁是多少？", "茶厂仓库的锁密码多少？"):
            texts, shown = sealed_shown(mem, question, SEALED)
            assert texts and "5063" in texts[0], question
            assert shown == [CODE], question


def test_the_modifier_decides_on_made_up_cosines(tmp_path: Path, clock: FakeClock) -> None:
    """The rule alone: the sealed memory ahead of an ordinary one is withheld when the question
    uses its modifier as the place of its own act; admitted when the question names the head, or
    holds the shared word in a modifier position (a compound's first word included)."""
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock) as mem:
        stored = mem.add("lunch with the team at noon", user_id="u1")

    def judged(sealed: str, question: str) -> set[str]:
        nodes = sealed_nodes(stored, s=sealed, o=ORDINARY[5])
        return withheld(nodes, {"s": 0.9, "o": 0.1}, question)

    assert judged(CODE, CARRY) == {"s"}
    assert judged(CODE, "仓库那把密码锁是多少？") == set()
    assert judged(CODE, "仓库在哪？") == set()  # nothing else asked
    card = "我的身份证号码是420503199807120026。"
    assert judged(card, "我的身份证号？") == set()


def test_memory_modifiers_read_the_subject_before_its_copula() -> None:
    modifiers, own = memory_modifiers(CODE)
    assert modifiers == {"茶厂", "仓库", "锁"}
    assert {"密码", "5063"} <= own
    # No copula, no subject to read: nothing is only a modifier.
    assert memory_modifiers("我把存折藏在仓库的米缸里。")[0] == frozenset()
    assert not only_modifies("仓库那把密码锁是多少？", stemmed_terms(CODE), CODE)
