"""Perf suite: ingest throughput and retrieve latency of hybridmem beside bare Chroma.

Both sides embed the same texts with the same embedder in the same run, so the engine's own
overhead (SQLite transaction, op log, FTS5, evolution, scoring, packing) is a ratio that
survives a noisy machine. To keep that ratio fair on a shared machine:

* ingest alternates the two sides batch by batch (which goes first alternates too), so a burst
  of load from elsewhere falls on both;
* both sides are warmed (queries run and thrown away) before anything is timed;
* retrieval runs ``rounds`` rounds (>= 5), alternating which side goes first; each round
  yields a p50/p95 per side and a ratio from that round, and the suite reports the median over
  rounds and the spread (min..max);
* the load average is recorded beside each size.

Latency is measured with the query embedding included and excluded (the excluded figure uses
precomputed query vectors on both sides). Numbers are never asserted in tests.
"""

from __future__ import annotations

import os
import random
import resource
import statistics
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.progress import TaskID

from benchmarks.report import ResultRow, SuiteResult, fmt, progress
from benchmarks.wrapped_embedder import WrappedEmbedder
from hybridmem import HybridMemory, MemoryConfig
from hybridmem.embedding import Embedder, Vectors, embed_query

USER = "perf"
TASK_SIZE = 100
"""Nodes per task: the tree has one task per 100 nodes, and queries are scoped to one task."""
MIXES = ("events", "mixed")
"""``events``: every node an event; ``mixed``: a third facts and preferences (no slot given, so
each one looks for its conflict group), the rest events."""
THREADS = (1, 2, 4)
_WORDS = (
    "invoice",
    "hotel",
    "claim",
    "refund",
    "ticket",
    "server",
    "deploy",
    "cluster",
    "coffee",
    "meeting",
    "report",
    "budget",
    "flight",
    "visa",
    "contract",
    "review",
    "client",
    "shard",
    "backup",
    "password",
    "schedule",
    "lunch",
    "printer",
    "laptop",
    "network",
    "release",
    "patch",
    "customer",
    "order",
    "parcel",
    "warehouse",
    "route",
    "driver",
    "weather",
    "garden",
)
_FACT_STEMS = ("the user said", "it is known that", "I think", "we agreed that")
_PREF_STEMS = ("I prefer", "I like", "please always use", "I would rather have")


class CachedEmbedder(WrappedEmbedder):
    """Wraps an embedder; query texts primed beforehand are answered from memory (no model
    call). Queries go through the model's query form (``embed_query``: e5's ``query:``
    prefix), as the engine and the bare side both ask for them."""

    def __init__(self, inner: Embedder) -> None:
        self.inner = inner
        self._cache: dict[str, np.ndarray] = {}
        self.enabled = False
        self.multilingual = getattr(inner, "multilingual", None)

    def prime(self, texts: Sequence[str]) -> None:
        """Embed the queries ``texts`` now so later calls for them cost nothing."""
        for t, v in zip(texts, embed_query(self.inner, list(texts)), strict=True):
            self._cache[t] = v

    def embed(self, texts: Sequence[str]) -> Vectors:
        """Passages: always from the model."""
        return self.inner.embed(texts)

    def embed_query(self, texts: Sequence[str]) -> Vectors:
        """From the cache when enabled and every text is primed, else from the model."""
        if self.enabled and all(t in self._cache for t in texts):
            return np.stack([self._cache[t] for t in texts]).astype(np.float32)
        return embed_query(self.inner, texts)


@dataclass(frozen=True)
class Workload:
    """The nodes of one store and the queries asked of it."""

    texts: list[str]
    types: list[str]
    tasks: list[str]
    n_tasks: int
    queries: list[str]
    query_tasks: list[str]


def synthetic_texts(n: int, seed: int, start: int = 0) -> list[str]:
    """``n`` distinct short agent-memory-like sentences (numbered from ``start``)."""
    rng = random.Random(seed + start)
    return [
        f"note {i}: " + " ".join(rng.choices(_WORDS, k=rng.randint(6, 14)))
        for i in range(start, start + n)
    ]


def node_types(n: int, mix: str, start: int = 0) -> list[str]:
    """The type of each node: all events, or every third a fact or a preference."""
    if mix not in MIXES:
        raise ValueError(f"mix must be one of {MIXES}, got {mix!r}")
    if mix == "events":
        return ["event"] * n
    return [
        ("fact" if i % 6 == 0 else "preference") if i % 3 == 0 else "event"
        for i in range(start, start + n)
    ]


def typed_texts(texts: Sequence[str], types: Sequence[str], seed: int) -> list[str]:
    """Facts and preferences phrased as statements (so the speech-act filter keeps them)."""
    rng = random.Random(seed)
    out = []
    for text, kind in zip(texts, types, strict=True):
        if kind == "fact":
            text = f"{rng.choice(_FACT_STEMS)} {text}."
        elif kind == "preference":
            text = f"{rng.choice(_PREF_STEMS)} {text}."
        out.append(text)
    return out


def workload(size: int, mix: str, queries: int, seed: int = 11) -> Workload:
    """Nodes under one task per :data:`TASK_SIZE`, and ``queries`` task-scoped queries."""
    types = node_types(size, mix)
    texts = typed_texts(synthetic_texts(size, seed), types, seed)
    n_tasks = max(1, size // TASK_SIZE)
    tasks = [f"t{i // TASK_SIZE % n_tasks}" for i in range(size)]
    rng = random.Random(seed + 1)
    qtexts = [" ".join(rng.choices(_WORDS, k=8)) for _ in range(queries)]
    qtasks = [f"t{rng.randrange(n_tasks)}" for _ in range(queries)]
    return Workload(texts, types, tasks, n_tasks, qtexts, qtasks)


def _pct(values: Sequence[float], q: float) -> float:
    if not values:
        return float("nan")
    return float(np.percentile(np.asarray(values) * 1000.0, q))  # milliseconds


def peak_rss_mb() -> float:
    """This process's peak resident set so far, in MiB (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


def load() -> float:
    """The 1-minute load average (what else the machine was doing)."""
    return os.getloadavg()[0]


# -- the two sides ----------------------------------------------------------------------------
class EngineSide:
    """hybridmem: add_many in batches, task-scoped retrieve with top_k=10."""

    name = "hybridmem"

    def __init__(
        self,
        path: Path,
        embedder: Embedder,
        *,
        cached: CachedEmbedder | None = None,
        config: MemoryConfig | None = None,
    ) -> None:
        self.cached = cached or CachedEmbedder(embedder)
        self.mem = HybridMemory(path, embedder=self.cached, config=config)

    def add_tasks(self, names: Sequence[str]) -> None:
        self.mem.add_many(
            [
                {"id": t, "content": f"task {t}", "node_type": "task", "activate": False}
                for t in names
            ],
            user_id=USER,
        )

    def add(self, w: Workload, lo: int, hi: int) -> None:
        self.mem.add_many(
            [
                {"content": w.texts[i], "parent_id": w.tasks[i], "node_type": w.types[i]}
                for i in range(lo, hi)
            ],
            user_id=USER,
        )

    def query(self, text: str, task: str, vector: np.ndarray | None) -> None:
        # ``vector`` given: the query embedding was primed, the cached embedder answers it.
        self.cached.enabled = vector is not None
        self.mem.retrieve(text, user_id=USER, task_id=task, top_k=10)

    def close(self) -> None:
        self.mem.close()


class BareSide:
    """Bare embed + Chroma upsert, and embed + Chroma query filtered on the same task."""

    name = "bare chroma"

    def __init__(self, path: Path, embedder: Embedder) -> None:
        import chromadb

        self.embedder = embedder
        self.client = chromadb.PersistentClient(path=str(path))
        self.coll = self.client.get_or_create_collection("bare", metadata={"hnsw:space": "cosine"})
        self.base = 0
        """Added to a workload's positions to make ids (a growing store loads many)."""

    def add_tasks(self, names: Sequence[str]) -> None:
        pass

    def add(self, w: Workload, lo: int, hi: int) -> None:
        vecs = self.embedder.embed(w.texts[lo:hi])
        self.coll.upsert(
            ids=[f"n{self.base + i}" for i in range(lo, hi)],
            embeddings=vecs,
            documents=w.texts[lo:hi],
            metadatas=[{"task": w.tasks[i]} for i in range(lo, hi)],
        )

    def query(self, text: str, task: str, vector: np.ndarray | None) -> None:
        v = embed_query(self.embedder, [text])[0] if vector is None else vector
        self.coll.query(query_embeddings=v.reshape(1, -1), n_results=10, where={"task": task})

    def close(self) -> None:
        pass


Side = EngineSide | BareSide


def ingest(
    sides: Sequence[Side], w: Workload, batch: int, tick: Callable[[str], None] | None = None
) -> dict[str, list[float]]:
    """Load both sides batch by batch, alternating which goes first; seconds per batch
    (``tick("ingest")`` after each batch: progress, outside the timed calls)."""
    names = [f"t{t}" for t in range(w.n_tasks)]
    for side in sides:
        side.add_tasks(names)
    times: dict[str, list[float]] = {s.name: [] for s in sides}
    for k, lo in enumerate(range(0, len(w.texts), batch)):
        hi = min(len(w.texts), lo + batch)
        for side in sides if k % 2 == 0 else list(reversed(sides)):
            t0 = time.perf_counter()
            side.add(w, lo, hi)
            times[side.name].append(time.perf_counter() - t0)
        if tick is not None:
            tick("ingest")
    return times


def query_round(side: Side, w: Workload, vectors: dict[str, np.ndarray] | None) -> list[float]:
    """Seconds per query, every query once (``vectors``: embedding excluded)."""
    out = []
    for q, t in zip(w.queries, w.query_tasks, strict=True):
        v = vectors[q] if vectors is not None else None
        t0 = time.perf_counter()
        side.query(q, t, v)
        out.append(time.perf_counter() - t0)
    return out


def throughput(side: Side, w: Workload, threads: int, per_thread: int) -> float:
    """Queries per second with ``threads`` threads each running ``per_thread`` queries
    (embedding included: that is the work concurrent callers share)."""
    barrier = threading.Barrier(threads + 1)
    errors: list[BaseException] = []

    def run(offset: int) -> None:
        barrier.wait()
        try:
            for j in range(per_thread):
                k = (offset + j) % len(w.queries)
                side.query(w.queries[k], w.query_tasks[k], None)
        except BaseException as exc:  # reported after the join
            errors.append(exc)

    pool = [threading.Thread(target=run, args=(i * 7,)) for i in range(threads)]
    for th in pool:
        th.start()
    barrier.wait()
    t0 = time.perf_counter()
    for th in pool:
        th.join()
    elapsed = time.perf_counter() - t0
    if errors:
        raise errors[0]
    return threads * per_thread / elapsed


def _spread(values: Sequence[float]) -> dict[str, float]:
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


def measure_size(
    size: int,
    embedder: Embedder,
    workdir: Path,
    *,
    mix: str = "mixed",
    queries: int = 100,
    rounds: int = 5,
    batch: int = 1000,
    threads: Sequence[int] = THREADS,
    seed: int = 11,
    tick: Callable[[str], None] | None = None,
) -> list[ResultRow]:
    """Ingest ``size`` nodes into the engine and into bare Chroma; time ingest and queries.

    ``tick(phase)`` is called after each step (ingest batch, warm-up, timed round, thread
    count; :func:`size_steps` of them), never inside a timed call: progress for the caller."""
    tick = tick or (lambda phase: None)
    w = workload(size, mix, queries, seed)
    label = f"{size // 1000}k nodes" if size % 1000 == 0 else f"{size} nodes"
    engine = EngineSide(workdir / f"hm-{size}-{mix}", embedder)
    bare = BareSide(workdir / f"chroma-{size}-{mix}", embedder)
    sides: list[Side] = [engine, bare]
    load_before = load()
    embedder.embed(w.texts[:batch])  # the model's first full-size call (~1 s more) untimed
    batches = ingest(sides, w, batch, tick)
    vectors = dict(zip(w.queries, embed_query(embedder, w.queries), strict=True))
    engine.cached.prime(w.queries)
    for side in sides:  # warm-up: caches, HNSW pages, the scorer's first-call costs
        for _ in range(2):
            query_round(side, w, None)
            query_round(side, w, vectors)
    tick("warm-up")
    per: dict[str, dict[str, list[float]]] = {s.name: {} for s in sides}
    ratios: dict[str, list[float]] = {}
    for r in range(rounds):
        order = sides if r % 2 == 0 else list(reversed(sides))
        got: dict[str, dict[str, float]] = {}
        for side in order:
            incl = query_round(side, w, None)
            excl = query_round(side, w, vectors)
            got[side.name] = {
                "p50_incl": _pct(incl, 50),
                "p95_incl": _pct(incl, 95),
                "p50_excl": _pct(excl, 50),
                "p95_excl": _pct(excl, 95),
            }
        for name, vals in got.items():
            for k, v in vals.items():
                per[name].setdefault(k, []).append(v)
        for k in got[engine.name]:
            ratios.setdefault(k, []).append(got[engine.name][k] / got[bare.name][k])
        tick("timed rounds")
    qps: dict[str, dict[int, float]] = {s.name: {} for s in sides}
    per_thread = max(10, queries // 2)
    for n in threads:
        for side in sides if n % 2 else list(reversed(sides)):
            qps[side.name][n] = throughput(side, w, n, per_thread)
        tick("threads")
    load_after = load()
    engine.close()
    bare.close()

    rows = []
    totals = {name: sum(t) for name, t in batches.items()}
    for side in sides:
        m: dict[str, float] = {
            "ingest_nodes_per_s": size / totals[side.name],
            "ingest_batch_s_median": statistics.median(batches[side.name]),
            "ingest_batch_s_max": max(batches[side.name]),
        }
        for k, vals in per[side.name].items():
            s = _spread(vals)
            m[f"retrieve_{k}_ms"] = s["median"]
            m[f"retrieve_{k}_ms_min"] = s["min"]
            m[f"retrieve_{k}_ms_max"] = s["max"]
        for n, v in qps[side.name].items():
            m[f"qps_{n}_threads"] = v
        rows.append(ResultRow(side.name, label, mix, m, size))
    # Each batch was timed on both sides back to back: its ratio is one paired sample.
    paired = [b / e for e, b in zip(batches[engine.name], batches[bare.name], strict=True)]
    ratio: dict[str, float] = {
        "ingest_throughput_ratio": totals[bare.name] / totals[engine.name],
        "ingest_batch_ratio_median": statistics.median(paired),
        "ingest_throughput_ratio_min": min(paired),
        "ingest_throughput_ratio_max": max(paired),
        "load_before": load_before,
        "load_after": load_after,
        "peak_rss_mb": peak_rss_mb(),
    }
    for k, vals in ratios.items():
        s = _spread(vals)
        ratio[f"retrieve_{k}"] = s["median"]
        ratio[f"retrieve_{k}_min"] = s["min"]
        ratio[f"retrieve_{k}_max"] = s["max"]
    for n in threads:
        ratio[f"qps_{n}_threads"] = qps[engine.name][n] / qps[bare.name][n]
    rows.append(ResultRow("ratio hybridmem/bare", label, mix, ratio, size))
    return rows


def size_steps(size: int, *, rounds: int, threads: Sequence[int], batch: int = 1000) -> int:
    """How many times :func:`measure_size` ticks for one size (the inner bar's total)."""
    return -(-size // batch) + 1 + rounds + len(threads)


def run_perf(
    sizes: Sequence[int],
    embedder: Embedder,
    *,
    queries: int = 100,
    rounds: int = 5,
    mixes: Sequence[str] = ("mixed",),
    threads: Sequence[int] = THREADS,
    console: Console | None = None,
) -> SuiteResult:
    """Measure every size and mix in a fresh temporary directory."""
    if rounds < 1:
        raise ValueError("rounds must be at least 1")
    console = console or Console()
    rows: list[ResultRow] = []
    with progress(console) as bar, tempfile.TemporaryDirectory(prefix="hm-perf-") as tmp:
        task = bar.add_task("perf", total=len(sizes) * len(mixes))
        for mix in mixes:
            for size in sizes:
                # A second bar inside the size: 100k nodes ingest for many minutes.
                label = f"{size:,} {mix}"
                inner = bar.add_task(label, total=size_steps(size, rounds=rounds, threads=threads))

                def tick(phase: str, inner: TaskID = inner, label: str = label) -> None:
                    bar.update(inner, advance=1, description=f"{label} · {phase}")

                rows += measure_size(
                    size,
                    embedder,
                    Path(tmp),
                    mix=mix,
                    queries=queries,
                    rounds=rounds,
                    threads=threads,
                    tick=tick,
                )
                bar.update(inner, description=f"{label} · done")
                bar.advance(task)
    return SuiteResult(
        "perf",
        tuple(rows),
        settings={
            "sizes": list(sizes),
            "queries": queries,
            "rounds": rounds,
            "mixes": list(mixes),
            "threads": list(threads),
            "embedder": embedder.name,
            "task_size": TASK_SIZE,
            "top_k": 10,
            "cpus": os.cpu_count(),
        },
        notes=(
            "Ingest: add_many in batches of 1000 under one task per 100 nodes, vs bare "
            "embed + Chroma upsert of the same texts in the same batches; the two sides "
            "alternate batch by batch. ingest_throughput_ratio = hybridmem nodes/s / bare "
            "nodes/s (>= 1: as fast); _min/_max and ingest_batch_ratio_median: the ratio per "
            "batch (each batch timed on both sides back to back), its median and spread.",
            "Retrieve: task-scoped, top_k=10; bare Chroma queries with a where filter on "
            "the same task. Both sides warmed; each round runs every query on both sides "
            "(order alternating); figures are the median over rounds, _min/_max the "
            "spread; ratio rows are per-round ratios' median. 'excl' uses precomputed "
            "query vectors on both sides.",
            "qps_N_threads: queries/s with N threads (embedding included).",
            "peak_rss_mb: the benchmark process's peak RSS so far (both sides, monotone).",
            "load_before/after: the 1-minute load average (the machine is shared).",
        ),
    )


# -- output -----------------------------------------------------------------------------------
_SHOWN = (
    ("ingest nodes/s", "ingest_nodes_per_s", "ingest_throughput_ratio"),
    ("p50 incl", "retrieve_p50_incl_ms", "retrieve_p50_incl"),
    ("p95 incl", "retrieve_p95_incl_ms", "retrieve_p95_incl"),
    ("p50 excl", "retrieve_p50_excl_ms", "retrieve_p50_excl"),
    ("p95 excl", "retrieve_p95_excl_ms", "retrieve_p95_excl"),
    ("qps 1", "qps_1_threads", "qps_1_threads"),
    ("qps 2", "qps_2_threads", "qps_2_threads"),
    ("qps 4", "qps_4_threads", "qps_4_threads"),
)


def _cell(row: ResultRow, key: str) -> str:
    value = row.metrics.get(key, float("nan"))
    lo, hi = row.metrics.get(f"{key}_min"), row.metrics.get(f"{key}_max")
    text = fmt(value, 2 if row.method.startswith("ratio") else 1)
    if lo is not None and hi is not None:
        text += f" [{fmt(lo, 2 if row.method.startswith('ratio') else 1)}-{fmt(hi, 2)}]"
    return text


def show_and_plot(result: SuiteResult, out_dir: Path, console: Console) -> list[Path]:
    """Print one table per mix and plot p50 latency (with spread) against store size."""
    from rich.table import Table

    for mix in dict.fromkeys(r.group for r in result.rows):
        table = Table(
            title=f"perf · {mix} (ratio rows: hybridmem / bare; ms, [min-max] over rounds)"
        )
        table.add_column("size")
        table.add_column("method")
        for title, _, _ in _SHOWN:
            table.add_column(title, justify="right")
        table.add_column("load")
        for r in (x for x in result.rows if x.group == mix):
            ratio = r.method.startswith("ratio")
            cells = [_cell(r, rk if ratio else mk) for _, mk, rk in _SHOWN]
            extra = f"{r.metrics['load_before']:.1f}/{r.metrics['load_after']:.1f}" if ratio else ""
            table.add_row(r.setting, r.method, *cells, extra)
        console.print(table)
    path = out_dir / "latency_vs_size.png"
    plot_latency(
        path, result.rows, "retrieve_p50_excl_ms", "retrieve p50, ms (query embedding excluded)"
    )
    return [path]


def plot_latency(path: Path, rows: Sequence[ResultRow], key: str, ylabel: str) -> None:
    """p50 against store size (log x), one line per method and mix, spread as error bars."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.5, 4))
    lines: dict[str, list[ResultRow]] = {}
    for r in rows:
        if not r.method.startswith("ratio") and key in r.metrics:
            lines.setdefault(f"{r.method} ({r.group})", []).append(r)
    for name, pts in lines.items():
        pts.sort(key=lambda r: r.n)
        xs = [r.n for r in pts]
        ys = [r.metrics[key] for r in pts]
        lo = [r.metrics[key] - r.metrics.get(f"{key}_min", r.metrics[key]) for r in pts]
        hi = [r.metrics.get(f"{key}_max", r.metrics[key]) - r.metrics[key] for r in pts]
        ax.errorbar(xs, ys, yerr=[lo, hi], marker="o", capsize=3, label=name)
    ax.set_xscale("log")
    ax.set_xlabel("store size (nodes)")
    ax.set_ylabel(ylabel)
    ax.set_ylim(bottom=0)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)
