"""A Chinese question's person meets the turn's however jieba's HMM joins the pronoun to it
(issue 38, zhlex18).

jieba's HMM joins a pronoun and the noun it determines, said without 的, into one word its
dictionary lacks: 我妈 ("my mum"), 我爸, 我姐. Whether it does depends on the characters around:
in 我跟你说过我妈什么？ the question's cut is 妈 (after 说过我), in 我妈下周要做手术 the turn's is
我妈, and the two shared no term, so the turn telling it had no word evidence while turns sharing
the question's 跟 had (probing blind10 r6, blind5 c6). The lexical cut now gives the pronoun and
the noun the tagger reads in such a joint (:func:`hybridmem.lexical.glued_words`). Real SQLite
and Chroma in tmp_path, the e5 model, time injected. The behaviour is jieba's (Chinese); the
English question is a guard: its lexical path is unchanged.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hybridmem.config import RetrievalConfig
from hybridmem.embedding import Embedder
from hybridmem.lexical import glued_words, terms
from tests.companion_chats import Sessions, ask_history

ZH: Sessions = [
    [("user", "跟同事去爬山了，累死了")],
    [("user", "我妈下周要做白内障手术，我有点担心")],
    [("user", "跟老公吵了一架，他又忘了接孩子")],
    [("user", "跟你说个好消息，我升职了")],
    [("user", "跟闺蜜约了周六去逛街")],
]
EN: Sessions = [
    [("user", "went hiking with the people from work, knackered")],
    [("user", "mum's having her cataract operation next week, I'm a bit worried")],
    [("user", "had a row with my husband, he forgot the school run again")],
    [("user", "guess what, I got promoted")],
]


@pytest.mark.parametrize(
    ("sessions", "query"),
    [(ZH, "我跟你说过我妈什么？"), (EN, "what did I tell you about my mum?")],
    ids=["zh", "en"],
)
def test_the_turn_about_the_person_comes_first(
    tmp_path: Path, e5: Embedder, sessions: Sessions, query: str
):
    found = ask_history(tmp_path / "m", e5, sessions, query, RetrievalConfig(), top_k=3)
    assert found[:1] == ["d1-0"], found


def test_a_pronoun_and_noun_joint_gives_the_noun_in_questions_and_turns_alike():
    assert glued_words("我妈") == ("我", "妈")
    assert "妈" in terms("我妈下周要做白内障手术")
    assert "妈" in terms("我跟你说过我妈什么？")
    assert terms("我姐在哪上班？") == ["姐", "上班"]
    # A name the HMM found stays whole (小周: 小 + a surname); a joint of other words stays
    # one term (店开: its one-character words matched across the store); a dictionary
    # compound is never taken apart (上班, not 班).
    assert glued_words("小周") == ()
    assert glued_words("店开") == ()
    assert "班" not in terms("我每天上班")
