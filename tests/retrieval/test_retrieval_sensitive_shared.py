"""A question sharing a word with a sealed memory but asking about something else does not get
it (hybridmem/retrieval/shared_words.py, issue 38): "WiFi密码是多少？" shared "密码" with a
sealed bank PIN and got it (benchmarks/sealed_probe.py). Questions about the memory that share
the same kind of word still get it."""

from __future__ import annotations

from hybridmem.models import MemoryNode
from hybridmem.retrieval.sensitive import withheld
from tests.sealed_nodes import sealed_nodes

AHEAD = {"a": 0.80, "s": 0.84}
"""The sealed memory ahead of the ordinary one: the dense channel says yes, words decide."""


def test_a_kind_word_of_another_thing_does_not_get_it(lunch: MemoryNode) -> None:
    """Before: admitted on "密码" / "password" / "code" alone; the question names what the
    code is of (WiFi, a dormitory door, the office printer), which the memory does not hold."""
    zh = sealed_nodes(lunch, a="我的银行卡是工商银行的。", s="我的银行卡密码是660218。")
    assert withheld(zh, AHEAD, "WiFi密码是多少？") == {"s"}
    assert withheld(zh, AHEAD, "宿舍的门禁密码是多少？") == {"s"}
    assert withheld(zh, AHEAD, "我的银行卡密码是多少？") == set()
    en = sealed_nodes(
        lunch,
        a="I bank with Lloyds.",
        s="My Nationwide online banking password is Daffodil1958.",
    )
    assert withheld(en, AHEAD, "What is the wifi password at work?") == {"s"}
    assert withheld(en, AHEAD, "What's my online banking password?") == set()
    safe = sealed_nodes(lunch, a="I walk our collie every evening.", s="The key safe code is 4419.")
    assert withheld(safe, AHEAD, "What code do I need for the office printer?") == {"s"}
    assert withheld(safe, AHEAD, "What is the code of the key safe?") == set()


def test_a_question_word_or_a_modal_is_nothing_else(lunch: MemoryNode) -> None:
    """Only a kind word shared, and the rest a question word or a modal: still about it."""
    passport = sealed_nodes(lunch, a="我在学日语。", s="我的护照号码是E39057712。")
    assert withheld(passport, AHEAD, "我的护照号是多少？") == set()
    check = sealed_nodes(lunch, a="我在学日语。", s="我得过乳腺癌，每半年要复查一次。")
    assert withheld(check, AHEAD, "我什么时候该去复查？") == set()
    assert withheld(check, AHEAD, "我妈什么时候该去体检复查？") == {"s"}


def test_a_word_an_ordinary_memory_holds_does_not_single_it_out(lunch: MemoryNode) -> None:
    """ "吃" is the sealed pill's and the coriander's: "感冒了吃什么药好？" names a cold, which the
    pill memory does not hold; a question about the pill names nothing else."""
    zh = sealed_nodes(lunch, a="我不吃香菜。", s="我有高血压，每天早上吃一片氨氯地平。")
    assert withheld(zh, AHEAD, "感冒了吃什么药好？") == {"s"}
    assert withheld(zh, AHEAD, "我每天早上要吃什么药？") == set()
    assert withheld(zh, AHEAD, "我平时吃的是什么药？") == set()
    # The same word with no ordinary memory holding it keeps admitting, as before.
    alone = sealed_nodes(lunch, a="我在学日语。", s="我有高血压，每天早上吃一片氨氯地平。")
    assert withheld(alone, AHEAD, "我每天早上吃几片？") == set()


def test_a_shared_word_of_another_kind_is_no_answer(lunch: MemoryNode) -> None:
    """ "Is my health insurance up to date?" asks about health cover; a national insurance
    number (an identity) shares "insurance" and is not what it asks about."""
    ni = sealed_nodes(
        lunch, a="I'm a freelance translator.", s="My national insurance number is QH 48."
    )
    assert withheld(ni, AHEAD, "Is my health insurance up to date?") == {"s"}
    cover = sealed_nodes(
        lunch, a="I'm a freelance translator.", s="My health insurance policy number is VHI-882."
    )
    # Asked about by what it holds. "Is my health insurance up to date?" is withheld since the
    # question's focus must be the memory's too (its predicate "date" is not): the known cost
    # of a question naming what the memory words otherwise (helper sensitive19).
    assert withheld(cover, AHEAD, "What's my health insurance policy number?") == set()


def test_the_same_where_the_embedder_cannot_read_chinese(lunch: MemoryNode) -> None:
    """With an English-only embedder a shared word is all that admits a Chinese memory: MiniLM
    got a sealed PIN for "WiFi密码是多少？" on "密码"."""
    zh = sealed_nodes(lunch, a="我的银行卡是工商银行的。", s="我的银行卡密码是660218。")
    assert withheld(zh, AHEAD, "WiFi密码是多少？", dense_reads_cjk=False) == {"s"}
    assert withheld(zh, AHEAD, "我的银行卡密码是多少？", dense_reads_cjk=False) == set()
