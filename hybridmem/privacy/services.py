"""The privacy layer as the facade sees it: its engine parts, then its operations.

Before the engine is built, :func:`guard` opens the store's privacy state (the key, checked
against the store's) and :func:`register_ops` adds the ``erase`` op to the registry; the
engine then gets the guard's content vault as its sealer, :func:`store_hook` (decrypt-on-read
and the audit hook, again after a restore swaps the store) and :func:`finish_erasures` as an
owner duty. Once the core is built, :func:`start` finishes the rotations and erasures a crash
left pending. The other functions are the privacy operations of ``HybridMemory``.
"""

from __future__ import annotations

from collections.abc import Sequence

from hybridmem.config.privacy import PrivacyConfig
from hybridmem.core import Core, Engine, OpRegistry, StoreHook
from hybridmem.privacy import audit
from hybridmem.privacy.audit import AuditEntry, AuditVerification
from hybridmem.privacy.erasure import ErasureReport, apply_erase, erase, finish_pending_erasures
from hybridmem.privacy.guard import PrivacyGuard
from hybridmem.privacy.portability import PortabilityReport, export_user, import_jsonl
from hybridmem.privacy.rotation import KeyRotationReport, finish_rotation
from hybridmem.privacy.rotation import rotate_key as _rotate_key
from hybridmem.store import AuditQuery, TreeStore


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


def guard(store: TreeStore, config: PrivacyConfig | None) -> PrivacyGuard:
    """The privacy state of ``store`` (its key checked against the store's), before the
    engine is built: its ``vault`` is the engine's sealer."""
    return PrivacyGuard(store, config)


def register_ops(registry: OpRegistry) -> None:
    """Add the privacy layer's op (``erase``) to the registry the engine is built with."""
    registry.register("erase", apply_erase)


def store_hook(privacy: PrivacyGuard) -> StoreHook:
    """Decrypt-on-read, secure delete and the audit hook on every store the engine gets."""
    return lambda _engine, store: privacy.attach(store)


def finish_erasures(engine: Engine) -> int:
    """An owner duty: the vector part of erasures other processes committed."""
    return finish_pending_erasures(Core.build(engine))


def start(core: Core, privacy: PrivacyGuard) -> PrivacyService:
    """Once the core is built: finish what a crash left (see the module docstring)."""
    engine = core.engine
    # A read-only open leaves unfinished rotations and erasures to the next writer.
    if not engine.read_only:
        finish_rotation(core)
    # The vector part of an erasure needs the index owner (an owner duty, run on the owner's
    # open and catch-up); the rest (snapshots, SQLite) any process finishes now.
    if not engine.index.owned and not engine.read_only:
        finish_pending_erasures(core)
    return PrivacyService(core, privacy)


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
    "finish_erasures",
    "guard",
    "import_jsonl",
    "register_ops",
    "rotate_key",
    "start",
    "store_hook",
    "verify_audit",
]
