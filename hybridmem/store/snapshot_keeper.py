"""The port of a store that keeps its checkpoints inside itself (the PostgreSQL store), so any
host can restore them; the SQLite store keeps them as files beside it instead
(:mod:`hybridmem.store.copies`). See :mod:`hybridmem.store.port`, "Not in the port"."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from hybridmem.store.records import PayloadScrubber, Resealer, StoredSnapshot


@runtime_checkable
class SnapshotKeeper(Protocol):
    """A store that keeps its checkpoints inside itself, so any host can restore them."""

    def create_snapshot(self, name: str, manifest: dict[str, Any]) -> StoredSnapshot:
        """Copy the whole state under ``name`` (one consistent state; outside a transaction)."""
        ...

    def list_snapshots(self) -> list[StoredSnapshot]:
        """Every snapshot, oldest first."""
        ...

    def drop_snapshot(self, name: str) -> None:
        """Delete a snapshot."""
        ...

    def load_snapshot(self, name: str) -> StoredSnapshot:
        """Replace the whole state with snapshot ``name``'s (inside the caller's transaction);
        ``SnapshotNotFoundError`` if there is none."""
        ...

    def scrub_snapshots(
        self, user_id: str, ids: Sequence[str], whole_user: bool, scrub: PayloadScrubber
    ) -> int:
        """Apply an erasure to every snapshot (inside the caller's transaction), as
        :func:`~hybridmem.store.scrub_copy` does to a copy; how many held any of it."""
        ...

    def snapshot_key_samples(self, meta_key: str) -> dict[str, tuple[str | None, str | None]]:
        """``name -> (recorded key fingerprint, one stored ciphertext)`` of every snapshot."""
        ...

    def reseal_snapshots(
        self, names: Sequence[str], reseal: Resealer, key_meta: tuple[str, str]
    ) -> int:
        """Re-seal every ciphertext of snapshots ``names`` and record the new key in them
        (inside the caller's transaction: a key rotation's); the rows re-sealed."""
        ...
