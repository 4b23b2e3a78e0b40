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

import json
import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import IO, Any

from hybridmem.clock import from_iso, to_iso
from hybridmem.core import Core, NodeInput, coerce_input
from hybridmem.core.ids import new_node_id
from hybridmem.errors import (
    FileAccessError,
    HybridMemError,
    ImportFormatError,
    InvalidArgumentError,
    NodeNotFoundError,
    ValidationError,
)
from hybridmem.models import split_marks
from hybridmem.retrieval.visibility import check_no_foreign
from hybridmem.store import NodeRepository
from hybridmem.validation import check_input_path, check_output_path, check_status, check_user_id

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


def _callers(metadata: Any) -> Any:
    """An imported node's metadata without the engine's marks, which exports made by older
    versions carry inside it (``MemoryNode.marks``; a caller's metadata may not hold them)."""
    return split_marks(metadata)[0] if isinstance(metadata, dict) else metadata


@dataclass(frozen=True, slots=True)
class PortabilityReport:
    """What an export or import moved."""

    user_id: str
    nodes: int
    sensitive: int
    active_id: str | None
    skipped: int = 0
    """Import: nodes the receiving user already had (same id), left as they were."""
    remapped: int = 0
    """Import: nodes given a fresh id because the store already used theirs."""


@contextmanager
def _open_dest(core: Core, dest: str | Path | IO[str]) -> Iterator[IO[str]]:
    """A text stream for the export; a path is written atomically and private (0600).

    A failed export never leaves a half-written file or replaces the one that was there, and
    decrypted content is never readable by other local users. A path inside the store's own
    directory is refused: an export must not overwrite the live database (or its copies).
    """
    if not isinstance(dest, str | os.PathLike):
        if not callable(getattr(dest, "write", None)):
            raise InvalidArgumentError(
                f"dest must be a file path or a writable text stream, got {type(dest).__name__}"
            )
        try:
            yield dest
        except HybridMemError:
            raise
        except (OSError, ValueError) as exc:  # a closed or failing stream
            raise FileAccessError(f"cannot write the export to the given stream: {exc}") from exc
        return
    path = check_output_path("dest", dest)
    store_dir = core.engine.path
    real = Path(os.path.realpath(path))  # follows symlinks, never raises on a loop
    if store_dir is not None and real.is_relative_to(os.path.realpath(store_dir)):
        raise InvalidArgumentError(
            f"dest {str(path)!r} is inside the store directory {str(store_dir)!r}; "
            "export to a file outside it (it would overwrite the store's own files)"
        )
    if path.exists() and not path.is_file():  # /dev/stdout, a FIFO: write straight through
        with _os_errors(path, "write"), open(path, "w", encoding="utf-8", newline="\n") as fh:
            yield fh
        return
    tmp = path.with_name(f".{path.name}.{uuid.uuid4().hex[:8]}.tmp")
    try:
        with _os_errors(path, "write"):
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with open(fd, "w", encoding="utf-8", newline="\n") as fh:
                yield fh
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


@contextmanager
def _os_errors(path: Path, verb: str) -> Iterator[None]:
    """Report the OS's refusal (permission, disk full, I/O error) as a FileAccessError."""
    try:
        yield
    except OSError as exc:
        raise FileAccessError(f"cannot {verb} {str(path)!r}: {exc.strerror or exc}") from exc


def _read_lines(source: object) -> list[str]:
    """Every line of the export: ``source`` is a path, a JSON Lines string or a text stream."""
    # Split on "\n" only: str.splitlines() would also cut at U+2028 inside a JSON string.
    if isinstance(source, str) and source.lstrip().startswith("{"):
        return source.split("\n")
    if isinstance(source, bytes | bytearray):
        raise ImportFormatError("import expects a path or a text stream, not bytes")
    try:
        if isinstance(source, str | os.PathLike):
            path = check_input_path("source", source)
            with _os_errors(path, "read"), open(path, encoding="utf-8", newline="\n") as fh:
                return fh.read().split("\n")
        reader = getattr(source, "read", None)
        if not callable(reader):
            raise InvalidArgumentError(
                "source must be a file path, a JSON Lines string or a readable text stream, "
                f"got {type(source).__name__}"
            )
        try:
            text = reader()
        except (OSError, ValueError) as exc:
            if isinstance(exc, UnicodeDecodeError):
                raise
            raise FileAccessError(f"cannot read the export stream: {exc}") from exc
    except UnicodeDecodeError as exc:
        raise ImportFormatError(f"the export is not UTF-8 text: {exc}") from exc
    if not isinstance(text, str):
        raise ImportFormatError(
            f"import expects a text stream; the stream gave {type(text).__name__}"
        )
    return text.split("\n")


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
    with _open_dest(core, dest) as fh:
        fh.write(json.dumps(header, ensure_ascii=False) + "\n")
        for node in nodes:
            record: dict[str, Any] = {"kind": "node"}
            for name in _NODE_FIELDS:
                value = getattr(node, name)
                record[name] = to_iso(value) if isinstance(value, datetime) else value
            fh.write(json.dumps(record, ensure_ascii=False) + "\n")
    return PortabilityReport(user_id, len(nodes), sum(n.sensitive for n in nodes), active_id)


def _parse(source: str | Path | IO[str]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    header: dict[str, Any] | None = None
    records: list[dict[str, Any]] = []
    lines = _read_lines(source)
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ImportFormatError(f"line {number}: not JSON ({exc.msg})") from exc
        except (ValueError, RecursionError) as exc:  # a 5000-digit number, 10^5 nested lists
            raise ImportFormatError(f"line {number}: JSON too large or too deep ({exc})") from exc
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
    if not records or records[0]["parent_id"] is not None or not isinstance(records[0]["id"], str):
        raise ImportFormatError("the first node of an export must be the user's root")
    return header, records


def import_jsonl(
    core: Core,
    source: str | Path | IO[str],
    *,
    user_id: str | None,
    new_ids: bool = False,
    on_existing: str = "error",
) -> PortabilityReport:
    """Add an export's nodes under ``user_id``'s root.

    The caller names the receiving user: the file's header never chooses the tenant (a file
    claiming another user must not write into that user's tree). The file's active node
    becomes the user's active node only when the user had none. Ids are kept unless
    ``new_ids`` (every node gets a fresh id). An id the store already has is handled by
    ``on_existing``: ``"error"`` (the write fails), ``"skip"`` (the receiving user's own node
    is kept as it is, so importing a file twice adds nothing; another user's id gets a fresh
    one) or ``"remap"`` (a fresh id: a copy). Nodes are written in one batch: on any error
    nothing is added.
    """
    if on_existing not in ("error", "skip", "remap"):
        raise InvalidArgumentError(
            f"on_existing must be 'error', 'skip' or 'remap', got {on_existing!r:.40}"
        )
    header, records = _parse(source)
    if user_id is None:
        raise InvalidArgumentError(
            "import needs user_id: the user who receives the memory (the file says it was "
            f"exported by {header.get('user_id')!r:.80}; pass that id to import it as them)"
        )
    target = check_user_id(user_id)
    existing_root = core.engine.store.user_root(target)
    mapping: dict[str, str] = {records[0]["id"]: existing_root.id if existing_root else ""}
    checked: list[NodeInput] = []
    statuses: dict[str, str] = {}
    store = core.engine.store
    taken = set() if new_ids or on_existing == "error" else _taken(store, records[1:])
    skipped = remapped = 0
    for rec in records[1:]:
        if rec["id"] in taken:
            if on_existing == "skip" and store.owner(rec["id"]) == target:
                if rec["id"] in mapping:
                    raise ImportFormatError(f"line {rec['_line']}: id used before in the file")
                mapping[rec["id"]] = rec["id"]
                skipped += 1
                continue
            remapped += 1
        item = _node_input(core, rec, mapping, new_ids or rec["id"] in taken)
        checked.append(item)
        if rec.get("status", "active") != "active":
            try:
                statuses[str(item.id)] = check_status(rec["status"])
            except ValidationError as exc:
                raise ImportFormatError(f"line {rec['_line']}: {exc}") from exc
    active = header.get("active_id")
    active_id = None
    if isinstance(active, str) and active != records[0]["id"]:
        active_id = mapping.get(active)
    if core.engine.store.get_active(target) is not None:
        active_id = None  # keep the user's own focus; an import does not switch tasks
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


def _taken(store: NodeRepository, records: list[dict[str, Any]]) -> set[str]:
    """The records' ids that the store already has (any user's)."""
    return set(store.all_ids_among(r["id"] for r in records if isinstance(r["id"], str)))


def _node_input(
    core: Core, rec: dict[str, Any], mapping: dict[str, str], new_ids: bool
) -> NodeInput:
    """One node record as a checked NodeInput; ``mapping`` (old id -> new id) grows by it.

    The exported root maps to the receiving user's root ("" while it has none yet).
    """
    line = rec["_line"]
    if not isinstance(rec["id"], str) or rec["id"] in mapping:
        raise ImportFormatError(f"line {line}: id must be a string not used before in the file")
    parent = rec["parent_id"]
    if not isinstance(parent, str) or parent not in mapping:
        raise ImportFormatError(f"line {line}: parent {parent!r:.80} does not come before it")
    node_id = new_node_id() if new_ids else rec["id"]
    try:
        created = from_iso(rec["created_at"]) if rec.get("created_at") else None
    except (TypeError, ValueError) as exc:
        bad = rec.get("created_at")
        raise ImportFormatError(f"line {line}: bad created_at {bad!r:.80}") from exc
    try:
        item = coerce_input(
            NodeInput(
                content=rec["content"],
                parent_id=mapping[parent] or None,
                node_type=rec["node_type"],
                id=node_id,
                importance=rec.get("importance"),
                confidence=rec.get("confidence"),
                metadata=_callers(rec.get("metadata")),
                created_at=created,
                source_id=rec.get("source_id"),
                agent_id=rec.get("agent_id"),
                session_id=rec.get("session_id"),
                activate=False,
                sensitive=rec.get("sensitive", False),
            ),
            line,
            core.engine.config,
        )
    except ValidationError as exc:
        raise ImportFormatError(f"line {line}: {exc}") from exc
    mapping[rec["id"]] = node_id
    return item
