"""A framework's chat history kept in the buffer tier, item by item, exactly as it was given.

Frameworks that own a conversation's history (LangChain's ``BaseChatMessageHistory``, the
OpenAI Agents SDK's ``Session``) hand over items in their own shape and expect the same items
back, in order. :class:`BufferHistory` turns each item into one hybridmem message and hands
the batch to :meth:`HybridMemory.add_messages`, in one write: every item becomes one raw
message of the buffer tier (its node carries the item itself, as JSON, in the message's
``metadata``, so it comes back unchanged) and extraction keeps what is worth keeping as typed
memories, citing the item's message id. Reading the history reads those buffer nodes, in the
order they were added.

The history lives as long as the buffer does: raw buffer nodes older than
``EvolutionConfig.buffer_ttl_hours`` are deleted by ``maintain`` (like a session store with a
time to live); what extraction kept stays, and retrieval finds it. Removing items (``pop``,
``clear``) removes them from the history only: the memories written from them are the user's
now (delete those with :meth:`HybridMemory.delete`).

Privacy: the items are kept whole in the buffer nodes' metadata, which is never encrypted (only
content is sealed): in a store that seals every content (``PrivacyConfig(encrypt_all=True)``) a
history's text would sit in clear beside its sealed copy, so a history refuses such a store
(:class:`~hybridmem.errors.EncryptionError`); hand the messages to
:meth:`HybridMemory.add_messages` there (e.g. ``to_messages`` of the LangChain module), which
keeps no copy outside the sealed content. ``erase`` removes a history like any node.

Framework-free: the framework modules (:mod:`~hybridmem.integrations.langchain`,
:mod:`~hybridmem.integrations.agents_sdk`) convert their items to messages and back.
"""

from __future__ import annotations

import copy
import secrets
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hybridmem.conversation import ChatMessage, IngestReport
from hybridmem.errors import EncryptionError, InvalidArgumentError
from hybridmem.memory import DEFAULT_USER, HybridMemory
from hybridmem.models import MemoryNode
from hybridmem.validation import check_text, check_user_id

KEY = "history"
"""Field of a message's metadata naming the history it belongs to (a filterable scalar)."""
DESCRIBE_CHARS = 1000
"""Longest text of an item that is no chat message (a tool call, its output): such text goes
to the buffer node (and is embedded) only to say what happened; the item itself is kept whole."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One item of a history: the message memory sees and the item the framework gets back."""

    role: str
    content: str
    item: Any
    """JSON-serialisable (dicts, lists, strings, numbers, booleans, None)."""
    name: str | None = None
    tool: str | None = None
    """``call`` or ``result`` for an item of a tool's (role ``tool``), else None."""


class BufferHistory:
    """The items of one conversation (``session_id``) of one user, kept in the buffer."""

    def __init__(
        self,
        memory: HybridMemory,
        session_id: str,
        *,
        kind: str,
        user_id: str = DEFAULT_USER,
        task_id: str | None = None,
        agent_id: str | None = None,
    ) -> None:
        if memory.encrypts_all:
            raise EncryptionError(
                f"a {kind} history keeps its items whole in metadata, which is never encrypted, "
                "and this store seals every content (PrivacyConfig(encrypt_all=True)): hand the "
                "messages to add_messages instead, which keeps them sealed"
            )
        self.memory = memory
        self.session_id = check_user_id(session_id, name="session_id")
        self.user_id = check_user_id(user_id)
        self.task_id = task_id
        self.agent_id = agent_id
        # Two frameworks' histories of one session name share the conversation's session node
        # but never each other's items.
        self.key = f"{check_text('kind', kind, max_chars=40)}:{self.session_id}"
        self.last_report: IngestReport | None = None
        """What the last :meth:`append` wrote and skipped (None before the first)."""
        # Positions are read, then written: one appender at a time per history object.
        self._lock = threading.Lock()

    def _nodes(self) -> list[MemoryNode]:
        nodes = self.memory.get_all(
            user_id=self.user_id,
            node_type="message",
            where={f"message_metadata.{KEY}": self.key},
            status=None,
        )
        return sorted(nodes, key=lambda n: (_seq(n), n.created_at, n.id))

    def append(self, entries: Sequence[Entry]) -> IngestReport | None:
        """Add ``entries`` after the items already there, in one write (all or nothing)."""
        if not entries:
            return None
        limit = self.memory.config.max_content_chars
        with self._lock:
            nodes = self._nodes()
            start = _seq(nodes[-1]) + 1 if nodes else 0
            token = secrets.token_hex(4)  # two writers of one session never share an id
            messages = []
            for offset, entry in enumerate(entries):
                seq = start + offset
                speaker = ChatMessage("", entry.role, "", name=entry.name, tool=entry.tool).speaker
                message: dict[str, Any] = {
                    "id": f"{self.key}:{seq}:{token}"[-200:],
                    "role": entry.role,
                    # A message's text fits one node with its speaker; the item stays whole.
                    "content": _clip(entry.content, limit - len(speaker) - 2),
                    "metadata": {KEY: self.key, "seq": seq, "item": entry.item},
                }
                if entry.name is not None:
                    message["name"] = entry.name
                if entry.tool is not None:
                    message["tool"] = entry.tool
                messages.append(message)
            try:
                report = self.memory.add_messages(
                    messages,
                    user_id=self.user_id,
                    task_id=self.task_id,
                    agent_id=self.agent_id,
                    session_id=self.session_id,
                )
            except InvalidArgumentError as exc:
                raise InvalidArgumentError(f"history items: {exc}") from None
        self.last_report = report
        return report

    def items(self, limit: int | None = None) -> list[Any]:
        """The items in the order they were added; the latest ``limit`` when given (0: none;
        a negative limit: all, as the Agents SDK's SQLite session reads it)."""
        nodes = self._nodes()
        if limit is not None and limit >= 0:
            nodes = nodes[len(nodes) - limit :] if limit else []
        return [_item(n) for n in nodes]

    def pop(self) -> Any | None:
        """Remove the latest item and return it (None when the history is empty)."""
        with self._lock:
            nodes = self._nodes()
            if not nodes:
                return None
            self.memory.delete(nodes[-1].id, subtree=False, user_id=self.user_id)
        return _item(nodes[-1])

    def clear(self) -> int:
        """Remove every item of this history; return how many there were."""
        with self._lock:
            nodes = self._nodes()
            for node in nodes:
                self.memory.delete(node.id, subtree=False, user_id=self.user_id)
        return len(nodes)


def _stored(node: MemoryNode) -> dict[str, Any]:
    stored = node.metadata.get("message_metadata")
    return stored if isinstance(stored, dict) else {}


def _seq(node: MemoryNode) -> int:
    seq = _stored(node).get("seq")
    return seq if isinstance(seq, int) else -1


def _item(node: MemoryNode) -> Any:
    # A copy: the caller may change what it got without changing what a later read returns.
    return copy.deepcopy(_stored(node).get("item"))


def _clip(text: str, limit: int) -> str:
    text = text.replace("\x00", "").strip() or "(no text)"
    if len(text) <= limit:
        return text
    return text[: max(limit - 1, 1)] + "…"


def clip(text: str) -> str:
    """The text of an item that is no chat message, on one line and at most
    :data:`DESCRIBE_CHARS` long."""
    text = " ".join(text.split())
    if len(text) > DESCRIBE_CHARS:
        text = text[: DESCRIBE_CHARS - 1] + "…"
    return text


def describe(kind: str, text: str) -> str:
    """What the buffer says of an item that is no chat message: its kind and a clipped text."""
    return f"[{kind}] {clip(text)}".strip()
