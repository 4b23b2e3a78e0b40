"""An agent's tool use in a framework's conversation: LangChain's AIMessage.tool_calls and
ToolMessage, LlamaIndex's ToolCallBlock and tool-role ChatMessage. Each becomes a hybridmem
``tool`` message (``"tool": "call"|"result"``, named after its tool): kept in the buffer as
what it was, never a memory of the user, never dropped, never read as something said."""

from __future__ import annotations

import asyncio

from langchain_core.messages import (
    AIMessage,
    ChatMessage,
    FunctionMessage,
    HumanMessage,
    ToolMessage,
)
from llama_index.core.base.llms.types import ChatMessage as LlamaMessage
from llama_index.core.base.llms.types import TextBlock, ToolCallBlock

from hybridmem import HybridMemory
from hybridmem.integrations.langchain_chat import HybridMemoryChatHistory, to_messages
from hybridmem.integrations.llamaindex_memory import HybridMemoryBlock
from hybridmem.integrations.llamaindex_memory import to_messages as llama_messages

AGENT_TURN = [
    HumanMessage("I live in Hamburg. What is the weather and the time?", id="h1"),
    AIMessage(
        "Let me look both up.",
        id="a1",
        tool_calls=[
            {"name": "weather", "args": {"city": "Hamburg"}, "id": "c1"},
            {"name": "clock", "args": {"zone": "Europe/Berlin"}, "id": "c2"},
        ],
    ),
    # Neither names its tool: the call it answers does.
    ToolMessage("I live in Sunny Town, 24 degrees", tool_call_id="c1", id="t1"),
    ToolMessage("clock service unavailable", tool_call_id="c2", id="t2", status="error"),
    AIMessage("It is sunny and 24 degrees in Hamburg.", id="a2"),
]


def _buffer(mem: HybridMemory, user: str = "u1") -> dict[str, str]:
    """Message id -> its buffer node's text, for every message of the user's buffer."""
    nodes = mem.get_all(user_id=user, node_type="message", status=None)
    return {str(n.metadata["message_id"]): n.content for n in nodes}


def _facts(mem: HybridMemory, user: str = "u1") -> list[str]:
    return [f.content for f in mem.get_all(user_id=user, node_type="fact")]


# -- LangChain -------------------------------------------------------------------------------
def test_langchain_tool_calls_and_results_are_tool_messages(mem):
    mapped = to_messages(AGENT_TURN)
    assert [(m["id"], m["role"], m.get("tool"), m.get("name")) for m in mapped] == [
        ("h1", "user", None, None),
        ("a1", "assistant", None, None),  # what the assistant said, then each call it made
        ("a1#1", "tool", "call", "weather"),
        ("a1#2", "tool", "call", "clock"),
        ("t1", "tool", "result", "weather"),
        ("t2", "tool", "result", "clock"),
        ("a2", "assistant", None, None),
    ]
    assert mapped[2]["content"] == '{"city": "Hamburg"}'
    assert mapped[5]["content"] == "error: clock service unavailable"  # a failure says so

    report = mem.add_messages(mapped, user_id="u1")
    assert report.buffered == len(mapped)  # nothing dropped
    # The tool's output ("I live in Sunny Town") is never a fact about the user.
    assert _facts(mem) == ["I live in Hamburg."]
    assert not any("Sunny Town" in w.content for w in report.written)
    reasons = {s.message_id: s.reason for s in report.skipped}
    assert "tool use" in reasons["t1"] and "weather" in reasons["t1"]
    assert "tool call" in reasons["a1#1"]
    buffer = _buffer(mem)
    assert buffer["t1"].startswith("tool result weather: ")
    assert buffer["a1#2"].startswith("tool call clock: ")
    # The same history handed over again cites the same ids: nothing is taken twice.
    assert mem.add_messages(to_messages(AGENT_TURN), user_id="u1").buffered == 0


def test_langchain_legacy_function_and_chat_tool_roles():
    mapped = to_messages(
        [
            FunctionMessage("42", name="calculator", id="f1"),
            ChatMessage("done", role="tool", id="x1"),
            AIMessage("", id="a3", tool_calls=[{"name": "search", "args": {}, "id": "c9"}]),
        ]
    )
    assert [(m["role"], m.get("tool"), m.get("name"), m["id"]) for m in mapped] == [
        ("tool", "result", "calculator", "f1"),
        ("tool", "result", None, "x1"),
        ("tool", "call", "search", "a3"),  # no text: the call is the message
    ]


def test_chat_history_keeps_tool_messages_and_names_a_result_by_an_earlier_call(mem):
    history = HybridMemoryChatHistory(mem, "chat-tools", user_id="u1")
    history.add_messages(AGENT_TURN[:2])
    history.add_messages(AGENT_TURN[2:])  # the results come a turn after their calls
    assert history.messages == AGENT_TURN  # given back exactly as added
    buffer = _buffer(mem)
    [result] = [v for v in buffer.values() if "Sunny Town" in v]
    assert result.startswith("tool result weather: ")
    assert _facts(mem) == ["I live in Hamburg."]
    # An AIMessage with text is one item: its text is what the buffer says, its calls stay in
    # the item given back.
    assert any(v == "assistant: Let me look both up." for v in buffer.values())
    history.add_messages(
        [
            AIMessage(
                "",
                id="a9",
                tool_calls=[
                    {"name": "weather", "args": {"city": "Kiel"}, "id": "c3"},
                    {"name": "clock", "args": {}, "id": "c4"},
                ],
            )
        ]
    )
    calls = [v for v in _buffer(mem).values() if v.startswith("tool call weather, clock: ")]
    assert calls == ['tool call weather, clock: weather({"city": "Kiel"}); clock({})']
    assert history.messages[-1] == AIMessage(
        "",
        id="a9",
        tool_calls=[
            {"name": "weather", "args": {"city": "Kiel"}, "id": "c3"},
            {"name": "clock", "args": {}, "id": "c4"},
        ],
    )


# -- LlamaIndex ------------------------------------------------------------------------------
LLAMA_TURN = [
    LlamaMessage(role="user", content="I live in Hamburg. Weather?"),
    LlamaMessage(
        role="assistant",
        blocks=[
            TextBlock(text="Checking."),
            ToolCallBlock(tool_call_id="c1", tool_name="weather", tool_kwargs={"city": "Hamburg"}),
        ],
    ),
    # FunctionAgent's shape: the output names only its call.
    LlamaMessage(
        role="tool", content="I live in Sunny Town", additional_kwargs={"tool_call_id": "c1"}
    ),
    # An OpenAI-style call kept in additional_kwargs, and a function's output naming itself.
    LlamaMessage(
        role="assistant",
        content="",
        additional_kwargs={
            "tool_calls": [
                {"id": "c2", "type": "function", "function": {"name": "clock", "arguments": "{}"}}
            ]
        },
    ),
    LlamaMessage(role="function", content="12:00", additional_kwargs={"name": "clock"}),
]


def test_llamaindex_tool_calls_and_results_are_tool_messages(mem):
    mapped = llama_messages(LLAMA_TURN)
    assert [(m["role"], m.get("tool"), m.get("name"), m["content"]) for m in mapped] == [
        ("user", None, None, "I live in Hamburg. Weather?"),
        ("assistant", None, None, "Checking."),
        ("tool", "call", "weather", '{"city": "Hamburg"}'),
        ("tool", "result", "weather", "I live in Sunny Town"),
        ("tool", "call", "clock", "{}"),
        ("tool", "result", "clock", "12:00"),
    ]
    assert mapped[2]["id"] == mapped[1]["id"] + "#1"
    assert len({m["id"] for m in mapped}) == len(mapped)

    block = HybridMemoryBlock(memory=mem, user_id="u1", scope="user")
    asyncio.run(block.aput(list(LLAMA_TURN), session_id="li-tools"))
    report = block.last_report
    assert report.buffered == len(mapped)
    assert _facts(mem) == ["I live in Hamburg."]  # not "Sunny Town": a tool said that
    tools = [v for v in _buffer(mem).values() if v.startswith("tool ")]
    assert sorted(tools) == [
        "tool call clock: {}",
        'tool call weather: {"city": "Hamburg"}',
        "tool result clock: 12:00",
        "tool result weather: I live in Sunny Town",
    ]


def test_the_langgraph_store_takes_a_state_with_tool_use(mem):
    from hybridmem.integrations.langgraph import HybridMemoryStore

    store = HybridMemoryStore(mem)
    first = store.add_messages(("alice",), AGENT_TURN, session_id="thread-1")
    assert first.buffered == len(to_messages(AGENT_TURN))  # the calls and results too
    assert _facts(mem, "alice") == ["I live in Hamburg."]
    assert _buffer(mem, "alice")["a1#1"] == 'tool call weather: {"city": "Hamburg"}'
    # The whole state again, one turn longer: only the new turn is taken.
    state = [*AGENT_TURN, HumanMessage("Thanks!", id="h2")]
    assert store.add_messages(("alice",), state, session_id="thread-1").buffered == 1
