"""LangChain messages into memory: :func:`to_messages` and :class:`HybridMemoryChatHistory`.

::

    mem.add_messages(to_messages([HumanMessage("I moved to Hamburg"), AIMessage("Noted.")]),
                     user_id="u1")
    history = HybridMemoryChatHistory(mem, "chat-42", user_id="u1")   # BaseChatMessageHistory
    history.add_messages([HumanMessage("I moved to Hamburg")])         # buffered, extracted
    history.messages                                                   # exactly what was added

:func:`to_messages` maps LangChain messages (and what ``convert_to_messages`` accepts: dicts,
``(role, text)`` pairs) to hybridmem messages: ``HumanMessage`` is the user, ``AIMessage`` the
assistant, ``SystemMessage`` the system; their ``id`` and ``name`` are kept. A tool call or a
tool's result is a ``system`` line saying what it was (never a memory of the user). The text
of a message with content blocks is its text blocks.

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
from hybridmem.errors import InvalidArgumentError
from hybridmem.integrations.history import BufferHistory, Entry, describe
from hybridmem.memory import DEFAULT_USER, HybridMemory

_ROLES = {"human": "user", "ai": "assistant", "system": "system"}
_CHAT_ROLES = {"user": "user", "human": "user", "assistant": "assistant", "ai": "assistant"}


def _entry(message: BaseMessage) -> Entry:
    """Role, text and name memory sees for one LangChain message (the message kept whole)."""
    kept = message_to_dict(message)
    text = message.text.strip()
    role = _ROLES.get(message.type)
    if role is None and message.type == "chat":
        role = _CHAT_ROLES.get(str(getattr(message, "role", "")).lower(), "system")
    if role is None:  # a tool's result, a function's: what happened, not what was said
        return Entry("system", describe(message.type, text), kept, name=message.name)
    if not text and isinstance(message, AIMessage) and message.tool_calls:
        calls = ", ".join(
            f"{c['name']}({json.dumps(c['args'], ensure_ascii=False)})" for c in message.tool_calls
        )
        return Entry("system", describe("tool calls", calls), kept, name=message.name)
    return Entry(role, text or describe(message.type, "without text"), kept, name=message.name)


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
    state's ``messages``) as hybridmem messages for :meth:`HybridMemory.add_messages`."""
    out = []
    for message in _messages(messages):
        entry = _entry(message)
        mapped: dict[str, Any] = {"role": entry.role, "content": entry.content}
        if message.id:  # the caller's id: handing the whole history over again adds nothing
            mapped["id"] = message.id
        if entry.name:
            mapped["name"] = entry.name
        out.append(mapped)
    return out


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
        self.history.append([_entry(m) for m in _messages(messages)])

    def clear(self) -> None:
        """Remove this conversation's messages (the memories extracted from them stay)."""
        self.history.clear()
