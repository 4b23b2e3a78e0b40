"""``add_many`` beside bare embed + Chroma upsert, with and without the embedding overlap.

Three sides take the same batches of the perf suite's mixed workload (a third facts and
preferences, one task per 100 nodes), in an order that rotates every batch:

- ``hybridmem`` with ``embed_ahead=1`` (the default: when an ``add_many`` has more than one
  chunk of ``embed_batch_size`` texts, its last chunk is embedded in a background thread while
  the earlier items are planned; a batch of one chunk, as ``--batch 1000`` is with the default
  1,024, runs exactly as ``embed_ahead=0``: the two engine sides then measure the run's noise);
- ``hybridmem`` with ``embed_ahead=0`` (every vector computed before the write: the engine's own
  cost, not hidden by the overlap);
- bare Chroma: the same embedder, then one upsert of the batch.

The ratio (bare time / engine time; >= 1: as fast) is reported for both engines, in total and
per batch (each batch ran on all three sides back to back: a paired sample).

``--fill N`` first loads N nodes into every side with precomputed vectors (``--fill-vectors``:
an ``.npy`` of the workload's first N texts embedded by the same model, or ``hash`` for hash
vectors), outside the timed region, so the timed batches run at the store size the question
is about (100k) without paying the model for the first N nodes on every side. The engine plans
and writes the fill items as it would any others (pools, groups, op log); only their vectors
come from the file.

``python -m benchmarks.perf_ingest --size 10000 --embedder minilm [--fill 0] [--batch 1000]
[--out DIR] [--lock FILE]`` prints the figures and writes ``perf_ingest-<embedder>-<size>.json``.
At 100k: ``--fill 95000 --fill-vectors V.npy --keep DIR --fill-only`` (niced), then the same
with ``--reuse`` instead of ``--fill-only`` for the timed batches.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import os
import shutil
import statistics
import subprocess
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.perf_scope_bulk import timing_lock
from benchmarks.suite_perf import (
    USER,
    BareSide,
    CachedEmbedder,
    EngineSide,
    Workload,
    typed_texts,
    workload,
)
from hybridmem import HashEmbedder, MemoryConfig
from hybridmem.embedding import Embedder, Vectors, make_embedder


class FillEmbedder(CachedEmbedder):
    """The model, except for texts given a vector beforehand (the fill)."""

    def __init__(self, inner: Embedder) -> None:
        super().__init__(inner)
        self.given: dict[str, np.ndarray] = {}

    def embed(self, texts: Sequence[str]) -> Vectors:
        if texts and all(t in self.given for t in texts):
            return np.stack([self.given[t] for t in texts]).astype(np.float32)
        return self.inner.embed(texts)


class Engine(EngineSide):
    """hybridmem with a given ``embed_ahead`` (the perf suite's engine side otherwise)."""

    def __init__(self, path: Path, embedder: Embedder, ahead: int) -> None:
        self.embedder = FillEmbedder(embedder)
        config = MemoryConfig(embed_ahead=ahead)
        super().__init__(path, embedder, cached=self.embedder, config=config)
        self.name = f"hybridmem ahead={ahead}"

    def fill(self, w: Workload, lo: int, hi: int, vectors: np.ndarray) -> None:
        self.embedder.given = {w.texts[i]: vectors[i] for i in range(lo, hi)}
        self.add(w, lo, hi)
        self.embedder.given = {}


class Bare(BareSide):
    def fill(self, w: Workload, lo: int, hi: int, vectors: np.ndarray) -> None:
        self.coll.upsert(
            ids=[f"n{i}" for i in range(lo, hi)],
            embeddings=vectors[lo:hi],
            documents=w.texts[lo:hi],
            metadatas=[{"task": w.tasks[i]} for i in range(lo, hi)],
        )


def fill_vectors(source: str, w: Workload, n: int, dimension: int) -> np.ndarray:
    """The fill's vectors: from an ``.npy`` file (its first ``n`` rows) or hash vectors."""
    if source == "hash":
        return HashEmbedder(dimension).embed(w.texts[:n])
    table = np.load(source)
    if len(table) < n or table.shape[1] != dimension:
        raise SystemExit(f"{source}: {table.shape} does not cover {n} x {dimension}")
    return np.asarray(table[:n], dtype=np.float32)


def _uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def _timed(
    sides: Sequence[Engine | Bare], w: Workload, lo: int, size: int, batch: int
) -> tuple[dict[str, Any], dict[str, Any], dict[str, list[float]], dict[str, list[float]]]:
    """Time ``lo..size`` batch by batch, the order of the sides rotating every batch."""
    start = {"uptime": _uptime(), "load": os.getloadavg()[0]}
    print("timed start:", start["uptime"], flush=True)
    times: dict[str, list[float]] = {s.name: [] for s in sides}
    cpu: dict[str, list[float]] = {s.name: [] for s in sides}
    for k, first in enumerate(range(lo, size, batch)):
        hi = min(size, first + batch)
        for side in [*sides[k % 3 :], *sides[: k % 3]]:
            c0, t0 = time.process_time(), time.perf_counter()
            side.add(w, first, hi)
            times[side.name].append(time.perf_counter() - t0)
            cpu[side.name].append(time.process_time() - c0)
        print(k, {n: round(v[-1], 2) for n, v in times.items()}, flush=True)
    end = {"uptime": _uptime(), "load": os.getloadavg()[0]}
    print("timed end:", end["uptime"], flush=True)
    return start, end, times, cpu


def _open(workdir: Path, embedder: Embedder) -> list[Engine | Bare]:
    return [
        Engine(workdir / "ahead1", embedder, 1),
        Engine(workdir / "ahead0", embedder, 0),
        Bare(workdir / "bare", embedder),
    ]


def _fill(
    w: Workload, embedder: Embedder, fill: int, source: str, batch: int, workdir: Path
) -> dict[str, float]:
    """The tasks, then ``fill`` nodes with precomputed vectors into one engine and bare
    Chroma; the second engine gets a copy of the first's files (the same store: the fill is
    not timed, and ``embed_ahead`` changes no byte of what is written)."""
    engine, bare = Engine(workdir / "ahead1", embedder, 1), Bare(workdir / "bare", embedder)
    names = [f"t{t}" for t in range(w.n_tasks)]
    engine.add_tasks(names)
    fill_s: dict[str, float] = {}
    if fill:
        vectors = fill_vectors(source, w, fill, embedder.dimension)
        for side in (engine, bare):
            t0 = time.perf_counter()
            for lo in range(0, fill, batch):
                side.fill(w, lo, min(fill, lo + batch), vectors)
            fill_s[side.name] = time.perf_counter() - t0
            print(f"filled {side.name}: {fill} nodes in {fill_s[side.name]:.0f} s", flush=True)
    engine.mem.close()
    del bare
    shutil.copytree(workdir / "ahead1", workdir / "ahead0")
    (workdir / "fill.json").write_text(json.dumps({"seconds": fill_s, "vectors": source}))
    return fill_s


def run(
    size: int,
    embedder: Embedder,
    *,
    fill: int,
    fill_source: str,
    batch: int,
    workdir: Path,
    lock: Path | None = None,
    fill_only: bool = False,
    reuse: bool = False,
) -> dict[str, Any]:
    """Fill every side to ``fill`` nodes (untimed), then time ``fill..size`` batch by batch.
    ``fill_only``: stop after the fill (the stores stay in ``workdir``); ``reuse``: time the
    stores such a run left there (so the fill can run niced, in another process)."""
    w = workload(size, "mixed", 1)
    fill_s: dict[str, float] = {}
    if reuse:  # the stores a --fill-only run left in the workdir
        kept = json.loads((workdir / "fill.json").read_text())
        fill_s, fill_source = kept["seconds"], kept["vectors"]
    else:
        fill_s = _fill(w, embedder, fill, fill_source, batch, workdir)
    if fill_only:
        return {"fill": fill, "fill_s": fill_s}
    sides = _open(workdir, embedder)
    # The model loaded and warm before the clock, with a call as large as a timed batch: a
    # model's first call at that size takes ~1 s more (its buffers), and fell on the side
    # that happened to go first (an engine side: 6.4 s where it then took 5.1).
    probe = embedder.embed(w.texts[:batch])[:1]
    # Every side's Chroma collection loaded before the clock as well, by one query each: a
    # side would otherwise load its HNSW files in its first timed batch (bare Chroma at 95k
    # nodes: 8.2 s for that batch, ~5.6 s for the next ones; the engine's open counts its
    # index, which loaded them already).
    for side in sides:
        if isinstance(side, Bare):
            side.coll.query(query_embeddings=probe, n_results=1)
        else:
            side.mem.engine.index.query(probe, 1, None)
    _warm_write(sides, w, fill)
    # The set-up's garbage (three stores opened, the model loaded) collected before the
    # clock: else the first full collection (0.3-0.6 s with a model in the process) lands on
    # whichever side's batch happens to trigger it (seen on an engine side's first batch).
    gc.collect()
    with timing_lock(lock):  # the fill above ran outside it
        start, end, times, cpu = _timed(sides, w, fill, size, batch)
    bare = sides[2].name
    out: dict[str, Any] = {
        "size": size,
        "fill": fill,
        "fill_vectors": fill_source if fill else None,
        "timed_nodes": size - fill,
        "batch": batch,
        "embedder": embedder.name,
        "start": start,
        "end": end,
        "fill_s": fill_s,
        "sides": {},
    }
    for side in sides:
        timed = times[side.name]
        row: dict[str, Any] = {
            "nodes_per_s": (size - fill) / sum(timed),
            "ms_per_node": sum(timed) / (size - fill) * 1000,
            "cpu_ms_per_node": sum(cpu[side.name]) / (size - fill) * 1000,
            "batch_s": timed,
        }
        if side.name != bare:
            paired = [b / e for e, b in zip(timed, times[bare], strict=True)]
            row.update(
                ratio=sum(times[bare]) / sum(timed),
                batch_ratio_median=statistics.median(paired),
                batch_ratio_min=min(paired),
                batch_ratio_max=max(paired),
            )
        out["sides"][side.name] = row
    _close(sides)
    return out


def _warm_write(sides: Sequence[Engine | Bare], w: Workload, at: int) -> None:
    """One small write per side before the clock (an event, a fact and a preference, none of
    them in the workload): a process's first write loads what it loads once (an engine's
    classifiers and slot models, its store's pages), which the first timed batch of whichever
    side went first paid otherwise, as the queries above warm the indexes."""
    kinds = ["event", "fact", "preference"]
    texts = typed_texts([f"warm up {k} before the clock" for k in kinds], kinds, seed=0)
    for side in sides:
        if isinstance(side, Bare):
            side.coll.upsert(
                ids=[f"warm-{k}" for k in kinds],
                embeddings=side.embedder.embed(texts),
                documents=texts,
                metadatas=[{"task": w.tasks[at]}] * len(texts),
            )
        else:
            side.mem.add_many(
                [
                    {"content": t, "parent_id": w.tasks[at], "node_type": k}
                    for t, k in zip(texts, kinds, strict=True)
                ],
                user_id=USER,
            )


def _close(sides: Sequence[Engine | Bare]) -> None:
    for side in sides:
        if isinstance(side, Engine):
            side.mem.close()


def _count(n: int) -> str:
    return f"{n // 1000}k" if n % 1000 == 0 else str(n)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--size", type=int, default=10_000)
    parser.add_argument("--embedder", default="minilm")
    parser.add_argument("--fill", type=int, default=0)
    parser.add_argument("--fill-vectors", default="hash")
    parser.add_argument("--batch", type=int, default=1000)
    parser.add_argument(
        "--keep", type=Path, default=None, help="build the stores here (default: a temp dir)"
    )
    parser.add_argument("--fill-only", action="store_true", help="fill the stores in --keep")
    parser.add_argument("--reuse", action="store_true", help="time the stores filled in --keep")
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results/perf-s5"))
    parser.add_argument(
        "--lock", type=Path, default=None, help="a file to flock while timing (not while filling)"
    )
    args = parser.parse_args(argv)
    if not 0 <= args.fill < args.size:
        raise SystemExit("--fill must be at least 0 and below --size")
    embedder = make_embedder(args.embedder)
    with contextlib.ExitStack() as stack:
        if args.keep is None:
            work = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="hm-ingest-")))
        else:
            work = args.keep
            work.mkdir(parents=True, exist_ok=True)
        result = run(
            args.size,
            embedder,
            fill=args.fill,
            fill_source=args.fill_vectors,
            batch=args.batch,
            workdir=work,
            lock=args.lock,
            fill_only=args.fill_only,
            reuse=args.reuse,
        )
    if args.fill_only:
        print("filled", work, result["fill_s"])
        return
    for name, row in result["sides"].items():
        extra = ""
        if "ratio" in row:
            extra = (
                f"  ratio {row['ratio']:.2f} [paired {row['batch_ratio_min']:.2f}-"
                f"{row['batch_ratio_max']:.2f}, median {row['batch_ratio_median']:.2f}]"
            )
        print(
            f"{name:22s} {row['nodes_per_s']:8.1f} nodes/s  {row['ms_per_node']:.2f} ms/node "
            f"(cpu {row['cpu_ms_per_node']:.2f}){extra}"
        )
    args.out.mkdir(parents=True, exist_ok=True)
    tag = f"{args.embedder}-{_count(args.size)}" + (
        f"-fill{_count(args.fill)}" if args.fill else ""
    )
    path = args.out / f"perf_ingest-{tag}.json"
    path.write_text(json.dumps(result, indent=2) + "\n")
    print("wrote", path)


if __name__ == "__main__":
    main()
