"""A turn that speaks of someone by pronoun carries the match of the turn naming them (issue 38).

A companion's user names a person once and goes on about them by pronoun ("my sister Maddie
came round" / "How is she?" / "she's a pilot now"). The question names the person
("Maddie, what's her job?"): the name matches the first turn and every other turn naming
her, never the answer. When the question itself says "her" / 她, the answer now gets one
term's share of the lexical match of the turn it goes on from
(:mod:`hybridmem.retrieval.referents`); a question naming her only as part of its topic ranks
as before. Real SQLite and Chroma in tmp_path, the e5 model, time injected; English and Chinese.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hybridmem.config import RetrievalConfig
from hybridmem.embedding import Embedder
from hybridmem.errors import InvalidArgumentError
from hybridmem.retrieval.referents import asks_about_someone, refers_back
from tests.companion_chats import Sessions, ask_history

EN: Sessions = [
    [
        ("user", "my sister Maddie came round for dinner tonight"),
        ("assistant", "Nice! How is she?"),
        ("user", "she's a pilot now, she flies for easyJet out of Gatwick"),
        ("assistant", "Wow, how exciting."),
    ],
    [("user", "Maddie and I went to the cinema, the film was awful"), ("assistant", "Oh no!")],
    [("user", "Maddie's birthday is next month, no idea what to get"), ("assistant", "Hmm.")],
    [("user", "had a long call with Maddie about mum"), ("assistant", "How did it go?")],
    [("user", "my boss says he wants the report by friday"), ("assistant", "Tight!")],
]
ZH: Sessions = [
    [
        ("user", "我姐姐小雯今天来我家吃饭了"),
        ("assistant", "真好！她最近怎么样？"),
        ("user", "她刚当上飞行员，在东航飞国际航线"),
        ("assistant", "好厉害的工作。"),
    ],
    [("user", "小雯和我去看电影了，电影很难看"), ("assistant", "太可惜了！")],
    [("user", "小雯下个月过生日，不知道送什么"), ("assistant", "慢慢想。")],
    [("user", "跟小雯打了很久电话，聊我妈的事"), ("assistant", "聊得怎么样？")],
    [("user", "老板说他周五就要报告"), ("assistant", "好赶！")],
]


def _ask(tmp_path: Path, e5: Embedder, sessions: Sessions, query: str, on: bool) -> list[str]:
    retrieval = RetrievalConfig(carry_referents=on)
    return ask_history(tmp_path / "m", e5, sessions, query, retrieval, top_k=4)


@pytest.mark.parametrize(
    ("sessions", "query"),
    [(EN, "Maddie, what's her job?"), (ZH, "小雯，她是做什么的？")],
    ids=["en", "zh"],
)
def test_the_answer_by_pronoun_is_among_the_first_hits(
    tmp_path: Path, e5: Embedder, sessions: Sessions, query: str
):
    found = _ask(tmp_path, e5, sessions, query, on=True)
    assert "d0-2" in found, found  # "she's a pilot now" / 她刚当上飞行员
    # Each turn's own match only (the engine before): the turns naming her come first.
    before = _ask(tmp_path / "before", e5, sessions, query, on=False)
    assert "d0-2" not in before, before


@pytest.mark.parametrize(
    ("sessions", "query"),
    [(EN, "what did I say about Maddie's birthday?"), (ZH, "我说小雯过生日怎么了？")],
    ids=["en", "zh"],
)
def test_a_question_without_a_pronoun_ranks_as_before(
    tmp_path: Path, e5: Embedder, sessions: Sessions, query: str
):
    found = _ask(tmp_path, e5, sessions, query, on=True)
    assert "d2-0" in found, found  # "Maddie's birthday is next month"
    assert found == _ask(tmp_path / "before", e5, sessions, query, on=False)


def test_a_pronoun_is_a_closed_class():
    assert refers_back("she's a pilot now")
    assert refers_back("I cooked for HER at home")
    assert refers_back("她刚当上飞行员") and refers_back("他们也来了")
    assert not refers_back("其他人都没来")  # 其他 "other" holds 他 and is no pronoun
    assert not refers_back("the shell of the hermit crab")  # words holding "he"
    assert not refers_back("they cut straight through the lock")  # "they": nobody in particular


def test_the_switch_takes_only_a_bool():
    with pytest.raises(InvalidArgumentError, match="carry_referents"):
        RetrievalConfig(carry_referents="no")  # type: ignore[arg-type]


# A question naming the person it asks about, with no pronoun (issue 38, probing12): "what did
# Sam get me for Valentine's?" over "valentine's! ..." / "I cooked for her" / "she loved it. and
# she got me a Japanese chef's knife": the answer says "she", never "Sam".
SAM: Sessions = [
    [
        ("user", "valentine's! we both got the night off for once"),
        ("assistant", "Lovely! What did you do?"),
        ("user", "I cooked for her at home, crab linguine and a chocolate tart"),
        ("assistant", "That's sweet. Did she like it?"),
        ("user", "she loved it. and she got me a Japanese chef's knife, a proper gyuto"),
        ("assistant", "What a thoughtful gift."),
    ],
    [("user", "my girlfriend Sam is a paramedic, we never see each other"), ("assistant", "Hard.")],
    [("user", "Sam's off tonight, we're getting a takeaway"), ("assistant", "Enjoy!")],
    [("user", "Sam says I should take the new job, very helpful Sam"), ("assistant", "Ha.")],
    [("user", "Sam's car broke down on the motorway"), ("assistant", "Oh no!")],
]


def test_a_question_naming_whom_it_asks_about_carries_without_a_pronoun(
    tmp_path: Path, e5: Embedder
):
    query = "what did Sam get me for Valentine's?"
    on = RetrievalConfig(carry_referents=True)
    found = ask_history(tmp_path / "m", e5, SAM, query, on, top_k=5)
    assert "d0-4" in found, found  # "she got me a Japanese chef's knife"
    off = RetrievalConfig(carry_referents=False)
    before = ask_history(tmp_path / "before", e5, SAM, query, off, top_k=5)
    assert "d0-4" not in before, before


def test_a_person_named_as_the_owner_of_the_topic_is_not_asked_about():
    assert asks_about_someone("what did Sam get me for Valentine's?")
    assert asks_about_someone("what does Theo do?")
    assert asks_about_someone("我男朋友是做什么的？")
    assert asks_about_someone("Maddie, what's her job?")  # a pronoun, as before
    # "Nadia's wedding", 阿珍的婚礼: the question is about the topic, not the person (probing
    # dev d4 lost its answer to "her boyfriend proposed on a boat" when it carried).
    assert not asks_about_someone("what's my role in Nadia's wedding?")
    assert not asks_about_someone("我姐的预产期是什么时候？")
    assert not asks_about_someone("where do I work again?")  # no one named
