"""Perf suite: ingest throughput and retrieve latency of hybridmem beside bare Chroma.

Both sides embed the same texts with the same embedder in the same run, so the engine's own
overhead (SQLite transaction, op log, FTS5, scoring, packing) is a ratio that survives a noisy
machine. Latency is measured with the query embedding included and excluded (the excluded
figure uses precomputed query vectors on both sides). Numbers are never asserted in tests.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from rich.console import Console

from benchmarks.report import ResultRow, SuiteResult, fmt, progress
from hybridmem import HybridMemory
from hybridmem.embedding import Embedder, Vectors

USER = "perf"
TASK_SIZE = 100
"""Nodes per task: the tree has one task per 100 nodes, and queries are scoped to one task."""
_WORDS = (
    "invoice", "hotel", "claim", "refund", "ticket", "server", "deploy", "cluster", "coffee",
    "meeting", "report", "budget", "flight", "visa", "contract", "review", "client", "shard",
    "backup", "password", "schedule", "lunch", "printer", "laptop", "network", "release", "patch",
    "customer", "order", "parcel", "warehouse", "route", "driver", "weather", "garden",
)


class CachedEmbedder:
    """Wraps an embedder; texts primed beforehand are answered from memory (no model call)."""

    def __init__(self, inner: Embedder) -> None:
        self.inner = inner
        self._cache: dict[str, np.ndarray] = {}
        self.enabled = False

    @property
    def name(self) -> str:
        """The wrapped model's name (the store records it)."""
        return self.inner.name

    @property
    def dimension(self) -> int:
        """The wrapped model's dimension."""
        return self.inner.dimension

    def prime(self, texts: Sequence[str]) -> None:
        """Embed ``texts`` now so later calls for them cost nothing."""
        for t, v in zip(texts, self.inner.embed(list(texts)), strict=True):
            self._cache[t] = v

    def embed(self, texts: Sequence[str]) -> Vectors:
        """From the cache when enabled and every text is primed, else from the model."""
        if self.enabled and all(t in self._cache for t in texts):
            return np.stack([self._cache[t] for t in texts]).astype(np.float32)
        return self.inner.embed(texts)


def synthetic_texts(n: int, seed: int) -> list[str]:
    """``n`` distinct short agent-memory-like sentences."""
    rng = random.Random(seed)
    return [f"note {i}: " + " ".join(rng.choices(_WORDS, k=rng.randint(6, 14))) for i in range(n)]


def _pct(values: Sequence[float], q: float) -> float:
    if not values:
        return float("nan")
    return float(np.percentile(np.asarray(values) * 1000.0, q))  # milliseconds


def measure_size(size: int, embedder: Embedder, workdir: Path, *, queries: int = 100,
                 batch: int = 1000, seed: int = 11) -> list[ResultRow]:
    """Ingest ``size`` nodes into the engine and into bare Chroma; time ingest and queries."""
    import chromadb

    texts = synthetic_texts(size, seed)
    n_tasks = max(1, size // TASK_SIZE)
    task_of = [f"t{i // TASK_SIZE % n_tasks}" for i in range(size)]
    rng = random.Random(seed + 1)
    qtexts = [" ".join(rng.choices(_WORDS, k=8)) for _ in range(queries)]
    qtasks = [f"t{rng.randrange(n_tasks)}" for _ in range(queries)]
    label = f"{size} nodes"
    label = f"{size // 1000}k nodes" if size % 1000 == 0 else label

    # -- hybridmem ---------------------------------------------------------------------------
    cached = CachedEmbedder(embedder)
    mem = HybridMemory(workdir / f"hm-{size}", embedder=cached)
    items = []
    for t in range(n_tasks):
        items.append({"id": f"t{t}", "content": f"task {t}", "node_type": "task"})
    start = time.perf_counter()
    mem.add_many(items, user_id=USER)
    for lo in range(0, size, batch):
        mem.add_many([{"content": texts[i], "parent_id": task_of[i], "node_type": "event"}
                      for i in range(lo, min(size, lo + batch))], user_id=USER)
    hm_ingest = time.perf_counter() - start
    hm_incl = []
    for q, t in zip(qtexts, qtasks, strict=True):
        t0 = time.perf_counter()
        mem.retrieve(q, user_id=USER, task_id=t, top_k=10)
        hm_incl.append(time.perf_counter() - t0)
    cached.prime(qtexts)
    cached.enabled = True
    hm_excl = []
    for q, t in zip(qtexts, qtasks, strict=True):
        t0 = time.perf_counter()
        mem.retrieve(q, user_id=USER, task_id=t, top_k=10)
        hm_excl.append(time.perf_counter() - t0)
    mem.close()

    # -- bare embed + Chroma -----------------------------------------------------------------
    client = chromadb.PersistentClient(path=str(workdir / f"chroma-{size}"))
    coll = client.get_or_create_collection("bare", metadata={"hnsw:space": "cosine"})
    start = time.perf_counter()
    for lo in range(0, size, batch):
        hi = min(size, lo + batch)
        vecs = embedder.embed(texts[lo:hi])
        coll.upsert(ids=[f"n{i}" for i in range(lo, hi)], embeddings=vecs.tolist(),
                    documents=texts[lo:hi], metadatas=[{"task": task_of[i]} for i in range(lo, hi)])
    bare_ingest = time.perf_counter() - start
    qvecs = {}
    bare_incl, bare_excl = [], []
    for q, t in zip(qtexts, qtasks, strict=True):
        t0 = time.perf_counter()
        v = embedder.embed([q])[0]
        t1 = time.perf_counter()
        coll.query(query_embeddings=[v.tolist()], n_results=10, where={"task": t})
        t2 = time.perf_counter()
        qvecs[q] = v
        bare_incl.append(t2 - t0)
        bare_excl.append(t2 - t1)

    def row(method: str, ingest: float, incl: list[float], excl: list[float]) -> ResultRow:
        return ResultRow(method, label, "perf", {
            "ingest_nodes_per_s": size / ingest,
            "retrieve_p50_ms_incl_embed": _pct(incl, 50),
            "retrieve_p95_ms_incl_embed": _pct(incl, 95),
            "retrieve_p50_ms_excl_embed": _pct(excl, 50),
            "retrieve_p95_ms_excl_embed": _pct(excl, 95),
            "retrieve_mean_ms_incl_embed": statistics.fmean(incl) * 1000,
        }, size)

    hm = row("hybridmem", hm_ingest, hm_incl, hm_excl)
    bare = row("bare chroma", bare_ingest, bare_incl, bare_excl)
    ratio = ResultRow("ratio hybridmem/bare", label, "perf", {
        "ingest_time_ratio": hm_ingest / bare_ingest,
        **{k: hm.metrics[k] / bare.metrics[k] for k in hm.metrics if k.startswith("retrieve_")},
    }, size)
    return [hm, bare, ratio]


def run_perf(sizes: Sequence[int], embedder: Embedder, *, queries: int = 100,
             console: Console | None = None) -> SuiteResult:
    """Measure every size in a fresh temporary directory."""
    console = console or Console()
    rows: list[ResultRow] = []
    with progress(console) as bar, tempfile.TemporaryDirectory(prefix="hm-perf-") as tmp:
        task = bar.add_task("perf", total=len(sizes))
        for size in sizes:
            rows += measure_size(size, embedder, Path(tmp), queries=queries)
            bar.advance(task)
    return SuiteResult(
        "perf", tuple(rows),
        settings={"sizes": list(sizes), "queries": queries, "embedder": embedder.name,
                  "task_size": TASK_SIZE, "top_k": 10},
        notes=("Ingest: hybridmem add_many in batches of 1000 under one task per 100 nodes, vs "
               "bare embed + Chroma upsert of the same texts in the same batches.",
               "Retrieve: task-scoped, top_k=10; bare Chroma queries with a where filter on "
               "the same task. 'excl embed' uses precomputed query vectors on both sides.",
               "ratio rows: hybridmem / bare (ingest as a time ratio: >1 means slower)."),
    )


def show_and_plot(result: SuiteResult, out_dir: Path, console: Console) -> list[Path]:
    """Print one table per size and plot p50 latency against store size."""
    from rich.table import Table


    sizes = list(dict.fromkeys(r.setting for r in result.rows))
    keys = ["ingest_nodes_per_s", "retrieve_p50_ms_incl_embed", "retrieve_p95_ms_incl_embed",
            "retrieve_p50_ms_excl_embed", "retrieve_p95_ms_excl_embed"]
    table = Table(title="perf (ratio row: hybridmem / bare; ingest as time ratio)")
    table.add_column("size")
    table.add_column("method")
    for k in keys:
        table.add_column(k.replace("retrieve_", "").replace("_", " "), justify="right")
    for s in sizes:
        for r in (x for x in result.rows if x.setting == s):
            cells = [fmt(r.metrics.get(k, r.metrics.get("ingest_time_ratio", float("nan")))
                         if k == "ingest_nodes_per_s" else r.metrics.get(k, float("nan")), 1)
                     for k in keys]
            table.add_row(s, r.method, *cells)
    console.print(table)
    import math

    series = {}
    for m in ("hybridmem", "bare chroma"):
        pts = [(float(r.n), r.metrics["retrieve_p50_ms_excl_embed"]) for r in result.rows
               if r.method == m]
        series[m] = [(math.log10(x), y) for x, y in pts]
    path = out_dir / "latency_vs_size.png"
    top = max((y for pts in series.values() for _, y in pts if math.isfinite(y)), default=1.0)
    _plot_latency(path, series, top)
    return [path]


def _plot_latency(path: Path, series: dict[str, list[tuple[float, float]]], top: float) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 4))
    for name, pts in series.items():
        if pts:
            xs, ys = zip(*pts, strict=True)
            ax.plot(xs, ys, marker="o", label=name)
    ax.set_xlabel("log10(store size, nodes)")
    ax.set_ylabel("retrieve p50, ms (query embedding excluded)")
    ax.set_ylim(0, top * 1.15)
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)
