"""A question whose words name a sealed memory brings that one only: no second sealed memory
rides along on the similarity alone (hybridmem/retrieval/sensitive.py, issue 38). Real SQLite
and Chroma in tmp_path, a fake clock.

Of the sealed memories admitted on similarity alone (one in another script, or one of the kind
asked for that names none of the question's words) only the closest passes. That count left
out the memory the question does name: "我做过什么手术？" shares 手术 with a sealed operation,
which was admitted on its word, and asks for a health matter, so a sealed drug past of unknown
kind, ahead of every ordinary memory with multilingual-e5, was admitted by kind beside it
(benchmarks/first_day_ninth.py, zh A). The rule with made-up similarities in both languages;
the leak with the real model."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.models import MemoryNode
from hybridmem.privacy import PrivacyConfig, generate_key
from hybridmem.retrieval.sensitive import withheld
from tests.sealed_nodes import sealed_nodes


def test_by_kind_no_second_one_beside_the_one_named_zh(lunch: MemoryNode) -> None:
    nodes = sealed_nodes(
        lunch,
        a="我烟已经戒了三年了。",
        s1="我去年做了痔疮手术，谁都没说。",
        s2="我年轻时吸过毒，进过戒毒所。",
    )
    # Both sealed ones are ahead of the ordinary memory; the drug past is even the closer.
    cosine = {"a": 0.80, "s1": 0.84, "s2": 0.86}
    assert withheld(nodes, cosine, "我做过什么手术？") == {"s2"}
    # Asked by the kind alone, naming neither, one still passes: the one stated as the kind.
    assert withheld(nodes, cosine, "我有什么病？") == {"s2"}


def test_by_kind_no_second_one_beside_the_one_named_en(lunch: MemoryNode) -> None:
    nodes = sealed_nodes(
        lunch,
        a="I swim at the leisure centre before breakfast.",
        s1="I had surgery on my piles last year and told nobody.",
        s2="I was in rehab for heroin when I was young.",
    )
    cosine = {"a": 0.30, "s1": 0.40, "s2": 0.45}
    assert withheld(nodes, cosine, "What surgery have I had?") == {"s2"}
    assert withheld(nodes, cosine, "What illness do I have?") == {"s2"}


def test_no_memory_of_another_script_beside_the_one_named(lunch: MemoryNode) -> None:
    nodes = sealed_nodes(
        lunch,
        a="I swim at the leisure centre before breakfast.",
        s1="The PIN for my staff pass is 2958.",
        s2="我年轻时吸过毒，进过戒毒所。",
    )
    cosine = {"a": 0.30, "s1": 0.40, "s2": 0.45}
    # The English question names the PIN by its words; the Chinese memory shares no script
    # with it and was the closest: similarity alone admits nothing beside a named one.
    assert withheld(nodes, cosine, "What's the PIN on my staff pass?") == {"s2"}
    # Asked in the other language, naming no word of it, the PIN is still admitted alone.
    assert withheld(nodes, cosine, "我员工卡的密码是多少？") == {"s2"}


FACTS = (
    "我在贵阳一家驾校当教练，专门教科目二。",
    "我老婆在步行街开了个小店卖衣服。",
    "我儿子今年六岁，刚上一年级。",
    "我上下班都开驾校那辆教练车。",
    "我酒精过敏，一喝就起疹子。",
    "我家有条金毛，叫旺财。",
    "我妹在遵义当幼儿园老师。",
    "我周末爱去水库钓鱼。",
    "我烟已经戒了三年了。",
    "我打麻将一般在楼下的茶馆。",
)
SEALED = (
    "我年轻时吸过毒，进过戒毒所。",
    "我去年做了痔疮手术，谁都没说。",
    "家里防盗门的密码是907134。",
)


def test_asked_about_the_operation_only_the_operation_comes(
    tmp_path: Path, e5: MultilingualE5Embedder
) -> None:
    clock = FakeClock(datetime(2025, 3, 3, 8, 30, tzinfo=UTC))
    privacy = PrivacyConfig(key=generate_key())
    with HybridMemory(tmp_path / "m", embedder=e5, clock=clock, privacy=privacy) as mem:
        for text in FACTS:
            mem.add(text, node_type="fact", user_id="u1")
            clock.advance(minutes=3)
        for text in SEALED:
            mem.add(text, node_type="fact", user_id="u1", sensitive=True)
            clock.advance(minutes=3)
        r = mem.retrieve("我做过什么手术？", user_id="u1", record_access=False)
    assert r.hits and "痔疮手术" in r.hits[0].node.content
    for text in (SEALED[0], SEALED[2]):
        assert text not in [h.node.content for h in r.hits]
        assert text not in r.context
