"""CPU of opening a new store, part by part: what each test that opens a fresh store pays.

Most tests open a new ``HybridMemory`` in ``tmp_path`` (SQLite + embedded Chroma, the hash
embedder); in tests/core that was a third of the tests' CPU (docs/benchmarks.md, helper ci24).
This measures, in one process and in CPU time (``time.process_time``, which a loaded machine
hardly moves), per open + close:

- a new store and the same store reopened (``HybridMemory``, hash embedder);
- its parts: chromadb's ``Settings()``, a new ``PersistentClient`` with its collection, and
  the SQLite store alone (``SQLiteStore``: the 16 schema migrations of a new file);
- the migrations one by one on a new file, and migration 9 (the lexical index gains its scope
  column: a new FTS5 table, a copy, a drop and a rename) against a variant for an empty index
  that drops the table and creates it with its final columns (ci24's experiment; the
  engine's m009 has done the same for an empty index since helper ci25, so on a tree with
  that change the two lines measure the same path).

Run: ``python -m benchmarks.new_store_cost [--opens 40] [--dir /dev/shm]``.
"""

from __future__ import annotations

import argparse
import sqlite3
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.store import SQLiteStore, schema


def cpu_ms(run: Callable[[int], object], opens: int) -> float:
    """CPU milliseconds per call of ``run(i)``, after one untimed call (imports, caches)."""
    run(-1)
    start = time.process_time()
    for i in range(opens):
        run(i)
    return (time.process_time() - start) / opens * 1000


def empty_index_m009(conn: sqlite3.Connection) -> None:
    """Migration 9 for a lexical index with no rows: its final table made directly."""
    if conn.execute("SELECT count(*) FROM nodes_fts").fetchone()[0]:
        schema.m009_fts_scope(conn)
        return
    conn.execute("DROP TRIGGER IF EXISTS nodes_fts_rescope")
    conn.execute("DROP TABLE nodes_fts")
    conn.execute(
        "CREATE VIRTUAL TABLE nodes_fts USING fts5("
        f"terms, scope, tokenize='{schema.FTS_TOKENIZER}')"
    )
    schema._fts_scope_trigger(conn)


def measure(root: Path, opens: int) -> dict[str, float]:
    import chromadb
    from chromadb.config import Settings

    clock = FakeClock(datetime(2024, 7, 1, 9, 0, tzinfo=UTC))

    def memory(name: str) -> Callable[[int], object]:
        def run(i: int) -> None:
            with HybridMemory(root / f"{name}{i}", embedder=HashEmbedder(64), clock=clock):
                pass

        return run

    def client(i: int) -> None:
        settings = Settings(anonymized_telemetry=False, allow_reset=True)
        made = chromadb.PersistentClient(path=str(root / f"chroma{i}"), settings=settings)
        made.get_or_create_collection(
            "memories", embedding_function=None, configuration={"hnsw": {"space": "cosine"}}
        )

    def store(name: str) -> Callable[[int], object]:
        return lambda i: SQLiteStore(root / f"{name}{i}.sqlite3").close()

    row = {"new store": cpu_ms(memory("m"), opens), "reopened": cpu_ms(memory("m"), opens)}
    row["Settings()"] = cpu_ms(lambda i: Settings(anonymized_telemetry=False), opens)
    row["Chroma client + collection, new"] = cpu_ms(client, opens)
    row["SQLite store, new"] = cpu_ms(store("s"), opens)
    row["SQLite store, reopened"] = cpu_ms(store("s"), opens)
    shipped = schema.MIGRATIONS[8]
    schema.MIGRATIONS[8] = empty_index_m009
    try:
        row["SQLite store, new, m009 for an empty index"] = cpu_ms(store("e"), opens)
    finally:
        schema.MIGRATIONS[8] = shipped
    row["SQLite store, new, as shipped (again)"] = cpu_ms(store("t"), opens)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opens", type=int, default=40, help="opens per line")
    parser.add_argument("--dir", default=None, help="where the stores go (default: TMPDIR)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        for what, ms in measure(Path(folder), args.opens).items():
            print(f"{what:45s} {ms:6.1f} ms CPU")


if __name__ == "__main__":
    main()
