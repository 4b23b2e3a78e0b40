"""A question asking for a kind of private matter by a question word ("啥") or an aspect adverb
("ever") asks nothing beyond the kind: those name nothing the sealed memory must hold
(hybridmem/retrieval/sensitive.py, ``_named_beyond``, issue 38). Before, "我得过啥大病没有？"
and "Did I ever have a drug problem?" withheld a sealed cancer and a methadone programme that
multilingual-e5 put ahead of every ordinary memory (benchmarks/sealed_trace.py)."""

from __future__ import annotations

from hybridmem.models import MemoryNode
from hybridmem.retrieval.sensitive import withheld
from tests.sealed_nodes import sealed_nodes

AHEAD = {"a": 0.80, "s": 0.82}
"""The sealed memory ahead of the ordinary one: the dense channel says yes, words decide."""


def test_a_question_word_asks_nothing_beyond_the_kind(lunch: MemoryNode) -> None:
    """Each failed on the old code: 啥 and "ever" were counted as asking beyond the kind."""
    zh = sealed_nodes(lunch, a="我在菜市场卖豆腐。", s="我前年做了乳腺癌手术。")
    assert withheld(zh, AHEAD, "我有啥慢性病？") == set()
    assert withheld(zh, AHEAD, "我有过啥重病吗？") == set()
    en = sealed_nodes(lunch, a="I fix boilers for a living.", s="I was on heroin in my twenties.")
    assert withheld(en, AHEAD, "Did I ever have a drug habit?") == set()


def test_a_word_naming_something_else_still_keeps_it_out(lunch: MemoryNode) -> None:
    zh = sealed_nodes(lunch, a="我在菜市场卖豆腐。", s="我前年做了乳腺癌手术。")
    assert withheld(zh, AHEAD, "我脚上得过啥病？") == {"s"}
    assert withheld(zh, AHEAD, "我老婆有啥慢性病？") == {"s"}
    en = sealed_nodes(lunch, a="I fix boilers for a living.", s="I was on heroin in my twenties.")
    assert withheld(en, AHEAD, "Did my brother ever have a drug habit?") == {"s"}
    assert withheld(en, AHEAD, "Does the cat ever need any medication?") == {"s"}
    # Still the dense channel's: an ordinary memory closer keeps it out.
    assert withheld(en, {"a": 0.84, "s": 0.82}, "Did I ever have a drug habit?") == {"s"}
