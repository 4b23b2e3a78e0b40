"""Privacy: tenant isolation, encryption at rest, the audit log, erasure and portability.

- :mod:`~hybridmem.privacy.crypto`: AES-256-GCM for sensitive content, key from settings or
  ``$HYBRIDMEM_KEY``, never stored with the data.
- :mod:`~hybridmem.privacy.audit`: hash-chained, content-free audit log.
- :mod:`~hybridmem.privacy.erasure`: ``erase(user_id=...)`` / ``erase(node_id)`` that leaves
  no content in SQLite, its WAL, FTS5, the op log or Chroma.
- :mod:`~hybridmem.privacy.portability`: JSON Lines export and import.
- :mod:`~hybridmem.privacy.isolation`: :class:`ScopedMemory`, a view fixed to one
  user (and optionally agent and session).
"""

from __future__ import annotations

from hybridmem.config.privacy import KEY_ENV, PrivacyConfig
from hybridmem.privacy.audit import AuditEntry, AuditVerification
from hybridmem.privacy.crypto import generate_key, key_fingerprint

__all__ = [
    "KEY_ENV",
    "AuditEntry",
    "AuditVerification",
    "PrivacyConfig",
    "generate_key",
    "key_fingerprint",
]
