"""The add_messages tool (one definition: the ToolBox, the OpenAI dispatcher, the MCP server)
takes every message add_messages takes: the four roles, a tool's call and result with the
tool's name, metadata; a bad role or tool kind is refused naming what was given."""

from __future__ import annotations

import json
from typing import Any

import anyio
import pytest
from mcp import Client

from hybridmem import HybridMemory
from hybridmem.errors import InvalidArgumentError
from hybridmem.integrations.mcp_server import build_server
from hybridmem.integrations.openai_tools import OpenAIToolDispatcher
from hybridmem.integrations.tools import ToolBox

TURN = [
    {"id": "u1", "role": "user", "content": "I live in Porto."},
    {"id": "s1", "role": "system", "content": "Answer briefly."},
    {"id": "c1", "role": "tool", "tool": "call", "name": "weather", "content": '{"city": "Porto"}'},
    {"id": "r1", "role": "tool", "name": "weather", "content": "I live in Sunny Town"},
    {"id": "a1", "role": "assistant", "content": "It is sunny.", "metadata": {"turn": 3}},
]


def _buffered(mem: HybridMemory, user: str) -> dict[str, Any]:
    return {
        n.metadata["message_id"]: n
        for n in mem.get_all(user_id=user, node_type="message", status=None)
    }


def _check_written(mem: HybridMemory, user: str, report: dict[str, Any]) -> None:
    assert report["buffered"] == len(TURN)
    facts = [w["content"] for w in report["written"] if w["node_type"] == "fact"]
    assert facts == ["I live in Porto."]  # a tool's output is never a fact about the user
    skipped = {s["message_id"]: s["reason"] for s in report["skipped"]}
    assert "tool call (weather)" in skipped["c1"] and "tool result (weather)" in skipped["r1"]
    buffer = _buffered(mem, user)
    assert buffer["r1"].content == "tool result weather: I live in Sunny Town"
    assert buffer["r1"].metadata["tool"] == "result"  # the default kind of a tool message
    assert buffer["c1"].metadata["tool"] == "call"
    assert buffer["a1"].metadata["message_metadata"] == {"turn": 3}


def test_the_toolbox_takes_every_role_and_names_a_bad_one(mem):
    box = ToolBox(mem, user_id="alice")
    _check_written(mem, "alice", box.call("add_messages", {"messages": TURN}))
    with pytest.raises(InvalidArgumentError, match=r"messages\.0\.role.*got 'robot'"):
        box.call("add_messages", {"messages": [{"role": "robot", "content": "beep"}]})
    with pytest.raises(InvalidArgumentError, match=r"messages\.0\.tool.*got 'answer'"):
        box.call("add_messages", {"messages": [{"role": "tool", "tool": "answer", "content": "x"}]})
    # The kind belongs to a tool message: the engine's own check, named.
    with pytest.raises(InvalidArgumentError, match=r"messages\[0\]\.tool is for a 'tool' message"):
        box.call("add_messages", {"messages": [{"role": "user", "tool": "call", "content": "x"}]})
    assert len(_buffered(mem, "alice")) == len(TURN)  # the refused calls wrote nothing


def test_the_openai_dispatcher_takes_tool_messages(mem):
    dispatcher = OpenAIToolDispatcher(mem, user_id="bob")
    arguments = json.dumps({"messages": TURN})
    call = {
        "id": "x1",
        "type": "function",
        "function": {"name": "add_messages", "arguments": arguments},
    }
    [reply] = dispatcher.run({"role": "assistant", "tool_calls": [call]})
    _check_written(mem, "bob", json.loads(reply["content"]))
    bad = json.dumps({"messages": [{"role": "robot", "content": "beep"}]})
    call = {"id": "x2", "type": "function", "function": {"name": "add_messages", "arguments": bad}}
    [refused] = dispatcher.run({"role": "assistant", "tool_calls": [call]})
    assert "robot" in refused["content"] and "role" in refused["content"]


def test_the_mcp_tool_takes_tool_messages_and_names_a_bad_role(mem):
    server = build_server(mem, user_id="carol")

    async def run() -> tuple[Any, Any]:
        async with Client(server) as client:
            good = await client.call_tool("add_messages", {"messages": TURN})
            bad = await client.call_tool(
                "add_messages", {"messages": [{"role": "robot", "content": "beep"}]}
            )
            return good, bad

    good, bad = anyio.run(run)
    assert not good.is_error, good.content
    report = good.structured_content or json.loads(good.content[0].text)
    _check_written(mem, "carol", report)
    assert bad.is_error
    assert "role" in bad.content[0].text and "robot" in bad.content[0].text
