"""A companion's chat history, one message a day: small idle sessions fold together.

Each day's message is a session of its own (``add_messages``' default session), smaller than
``compress_min_sources``, so compression alone never summarised any of them and they stayed
live. Maintenance folds idle sibling sessions into one summary (a silence of
``compress_idle_days`` starts a new one), fewer live tokens than the events, every message
still found through retrieval, the active session never folded. Real SQLite and Chroma in
tmp_path, the hash embedder, a fake clock.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from hybridmem import FakeClock, HybridMemory

DAYS = {
    "en": [
        "I went hiking with my dog Max at Crater Lake.",
        "My sister Lena baked a lemon cake for my birthday.",
        "I finally fixed the leaking kitchen tap myself.",
        "Our choir rehearsed the Mozart requiem tonight.",
        "I planted tomatoes and basil on the balcony.",
        "Grandpa told me stories about his sailing trips.",
        "I started learning the cello with Mrs Park.",
        "We watched the meteor shower from the rooftop.",
        "I volunteered at the animal shelter on Saturday.",
        "My colleague Ravi gave me a bonsai tree.",
        "I painted the fence of our garden bright blue.",
        "We found a lost kitten under the old bridge.",
    ],
    "zh": [
        "我带着狗狗小黑去火山湖徒步了。",
        "姐姐丽娜给我烤了一个柠檬蛋糕过生日。",
        "我终于自己修好了厨房漏水的水龙头。",
        "合唱团今晚排练了莫扎特的安魂曲。",
        "我在阳台上种了番茄和罗勒。",
        "爷爷给我讲了他年轻时出海航行的故事。",
        "我开始跟朴老师学大提琴了。",
        "我们在屋顶上看了流星雨。",
        "周六我去动物收容所做了志愿者。",
        "同事拉维送了我一盆盆景。",
        "我把花园的篱笆刷成了亮蓝色。",
        "我们在旧桥下面发现了一只走失的小猫。",
    ],
}
# Two stretches of talk a silence apart: days 0-5 daily, then from day 50 every other day.
OFFSETS = [0, 1, 2, 3, 4, 5, 50, 52, 54, 56, 58, 60]
START = datetime(2024, 8, 1, 20, 0, tzinfo=UTC)


def _chat(mem: HybridMemory, clock: FakeClock, lang: str) -> tuple[str, dict[str, str]]:
    """The history, one add_messages call (one session) a day; the task, and message id ->
    event id."""
    task = mem.add("Chat with my companion", node_type="task", user_id="u")
    events: dict[str, str] = {}
    for i, (offset, text) in enumerate(zip(OFFSETS, DAYS[lang], strict=True)):
        at = START + timedelta(days=offset)
        clock.set(at)
        message = {"id": f"m{i}", "role": "user", "content": text, "created_at": at}
        report = mem.add_messages([message], user_id="u", task_id=task.id)
        (event,) = [w for w in report.written if w.node_type == "event"]
        events[f"m{i}"] = event.node_id
    return task.id, events


def _live_tokens(mem: HybridMemory) -> int:
    nodes = mem.get_all(user_id="u", status="active", limit=10_000)
    return sum(
        mem.counter.count(n.content)
        for n in nodes
        if n.node_type not in ("root", "task", "session", "message")
    )


def _folds(mem: HybridMemory) -> list:
    return [
        n
        for n in mem.get_all(user_id="u", status="active", limit=10_000)
        if n.node_type == "summary"
    ]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_month_later_daily_sessions_are_folded_and_every_message_is_found(
    mem: HybridMemory, clock: FakeClock, lang: str
) -> None:
    task_id, events = _chat(mem, clock, lang)
    event_tokens = sum(mem.counter.count(mem.get(i, user_id="u").content) for i in events.values())
    clock.advance(days=30)
    report = mem.maintain(user_id="u")
    folds = _folds(mem)
    # One summary per stretch of talk: the silence between them starts a new one.
    assert len(folds) == 2
    assert sorted(len(f.metadata["folds"]) for f in folds) == [6, 6]
    assert all(f.parent_id == task_id for f in folds)
    assert report.counts.get("compress_create") == 2
    assert _live_tokens(mem) < event_tokens
    by_session = {s: f.id for f in folds for s in f.metadata["folds"]}
    for message_id, event_id in events.items():
        event = mem.get(event_id, user_id="u")
        # Folded, never faded: archived with a pointer to the live summary of its session.
        assert event.status == "archived"
        assert event.metadata["archived_action"] == "compress"
        assert event.metadata["summary_id"] == by_session[str(event.parent_id)]
        text = DAYS[lang][int(message_id[1:])]
        hits = mem.retrieve(text, user_id="u", task_id=task_id, top_k=5, record_access=False)
        assert message_id in {c for h in hits.hits for c in h.covers}, text
    # Idempotent: a second run at the same moment has nothing left to fold.
    again = mem.maintain(user_id="u")
    assert not {"compress_create", "compress_update", "compress"} & set(again.counts)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_active_session_and_recent_ones_are_never_folded(
    mem: HybridMemory, clock: FakeClock, lang: str
) -> None:
    _, events = _chat(mem, clock, lang)
    # The user comes back to the first day's conversation: it is the active node.
    first = mem.get(events["m0"], user_id="u").parent_id
    assert first is not None
    mem.set_active(first, user_id="u")
    clock.advance(days=3)  # the last stretch's latest days are not idle yet
    mem.maintain(user_id="u")
    folded = {s for f in _folds(mem) for s in f.metadata["folds"]}
    assert first not in folded
    assert mem.get(events["m0"], user_id="u").status == "active"
    recent = [
        mem.get(events[f"m{i}"], user_id="u")
        for i, offset in enumerate(OFFSETS)
        if START + timedelta(days=offset) > clock() - timedelta(days=14)
    ]
    assert recent and all(e.status == "active" for e in recent)
    assert all(e.parent_id not in folded for e in recent)


def test_a_fold_grows_with_the_next_sessions_and_decompresses_whole(
    mem: HybridMemory, clock: FakeClock
) -> None:
    task_id, events = _chat(mem, clock, "en")
    # Six days after the last: the conversation goes on, no silence.
    clock.set(START + timedelta(days=66))
    message = {"id": "n", "role": "user", "content": "I repaired my bike.", "created_at": clock()}
    (later,) = mem.add_messages([message], user_id="u", task_id=task_id).written
    clock.set(START + timedelta(days=75))  # day 60 idle, day 66 not yet
    mem.maintain(user_id="u")
    late = next(f for f in _folds(mem) if events["m11"] in f.metadata["derived_from"])
    assert len(late.metadata["folds"]) == 6
    assert mem.get(later.node_id, user_id="u").status == "active"
    clock.advance(days=10)  # now day 66 is idle too: the same fold takes it
    report = mem.maintain(user_id="u")
    assert report.counts.get("compress_update") == 1
    assert not report.counts.get("compress_create")
    grown = mem.get(late.id, user_id="u")
    assert len(grown.metadata["folds"]) == 7
    assert mem.get(later.node_id, user_id="u").metadata["summary_id"] == late.id
    # Decompressing the fold brings every session's members back, and they stay live while
    # the sessions were decompressed recently.
    restored = mem.decompress(late.id, user_id="u")
    assert len(restored) == 7
    assert mem.get(late.id, user_id="u").status == "archived"
    again = mem.maintain(user_id="u")
    assert not again.counts.get("compress")
    assert all(mem.get(n.id, user_id="u").status == "active" for n in restored)
