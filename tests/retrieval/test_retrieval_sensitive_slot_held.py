"""A word a question shares with a sealed memory is weak evidence when an ordinary memory holds
it too, by its words or by its slot, or when it only says where (hybridmem/retrieval/
sensitive.py, roles_zh.py, issue 38). Real SQLite and Chroma in tmp_path, a fake clock.

- "Remind me what my job is?" shares "job" with a sealed "I got sacked from my last job..." and
  with no ordinary memory: the answer is named by its slot alone (``user.job``), and MiniLM put
  the sealed memory closer (benchmarks/first_day_ninth.py, en B, 2 leaks). An ordinary memory
  filed as the value of the attribute asked for now holds the shared words.
- A Chinese localizer (最上层, 里, 以前) places the question; the noun before it names its matter.
- An indefinite subject ("does a forklift driver pay") is anyone of a kind, not the user.

The rules with made-up similarities in both languages; the job question end to end with
all-MiniLM-L6-v2."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import SentenceTransformerEmbedder
from hybridmem.models import MemoryNode
from hybridmem.privacy import PrivacyConfig, generate_key
from hybridmem.retrieval.sensitive import withheld
from tests.sealed_nodes import sealed_nodes


def test_the_job_asked_for_is_the_slotted_memory_en(lunch: MemoryNode) -> None:
    nodes = sealed_nodes(
        lunch,
        a="I'm a postman in Truro, I do the rural rounds.",
        b="We keep bees at the allotment.",
        s1="I lost my last job at the warehouse for nicking stock.",
    )
    cosine = {"a": 0.30, "b": 0.20, "s1": 0.39}  # the sealed one closer, as MiniLM put it
    # The postman memory is filed as the job the question asks for: "job" is its word too.
    assert withheld(nodes, cosine, "Remind me what my job is?", answers={"a"}) == {"s1"}
    # No ordinary memory answers the attribute: the shared word still admits it.
    assert withheld(nodes, cosine, "Remind me what my job is?") == set()
    # Asking about the memory itself (no attribute asked): admitted as before.
    assert withheld(nodes, cosine, "Why did I lose my last job?") == set()


def test_the_job_asked_for_is_the_slotted_memory_zh(lunch: MemoryNode) -> None:
    nodes = sealed_nodes(
        lunch,
        a="我在县医院当护士。",
        b="我每天晚上去广场跳舞。",
        s1="我上一份工作是因为偷拿药品丢的。",
    )
    cosine = {"a": 0.80, "b": 0.78, "s1": 0.85}
    assert withheld(nodes, cosine, "我是做什么工作的？", answers={"a"}) == {"s1"}
    assert withheld(nodes, cosine, "我是做什么工作的？") == set()
    assert withheld(nodes, cosine, "我上一份工作为什么丢了？") == set()


def test_a_sealed_memory_in_the_slot_is_no_ordinary_answer(lunch: MemoryNode) -> None:
    nodes = sealed_nodes(lunch, b="We keep bees at the allotment.", s1="My last job was at Tesco.")
    cosine = {"b": 0.20, "s1": 0.39}
    # Only an ordinary memory's slot holds the words: a sealed one in the slot is no reason.
    assert withheld(nodes, cosine, "What was my last job?", answers={"s1"}) == set()


def test_a_localizer_says_where_not_what(lunch: MemoryNode) -> None:
    nodes = sealed_nodes(
        lunch,
        a="我家那台旧电脑放在书房。",
        s1="我把金条藏在书柜最上层。",
        s2="我把离婚协议锁在抽屉里了。",
    )
    cosine = {"a": 0.80, "s1": 0.84, "s2": 0.83}
    # 书柜 / 抽屉 modify 旧书 / 照片; 最上层 / 里 (jieba: f) only say where: nothing of the gold
    # or the divorce papers is asked.
    assert withheld(nodes, cosine, "书柜最上层的旧书要不要卖掉？") == {"s1", "s2"}
    assert withheld(nodes, cosine, "抽屉里的旧照片要不要扔？") == {"s1", "s2"}
    # The memory's own matter, where it is: admitted.
    assert withheld(nodes, cosine, "金条藏在书柜哪一层？") == {"s2"}
    assert withheld(nodes, cosine, "书柜最上层藏的金条还在吗？") == {"s2"}
    assert withheld(nodes, cosine, "离婚协议锁在哪了？") == {"s1"}


def test_an_indefinite_subject_is_anyone_of_a_kind(lunch: MemoryNode) -> None:
    nodes = sealed_nodes(
        lunch,
        a="I drive a forklift at the depot in Coalville.",
        s1="I owe HMRC eleven grand in unpaid tax.",
    )
    cosine = {"a": 0.30, "s1": 0.36}
    assert withheld(nodes, cosine, "How much tax does a forklift driver pay?") == {"s1"}
    assert withheld(nodes, cosine, "How much tax do I owe?") == set()
    assert withheld(nodes, cosine, "Do I owe HMRC any tax?") == set()


ORDINARY = (
    "I'm a postman in Truro, I do the rural rounds.",
    "My wife Kerry runs a dog grooming van.",
    "We keep bees at the allotment.",
    "I'm allergic to penicillin.",
    "I play skittles on Thursday nights.",
    "My son Jack is at college doing engineering.",
)
SEALED = ("I lost my last job at the warehouse for nicking stock.", "My bank card PIN is 4410.")


def test_asked_for_the_job_the_sacking_stays_out(
    tmp_path: Path, real_embedder: SentenceTransformerEmbedder
) -> None:
    clock = FakeClock(datetime(2025, 3, 3, 8, 30, tzinfo=UTC))
    privacy = PrivacyConfig(key=generate_key())
    with HybridMemory(tmp_path / "m", embedder=real_embedder, clock=clock, privacy=privacy) as mem:
        for text in ORDINARY:
            mem.add(text, node_type="fact", user_id="u1")
            clock.advance(minutes=3)
        for text in SEALED:
            mem.add(text, node_type="fact", user_id="u1", sensitive=True)
            clock.advance(minutes=3)
        for question in ("Remind me what my job is?", "What's my job?"):
            r = mem.retrieve(question, user_id="u1", record_access=False)
            assert r.hits and "postman" in r.hits[0].node.content, question
            assert SEALED[0] not in r.context, question
        # Asked about it, it comes first.
        r = mem.retrieve("Why did I lose my last job?", user_id="u1", record_access=False)
        assert r.hits and r.hits[0].node.content == SEALED[0]
