"""Request and response bodies of the JSON API (pydantic 2; they make ``/openapi.json``).

Requests forbid unknown fields, so a misspelt field is a 422 naming it instead of being ignored.
Values are checked by the engine (one set of rules for Python, CLI and HTTP callers); the models
only fix the JSON types.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field

from hybridmem.core.sealed import is_masked
from hybridmem.privacy.disclosure import is_withheld

if TYPE_CHECKING:  # only the converters' signatures name the engine's result types
    from hybridmem.evolution.maintain.maintenance import MaintenanceReport
    from hybridmem.models import MemoryNode, RetrievalResult, ScoreBreakdown
    from hybridmem.recovery.models import OpRecord, SnapshotInfo, VerifyReport

MAX_BATCH = 10_000
"""Items per ``POST /v1/memories/batch`` (one SQLite transaction; bigger imports: several)."""


class _Request(BaseModel):
    model_config = ConfigDict(extra="forbid")


class NodeFields(_Request):
    """The fields of a new memory (``HybridMemory.add``)."""

    content: str
    parent_id: str | None = None
    node_type: str = "event"
    importance: float | None = None
    confidence: float | None = None
    metadata: dict[str, Any] | None = None
    created_at: datetime | None = None
    source_id: str | None = None
    agent_id: str | None = None
    session_id: str | None = None
    id: str | None = Field(default=None, description="Your own id (default: a new uuid).")
    activate: bool | None = None
    lifecycle: str | None = None
    slot: str | None = None
    tier: str | None = None
    sensitive: bool = False


class MemoryCreate(NodeFields):
    """``POST /v1/memories``."""

    user_id: str | None = Field(default=None, description="Default: the token's user.")


class BatchCreate(_Request):
    """``POST /v1/memories/batch``: all items or none; parents may be earlier items' ids."""

    user_id: str | None = None
    items: list[NodeFields] = Field(max_length=MAX_BATCH)


class MemoryPatch(_Request):
    """``PATCH /v1/memories/{id}``: the fields to change (content is re-embedded if changed)."""

    content: str | None = None
    importance: float | None = None
    confidence: float | None = None
    node_type: str | None = None
    metadata: dict[str, Any] | None = None
    status: str | None = None
    source_id: str | None = None
    expected_version: int | None = Field(
        default=None, description="Refuse (409) if another writer changed the node first."
    )


class MoveRequest(_Request):
    """``POST /v1/memories/{id}/move``."""

    parent_id: str


class SearchRequest(_Request):
    """``POST /v1/search`` (``HybridMemory.retrieve``)."""

    query: str
    user_id: str | None = Field(
        default=None,
        description="Default: the token's user; with a token for every user, user 'default' "
        "if it has memories, else a 422 asking for user_id.",
    )
    task_id: str | None = None
    top_k: int | None = Field(
        default=None,
        description="At most this many hits. Default: 8 without a token_budget; with one, "
        "as many as the budget holds.",
    )
    token_budget: int | None = None
    agent_id: str | None = None
    session_id: str | None = None
    scope: str = "task"
    """``task``: the task subtree plus the user-level memories; ``user``: the whole tree."""
    record_access: bool = True
    """False: a read-only look that leaves the hits' access statistics alone."""
    node_types: list[str] | None = None
    where: dict[str, Any] | None = Field(
        default=None, description='Metadata filter, e.g. {"project": {"$in": ["a", "b"]}}.'
    )
    min_score: float | None = None
    include_sensitive: bool = Field(
        default=False,
        description="Also sensitive memories the question is not about (by default one is "
        "returned only when no ordinary memory matches the question better).",
    )


class ToolCall(_Request):
    """``POST /v1/tools/{name}``: one call of a memory tool (the MCP / OpenAI tool set)."""

    arguments: dict[str, Any] = Field(default_factory=dict)
    user_id: str | None = Field(default=None, description="Default: the token's user.")
    include_sensitive: bool = Field(
        default=False,
        description="search_memory also returns sensitive memories the question is not about, "
        "and the reads without a question (get_memory, list_memories, ...) show their text "
        "instead of withholding it (the caller's choice, never the model's).",
    )


class FinishRequest(_Request):
    """``POST /v1/memories/{id}/finish`` (``HybridMemory.finish_task``)."""

    outcome: str | None = None


class ActiveRequest(_Request):
    """``PUT /v1/users/{user}/active``."""

    node_id: str


class MaintainRequest(_Request):
    """``POST /v1/maintain``: a dry run unless ``dry_run`` is false."""

    user_id: str | None = Field(default=None, description="Default: every user (admin token).")
    dry_run: bool = True
    deep: bool = True
    now: datetime | None = None
    max_nodes: int | None = None


class NodeOut(BaseModel):
    """One memory. ``content`` is None and ``masked`` true when it is encrypted and this
    server holds no key (tree listings; a direct read answers 423 instead)."""

    id: str
    user_id: str
    parent_id: str | None
    content: str | None
    masked: bool = False
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
    path: list[str]
    task_id: str
    index_state: str
    activity: float
    source_id: str | None
    agent_id: str | None
    session_id: str | None
    metadata: dict[str, Any]
    lifecycle: str | None
    tier: str | None
    conflict_group: str | None
    sensitive: bool
    marks: dict[str, Any] = {}
    """The engine's own labels (speech act, how the slot was found), apart from metadata."""

    withheld: bool = False
    """A sensitive memory read without ``include_sensitive``: ``content`` is the placeholder
    ``[sensitive: withheld]`` (issue 38; :mod:`hybridmem.privacy.disclosure`)."""

    @classmethod
    def of(cls, node: MemoryNode, content: str | None = None, masked: bool = False) -> NodeOut:
        """From an engine node; ``content`` overrides the node's (e.g. decrypted or masked).
        A node read masked (sealed, no key) comes out masked whatever ``masked`` says."""
        # Every other field has the same name and meaning on the engine's node.
        own = ("content", "masked", "withheld")
        same = {n: getattr(node, n) for n in NodeOut.model_fields if n not in own}
        text = content if content is not None else node.content
        masked = masked or is_masked(node.sensitive, text)
        withheld = is_withheld(node.sensitive, text)
        return cls(**same, content=None if masked else text, masked=masked, withheld=withheld)


class NodeList(BaseModel):
    """A list of memories."""

    nodes: list[NodeOut]


class DeleteOut(BaseModel):
    """How many nodes a delete removed."""

    deleted: int


class BreakdownOut(BaseModel):
    """Each feature's raw value, effective weight and weighted part of a hit's score.

    ``score = sum(parts) / sum(weights)``, so ``parts[f] / sum(weights)`` is feature f's share.
    """

    score: float
    features: dict[str, float]
    weights: dict[str, float]
    parts: dict[str, float]
    node_weight: float
    sources: list[str]
    explain: str

    @classmethod
    def of(cls, b: ScoreBreakdown) -> BreakdownOut:
        """From an engine breakdown."""
        return cls(
            score=b.score,
            features=dict(b.features),
            weights=dict(b.weights),
            parts=dict(b.parts),
            node_weight=b.weight,
            sources=list(b.sources),
            explain=b.explain(),
        )


class HitOut(BaseModel):
    """A retrieved memory with its score and why."""

    node: NodeOut
    score: float
    breakdown: BreakdownOut


class SearchOut(BaseModel):
    """``POST /v1/search``: the context to put in a prompt, its tokens, and the ranked hits."""

    query: str
    user_id: str
    scope_id: str | None
    context: str
    tokens: int
    candidates: int
    dropped_for_budget: int
    path: list[NodeOut]
    hits: list[HitOut]
    vector_unavailable: bool = False
    """True when this server process could not search vectors (it does not own the embedded
    Chroma index): the hits come from lexical and tree candidates only."""
    vector_unavailable_reason: str | None = None
    shortened: list[str] = []
    """Ids of the hits the context prints shorter than their content (their sentences that
    match the query, ``…`` where text was left out) to fit the token budget."""

    @classmethod
    def of(cls, r: RetrievalResult) -> SearchOut:
        """From an engine result."""
        return cls(
            query=r.query,
            user_id=r.user_id,
            scope_id=r.scope_id,
            context=r.context,
            tokens=r.tokens,
            candidates=r.candidates,
            dropped_for_budget=r.dropped_for_budget,
            vector_unavailable=r.vector_unavailable,
            vector_unavailable_reason=r.vector_unavailable_reason,
            shortened=list(r.shortened),
            path=[NodeOut.of(n) for n in r.path],
            hits=[
                HitOut(
                    node=NodeOut.of(h.node), score=h.score, breakdown=BreakdownOut.of(h.breakdown)
                )
                for h in r.hits
            ],
        )


class TreeNodeOut(NodeOut):
    """A node of a user's tree with its weight now and its place on the active path."""

    weight: float
    half_life_days: float
    protected: bool
    group_current: bool | None
    why: str
    active: bool
    on_active_path: bool


class TreeOut(BaseModel):
    """``GET /v1/users/{user}/tree``: nodes parents first, in tree order."""

    user_id: str
    active_id: str | None
    total: int
    nodes: list[TreeNodeOut]


class UsersOut(BaseModel):
    """User ids with their node counts."""

    users: dict[str, int]


class OpOut(BaseModel):
    """One op-log record (ciphertexts of sensitive nodes left out)."""

    seq: int
    op: str
    node_id: str | None
    user_id: str | None
    payload: dict[str, Any]
    at: datetime
    actor: str | None

    @classmethod
    def of(cls, r: OpRecord) -> OpOut:
        """From an op-log record."""
        payload = {k: v for k, v in r.payload.items() if not k.startswith("sealed")}
        return cls(
            seq=r.seq,
            op=r.op,
            node_id=r.node_id,
            user_id=r.user_id,
            payload=payload,
            at=r.at,
            actor=r.actor,
        )


class HistoryOut(BaseModel):
    """Every op-log record of one node, oldest first."""

    records: list[OpOut]


class ActionOut(BaseModel):
    """One thing maintenance did or would do to one node, and why."""

    node_id: str
    user_id: str
    action: str
    reason: str
    weight: float | None


class MaintainOut(BaseModel):
    """``POST /v1/maintain``."""

    now: datetime
    dry_run: bool
    deep: bool
    users: list[str]
    examined: int
    counts: dict[str, int]
    skipped_concurrent: int
    actions: list[ActionOut]

    @classmethod
    def of(cls, r: MaintenanceReport) -> MaintainOut:
        """From an engine report."""
        return cls(
            now=r.now,
            dry_run=r.dry_run,
            deep=r.deep,
            users=list(r.users),
            examined=r.examined,
            counts=r.counts,
            skipped_concurrent=r.skipped_concurrent,
            actions=[
                ActionOut(
                    node_id=a.node_id,
                    user_id=a.user_id,
                    action=a.action,
                    reason=a.reason,
                    weight=a.weight,
                )
                for a in r.actions
            ],
        )


class HealthOut(BaseModel):
    """``GET /v1/health``: the server answers and its store is open."""

    status: str
    version: str


class SnapshotOut(BaseModel):
    """A checkpoint: name, op-log sequence, time, node count."""

    name: str
    seq: int
    created_at: datetime
    nodes: int

    @classmethod
    def of(cls, s: SnapshotInfo) -> SnapshotOut:
        """From a snapshot manifest."""
        return cls(name=s.name, seq=s.seq, created_at=s.created_at, nodes=s.nodes)


class VerifyOut(BaseModel):
    """SQLite vs Chroma, entry by entry (``HybridMemory.verify``)."""

    clean: bool
    nodes: int
    vectors: int
    missing: list[str]
    pending: list[str]
    orphaned: list[str]
    stale: list[str]
    broken_tree: list[str]
    seq_gaps: list[int]

    @classmethod
    def of(cls, v: VerifyReport) -> VerifyOut:
        """From a verify report."""
        return cls(
            clean=v.clean,
            nodes=v.nodes,
            vectors=v.vectors,
            missing=list(v.missing),
            pending=list(v.pending),
            orphaned=list(v.orphaned),
            stale=list(v.stale),
            broken_tree=list(v.broken_tree),
            seq_gaps=list(v.seq_gaps),
        )


class StoreOut(BaseModel):
    """``GET /v1/store``: counts, pending vector writes, the last checkpoint, verify."""

    path: str
    nodes: int
    users: int
    vectors: int
    pending: int
    last_seq: int
    embedder: str
    dimension: int
    sqlite_bytes: int
    by_type: dict[str, int]
    by_status: dict[str, int]
    by_index_state: dict[str, int]
    snapshots: int
    last_checkpoint: SnapshotOut | None
    verify: VerifyOut | None


class MessagesCreate(_Request):
    """``POST /v1/messages`` (``HybridMemory.add_messages``): one call, all or nothing."""

    messages: list[dict[str, Any]] = Field(
        max_length=MAX_BATCH,
        description='Chat messages: {"role": "user"|"assistant"|"system"|"tool", '
        '"content": str, "id"?: str, "name"?: str, "created_at"?: ISO-8601, '
        '"tool"?: "call"|"result"}.',
    )
    user_id: str | None = Field(default=None, description="Default: the token's user.")
    task_id: str | None = None
    agent_id: str | None = None
    session_id: str | None = None
    wait_indexed: bool = Field(
        default=False,
        description="Answer once the vectors of what the call wrote are in the index "
        "(HybridMemory.wait_indexed); by default the answer comes at commit and the index "
        "catches up after (a search finds the messages either way).",
    )


class WrittenOut(BaseModel):
    node_id: str
    node_type: str
    content: str
    source_ids: list[str]
    merged: bool


class ValueChangeOut(BaseModel):
    node_id: str
    group: str
    slot: str | None
    previous: list[str]


class SkippedOut(BaseModel):
    message_id: str
    reason: str


class IngestOut(BaseModel):
    """What ``add_messages`` kept, changed and skipped (``IngestReport``)."""

    session_id: str
    session_node_id: str
    buffered: int
    written: list[WrittenOut]
    value_changes: list[ValueChangeOut]
    skipped: list[SkippedOut]
    extractor: str
    fallback: str | None
    indexed: bool | None = Field(
        default=None,
        description="True when the call waited for the index (wait_indexed); null otherwise.",
    )
