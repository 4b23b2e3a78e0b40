"""The ids the engine gives new nodes: time-ordered UUIDs (RFC 9562 version 7), 32 hex digits.

Why time-ordered and not random (version 4): every table keyed or indexed by node id (the
nodes' unique id, the op log's and the audit log's node columns, in SQLite and PostgreSQL
alike) is a B-tree, and a random key lands each insert on a random leaf page. At ~95k nodes a
1,000-node ``add_many`` touched ~2,400 such pages (of ~4,000 the batch wrote to the WAL); ids
that grow with time append next to each other instead (~100 pages), and the batch wrote
1,566 WAL frames instead of 3,976 (docs/benchmarks.md, "Tenth pass").

The id carries its creation time to the millisecond (wall clock: it orders storage, it is not
the node's time, which comes from the injected clock); a node's ``created_at`` says as much.
Ids a caller gives are kept as they are.
"""

from __future__ import annotations

import uuid_utils


def new_node_id() -> str:
    """A fresh node id: later calls in a process give larger ids (within one millisecond the
    library counts up), and random bits below the time keep ids of other processes apart."""
    return uuid_utils.uuid7().hex
