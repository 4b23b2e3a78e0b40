"""The vector index: node embeddings in a Chroma collection (embedded or a Chroma server).

Chroma is derived data. It holds each node's vector plus the metadata retrieval filters on
(user, task scope, type, status), so scope is applied inside Chroma's ``where``, never as a
post-filter on a global top-k. The collection records which embedder built it.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from hybridmem.embedding.base import Vectors
from hybridmem.errors import EmbedderMismatchError, IndexUnavailableError, InvalidArgumentError
from hybridmem.index.base import Metadata, VectorMatch

log = logging.getLogger(__name__)

DEFAULT_COLLECTION = "hybridmem-nodes"
_COLLECTION_NAME = re.compile(r"^[a-zA-Z0-9][a-zA-Z0-9._-]{1,510}[a-zA-Z0-9]$")
_BATCH = 4000  # below Chroma's max batch size on every backend


@dataclass(frozen=True, slots=True)
class ChromaServer:
    """Where a Chroma server listens, for ``HybridMemory(..., chroma=ChromaServer(...))``."""

    host: str = "127.0.0.1"
    port: int = 8000
    ssl: bool = False
    headers: dict[str, str] | None = None

    @classmethod
    def parse(cls, text: str) -> ChromaServer:
        """``HOST:PORT``, ``http://HOST:PORT`` or ``https://HOST:PORT`` (as ``--chroma`` and
        ``$HYBRIDMEM_CHROMA`` take it); anything else raises :class:`InvalidArgumentError`."""
        scheme, sep, rest = text.partition("://")
        if not sep:
            scheme, rest = "http", text
        host, sep, port = rest.rstrip("/").rpartition(":")
        if scheme not in ("http", "https") or not sep or not host or not port.isdigit():
            shown = text if len(text) <= 80 else text[:77] + "..."
            raise InvalidArgumentError(
                f"a Chroma server is HOST:PORT or http(s)://HOST:PORT, got {shown!r}"
            )
        if not 0 < int(port) < 65536:
            raise InvalidArgumentError(f"the Chroma server's port must be 1-65535, got {port}")
        return cls(host=host.strip("[]"), port=int(port), ssl=scheme == "https")

    @classmethod
    def coerce(cls, value: object) -> ChromaServer | None:
        """``HybridMemory(chroma=...)``: a server, its address as text (:meth:`parse`), or
        None; anything else raises :class:`InvalidArgumentError`."""
        if value is None or isinstance(value, ChromaServer):
            return value
        if isinstance(value, str):
            return cls.parse(value)
        raise InvalidArgumentError(
            f"chroma must be a ChromaServer or 'HOST:PORT', got {type(value).__name__}"
        )


class ChromaIndex:
    """A thin typed wrapper over one Chroma collection using cosine distance.

    Implements :class:`~hybridmem.index.base.VectorIndex`; usually wrapped in a
    :class:`~hybridmem.index.ownership.GuardedIndex` that decides whether this process may
    write an embedded directory.
    """

    @property
    def name(self) -> str:
        return self._name

    @property
    def writable(self) -> bool:
        return True

    @property
    def owned(self) -> bool:
        return True

    def __init__(
        self,
        *,
        path: Path | None = None,
        server: ChromaServer | None = None,
        collection: str = DEFAULT_COLLECTION,
        embedder_name: str,
        dimension: int,
        recreate: bool = False,
    ) -> None:
        if not _COLLECTION_NAME.match(collection):
            raise IndexUnavailableError(
                f"Chroma collection names must be 3-512 characters of [a-zA-Z0-9._-], "
                f"starting and ending alphanumeric; got {collection!r}"
            )
        try:
            import chromadb
            from chromadb.config import Settings

            settings = Settings(anonymized_telemetry=False, allow_reset=True)
            self._shared = server is not None
            if server is not None:
                self.client = chromadb.HttpClient(
                    host=server.host,
                    port=server.port,
                    ssl=server.ssl,
                    headers=server.headers,
                    settings=settings,
                )
            else:
                if path is None:
                    raise IndexUnavailableError("ChromaIndex needs a path or a server")
                path.mkdir(parents=True, exist_ok=True)
                self.client = chromadb.PersistentClient(path=str(path), settings=settings)
            self._open_collection(collection, embedder_name, dimension, recreate)
        except IndexUnavailableError:
            raise
        except Exception as exc:
            where = f"server {server.host}:{server.port}" if server else f"directory {path}"
            raise IndexUnavailableError(f"cannot open the Chroma index at {where}: {exc}") from exc

    def _open_collection(
        self, collection: str, embedder_name: str, dimension: int, recreate: bool
    ) -> None:
        # Vectors of another model (or dimension) cannot be mixed with new ones.
        if recreate and collection in self.collection_names():
            self.client.delete_collection(collection)
        self.collection = self.client.get_or_create_collection(
            collection,
            embedding_function=None,
            configuration={"hnsw": {"space": "cosine"}},
            metadata={"embedder": embedder_name, "dimension": dimension},
        )
        self._name = collection
        meta = self.collection.metadata or {}
        self._meta = dict(meta)  # to recreate it as it was (see _reopen)
        if meta.get("embedder") not in (None, embedder_name) or meta.get("dimension") not in (
            None,
            dimension,
        ):
            raise EmbedderMismatchError(
                f"the Chroma collection {collection!r} was built with {meta.get('embedder')} "
                f"({meta.get('dimension')} dims), not {embedder_name} ({dimension} dims); "
                "rebuild it with HybridMemory.rebuild_index()"
            )

    # -- collections beside this one (a re-index builds the next one, then switches) --------
    def collection_names(self) -> set[str]:
        """Names of every collection in this directory or server."""
        return {c if isinstance(c, str) else c.name for c in self.client.list_collections()}

    def sibling(
        self, collection: str, *, embedder_name: str, dimension: int, recreate: bool
    ) -> ChromaIndex:
        """Another collection of the same client (and process-wide Chroma system)."""
        other = object.__new__(ChromaIndex)
        other.client = self.client
        other._shared = self._shared  # read by every call (``_call``)
        try:
            other._open_collection(collection, embedder_name, dimension, recreate)
        except Exception as exc:
            raise IndexUnavailableError(
                f"cannot open Chroma collection {collection}: {exc}"
            ) from exc
        return other

    def drop_collection(self, collection: str) -> bool:
        """Delete another collection of this client; False if there was none."""
        if collection == self._name:
            raise IndexUnavailableError(f"refusing to drop the collection in use ({collection})")
        try:
            if collection not in self.collection_names():
                return False
            self.client.delete_collection(collection)
        except Exception as exc:
            raise IndexUnavailableError(
                f"cannot drop Chroma collection {collection}: {exc}"
            ) from exc
        return True

    def upsert(
        self,
        ids: Sequence[str],
        vectors: Vectors,
        metadatas: Sequence[Metadata],
        documents: Sequence[str | None] | None = None,
    ) -> None:
        """Insert or replace vectors (documents: see :meth:`VectorIndex.upsert`)."""
        docs_of = documents if documents is not None else [None] * len(ids)
        with_doc = [i for i, d in enumerate(docs_of) if d is not None]
        without = [i for i, d in enumerate(docs_of) if d is None]
        # Two calls: Chroma takes documents for all of a call's entries or none of them, and
        # an entry without one (encrypted node) must not cost the others theirs.
        for group, docs in ((with_doc, True), (without, False)):
            for start in range(0, len(group), _BATCH):
                part = group[start : start + _BATCH]
                kwargs: Metadata = {"documents": [docs_of[i] for i in part]} if docs else {}
                self._call(
                    "upsert",
                    ids=[ids[i] for i in part],
                    embeddings=np.asarray(vectors)[part],
                    metadatas=[metadatas[i] for i in part],
                    **kwargs,
                )

    def update_metadata(self, ids: Sequence[str], metadatas: Sequence[Metadata]) -> None:
        """Merge filterable metadata (status, scope) into entries, vectors untouched (see
        :meth:`VectorIndex.update_metadata`: a None value removes a key)."""
        for start in range(0, len(ids), _BATCH):
            self._call(
                "update",
                ids=list(ids[start : start + _BATCH]),
                metadatas=list(metadatas[start : start + _BATCH]),
            )

    def delete(self, ids: Sequence[str]) -> None:
        for start in range(0, len(ids), _BATCH):
            self._call("delete", ids=list(ids[start : start + _BATCH]))

    def query(
        self,
        vector: Vectors,
        n: int,
        where: Metadata | None,
        ids: Sequence[str] | None = None,
    ) -> list[VectorMatch]:
        """Nearest neighbours of ``vector`` among entries matching ``where`` (and ``ids``)."""
        if n <= 0 or (ids is not None and not ids):
            return []
        kwargs: Metadata = {"where": where} if where else {}
        if ids is not None:
            kwargs["ids"] = list(ids)
        result = self._call(
            "query",
            query_embeddings=np.asarray(vector).reshape(1, -1),
            n_results=n,
            include=["distances"],
            **kwargs,
        )
        found = result["ids"][0] if result["ids"] else []
        distances = result["distances"][0] if result.get("distances") else []
        # Cosine distance = 1 - cosine similarity.
        return [VectorMatch(i, 1.0 - float(d)) for i, d in zip(found, distances, strict=True)]

    def get_vectors(self, ids: Sequence[str]) -> dict[str, Vectors]:
        """Stored vectors of ``ids`` (missing ids are simply absent)."""
        out: dict[str, Vectors] = {}
        for start in range(0, len(ids), _BATCH):
            got = self._call("get", ids=list(ids[start : start + _BATCH]), include=["embeddings"])
            for node_id, vec in zip(got["ids"], got["embeddings"], strict=True):
                out[node_id] = np.asarray(vec, dtype=np.float32)
        return out

    def get_ids(self, ids: Sequence[str] | None = None) -> set[str]:
        """Ids present in the collection (all of them, or which of ``ids``)."""
        out: set[str] = set()
        if ids is not None:
            for start in range(0, len(ids), _BATCH):
                got = self._call("get", ids=list(ids[start : start + _BATCH]), include=[])
                out.update(got["ids"])
            return out
        # One call: Chroma pages by offset, and each page re-walks every entry before it
        # (measured at 100k entries: 26 pages of 4,000 took 39 s, one call 5 s, loaded machine).
        return set(self._call("get", include=[])["ids"])

    def get_entries(self, ids: Sequence[str] | None = None) -> dict[str, tuple[Any, Any]]:
        """``id -> (document, metadata)`` for ``ids`` (or every entry), for consistency checks."""
        out: dict[str, tuple[Any, Any]] = {}
        include = ["documents", "metadatas"]
        if ids is not None:
            for start in range(0, len(ids), _BATCH):
                got = self._call("get", ids=list(ids[start : start + _BATCH]), include=include)
                rows = zip(got["ids"], got["documents"], got["metadatas"], strict=True)
                for i, doc, meta in rows:
                    out[i] = (doc, meta)
            return out
        got = self._call("get", include=include)  # one call: see get_ids
        for i, doc, meta in zip(got["ids"], got["documents"], got["metadatas"], strict=True):
            out[i] = (doc, meta)
        return out

    def get_metadata(self, ids: Sequence[str]) -> dict[str, Metadata]:
        """``id -> metadata`` of ``ids``, in pages (no documents or vectors are read)."""
        out: dict[str, Metadata] = {}
        for start in range(0, len(ids), _BATCH):
            got = self._call("get", ids=list(ids[start : start + _BATCH]), include=["metadatas"])
            for i, meta in zip(got["ids"], got["metadatas"], strict=True):
                out[i] = dict(meta or {})
        return out

    def count(self) -> int:
        return int(self._call("count"))

    def unavailable_reason(self) -> str | None:
        return None

    def consume_takeover(self) -> bool:
        return False

    def compact(self, live_ids: set[str]) -> int:
        """Recreate the collection from its own live entries (vectors are copied; an entry
        the server cannot answer with its vector is left out, for the caller to re-embed).

        Chroma's ``delete`` leaves documents and vectors in its write-ahead queue and HNSW
        files; a fresh collection holds only what is live.
        """
        ids: list[str] = []
        vectors: list[Any] = []
        metas: list[Metadata] = []
        docs: list[str | None] = []
        # Fetched by id, not paged by offset: on a server other processes write while this
        # runs, and offset pages over a changing collection skip or repeat entries.
        wanted = sorted(live_ids)
        for start in range(0, len(wanted), _BATCH):
            got = self._call(
                "get",
                ids=wanted[start : start + _BATCH],
                include=["embeddings", "metadatas", "documents"],
            )
            found, embeddings = got["ids"], got["embeddings"]
            if embeddings is None or len(embeddings) != len(found):
                # A server mid-write answered ids without their vectors: leave this batch
                # out; the caller re-embeds what the rebuilt collection lacks from the store.
                continue
            for i, node_id in enumerate(found):
                ids.append(node_id)
                vectors.append(embeddings[i])
                metas.append(got["metadatas"][i])
                docs.append(got["documents"][i])
        try:
            try:
                self.client.delete_collection(self._name)
            except Exception as exc:
                # On a server another process's rebuild may have deleted it first: the
                # collection is fresh either way, and what this one copied goes into it.
                if not (self._shared and _collection_gone(exc)):
                    raise
            self._reopen()
        except Exception as exc:
            raise IndexUnavailableError(f"Chroma collection rebuild failed: {exc}") from exc
        if ids:
            self.upsert(ids, np.asarray(vectors, dtype=np.float32), metas, docs)
        return len(ids)

    def _reopen(self) -> None:
        for attempt in (1, 2):
            try:
                self.collection = self.client.get_or_create_collection(
                    self._name,
                    embedding_function=None,
                    configuration={"hnsw": {"space": "cosine"}},
                    metadata=self._meta or None,
                )
                return
            except Exception as exc:
                # Found by name, then deleted by another process's rebuild before it was
                # answered: ask once more (the name then makes or finds the new one).
                if attempt == 2 or not (self._shared and _collection_gone(exc)):
                    raise

    def close(self) -> None:
        """Release the client: the next open in this process reloads the index from disk
        (Chroma otherwise keeps serving its cached copy, blind to other processes' writes)."""
        close = getattr(self.client, "close", None)
        if close is not None:
            try:
                close()
            except Exception as exc:  # closing must never mask the caller's outcome
                log.debug("closing the Chroma client failed: %s", exc)

    def _call(self, method: str, **kwargs: Any) -> Any:
        """``method`` of the collection. On a server, what another process's rebuild of the
        collection (a compacting erasure: delete, then create under the same name) does to
        this handle for a moment is tried again (every call here is a read or an idempotent
        write): a collection gone is followed by name, one being deleted (:func:`_transient`)
        is waited out; after :data:`RETRY_PAUSES` the failure is reported."""
        attempts = len(RETRY_PAUSES) + 1 if self._shared else 1
        for attempt in range(1, attempts + 1):
            try:
                return getattr(self.collection, method)(**kwargs)
            except Exception as exc:
                gone, transient = _collection_gone(exc), _transient(exc)
                if attempt == attempts or not (gone or transient):
                    tried = f" (tried {attempt} times over {self._waited(attempt):.1f} s)"
                    raise IndexUnavailableError(
                        f"Chroma {method} failed{tried if attempt > 1 else ''}: {exc}"
                    ) from exc
            pause(RETRY_PAUSES[attempt - 1])
            if gone:
                # On a server another process may be rebuilding the collection under the
                # same name (erasure's compaction): this handle names the old one. Follow the
                # name, creating it as it was if the rebuild has not yet (the rebuild then
                # fills this one).
                try:
                    self._reopen()
                except Exception as exc:
                    raise IndexUnavailableError(f"Chroma {method} failed: {exc}") from exc
        raise AssertionError("unreachable")

    @staticmethod
    def _waited(attempts: int) -> float:
        return sum(RETRY_PAUSES[: attempts - 1])


RETRY_PAUSES = (0.05, 0.2, 0.5, 1.0)
"""Pauses (seconds) before each further try of a call another process's rebuild of the
collection failed (see ``ChromaIndex._call``): five tries over 1.75 s."""


def pause(seconds: float) -> None:
    """``time.sleep``, named so a test can count the pauses instead of waiting them out."""
    time.sleep(seconds)


def _transient(exc: Exception) -> bool:
    """True for what ``chroma run`` (chromadb 1.5) answers a call on a collection another
    client is deleting: its write path ("compaction") finds the collection gone,
    ``Error in compaction: Error getting collection with segments: Collection [...] does not
    exist``, or half gone, ``Missing metadata segment``. Seen while four writer processes
    wrote and another one's erasure rebuilt the collection
    (``tests/store/test_pg_user_writers.py``); a moment later the name finds the new one."""
    text = str(exc).lower()
    return "error in compaction" in text or "missing metadata segment" in text


def _collection_gone(exc: Exception) -> bool:
    """True when Chroma says the collection this handle names does not exist (any more)."""
    from chromadb.errors import NotFoundError

    return isinstance(exc, NotFoundError) or "does not exist" in str(exc).lower()
