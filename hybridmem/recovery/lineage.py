"""Which history a store continues: lineage segments, and the replay a restore plans.

Shared by the two kinds of checkpoints (files beside a SQLite store, snapshots inside a
PostgreSQL one): both restore by loading a snapshot and replaying the live op log after it,
which is only right while the live log still continues the snapshot's history.
"""

from __future__ import annotations

import json
import uuid

from hybridmem.errors import RecoveryError
from hybridmem.recovery.models import SnapshotInfo
from hybridmem.store import Meta, OpRow, TreeStore

LINEAGE_KEY = "lineage"


def lineage(store: Meta) -> list[tuple[str, int]]:
    """The store's history as segments ``(id, from_seq)``: ops after ``from_seq`` (up to the
    next segment's start) belong to segment ``id``. A restore to an earlier point starts a
    new segment, so two stores share the op at sequence ``s`` exactly when the segment
    covering ``s`` is the same in both. Created on first use."""
    raw = store.get_meta(LINEAGE_KEY)
    if raw is None:
        chain = [(uuid.uuid4().hex, 0)]
        store.set_meta(LINEAGE_KEY, json.dumps(chain))
        return chain
    return [(str(i), int(f)) for i, f in json.loads(raw)]


def segment_at(chain: list[tuple[str, int]], seq: int) -> str:
    """Id of the segment holding the op at ``seq``."""
    found = chain[0][0]
    for seg_id, start in chain:
        if start < seq:
            found = seg_id
    return found


def plan_replay(
    live: TreeStore, snap: SnapshotInfo, to_seq: int | None
) -> tuple[int, list[OpRow], list[tuple[str, int]]]:
    """Check a restore of ``snap`` up to ``to_seq`` (default: the live log's end) against the
    live store; return ``(end, op rows to replay, the restored store's lineage)``."""
    live_chain = lineage(live)
    with live.reading():
        live_last = live.last_seq()
        end = live_last if to_seq is None else to_seq
        if end < snap.seq and to_seq is not None:
            raise RecoveryError(
                f"cannot restore to sequence {end}: snapshot {snap.name} already contains "
                f"sequence {snap.seq}; pick an older snapshot"
            )
        # Restoring exactly the snapshot's state needs nothing of the live log, so it is
        # possible even from a snapshot ahead of it (the state a restore replaced).
        if end > live_last and end != snap.seq:
            raise RecoveryError(f"sequence {end} is beyond the op log (last is {live_last})")
        continues = snap.seq == 0 or (
            live.op_digest(snap.seq) == snap.head_digest
            and (
                not snap.lineage
                or segment_at(list(snap.lineage), snap.seq) == segment_at(live_chain, snap.seq)
            )
        )
        if not continues and end != snap.seq:
            raise RecoveryError(
                f"the live op log no longer continues snapshot {snap.name} (the op at sequence "
                f"{snap.seq} differs, e.g. after an earlier restore); only "
                f"restore(snapshot, to_seq={snap.seq}) is possible from it"
            )
        rows = live.op_rows(since=snap.seq, until=end)
    # Ops after ``end`` written from now on are a new history.
    chain = [seg for seg in live_chain if seg[1] < end] + [(uuid.uuid4().hex, end)]
    return end, rows, chain
