"""Key rotation: re-encrypt every sensitive node with a new key in one transaction, and every
copy of the store (snapshots, stores a restore moved aside) with it.

The current key must be configured (it decrypts); the new one encrypts. Content hashes are
keyed, so they are recomputed too; vectors do not change, so nothing is re-embedded. The store's
recorded key fingerprint switches in the same transaction: a crash leaves either the old key
or the new one valid, never a mix. Old ciphertext pages are zeroed (``secure_delete``) and the
file is VACUUMed afterwards.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from hybridmem.core import Core
from hybridmem.core.directory import previous_stores, scrubbing
from hybridmem.errors import IndexUnavailableError, KeyUnavailableError, StoreError, WrongKeyError
from hybridmem.models import IndexState
from hybridmem.privacy import audit
from hybridmem.privacy.crypto import (
    KEY_ID_META,
    ContentCipher,
    copy_key_id,
    parse_key,
    sealed_key_id,
)
from hybridmem.privacy.erasure import snapshot_directory
from hybridmem.store import SnapshotKeeper, TreeStore, reseal_copy

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from hybridmem.privacy.guard import PrivacyGuard


@dataclass(frozen=True, slots=True)
class KeyRotationReport:
    """Which key replaced which, and how many nodes were re-encrypted."""

    old_key_id: str
    new_key_id: str
    nodes: int


def rotate_key(core: Core, guard: PrivacyGuard, new_key: bytes | str) -> KeyRotationReport:
    """Re-encrypt all sensitive content of the store, and of its copies, with ``new_key``.

    Copies (snapshots, stores a restore moved aside) are re-sealed into staged files
    ``<copy>.rekey-<new key id>`` first, then the live store switches keys in one
    transaction, then the staged files replace the copies. A kill before the switch leaves
    the old key everywhere (the staged files are dropped on the next open); a kill after it
    is rolled forward by the next open (:func:`finish_rotation`). Checkpoints wait meanwhile
    (the snapshot folder is held exclusively), so no copy escapes the rotation.
    """
    old = guard.vault.cipher
    if old is None:
        raise KeyUnavailableError(
            "rotating needs the current key (PrivacyConfig(key=...) or $HYBRIDMEM_KEY) "
            "to decrypt what is stored"
        )
    new = ContentCipher(parse_key(new_key))
    store = core.engine.store

    def reseal(node_id: str, stored: str) -> tuple[str, str]:
        plain = old.open(node_id, stored)
        return new.seal(node_id, plain), new.digest(plain)

    folder = snapshot_directory(core)
    with scrubbing(folder) if folder is not None else nullcontext():
        staged = _stage_copies(core, old.key_id, new.key_id, reseal)
        try:
            sealed = _switch_live(core, old, new, reseal, len(staged))
        except BaseException:
            # Nothing switched: the staged copies are of no use (the next open would drop
            # them too, this spares the disk meanwhile).
            for path in staged:
                path.unlink(missing_ok=True)
            raise
        guard.use_cipher(new)
        for path in staged:
            _put_in_place(path)
    rotated = [node_id for node_id, _ in sealed]
    try:
        core.indexer.sync_metadata(rotated)
    except (IndexUnavailableError, StoreError, OSError) as exc:
        log.warning("index metadata of re-sealed nodes left pending: %s", exc)
    # Old ciphertext pages were zeroed (secure_delete); this also drops them from the WAL.
    store.compact()
    return KeyRotationReport(old.key_id, new.key_id, len(sealed))


def _switch_live(
    core: Core,
    old: ContentCipher,
    new: ContentCipher,
    reseal: Callable[[str, str], tuple[str, str]],
    copies: int,
) -> list[tuple[str, str]]:
    """The live store's part of a rotation, one transaction committed durably (the staged
    copies replace theirs only after it, so even a power cut never leaves the copies under
    the new key and the store under the old one). Returns the re-sealed ``(id, old
    ciphertext)`` pairs."""
    store = core.engine.store
    # The engine's lock before the store's, as every write takes them (no lock-order cycle).
    with core.engine.lock, store.synced(), core.engine.write():
        recorded = store.get_meta(KEY_ID_META)
        if recorded is not None and recorded != old.key_id:
            raise WrongKeyError(
                f"this store's key changed to {recorded} (rotate_key, in another process) "
                f"after it was opened with key {old.key_id}; nothing was changed. Reopen it "
                "with that key to rotate again"
            )
        sealed = store.sensitive_contents()
        for node_id, stored in sealed:
            content, digest = reseal(node_id, stored)
            store.update_node(node_id, {"content": content, "content_hash": digest})
        # The keyed content hash changed, and index entries carry it in their metadata:
        # pending until refreshed below (or by the owner, in a follower or after a kill).
        rotated = [node_id for node_id, _ in sealed]
        store.set_index_state(rotated, IndexState.PENDING.value)
        # The op log keeps ciphertexts of sensitive writes (for replay): re-seal them too.
        for record in store.ops_with_payload_key("sealed"):
            body = dict(record.payload)
            if isinstance(body.get("sealed"), str) and record.node_id:
                body["sealed"], body["sealed_hash"] = reseal(record.node_id, body["sealed"])
                store.set_op_payload(record.seq, body)
        store.set_meta(KEY_ID_META, new.key_id)
        # Snapshots kept inside the store (PostgreSQL's) switch in the same transaction.
        copies += _reseal_stored(store, old.key_id, new.key_id, reseal)
        audit.append(
            store,
            action="rotate_key",
            at=core.engine.now(),
            actor=core.engine.actor,
            user_id=None,
            node_id=None,
            detail={
                "old_key_id": old.key_id,
                "new_key_id": new.key_id,
                "count": len(sealed),
                "copies": copies,
            },
        )
    return sealed


REKEY = ".rekey-"
"""Infix of a staged re-sealed copy: ``<copy>.rekey-<key id>``."""


def store_copies(core: Core) -> list[Path]:
    """The SQLite copies of the store a rotation re-seals: complete snapshots and the stores
    a restore moved aside."""
    home = core.engine.path
    if home is None:
        return []
    folder = snapshot_directory(core)
    snaps = sorted(folder.glob("snap-*.sqlite3")) if folder and folder.is_dir() else []
    return snaps + previous_stores(home)


def _stage_copies(
    core: Core, old_id: str, new_id: str, reseal: Callable[[str, str], tuple[str, str]]
) -> list[Path]:
    staged: list[Path] = []
    for path in store_copies(core):
        found = copy_key_id(path)
        if found is None:
            continue  # nothing in it is encrypted: nothing to re-seal
        if found != old_id:
            # Under a key this store no longer has: it cannot be re-sealed, and restore
            # refuses it (naming that key) instead of mixing two keys.
            log.warning("%s is encrypted with key %s, not %s; left as is", path, found, old_id)
            continue
        target = path.with_name(f"{path.name}{REKEY}{new_id}")
        reseal_copy(path, target, reseal, key_meta=(KEY_ID_META, new_id))
        staged.append(target)
    return staged


def _reseal_stored(
    store: TreeStore, old_id: str, new_id: str, reseal: Callable[[str, str], tuple[str, str]]
) -> int:
    """Re-seal the snapshots a store keeps inside itself (inside the rotation's transaction):
    those under ``old_id``; one under another key is left as is (restore refuses it, naming
    its key). How many were re-sealed."""
    if not isinstance(store, SnapshotKeeper):
        return 0
    names = []
    for name, (recorded, sample) in store.snapshot_key_samples(KEY_ID_META).items():
        found = recorded or sealed_key_id(sample)
        if found is None:
            continue  # nothing in it is encrypted
        if found != old_id:
            log.warning(
                "snapshot %s is encrypted with key %s, not %s; left as is", name, found, old_id
            )
            continue
        names.append(name)
    if names:
        store.reseal_snapshots(names, reseal, (KEY_ID_META, new_id))
    return len(names)


def _put_in_place(staged: Path) -> None:
    """Replace a copy by its staged re-sealed version (with the copy's WAL files gone)."""
    name, _, _ = staged.name.rpartition(REKEY)
    target = staged.with_name(name)
    os.replace(staged, target)
    for suffix in ("-wal", "-shm"):
        target.with_name(target.name + suffix).unlink(missing_ok=True)
    fd = os.open(str(target.parent), os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def finish_rotation(core: Core) -> int:
    """On open: staged copies of the current key replace their copies (the rotation
    committed, then the process died); staged copies of any other key are dropped."""
    home = core.engine.path
    if home is None:
        return 0
    current = core.engine.store.get_meta(KEY_ID_META)
    folder = snapshot_directory(core)
    found = sorted(home.glob(f"*{REKEY}*"))
    if folder is not None and folder.is_dir():
        found += sorted(folder.glob(f"*{REKEY}*"))
    done = 0
    for staged in found:
        if staged.name.endswith(("-journal", "-wal", "-shm")):
            continue
        if staged.name.rpartition(REKEY)[2] == current:
            _put_in_place(staged)
            done += 1
        else:
            staged.unlink(missing_ok=True)
    return done
