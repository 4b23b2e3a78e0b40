"""Typed results of the recovery layer: op records, snapshots, reports."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from hybridmem.models import OpRecord as OpRecord  # re-exported: defined with the models


@dataclass(frozen=True, slots=True)
class SnapshotInfo:
    """A point-in-time copy of the store, described by its manifest."""

    name: str
    path: Path | None
    """The snapshot file (SQLite); None for a snapshot kept inside the database."""
    seq: int
    """Last op-log sequence number contained in the snapshot."""
    created_at: datetime
    """Clock time of the checkpoint."""
    nodes: int
    active_nodes: dict[str, str]
    """The active node per user at ``seq``."""
    head_digest: str
    """Digest of the op at ``seq``: restore checks the live log still has that op."""
    size_bytes: int
    lineage: tuple[tuple[str, int], ...] = ()
    """History segments up to ``seq`` (see ``snapshots.lineage``)."""


@dataclass(frozen=True, slots=True)
class VerifyReport:
    """Where SQLite (the truth) and Chroma (the index) disagree, and op-log health.

    ``missing``: nodes marked indexed whose vector is not in Chroma.
    ``pending``: nodes whose vector write has not completed yet (finished on open/repair).
    ``orphaned``: vectors in Chroma for nodes that no longer exist in SQLite.
    ``stale``: vectors whose document (content hash) or filter metadata disagree with SQLite.
    ``broken_tree``: nodes whose parent is missing or whose materialised path is wrong.
    ``seq_gaps``: op-log sequence numbers missing between the first and the last.
    ``damaged``: what SQLite's ``quick_check`` found wrong in the file (restore a snapshot);
    when set, the other checks are skipped (they would read the damaged rows) and left empty.
    ``tampered``: node and op-log rows edited behind hybridmem's back (their row hash does
    not match), and missing guard triggers.
    ``pending_erasures``: op sequences of erasures whose vector or snapshot work is not done
    (committed by a process that does not own the index, or killed; the owner finishes them).
    """

    nodes: int
    vectors: int
    missing: tuple[str, ...]
    pending: tuple[str, ...]
    orphaned: tuple[str, ...]
    stale: tuple[str, ...]
    broken_tree: tuple[str, ...]
    seq_gaps: tuple[int, ...]
    first_seq: int
    last_seq: int
    damaged: tuple[str, ...] = ()
    pending_erasures: tuple[int, ...] = ()
    tampered: tuple[str, ...] = ()
    entries_checked: int = 0
    """How many index entries were read and compared (the rest were confirmed by an earlier
    verify and their nodes have not changed since; ``verify(full=True)`` reads all)."""

    @property
    def clean(self) -> bool:
        """True when both stores agree, the op log is contiguous and the file is sound."""
        return not (
            self.damaged
            or self.tampered
            or self.pending_erasures
            or self.missing
            or self.pending
            or self.orphaned
            or self.stale
            or self.broken_tree
            or self.seq_gaps
        )

    def summary(self) -> str:
        """One line for humans."""
        parts = [
            f"{self.nodes} nodes",
            f"{self.vectors} vectors",
            f"missing={len(self.missing)}",
            f"pending={len(self.pending)}",
            f"orphaned={len(self.orphaned)}",
            f"stale={len(self.stale)}",
            f"broken_tree={len(self.broken_tree)}",
            f"seq_gaps={len(self.seq_gaps)}",
        ]
        if self.tampered:
            parts.append(f"tampered: {', '.join(self.tampered[:5])}")
        if self.pending_erasures:
            parts.append(f"pending_erasures={len(self.pending_erasures)}")
        if self.damaged:
            parts.append(f"damaged: {'; '.join(self.damaged)}")
        return ("clean: " if self.clean else "NOT clean: ") + ", ".join(parts)


@dataclass(frozen=True, slots=True)
class RepairReport:
    """What ``repair()`` changed, and the verification after it."""

    orphans_removed: int
    reindexed: int
    metadata_fixed: int
    after: VerifyReport


@dataclass(frozen=True, slots=True)
class RestoreReport:
    """What ``restore()`` did."""

    snapshot: str
    snapshot_seq: int
    restored_to_seq: int
    ops_replayed: int
    nodes: int
    reindexed: int
    previous_store: Path | None
    """Where the store that was replaced was moved (nothing is deleted)."""
    previous_snapshot: str | None = None
    """The snapshot the replaced state was kept as, for a store that keeps its snapshots
    inside itself (PostgreSQL): ``restore(previous_snapshot, to_seq=<its seq>)`` undoes the
    restore."""


@dataclass(frozen=True, slots=True)
class OpenReport:
    """What ``open`` had to do to bring both stores back in line.

    ``index_rebuilt_reason`` is set when the Chroma directory was missing or unreadable and
    the index was rebuilt from SQLite (also logged as a warning).
    ``owns_index`` is False when another process holds the embedded Chroma directory: this
    process then writes SQLite only (see docs/durability.md).
    """

    finished_pending: int
    orphans_removed: int
    unclean_sessions: int
    full_reconcile: bool
    index_rebuilt_reason: str | None
    owns_index: bool
    seconds: float

    @classmethod
    def skipped(cls, seconds: float) -> OpenReport:
        """A read-only open: nothing was checked or repaired."""
        return cls(0, 0, 0, False, None, False, seconds)
