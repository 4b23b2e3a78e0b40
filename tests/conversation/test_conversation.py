"""add_messages: a conversation in, the buffer tier first, typed memories with their sources out."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from hybridmem import HybridMemory
from hybridmem.conversation import BUFFER_TYPE, IngestReport
from hybridmem.conversation.llm_extract import LLMExtractor
from hybridmem.errors import (
    ContentTooLongError,
    InvalidArgumentError,
    InvalidContentError,
    LimitExceededError,
    LLMUnavailableError,
    NodeNotFoundError,
)

EN_CHAT = [
    {"id": "a1", "role": "user", "content": "Hi! I live in Berlin."},
    {"id": "a2", "role": "assistant", "content": "Nice to meet you. How long have you been there?"},
    {"id": "a3", "role": "user", "content": "What if I moved to Munich next year?"},
    {"id": "a4", "role": "user", "content": "Ugh, I'm so tired today."},
    {"id": "a5", "role": "user", "content": "ok"},
    {"id": "a6", "role": "user", "content": "I went to a jazz concert with Tom on Saturday."},
    {"id": "a7", "role": "user", "content": "I like my coffee black."},
]

ZH_CHAT = [
    {"id": "z1", "role": "user", "content": "我住在北京。"},
    {"id": "z2", "role": "user", "content": "如果我搬到上海会怎么样？"},
    {"id": "z3", "role": "user", "content": "今天好烦啊，老板又骂我了。"},
    {"id": "z4", "role": "user", "content": "嗯嗯"},
    {"id": "z5", "role": "user", "content": "上周末我和朋友去爬了香山。"},
    {"id": "z6", "role": "user", "content": "我喜欢喝美式咖啡。"},
]


def _kept(report: IngestReport) -> list[tuple[str, str, tuple[str, ...]]]:
    return [(w.node_type, w.content, w.source_ids) for w in report.written]


def _asides(mem: HybridMemory, report: IngestReport, user: str) -> dict[str, str]:
    return {
        w.source_ids[0]: mem.get(w.node_id, user_id=user).metadata["aside"]
        for w in report.written
        if "aside" in mem.get(w.node_id, user_id=user).metadata
    }


def test_an_english_chat_gives_exactly_the_memories_worth_keeping(mem: HybridMemory):
    report = mem.add_messages(EN_CHAT, user_id="u1")
    assert _kept(report) == [
        ("fact", "I live in Berlin.", ("a1",)),
        ("event", "user: I live in Berlin.", ("a1",)),
        ("event", "assistant: Nice to meet you. How long have you been there?", ("a2",)),
        ("event", "user: What if I moved to Munich next year?", ("a3",)),
        ("event", "user: Ugh, I'm so tired today.", ("a4",)),
        ("event", "user: I went to a jazz concert with Tom on Saturday.", ("a6",)),
        ("preference", "I like my coffee black.", ("a7",)),
        ("event", "user: I like my coffee black.", ("a7",)),
    ]
    # Said, so kept as what was said; never as a fact: marked with why.
    assert _asides(mem, report, "u1") == {"a3": "hypothetical", "a4": "passing emotion"}
    assert {s.message_id: s.reason for s in report.skipped} == {"a5": "filler or greeting"}
    assert report.buffered == len(EN_CHAT)
    # Facts and preferences follow the user (under the root); events stay in the session.
    root = mem.root(user_id="u1")
    assert root is not None
    by_id = {w.node_id: mem.get(w.node_id, user_id="u1") for w in report.written}
    for written in report.written:
        node = by_id[written.node_id]
        parent = root.id if written.node_type in ("fact", "preference") else report.session_node_id
        assert node.parent_id == parent
        assert node.source_ids == written.source_ids
        assert node.to_dict()["source_ids"] == list(written.source_ids)
    # No hypothetical home and no mood became a fact or a preference.
    standing = [n.content for n in mem.get_all(user_id="u1", node_type=["fact", "preference"])]
    assert not any("Munich" in c or "tired" in c for c in standing)
    assert mem.current_value("user.residence", user_id="u1").content == "I live in Berlin."


def test_a_chinese_chat_keeps_chinese_memories(mem: HybridMemory):
    report = mem.add_messages(ZH_CHAT, user_id="u2")
    assert _kept(report) == [
        ("fact", "我住在北京。", ("z1",)),
        ("event", "user: 我住在北京。", ("z1",)),
        ("event", "user: 如果我搬到上海会怎么样？", ("z2",)),
        ("event", "user: 今天好烦啊，老板又骂我了。", ("z3",)),
        ("event", "user: 上周末我和朋友去爬了香山。", ("z5",)),
        ("preference", "我喜欢喝美式咖啡。", ("z6",)),
        ("event", "user: 我喜欢喝美式咖啡。", ("z6",)),
    ]
    assert _asides(mem, report, "u2") == {"z2": "hypothetical", "z3": "passing emotion"}
    assert [s.message_id for s in report.skipped] == ["z4"]


@pytest.mark.parametrize(
    ("first", "second", "old", "new"),
    [
        ("I live in Berlin.", "I moved to Hamburg last week.", "Berlin", "Hamburg"),
        ("我住在北京。", "我搬到深圳了。", "北京", "深圳"),
    ],
)
def test_a_value_change_joins_the_old_values_group(mem, clock, first, second, old, new):
    one = mem.add_messages([{"role": "user", "content": first}], user_id="u")
    clock.advance(days=2)
    two = mem.add_messages([{"role": "user", "content": second}], user_id="u")
    [change] = two.value_changes
    assert change.node_id == two.written[0].node_id
    assert change.previous == (one.written[0].node_id,)
    old_node = mem.get(one.written[0].node_id, user_id="u")
    new_node = mem.get(two.written[0].node_id, user_id="u")
    assert old in old_node.content and new in new_node.content
    assert old_node.conflict_group == new_node.conflict_group is not None


def test_a_repeated_fact_merges_into_the_memory_it_repeats(mem, clock):
    first = mem.add_messages([{"role": "user", "content": "I like my coffee black."}], user_id="u")
    clock.advance(days=3)
    again = mem.add_messages(
        [{"role": "user", "content": "I like my coffee black."}], user_id="u", session_id="later"
    )
    assert again.written[0].merged
    assert again.written[0].node_id == first.written[0].node_id
    prefs = [n for n in mem.get_all(user_id="u") if n.node_type == "preference"]
    assert len(prefs) == 1 and prefs[0].metadata["mentions"] == 2


def test_the_whole_history_handed_over_again_is_not_taken_twice(mem):
    mem.add_messages(EN_CHAT[:3], user_id="u", session_id="s1")
    report = mem.add_messages(EN_CHAT, user_id="u", session_id="s1")
    assert report.buffered == len(EN_CHAT) - 3
    assert [s.message_id for s in report.skipped][:3] == ["a1", "a2", "a3"]
    assert all(s.reason == "already in this session's buffer" for s in report.skipped[:3])
    buffered = [n for n in mem.get_all(user_id="u", status=None) if n.node_type == BUFFER_TYPE]
    assert sorted(n.source_id for n in buffered) == sorted(m["id"] for m in EN_CHAT)


def test_buffer_messages_expire_and_extracted_memories_stay(mem, clock):
    report = mem.add_messages(EN_CHAT, user_id="u")
    buffered = [n for n in mem.get_all(user_id="u", status=None) if n.node_type == BUFFER_TYPE]
    assert len(buffered) == len(EN_CHAT)
    assert {n.tier for n in buffered} == {"buffer"}
    assert {n.metadata["role"] for n in buffered} == {"user", "assistant"}
    clock.advance(hours=mem.config.evolution.buffer_ttl_hours + 1)
    mem.maintain(user_id="u")
    left = mem.get_all(user_id="u")
    # Every raw copy is gone: the live filler and the archived copies of what was kept.
    assert not [n for n in mem.get_all(user_id="u", status=None) if n.node_type == BUFFER_TYPE]
    assert {w.node_id for w in report.written} <= {n.id for n in left}


def test_events_go_under_the_task_and_facts_follow_the_user(mem):
    task = mem.add("Plan the Lisbon trip", node_type="task", user_id="u")
    other = mem.add("Tax return 2025", node_type="task", user_id="u")
    report = mem.add_messages(
        [
            {"role": "user", "content": "I booked the flight to Lisbon for May 3rd."},
            {"role": "user", "content": "I live in Berlin."},
        ],
        user_id="u",
        task_id=task.id,
    )
    event = mem.get(report.written[0].node_id, user_id="u")
    assert event.task_id == task.id
    session = mem.get(report.session_node_id, user_id="u")
    assert session.parent_id == task.id
    hits = mem.retrieve("where do I live?", user_id="u", task_id=other.id).hits
    assert any("Berlin" in h.node.content for h in hits)


def test_messages_keep_their_times(mem):
    said = datetime(2024, 5, 4, 18, 30, tzinfo=UTC)
    report = mem.add_messages(
        [
            {
                "role": "user",
                "content": "I adopted a cat named Miso.",
                "created_at": said.isoformat(),
            }
        ],
        user_id="u",
    )
    assert mem.get(report.written[0].node_id, user_id="u").created_at == said
    assert report.session_id == "chat-2024-05-04"


@pytest.mark.parametrize(
    ("messages", "error", "says"),
    [
        ("hello", InvalidArgumentError, "messages must be a list"),
        ([{"content": "x"}], InvalidArgumentError, "messages[0].role"),
        ([{"role": "bot", "content": "x"}], InvalidArgumentError, "messages[0].role"),
        ([{"role": "user", "content": " "}], Exception, "messages[0].content"),
        ([{"role": "user", "content": 3}], InvalidContentError, "messages[0].content"),
        ([{"role": "user", "content": "x", "when": 1}], InvalidArgumentError, "unknown field"),
        (
            [
                {"role": "user", "content": "a", "id": "x"},
                {"role": "user", "content": "b", "id": "x"},
            ],
            InvalidArgumentError,
            "messages[1].id",
        ),
        ([{"role": "user", "content": "x", "created_at": "May"}], InvalidArgumentError, "ISO"),
        ([{"role": "user", "content": "x", "id": "a\nb"}], InvalidArgumentError, "messages[0].id"),
        ([], InvalidArgumentError, "empty"),
    ],
)
def test_bad_messages_are_refused_with_the_message_named(mem, messages, error, says):
    with pytest.raises(error, match=None) as caught:
        mem.add_messages(messages, user_id="u")
    assert says in str(caught.value)
    assert mem.get_all(user_id="u") == []


def test_a_too_long_message_names_the_limit(mem):
    long = "x" * mem.config.max_content_chars
    with pytest.raises(ContentTooLongError, match=r"messages\[0\]"):
        mem.add_messages([{"role": "user", "content": long}], user_id="u")


def test_a_task_of_another_user_or_a_non_task_is_refused(mem):
    task = mem.add("Someone else's task", node_type="task", user_id="other")
    with pytest.raises(NodeNotFoundError):
        mem.add_messages([{"role": "user", "content": "hi"}], user_id="u", task_id=task.id)
    fact = mem.add("I live in Berlin.", node_type="fact", user_id="u")
    with pytest.raises(InvalidArgumentError, match="not a task"):
        mem.add_messages([{"role": "user", "content": "hi"}], user_id="u", task_id=fact.id)


def test_a_refused_write_writes_nothing(open_mem, embedder, clock):
    from hybridmem import MemoryConfig

    with open_mem(
        "m", embedder=embedder, clock=clock, config=MemoryConfig(max_nodes_per_user=5)
    ) as mem:
        with pytest.raises(LimitExceededError):
            mem.add_messages(EN_CHAT, user_id="u")
        assert mem.get_all(user_id="u") == []


class _Client:
    def __init__(self, reply: str | Exception) -> None:
        self.reply = reply
        self.calls = 0

    def complete(self, system: str, user: str) -> str:
        self.calls += 1
        if isinstance(self.reply, Exception):
            raise self.reply
        return self.reply


@pytest.mark.parametrize(
    "reply",
    [
        "not json at all",
        json.dumps({"memories": [{"type": "fact", "content": "x", "sources": ["nope"]}]}),
        json.dumps({"memories": [{"type": "gossip", "content": "x", "sources": ["a1"]}]}),
        # A fact about the user resting on the assistant's words alone.
        json.dumps({"memories": [{"type": "fact", "content": "x", "sources": ["a2"]}]}),
        LLMUnavailableError("endpoint down"),
    ],
)
def test_a_bad_llm_reply_falls_back_to_the_rules_with_nothing_lost(mem, reply):
    client = _Client(reply)
    mem.set_message_extractor(LLMExtractor(client))
    report = mem.add_messages(EN_CHAT, user_id="u")
    assert client.calls == 1
    assert report.extractor == "rules"
    assert report.fallback is not None
    assert report.written[0].content == "I live in Berlin."
    assert report.buffered == len(EN_CHAT)


def test_a_good_llm_reply_is_used_with_its_sources(mem):
    reply = json.dumps(
        {
            "memories": [
                {"type": "fact", "content": "Lives in Berlin", "sources": ["a1"]},
                {"type": "decision", "content": "Will see Tom again", "sources": ["a6", "a7"]},
            ]
        }
    )
    mem.set_message_extractor(LLMExtractor(_Client(reply)))
    report = mem.add_messages(EN_CHAT, user_id="u")
    assert report.extractor == "llm" and report.fallback is None
    assert _kept(report) == [
        ("fact", "Lives in Berlin", ("a1",)),
        ("decision", "user: Will see Tom again", ("a6", "a7")),
    ]
    mem.set_message_extractor(None)
    assert mem.add_messages([{"role": "user", "content": "ok"}], user_id="u").extractor == "rules"


# -- front ends ------------------------------------------------------------------------------
def test_the_tool_set_takes_a_conversation(mem):
    from hybridmem.integrations.tools import ToolBox

    box = ToolBox(mem, user_id="u")
    out = box.call("add_messages", {"messages": EN_CHAT[:2]})
    assert [w["source_ids"] for w in out["written"]] == [["a1"], ["a1"], ["a2"]]
    with pytest.raises(InvalidArgumentError, match=r"messages\.0\.role"):
        box.call("add_messages", {"messages": [{"role": "bot", "content": "x"}]})


def test_the_rest_api_takes_a_conversation(mem):
    from fastapi.testclient import TestClient

    from hybridmem.server import create_app

    with TestClient(create_app(mem)) as client:
        r = client.post("/v1/messages", json={"user_id": "u", "messages": ZH_CHAT})
        assert r.status_code == 201, r.text
        assert r.json()["written"][0]["content"] == "我住在北京。"
        bad = client.post("/v1/messages", json={"user_id": "u", "messages": [{"role": "x"}]})
        assert bad.status_code == 422 and "messages[0].role" in bad.text


def test_the_cli_ingests_a_transcript(tmp_path):
    from typer.testing import CliRunner

    from hybridmem.cli import app

    chat = tmp_path / "chat.jsonl"
    chat.write_text("\n".join(json.dumps(m) for m in EN_CHAT) + "\n", encoding="utf-8")
    db = str(tmp_path / "store")
    args = ["ingest", str(chat), "--db", db, "--user", "u", "--embedder", "hash", "--json"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["buffered"] == len(EN_CHAT) and out["written"] == 8 and out["skipped"] == 1
    assert out["indexed"] > 0  # the command leaves no vector for the next open to write
    from hybridmem import HybridMemory

    with HybridMemory(db, embedder="hash") as mem:
        assert mem.open_report.finished_pending == 0
        assert mem.stats().by_index_state.get("pending", 0) == 0
    # The same transcript again: every message is already in the session's buffer.
    again = json.loads(CliRunner().invoke(app, args).output)
    assert again["buffered"] == 0 and again["skipped"] == len(EN_CHAT)
    chat.write_text(json.dumps(EN_CHAT[0]) + "\n" + '{"role": "bot", "content": "x"}\n')
    bad = CliRunner().invoke(app, ["ingest", str(chat), "--db", db, "--user", "v"])
    assert bad.exit_code != 0 and f"{chat}:2" in bad.output


def test_a_scoped_agent_hands_over_its_conversation(mem):
    planner = mem.scoped(user_id="u", agent_id="planner", session_id="kickoff")
    report = planner.add_messages(EN_CHAT[:2])
    assert report.session_id == "kickoff"
    for written in report.written:
        assert mem.get(written.node_id, user_id="u").agent_id == "planner"
