"""要 as a want of the moment beside a clause saying the state the speaker has reached (issue
38, helper speech27).

要 is "will", "must" and "want" in one word. Beside a clause saying a state just reached (a
perfective or new-state 了, a degree complement after 得) it is the speaker's want of that
moment: 嗓子冒烟了，要喝冰水 was kept as a standing fact. Beside a price, a place or a rule it is
"will" or "must" (一个铝瓶一千二，要买十个; 年检站在三桥，要带行驶证), with a now it is an
obligation of that day (今天要加班), alone it says nothing of its moment (我要考教师编), and
inside a word (只要, 还要, 需要, 要是) it is no want at all: all of these keep their label. The
modal 得 after its subject or an adverb (我得早点睡, 还得加班) and 得 inside a word (觉得) head
no degree complement, so a clause holding one says no state reached (issue 38, helper speech28).

Sentences written for these tests, not taken from the labelled sets.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hybridmem import HybridMemory
from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.evolution.speech import yao
from hybridmem.evolution.speech.acts import SpeechAct, default_classifier
from tests.conftest import FakeClock

U = "u1"

MOODS = [
    # A perfective or new-state 了 beside the want.
    "跑了十公里，要喝瓶运动饮料。",
    "手都冻僵了，要捂个热水袋。",
    "熬了个通宵，我要睡一觉。",
    # A degree complement after 得.
    "腿酸得抬不起来，要泡个脚。",
]
# 要 as "will" or "must" beside a price, a place or a rule, with a now, alone, or inside a
# word: each keeps its assertive label.
STANDING = [
    "一箱牛奶六十八，要两箱。",
    "社保中心在二楼，要带身份证原件。",
    "今天要加班，晚饭不回来吃。",
    "我要一个带院子的房子。",
    "我要考驾照。",
    "只要不下雨，我都骑车上班。",
    "我要换个大冰箱，一家五口的菜放得下。",
]
# The modal 得 "must" after its subject or an adverb, and 得 inside a word, head no complement:
# beside them 要 is the plan it says (issue 38, helper speech28; each was a mood before).
PLANS = [
    "我得早点睡，要赶明早七点的飞机。",
    "我们得搬家，要找个离学校近的小区。",
    "还得加班，要把报表做完。",
    "我觉得挺好，要买这款。",
]


@pytest.mark.parametrize("text", MOODS)
def test_yao_beside_a_state_reached_is_a_mood(text: str) -> None:
    result = default_classifier().classify(text)
    assert result.act is SpeechAct.EMOTION
    assert "volition:zh-yao" in result.cues


@pytest.mark.parametrize("text", STANDING + PLANS)
def test_yao_of_will_or_must_keeps_its_label(text: str) -> None:
    result = default_classifier().classify(text)
    assert result.is_assertive


@pytest.mark.parametrize(
    ("clause", "reached"),
    [
        ("渴得不行", True),
        ("腿酸得抬不起来", True),
        ("我得早点睡", False),
        ("我们得搬家", False),
        ("还得加班", False),
        ("我觉得挺好", False),
        ("一家五口的菜放得下", False),
    ],
)
def test_only_a_degree_complement_of_de_says_a_state_reached(clause: str, reached: bool) -> None:
    assert yao.state_reached(clause) is reached


def test_the_writer_holds_back_a_yao_of_the_moment_and_keeps_the_standing_one(
    tmp_path: Path, clock: FakeClock, e5: MultilingualE5Embedder
) -> None:
    """Real SQLite and Chroma, the e5 model: the wants of the moment said with 要 are held
    back as candidates, not active facts; the 要 of a goal, a plan or a rule stays active, and
    a search for the goal finds it first."""
    with HybridMemory(tmp_path / "m", embedder=e5, clock=clock) as mem:
        moods = [mem.add(t, node_type="fact", user_id=U) for t in MOODS]
        kept = [mem.add(t, node_type="fact", user_id=U) for t in STANDING + PLANS]
        assert [n.status for n in moods] == ["candidate"] * len(moods)
        assert [n.status for n in kept] == ["active"] * len(kept)
        hits = mem.retrieve("我想考什么证？", user_id=U, scope="user").hits
        assert hits and hits[0].node.content == "我要考驾照。"
