"""Export and import one user's memory as JSON Lines, so a user can take it elsewhere.

Format (UTF-8, one JSON object per line)::

    {"kind": "header", "format": "hybridmem-export", "version": 1, "user_id": ..., "nodes": N,
     "active_id": ..., "exported_at": ...}
    {"kind": "node", "id": ..., "parent_id": ..., "node_type": ..., "content": ..., ...}

Nodes come parents first; the first node is the user's root. Export needs the key when the
user has sensitive nodes (their content is written decrypted: the file is plaintext, protect
it); import encrypts nodes flagged ``sensitive`` with the target store's key. Vectors are not
exported: the target store embeds with its own model.
"""

from __future__ import annotations

import io
import json
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import IO, Any

from hybridmem.clock import from_iso, to_iso
from hybridmem.core import Core, NodeInput, coerce_input
from hybridmem.errors import ImportFormatError, InvalidArgumentError, NodeNotFoundError
from hybridmem.retrieval.visibility import check_no_foreign
from hybridmem.store import TreeStore
from hybridmem.validation import check_user_id

FORMAT = "hybridmem-export"
VERSION = 1
_NODE_FIELDS = (
    "id",
    "parent_id",
    "node_type",
    "content",
    "sensitive",
    "importance",
    "confidence",
    "status",
    "created_at",
    "metadata",
    "source_id",
    "agent_id",
    "session_id",
)


@dataclass(frozen=True, slots=True)
class PortabilityReport:
    """What an export or import moved."""

    user_id: str
    nodes: int
    sensitive: int
    active_id: str | None
    skipped: int = 0
    """Import: nodes the target user already had (same id), left as they were."""
    remapped: int = 0
    """Import: nodes given a fresh id because theirs was taken."""


@contextmanager
def _text(target: str | Path | IO[str], mode: str) -> Iterator[IO[str]]:
    if isinstance(target, str | Path):
        with open(target, mode, encoding="utf-8", newline="\n") as fh:
            yield fh
    else:
        yield target


def export_user(core: Core, user_id: str, dest: str | Path | IO[str]) -> PortabilityReport:
    """Write ``user_id``'s whole tree to ``dest`` (a path or a text stream)."""
    root = core.engine.store.user_root(user_id)
    if root is None:
        raise NodeNotFoundError(f"user {user_id!r} has no memory to export")
    nodes = core.engine.store.subtree(root)
    check_no_foreign(nodes, user_id)
    active_id = core.engine.store.get_active(user_id)
    active = core.engine.store.get(active_id) if active_id else None
    active_id = active.id if active else None
    header: dict[str, Any] = {
        "kind": "header",
        "format": FORMAT,
        "version": VERSION,
        "user_id": user_id,
        "nodes": len(nodes),
        "active_id": active_id,
        "exported_at": to_iso(core.engine.now()),
    }
    with _text(dest, "w") as fh:
        fh.write(json.dumps(header, ensure_ascii=False) + "\n")
        for node in nodes:
            record: dict[str, Any] = {"kind": "node"}
            for name in _NODE_FIELDS:
                value = getattr(node, name)
                record[name] = to_iso(value) if isinstance(value, datetime) else value
            fh.write(json.dumps(record, ensure_ascii=False) + "\n")
    return PortabilityReport(user_id, len(nodes), sum(n.sensitive for n in nodes), active_id)


def _parse(source: str | Path | IO[str]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    if isinstance(source, bytes | bytearray):
        raise ImportFormatError("import expects a path or a text stream, not bytes")
    header: dict[str, Any] | None = None
    records: list[dict[str, Any]] = []
    with _text(source, "r") as fh:
        try:
            lines = list(fh)
        except UnicodeDecodeError as exc:
            raise ImportFormatError(f"the export is not UTF-8 text: {exc}") from exc
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ImportFormatError(f"line {number}: not JSON ({exc.msg})") from exc
        except RecursionError:
            raise ImportFormatError(f"line {number}: JSON nested too deeply") from None
        if not isinstance(obj, dict):
            raise ImportFormatError(f"line {number}: expected a JSON object")
        if header is None:
            if obj.get("kind") != "header" or obj.get("format") != FORMAT:
                raise ImportFormatError(f"line {number}: expected a {FORMAT} header first")
            if obj.get("version") != VERSION:
                raise ImportFormatError(
                    f"line {number}: export version {obj.get('version')!r} is not supported "
                    f"(this hybridmem reads version {VERSION})"
                )
            header = obj
            continue
        if obj.get("kind") != "node":
            raise ImportFormatError(f"line {number}: unknown record kind {obj.get('kind')!r}")
        missing = [f for f in ("id", "parent_id", "node_type", "content") if f not in obj]
        if missing:
            raise ImportFormatError(f"line {number}: missing field(s) {missing}")
        obj["_line"] = number
        records.append(obj)
    if header is None:
        raise ImportFormatError("the export is empty (no header line)")
    if not records or records[0]["parent_id"] is not None:
        raise ImportFormatError("the first node of an export must be the user's root")
    return header, records


def import_jsonl(
    core: Core,
    source: str | Path | IO[str],
    *,
    user_id: str | None = None,
    new_ids: bool = False,
    on_existing: str = "error",
) -> PortabilityReport:
    """Add an export's nodes under ``user_id``'s root (the exported user by default).

    Ids are kept unless ``new_ids`` (every node gets a fresh id). An id the store already has
    is handled by ``on_existing``: ``"error"`` (the write fails), ``"skip"`` (the target user's
    own node is kept as it is; another user's id is remapped) or ``"remap"`` (a fresh id).
    Nodes are written in one batch: on any error nothing is added.
    """
    if on_existing not in ("error", "skip", "remap"):
        raise InvalidArgumentError(
            f"on_existing must be 'error', 'skip' or 'remap', got {on_existing!r:.40}"
        )
    if isinstance(source, str) and source.lstrip().startswith("{"):
        source = io.StringIO(source)
    header, records = _parse(source)
    target = check_user_id(user_id if user_id is not None else header.get("user_id"))
    exported_root = records[0]["id"]
    store = core.engine.store
    existing_root = store.user_root(target)
    taken = set() if new_ids or on_existing == "error" else _taken(store, records[1:])
    mapping: dict[str, str] = {}
    items: list[NodeInput] = []
    statuses: dict[str, str] = {}
    skipped = remapped = 0
    for rec in records[1:]:
        line = rec["_line"]
        if not isinstance(rec["id"], str):
            raise ImportFormatError(f"line {line}: id must be a string")
        node_id = uuid.uuid4().hex if new_ids else rec["id"]
        if node_id in taken:
            if on_existing == "skip" and store.owner(node_id) == target:
                mapping[rec["id"]] = node_id
                skipped += 1
                continue
            node_id = uuid.uuid4().hex
            remapped += 1
        mapping[rec["id"]] = node_id
        parent = rec["parent_id"]
        if parent == exported_root:
            parent_id = existing_root.id if existing_root else None
        elif parent in mapping:
            parent_id = mapping[parent]
        else:
            raise ImportFormatError(f"line {line}: parent {parent!r} does not come before it")
        try:
            created = from_iso(rec["created_at"]) if rec.get("created_at") else None
        except (TypeError, ValueError) as exc:
            raise ImportFormatError(
                f"line {line}: bad created_at {rec.get('created_at')!r}"
            ) from exc
        items.append(
            NodeInput(
                content=rec["content"],
                parent_id=parent_id,
                node_type=rec["node_type"],
                id=node_id,
                importance=rec.get("importance"),
                confidence=rec.get("confidence"),
                metadata=rec.get("metadata"),
                created_at=created,
                source_id=rec.get("source_id"),
                agent_id=rec.get("agent_id"),
                session_id=rec.get("session_id"),
                activate=False,
                sensitive=rec.get("sensitive", False),
            )
        )
        if rec.get("status", "active") != "active":
            statuses[node_id] = rec["status"]
    checked = [coerce_input(item, i, core.engine.config) for i, item in enumerate(items)]
    active = header.get("active_id")
    active_id = mapping.get(active) if isinstance(active, str) else None
    # One write unit: a bad record anywhere leaves the store exactly as it was.
    with core.engine.write():
        written = core.tree.add_many(checked, target) if checked else []
        for node_id, status in statuses.items():
            core.tree.update(node_id, {"status": status}, user_id=target, expected_version=None)
        if active_id is not None:
            core.tree.set_active(active_id, user_id=target)
    return PortabilityReport(
        target,
        len(written),
        sum(n.sensitive for n in written),
        active_id,
        skipped=skipped,
        remapped=remapped,
    )


def _taken(store: TreeStore, records: list[dict[str, Any]]) -> set[str]:
    """The records' ids that the store already has (any user's)."""
    return set(store.all_ids_among(r["id"] for r in records if isinstance(r["id"], str)))
