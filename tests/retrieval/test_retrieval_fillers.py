"""A question's reminder and present-time words name no topic (issue 38, probing12).

"where do I work again?", "what do I do for exercise these days?", 我最近在做什么运动？: the
lexical channel matched "again" / "these days" / 最近 in every turn holding them ("can't sleep
again", "what a day", 最近老失眠), and those took the first places from the answer, which says
the topic in other words or once. The lexical match now reads the question without them
(:mod:`hybridmem.retrieval.fillers`). Real SQLite and Chroma in tmp_path, the e5 model, time
injected; English and Chinese.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hybridmem.config import RetrievalConfig
from hybridmem.embedding import Embedder
from hybridmem.retrieval.fillers import topic_words
from tests.companion_chats import Sessions, ask_history

EN: Sessions = [
    [
        ("user", "Jonah. I fix bikes for a living, at a little shop called Spoke & Chain"),
        ("assistant", "That sounds satisfying. Been doing it long?"),
    ],
    [("user", "I run. 5k along the river before work most mornings"), ("assistant", "Nice.")],
    [("user", "can't sleep again"), ("assistant", "Will you try reading again?")],
    [("user", "what a day. three flat tyres before lunch"), ("assistant", "Long day!")],
    [("user", "went to the cinema again, the film was awful"), ("assistant", "Oh no!")],
    [
        ("user", "I've given up running now, I go climbing twice a week instead"),
        ("assistant", "Climbing is great."),
    ],
    [("user", "I sleep till noon most days, my cat wakes me up"), ("assistant", "Ha!")],
    [("user", "forearms destroyed again"), ("assistant", "Rest them again tomorrow.")],
    [("user", "the neighbours are arguing again"), ("assistant", "Will you go round again?")],
    [("user", "burnt the toast again, third time this week"), ("assistant", "Again!")],
]
ZH: Sessions = [
    [("user", "我在一家外贸公司做跟单，天天跟工厂催货"), ("assistant", "听起来很忙。")],
    [("user", "以前每天晚上在家跳操"), ("assistant", "挺好的。")],
    [("user", "最近老失眠，一点多才睡着"), ("assistant", "要注意休息。")],
    [("user", "最近胃不太舒服，医生让我少喝咖啡"), ("assistant", "多保重。")],
    [("user", "最近天天加班到十点"), ("assistant", "太辛苦了。")],
    [("user", "不跳操了，报了个瑜伽课，每周二和周四晚上去练"), ("assistant", "瑜伽很好。")],
    [("user", "最近追了一部剧，特别好看"), ("assistant", "什么剧？")],
]


def _ask(tmp_path: Path, e5: Embedder, sessions: Sessions, query: str) -> list[str]:
    return ask_history(tmp_path / "m", e5, sessions, query, RetrievalConfig(), top_k=3)


@pytest.mark.parametrize(
    ("sessions", "query", "answer"),
    [
        (EN, "where do I work again?", "d0-0"),  # "I fix bikes for a living"
        (EN, "what do I do for exercise these days?", "d5-0"),  # "climbing twice a week"
        (ZH, "我最近在做什么运动？", "d5-0"),  # 报了个瑜伽课
    ],
    ids=["en-again", "en-these-days", "zh-zuijin"],
)
def test_the_answer_comes_before_turns_sharing_only_the_filler(
    tmp_path: Path, e5: Embedder, sessions: Sessions, query: str, answer: str
):
    found = _ask(tmp_path, e5, sessions, query)
    assert answer in found, found


def test_the_filler_is_a_closed_class_of_reminder_and_present_words():
    assert topic_words("where do I work again?").split() == ["where", "do", "I", "work", "?"]
    assert "days" not in topic_words("what do I drink these days?")
    assert "remind" not in topic_words("remind me, what's my dog called?")
    assert topic_words("我最近在做什么运动？").replace(" ", "") == "我在做什么运动？"
    # "now" / 现在 stay: a changed value is said with them ("I drive to work now").
    assert topic_words("how do I get to work now?") == "how do I get to work now?"
    assert topic_words("我现在住哪？") == "我现在住哪？"
    # A word holding "again" is no filler; a question of fillers only keeps its form.
    assert topic_words("is Againes open?") == "is Againes open?"
    assert topic_words("again?") == "again?"
