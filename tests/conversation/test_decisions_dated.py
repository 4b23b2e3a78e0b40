"""A settled choice said with a time word of one occasion keeps its value group (issue 38).

"ordered the grey linen one today!!" after weighing two sofas: "today" dates the choice, it
does not make it a remark about one day. The choice is filed under the weighing's group, the
weighing is demoted by it, and it ranks above the options when asked later. A passing remark
with "today" is still a record of its occasion and leaves the habit current. Real SQLite and
Chroma in tmp_path, multilingual-e5 (the ``e5`` fixture), injected time, both languages. The
examples are written for these tests, not taken from an evaluation set.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.core.evolution_marks import ONE_OCCASION
from hybridmem.embedding import Embedder
from hybridmem.evolution.write import occasion
from tests.companion_chats import assert_choice_settles, say_daily
from tests.one_off_habits import remark_leaves_habit

START = datetime(2025, 9, 1, 20, 0, tzinfo=UTC)


CASES = {
    "en": (
        [
            (
                "d1",
                "user",
                "sofa shopping all day. torn between the blue velvet one or the grey linen one",
            ),
            ("d2", "assistant", "Both sound comfy. What's pulling you each way?"),
            ("f1", "user", "the velvet one is softer, honestly"),
            ("f2", "assistant", "Comfort counts for a lot."),
            ("d3", "user", "ordered the grey linen one today!!"),
        ],
        "which sofa did I go for?",
    ),
    "zh": (
        [
            ("d1", "user", "在纠结租哪套房，望京的一居室还是国贸的开间"),
            ("d2", "assistant", "两套各有什么优点？"),
            ("f1", "user", "望京那套离地铁近一点"),
            ("f2", "assistant", "通勤方便很重要。"),
            ("d3", "user", "今天国贸的开间签了！"),
        ],
        "我最后租了哪套房？",
    ),
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_choice_said_with_today_keeps_its_group(
    chat: tuple[HybridMemory, FakeClock], lang: str
) -> None:
    mem, clock = chat
    turns, question = CASES[lang]
    task_id = say_daily(mem, clock, START, turns)
    # The choice settles the weighing (one group, the weighing demoted, ranked above it).
    fact = assert_choice_settles(mem, task_id, question)
    # The time word dates the choice: its slot and group stay, no record of one occasion.
    assert occasion.settled_choice(fact.metadata.get("slot"))
    assert fact.marks.get(occasion.DATED) is True
    assert ONE_OCCASION not in fact.marks


REMARKS = {
    "en": ("I cycle to work.", "Took the bus today, it was pouring."),
    "zh": ("我平时骑车上班。", "今天下大雨，坐公交去的公司。"),
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_passing_remark_with_today_stays_a_record_of_its_day(
    tmp_path: Path, e5: Embedder, lang: str
) -> None:
    clock = FakeClock(START)
    habit_text, remark_text = REMARKS[lang]
    with HybridMemory(tmp_path / "m", embedder=e5, clock=clock) as mem:
        remark_leaves_habit(mem, clock, "u", habit_text, remark_text)
        (remark,) = [n for n in mem.store.user_nodes("u") if n.content == remark_text]
        assert remark.marks.get(ONE_OCCASION) is True
        assert occasion.DATED not in remark.marks


@pytest.mark.parametrize(
    ("content", "slot", "expected"),
    [
        ("ordered the grey linen one today!!", "choice.n1", occasion.DATED),
        ("今天国贸的开间签了！", "choice.n1", occasion.DATED),
        ("Took the bus today, it was pouring.", "user.commute", ONE_OCCASION),
        ("今天下大雨，坐公交去的公司。", None, ONE_OCCASION),
        # No time word of one occasion: neither mark.
        ("ordered the grey linen one", "choice.n1", None),
        ("From today on I take the bus.", "user.commute", None),
    ],
)
def test_the_mark_of_a_time_word(content: str, slot: str | None, expected: str | None) -> None:
    marks: dict[str, object] = {}
    occasion.mark(marks, content, slot)
    assert marks == ({expected: True} if expected else {})
