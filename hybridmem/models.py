"""Typed values that cross the public API: nodes, hits, score breakdowns, results, stats."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any


def _json_value(value: Any) -> Any:
    """A field value as plain JSON (ISO-8601 times, lists for tuples, copied containers)."""
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, tuple | list):
        return [_json_value(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _json_value(v) for k, v in value.items()}
    return value


class NodeType(StrEnum):
    """The node types hybridmem knows. Any other lowercase identifier is accepted too."""

    ROOT = "root"
    TASK = "task"
    SESSION = "session"
    EVENT = "event"
    FACT = "fact"
    PREFERENCE = "preference"
    DECISION = "decision"
    STATE = "state"
    SUMMARY = "summary"
    PROFILE = "profile"


def session_title(session_id: str) -> str:
    """The content a conversation's session node is written with: its title, no summary
    (written by the conversation path, recognised by retrieval as saying nothing itself)."""
    return f"Conversation {session_id}"


class NodeStatus(StrEnum):
    """Lifecycle status. Only ``active`` nodes are retrieved by default."""

    ACTIVE = "active"
    CANDIDATE = "candidate"
    ARCHIVED = "archived"


class IndexState(StrEnum):
    """Whether the node's vector is in Chroma. SQLite commits first with ``pending``."""

    PENDING = "pending"
    INDEXED = "indexed"
    FAILED = "failed"


@dataclass(frozen=True, slots=True)
class MemoryNode:
    """One memory: a fact, event, decision, task state, preference or distilled conclusion.

    ``path`` lists the ids of the node's ancestors, root first, and ``task_id`` is the nearest
    task (or the user's root) at or above the node: the unit retrieval scopes to.
    """

    id: str
    user_id: str
    parent_id: str | None
    content: str
    node_type: str
    importance: float
    confidence: float
    created_at: datetime
    updated_at: datetime
    last_accessed_at: datetime | None
    access_count: int
    seq: int
    version: int
    status: str
    depth: int
    path: tuple[str, ...]
    task_id: str
    content_hash: str
    index_state: str
    activity: float = 0.0
    source_id: str | None = None
    agent_id: str | None = None
    session_id: str | None = None
    metadata: dict[str, Any] = field(default_factory=dict)
    # Room for the evolution and privacy layers (lifecycle, tier, conflict group, sensitivity).
    lifecycle: str | None = None
    tier: str | None = None
    conflict_group: str | None = None
    sensitive: bool = False
    marks: dict[str, Any] = field(default_factory=dict)
    """The engine's own labels of this node (:data:`MARK_NAMES`: the speech act the write
    filter read and how sure it was, how the slot was found), apart from ``metadata``, which
    is the caller's. Stored beside the metadata under :data:`MARKS_KEY`."""

    def to_dict(self) -> dict[str, Any]:
        """Every field as plain JSON (times as ISO-8601 strings), e.g. for a tool result,
        plus ``source_ids``."""
        out = {f.name: _json_value(getattr(self, f.name)) for f in fields(self)}
        out["source_ids"] = list(self.source_ids)
        return out

    @property
    def source_ids(self) -> tuple[str, ...]:
        """The ids of the messages (or other sources) this memory was extracted from:
        ``metadata["source_ids"]`` as :meth:`HybridMemory.add_messages` writes it, else the
        node's own ``source_id``."""
        listed = self.metadata.get("source_ids")
        if isinstance(listed, list | tuple) and listed:
            return tuple(str(x) for x in listed)
        return (self.source_id,) if self.source_id else ()

    def path_prefix_for_children(self) -> str:
        """The materialised path every child of this node carries (for subtree queries)."""
        return "/" + "".join(p + "/" for p in (*self.path, self.id))

    @property
    def covers(self) -> frozenset[str]:
        """Source ids this node stands for: its own ``source_id`` plus ``metadata['covers']``."""
        ids = {str(x) for x in self.metadata.get("covers", ())}
        if self.source_id:
            ids.add(self.source_id)
        return frozenset(ids)


MARKS_KEY = "_marks"
"""The key of the stored metadata JSON that holds a node's :attr:`MemoryNode.marks`; reserved:
a caller's metadata may not use it."""

MARK_NAMES: frozenset[str] = frozenset({"speech_act", "speech_act_confidence", "slot_via"})
"""The engine's labels that older versions wrote into ``metadata`` itself: a stored row or a
logged op still holding them there is read with them moved to ``marks`` (and schema m016
moves them in stored SQLite rows); a caller's metadata may not use these names."""


def split_marks(stored: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """``(metadata, marks)`` of a node's stored metadata dict (``stored`` is not changed)."""
    if MARKS_KEY not in stored and MARK_NAMES.isdisjoint(stored):
        return stored, {}
    metadata = {k: v for k, v in stored.items() if k != MARKS_KEY and k not in MARK_NAMES}
    marks = {k: v for k, v in stored.items() if k in MARK_NAMES}
    kept = stored.get(MARKS_KEY)
    if isinstance(kept, dict):
        marks.update(kept)
    return metadata, marks


def stored_metadata(metadata: dict[str, Any], marks: dict[str, Any]) -> dict[str, Any]:
    """The metadata dict a row stores for ``metadata`` and ``marks`` (see :func:`split_marks`)."""
    return {**metadata, MARKS_KEY: dict(marks)} if marks else metadata


DAYS_WIDEST = timedelta(days=7)
"""The widest window a question about days names (a week: :mod:`hybridmem.retrieval.days`)."""


@dataclass(frozen=True, slots=True)
class TimeWindow:
    """A query's time expression and the half-open window ``[start, end)`` it names (UTC)."""

    text: str
    start: datetime
    end: datetime

    def contains(self, moment: datetime) -> bool:
        return self.start <= moment < self.end

    def distance_days(self, moment: datetime) -> float:
        """Days from ``moment`` to the window (0 inside)."""
        if moment < self.start:
            return (self.start - moment).total_seconds() / 86_400.0
        if moment >= self.end:
            return (moment - self.end).total_seconds() / 86_400.0
        return 0.0

    def of_days(self) -> bool:
        """Whether the window is of days: at most a week (``DAYS_WIDEST``), which both its
        edges (:meth:`closeness`) and the weight of ``time`` (:mod:`hybridmem.retrieval.days`)
        read as a question about days."""
        return self.end - self.start <= DAYS_WIDEST

    def closeness(self, moment: datetime) -> float:
        """1 inside the window, halving every quarter day outside a window of days (at most a
        week) and every quarter window-width outside a wider one: a memory filed a few hours
        past the named day (another time zone, a late write) still counts a little, one from
        the day before hardly at all. A week's or a weekend's edges are a day's edges, sure to
        the hour: scaled with the width, Sunday evening counted 0.9 for "last week" asked
        about Monday to Sunday and outranked the week's own chats (issue 38). A month or a
        year keeps its wide edges (an event of March is often told in April)."""
        width = (self.end - self.start).total_seconds() / 86_400.0
        quarter = 0.25 if self.of_days() else width / 4.0
        return float(0.5 ** (self.distance_days(moment) / quarter))

    def describe(self) -> str:
        last = self.end - timedelta(microseconds=1)
        if self.end - self.start <= timedelta(days=1):
            return f"{self.text!r} -> {self.start:%Y-%m-%d}"
        return f"{self.text!r} -> {self.start:%Y-%m-%d}..{last:%Y-%m-%d}"


@dataclass(frozen=True, slots=True)
class ScoreBreakdown:
    """Every feature of a candidate and its weighted part of the final score.

    ``features`` are the values in [0, 1] (the priors, importance to tree, already times the
    node's own relevance: see :class:`~hybridmem.config.ScoreWeights`); ``weights`` the
    effective weights of this query,
    normalised to add up to 1; ``parts`` are weight x feature, so the parts add up to
    ``score``, which stays in [0, 1] whatever the configured weights.
    """

    features: dict[str, float]
    parts: dict[str, float]
    score: float
    weight: float
    sources: tuple[str, ...]
    weights: dict[str, float] = field(default_factory=dict)
    """The effective weight of each feature for this query (see ``retrieval._weights_for``)."""
    window: TimeWindow | None = None
    """The time window the query named (the ``time`` feature's reference), if any."""

    def to_dict(self) -> dict[str, Any]:
        """The breakdown as plain JSON (``node_weight`` is the node's weight, as in the REST
        API), with the one-line explanation."""
        return {
            "score": self.score,
            "features": dict(self.features),
            "weights": dict(self.weights),
            "parts": dict(self.parts),
            "node_weight": self.weight,
            "sources": list(self.sources),
            "explain": self.explain(),
        }

    def explain(self) -> str:
        """A one-line human-readable breakdown, largest part first; the parts add up to the
        score."""
        ranked = sorted(self.parts.items(), key=lambda kv: -kv[1])
        body = " + ".join(f"{k} {v:.3f}" for k, v in ranked if v)
        when = f" [time {self.window.describe()}]" if self.window else ""
        return f"score={self.score:.3f} = {body or '0'} via {'+'.join(self.sources)}{when}"


@dataclass(frozen=True, slots=True)
class Hit:
    """A retrieved node with its score and how that score came about."""

    node: MemoryNode
    score: float
    breakdown: ScoreBreakdown
    merged: tuple[MemoryNode, ...] = ()
    """Identical memories (same type and words) folded into this hit, ranked below it: they
    are not packed again; or the user's next turn riding with this turn, its text after this
    one's in ``node.content`` (:mod:`hybridmem.retrieval.continuations`)."""

    @property
    def covers(self) -> frozenset[str]:
        """Source ids this hit stands for, the merged copies' included."""
        out = self.node.covers
        for node in self.merged:
            out |= node.covers
        return out

    def to_dict(self) -> dict[str, Any]:
        """``{"node": ..., "score": ..., "breakdown": ...}`` as plain JSON."""
        return {
            "node": self.node.to_dict(),
            "score": self.score,
            "breakdown": self.breakdown.to_dict(),
        }


@dataclass(frozen=True, slots=True)
class RetrievalResult:
    """What ``retrieve`` returns: ranked hits, the packed context and its token count."""

    query: str
    user_id: str
    scope_id: str | None
    hits: list[Hit]
    path: list[MemoryNode]
    context: str
    tokens: int
    candidates: int
    dropped_for_budget: int
    time_window: TimeWindow | None = None
    """The window the query's time expression named ("on May 6", "上周二"), if any."""
    vector_unavailable: bool = False
    """True when no vector candidates could be searched for this result (this process does
    not own the embedded Chroma index): hits come from lexical and tree candidates only."""
    vector_unavailable_reason: str | None = None
    """Why, and what to do about it (use a Chroma server), when ``vector_unavailable``."""
    shortened: list[str] = field(default_factory=list)
    """Ids of the hits the context prints shorter than their content, in rank order: a hit too
    long for what was left of ``token_budget`` is printed as its sentences that match the
    query, with ``…`` where text was left out. The hit itself keeps its whole content."""

    @property
    def nodes(self) -> list[MemoryNode]:
        """The hit nodes in rank order."""
        return [h.node for h in self.hits]

    def to_dict(self) -> dict[str, Any]:
        """The whole result as plain JSON (the shape of the REST API's ``/v1/search``)."""
        return {
            "query": self.query,
            "user_id": self.user_id,
            "scope_id": self.scope_id,
            "context": self.context,
            "tokens": self.tokens,
            "candidates": self.candidates,
            "dropped_for_budget": self.dropped_for_budget,
            "shortened": list(self.shortened),
            "path": [n.to_dict() for n in self.path],
            "hits": [h.to_dict() for h in self.hits],
        }


@dataclass(frozen=True, slots=True)
class StoreStats:
    """Counts and sizes for ``HybridMemory.stats()``."""

    nodes: int
    users: int
    by_type: dict[str, int]
    by_status: dict[str, int]
    by_index_state: dict[str, int]
    vectors: int
    last_seq: int
    embedder: str
    dimension: int
    sqlite_bytes: int
    path: str


@dataclass(frozen=True, slots=True)
class OpRecord:
    """One op-log entry: what changed, when, by whom, with the payload replay needs."""

    seq: int
    op: str
    node_id: str | None
    user_id: str | None
    payload: dict[str, Any]
    at: datetime
    actor: str | None


@dataclass(frozen=True, slots=True)
class Grant:
    """A permission one agent of a user holds on memories it does not own (issue 33).

    Exactly one of ``from_agent`` (every memory of that agent), ``subtree`` (a node and
    everything below it, whoever wrote it) or ``shared`` (the user's memories written without
    an agent) says what is granted. ``perms`` is ``"read"`` or ``"write"`` (write includes
    read). ``by_agent``: the agent that gave it through its scoped view (None: the unscoped
    handle)."""

    id: str
    user_id: str
    to_agent: str
    perms: str
    from_agent: str | None = None
    subtree: str | None = None
    shared: bool = False
    by_agent: str | None = None
    created_at: datetime | None = None

    @property
    def writes(self) -> bool:
        """Whether this grant allows changes (not only reads)."""
        return self.perms == "write"

    def to_dict(self) -> dict[str, Any]:
        """The grant as plain JSON values."""
        return {f.name: _json_value(getattr(self, f.name)) for f in fields(self)}
