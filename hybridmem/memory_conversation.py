"""The conversation methods of :class:`~hybridmem.memory.HybridMemory` (a mixin, beside
``memory_evolution.py``): hand it chat messages, choose who decides what is kept."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from hybridmem.arguments import DEFAULT_USER
from hybridmem.core import Core
from hybridmem.errors import InvalidArgumentError
from hybridmem.validation import check_node_id, check_user_id

if TYPE_CHECKING:
    from hybridmem.conversation import ConversationIngest, Extractor, IngestReport


class ConversationCalls:
    """``add_messages``, ``wait_indexed`` and ``set_message_extractor``."""

    _core: Core
    _ingest: ConversationIngest | None = None

    @property
    def _conversation(self) -> ConversationIngest:
        """The ingest service, built on first use: its extractor's rules and lexicons cost
        ~50 ms to import, which a command that never ingests (``hybridmem tree``) skips."""
        if self._ingest is None:
            from hybridmem.conversation import ConversationIngest

            self._ingest = ConversationIngest(self._core)
        return self._ingest

    def _check_open(self) -> None:
        self._core.engine.check_open()

    def add_messages(
        self,
        messages: Iterable[Mapping[str, Any]],
        *,
        user_id: str = DEFAULT_USER,
        task_id: str | None = None,
        agent_id: str | None = None,
        session_id: str | None = None,
    ) -> IngestReport:
        """Hand it the conversation: chat messages in, typed memories out.

        ``messages`` are ``{"role": "user"|"assistant"|"system"|"tool", "content": str,
        "id"?: str, "name"?: str, "created_at"?: datetime | ISO string}`` mappings (the OpenAI
        chat shape; a ``tool`` message, ``"tool": "call"|"result"``, is kept in the buffer
        only: what an agent's tool was asked or answered is never a memory of the user).
        Every message is kept first in the buffer tier (raw, expiring after
        ``EvolutionConfig.buffer_ttl_hours``); extraction then writes what is worth keeping:
        each message with more than filler stays an event of the conversation's session (under
        ``task_id`` when given), and the facts and preferences the user's sentences give go
        under the root beside it (a changed value joins its conflict group). A question,
        hypothetical or passing mood is never a fact: its event is marked
        ``metadata["aside"]``; the assistant's statements are events, never facts about the
        user. What the user says of someone else ("my sister Mara lives in Lisbon") is a fact
        about that person, in their own group (``user.residence@mara``), never the user's.
        Each memory cites the ids of the messages it came from
        (:attr:`MemoryNode.source_ids`). One call is one write: all of it or nothing. Returns
        an :class:`~hybridmem.conversation.IngestReport`.

        The call returns once the write is committed; the vectors of what it wrote are
        computed after, in batches (``MemoryConfig.index_messages_later``; only facts and
        preferences are embedded in the call). A search indexes whatever is pending first, so
        a memory just added is always found; :meth:`wait_indexed` waits for all of it.
        """
        self._check_open()
        user_id = check_user_id(user_id)
        if task_id is not None:
            task_id = check_node_id(task_id, name="task_id")
        if agent_id is not None:
            agent_id = check_user_id(agent_id, name="agent_id")
        if session_id is not None:
            session_id = check_user_id(session_id, name="session_id")
        return self._conversation.add_messages(
            messages, user_id=user_id, task_id=task_id, agent_id=agent_id, session_id=session_id
        )

    def wait_indexed(self) -> int:
        """Index now what writes left for the index to catch up with (``add_messages`` with
        ``MemoryConfig.index_messages_later``: its memories are committed at once, their
        vectors come after); return how many rows this call indexed. A search does this
        itself for this handle's writes (a memory just added is always found); use it to time
        the whole ingest, or before handing the directory to a process that only reads the
        index. It also indexes what another handle or process left pending (one that closed
        or died before its backlog was written; else only the next open would)."""
        self._check_open()
        return self._core.engine.backlog.drain(everyone=True)

    def set_message_extractor(self, extractor: Extractor | None) -> None:
        """Let ``extractor`` decide what :meth:`add_messages` keeps (e.g. ``LLMExtractor`` of
        :mod:`hybridmem.conversation.llm_extract`); ``None`` restores the rules. A failing
        extractor never loses a batch: the rules decide it, ``IngestReport.fallback`` says why."""
        self._check_open()
        if extractor is not None and not callable(getattr(extractor, "extract", None)):
            raise InvalidArgumentError(
                f"extractor must have an extract(messages) method, got {type(extractor).__name__}"
            )
        self._conversation.extractor = extractor or self._conversation.rules
