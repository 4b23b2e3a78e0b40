"""Chat messages as callers hand them over: checked once, into one typed shape.

A message is a mapping in the shape agent frameworks already use (OpenAI chat, LangGraph's
message state, the Agents SDK's session items)::

    {"role": "user" | "assistant" | "system" | "tool", "content": str,
     "id"?: str, "name"?: str, "created_at"?: datetime | ISO-8601 string,
     "metadata"?: dict, "tool"?: "call" | "result"}

A ``tool`` message is what an agent's tool was asked (``"tool": "call"``) or answered
(``"result"``, the default, as OpenAI's chat ``tool`` role is the output), ``name`` the tool's
name: kept in the buffer as what it is, never a statement of the user's nor an instruction.

``id`` is the caller's message id: unique within one call's conversation, free to repeat across
users and sessions, and never a node id (the memories written from a message cite it in their
``source_ids``). Where it is absent one is made from the message's position and content, so the
same transcript handed over twice cites the same ids. ``metadata`` is the caller's, kept on the
message's buffer node (``metadata["message_metadata"]``): a front end keeps there what it needs
to give the message back exactly as it came (``hybridmem.integrations.history``). Every failure
names the message (its index) and the field.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from hybridmem.errors import ContentTooLongError, InvalidArgumentError
from hybridmem.validation import (
    check_content,
    check_datetime,
    check_metadata,
    check_text,
    check_user_id,
)

ROLES = ("user", "assistant", "system", "tool")
TOOL_KINDS = ("call", "result")
_KNOWN_KEYS = frozenset({"role", "content", "id", "name", "created_at", "metadata", "tool"})
MAX_NAME_CHARS = 200


@dataclass(frozen=True, slots=True)
class ChatMessage:
    """One checked message. ``created_at`` is None when the caller gave no time (the store's
    clock then stamps the memories written from it)."""

    id: str
    role: str
    content: str
    name: str | None = None
    created_at: datetime | None = None
    metadata: dict[str, Any] | None = None
    tool: str | None = None
    """``call`` or ``result`` for a ``tool`` message, else None."""

    @property
    def speaker(self) -> str:
        """Who said it, as memories quote it: the name when given, else the role; a tool
        message says what it is ("tool call weather", "tool result weather")."""
        if self.tool is not None:
            return f"tool {self.tool} {self.name}" if self.name else f"tool {self.tool}"
        return self.name or self.role


def _made_id(index: int, role: str, content: str, at: datetime | None) -> str:
    # Position, speaker, words and time: a transcript handed over again gets the same ids
    # (and is not taken twice), two different messages practically never do.
    key = f"{role}\x00{content}\x00{at.isoformat() if at else ''}"
    return f"m{index}-{hashlib.blake2b(key.encode(), digest_size=6).hexdigest()}"


def _parse_time(index: int, value: Any) -> datetime | None:
    if value is None:
        return None
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value.strip())
        except ValueError as exc:
            raise InvalidArgumentError(
                f"messages[{index}].created_at is not an ISO-8601 time: {value[:40]!r}"
            ) from exc
    return check_datetime(f"messages[{index}].created_at", value)


def parse_message(index: int, raw: Any, *, max_chars: int) -> ChatMessage:
    """Check one message; ``index`` is its position, for the messages."""
    if not isinstance(raw, Mapping):
        raise InvalidArgumentError(
            f"messages[{index}] must be a mapping with 'role' and 'content', "
            f"got {type(raw).__name__}"
        )
    unknown = sorted(str(k) for k in raw if k not in _KNOWN_KEYS)
    if unknown:
        raise InvalidArgumentError(
            f"messages[{index}] has unknown field(s) {unknown}; a message has {sorted(_KNOWN_KEYS)}"
        )
    role = raw.get("role")
    if role not in ROLES:
        raise InvalidArgumentError(
            f"messages[{index}].role must be one of {list(ROLES)}, got {role!r:.40}"
        )
    content = check_content(
        raw.get("content"), max_chars=max_chars, name=f"messages[{index}].content"
    )
    created_at = _parse_time(index, raw.get("created_at"))
    message_id = raw.get("id")
    if message_id is None:
        message_id = _made_id(index, role, content, created_at)
    else:
        # The same rule as any source id (memories cite it as theirs).
        message_id = check_user_id(message_id, name=f"messages[{index}].id")
    name = raw.get("name")
    if name is not None:
        name = check_text(f"messages[{index}].name", name, max_chars=MAX_NAME_CHARS)
    metadata = raw.get("metadata")
    if metadata is not None:
        try:
            metadata = check_metadata(metadata)
        except InvalidArgumentError as exc:
            raise InvalidArgumentError(f"messages[{index}].{exc}") from None
    tool = _tool_kind(index, role, raw.get("tool"))
    speaker = ChatMessage("", role, "", name=name, tool=tool).speaker
    if len(content) + len(speaker) + 2 > max_chars:
        raise ContentTooLongError(
            f"messages[{index}].content has {len(content)} characters; with its speaker "
            f"({speaker!r:.40}) the maximum is {max_chars - len(speaker) - 2} "
            "(MemoryConfig.max_content_chars)"
        )
    return ChatMessage(
        id=message_id,
        role=role,
        content=content,
        name=name,
        created_at=created_at,
        metadata=metadata,
        tool=tool,
    )


def _tool_kind(index: int, role: str, value: Any) -> str | None:
    if role != "tool":
        if value is not None:
            raise InvalidArgumentError(
                f"messages[{index}].tool is for a 'tool' message, this one is {role!r}"
            )
        return None
    if value is None:
        return "result"
    if value not in TOOL_KINDS:
        raise InvalidArgumentError(
            f"messages[{index}].tool must be one of {list(TOOL_KINDS)}, got {value!r:.40}"
        )
    return str(value)


def parse_messages(messages: Any, *, max_chars: int) -> list[ChatMessage]:
    """Check every message before anything is written (a bad one writes nothing)."""
    if isinstance(messages, str | bytes | Mapping) or not isinstance(messages, Iterable):
        raise InvalidArgumentError(
            "messages must be a list of {'role', 'content', ...} mappings, "
            f"got {type(messages).__name__}"
        )
    parsed = [parse_message(i, raw, max_chars=max_chars) for i, raw in enumerate(messages)]
    seen: dict[str, int] = {}
    for i, message in enumerate(parsed):
        if message.id in seen:
            raise InvalidArgumentError(
                f"messages[{i}].id {message.id!r:.60} repeats messages[{seen[message.id]}].id; "
                "a message id is unique within one call"
            )
        seen[message.id] = i
    return parsed
