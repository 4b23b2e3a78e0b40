"""A question naming only a thing an ordinary memory holds too is not about the sealed memory
that holds it (hybridmem/retrieval/sensitive.py, issue 38): "我的存折是哪儿的？" shares "存折"
with the ordinary "我在农村信用社有个存折。" and with the sealed "我存折的密码是301125。", names no
kind of private matter, and got the PIN (benchmarks/first_day_sixth.py). A question about the
PIN names its kind and still gets it."""

from __future__ import annotations

from hybridmem.models import MemoryNode
from hybridmem.retrieval.sensitive import withheld
from tests.sealed_nodes import sealed_nodes

AHEAD = {"a": 0.80, "s": 0.84}
"""The sealed memory ahead of the ordinary one: the dense channel says yes, words decide."""


def test_the_thing_both_hold_does_not_admit_the_secret(lunch: MemoryNode) -> None:
    book = sealed_nodes(lunch, a="我在农村信用社有个存折。", s="我存折的密码是301125。")
    assert withheld(book, AHEAD, "我的存折是哪儿的？") == {"s"}
    assert withheld(book, AHEAD, "我的存折密码是多少？") == set()
    card = sealed_nodes(lunch, a="I bank with Monzo.", s="The PIN for my Monzo card is 5093.")
    assert withheld(card, AHEAD, "Is my Monzo account any good?") == {"s"}
    assert withheld(card, AHEAD, "What's the PIN for my Monzo card?") == set()


def test_a_word_only_the_secret_holds_still_admits(lunch: MemoryNode) -> None:
    """No ordinary memory holds "存折": the word singles the sealed memory out, as before."""
    alone = sealed_nodes(lunch, a="我喜欢下象棋。", s="我存折的密码是301125。")
    assert withheld(alone, AHEAD, "我的存折是哪儿的？") == set()
