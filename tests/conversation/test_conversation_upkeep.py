"""What add_messages kept stays findable: the raw copies of kept messages out of retrieval,
the buffer check bounded, and a maintenance run weeks later folding a conversation's events
into their session's summary (found again through it) instead of fading them."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import pytest

from hybridmem import FakeClock, HybridMemory, MemoryConfig
from hybridmem.conversation import BUFFER_TYPE
from hybridmem.conversation.ingest import buffer_node_id

CHATS = {
    "en": {
        "kept": "I went to a jazz concert with Tom on Saturday.",
        "filler": "ok",
        "query": "jazz concert with Tom",
        "session": [
            ("user", "Did the vet look at Rex's leg yesterday?"),
            ("assistant", "Yes: a small fracture, it heals in six weeks."),
            ("user", "I started pottery classes on Tuesdays."),
            ("assistant", "Pottery sounds relaxing, what are you making?"),
            ("user", "A blue vase for my sister's birthday."),
            ("user", "My brother moved to Oslo for a new job."),
        ],
        "question": "What did the vet say about Rex's leg?",
        "single": "I finished reading Dune last night.",
    },
    "zh": {
        "kept": "上周末我和朋友去爬了香山。",
        "filler": "嗯嗯",
        "query": "爬香山",
        "session": [
            ("user", "兽医昨天看了旺财的腿吗？"),
            ("assistant", "看了：轻微骨折，六周就能长好。"),
            ("user", "我周二开始上陶艺课了。"),
            ("assistant", "陶艺听起来很放松，你在做什么？"),
            ("user", "给我妹妹生日做一个蓝色花瓶。"),
            ("user", "我哥哥为了新工作搬到了奥斯陆。"),
        ],
        "question": "兽医说旺财的腿怎么样？",
        "single": "我昨晚读完了《沙丘》。",
    },
}


def _messages(lang: str) -> list[dict[str, str]]:
    chat = CHATS[lang]
    return [
        {"id": f"t{i}", "role": role, "content": text}
        for i, (role, text) in enumerate(chat["session"])  # type: ignore[arg-type]
    ]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_kept_message_is_retrieved_as_its_memory_never_as_its_raw_copy(mem, lang):
    chat = CHATS[lang]
    report = mem.add_messages(
        [
            {"id": "k", "role": "user", "content": chat["kept"]},
            {"id": "f", "role": "user", "content": chat["filler"]},
        ],
        user_id="u",
        session_id="s",
    )
    copies = {
        n.source_id: n for n in mem.get_all(user_id="u", status=None) if n.node_type == BUFFER_TYPE
    }
    # Both said, both buffered first; the kept one's copy is provenance (archived at once),
    # the filler stays live in the buffer until it expires.
    assert copies["k"].status == "archived"
    assert copies["k"].metadata["archived_action"] == "extracted"
    assert copies["f"].status == "active" and copies["f"].tier == "buffer"
    event = next(w for w in report.written if w.node_type == "event")
    assert mem.get(event.node_id, user_id="u").source_ids == ("k",)
    assert copies["k"].id == buffer_node_id(report.session_node_id, "k")
    hits = mem.retrieve(chat["query"], user_id="u", top_k=5).hits
    assert hits and chat["kept"] in hits[0].node.content
    assert all(h.node.id != copies["k"].id for h in hits)
    # Written archived, so the vector index agrees from the start (nothing to repair).
    assert mem.verify().clean


def test_the_buffer_check_reads_the_batch_not_the_session(mem, monkeypatch):
    mem.add_messages(_messages("en"), user_id="u", session_id="s")

    def scan(*args, **kwargs):
        raise AssertionError("the whole session was read")

    monkeypatch.setattr(type(mem.store), "children", scan)
    again = mem.add_messages(_messages("en")[:3], user_id="u", session_id="s")
    assert again.buffered == 0
    assert {s.reason for s in again.skipped} == {"already in this session's buffer"}


def _compressed_chat(mem: HybridMemory, clock: FakeClock, lang: str) -> tuple[str, dict]:
    task = mem.add("Chat with Anna", node_type="task", user_id="u")
    other = mem.add("Something else", node_type="task", user_id="u")  # the active one
    report = mem.add_messages(_messages(lang), user_id="u", task_id=task.id, session_id="s1")
    assert mem.active_node(user_id="u").id == other.id
    clock.advance(days=30)
    mem.maintain(user_id="u")
    return task.id, {w.source_ids[0]: w.node_id for w in report.written if w.node_type == "event"}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_weeks_later_the_session_is_folded_and_its_turns_found_through_the_summary(
    mem, clock, lang
):
    task_id, events = _compressed_chat(mem, clock, lang)
    nodes = {n.id: n for n in mem.get_all(user_id="u", status=None)}
    summaries = [n for n in nodes.values() if n.node_type == "summary"]
    assert len(summaries) == 1 and summaries[0].status == "active"
    # Nothing extraction kept was faded: every archived event points at the live summary.
    for node_id in events.values():
        node = nodes[node_id]
        assert node.metadata.get("archived_action") != "fade"
        if node.status == "archived":
            assert node.metadata["summary_id"] == summaries[0].id
    hits = mem.retrieve(CHATS[lang]["question"], user_id="u", task_id=task_id, top_k=6).hits
    found = {h.node.id: h for h in hits}
    # The question turn, and the answer turn beside it in the session, lifted by it as
    # when both were live (the archived turns keep their neighbours).
    assert events["t0"] in found and events["t1"] in found
    assert found[events["t1"]].node.status == "archived"
    assert found[events["t1"]].breakdown.features["neighbour"] > 0


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_conversation_too_small_to_summarise_is_not_faded(mem, clock, lang):
    report = mem.add_messages(
        [{"id": "x", "role": "user", "content": CHATS[lang]["single"]}],
        user_id="u",
        session_id="one",
    )
    event = next(w.node_id for w in report.written if w.node_type == "event")
    clock.advance(days=120)
    mem.maintain(user_id="u")
    assert mem.get(event, user_id="u").status == "active"
    hits = mem.retrieve(CHATS[lang]["single"], user_id="u", top_k=3).hits
    assert hits[0].node.id == event


def test_without_compression_a_conversation_fades_as_before(tmp_path, clock):
    base = MemoryConfig()
    config = MemoryConfig(evolution=base.evolution.with_changes(compress=False))
    with HybridMemory(tmp_path / "m", embedder="hash", clock=clock, config=config) as mem:
        report = mem.add_messages(
            [{"id": "x", "role": "user", "content": CHATS["en"]["single"]}],
            user_id="u",
            session_id="one",
        )
        event = next(w.node_id for w in report.written if w.node_type == "event")
        clock.advance(days=120)
        mem.maintain(user_id="u")
        assert mem.get(event, user_id="u").status == "archived"


@pytest.mark.parametrize(
    ("lang", "question"),
    [("en", "What happened on 3 July 2024?"), ("zh", "2024年7月3日发生了什么？")],
)
def test_a_question_naming_a_day_unfolds_that_days_archived_turns(tmp_path, lang, question):
    base = MemoryConfig()
    # One unfolded source by words or vector: the day's turn must come from the time window.
    config = MemoryConfig(retrieval=replace(base.retrieval, unfold_sources=1))
    clock = FakeClock(datetime(2024, 7, 1, 9, tzinfo=UTC))
    with HybridMemory(tmp_path / "m", embedder="hash", clock=clock, config=config) as mem:
        task = mem.add("Chat with Anna", node_type="task", user_id="u")
        mem.add("Something else", node_type="task", user_id="u")
        messages = [
            {**m, "created_at": datetime(2024, 7, 1 + i, 10, tzinfo=UTC)}
            for i, m in enumerate(_messages(lang))
        ]
        report = mem.add_messages(messages, user_id="u", task_id=task.id, session_id="s1")
        day = next(w.node_id for w in report.written if w.source_ids == ("t2",))
        clock.advance(days=30)
        mem.maintain(user_id="u")
        assert mem.get(day, user_id="u").status == "archived"
        hits = mem.retrieve(question, user_id="u", task_id=task.id, top_k=8).hits
        assert day in {h.node.id for h in hits}
