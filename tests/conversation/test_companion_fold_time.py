"""A fold's summary is dated by what it sums up, not by the maintenance run that wrote it.

A companion's daily chats are folded into summaries a month after the last one. A question
saying "today" (今天) names the day of the question, the day of that maintenance run: the
summaries, written that day, used to get the full ``time`` feature whatever they said and
took the token budget from the message that answers it. Each summary records the span of
its sources' times (``metadata.span``) and the ``time`` feature reads that span. Real SQLite
and Chroma in tmp_path, the hash embedder, a fake clock.
"""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta

import pytest

from hybridmem import FakeClock, HybridMemory
from hybridmem.retrieval.spans import moment_in

DAYS = {
    "en": [
        "I went hiking with my dog Max at Crater Lake.",
        "My sister Lena baked a lemon cake for my birthday.",
        "I finally fixed the leaking kitchen tap myself.",
        "Our choir rehearsed the Mozart requiem tonight.",
        "I planted tomatoes and basil on the balcony.",
        "Grandpa told me stories about his sailing trips.",
    ],
    "zh": [
        "我带着狗狗小黑去火山湖徒步了。",
        "姐姐丽娜给我烤了一个柠檬蛋糕过生日。",
        "我终于自己修好了厨房漏水的水龙头。",
        "合唱团排练了莫扎特的安魂曲。",
        "我在阳台上种了番茄和罗勒。",
        "爷爷给我讲了他年轻时出海航行的故事。",
    ],
}
# A question about one day's topic, saying "today": the day of the question.
TODAY = {
    "en": "Today I want to bake another lemon cake like my sister Lena did.",
    "zh": "我今天也想像姐姐丽娜那样烤一个柠檬蛋糕。",
}
START = datetime(2024, 8, 1, 20, 0, tzinfo=UTC)


def _folded(mem: HybridMemory, clock: FakeClock, lang: str) -> tuple[str, list[str]]:
    """Six daily sessions, folded 30 days after the last; the task and the event ids."""
    task = mem.add("Chat with my companion", node_type="task", user_id="u")
    events = []
    for i, text in enumerate(DAYS[lang]):
        clock.set(START + timedelta(days=i))
        message = {"id": f"m{i}", "role": "user", "content": text, "created_at": clock()}
        report = mem.add_messages([message], user_id="u", task_id=task.id)
        events += [w.node_id for w in report.written if w.node_type == "event"]
    clock.set(START + timedelta(days=len(DAYS[lang]) - 1 + 30))
    mem.maintain(user_id="u")
    return task.id, events


def _summaries(mem: HybridMemory) -> list:
    nodes = mem.get_all(user_id="u", status="active", limit=10_000)
    return [n for n in nodes if n.node_type == "summary"]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_question_about_today_is_not_answered_by_todays_summaries(
    mem: HybridMemory, clock: FakeClock, lang: str
) -> None:
    task_id, events = _folded(mem, clock, lang)
    (fold,) = _summaries(mem)
    assert fold.created_at.date() == clock().date()  # written by today's run
    members = [mem.get(i, user_id="u") for i in events]
    assert all(m.status == "archived" for m in members)
    first, last = min(m.created_at for m in members), max(m.created_at for m in members)
    assert [datetime.fromisoformat(t) for t in fold.metadata["span"]] == [first, last]

    res = mem.retrieve(TODAY[lang], user_id="u", task_id=task_id, record_access=False)
    assert res.time_window is not None and res.time_window.start.date() == clock().date()
    # The summary is not "today's" memory: its sources were written a month ago.
    for hit in res.hits:
        if hit.node.node_type == "summary":
            assert hit.breakdown.features["time"] < 0.01
    top = res.hits[0]
    assert top.node.id == events[1] and "m1" in top.covers


def test_a_question_naming_a_day_a_fold_covers_dates_the_fold_on_it(
    mem: HybridMemory, clock: FakeClock
) -> None:
    task_id, _ = _folded(mem, clock, "en")
    (fold,) = _summaries(mem)
    # The summary is a candidate by its words (its head names the task); the day decides.
    asked = "What did I chat with my companion about on August {}?"
    inside = mem.retrieve(asked.format(3), user_id="u", task_id=task_id, top_k=50)
    outside = mem.retrieve(asked.format(20), user_id="u", task_id=task_id, top_k=50)
    covered = {h.node.id: h.breakdown.features["time"] for h in inside.hits}
    after = {h.node.id: h.breakdown.features["time"] for h in outside.hits}
    # August 3 is inside the folded stretch (August 1-6): the summary covers it fully.
    assert covered.get(fold.id) == 1.0
    # August 20 is two weeks past its last source: the summary is not that day's.
    assert after[fold.id] < 0.01
    # A summary written before spans were recorded keeps the date it was written.
    assert inside.time_window is not None
    old = dataclasses.replace(
        fold, metadata={k: v for k, v in fold.metadata.items() if k != "span"}
    )
    assert moment_in(old, inside.time_window) == fold.created_at
    assert moment_in(fold, inside.time_window) == inside.time_window.start
