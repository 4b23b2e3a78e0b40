"""LangChain messages into memory: :func:`to_messages` and :class:`HybridMemoryChatHistory`.

::

    mem.add_messages(to_messages([HumanMessage("I moved to Hamburg"), AIMessage("Noted.")]),
                     user_id="u1")
    history = HybridMemoryChatHistory(mem, "chat-42", user_id="u1")   # BaseChatMessageHistory
    history.add_messages([HumanMessage("I moved to Hamburg")])         # buffered, extracted
    history.messages                                                   # exactly what was added

:func:`to_messages` maps LangChain messages (and what ``convert_to_messages`` accepts: dicts,
``(role, text)`` pairs) to hybridmem messages: ``HumanMessage`` is the user, ``AIMessage`` the
assistant, ``SystemMessage`` the system; their ``id`` and ``name`` are kept. A tool call (an
``AIMessage``'s ``tool_calls``) and a tool's result (``ToolMessage``) are ``tool`` messages
(``"tool": "call"|"result"``, ``name`` the tool's): kept in the buffer as the agent's tool use,
never a memory of the user. The text of a message with content blocks is its text blocks.

:class:`HybridMemoryChatHistory` is LangChain's standard chat history (for
``RunnableWithMessageHistory`` and the like) backed by the buffer tier
(:mod:`hybridmem.integrations.history`): each message is kept whole (``message_to_dict``) and
comes back unchanged, while extraction writes what is worth keeping as typed memories.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from langchain_core.chat_history import BaseChatMessageHistory
from langchain_core.messages import (
    AIMessage,
    BaseMessage,
    convert_to_messages,
    message_to_dict,
    messages_from_dict,
)

from hybridmem.conversation import IngestReport
from hybridmem.conversation.messages import MAX_NAME_CHARS
from hybridmem.errors import InvalidArgumentError
from hybridmem.integrations.history import BufferHistory, Entry, clip, describe
from hybridmem.memory import DEFAULT_USER, HybridMemory

_ROLES = {"human": "user", "ai": "assistant", "system": "system"}
_CHAT_ROLES = {"user": "user", "human": "user", "assistant": "assistant", "ai": "assistant"}
_TOOL_TYPES = ("tool", "function")
"""Message types (and ``ChatMessage`` roles) of a tool's result: LangChain's ``ToolMessage``
and the older ``FunctionMessage``."""

Names = dict[str, str]
"""Tool call id -> the tool's name, from the ``AIMessage`` that made the call: a
``ToolMessage`` names its call, and only sometimes its tool."""


def _role(message: BaseMessage) -> str:
    """``message``'s role as LangChain spells it (``human``, ``ai``, ``tool``, ...)."""
    if message.type == "chat":
        return str(getattr(message, "role", "")).lower()
    return message.type


def _call_entries(message: AIMessage, kept: dict[str, Any]) -> list[Entry]:
    """One ``tool call`` message per call the model made: the tool's name and its arguments."""
    return [
        Entry(
            "tool",
            clip(json.dumps(call["args"], ensure_ascii=False, default=str)) or "{}",
            kept,
            name=call["name"][:MAX_NAME_CHARS] or None,
            tool="call",
        )
        for call in message.tool_calls
    ]


def _result_entry(message: BaseMessage, kept: dict[str, Any], names: Names) -> Entry:
    """A tool's (or function's) output: a ``tool result`` message named after its tool."""
    call_id = getattr(message, "tool_call_id", None)
    name = message.name or (names.get(call_id) if isinstance(call_id, str) else None)
    text = clip(message.text)
    if getattr(message, "status", None) == "error":  # the tool failed: say so, not its output
        text = f"error: {text}"
    return Entry(
        "tool",
        text or "(no output)",
        kept,
        name=name[:MAX_NAME_CHARS] if name else None,
        tool="result",
    )


def _entries(message: BaseMessage, names: Names) -> list[Entry]:
    """What memory sees of one LangChain message (the message kept whole in each): its text
    as said, and each tool call an ``AIMessage`` makes as a ``tool call`` message; a tool's
    output is a ``tool result``. Neither is ever a memory of the user."""
    kept = message_to_dict(message)
    role = _role(message)
    if role in _TOOL_TYPES:
        return [_result_entry(message, kept, names)]
    text = message.text.strip()
    calls = _call_entries(message, kept) if isinstance(message, AIMessage) else []
    said = _ROLES.get(role) or _CHAT_ROLES.get(role, "system")
    if calls and not text:
        return calls
    return [
        Entry(said, text or describe(message.type, "without text"), kept, name=message.name),
        *calls,
    ]


def _entry(message: BaseMessage, names: Names) -> Entry:
    """The one message a chat history keeps for ``message`` (one item, one buffer node): its
    text when it has any (the calls stay in the item kept), else its tool call; several calls
    without text are one ``tool call`` message naming each."""
    entries = _entries(message, names)
    if len(entries) == 1 or entries[0].tool is None or not isinstance(message, AIMessage):
        return entries[0]
    text = "; ".join(
        f"{c['name']}({json.dumps(c['args'], ensure_ascii=False, default=str)})"
        for c in message.tool_calls
    )
    tools = ", ".join(c["name"] for c in message.tool_calls)
    return Entry("tool", clip(text), entries[0].item, name=tools[:MAX_NAME_CHARS], tool="call")


def _call_names(messages: Iterable[BaseMessage], names: Names | None = None) -> Names:
    """Every tool call's id -> its tool's name, from the ``AIMessage``\\ s among ``messages``."""
    found = dict(names or {})
    for message in messages:
        if isinstance(message, AIMessage):
            found.update((c["id"], c["name"]) for c in message.tool_calls if c["id"])
    return found


def _messages(messages: Iterable[Any]) -> list[BaseMessage]:
    if isinstance(messages, str | bytes | dict) or not isinstance(messages, Iterable):
        raise InvalidArgumentError(
            f"messages must be a list of LangChain messages, got {type(messages).__name__}"
        )
    try:
        return convert_to_messages(list(messages))
    except (ValueError, TypeError, NotImplementedError) as exc:
        raise InvalidArgumentError(f"messages: not LangChain messages ({exc})") from None


def to_messages(messages: Iterable[Any]) -> list[dict[str, Any]]:
    """LangChain messages (or anything ``convert_to_messages`` takes, e.g. a LangGraph
    state's ``messages``) as hybridmem messages for :meth:`HybridMemory.add_messages`.

    An ``AIMessage`` with ``tool_calls`` gives its text (when it has any) and then one
    ``{"role": "tool", "tool": "call", "name": <tool>}`` message per call (its arguments as
    JSON); a ``ToolMessage`` (or ``FunctionMessage``) is ``{"role": "tool", "tool": "result",
    "name": <tool>}``, the tool named by its call when the message names none. The first
    message of a LangChain message carries its ``id``, the next ones ``<id>#1``, ``<id>#2``:
    the same history handed over again cites the same ids."""
    parsed = _messages(messages)
    names = _call_names(parsed)
    out = []
    for message in parsed:
        for part, entry in enumerate(_entries(message, names)):
            mapped: dict[str, Any] = {"role": entry.role, "content": entry.content}
            if message.id:  # the caller's id: handing the whole history over again adds nothing
                mapped["id"] = message.id if part == 0 else f"{message.id}#{part}"
            if entry.name:
                mapped["name"] = entry.name
            if entry.tool:
                mapped["tool"] = entry.tool
            out.append(mapped)
    return out


def _named(message: BaseMessage, names: Names) -> bool:
    call_id = getattr(message, "tool_call_id", None)
    return isinstance(call_id, str) and call_id in names


class HybridMemoryChatHistory(BaseChatMessageHistory):
    """A LangChain chat history (``session_id``: the conversation) kept in the buffer tier of
    a :class:`HybridMemory`, for one user (and task and agent when given)."""

    def __init__(
        self,
        memory: HybridMemory,
        session_id: str,
        *,
        user_id: str = DEFAULT_USER,
        task_id: str | None = None,
        agent_id: str | None = None,
    ) -> None:
        self.history = BufferHistory(
            memory,
            session_id,
            kind="langchain",
            user_id=user_id,
            task_id=task_id,
            agent_id=agent_id,
        )

    @property
    def messages(self) -> list[BaseMessage]:  # type: ignore[override]
        """The messages in the order they were added, as they were added."""
        return messages_from_dict(self.history.items())

    @property
    def last_report(self) -> IngestReport | None:
        """What the last ``add_messages`` wrote (memories, their sources) and skipped."""
        return self.history.last_report

    def add_messages(self, messages: Sequence[BaseMessage]) -> None:
        """Append ``messages`` in one write (all of them or none)."""
        parsed = _messages(messages)
        names = _call_names(parsed)
        unnamed = [
            m for m in parsed if _role(m) in _TOOL_TYPES and not m.name and not _named(m, names)
        ]
        if unnamed:  # their calls came in an earlier turn: the history has them
            names = _call_names(self.messages, names)
        self.history.append([_entry(m, names) for m in parsed])

    def clear(self) -> None:
        """Remove this conversation's messages (the memories extracted from them stay)."""
        self.history.clear()
