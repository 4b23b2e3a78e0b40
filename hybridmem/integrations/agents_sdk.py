"""OpenAI Agents SDK: :class:`HybridMemorySession`, a ``Session`` backed by the buffer tier.

::

    from agents import Agent, Runner
    session = HybridMemorySession("chat-42", mem, user_id="u1")
    await Runner.run(agent, "I moved to Hamburg last month", session=session)
    mem.retrieve("where do I live?", user_id="u1")      # the fact extraction kept

It implements the SDK's session protocol (``agents.memory.Session``: ``session_id``,
``session_settings``, ``get_items(limit)``, ``add_items``, ``pop_item``, ``clear_session``).
``add_items`` hands the items to :meth:`HybridMemory.add_messages` as one write: each item is
one raw message of the buffer (a chat message as its role and text; a tool call and its output
as ``tool`` messages, "tool call weather" and "tool result weather", which extraction never
takes for a statement or an instruction, let alone a memory of the user; a reasoning item as
a ``system`` line saying what it was), and the item itself is kept whole on its buffer node,
so ``get_items`` returns the items in order, exactly as they were added. What the user said
worth keeping becomes typed memories citing the items' message ids (``last_report``). The
history lives as long as the buffer (``EvolutionConfig.buffer_ttl_hours``, then ``maintain``
deletes it; one ``add_items`` call expires together, so a tool call never loses its output):
see :mod:`hybridmem.integrations.history`. Every call runs in a worker thread (embedding
never blocks the event loop).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from agents.items import TResponseInputItem
from agents.memory import Session, SessionSettings
from agents.memory.session_settings import resolve_session_limit

from hybridmem.conversation import IngestReport
from hybridmem.errors import InvalidArgumentError
from hybridmem.integrations.history import BufferHistory, Entry, clip, describe
from hybridmem.memory import DEFAULT_USER, HybridMemory

_ROLES = {"user": "user", "assistant": "assistant", "system": "system", "developer": "system"}
_TEXT_PARTS = {"input_text": "text", "output_text": "text", "text": "text", "refusal": "refusal"}


def item_text(content: Any) -> str:
    """The text of a message item's content: a string, or its text and refusal parts joined
    (an image or a file part has none of its own)."""
    if isinstance(content, str):
        return content
    if not isinstance(content, list):
        return ""
    texts = []
    for part in content:
        if isinstance(part, dict):
            field = _TEXT_PARTS.get(str(part.get("type")))
            value = part.get(field) if field else None
            if isinstance(value, str):
                texts.append(value)
    return "\n".join(texts)


def _as_dict(item: Any) -> dict[str, Any]:
    if isinstance(item, dict):
        return item
    dump = getattr(item, "model_dump", None)
    if callable(dump):  # a response model object: kept as the JSON the SDK would send
        dumped = dump(mode="json", exclude_unset=True)
        if isinstance(dumped, dict):
            return dumped
    raise InvalidArgumentError(
        f"a session item is a response input item (a dict), got {type(item).__name__}"
    )


def tool_kind(kind: str) -> str | None:
    """``call`` or ``result`` for an item of a tool's (by its type: ``function_call``,
    ``web_search_call``, ``mcp_call``, ``mcp_approval_request`` ask a tool; ``*_output``,
    ``mcp_approval_response``, ``mcp_list_tools`` answer), None for anything else (a message, a
    reasoning item, a reference)."""
    if kind.endswith("_output") or kind in ("mcp_approval_response", "mcp_list_tools"):
        return "result"
    if kind.endswith("_call") or kind == "mcp_approval_request":
        return "call"
    return None


def _tool_name(item: dict[str, Any], kind: str, names: dict[str, str]) -> str:
    """The tool's name: the item's own, else its call's (an output names only the call's id),
    else the tool its type names (``web_search_call``: ``web_search``)."""
    name = item.get("name")
    if isinstance(name, str) and name:
        return name
    call = names.get(str(item.get("call_id")))
    if call:
        return call
    label = item.get("server_label")
    if isinstance(label, str) and label:
        return label
    for suffix in ("_call_output", "_output", "_call"):
        kind = kind.removesuffix(suffix)
    return kind


def item_entry(item: Any, names: dict[str, str] | None = None) -> Entry:
    """The message memory sees for one session item (the item itself kept whole). ``names``
    maps call ids to tool names, for an output that names only its call."""
    item = _as_dict(item)
    kind = str(item.get("type", "message"))
    role = _ROLES.get(str(item.get("role")))
    if kind == "message" and role is not None:
        text = item_text(item.get("content")).strip()
        return Entry(role, text or describe("message", "without text"), item)
    tool = tool_kind(kind)
    if tool is not None:
        name = _tool_name(item, kind, names or {})
        return Entry("tool", clip(_tool_text(item, tool)) or f"[{kind}]", item, name[:200], tool)
    # Anything else (a reasoning item, a reference) is a line for the agent, said as what it is.
    text = str(item.get("name") or "")
    return Entry("system", clip(text) or f"[{kind}]", item, name=kind[:200])


def _tool_text(item: dict[str, Any], tool: str) -> str:
    """What a tool was asked (its arguments, input or action) or answered (its output)."""
    keys = ("arguments", "input", "action", "queries", "code") if tool == "call" else ("output",)
    for key in (*keys, "output", "tools", "approve"):
        value = item.get(key)
        if value is not None:
            return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return ""


def item_entries(items: list[Any], earlier: Any = None) -> list[Entry]:
    """The entries of a batch of items, an output named after its call (found in the batch,
    else by calling ``earlier()`` for the items already in the session, read once)."""
    dicts = [_as_dict(item) for item in items]
    names: dict[str, str] = {}
    looked_back = False
    for item in dicts:
        kind = str(item.get("type", "message"))
        if tool_kind(kind) is None or item.get("name") or item.get("call_id") is None:
            continue
        if str(item["call_id"]) not in names and earlier is not None and not looked_back:
            looked_back = True
            names.update(_call_names(earlier()))
    names.update(_call_names(dicts))
    return [item_entry(item, names) for item in dicts]


def _call_names(items: list[Any]) -> dict[str, str]:
    out = {}
    for item in items:
        if isinstance(item, dict) and item.get("call_id") is not None:
            name = item.get("name")
            if isinstance(name, str) and name:
                out[str(item["call_id"])] = name
    return out


class HybridMemorySession:
    """An Agents SDK session whose history is the user's conversation in a
    :class:`HybridMemory` (``session_id`` is the conversation's session, ``task_id`` the task it
    belongs to, ``agent_id`` the agent writing it)."""

    def __init__(
        self,
        session_id: str,
        memory: HybridMemory,
        *,
        user_id: str = DEFAULT_USER,
        task_id: str | None = None,
        agent_id: str | None = None,
        session_settings: SessionSettings | None = None,
    ) -> None:
        self.history = BufferHistory(
            memory,
            session_id,
            kind="agents_sdk",
            user_id=user_id,
            task_id=task_id,
            agent_id=agent_id,
        )
        self.session_id = self.history.session_id
        self.session_settings = session_settings

    @property
    def last_report(self) -> IngestReport | None:
        """What the last ``add_items`` wrote (memories, their sources) and skipped."""
        return self.history.last_report

    async def get_items(self, limit: int | None = None) -> list[TResponseInputItem]:
        """The session's items in the order they were added; the latest ``limit`` of them
        when given (else ``session_settings.limit``)."""
        latest = resolve_session_limit(limit, self.session_settings)
        return await asyncio.to_thread(self.history.items, latest)

    async def add_items(self, items: list[TResponseInputItem]) -> None:
        """Append ``items`` (one write: all of them or none)."""
        await asyncio.to_thread(self._append, items)

    def _append(self, items: list[TResponseInputItem]) -> None:
        self.history.append(item_entries(list(items), self.history.items))

    async def pop_item(self) -> TResponseInputItem | None:
        """Remove the latest item and return it; None when the session is empty."""
        item: TResponseInputItem | None = await asyncio.to_thread(self.history.pop)
        return item

    async def clear_session(self) -> None:
        """Remove every item of this session (the memories extracted from them stay)."""
        await asyncio.to_thread(self.history.clear)


def _checked(session: HybridMemorySession) -> Session:
    """mypy checks here that the class satisfies the SDK's protocol (signatures included)."""
    return session
