"""Key rotation: re-encrypt every sensitive node with a new key in one transaction.

The current key must be configured (it decrypts); the new one encrypts. Content hashes are
keyed, so they are recomputed too; vectors do not change, so nothing is re-embedded. The store's
recorded key fingerprint switches in the same transaction: a crash leaves either the old key
or the new one valid, never a mix. Old ciphertext pages are zeroed (``secure_delete``) and the
file is VACUUMed afterwards.
"""

from __future__ import annotations

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
        sealed = store.sensitive_contents()
        for node_id, stored in sealed:
            plain = old.open(node_id, stored)
            store.update_node(
                node_id, {"content": new.seal(node_id, plain), "content_hash": new.digest(plain)}
            )
        # The op log keeps ciphertexts of sensitive writes (for replay): re-seal them too.
        for record in store.ops_with_payload_key("sealed"):
            body = dict(record.payload)
            if isinstance(body.get("sealed"), str) and record.node_id:
                plain = old.open(record.node_id, body["sealed"])
                body["sealed"] = new.seal(record.node_id, plain)
                body["sealed_hash"] = new.digest(plain)
                store.set_op_payload(record.seq, body)
        store.set_meta(KEY_ID_META, new.key_id)
        audit.append(
            store,
            action="rotate_key",
            at=core.engine.now(),
            actor=core.engine.actor,
            user_id=None,
            node_id=None,
            detail={"old_key_id": old.key_id, "new_key_id": new.key_id, "count": len(sealed)},
        )
    guard.use_cipher(new)
    # Old ciphertext pages were zeroed (secure_delete); this also drops them from the WAL.
    store.compact()
    return KeyRotationReport(old.key_id, new.key_id, len(sealed))
