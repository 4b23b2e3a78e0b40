"""The privacy layer as the facade sees it: install it on a core, then call its operations.

:func:`install` gives the engine the content vault (encryption of sensitive nodes), installs
decrypt-on-read and the audit hook on the store (again after a restore swaps it), registers the
``erase`` op and finishes erasures a crash left pending. The other functions are the privacy
operations of ``HybridMemory``.
"""

from __future__ import annotations

from collections.abc import Sequence

from hybridmem.core import Core
from hybridmem.privacy import audit
from hybridmem.privacy.audit import AuditEntry, AuditVerification
from hybridmem.privacy.crypto import PrivacyConfig
from hybridmem.privacy.erasure import ErasureReport, apply_erase, erase, finish_pending_erasures
from hybridmem.privacy.guard import PrivacyGuard
from hybridmem.privacy.portability import PortabilityReport, export_user, import_jsonl
from hybridmem.privacy.rotation import KeyRotationReport, finish_rotation
from hybridmem.privacy.rotation import rotate_key as _rotate_key
from hybridmem.store import AuditQuery


class PrivacyService:
    """The privacy state of one open memory (its guard) and the read-audit hook."""

    def __init__(self, core: Core, guard: PrivacyGuard) -> None:
        self.core = core
        self.guard = guard

    def audit_read(self, action: str, user_id: str | None, ids: Sequence[str]) -> None:
        """Record a read when ``PrivacyConfig.audit_reads`` is on (one small write)."""
        engine = self.core.engine
        self.guard.audit_read(
            action, user_id=user_id, node_ids=ids, at=engine.now(), actor=engine.actor
        )

    def audit_retrieval(
        self, user_id: str, agent_id: str | None, query: str, ids: Sequence[str]
    ) -> None:
        """Record a retrieval with its agent, query hash and hits when configured."""
        engine = self.core.engine
        self.guard.audit_retrieval(
            user_id=user_id,
            agent_id=agent_id,
            query=query,
            node_ids=ids,
            at=engine.now(),
            actor=engine.actor,
        )


def install(core: Core, config: PrivacyConfig | None) -> PrivacyService:
    """Wire the privacy layer into ``core`` (see the module docstring)."""
    engine = core.engine
    guard = PrivacyGuard(engine.store, config)
    engine.sealer = guard.vault
    engine.on_store.append(guard.attach)
    engine.ops.register("erase", apply_erase)
    # A read-only open leaves unfinished rotations and erasures to the next writer.
    if not engine.read_only:
        finish_rotation(core)
    # The vector part of an erasure needs the index owner: the recovery layer runs this on
    # the owner's open and catch-up; the rest (snapshots, SQLite) any process finishes now.
    engine.owner_duties.append(lambda: finish_pending_erasures(core))
    if not engine.index.owned and not engine.read_only:
        finish_pending_erasures(core)
    return PrivacyService(core, guard)


def rotate_key(core: Core, service: PrivacyService, new_key: bytes | str) -> KeyRotationReport:
    """Re-encrypt every sensitive node with ``new_key``."""
    return _rotate_key(core, service.guard, new_key)


def audit_log(core: Core, query: AuditQuery, *, limit: int | None = None) -> list[AuditEntry]:
    """Audit entries ``query`` matches, oldest first, at most ``limit``."""
    return audit.query(core.engine.store, query, limit=limit)


def verify_audit(core: Core) -> AuditVerification:
    """Recompute the audit log's hash chain."""
    return audit.verify(core.engine.store)


__all__ = [
    "ErasureReport",
    "PortabilityReport",
    "PrivacyService",
    "audit_log",
    "erase",
    "export_user",
    "import_jsonl",
    "install",
    "rotate_key",
    "verify_audit",
]
