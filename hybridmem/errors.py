"""The one error hierarchy of hybridmem.

Every failure the engine reports on purpose is a :class:`HybridMemError`. Where a Python idiom
exists the class also derives from the matching builtin, so ``except ValueError`` and
``except KeyError`` keep working for callers who do not know this module::

    HybridMemError
    ├── ValidationError (ValueError)          bad input, nothing was written
    │   ├── EmptyContentError                 content empty or whitespace only
    │   ├── InvalidContentError (TypeError)   not a str, NUL byte, unencodable text
    │   ├── ContentTooLongError               over MemoryConfig.max_content_chars
    │   ├── InvalidWeightError                importance/confidence outside [0, 1] or NaN
    │   ├── InvalidArgumentError              any other malformed argument
    │   │   └── AmbiguousIdError              an id fragment matches several nodes
    │   ├── CycleError                        a move would make a node its own ancestor
    │   ├── LimitExceededError                over a configured limit (depth, nodes per user)
    │   ├── ImportFormatError                 an export file (JSON Lines) is malformed
    │   └── ServerConfigError                 `hybridmem serve` settings refused (bind, tokens)
    ├── NodeNotFoundError (KeyError)          no such node (in this scope)
    ├── ScopeError                            a node belongs to another user/agent/session
    │   └── PermissionDeniedError             an agent may read a memory but not change it
    ├── AuthError                             the server needs a token and got none or a wrong one
    ├── EncryptionError                       sensitive content cannot be sealed or opened
    │   ├── KeyUnavailableError (KeyError)    no key configured (settings or $HYBRIDMEM_KEY)
    │   ├── WrongKeyError (KeyError)          the key's fingerprint is not the store's
    │   └── DecryptionError                   ciphertext failed authentication (tampered)
    ├── AuditChainError                       the audit log's hash chain does not verify
    ├── ConflictError                         an optimistic version check failed
    ├── StoreClosedError                      the HybridMemory was closed
    ├── StoreError                            the store itself is unusable
    │   ├── StoreWriteError                   a write broke a constraint the store enforces
    │   │   └── StoreFullError                disk full / I/O error: the write was not committed
    │   ├── StoreBusyError                    another process held the write lock too long
    │   │   └── StoreLockTimeoutError         PostgreSQL: lock/statement timeout, deadlock
    │   ├── CorruptStoreError                 SQLite file damaged: restore a snapshot
    │   ├── SchemaVersionError                written by a newer hybridmem
    │   ├── EmbedderMismatchError             opened with another embedder than built it
    │   ├── StoreNotFoundError                no store there (opened with create=False)
    │   ├── ReadOnlyStoreError                a write on a memory opened read_only=True
    │   └── StoreUnavailableError             the database server cannot be reached
    ├── IndexUnavailableError                 the Chroma index cannot be reached
    │   └── IndexNotOwnedError                another process owns the embedded Chroma dir
    ├── RecoveryError                         snapshot, restore or replay failed
    │   ├── SnapshotNotFoundError (KeyError)  no snapshot with that name or sequence
    │   └── ReplayError                       an op cannot be replayed (unknown op, bad log)
    ├── ModelUnavailableError                 an embedding model cannot be loaded (offline?)
    ├── FileAccessError (OSError)             an export/import file cannot be read or written
    └── LLMError                              the optional LLM (distillation) failed
        ├── LLMUnavailableError               the endpoint cannot be reached
        └── LLMOutputError                    its reply is malformed or cites no source
"""

from __future__ import annotations


class HybridMemError(Exception):
    """Base class of every error hybridmem raises on purpose."""


class ValidationError(HybridMemError, ValueError):
    """An argument was rejected before anything was written."""


class EmptyContentError(ValidationError):
    """Memory content was empty or only whitespace."""


class InvalidContentError(ValidationError, TypeError):
    """Memory content was not usable text (wrong type, NUL byte, lone surrogate)."""


class ContentTooLongError(ValidationError):
    """Memory content exceeded the configured maximum length."""


class InvalidWeightError(ValidationError):
    """A weight (importance, confidence) was outside [0, 1] or not a finite number."""


class InvalidArgumentError(ValidationError):
    """Any other malformed argument (bad node type, bad id, bad budget...)."""


class AmbiguousIdError(InvalidArgumentError):
    """An id fragment (its beginning or end) matches more than one node (the message lists
    them)."""


class CycleError(ValidationError):
    """A move would have placed a node under itself or one of its descendants."""


class NodeNotFoundError(HybridMemError, KeyError):
    """No node with that id exists (or it is not visible in the caller's scope)."""

    def __str__(self) -> str:  # KeyError would quote the message; keep it readable
        return str(self.args[0]) if self.args else "node not found"


class GrantNotFoundError(HybridMemError, KeyError):
    """No grant with that id exists for that user."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


class ScopeError(HybridMemError):
    """An operation tried to reach across tenants (another user's, agent's or session's node)."""


class PermissionDeniedError(ScopeError):
    """An agent tried to change a memory it may read but holds no write permission on (its
    own memories are writable; another agent's or the user's shared ones need a write grant)."""


class LimitExceededError(ValidationError):
    """A write would exceed a configured limit (tree depth, nodes per user)."""


class ImportFormatError(ValidationError):
    """An export file handed to ``import`` is malformed (the message names the line)."""


class ServerConfigError(ValidationError):
    """``hybridmem serve`` refused its settings (an unsafe bind, a malformed token file)."""


class AuthError(HybridMemError):
    """The memory server requires a token and the request carried none or an unknown one."""


class EncryptionError(HybridMemError):
    """Sensitive content could not be encrypted or decrypted."""


class KeyUnavailableError(EncryptionError, KeyError):
    """Encrypted content was needed but no key was configured."""

    def __str__(self) -> str:  # KeyError would quote the message; keep it readable
        return str(self.args[0]) if self.args else "no encryption key configured"


class WrongKeyError(EncryptionError, KeyError):
    """The configured key is not the one the store's content was encrypted with."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "wrong encryption key"


class DecryptionError(EncryptionError):
    """Ciphertext failed authentication: it was altered or moved to another node."""


class AuditChainError(HybridMemError):
    """The audit log's hash chain is broken: an entry was altered, removed or inserted."""


class ConflictError(HybridMemError):
    """A concurrent writer changed the node first (optimistic version check failed)."""


class StoreClosedError(HybridMemError):
    """The memory was used after close()."""


class StoreError(HybridMemError):
    """The store on disk cannot be used as it is."""


class StoreWriteError(StoreError):
    """The store refused a write: a constraint it enforces failed (a duplicate id, a value
    out of range, an unknown column). Nothing of the refused statement was written."""


class StoreFullError(StoreWriteError):
    """The store's file could not be written (disk full, I/O error, file size limit). The
    write was rolled back: nothing of it was committed, so retrying after freeing space is
    safe."""


class StoreBusyError(StoreError):
    """Another process kept the store's write lock longer than the busy timeout; nothing
    was written."""


class StoreLockTimeoutError(StoreBusyError):
    """PostgreSQL gave up on a statement that waited for a lock: ``lock_timeout``,
    ``statement_timeout``, a deadlock or a serialisation failure. The message says which and,
    for a write, whose write lock the transaction took. The statement's transaction was rolled
    back (nothing of it was kept), the connection stays usable, and the call may be retried
    once the other session lets go (``retryable``)."""

    retryable = True


class CorruptStoreError(StoreError):
    """The SQLite file is damaged. hybridmem never replaces it with an empty store."""


class SchemaVersionError(StoreError):
    """The store was written by a newer hybridmem than this one."""


class EmbedderMismatchError(StoreError):
    """The store was built with another embedder (name or dimension) than the one given."""


class StoreNotFoundError(StoreError):
    """No memory store at that path, and the caller asked not to create one
    (``create=False`` or ``read_only=True``; the CLI's read commands)."""


class ReadOnlyStoreError(StoreError):
    """A write was attempted on a memory opened with ``read_only=True``."""


class StoreUnavailableError(StoreError):
    """The database server (PostgreSQL) cannot be reached or refused the connection."""


class IndexUnavailableError(HybridMemError):
    """The Chroma index (directory or server) could not be used."""


class ModelUnavailableError(HybridMemError):
    """An embedding model could not be loaded (typically: not cached and no network)."""


class FileAccessError(HybridMemError, OSError):
    """A file the caller named (an export to write, an import to read) failed at the OS level:
    permission denied, disk full, an I/O error. The message names the file and the cause."""

    def __str__(self) -> str:  # OSError would format (errno, strerror); keep the message
        return str(self.args[0]) if self.args else "file access failed"


class IndexNotOwnedError(IndexUnavailableError):
    """Another process owns the embedded Chroma directory; this one writes SQLite only."""


class RecoveryError(HybridMemError):
    """A checkpoint, restore or replay could not be carried out; nothing was replaced."""


class SnapshotNotFoundError(RecoveryError, KeyError):
    """No snapshot with that name (or sequence number) exists."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "snapshot not found"


class ReplayError(RecoveryError):
    """An op-log entry cannot be replayed (unknown op, or it contradicts the state)."""


class LLMError(HybridMemError):
    """The optional LLM plug-in (distillation) failed; the deterministic default still works."""


class LLMUnavailableError(LLMError):
    """The OpenAI-compatible endpoint could not be reached or timed out."""


class LLMOutputError(LLMError):
    """The LLM's reply was not the expected JSON, or no conclusion cited a source."""
