"""The measured reading of a later remark as another's event (issue 38, helper stale17;
``benchmarks/mention_events.py``, not shipped).

"I coach the under-nines at Hartley Rovers", then "Hartley Rovers' pitch was waterlogged":
the reading holds for the remark (no first-person word, a subject of its own, an event's
predicate) and not for a value said with the thing as subject in the present, a clause of the
speaker's or a Chinese topic-first change. Readings without a model; the ranking with
multilingual-e5, real SQLite and Chroma, with the reading applied (the shipped engine puts
these remarks first); ``applied()`` restores the writer.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.mention_events import applied, others_event
from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.core.evolution_marks import ONE_OCCASION
from hybridmem.embedding import MultilingualE5Embedder
from hybridmem.evolution.write import occasion
from tests.fact_stories import ranked_after_others

EVENTS = (
    "Hartley Rovers' pitch was waterlogged, what a mess.",
    "The bakery ovens broke down, the owner is furious.",
    "Book group picked a dreadful thriller this month.",
    "Swimming pools everywhere are hiking their prices.",
    "少年宫门口在修路，停车太难了。",
    "凯美瑞的新款出来了，变化挺大。",
)
VALUES = (
    # The thing as subject, a standing value in the present.
    "The ISA sits with Vanguard.",
    "The houseplants get watered every Wednesday.",
    "The gardener comes fortnightly for the lawn.",
    # The speaker's own event or clause.
    "Tony's has shut, I go to the barber's by the station now.",
    "Moved to Hamburg last month.",
    "Show prices with VAT included.",
    # Topic-first Chinese: the speaker's unsaid act.
    "基金都转到天天基金了。",
    "普拉提不上了，腰受不了。",
    "工资卡又回工行了，建行那张被冻结了。",
    "文件都转到阿里云盘了。",
)


@pytest.mark.parametrize("text", EVENTS)
def test_an_event_of_someone_or_something_else_reads_as_one(text: str) -> None:
    assert others_event(text)


@pytest.mark.parametrize("text", VALUES)
def test_a_value_said_with_the_thing_as_subject_or_topic_is_no_event(text: str) -> None:
    assert not others_event(text)


# The shipped engine puts each remark first (checked): they test the measured reading.
@pytest.mark.parametrize(
    ("said", "query"),
    [
        (
            (
                "My book group meets at Helen's house.",
                "Book group picked a dreadful thriller this month.",
            ),
            "Where does my book group meet?",
        ),
        (("我在少年宫教围棋。", "少年宫门口在修路。"), "我在哪教围棋？"),
    ],
)
def test_with_the_reading_the_value_answers_above_a_later_event_naming_it(
    tmp_path: Path, e5: MultilingualE5Embedder, said: tuple[str, str], query: str
) -> None:
    with applied():
        ranked = ranked_after_others(tmp_path / "m.db", e5, said, query)
    value, remark = said
    assert value in ranked
    assert remark not in ranked or ranked.index(value) < ranked.index(remark)


def test_applied_marks_the_event_a_record_and_is_undone(tmp_path: Path, clock: FakeClock) -> None:
    shipped = occasion.mark
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(), clock=clock) as mem:
        mem.add("I coach the under-nines at Hartley Rovers.", node_type="fact", user_id="u")
        clock.advance(days=14)
        with applied():
            remark = mem.add(
                "Hartley Rovers' pitch was waterlogged.", node_type="fact", user_id="u"
            )
            own = mem.add("Moved to Hamburg last month.", node_type="fact", user_id="u")
        assert remark.status == "active"
        assert remark.marks.get(ONE_OCCASION)
        assert not own.marks.get(ONE_OCCASION)
        again = mem.add("The bakery ovens broke down last week.", node_type="fact", user_id="u")
        assert not again.marks.get(ONE_OCCASION)
    assert occasion.mark is shipped
