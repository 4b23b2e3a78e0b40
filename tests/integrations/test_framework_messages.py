"""Frameworks hand memory their conversation in their own message types: LangChain messages
(and LangGraph's state["messages"]), LangChain's chat history interface, LlamaIndex's memory
blocks. Each goes through add_messages: the buffer first, then extraction with sources."""

from __future__ import annotations

import asyncio

import pytest
from langchain_core.chat_history import BaseChatMessageHistory
from langchain_core.language_models.fake_chat_models import FakeListChatModel
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage
from langchain_core.prompts import ChatPromptTemplate, MessagesPlaceholder
from langchain_core.runnables.history import RunnableWithMessageHistory
from llama_index.core.llms import ChatMessage
from llama_index.core.memory import Memory

from hybridmem.errors import InvalidArgumentError
from hybridmem.integrations.langchain_chat import HybridMemoryChatHistory, to_messages
from hybridmem.integrations.langgraph import HybridMemoryStore
from hybridmem.integrations.llamaindex_memory import HybridMemoryBlock
from hybridmem.integrations.llamaindex_memory import to_messages as llama_messages

CHAT = [
    SystemMessage("You are a travel assistant.", id="s0"),
    HumanMessage("I live in Hamburg.", id="h1", name="Anna"),
    AIMessage(
        "",
        id="a1",
        tool_calls=[{"name": "weather", "args": {"city": "Hamburg"}, "id": "c1"}],
    ),
    ToolMessage("Sunny, 24 degrees", tool_call_id="c1", name="weather", id="t1"),
    AIMessage([{"type": "text", "text": "It is sunny in Hamburg."}], id="a2"),
]


def _facts(mem, user: str = "u1") -> list[str]:
    return [f.content for f in mem.get_all(user_id=user, node_type="fact")]


# -- LangChain messages ------------------------------------------------------------------------
def test_langchain_messages_map_roles_ids_and_names(mem):
    mapped = to_messages(CHAT)
    assert [(m["role"], m["id"]) for m in mapped] == [
        ("system", "s0"),
        ("user", "h1"),
        ("tool", "a1"),  # a tool call, not something the assistant said
        ("tool", "t1"),
        ("assistant", "a2"),
    ]
    assert mapped[1]["name"] == "Anna" and mapped[1]["content"] == "I live in Hamburg."
    assert mapped[2] | {"id": None} == {
        "role": "tool",
        "tool": "call",
        "name": "weather",
        "content": '{"city": "Hamburg"}',
        "id": None,
    }
    assert mapped[3]["tool"] == "result" and mapped[3]["name"] == "weather"
    assert mapped[3]["content"] == "Sunny, 24 degrees"
    assert mapped[4]["content"] == "It is sunny in Hamburg."  # the text of the content blocks
    # Dicts and (role, text) pairs are LangChain message-likes too.
    assert to_messages([("user", "hi"), {"role": "assistant", "content": "hello"}]) == [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": "hello"},
    ]
    report = mem.add_messages(mapped, user_id="u1")
    [fact] = [w for w in report.written if w.node_type == "fact"]
    assert fact.content == "I live in Hamburg." and fact.source_ids == ("h1",)
    assert not any("Sunny" in w.content for w in report.written)  # a tool's output is no memory
    with pytest.raises(InvalidArgumentError, match="LangChain messages"):
        to_messages("I live in Hamburg")


def test_chat_history_is_langchains_interface_and_gives_messages_back_unchanged(mem_path, clock):
    from hybridmem import HashEmbedder, HybridMemory

    with HybridMemory(mem_path, embedder=HashEmbedder(64), clock=clock) as mem:
        history = HybridMemoryChatHistory(mem, "chat-1", user_id="u1")
        assert isinstance(history, BaseChatMessageHistory)
        history.add_messages(CHAT[:3])
        history.add_messages(CHAT[3:])
        assert history.messages == CHAT
        assert _facts(mem) == ["I live in Hamburg."]
        assert history.last_report is not None and history.last_report.buffered == 2
    with HybridMemory(mem_path, embedder=HashEmbedder(64), clock=clock) as mem:
        history = HybridMemoryChatHistory(mem, "chat-1", user_id="u1")
        assert history.messages == CHAT  # kept in the store
        assert asyncio.run(history.aget_messages()) == CHAT
        assert HybridMemoryChatHistory(mem, "chat-2", user_id="u1").messages == []
        history.clear()
        assert history.messages == [] and _facts(mem) == ["I live in Hamburg."]


# Deprecated in favour of LangGraph persistence (the store above), yet still the consumer of
# BaseChatMessageHistory that LangChain ships.
@pytest.mark.filterwarnings("ignore:RunnableWithMessageHistory is deprecated")
def test_chat_history_under_runnable_with_message_history(mem):
    model = FakeListChatModel(responses=["Noted: Hamburg.", "You live in Hamburg."])
    prompt = ChatPromptTemplate.from_messages(
        [MessagesPlaceholder("history"), ("human", "{question}")]
    )
    histories: dict[str, HybridMemoryChatHistory] = {}

    def history_for(session_id: str) -> HybridMemoryChatHistory:
        return histories.setdefault(
            session_id, HybridMemoryChatHistory(mem, session_id, user_id="u1")
        )

    chain = RunnableWithMessageHistory(
        prompt | model,
        history_for,
        input_messages_key="question",
        history_messages_key="history",
    )
    config = {"configurable": {"session_id": "s1"}}
    chain.invoke({"question": "I live in Hamburg."}, config=config)
    chain.invoke({"question": "Where do I live?"}, config=config)
    texts = [m.text for m in histories["s1"].messages]
    assert texts == [
        "I live in Hamburg.",
        "Noted: Hamburg.",
        "Where do I live?",
        "You live in Hamburg.",
    ]
    assert _facts(mem) == ["I live in Hamburg."]


# -- LangGraph: the state's messages into the store's memory --------------------------------------
def test_langgraph_store_takes_the_state_messages_per_namespace(mem):
    store = HybridMemoryStore(mem)
    state = {
        "messages": [HumanMessage("I live in Hamburg.", id="h1"), AIMessage("Noted.", id="a1")]
    }
    first = store.add_messages(("alice",), state["messages"], session_id="thread-1")
    assert first.buffered == 2 and _facts(mem, "alice") == ["I live in Hamburg."]
    # A graph hands over its whole state every turn: what was taken is not taken again.
    state["messages"].append(HumanMessage("I work at the harbour office.", id="h2"))
    again = store.add_messages(("alice",), state["messages"], session_id="thread-1")
    assert again.buffered == 1
    assert sorted(_facts(mem, "alice")) == ["I live in Hamburg.", "I work at the harbour office."]
    # A longer namespace: the conversation's events go under the namespace's task node.
    trip = store.add_messages(
        ("alice", "trip"), [HumanMessage("Book the train to Lisbon for May 3.", id="h3")]
    )
    [task] = [t for t in mem.get_all(user_id="alice", node_type="task") if t.content == "trip"]
    session = mem.get(trip.session_node_id)
    assert session.parent_id == task.id
    assert store.get(("alice",), "h1") is None  # memories, not store items
    assert mem.get_all(user_id="bob") == []


# -- LlamaIndex: a memory block of its Memory --------------------------------------------------
def test_llamaindex_messages_and_block(mem):
    mapped = llama_messages(
        [
            ChatMessage(role="user", content="I live in Hamburg."),
            ChatMessage(role="assistant", content="Noted."),
            ChatMessage(role="tool", content="Sunny"),
        ]
    )
    assert [(m["role"], m.get("name")) for m in mapped] == [
        ("user", None),
        ("assistant", None),
        ("tool", None),  # a tool's output whose tool nothing names
    ]
    assert mapped[2]["tool"] == "result"
    assert len({m["id"] for m in mapped}) == 3
    with pytest.raises(InvalidArgumentError, match="ChatMessage"):
        llama_messages([{"role": "user", "content": "x"}])  # type: ignore[list-item]

    block = HybridMemoryBlock(memory=mem, user_id="u1", scope="user")
    asyncio.run(
        block.aput(
            [ChatMessage(role="user", content="I live in Hamburg.")],
            session_id="li-session",
        )
    )
    assert _facts(mem) == ["I live in Hamburg."]
    assert block.last_report.session_id == "li-session"
    context = asyncio.run(block.aget([ChatMessage(role="user", content="I live in Hamburg")]))
    assert "I live in Hamburg." in context
    assert asyncio.run(block.aget([])) == ""


def test_llamaindex_memory_flushes_into_the_block_and_reads_it_back(mem):
    block = HybridMemoryBlock(memory=mem, user_id="u1", scope="user", token_budget=200)
    memory = Memory.from_defaults(
        session_id="li-1",
        token_limit=60,
        token_flush_size=20,
        chat_history_token_ratio=0.5,
        memory_blocks=[block],
    )
    turns = [
        ChatMessage(role="user", content="I live in Hamburg."),
        ChatMessage(role="assistant", content="Noted, you live in Hamburg now."),
        ChatMessage(role="user", content="I work at the harbour office near the river."),
        ChatMessage(role="assistant", content="Good to know about the harbour office job."),
        ChatMessage(role="user", content="Please remember both of these things for later."),
    ]
    asyncio.run(memory.aput_messages(turns))
    prompt = asyncio.run(memory.aget())
    # What the Memory flushed out of its window went to the block (and became memories)...
    assert "I live in Hamburg." in _facts(mem)
    # ...and comes back as the block's text in the prompt's system message.
    [system] = [m for m in prompt if m.role.value == "system"]
    assert "<HybridMemory>" in system.content and "I live in Hamburg." in system.content
    assert prompt[-1].content == "Please remember both of these things for later."
