"""Task scope at 1M nodes: the same 1k-node task retrieved while bulk filler grows the store.

``benchmarks/perf_scale.py`` grows both sides through the engine and bare Chroma, which takes
hours to reach a million nodes. This benchmark answers only the scope question ("does a
task-scoped retrieve cost what the task costs, whatever the store holds?") and builds its
filler in bulk:

- the target task (``--task-nodes``, a third facts and preferences) is written through the
  engine (``add_many``, hash embedder), like any user's memories;
- filler tasks of 100 events are written **straight into SQLite** on the store's own
  connection, in the engine's row format: ``nodes`` rows (row MACs by the store's triggers),
  their FTS5 terms and scope tokens (``FTS_INSERT``) and their vectors (``node_vectors``);
  the lexical statistics (m011) are recounted from the index once the filler is in.
  They get no op-log rows and **no Chroma entries**: the retrieval measured here asks Chroma
  nothing for a task scope (exact ranking from the stored vectors, ``core/vectors.py``; the
  run checks that), so the filler's Chroma entries would change no timed step. Not
  measured on such a store: ``verify()`` (it would report the filler), reopen, user-wide
  scopes.

At each total in ``--totals`` the target task's queries run ``--rounds`` rounds (every query
once per round, embedding excluded); the table gives p50/p95 median and spread over rounds
and the ratio to the smallest total. Bare Chroma with a ``where`` filter on the same task is
measured beside it up to ``--bare-max`` nodes (its filler upserted for real: the same texts,
hash vectors and a ``task`` key, as the bare side of ``benchmarks perf``). With
``--sql-filler`` the engine's filler is always the SQL one and bare Chroma's is upserted on its
own (a 1M bare side in minutes instead of building every engine row in Python).
Run: ``python -m benchmarks.perf_scope_bulk --totals 10000,100000,1000000``.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import json
import statistics
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.perf_scale import FILLER_TASK, TARGET, Growth
from benchmarks.suite_perf import _WORDS, USER, load, peak_rss_mb, query_round, synthetic_texts
from hybridmem.clock import to_iso
from hybridmem.core.inputs import content_hash
from hybridmem.embedding import embed_query
from hybridmem.lexical import document_terms
from hybridmem.store import fts
from hybridmem.store.fts import FTS_INSERT

_BATCH = 5000


class BulkFiller:
    """Writes filler tasks and events into the engine's store in the engine's row format."""

    def __init__(self, growth: Growth, *, sql_only: bool = False) -> None:
        mem = growth.engine.mem
        self.sql_only = sql_only
        self.mem = mem
        self.store = mem.store
        self.embedder = growth.embedder
        self.bare = growth.bare
        root = mem.root(user_id=USER)
        if root is None:
            raise RuntimeError("the target task must be written first")
        self.root = root
        template = mem.get(TARGET, user_id=USER)
        self.task_template = template
        self.count = 0
        self.seq = 10**9  # far above the op log's numbers: filler has no ops

    def grow_to(self, total: int, bare_max: int, seed: int = 7) -> float:
        """Add filler until the store holds ``total`` nodes; seconds spent."""
        started = time.perf_counter()
        size = self._size()
        while size < total:
            n = min(_BATCH, total - size)
            self._write(n, seed, bare=size + n <= bare_max)
            size += n
        with self.store.transaction():  # the filler's terms into the lexical statistics (m011)
            fts.recount(self.store.conn)
        return time.perf_counter() - started

    def _size(self) -> int:
        return int(self.store.conn.execute("SELECT count(*) FROM nodes").fetchone()[0])

    def _write(self, n: int, seed: int, *, bare: bool) -> None:
        if bare and not self.sql_only:
            self._write_python(n, seed)
            return
        first = self.count
        self._write_sql(n)
        if bare:
            self._write_bare(first, n, seed)

    def _write_bare(self, first: int, n: int, seed: int) -> None:
        """Bare Chroma's filler alone: events ``first..first+n`` (hash vectors of the same
        synthetic texts, tasks of :data:`FILLER_TASK`), upserted as the bare side does."""
        texts = synthetic_texts(n, seed, first)
        self.bare.coll.upsert(
            ids=[f"fill{first + i}" for i in range(n)],
            embeddings=self.embedder.embed(texts),
            documents=texts,
            metadatas=[{"task": f"f{(first + i) // FILLER_TASK}"} for i in range(n)],
        )

    def _write_python(self, n: int, seed: int) -> None:
        """Filler written row by row from Python, with real hash vectors, and upserted into
        bare Chroma too (the sizes the bare side is measured at)."""
        texts = synthetic_texts(n, seed, self.count)
        now = to_iso(self.mem.engine.now())
        rows: list[dict[str, Any]] = []
        terms: list[tuple[str, str]] = []
        for i, text in enumerate(texts):
            k = self.count + i
            task = f"f{k // FILLER_TASK}"
            if k % FILLER_TASK == 0:
                rows.append(self._row(task, None, f"task {task}", "task", now))
                terms.append((task, document_terms(f"task {task}")))
            node_id = uuid.uuid4().hex
            rows.append(self._row(node_id, task, text, "event", now))
            terms.append((node_id, document_terms(text)))
        self.count += n
        ids = [r["id"] for r in rows]
        vectors = self.embedder.embed([r["content"] for r in rows])
        conn = self.store.conn
        cols = list(rows[0])
        with self.store.transaction():
            top = conn.execute("SELECT coalesce(max(rid), 0) FROM nodes").fetchone()[0]
            conn.executemany(
                f"INSERT INTO nodes({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})",
                [[r[c] for c in cols] for r in rows],
            )
            rid_of = dict(conn.execute("SELECT id, rid FROM nodes WHERE rid > ?", (top,)))
            conn.executemany(FTS_INSERT, [(rid_of[i], t) for i, t in terms])
            conn.executemany(
                "INSERT INTO node_vectors(rid, model, content_hash, vector) VALUES (?, ?, ?, ?)",
                [
                    (rid_of[r["id"]], self.embedder.name, r["content_hash"], v.tobytes())
                    for r, v in zip(rows, np.asarray(vectors, dtype=np.float32), strict=True)
                ],
            )
        self.bare.coll.upsert(
            ids=ids,
            embeddings=vectors,
            documents=[r["content"] for r in rows],
            metadatas=[{"task": r["task_id"]} for r in rows],
        )

    def _write_sql(self, n: int) -> None:
        """Filler past the bare side's sizes, generated inside SQLite (a recursive CTE): the
        same row shape, words from the same vocabulary, FTS5 terms and scope tokens, a random
        vector of the right size per node (filler vectors are never read by the measured
        query), content hashes unique per row. ~20x faster than building rows in Python."""
        conn = self.store.conn
        words = json.dumps(list(_WORDS))
        root = self.root.id
        now = to_iso(self.mem.engine.now())
        dim = self.embedder.dimension
        first = self.count
        self.count += n
        # Tasks whose first event falls in this batch (event k belongs to task k // 100).
        tasks = range(-(-first // FILLER_TASK), (first + n - 1) // FILLER_TASK + 1)
        with self.store.transaction():
            top = conn.execute("SELECT coalesce(max(rid), 0) FROM nodes").fetchone()[0]
            conn.executemany(
                "INSERT INTO nodes(id, user_id, parent_id, path, depth, task_id, content, "
                "content_hash, node_type, importance, confidence, activity, created_at, "
                "updated_at, access_count, seq, version, status, index_state, metadata, "
                "lifecycle, tier, sensitive) VALUES (?1, ?2, ?3, ?4, 1, ?1, 'task ' || ?1, "
                "lower(hex(randomblob(16))), 'task', 0.5, 0.8, 0.0, ?5, ?5, 0, ?6, 1, 'active', "
                "'indexed', '{}', 'short_term', 'working', 0)",
                [(f"f{t}", USER, root, f"/{root}/", now, self._next_seq()) for t in tasks],
            )
            seq0 = self.seq
            self.seq += n
            conn.execute(
                "WITH RECURSIVE k(i) AS (SELECT ?1 UNION ALL SELECT i + 1 FROM k WHERE i < ?2) "
                "INSERT INTO nodes(id, user_id, parent_id, path, depth, task_id, content, "
                "content_hash, node_type, importance, confidence, activity, created_at, "
                "updated_at, access_count, seq, version, status, index_state, metadata, "
                "lifecycle, tier, sensitive) "
                "SELECT lower(hex(randomblob(16))), ?3, 'f' || (i / ?4), "
                "'/' || ?5 || '/f' || (i / ?4) || '/', 2, 'f' || (i / ?4), "
                "'note ' || i || ': ' || json_extract(?6, '$[' || (i * 7 % 35) || ']') || ' ' "
                "|| json_extract(?6, '$[' || (i * 11 % 35) || ']') || ' ' "
                "|| json_extract(?6, '$[' || (i * 13 % 35) || ']') || ' ' "
                "|| json_extract(?6, '$[' || (i * 17 % 35) || ']') || ' ' "
                "|| json_extract(?6, '$[' || (i * 19 % 35) || ']') || ' ' "
                "|| json_extract(?6, '$[' || (i * 23 % 35) || ']') || ' ' "
                "|| json_extract(?6, '$[' || (i * 29 % 35) || ']') || ' ' "
                "|| json_extract(?6, '$[' || (i * 31 % 35) || ']'), "
                "lower(hex(randomblob(16))), 'event', 0.5, 0.8, 0.0, ?7, ?7, 0, ?8 + i, 1, "
                "'active', 'indexed', '{}', 'short_term', 'working', 0 FROM k",
                (first, first + n - 1, USER, FILLER_TASK, root, words, now, seq0 - first),
            )
            conn.execute(
                "INSERT INTO nodes_fts(rowid, terms, scope) SELECT n.rid, lower(n.content), "
                "'k' || t.rid FROM nodes n JOIN nodes t ON t.id = n.task_id WHERE n.rid > ?",
                (top,),
            )
            conn.execute(
                "INSERT INTO node_vectors(rid, model, content_hash, vector) "
                "SELECT rid, ?, content_hash, randomblob(?) FROM nodes WHERE rid > ?",
                (self.embedder.name, dim * 4, top),
            )

    def _next_seq(self) -> int:
        self.seq += 1
        return self.seq

    def _row(
        self, node_id: str, task: str | None, text: str, kind: str, now: str
    ) -> dict[str, Any]:
        root = self.root
        if task is None:  # a filler task under the root
            parent, path, depth, task_id = root.id, f"/{root.id}/", 1, node_id
        else:
            parent, path, depth, task_id = task, f"/{root.id}/{task}/", 2, task
        return {
            "id": node_id,
            "user_id": USER,
            "agent_id": None,
            "session_id": None,
            "parent_id": parent,
            "path": path,
            "depth": depth,
            "task_id": task_id,
            "content": text,
            "content_hash": content_hash(text),
            "node_type": kind,
            "importance": 0.5,
            "confidence": 0.8,
            "activity": 0.0,
            "created_at": now,
            "updated_at": now,
            "last_accessed_at": None,
            "access_count": 0,
            "seq": self._next_seq(),
            "version": 1,
            "status": "active",
            "index_state": "indexed",
            "source_id": None,
            "metadata": "{}",
            "lifecycle": "short_term",
            "tier": "working",
            "conflict_group": None,
            "sensitive": 0,
        }


def measure(growth: Growth, rounds: int, bare: bool) -> dict[str, Any]:
    """Target-task latency (embedding excluded), engine and bare alternating per round."""
    w = growth.target
    vectors = dict(zip(w.queries, embed_query(growth.embedder, w.queries), strict=True))
    growth.engine.cached.prime(w.queries)
    sides = [growth.engine, growth.bare] if bare else [growth.engine]
    for side in sides:
        query_round(side, w, vectors)
    calls: list[object] = []
    index = growth.engine.mem.index
    original = index.query
    vars(index)["query"] = lambda *a, **k: calls.append(a) or original(*a, **k)
    per: dict[str, dict[str, list[float]]] = {s.name: {"p50": [], "p95": []} for s in sides}
    for r in range(rounds):
        for side in sides if r % 2 == 0 else list(reversed(sides)):
            times = np.asarray(query_round(side, w, vectors)) * 1000.0
            per[side.name]["p50"].append(float(np.percentile(times, 50)))
            per[side.name]["p95"].append(float(np.percentile(times, 95)))
    del vars(index)["query"]
    return {"per": per, "index_queries": len(calls)}


@contextlib.contextmanager
def timing_lock(path: Path | None) -> Iterator[None]:
    """Hold an exclusive ``flock`` on ``path`` (when given) while timing: on a shared machine
    two timing runs never overlap, while building the stores need not wait."""
    if path is None:
        yield
        return
    with open(path, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def main(argv: list[str] | None = None) -> None:
    """Command line: ``--totals``, ``--task-nodes``, ``--queries``, ``--rounds``,
    ``--bare-max``, ``--workdir``, ``--out``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--totals", default="10000,100000,1000000")
    parser.add_argument("--task-nodes", type=int, default=1000)
    parser.add_argument("--queries", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--bare-max", type=int, default=100000)
    parser.add_argument("--workdir", type=Path, default=None)
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results"))
    parser.add_argument(
        "--lock", type=Path, default=None, help="a file to flock while timing (not while building)"
    )
    parser.add_argument(
        "--sql-filler",
        action="store_true",
        help="engine filler always in SQL; bare Chroma's filler upserted on its own",
    )
    args = parser.parse_args(argv)
    totals = sorted(int(x) for x in args.totals.split(",") if x.strip())
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="hm-scope-") as tmp:
        workdir = args.workdir or Path(tmp)
        workdir.mkdir(parents=True, exist_ok=True)
        growth = Growth(workdir, args.task_nodes, args.queries)
        growth.grow(args.task_nodes)  # the target task, through the engine
        filler = BulkFiller(growth, sql_only=args.sql_filler)
        for total in totals:
            built = filler.grow_to(total, args.bare_max)
            with timing_lock(args.lock):
                before = load()
                m = measure(growth, args.rounds, bare=total <= args.bare_max)
                after = load()
            row: dict[str, Any] = {
                "total": total,
                "fill_s": built,
                "load_before": before,
                "load_after": after,
                "peak_rss_mb": peak_rss_mb(),
                "index_queries": m["index_queries"],
            }
            for name, vals in m["per"].items():
                row[name] = {
                    k: {"median": statistics.median(v), "min": min(v), "max": max(v)}
                    for k, v in vals.items()
                }
            rows.append(row)
            eng = row["hybridmem"]["p50"]
            line = (
                f"{total:>9} total: hybridmem p50 {eng['median']:.1f} ms "
                f"[{eng['min']:.1f}-{eng['max']:.1f}] p95 "
                f"{row['hybridmem']['p95']['median']:.1f}"
            )
            if "bare chroma" in row:
                line += f" | bare p50 {row['bare chroma']['p50']['median']:.1f} ms"
            print(line + f" | index queries {m['index_queries']} | load {before:.1f}", flush=True)
        growth.close()
    base = rows[0]["hybridmem"]["p50"]["median"]
    for row in rows:
        row["p50_vs_smallest"] = row["hybridmem"]["p50"]["median"] / base
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "perf_scope_bulk.json"
    path.write_text(
        json.dumps(
            {
                "suite": "perf_scope_bulk",
                "settings": {
                    "totals": totals,
                    "task_nodes": args.task_nodes,
                    "queries": args.queries,
                    "rounds": args.rounds,
                    "embedder": "hash",
                    "bare_max": args.bare_max,
                    "sql_filler": args.sql_filler,
                    "filler_task": FILLER_TASK,
                },
                "notes": [__doc__.split("\n\n")[1].strip()],
                "rows": rows,
            },
            indent=2,
        ),
        encoding="utf-8",
    )
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
