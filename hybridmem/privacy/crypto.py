"""Encryption at rest for sensitive memories: AES-256-GCM with the node id as associated data.

The key never lives beside the data: it comes from :class:`PrivacyConfig.key` or the
environment variable ``HYBRIDMEM_KEY`` (url-safe base64 of 32 bytes; make one with
:func:`generate_key`). The store records only the key's *fingerprint* (``meta`` key
``privacy.key_id``), so opening with another key is a clear :class:`WrongKeyError` and a missing
key a :class:`KeyUnavailableError`, never garbage.

Stored form of an encrypted ``content`` column: ``hmenc1:<key id>:<base64(nonce || ciphertext)>``.
The node id is authenticated with the ciphertext, so a ciphertext copied onto another node fails
to decrypt (:class:`DecryptionError`) instead of leaking one node's text through another.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import os
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from hybridmem.config.privacy import KEY_ENV
from hybridmem.config.privacy import parse_key as parse_key  # its home until the config package
from hybridmem.core.hooks import StoredContent
from hybridmem.core.sealed import (
    KEY_ID_META,
    MASKED,
    PREFIX,
    copy_key_id,
    is_sealed,
    sealed_key_id,
    split_sealed,
)
from hybridmem.errors import (
    DecryptionError,
    KeyUnavailableError,
    WrongKeyError,
)

_NONCE = 12


def generate_key() -> str:
    """A new random 256-bit key as url-safe base64 text (what ``HYBRIDMEM_KEY`` expects)."""
    return base64.urlsafe_b64encode(os.urandom(32)).decode("ascii")


def key_fingerprint(key: bytes) -> str:
    """A short public id of a key (SHA-256 of a labelled key, truncated): safe to store."""
    return hashlib.sha256(b"hybridmem-key-id:" + key).hexdigest()[:16]


class ContentCipher:
    """AES-256-GCM over text, bound to a node id. One instance per key."""

    def __init__(self, key: bytes) -> None:
        self._aead = AESGCM(key)
        self._mac_key = hashlib.sha256(b"hybridmem-content-mac:" + key).digest()
        self.key_id = key_fingerprint(key)

    def seal(self, node_id: str, text: str) -> str:
        nonce = os.urandom(_NONCE)
        sealed = self._aead.encrypt(nonce, text.encode("utf-8"), node_id.encode("utf-8"))
        body = base64.b64encode(nonce + sealed).decode("ascii")
        return f"{PREFIX}{self.key_id}:{body}"

    def open(self, node_id: str, stored: str) -> str:
        key_id, body = split_sealed(stored)
        if key_id != self.key_id:
            raise WrongKeyError(
                f"node {node_id!r} was encrypted with key {key_id}, but the configured key is "
                f"{self.key_id}; configure the right key (HYBRIDMEM_KEY), or reopen the store "
                "with the new key if another process rotated it"
            )
        try:
            raw = base64.b64decode(body, validate=True)
            plain = self._aead.decrypt(raw[:_NONCE], raw[_NONCE:], node_id.encode("utf-8"))
        except (InvalidTag, binascii.Error, ValueError) as exc:
            raise DecryptionError(
                f"the encrypted content of node {node_id!r} failed authentication: it was "
                "altered or copied from another node"
            ) from exc
        return plain.decode("utf-8")

    def digest(self, text: str) -> str:
        """Keyed content hash: unchanged-content detection without a guessable plain hash."""
        return hmac.new(self._mac_key, text.encode("utf-8"), hashlib.sha256).hexdigest()[:32]


class ContentVault:
    """Decides what is encrypted and turns plaintext into stored form and back.

    ``cipher`` is None when no key is configured: plain nodes work as before; sealing or opening
    a sensitive node raises :class:`KeyUnavailableError`.
    """

    def __init__(
        self,
        cipher: ContentCipher | None,
        *,
        encrypt_all: bool = False,
        mask_without_key: bool = False,
    ) -> None:
        self.cipher = cipher
        self.encrypt_all = encrypt_all
        # Reads of sealed content without a key give MASKED (PrivacyConfig.mask_without_key);
        # sealing and hashing never do: a write must not store the placeholder.
        self.mask_without_key = mask_without_key
        self._local = threading.local()  # masking(): one thread's reads, not the others'

    @contextmanager
    def masking(self) -> Iterator[None]:
        """Reads in this thread within the block mask sealed content when there is no key
        (as ``mask_without_key`` does for every read); other threads keep the strict reads."""
        before = getattr(self._local, "mask", False)
        self._local.mask = True
        try:
            yield
        finally:
            self._local.mask = before
        # Called with the key id before each ciphertext is written, inside the write's
        # transaction (records the key id the first time, refuses a key rotated meanwhile).
        self.on_seal: Callable[[str], None] | None = None

    @property
    def key_id(self) -> str | None:
        return self.cipher.key_id if self.cipher else None

    def protects(self, sensitive: bool) -> bool:
        """Whether a node with this flag is stored encrypted."""
        return bool(sensitive) or self.encrypt_all

    def _require(self, what: str) -> ContentCipher:
        if self.cipher is None:
            raise KeyUnavailableError(
                f"{what} needs the encryption key: pass PrivacyConfig(key=...) or set "
                f"${KEY_ENV} (hybridmem.privacy.generate_key() makes one)"
            )
        return self.cipher

    def stored(self, node_id: str, text: str, *, sensitive: bool, plain_hash: str) -> StoredContent:
        """The on-disk form of ``text`` for node ``node_id``."""
        if not self.protects(sensitive):
            return StoredContent(text, plain_hash, text, False)
        cipher = self._require(f"writing sensitive node {node_id!r}")
        if self.on_seal is not None:
            self.on_seal(cipher.key_id)
        # Encrypted nodes get no lexical terms (core.ops.stored_content): FTS5 would hold
        # their words in clear.
        return StoredContent(cipher.seal(node_id, text), cipher.digest(text), None, True)

    def digest(self, text: str, *, sensitive: bool, plain_hash: str) -> str:
        """The content hash a node with this flag would store for ``text``."""
        if not self.protects(sensitive):
            return plain_hash
        return self._require("hashing sensitive content").digest(text)

    def open(self, node_id: str, stored: str) -> str:
        """Plaintext of a stored sensitive ``content`` value."""
        if not is_sealed(stored):
            return stored
        if self.cipher is None and (self.mask_without_key or getattr(self._local, "mask", False)):
            return MASKED
        return self._require(f"reading sensitive node {node_id!r}").open(node_id, stored)


__all__ = [
    "KEY_ENV",
    "KEY_ID_META",
    "PREFIX",
    "ContentCipher",
    "ContentVault",
    "copy_key_id",
    "generate_key",
    "is_sealed",
    "key_fingerprint",
    "parse_key",
    "sealed_key_id",
    "split_sealed",
]
