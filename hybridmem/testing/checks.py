"""Checks a privacy-minded operator (and the test suite) can run against a live store.

- :func:`consistency`: SQLite ids == Chroma ids, FTS5 rowids == node rids, and the lexical
  statistics agree with the FTS5 index.
- :func:`find_bytes`: which files under a directory contain a byte string (raw, like grep),
  in any letter case: the tool behind the erasure and encryption-at-rest checks.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from hybridmem.index.chroma_files import hnsw_counted_bytes

if TYPE_CHECKING:
    from hybridmem.memory import HybridMemory


@dataclass(frozen=True, slots=True)
class ConsistencyReport:
    """Differences between the stores; ``ok`` when there are none."""

    missing_vectors: frozenset[str]
    orphan_vectors: frozenset[str]
    fts_without_node: frozenset[int]
    node_without_fts: frozenset[int]
    stale_lexical_statistics: int = 0

    @property
    def ok(self) -> bool:
        return not (
            self.missing_vectors
            or self.orphan_vectors
            or self.fts_without_node
            or self.node_without_fts
            or self.stale_lexical_statistics
        )


def consistency(mem: HybridMemory) -> ConsistencyReport:
    """Compare SQLite with Chroma and with the FTS5 table."""
    with mem.store.reading():
        ids = set(mem.store.all_ids())
        lexical = mem.store.lexical_gaps()
    vectors = mem.index.get_ids()
    return ConsistencyReport(
        missing_vectors=frozenset(ids - vectors),
        orphan_vectors=frozenset(vectors - ids),
        fts_without_node=lexical.terms_without_node,
        node_without_fts=lexical.nodes_without_terms,
        stale_lexical_statistics=lexical.stale_statistics,
    )


def find_bytes(root: Path, needle: str, *, hnsw_counted_only: bool = False) -> list[Path]:
    """Files under ``root`` (or ``root`` itself) whose raw bytes contain ``needle``, ignoring
    ASCII case, as UTF-8 and as UTF-16 (little endian).

    ``hnsw_counted_only``: in a Chroma HNSW capacity file (``data_level0.bin``, ``length.bin``),
    look only at the entries its header counts. Chroma writes those files' whole capacity from
    buffers it does not zero, so the entries past the count hold whatever the writing
    process's heap held, text it decrypted included, until ``erase`` zeroes them
    (docs/architecture.md, "Erasure", item 5): a known, documented limit that a test of the
    store's own writes must not mistake for them."""
    forms = {needle.lower().encode("utf-8"), needle.lower().encode("utf-16-le")}
    files = [root] if root.is_file() else sorted(p for p in root.rglob("*") if p.is_file())
    found = []
    for path in files:
        data = path.read_bytes()
        counted = hnsw_counted_bytes(path) if hnsw_counted_only else None
        if counted is not None:
            data = data[:counted]
        if any(form in data.lower() for form in forms):
            found.append(path)
    return found
