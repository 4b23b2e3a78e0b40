"""``add_messages``: raw chat turns in, the buffer tier first, typed memories out.

One call is one write unit (:meth:`TreeWriter.add_many`): the conversation's session node when
it is new, one **buffer** node per message (node type ``message``, tier ``buffer``: the raw
turn, so nothing said is lost before extraction and every memory's provenance is exact), and
the memories extraction kept, each citing the ids of the messages it came from
(``metadata["source_ids"]``, :attr:`MemoryNode.source_ids`). Either all of it is written or
none of it is, so a crash in the middle leaves the buffer and the extracted memories
consistent. The raw copy of a message extraction kept something from is written archived
(``archived_action: "extracted"``): it is provenance, reachable from the memory's
``source_ids``, and must not compete with the memory for the token budget (LoCoMo conv-26,
MiniLM: evidence recall at 1,000 tokens 0.660 with the copies live, 0.781 without); a
message that gave nothing stays live in the buffer until it expires. The write path does the
rest as for any add: the speech-act filter, slots and conflict groups for facts, repeats
merged into the memory they repeat. A choice said without a change word that settles an
earlier deliberation (:mod:`hybridmem.conversation.decisions`) then moves that deliberation
into its value group, demoted, in a second unit (an ``evolve`` op): a crash between the two
leaves the choice written and the deliberation as it was, as before this reading.

Where memories go: facts and preferences under the user's root (they follow the user into
every task); the conversation's events under its session node, which hangs under the task when
``task_id`` is given and under the root otherwise. Buffer nodes sit beside the events under the
session (a different node type, so a kept message is never taken for a repeat of its own raw
copy) and expire with the buffer lifecycle (``EvolutionConfig.buffer_ttl_hours``), the
archived copies too. A buffer node's id is fixed by its session and message id, so "is this
message in the buffer already?" is one lookup of the batch's ids, whatever the session's size.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any, Protocol

from hybridmem.conversation import decisions
from hybridmem.conversation.drafts import Draft
from hybridmem.conversation.extract import Extraction, RuleExtractor
from hybridmem.conversation.messages import ChatMessage, parse_messages
from hybridmem.conversation.report import IngestReport, SkippedMessage, ValueChange, WrittenMemory
from hybridmem.core import Core, NodeInput, coerce_input, get_scoped
from hybridmem.errors import InvalidArgumentError, LLMError
from hybridmem.models import MemoryNode, NodeType, session_title

BUFFER_TYPE = "message"
"""Node type of a raw message in the buffer tier."""
SESSION_TYPE = NodeType.SESSION.value
_SESSION_NAMESPACE = uuid.UUID("5b0f3c1e-4a59-4c1e-9d7a-6d2b1c0f8e31")
EXTRACTED = "extracted"
"""``archived_action`` of the raw copy of a message extraction kept something from."""


class Extractor(Protocol):
    """Decides what is worth keeping from a batch of messages."""

    name: str

    def extract(self, messages: Sequence[ChatMessage]) -> Extraction: ...


def session_node_id(user_id: str, session_id: str) -> str:
    """The session node's id: fixed by user and session, so every call of one conversation
    finds the same node (and two users' sessions of one name never meet)."""
    return str(uuid.uuid5(_SESSION_NAMESPACE, f"{user_id}\x00{session_id}"))


def buffer_node_id(session_node: str, message_id: str) -> str:
    """The buffer node's id of one message of one session (the message id is the caller's,
    unique within the session): a message handed over again finds its node by id."""
    return str(uuid.uuid5(_SESSION_NAMESPACE, f"buffer\x00{session_node}\x00{message_id}"))


class ConversationIngest:
    """The conversation service, built on the core like every service."""

    def __init__(self, core: Core, *, extractor: Extractor | None = None) -> None:
        self._core = core
        self.rules = RuleExtractor()
        self.extractor: Extractor = extractor or self.rules

    def add_messages(
        self,
        messages: Any,
        *,
        user_id: str,
        task_id: str | None = None,
        agent_id: str | None = None,
        session_id: str | None = None,
    ) -> IngestReport:
        # The whole call (parsing and extraction too, not only its write) keeps the index
        # backlog's thread off the model and the cores: core/backlog.py.
        with self._core.engine.backlog.deferring():
            return self._add_messages(
                messages, user_id=user_id, task_id=task_id, agent_id=agent_id, session_id=session_id
            )

    def _add_messages(
        self,
        messages: Any,
        *,
        user_id: str,
        task_id: str | None,
        agent_id: str | None,
        session_id: str | None,
    ) -> IngestReport:
        engine = self._core.engine
        parsed = parse_messages(messages, max_chars=engine.config.max_content_chars)
        if not parsed:
            raise InvalidArgumentError("messages is empty: nothing to add")
        if task_id is not None:
            task = get_scoped(engine, task_id, user_id)
            if task.node_type not in engine.config.scope_types or task.node_type == "root":
                raise InvalidArgumentError(
                    f"task_id {task_id!r} is a {task.node_type!r} node, not a task"
                )
        first = next((m.created_at for m in parsed if m.created_at is not None), None)
        session_id = session_id or f"chat-{(first or engine.now()):%Y-%m-%d}"
        sid = session_node_id(user_id, session_id)
        # Frameworks often hand over the whole history on every turn: a message this session's
        # buffer already holds (same id) is not taken twice.
        seen = self._buffered_ids(sid, parsed)
        fresh = [m for m in parsed if m.id not in seen]
        again = [
            SkippedMessage(m.id, "already in this session's buffer") for m in parsed if m.id in seen
        ]
        if not fresh:
            return IngestReport(session_id, sid, 0, skipped=tuple(again))
        parsed = fresh
        extraction, fallback = self._extract(parsed)
        # A choice said without a change word is a value only of what the user weighed before.
        last = max((m.created_at for m in parsed if m.created_at is not None), default=None)
        extraction.drafts = decisions.settle(
            self._core, user_id, extraction.drafts, last or engine.now()
        )
        items = self._session_item(sid, session_id, user_id, task_id, first)
        kept_from = {i for d in extraction.drafts for i in d.source_ids}
        buffered = [
            self._buffer_item(m, sid, agent_id, session_id, m.id in kept_from) for m in parsed
        ]
        kept = [self._memory_item(d, parsed, sid, agent_id, session_id) for d in extraction.drafts]
        # The items are built here, but checked like any caller's (names, ids, sizes).
        inputs = [
            coerce_input(item, i, engine.config)
            for i, item in enumerate([*items, *buffered, *kept])
        ]
        nodes = self._core.tree.add_many(inputs, user_id, embed_now=self._embed_now())
        memories = nodes[len(items) + len(buffered) :]
        decisions.join(self._core, user_id, list(zip(extraction.drafts, memories, strict=True)))
        written = tuple(
            WrittenMemory(
                node_id=node.id,
                node_type=node.node_type,
                content=node.content,
                source_ids=draft.source_ids,
                # A repeat comes back as the memory it reinforced (one more mention).
                merged=int(node.metadata.get("mentions", 1)) > 1,
            )
            for node, draft in zip(memories, extraction.drafts, strict=True)
        )
        return IngestReport(
            session_id=session_id,
            session_node_id=sid,
            buffered=len(buffered),
            written=written,
            value_changes=self._value_changes(memories, user_id),
            skipped=(
                *again,
                *(SkippedMessage(k, v) for k, v in extraction.skipped.items()),
            ),
            extractor=self.extractor.name if fallback is None else self.rules.name,
            fallback=fallback,
        )

    # -- steps ----------------------------------------------------------------------------
    def _embed_now(self) -> Callable[[NodeInput], bool] | None:
        """Which items are embedded inside the call when the index catches up later
        (``MemoryConfig.index_messages_later``): the types whose write plan reads the vector
        (facts and preferences: their slot and conflict group). The buffer copies and the
        events are embedded by the engine's index backlog after the call returns."""
        config = self._core.engine.config
        if not config.index_messages_later:
            return None
        planned = frozenset(config.evolution.conflict_types)
        return lambda item: item.node_type in planned

    def _extract(self, messages: Sequence[ChatMessage]) -> tuple[Extraction, str | None]:
        """The configured extractor's answer; the rules' when it fails (never a lost batch)."""
        if self.extractor is self.rules:
            return self.rules.extract(messages), None
        try:
            return self.extractor.extract(messages), None
        except LLMError as exc:
            return self.rules.extract(messages), f"{type(exc).__name__}: {exc}"

    def _buffered_ids(self, sid: str, messages: Sequence[ChatMessage]) -> set[str]:
        """The ids of ``messages`` this session's buffer holds: a lookup of their buffer node
        ids (bounded by the batch, not by the session's length)."""
        ids = {buffer_node_id(sid, m.id): m.id for m in messages}
        return {ids[i] for i in self._core.engine.store.all_ids_among(ids)}

    def _session_item(
        self,
        sid: str,
        session_id: str,
        user_id: str,
        task_id: str | None,
        first: datetime | None,
    ) -> list[NodeInput]:
        store = self._core.engine.store
        if store.get(sid) is not None:
            return []
        root = store.user_root(user_id)
        parent = task_id or (root.id if root is not None else None)
        item = NodeInput(
            content=session_title(session_id),
            node_type=SESSION_TYPE,
            id=sid,
            parent_id=parent,
            session_id=session_id,
            created_at=first,
            activate=False,
        )
        return [item]

    @staticmethod
    def _buffer_item(
        message: ChatMessage, sid: str, agent_id: str | None, session_id: str, extracted: bool
    ) -> NodeInput:
        metadata = _message_metadata(message)
        if extracted:
            metadata.update(
                archived_action=EXTRACTED,
                archived_reason="raw copy of a message a memory was extracted from",
            )
        return NodeInput(
            content=f"{message.speaker}: {message.content}",
            node_type=BUFFER_TYPE,
            id=buffer_node_id(sid, message.id),
            parent_id=sid,
            source_id=message.id,
            created_at=message.created_at,
            agent_id=agent_id,
            session_id=session_id,
            tier="buffer",
            status="archived" if extracted else None,
            activate=False,
            metadata=metadata,
        )

    @staticmethod
    def _memory_item(
        draft: Draft,
        messages: Sequence[ChatMessage],
        sid: str,
        agent_id: str | None,
        session_id: str,
    ) -> NodeInput:
        by_id = {m.id: m for m in messages}
        source = by_id[draft.source_ids[0]]
        user_level = draft.node_type in ("fact", "preference")
        # Events keep who said them, as the conversation shows it ("Anna: ..."): retrieval's
        # speaker feature and the conversation's neighbours read that form.
        content = draft.content if user_level else f"{draft.speaker}: {draft.content}"
        return NodeInput(
            content=content,
            node_type=draft.node_type,
            parent_id=None if user_level else sid,
            source_id=source.id,
            created_at=source.created_at,
            agent_id=agent_id,
            session_id=session_id,
            activate=False,
            # A decision's slot names the deliberation it settles (conversation.decisions).
            slot=draft.slot if draft.decides else None,
            metadata={
                "source_ids": list(draft.source_ids),
                "speaker": draft.speaker,
                "extracted_from": draft.act,
                **({"aside": draft.aside} if draft.aside else {}),
                **({"person": draft.person} if draft.person else {}),
                **({"relation": draft.relation} if draft.relation else {}),
            },
        )

    def _value_changes(
        self, memories: Sequence[MemoryNode], user_id: str
    ) -> tuple[ValueChange, ...]:
        store = self._core.engine.store
        changes = []
        for node in memories:
            if node.conflict_group is None or node.node_type not in ("fact", "preference"):
                continue
            earlier = [
                m.id
                for m in store.conflict_group_members(user_id, node.conflict_group)
                if m.id != node.id and m.status != "archived" and m.created_at <= node.created_at
            ]
            if earlier:
                slot = node.metadata.get("slot")
                changes.append(
                    ValueChange(
                        node_id=node.id,
                        group=node.conflict_group,
                        slot=str(slot) if slot else None,
                        previous=tuple(earlier),
                    )
                )
        return tuple(changes)


def _message_metadata(message: ChatMessage) -> dict[str, Any]:
    meta: dict[str, Any] = {"role": message.role, "message_id": message.id}
    if message.tool is not None:
        meta["tool"] = message.tool
    if message.name is not None:
        meta["name"] = message.name
    if message.metadata:
        meta["message_metadata"] = message.metadata
    return meta
