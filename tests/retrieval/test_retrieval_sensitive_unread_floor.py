"""Where the embedder cannot read the script, its cosine is not enough for a sealed memory
(issue 38).

all-MiniLM-L6-v2 reads no Chinese: it scores Chinese texts by their characters, not their
meaning, so "no ordinary candidate is closer" said little. With it the first-day tenth set
(zh B) showed "家里存折的密码是139826。" for "家里谁要人照顾？": the shared 家里 put it 0.24
ahead by cosine, though the answer, the mother-in-law's stroke, names 照顾 as the PIN names 家里.
There the words must single the sealed memory out too: it must hold more of the question's
content words than any ordinary candidate. multilingual-e5 reads both scripts and is judged as
before; so is English on either model.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.embedding import Embedder, MultilingualE5Embedder, SentenceTransformerEmbedder
from hybridmem.retrieval.sensitive import withheld
from tests.sealed_nodes import household, sealed_shown

ORDINARY_ZH = [
    "我在哈尔滨医大二院当护工，专门护理瘫痪的老人。",
    "我对象在铁路局开火车。",
    "我儿子在北京当兵。",
    "我腰间盘突出，不能搬重东西。",
    "我每天早上在江边跳广场舞。",
    "我婆婆中风了，住我家，我照顾着。",
    "我养了两盆君子兰，宝贝得很。",
    "我晕车晕得厉害，坐大巴必吐。",
    "我不会用微信支付，买东西都给现金。",
    "我血压高，每天吃一片降压药。",
    "我最爱吃酸菜炖粉条，百吃不厌。",
    "我看电视只看二人转。",
]
SEALED_ZH = [
    "我年轻时被人拐卖过，后来自己逃出来的。",
    "我跟前夫离婚是因为他家暴。",
    "家里存折的密码是139826。",
]
ORDINARY_EN = [
    "I'm a locksmith, I do mostly emergency call-outs around Sheffield.",
    "My wife Priya is a midwife at the Jessop Wing.",
    "We've got a tortoiseshell cat called Marmite.",
    "I play darts for the Fat Cat on Monday nights.",
    "My mum's in a care home in Rotherham.",
]
SEALED_EN = [
    "The PIN for my savings account is 4471.",
    "I was done for drink-driving in 2019.",
]


def _household(path: Path, embedder: Embedder, clock: FakeClock, zh: bool) -> HybridMemory:
    return household(
        path, embedder, clock, ORDINARY_ZH if zh else ORDINARY_EN, SEALED_ZH if zh else SEALED_EN
    )


NOT_ABOUT_ZH = ["家里谁要人照顾？", "阳台那两盆花是啥？", "我对象干啥的？", "给我找个节目看？"]


@pytest.mark.parametrize("model", ["minilm", "e5"])
def test_an_ordinary_chinese_question_shows_no_sealed_memory(
    tmp_path: Path,
    clock: FakeClock,
    real_embedder: SentenceTransformerEmbedder,
    e5: MultilingualE5Embedder,
    model: str,
) -> None:
    embedder = real_embedder if model == "minilm" else e5
    with _household(tmp_path / "m", embedder, clock, zh=True) as mem:
        for question in NOT_ABOUT_ZH:
            assert sealed_shown(mem, question, SEALED_ZH)[1] == [], question


def test_a_chinese_question_naming_a_sealed_memory_finds_it(
    tmp_path: Path, clock: FakeClock, e5: MultilingualE5Embedder
) -> None:
    """A model that reads Chinese: the question naming the PIN's words gets it first, alone."""
    with _household(tmp_path / "m", e5, clock, zh=True) as mem:
        texts, shown = sealed_shown(mem, "存折的密码是多少来着？", SEALED_ZH)
        assert texts and "139826" in texts[0]
        assert shown == [SEALED_ZH[2]]


@pytest.mark.parametrize("model", ["minilm", "e5"])
def test_english_keeps_its_cosine_floor(
    tmp_path: Path,
    clock: FakeClock,
    real_embedder: SentenceTransformerEmbedder,
    e5: MultilingualE5Embedder,
    model: str,
) -> None:
    """English on either model is read as before: not about it, nothing shown; about it, found."""
    embedder = real_embedder if model == "minilm" else e5
    with _household(tmp_path / "m", embedder, clock, zh=False) as mem:
        for question in ("Where does my mum live?", "What's my cat called?"):
            assert sealed_shown(mem, question, SEALED_EN)[1] == [], question
        texts, shown = sealed_shown(mem, "What's the PIN for my savings account?", SEALED_EN)
        assert texts and "4471" in texts[0]
        assert shown == [SEALED_EN[0]]


def test_the_words_must_single_it_out_where_the_cosine_cannot_read(
    tmp_path: Path, clock: FakeClock
) -> None:
    """The rule on made-up cosines: with an embedder that cannot read Chinese, a sealed memory
    ahead by cosine and sharing a word is withheld when an ordinary candidate holds as many of
    the question's words, admitted when it holds more."""
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock) as mem:
        stored = mem.add("lunch with the team at noon", user_id="u1")
    nodes = {
        "s": replace(stored, id="s", content=SEALED_ZH[2], sensitive=True),
        "o": replace(stored, id="o", content=ORDINARY_ZH[5]),
    }
    ahead = {"s": 0.9, "o": 0.1}
    care = "家里谁要人照顾？"  # 家里 of the sealed PIN, 照顾 of the stroke: one word each
    assert withheld(nodes, ahead, care, dense_reads_cjk=False) == {"s"}
    # A model that reads Chinese: the cosine and the shared 家里 are not enough either, as the
    # question's focus (照顾) is not the PIN's (helper sensitive19).
    assert withheld(nodes, ahead, care) == {"s"}
    pin = "存折的密码是多少来着？"  # 存折 and 密码: the PIN's alone
    assert withheld(nodes, ahead, pin, dense_reads_cjk=False) == set()
    # Still never on the words alone: behind by cosine, withheld as before.
    assert withheld(nodes, {"s": 0.1, "o": 0.9}, pin, dense_reads_cjk=False) == {"s"}
