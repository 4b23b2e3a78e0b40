"""LlamaIndex: :class:`HybridMemoryBlock`, a memory block of ``llama_index.core.memory.Memory``.

::

    block = HybridMemoryBlock(memory=mem, user_id="u1")
    memory = Memory.from_defaults(session_id="chat-42", memory_blocks=[block])
    await memory.aput_messages([ChatMessage(role="user", content="I moved to Hamburg")])

LlamaIndex's ``Memory`` keeps the recent messages itself and hands the ones it flushes out of
its short-term window to its blocks (``aput``); before each turn it asks every block for text to
put in the prompt (``aget``). This block hands the flushed ``ChatMessage`` list to
:meth:`HybridMemory.add_messages` (the buffer tier first, then extraction; the ``Memory``'s
session id is the conversation's session) and answers ``aget`` with the context
:meth:`HybridMemory.retrieve` packs for the latest message (within ``token_budget``). Roles map
as :func:`to_messages` says; a tool's call and its output are ``tool`` messages, kept as the
agent's tool use, never a memory of the user. :func:`to_messages` also serves a direct
``mem.add_messages(...)``.
"""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import Iterable
from typing import Any

from llama_index.core.base.llms.types import ChatMessage, ToolCallBlock
from llama_index.core.memory.memory import BaseMemoryBlock
from pydantic import Field

from hybridmem.conversation.messages import MAX_NAME_CHARS
from hybridmem.errors import InvalidArgumentError
from hybridmem.integrations.history import clip
from hybridmem.memory import DEFAULT_USER, HybridMemory

_ROLES = {
    "user": "user",
    "assistant": "assistant",
    "chatbot": "assistant",
    "model": "assistant",
    "system": "system",
    "developer": "system",
}


_TOOL_ROLES = ("tool", "function")
"""Roles of a tool's (or, in older LlamaIndex agents, a function's) output."""


def _calls(message: ChatMessage) -> list[tuple[str | None, str, Any]]:
    """The tool calls an assistant message makes: ``(call id, tool name, arguments)`` of its
    ``ToolCallBlock``\\ s, or of ``additional_kwargs["tool_calls"]`` (OpenAI's shape, as dicts
    or SDK objects, where older LlamaIndex LLMs keep them)."""
    found: list[tuple[str | None, str, Any]] = [
        (b.tool_call_id, b.tool_name, b.tool_kwargs)
        for b in message.blocks
        if isinstance(b, ToolCallBlock)
    ]
    for call in message.additional_kwargs.get("tool_calls") or []:
        function = _field(call, "function")
        name = _field(function, "name") or _field(call, "name")
        if name:
            found.append((_field(call, "id"), str(name), _field(function, "arguments")))
    return found


def _field(value: Any, key: str) -> Any:
    return value.get(key) if isinstance(value, dict) else getattr(value, key, None)


def _arguments(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    return clip(text or "{}") or "{}"


def _tool_name(message: ChatMessage, names: dict[str, str]) -> str | None:
    """A tool output's tool: named on the message, else by the call it answers."""
    kwargs = message.additional_kwargs
    name = (
        kwargs.get("name") or kwargs.get("tool_name") or names.get(str(kwargs.get("tool_call_id")))
    )
    return str(name)[:MAX_NAME_CHARS] if name else None


def to_messages(messages: Iterable[ChatMessage], *, session_id: str | None = None) -> list[dict]:
    """LlamaIndex ``ChatMessage`` objects as hybridmem messages for ``add_messages``; each gets
    a fresh id (LlamaIndex messages carry none, and one said twice was said twice) unless
    ``additional_kwargs["id"]`` gives one.

    A ``tool`` (or ``function``) message is a tool's output: ``{"role": "tool", "tool":
    "result", "name": <tool>}``, the tool named by ``additional_kwargs`` (``name``,
    ``tool_name``) or by the call it answers (``tool_call_id``). An assistant message's tool
    calls (``ToolCallBlock``\\ s, or ``additional_kwargs["tool_calls"]``) follow its text as one
    ``{"role": "tool", "tool": "call", "name": <tool>}`` message each, ids ``<id>#1``,
    ``<id>#2``. Tool use is kept in the buffer as what it is, never a memory of the user."""
    checked: list[ChatMessage] = []
    for index, message in enumerate(messages):
        if not isinstance(message, ChatMessage):
            raise InvalidArgumentError(
                f"messages[{index}] must be a LlamaIndex ChatMessage, got {type(message).__name__}"
            )
        checked.append(message)
    names = {str(i): n for m in checked for i, n, _ in _calls(m) if i}
    out: list[dict[str, Any]] = []
    for message in checked:
        role = str(getattr(message.role, "value", message.role))
        text = (message.content or "").strip()
        given = str(message.additional_kwargs.get("id") or f"li-{uuid.uuid4().hex}")
        if role in _TOOL_ROLES:
            mapped: dict[str, Any] = {
                "role": "tool",
                "tool": "result",
                "content": clip(text) or "(no output)",
                "id": given,
            }
            name = _tool_name(message, names)
            if name:
                mapped["name"] = name
            out.append(mapped)
            continue
        calls = _calls(message)
        if text or not calls:
            mapped = {
                "role": _ROLES.get(role, "system"),
                "content": text or f"[{role} message without text]",
                "id": given,
            }
            if role not in _ROLES:  # a role this mapping does not know: say whose
                mapped["name"] = role[:MAX_NAME_CHARS]
            out.append(mapped)
        for part, (_, tool, arguments) in enumerate(calls, start=1 if text else 0):
            out.append(
                {
                    "role": "tool",
                    "tool": "call",
                    "name": tool[:MAX_NAME_CHARS],
                    "content": _arguments(arguments),
                    "id": given if part == 0 else f"{given}#{part}",
                }
            )
    return out


class HybridMemoryBlock(BaseMemoryBlock[str]):
    """A LlamaIndex memory block backed by a :class:`HybridMemory`, for one user."""

    name: str = Field(default="HybridMemory", description="The block's name in the prompt.")
    memory: HybridMemory = Field(description="The open memory to keep and search.")
    user_id: str = DEFAULT_USER
    task_id: str | None = Field(default=None, description="The task the conversation is in.")
    agent_id: str | None = Field(
        default=None, description="Write and search as this agent of the user."
    )
    top_k: int = 8
    token_budget: int | None = Field(default=800, description="Tokens of memory in the prompt.")
    scope: str = Field(default="task", description="'task' (default) or 'user' (whole tree).")
    include_sensitive: bool = Field(
        default=False,
        description="Also sensitive memories the question is not about (default: only when "
        "it is about them).",
    )
    last_report: Any = Field(default=None, exclude=True, description="The last put's report.")

    async def _aget(self, messages: list[ChatMessage] | None = None, **block_kwargs: Any) -> str:
        """The memory context for the latest message with text ('' when there is none)."""
        query = next((m.content for m in reversed(messages or []) if (m.content or "").strip()), "")
        if not query:
            return ""
        result = await asyncio.to_thread(
            self.memory.retrieve,
            query,
            user_id=self.user_id,
            agent_id=self.agent_id,
            task_id=self.task_id,
            top_k=self.top_k,
            token_budget=self.token_budget,
            scope=self.scope,
            include_sensitive=self.include_sensitive,
        )
        return result.context

    async def _aput(self, messages: list[ChatMessage]) -> None:
        """Hand the messages to ``add_messages`` (the ``Memory``'s session is theirs)."""
        if not messages:
            return
        # BaseMemoryBlock.aput sets the Memory's session on every message; read, not popped
        # (the Memory hands the same messages to its other blocks).
        given = messages[0].additional_kwargs.get("session_id")
        session_id = str(given) if given is not None else None
        self.last_report = await asyncio.to_thread(
            self.memory.add_messages,
            to_messages(messages),
            user_id=self.user_id,
            task_id=self.task_id,
            agent_id=self.agent_id,
            session_id=session_id,
        )
