"""Tool calls and their results in the Agents SDK session: kept in the buffer as what they are
(a tool call, a tool result, with the tool's name), returned exactly by get_items/pop_item,
never read as a statement of the user's or an instruction, never a fact about the user."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

agents = pytest.importorskip(
    "agents", reason="openai-agents is not installed (pip install 'hybridmem[agents]')"
)

from agents import Agent, Runner, SQLiteSession, function_tool, set_tracing_disabled  # noqa: E402
from agents.testing.model import ScriptedModel, assistant_message, function_call  # noqa: E402

from hybridmem import HybridMemory  # noqa: E402
from hybridmem.conversation import IngestReport  # noqa: E402
from hybridmem.errors import InvalidArgumentError  # noqa: E402
from hybridmem.integrations.agents_sdk import HybridMemorySession  # noqa: E402

set_tracing_disabled(True)
U = "u1"


@function_tool
def lookup_profile(field: str) -> str:
    """A profile field (its output reads like a fact about the user, and must not become one)."""
    return "The user lives in Paris and is a vegetarian."


class _Recording(HybridMemorySession):
    """Keeps every add_items report (the Runner adds a turn's items in more than one call)."""

    reports: list[IngestReport]

    async def add_items(self, items: list[Any]) -> None:
        await super().add_items(items)
        if self.last_report is not None:
            self.reports.append(self.last_report)


def _run(session: Any) -> None:
    model = ScriptedModel(
        [
            [function_call("lookup_profile", {"field": "home"}, call_id="call-9")],
            [assistant_message("Your profile says Paris.", item_id="msg-9")],
        ]
    )
    agent = Agent(name="helper", instructions="Be brief.", model=model, tools=[lookup_profile])
    asyncio.run(Runner.run(agent, "Where do I live?", session=session))


def _buffer(mem: HybridMemory) -> dict[str, Any]:
    return {n.source_id: n for n in mem.get_all(user_id=U, node_type="message", status=None)}


def test_a_runners_tool_call_and_output_are_kept_as_tool_items(mem, tmp_path):
    ours = _Recording("chat-t", mem, user_id=U)
    ours.reports = []
    theirs = SQLiteSession("chat-t", str(tmp_path / "sdk.db"))
    _run(ours)
    _run(theirs)
    items = asyncio.run(ours.get_items())
    assert items == asyncio.run(theirs.get_items())  # exactly the SDK's own history
    assert [i.get("type", "message") for i in items] == [
        "message",
        "function_call",
        "function_call_output",
        "message",
    ]
    reasons = {s.message_id: s.reason for r in ours.reports for s in r.skipped}
    buffered = _buffer(mem)
    by_item = {n.metadata["message_metadata"]["seq"]: (mid, n) for mid, n in buffered.items()}
    call_id, call = by_item[1]
    output_id, output = by_item[2]
    assert (call.metadata["role"], call.metadata["tool"], call.metadata["name"]) == (
        "tool",
        "call",
        "lookup_profile",
    )
    assert (output.metadata["role"], output.metadata["tool"], output.metadata["name"]) == (
        "tool",
        "result",
        "lookup_profile",  # the output names only its call's id; the call names the tool
    )
    assert call.content.startswith("tool call lookup_profile: ")
    assert (
        output.content == "tool result lookup_profile: The user lives in Paris and is a vegetarian."
    )
    assert reasons[call_id].startswith("tool call (lookup_profile)")
    assert reasons[output_id].startswith("tool result (lookup_profile)")
    assert not any("system message" in r for r in reasons.values())
    # Nothing the tool said became a memory, of any type; what the user asked is an event.
    cited = {i for r in ours.reports for w in r.written for i in w.source_ids}
    assert call_id not in cited and output_id not in cited
    assert mem.get_all(user_id=U, node_type="fact") == []
    assert mem.get_all(user_id=U, node_type="preference") == []
    # pop_item gives the items back exactly, latest first.
    assert asyncio.run(ours.pop_item()) == items[3]
    assert asyncio.run(ours.pop_item()) == items[2]
    assert asyncio.run(ours.get_items()) == items[:2]


ITEMS: list[dict[str, Any]] = [
    {"role": "user", "content": "Find me flights to Oslo."},
    {
        "type": "web_search_call",
        "id": "ws-1",
        "status": "completed",
        "action": {"type": "search", "query": "flights Oslo"},
    },
    {
        "type": "custom_tool_call",
        "id": "ct-1",
        "call_id": "c-2",
        "name": "calendar",
        "input": "next free weekend",
    },
    {"type": "custom_tool_call_output", "call_id": "c-2", "output": "I am free on 14 June."},
    {
        "type": "mcp_call",
        "id": "mcp-1",
        "server_label": "travel",
        "name": "fares",
        "arguments": "{}",
        "output": "I live in Bergen.",
    },
    {"type": "reasoning", "id": "rs-1", "summary": []},
]


def test_documented_tool_item_shapes_round_trip_and_are_named(mem):
    session = HybridMemorySession("chat-d", mem, user_id=U)
    asyncio.run(session.add_items(ITEMS[:3]))
    first = session.last_report
    # The output of a call added in an earlier add_items is named after that call.
    asyncio.run(session.add_items(ITEMS[3:]))
    second = session.last_report
    assert first is not None and second is not None
    assert asyncio.run(session.get_items()) == ITEMS
    named = {
        n.metadata["message_metadata"]["seq"]: (n.metadata.get("tool"), n.metadata.get("name"))
        for n in _buffer(mem).values()
    }
    assert named == {
        0: (None, None),
        1: ("call", "web_search"),
        2: ("call", "calendar"),
        3: ("result", "calendar"),
        4: ("call", "fares"),
        5: (None, "reasoning"),
    }
    # "I am free on 14 June." and "I live in Bergen." are a tool's words, not the user's.
    assert mem.get_all(user_id=U, node_type="fact") == []
    assert mem.get_all(user_id=U, node_type="preference") == []
    reasons = [s.reason for r in (first, second) for s in r.skipped]
    assert sum(r.startswith("tool ") for r in reasons) == 4
    assert asyncio.run(session.pop_item()) == ITEMS[5]
    assert asyncio.run(session.pop_item()) == ITEMS[4]


def test_add_messages_takes_tool_messages_and_checks_them(mem):
    report = mem.add_messages(
        [
            {"id": "t1", "role": "tool", "tool": "call", "name": "weather", "content": "Paris"},
            {"id": "t2", "role": "tool", "name": "weather", "content": "I am sunny, 24 degrees."},
            {"id": "u1", "role": "user", "content": "I live in Paris."},
        ],
        user_id=U,
    )
    assert {s.message_id: s.reason for s in report.skipped} == {
        "t1": "tool call (weather): the agent's tool use, not a memory of the user",
        "t2": "tool result (weather): the agent's tool use, not a memory of the user",
    }
    assert [(w.node_type, w.source_ids) for w in report.written] == [
        ("fact", ("u1",)),
        ("event", ("u1",)),
    ]
    with pytest.raises(InvalidArgumentError, match=r"messages\[0\]\.tool is for a 'tool' message"):
        mem.add_messages([{"role": "user", "tool": "call", "content": "x"}], user_id=U)
    with pytest.raises(InvalidArgumentError, match=r"messages\[0\]\.tool must be one of"):
        mem.add_messages([{"role": "tool", "tool": "answer", "content": "x"}], user_id=U)
