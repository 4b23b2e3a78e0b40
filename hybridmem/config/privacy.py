"""Settings of the privacy layer: where the encryption key comes from, what is encrypted,
which reads are audited. Base level: the key is parsed here (stdlib only); the cipher lives
in :mod:`hybridmem.privacy.crypto`."""

from __future__ import annotations

import base64
import binascii
import os
from dataclasses import dataclass, field

from hybridmem.errors import InvalidArgumentError

KEY_ENV = "HYBRIDMEM_KEY"


@dataclass(frozen=True, slots=True)
class PrivacyConfig:
    """Privacy settings for ``HybridMemory(path, privacy=PrivacyConfig(...))``.

    key:          32 raw bytes or their url-safe base64 text. None: read ``key_env``.
    key_env:      environment variable holding the key when ``key`` is None.
    encrypt_all:  encrypt every node's content, not only nodes added with ``sensitive=True``.
    audit_reads:  also record reads (every read of the facade: get, children, path, subtree,
                  get_all, root, active node, users, id resolution, retrieve) in the audit log.
    audit_retrievals: record every retrieval (also without ``audit_reads``) with who asked
                  (the agent), the query's SHA-256 (never its text) and the returned ids:
                  "who retrieved what" (issue 33).
    mask_without_key: with no key configured, a sensitive node's content reads as
                  ``hybridmem.core.sealed.MASKED`` instead of raising KeyUnavailableError,
                  so one sealed memory does not hide all of a user's others (viewing tools:
                  the CLI's read commands). Writing sensitive content still needs the key,
                  and a wrong key or a damaged ciphertext still raises.
    """

    key: bytes | str | None = field(default=None, repr=False)
    key_env: str = KEY_ENV
    encrypt_all: bool = False
    audit_reads: bool = False
    audit_retrievals: bool = False
    mask_without_key: bool = False

    def resolve_key(self) -> bytes | None:
        """The configured key as 32 bytes, or None when neither setting nor env var is set."""
        if self.key is not None:
            return parse_key(self.key)
        raw = os.environ.get(self.key_env) or None
        if raw is None:
            return None
        try:
            return parse_key(raw)
        except InvalidArgumentError as exc:  # say where the bad key came from
            raise InvalidArgumentError(f"${self.key_env}: {exc}") from None


def parse_key(raw: bytes | str) -> bytes:
    """Accept 32 raw bytes or url-safe base64 of 32 bytes; anything else is refused."""
    if isinstance(raw, bytes) and len(raw) == 32:
        return raw
    if isinstance(raw, bytes | str):
        text = raw.decode("ascii", "replace") if isinstance(raw, bytes) else raw
        try:
            decoded = base64.urlsafe_b64decode(text.strip().encode("ascii"))
        except (binascii.Error, ValueError, UnicodeEncodeError):
            decoded = b""
        if len(decoded) == 32:
            return decoded
    raise InvalidArgumentError(
        "an encryption key must be 32 bytes or their url-safe base64 text "
        "(make one with hybridmem.privacy.generate_key())"
    )
