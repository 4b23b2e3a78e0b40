"""Wires the privacy layer into a store: key check, transparent decryption, audit hooks.

``HybridMemory`` builds one :class:`PrivacyGuard` when it opens. The guard owns the
:class:`ContentVault` (what is encrypted and how) and installs two hooks on the tree store:
``opener`` (decrypt sensitive rows as they are read) and ``on_op`` (mirror each op-log row into
the hash-chained audit log in the same transaction).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from datetime import datetime
from functools import partial

from hybridmem.config.privacy import PrivacyConfig
from hybridmem.errors import WrongKeyError
from hybridmem.privacy import audit
from hybridmem.privacy.crypto import (
    KEY_ID_META,
    ContentCipher,
    ContentVault,
    sealed_key_id,
)
from hybridmem.store import TreeStore


class PrivacyGuard:
    """The privacy state of one open store."""

    def __init__(self, store: TreeStore, config: PrivacyConfig | None) -> None:
        self.store = store
        self.config = config or PrivacyConfig()
        key = self.config.resolve_key()
        cipher = ContentCipher(key) if key is not None else None
        recorded = store.get_meta(KEY_ID_META)
        if recorded is None and cipher is not None:
            # No fingerprint but ciphertexts (a store restored by an older hybridmem from a
            # snapshot taken before its first encryption): the ciphertexts name their key.
            # Without this, any key "opened" it and its first sealed write mixed two keys.
            recorded = sealed_key_id(store.sealed_sample())
        if cipher is not None and recorded is not None and recorded != cipher.key_id:
            raise WrongKeyError(
                f"this store's sensitive content is encrypted with key {recorded}, but the "
                f"configured key is {cipher.key_id}. Configure the right key (HYBRIDMEM_KEY); "
                "to change keys use rotate_key (hybridmem rotate-key)"
            )
        self.vault = ContentVault(
            cipher,
            encrypt_all=self.config.encrypt_all,
            mask_without_key=self.config.mask_without_key,
        )
        self.vault.on_seal = self._bind_key
        self.attach(store)

    def attach(self, store: TreeStore) -> None:
        """Install the hooks on ``store`` (again after a restore swapped the SQLite file)."""
        self.store = store
        # Deleted rows are overwritten with zeros instead of lingering in free pages.
        store.secure_delete()
        store.opener = self.vault.open
        store.on_op = partial(audit.record_op, store)
        store.on_ops = partial(audit.record_ops, store)

    def _bind_key(self, key_id: str) -> None:
        """Before each encrypted write (inside its transaction): record the key fingerprint
        with the first one; refuse when the store's key is no longer this one, i.e. another
        process rotated it since this one opened (sealing with the old key would leave rows
        under two keys, a store neither key opens)."""
        recorded = self.store.get_meta(KEY_ID_META)
        if recorded is None:
            self.store.set_meta(KEY_ID_META, key_id)
        elif recorded != key_id:
            raise WrongKeyError(
                f"this store's key changed to {recorded} (rotate_key, in another process) "
                f"after it was opened with key {key_id}; nothing was written. Reopen it with "
                "the new key"
            )

    def audit_read(
        self,
        action: str,
        *,
        user_id: str | None,
        node_ids: Sequence[str],
        at: datetime,
        actor: str | None,
    ) -> None:
        """Record a read when ``PrivacyConfig.audit_reads`` is on (one small write)."""
        if not self.config.audit_reads:
            return
        with self.store.transaction():
            audit.append(
                self.store,
                action=action,
                at=at,
                actor=actor,
                user_id=user_id,
                node_id=node_ids[0] if len(node_ids) == 1 else None,
                detail={"ids": list(node_ids)} if len(node_ids) != 1 else {},
            )

    def audit_retrieval(
        self,
        *,
        user_id: str,
        agent_id: str | None,
        query: str,
        node_ids: Sequence[str],
        at: datetime,
        actor: str | None,
    ) -> None:
        """Record a retrieval (``audit_retrievals`` or ``audit_reads``): the agent, the query's
        SHA-256 and the returned ids, no text (an entry holds no content)."""
        if not (self.config.audit_retrievals or self.config.audit_reads):
            return
        detail = {
            "agent": agent_id,
            "query_sha256": hashlib.sha256(query.encode("utf-8")).hexdigest(),
            "ids": list(node_ids),
        }
        with self.store.transaction():
            audit.append(
                self.store,
                action="retrieve",
                at=at,
                actor=actor,
                user_id=user_id,
                node_id=None,
                detail=detail,
            )

    def use_cipher(self, cipher: ContentCipher) -> None:
        """Switch to a new key (after rotation wrote everything with it)."""
        self.vault.cipher = cipher
