"""The OpenAI Agents SDK session backed by the buffer tier, driven by the SDK's own Runner and
its scripted model (no network): the history the agent sees is the SDK's own SQLite session's,
item for item, and what the user said worth keeping becomes memories citing the items."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

agents = pytest.importorskip(
    "agents", reason="openai-agents is not installed (pip install 'hybridmem[agents]')"
)

from agents import Agent, Runner, SQLiteSession, function_tool, set_tracing_disabled  # noqa: E402
from agents.memory import Session, SessionSettings  # noqa: E402
from agents.testing.model import ScriptedModel, assistant_message, function_call  # noqa: E402

from hybridmem import HashEmbedder, HybridMemory  # noqa: E402
from hybridmem.errors import InvalidArgumentError  # noqa: E402
from hybridmem.integrations.agents_sdk import HybridMemorySession  # noqa: E402

set_tracing_disabled(True)  # no trace export: the tests never reach the network


@function_tool
def weather(city: str) -> str:
    """The weather in a city."""
    return f"Sunny in {city}, 24 degrees"


def _script() -> list[Any]:
    return [
        [assistant_message("Noted: you live in Hamburg.", item_id="msg-1")],
        [function_call("weather", {"city": "Hamburg"}, call_id="call-1")],
        [assistant_message("It is sunny in Hamburg.", item_id="msg-2")],
    ]


async def _conversation(session: Any) -> ScriptedModel:
    model = ScriptedModel(_script())
    agent = Agent(name="helper", instructions="Be brief.", model=model, tools=[weather])
    await Runner.run(agent, "I live in Hamburg.", session=session)
    await Runner.run(agent, "What is the weather where I live?", session=session)
    return model


def test_runs_like_the_sdks_own_session_and_extracts_what_the_user_said(mem, tmp_path):
    ours = HybridMemorySession("chat-1", mem, user_id="u1")
    assert isinstance(ours, Session)  # the SDK's runtime protocol
    theirs = SQLiteSession("chat-1", str(tmp_path / "sdk.db"))

    ours_model = asyncio.run(_conversation(ours))
    theirs_model = asyncio.run(_conversation(theirs))

    items = asyncio.run(ours.get_items())
    assert items == asyncio.run(theirs.get_items())  # exactly as given, in order
    kinds = [i.get("type", "message") for i in items]
    assert kinds == [
        "message",
        "message",
        "message",
        "function_call",
        "function_call_output",
        "message",
    ]
    # The model saw the same history on every call (the session is what it reads back).
    for a, b in zip(ours_model.calls, theirs_model.calls, strict=True):
        assert a.input == b.input
    assert "I live in Hamburg." in str(ours_model.calls[1].input)

    # What the user said became a memory citing the item's message id; the tool's output did not.
    [fact] = mem.get_all(user_id="u1", node_type="fact")
    assert fact.content == "I live in Hamburg."
    [cited] = fact.source_ids
    buffered = {n.source_id: n for n in mem.get_all(user_id="u1", node_type="message", status=None)}
    assert buffered[cited].metadata["message_metadata"]["item"] == items[0]
    assert not [
        m for m in mem.get_all(user_id="u1") if "Sunny in" in m.content and m.tier != "buffer"
    ]
    assert ours.last_report is not None and ours.last_report.session_id == "chat-1"
    found = mem.retrieve("I live in Hamburg", user_id="u1", scope="user", top_k=20)
    assert fact.id in [h.node.id for h in found.hits]


def test_limit_pop_clear_and_reopen(mem_path, clock):
    items: list[Any] = [
        {"role": "user", "content": "I live in Lisbon."},
        {
            "type": "message",
            "role": "assistant",
            "id": "msg-7",
            "status": "completed",
            "content": [{"type": "output_text", "text": "Good to know.", "annotations": []}],
        },
        {"role": "user", "content": [{"type": "input_text", "text": "Remind me on Friday."}]},
        {"type": "reasoning", "id": "rs-1", "summary": []},
    ]
    with HybridMemory(mem_path, embedder=HashEmbedder(64), clock=clock) as mem:
        session = HybridMemorySession(
            "chat-2", mem, user_id="u1", session_settings=SessionSettings(limit=3)
        )
        assert asyncio.run(session.get_items()) == []
        assert asyncio.run(session.pop_item()) is None
        asyncio.run(session.add_items(items[:2]))
        clock.advance(seconds=5)
        asyncio.run(session.add_items(items[2:]))
        assert asyncio.run(session.get_items()) == items[1:]  # the settings' limit
        assert asyncio.run(session.get_items(limit=2)) == items[2:]
        assert asyncio.run(session.get_items(limit=0)) == []
        got = asyncio.run(session.get_items(limit=10))
        got[0]["content"] = "changed by the caller"  # a copy: the history is not changed
        assert asyncio.run(session.get_items(limit=10)) == items
        assert asyncio.run(session.pop_item()) == items[3]
    # The history is in the store: a new process reads it back.
    with HybridMemory(mem_path, embedder=HashEmbedder(64), clock=clock) as mem:
        session = HybridMemorySession("chat-2", mem, user_id="u1")
        assert asyncio.run(session.get_items()) == items[:3]
        # Another user's session of the same name is another conversation.
        assert asyncio.run(HybridMemorySession("chat-2", mem, user_id="u2").get_items()) == []
        asyncio.run(session.clear_session())
        assert asyncio.run(session.get_items()) == []
        # The memories extracted from the cleared items stay the user's.
        assert [f.content for f in mem.get_all(user_id="u1", node_type="fact")] == [
            "I live in Lisbon."
        ]
        asyncio.run(session.add_items(items[:1]))
        assert asyncio.run(session.get_items()) == items[:1]


def test_the_history_expires_with_the_buffer_and_the_memories_stay(mem, clock):
    session = HybridMemorySession("chat-3", mem, user_id="u1")
    asyncio.run(
        session.add_items(
            [
                {"role": "user", "content": "I work at the harbour office."},
                {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{}"},
                {"type": "function_call_output", "call_id": "c1", "output": "ok"},
            ]
        )
    )
    clock.advance(hours=mem.config.evolution.buffer_ttl_hours + 1)
    mem.maintain(user_id="u1")
    # One add_items call is one write, so it expires as a whole: never a call without output.
    assert asyncio.run(session.get_items()) == []
    facts = mem.get_all(user_id="u1", node_type="fact")
    assert [f.content for f in facts] == ["I work at the harbour office."]


def test_a_bad_item_writes_nothing(mem):
    session = HybridMemorySession("chat-4", mem, user_id="u1")
    with pytest.raises(InvalidArgumentError, match="response input item"):
        asyncio.run(session.add_items([{"role": "user", "content": "hello"}, 42]))  # type: ignore[list-item]
    with pytest.raises(InvalidArgumentError, match="JSON-serialisable"):
        asyncio.run(session.add_items([{"role": "user", "content": "x", "when": object()}]))  # type: ignore[list-item]
    assert asyncio.run(session.get_items()) == []
    assert mem.get_all(user_id="u1") == []


def test_a_store_that_seals_everything_refuses_a_history(tmp_path, clock):
    """The items sit whole in metadata, never encrypted: no plaintext beside sealed content."""
    from hybridmem.errors import EncryptionError
    from hybridmem.integrations.langchain_chat import HybridMemoryChatHistory
    from hybridmem.privacy import PrivacyConfig, generate_key

    privacy = PrivacyConfig(key=generate_key(), encrypt_all=True)
    with HybridMemory(tmp_path / "m", embedder=HashEmbedder(64), clock=clock, privacy=privacy) as m:
        assert m.encrypts_all
        with pytest.raises(EncryptionError, match="add_messages instead"):
            HybridMemorySession("chat-5", m, user_id="u1")
        with pytest.raises(EncryptionError, match="encrypt_all"):
            HybridMemoryChatHistory(m, "chat-5", user_id="u1")
        # The conversation itself still goes in, sealed.
        m.add_messages([{"role": "user", "content": "I live in Hamburg."}], user_id="u1")
        assert [f.content for f in m.get_all(user_id="u1", node_type="fact")] == [
            "I live in Hamburg."
        ]
