"""Settings of the recovery layer: automatic checkpoints and snapshot retention."""

from __future__ import annotations

import math
from dataclasses import dataclass

from hybridmem.errors import InvalidArgumentError


@dataclass(frozen=True, slots=True)
class RecoveryConfig:
    """When snapshots are taken automatically and how many are kept.

    Automatic checkpoints are off by default: a snapshot copies the whole SQLite file, which a
    bulk import of 100k nodes should not pay every few thousand operations unless asked to.
    Turn them on with e.g. ``RecoveryConfig(checkpoint_every_ops=10_000,
    checkpoint_every_minutes=60)``; the check runs after each committed write and reads the
    injected clock, so tests move time with ``FakeClock`` instead of sleeping.
    """

    checkpoint_every_ops: int | None = None
    """Take a snapshot once this many op-log entries were written since the newest one."""
    checkpoint_every_minutes: float | None = None
    """Take a snapshot once this much (clock) time passed since the newest one (and ops were
    written since)."""
    keep_snapshots: int = 5
    """Retention: the newest ``keep_snapshots`` snapshots are kept, older ones deleted."""
    snapshot_dir: str = "snapshots"
    """Folder (inside the memory directory) holding snapshots and their manifests."""
    keep_previous_stores: int = 2
    """Retention of the stores a restore moved aside (``memory.sqlite3.before-restore-*``):
    the newest ``keep_previous_stores`` are kept, older ones deleted after each restore."""

    def __post_init__(self) -> None:
        if self.checkpoint_every_ops is not None and (
            not isinstance(self.checkpoint_every_ops, int) or self.checkpoint_every_ops < 1
        ):
            raise InvalidArgumentError("RecoveryConfig.checkpoint_every_ops must be an int >= 1")
        minutes = self.checkpoint_every_minutes
        if minutes is not None and not (
            isinstance(minutes, int | float) and math.isfinite(minutes) and minutes > 0
        ):
            raise InvalidArgumentError("RecoveryConfig.checkpoint_every_minutes must be > 0")
        if not isinstance(self.keep_snapshots, int) or self.keep_snapshots < 1:
            raise InvalidArgumentError("RecoveryConfig.keep_snapshots must be an int >= 1")
        if not isinstance(self.keep_previous_stores, int) or self.keep_previous_stores < 0:
            raise InvalidArgumentError("RecoveryConfig.keep_previous_stores must be an int >= 0")
        if not self.snapshot_dir or "/" in self.snapshot_dir or self.snapshot_dir in {".", ".."}:
            raise InvalidArgumentError("RecoveryConfig.snapshot_dir must be a plain folder name")
