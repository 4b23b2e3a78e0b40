"""Chinese cues and weighings read on the dictionary's words (issue 38, decide22).

A cue of the speech-act reader that is a word of its own (假定, 要是) found where jieba's
dictionary cut reads its first character as part of another word (暑假|定, 主要|是) is no
cue, unless that part is a function word the cut glues to either side (从来不|吃); an order
said by its verb followed by the perfective 了 narrates an act done (订了海豹), unless 吧 closes
the clause. Parallel clauses weighing two things are read on the dictionary's own words and
tags, not the HMM's guesses (南山那套离公司近: 套离; 进口的贵: 贵 a noun), and a topic is the
clause's leading noun phrase, before a coverb's phrase. End to end, a choice said in such a
sentence settles the weighing in the store, though the slot readers file it as the user's
residence (朝阳那套签了，月底搬进去: a filed fact is read by the decisions reading too).
Real SQLite and Chroma in tmp_path, multilingual-e5 (the ``chat`` fixture), injected time.
The examples are written for these tests, not taken from an evaluation set.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.conversation.comparing import compared
from hybridmem.conversation.decisions import settles
from hybridmem.evolution.speech.labels import SpeechAct
from hybridmem.evolution.speech.rules import RuleBasedSpeechActClassifier
from tests.companion_chats import assert_choice_settles, say_daily

START = datetime(2025, 9, 1, 20, 0, tzinfo=UTC)
CLASSIFY = RuleBasedSpeechActClassifier().classify


@pytest.mark.parametrize(
    ("text", "act"),
    [
        ("休假定了下周，酒店都订好了", SpeechAct.ASSERTION),  # 休假|定: no 假定
        ("假定我明年去了深圳", SpeechAct.HYPOTHETICAL),
        ("主要是离地铁站近，走路五分钟", SpeechAct.ASSERTION),  # 主要|是: no 要是
        ("要是明天下雨我就不去了", SpeechAct.HYPOTHETICAL),
        ("我从来不喝奶茶", SpeechAct.PREFERENCE),  # 不 a function word: 不喝 stands
        ("你在不在公司", SpeechAct.QUESTION),  # the end of a cue may run into a word
    ],
)
def test_a_cue_stands_on_the_dictionarys_words(text: str, act: SpeechAct) -> None:
    assert CLASSIFY(text).act is act


@pytest.mark.parametrize(
    ("text", "is_order"),
    [
        ("订了蔚来，月底提车", False),
        ("我妈给我买了一件羽绒服", False),
        ("请了个钟点工每周来打扫", False),
        ("订一张明天去广州的高铁票", True),
        ("给我买两张电影票", True),
        ("订了吧，别再犹豫了", True),
    ],
)
def test_an_orders_verb_with_the_perfective_narrates(text: str, is_order: bool) -> None:
    assert (CLASSIFY(text).act is SpeechAct.INSTRUCTION) is is_order


@pytest.mark.parametrize(
    ("text", "pair"),
    [
        ("海淀那套离学校近，朝阳那套便宜两千", ("海淀", "朝阳")),
        ("进口的贵，国产的便宜一半", ("进口", "国产")),
        ("望京那套大一点，酒仙桥那套便宜", ("望京", "酒仙桥")),
    ],
)
def test_parallel_clauses_read_on_dictionary_words(text: str, pair: tuple[str, str]) -> None:
    assert pair in compared(text)


def test_parallel_clauses_need_a_shared_head() -> None:
    assert compared("我妈身体好，我爸心情差") == []


def test_a_choice_of_one_parallel_clause_settles_it() -> None:
    earlier = "狗粮在挑，进口的贵，国产的便宜一半"
    assert settles("买了国产的那款", earlier)
    assert not settles("买了个新狗窝", earlier)


SETTLED = [
    ("d1", "user", "租约快到期了，海淀那套离学校近，朝阳那套便宜两千"),
    ("d2", "assistant", "通勤时间也是成本。"),
    ("f1", "user", "今天体检，一切正常"),
    ("f2", "assistant", "那就放心了。"),
    ("d3", "user", "朝阳那套签了，月底搬进去"),
]


def test_a_choice_settles_parallel_clauses_in_the_store(
    chat: tuple[HybridMemory, FakeClock],
) -> None:
    mem, clock = chat
    task_id = say_daily(mem, clock, START, SETTLED)
    assert_choice_settles(mem, task_id, "我现在租的哪套房？")
