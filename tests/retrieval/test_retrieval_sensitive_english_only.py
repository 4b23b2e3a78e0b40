"""An English-only embedder cannot judge a Chinese sealed memory by its vector (issue 38): with
all-MiniLM-L6-v2 every Chinese text lands close to every other, so "the closest sealed memory"
was whichever the noise put first, and "What is my home address?" got a salary-card number."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.embedding import SentenceTransformerEmbedder
from hybridmem.privacy import PrivacyConfig, generate_key
from hybridmem.retrieval.sensitive import withheld

ORDINARY = [
    "我在一家游戏公司做产品经理。",
    "我老婆是儿科护士。",
    "我每天骑电动车去公司，大概二十分钟。",
    "我每周六早上去打羽毛球。",
]
SEALED = [
    "我的工资卡卡号是6222 0210 0187 5543 219。",
    "我家住在南京市鼓楼区清凉门大街58号。",
    "我每天早上吃一片氨氯地平降血压。",
]


def test_no_chinese_sealed_memory_on_minilm_noise(
    tmp_path: Path, clock: FakeClock, real_embedder: SentenceTransformerEmbedder
) -> None:
    privacy = PrivacyConfig(key=generate_key())
    with HybridMemory(tmp_path / "m", embedder=real_embedder, clock=clock, privacy=privacy) as mem:
        for text in ORDINARY:
            mem.add(text, node_type="fact", user_id="u1")
        sealed = {mem.add(t, node_type="fact", user_id="u1", sensitive=True).id for t in SEALED}
        for question in (
            "What is my home address?",
            "What medicine do I take?",
            "我喜欢什么运动？",
        ):
            r = mem.retrieve(question, user_id="u1", record_access=False)
            assert not sealed & {h.node.id for h in r.hits}, question


def test_the_rule_takes_no_cosine_from_an_embedder_that_cannot_read_it(
    tmp_path: Path, clock: FakeClock
) -> None:
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock) as mem:
        stored = mem.add("lunch with the team at noon", user_id="u1")
    nodes = {
        "a": replace(stored, id="a", content=SEALED[1], sensitive=True),
        "b": replace(stored, id="b", content=ORDINARY[0]),
    }
    cosine = {"a": 0.9, "b": 0.1}  # the sealed one far ahead, as noise may put it
    question = "What is my home address?"
    assert withheld(nodes, cosine, question) == set()  # a multilingual model: trusted
    assert withheld(nodes, cosine, question, dense_reads_cjk=False) == {"a"}
    # Its own words still admit it, when its cosine is ahead too.
    assert withheld(nodes, cosine, "清凉门大街58号是我家吗？", dense_reads_cjk=False) == set()
