"""``POST /v1/search`` through ``hybridmem serve`` beside the in-process ``retrieve`` call.

One store of N nodes (default 10k; one task per 100 nodes, as in the perf suite) is built with
the same embedder on both sides. The same task-scoped queries (top_k=10) are then run

- in process: ``mem.retrieve(...)`` from 1, 4 and 16 threads sharing one ``HybridMemory``;
- over HTTP: ``hybridmem serve`` in a subprocess on a free 127.0.0.1 port (access log off),
  with 1, 4 and 16 client threads, each with its own keep-alive ``httpx.Client``;

and each reports requests/s (requests / wall time of the level) and p50/p95 latency per call.
``GET /v1/health`` at 1 client gives the cost of the HTTP round trip alone. Clients and server
share the machine's cores, so concurrency measures the whole machine, not the server alone.

Run: ``python -m benchmarks server``; JSON goes to
``benchmarks/results/server.json`` unless ``--out`` says otherwise.
"""

from __future__ import annotations

import os
import random
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.table import Table

from benchmarks.report import ResultRow, SuiteResult, fmt
from benchmarks.suite_perf import _WORDS, TASK_SIZE, USER, synthetic_texts
from hybridmem import HybridMemory

LEVELS = (1, 4, 16)
WARMUP = 20
"""Untimed calls before the first level, on both sides."""


def build(path: Path, size: int, embedder: str, seed: int = 11) -> float:
    """Write ``size`` nodes under one task per 100; return the seconds it took."""
    texts = synthetic_texts(size, seed)
    n_tasks = max(1, size // TASK_SIZE)
    start = time.perf_counter()
    with HybridMemory(path, embedder=embedder) as mem:
        mem.add_many(
            [{"id": f"t{t}", "content": f"task {t}", "node_type": "task"} for t in range(n_tasks)],
            user_id=USER,
        )
        for lo in range(0, size, 1000):
            mem.add_many(
                [
                    {"content": texts[i], "parent_id": f"t{i // TASK_SIZE % n_tasks}"}
                    for i in range(lo, min(size, lo + 1000))
                ],
                user_id=USER,
            )
    return time.perf_counter() - start


def queries(size: int, count: int, seed: int = 12) -> list[tuple[str, str]]:
    """(query text, task id) pairs, the perf suite's kind of query."""
    rng = random.Random(seed)
    n_tasks = max(1, size // TASK_SIZE)
    return [
        (" ".join(rng.choices(_WORDS, k=8)), f"t{rng.randrange(n_tasks)}") for _ in range(count)
    ]


def run_level(call: Callable[[int], None], total: int, clients: int) -> dict[str, float]:
    """``total`` calls spread over ``clients`` threads: requests/s, p50/p95/mean latency (ms)."""
    latencies: list[float] = []
    lock = threading.Lock()
    failures: list[BaseException] = []

    def worker(indexes: Sequence[int]) -> None:
        mine = []
        try:
            for i in indexes:
                t0 = time.perf_counter()
                call(i)
                mine.append(time.perf_counter() - t0)
        except BaseException as exc:  # reported after the level, the run stops then
            failures.append(exc)
        with lock:
            latencies.extend(mine)

    threads = [
        threading.Thread(target=worker, args=(range(c, total, clients),)) for c in range(clients)
    ]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - start
    if failures:
        raise RuntimeError(f"a client failed: {failures[0]!r}") from failures[0]
    ms = np.asarray(latencies) * 1000.0
    return {
        "requests_per_s": len(latencies) / wall,
        "p50_ms": float(np.percentile(ms, 50)),
        "p95_ms": float(np.percentile(ms, 95)),
        "mean_ms": float(ms.mean()),
        "requests": float(len(latencies)),
    }


def in_process(
    path: Path, embedder: str, qs: list[tuple[str, str]], per_level: int, levels: Sequence[int]
) -> list[ResultRow]:
    """The baseline: ``retrieve`` on an open store in this process."""
    rows = []
    with HybridMemory(path, embedder=embedder) as mem:

        def call(i: int) -> None:
            q, task = qs[i % len(qs)]
            mem.retrieve(q, user_id=USER, task_id=task, top_k=10)

        for i in range(WARMUP):  # tokenizer tables, SQLite and HNSW pages: paid before timing
            call(i)

        for c in levels:
            rows.append(
                ResultRow(
                    "in-process retrieve",
                    f"{c} clients",
                    "search",
                    run_level(call, per_level, c),
                    per_level,
                )
            )
    return rows


def over_http(
    path: Path, embedder: str, qs: list[tuple[str, str]], per_level: int, levels: Sequence[int]
) -> list[ResultRow]:
    """``hybridmem serve`` in a subprocess, clients in threads of this process."""
    import httpx

    from hybridmem.server.runner import serve_subprocess

    env = {k: v for k, v in os.environ.items() if k not in ("HYBRIDMEM_TOKEN", "HYBRIDMEM_TOKENS")}
    rows = []
    args = ["--embedder", embedder, "--log-level", "warning"]
    with serve_subprocess(path, args=args, env=env, timeout=120) as (url, _):
        local = threading.local()

        def client() -> httpx.Client:
            if not hasattr(local, "client"):
                local.client = httpx.Client(base_url=url, timeout=60)
            return local.client

        def search(i: int) -> None:
            q, task = qs[i % len(qs)]
            r = client().post(
                "/v1/search", json={"query": q, "user_id": USER, "task_id": task, "top_k": 10}
            )
            r.raise_for_status()

        def health(i: int) -> None:
            client().get("/v1/health").raise_for_status()

        for i in range(WARMUP):
            search(i)
        rows.append(
            ResultRow(
                "HTTP GET /v1/health",
                "1 clients",
                "health",
                run_level(health, per_level, 1),
                per_level,
            )
        )
        for c in levels:
            rows.append(
                ResultRow(
                    "HTTP POST /v1/search",
                    f"{c} clients",
                    "search",
                    run_level(search, per_level, c),
                    per_level,
                )
            )
    return rows


def run_server_bench(
    size: int,
    per_level: int,
    embedder: str,
    *,
    levels: Sequence[int] = LEVELS,
    console: Console | None = None,
) -> SuiteResult:
    """Build, measure in process, measure over HTTP; one :class:`SuiteResult`."""
    console = console or Console()
    qs = queries(size, max(per_level, 50))
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="hm-server-bench-") as tmp:
        path = Path(tmp) / "store"
        console.print(f"building {size} nodes with the {embedder} embedder ...")
        built = build(path, size, embedder)
        console.print(f"  built in {built:.1f}s; in-process retrieve ...")
        rows = in_process(path, embedder, qs, per_level, levels)
        console.print("  hybridmem serve ...")
        rows += over_http(path, embedder, qs, per_level, levels)
    ratio = [
        ResultRow(
            "ratio HTTP/in-process",
            r.setting,
            "search",
            {
                "p50_ratio": r.metrics["p50_ms"] / b.metrics["p50_ms"],
                "requests_per_s_ratio": r.metrics["requests_per_s"] / b.metrics["requests_per_s"],
            },
            r.n,
        )
        for r in rows
        if r.method == "HTTP POST /v1/search"
        for b in rows
        if b.method == "in-process retrieve" and b.setting == r.setting
    ]
    return SuiteResult(
        "server",
        (*rows, *ratio),
        settings={
            "nodes": size,
            "requests_per_level": per_level,
            "embedder": embedder,
            "levels": list(levels),
            "top_k": 10,
            "task_size": TASK_SIZE,
            "cpus": os.cpu_count(),
            "load_avg_before": list(load_before),
            "load_avg_after": list(os.getloadavg()),
        },
        notes=(
            f"Store: {size} nodes, one task per {TASK_SIZE}; queries task-scoped, top_k=10; "
            f"embedder {embedder} (the query embedding is part of every call on both sides).",
            "in-process: HybridMemory.retrieve from N threads sharing one open store.",
            "HTTP: hybridmem serve (uvicorn, one process, access log off) on 127.0.0.1; N "
            "client threads with keep-alive httpx clients in the benchmark process.",
            "Client threads, server and the shared machine's other work compete for the same "
            "cores: figures are for this machine at this load (load averages in settings).",
        ),
    )


def show(result: SuiteResult, console: Console) -> None:
    """Print the table (one row per method and concurrency)."""
    table = Table(
        title=f"server: {result.settings['nodes']} nodes, {result.settings['embedder']} embedder"
    )
    for col in ("method", "clients", "req/s", "p50 ms", "p95 ms"):
        table.add_column(col, justify="right" if col != "method" else "left")
    for r in result.rows:
        m = r.metrics
        if "p50_ms" in m:
            table.add_row(
                r.method,
                r.setting.split()[0],
                fmt(m["requests_per_s"], 1),
                fmt(m["p50_ms"], 2),
                fmt(m["p95_ms"], 2),
            )
        else:
            table.add_row(
                r.method,
                r.setting.split()[0],
                f"×{m['requests_per_s_ratio']:.2f}",
                f"×{m['p50_ratio']:.2f}",
                "",
            )
    console.print(table)


def write(result: SuiteResult, out: Path) -> Path:
    """Write ``server.json`` into ``out``."""
    import json

    out.mkdir(parents=True, exist_ok=True)
    path = out / "server.json"
    path.write_text(json.dumps(result.to_json(), indent=2, ensure_ascii=False), encoding="utf-8")
    return path
