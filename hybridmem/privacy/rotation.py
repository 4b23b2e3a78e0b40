"""Key rotation: re-encrypt every sensitive node with a new key in one transaction.

The current key must be configured (it decrypts); the new one encrypts. Content hashes are
keyed, so they are recomputed too; vectors do not change, so nothing is re-embedded. The store's
recorded key fingerprint switches in the same transaction: a crash leaves either the old key
or the new one valid, never a mix. Old ciphertext pages are zeroed (``secure_delete``) and the
file is VACUUMed afterwards.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING

from hybridmem.core import Core
from hybridmem.errors import KeyUnavailableError
from hybridmem.privacy import audit
from hybridmem.privacy.crypto import KEY_ID_META, ContentCipher, parse_key

if TYPE_CHECKING:
    from hybridmem.privacy.guard import PrivacyGuard


@dataclass(frozen=True, slots=True)
class KeyRotationReport:
    """Which key replaced which, and how many nodes were re-encrypted."""

    old_key_id: str
    new_key_id: str
    nodes: int


def rotate_key(core: Core, guard: PrivacyGuard, new_key: bytes | str) -> KeyRotationReport:
    """Re-encrypt all sensitive content of the store with ``new_key``."""
    old = guard.vault.cipher
    if old is None:
        raise KeyUnavailableError(
            "rotating needs the current key (PrivacyConfig(key=...) or $HYBRIDMEM_KEY) "
            "to decrypt what is stored"
        )
    new = ContentCipher(parse_key(new_key))
    store = core.engine.store
    with core.engine.write():
        rows = store.conn.execute("SELECT id, content FROM nodes WHERE sensitive = 1").fetchall()
        for node_id, stored in rows:
            plain = old.open(node_id, stored)
            store.conn.execute(
                "UPDATE nodes SET content = ?, content_hash = ? WHERE id = ?",
                (new.seal(node_id, plain), new.digest(plain), node_id),
            )
        # The op log keeps ciphertexts of sensitive writes (for replay): re-seal them too.
        logged = store.conn.execute(
            "SELECT seq, node_id, payload FROM oplog WHERE payload LIKE '%\"sealed\"%'"
        ).fetchall()
        for seq, node_id, payload in logged:
            body = json.loads(payload)
            if isinstance(body.get("sealed"), str) and node_id:
                plain = old.open(node_id, body["sealed"])
                body["sealed"] = new.seal(node_id, plain)
                body["sealed_hash"] = new.digest(plain)
                store.conn.execute(
                    "UPDATE oplog SET payload = ? WHERE seq = ?",
                    (json.dumps(body, ensure_ascii=False), seq),
                )
        store.conn.execute(
            "INSERT INTO meta(key, value) VALUES (?, ?) "
            "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (KEY_ID_META, new.key_id),
        )
        audit.append(
            store.conn,
            action="rotate_key",
            at=core.engine.now(),
            actor=core.engine.actor,
            user_id=None,
            node_id=None,
            detail={"old_key_id": old.key_id, "new_key_id": new.key_id, "count": len(rows)},
        )
    guard.use_cipher(new)
    with store.reading() as conn:
        conn.execute("VACUUM")
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return KeyRotationReport(old.key_id, new.key_id, len(rows))
