"""The stored form of sealed content, readable without the key.

A sealed ``content`` value is ``hmenc1:<key id>:<base64(nonce || ciphertext)>`` and the store
records the fingerprint of the key that sealed it under the ``meta`` key ``privacy.key_id``.
The cipher itself is the privacy layer's (:mod:`hybridmem.privacy.crypto`); the format lives
here, in the core, because the recovery layer must read it too (which key a snapshot is
sealed with, to refuse restoring it under another), and the two service packages meet
through the core, not through each other.
"""

from __future__ import annotations

from pathlib import Path

from hybridmem.errors import DecryptionError
from hybridmem.store import copy_meta, copy_sealed_sample

PREFIX = "hmenc1:"
KEY_ID_META = "privacy.key_id"
MASKED = "[sealed: encrypted, no key]"
"""What a sealed node's content reads as when the store is opened with
``PrivacyConfig(mask_without_key=True)`` and no key: a viewing tool shows the rest of the
user's memories instead of refusing all of them for one sealed node."""


def split_sealed(stored: str) -> tuple[str, str]:
    """``(key id, base64 body)`` of a stored ciphertext; DecryptionError if malformed."""
    if not stored.startswith(PREFIX) or stored.count(":") != 2:
        raise DecryptionError("stored content is not a hybridmem ciphertext")
    _, key_id, body = stored.split(":")
    return key_id, body


def sealed_key_id(stored: str | None) -> str | None:
    """The key id a stored ciphertext names (None for None or anything not sealed)."""
    if stored is None or not is_sealed(stored):
        return None
    try:
        return split_sealed(stored)[0]
    except DecryptionError:
        return None


def copy_key_id(path: Path) -> str | None:
    """The key a SQLite copy's ciphertexts (a snapshot's, a moved-aside store's) are sealed
    with: its recorded fingerprint, else the key its first ciphertext names (a copy of a store
    that had lost its fingerprint), else None (nothing in it is encrypted)."""
    return copy_meta(path, KEY_ID_META) or sealed_key_id(copy_sealed_sample(path))


def is_masked(sensitive: bool, content: str) -> bool:
    """Whether a node's content as read is the :data:`MASKED` placeholder (sealed, no key)."""
    return sensitive and content == MASKED


def is_sealed(stored: str) -> bool:
    """Whether a stored ``content`` value is a ciphertext."""
    return stored.startswith(PREFIX)


__all__ = [
    "KEY_ID_META",
    "MASKED",
    "PREFIX",
    "copy_key_id",
    "is_masked",
    "is_sealed",
    "sealed_key_id",
    "split_sealed",
]
