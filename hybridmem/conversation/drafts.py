"""What an extractor proposes to keep from a conversation: one :class:`Draft` a memory.

Its own module so the extractors (:mod:`~hybridmem.conversation.extract`,
:mod:`~hybridmem.conversation.llm_extract`) and the decisions reading
(:mod:`~hybridmem.conversation.decisions`, which the rule extractor calls) share it without
importing each other.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Draft:
    """A memory the extractor proposes: its type, text, and the messages it comes from."""

    node_type: str
    content: str
    source_ids: tuple[str, ...]
    speaker: str
    act: str
    slot: str | None = None
    aside: str | None = None
    """Why this is an event and never a fact (``question``, ``hypothetical``, ``passing
    emotion``); None for what was asserted."""
    person: str | None = None
    """Whom a fact about someone else is about (the key of
    :func:`hybridmem.evolution.slots.others.person_of`); None for the user's own."""
    relation: str | None = None
    """The relation the user named that person by beside their name ("my sister Mara":
    ``sister``, 我同事小李: ``同事``), so the fact keyed by the name says both."""
    decides: bool = False
    """A user's sentence that can say a choice made (:func:`hybridmem.conversation.decisions
    .decides`) that would otherwise be only part of its message's event: the ingest keeps it
    as a fact only when it settles an earlier deliberation, and joins the two in one value
    group."""
    filed: bool = False
    """A fact or preference of the speaker's the extractor keeps whatever the decisions
    reading finds: when it also ``decides``, it joins the deliberation it settles, and is
    kept as it is when it settles none (helper decide22)."""
    settles: tuple[str, ...] = ()
    """For a decision kept: the ids of the deliberation event it settles and of that
    deliberation's own facts (filed from the same messages), which join its value group,
    demoted (:func:`hybridmem.conversation.decisions.join`)."""
