"""Work a committed op leaves for later, named in the core so every service can see it.

An erasure commits its tree change and op-log scrub in one write unit and records, in the same
unit, a ``meta`` marker for the vector and file work after it (``erasure_pending:<seq>``); the
privacy layer finishes that work and clears the marker (at once, or on the index owner's next
catch-up or open). The recovery layer reports the markers (``verify().pending_erasures``). The
marker's name lives here, in the core, so recovery reads it without importing privacy.
"""

from __future__ import annotations

from hybridmem.store import TreeStore

PENDING_ERASURE = "erasure_pending:"
"""Meta key prefix of an erasure whose vector/snapshot work is not finished yet."""


def pending_erasures(store: TreeStore) -> list[int]:
    """Sequence numbers of erasures whose vector or snapshot work is not finished."""
    keys = store.meta_items(PENDING_ERASURE)
    return sorted(int(k[len(PENDING_ERASURE) :]) for k in keys)


__all__ = ["PENDING_ERASURE", "pending_erasures"]
