"""Crash safety beyond the single transaction: op-log queries, snapshots and restore,
SQLite/Chroma consistency (verify, repair, open-time recovery), index ownership between
processes. See docs/durability.md.

Only the light modules are imported here: the rest import the store and are loaded on use.
"""

from __future__ import annotations

from hybridmem.config.recovery import RecoveryConfig
from hybridmem.recovery.models import (
    OpenReport,
    OpRecord,
    RepairReport,
    RestoreReport,
    SnapshotInfo,
    VerifyReport,
)

__all__ = [
    "OpRecord",
    "OpenReport",
    "RecoveryConfig",
    "RepairReport",
    "RestoreReport",
    "SnapshotInfo",
    "VerifyReport",
]
