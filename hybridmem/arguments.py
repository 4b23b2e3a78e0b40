"""The facade's checks of the arguments that take more than a line to check.

``HybridMemory`` validates every argument before it forwards a call (a bad one raises
:class:`~hybridmem.errors.InvalidArgumentError` naming it, and nothing is written). The checks of
single values live in :mod:`hybridmem.validation`; the ones here check a call's arguments
together, in the order the facade always checked them (the first bad argument is the one
named), and return what the service below takes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from functools import partial
from typing import Any

from hybridmem.config import MemoryConfig
from hybridmem.errors import InvalidArgumentError
from hybridmem.filters import make_filter
from hybridmem.models import RetrievalResult
from hybridmem.recovery.models import SnapshotInfo
from hybridmem.retrieval import Retriever
from hybridmem.retrieval.scoping import check_scope
from hybridmem.store import AuditQuery
from hybridmem.validation import (
    check_content,
    check_datetime,
    check_metadata,
    check_node_id,
    check_node_type,
    check_optional_user,
    check_positive_int,
    check_seq,
    check_status,
    check_text,
    check_user_id,
    check_weight,
)

DEFAULT_USER = "default"
"""The user a call acts for when it names none."""


def update_changes(
    config: MemoryConfig,
    *,
    content: str | None,
    importance: float | None,
    confidence: float | None,
    node_type: str | None,
    metadata: Mapping[str, Any] | None,
    status: str | None,
    source_id: str | None,
    user_id: str | None,
    expected_version: int | None,
) -> dict[str, Any]:
    """The checked fields an ``update`` changes (those given); also checks ``user_id`` and
    ``expected_version``."""
    changes: dict[str, Any] = {}
    if content is not None:
        changes["content"] = check_content(content, max_chars=config.max_content_chars)
    if importance is not None:
        changes["importance"] = check_weight("importance", importance)
    if confidence is not None:
        changes["confidence"] = check_weight("confidence", confidence)
    if node_type is not None:
        changes["node_type"] = check_node_type(node_type)
        if node_type == "root":
            raise InvalidArgumentError("a node cannot be turned into a root")
    if metadata is not None:
        if not isinstance(metadata, Mapping):
            raise InvalidArgumentError(f"metadata must be a mapping, got {type(metadata).__name__}")
        changes["metadata"] = check_metadata(dict(metadata))
    if expected_version is not None:
        check_positive_int("expected_version", expected_version)
    if status is not None:
        changes["status"] = check_status(status)
    if source_id is not None:
        changes["source_id"] = check_user_id(source_id, name="source_id")
    check_optional_user(user_id)
    return changes


DEFAULT_TOP_K = 8
"""The hits of a ``retrieve`` that gives neither ``top_k`` nor a token budget."""


def hit_cap(top_k: int | None, token_budget: int | None) -> int:
    """The number of hits a retrieval may pack: ``top_k`` when given; else the budget alone
    decides (every packed memory is a line, at least one token, so a budget of n tokens holds
    at most n), else :data:`DEFAULT_TOP_K`. A caller handing over a token budget wants it
    filled: with the old fixed 8, a 1,000-token budget held ~300 tokens of LoCoMo turns."""
    if top_k is not None:
        check_positive_int("top_k", top_k)
        return top_k
    return DEFAULT_TOP_K if token_budget is None else token_budget


def checked_search(
    retriever: Retriever,
    config: MemoryConfig,
    query: str,
    *,
    user_id: str,
    task_id: str | None,
    top_k: int | None,
    token_budget: int | None,
    agent_id: str | None,
    session_id: str | None,
    scope: str,
    record_access: bool,
    node_types: str | Sequence[str] | None,
    where: Mapping[str, Any] | None,
    min_score: float | None,
    include_sensitive: bool = False,
) -> Callable[[], RetrievalResult]:
    """Check a ``retrieve`` call and return the retrieval to run (the read service runs it and
    audits its hits)."""
    check_content(query, max_chars=config.max_content_chars, name="query")
    user_id = check_user_id(user_id)
    if token_budget is not None:
        check_positive_int("token_budget", token_budget)
    top_k = hit_cap(top_k, token_budget)
    if task_id is not None:
        check_node_id(task_id, name="task_id")
    for name, value in (("agent_id", agent_id), ("session_id", session_id)):
        if value is not None:
            check_user_id(value, name=name)
    scope_name = check_scope(scope)
    if not isinstance(record_access, bool):
        raise InvalidArgumentError("record_access must be True or False")
    if not isinstance(include_sensitive, bool):
        raise InvalidArgumentError("include_sensitive must be True or False")
    node_filter = make_filter(node_types, where)
    if min_score is not None:
        min_score = check_weight("min_score", min_score)
    return partial(
        retriever.retrieve,
        query,
        user_id=user_id,
        task_id=task_id,
        top_k=top_k,
        token_budget=token_budget,
        agent_id=agent_id,
        session_id=session_id,
        scope=scope_name,
        record_access=record_access,
        node_filter=None if node_filter.empty else node_filter,
        min_score=min_score,
        include_sensitive=include_sensitive,
    )


def audit_query(
    *,
    user_id: str | None,
    node_id: str | None,
    actor: str | None,
    action: str | None,
    since: datetime | None,
    until: datetime | None,
    limit: int | None,
) -> AuditQuery:
    """The checked filters of an ``audit_log`` call (``limit`` is checked, not included)."""
    if limit is not None:
        check_positive_int("limit", limit)
    since = None if since is None else check_datetime("since", since)
    until = None if until is None else check_datetime("until", until)
    check_optional_user(user_id)
    if node_id is not None:
        check_node_id(node_id)
    for name, value in (("actor", actor), ("action", action)):
        if value is not None:
            check_text(name, value)
    return AuditQuery(user_id, node_id, actor, action, since, until)


def check_snapshot(snapshot: object, to_seq: int | None) -> None:
    """A ``restore`` target: a :class:`SnapshotInfo`, a name, a sequence number or None."""
    if to_seq is not None:
        check_seq("to_seq", to_seq)
    if isinstance(snapshot, int) and not isinstance(snapshot, bool):
        check_seq("snapshot", snapshot)
    elif isinstance(snapshot, str):
        check_text("snapshot", snapshot, max_chars=255)
    elif snapshot is not None and not isinstance(snapshot, SnapshotInfo):
        raise InvalidArgumentError(
            "snapshot must be a SnapshotInfo, a snapshot name, a sequence number or None, "
            f"got {type(snapshot).__name__}"
        )


def check_plugin(value: object, method: str, wanted: str) -> None:
    """A plug-in the caller hands in (a distiller, a slot extractor) is duck-typed: it needs a
    str ``name`` and a callable ``method``; ``wanted`` says so in the error."""
    if not (
        isinstance(getattr(value, "name", None), str) and callable(getattr(value, method, None))
    ):
        raise InvalidArgumentError(f"{wanted}, got {type(value).__name__}")
