"""The engine's own cost per written node: ``add_many`` with the model's vectors given.

The perf suite's mixed workload (a third facts and preferences, one task per 100 nodes) is
written batch by batch into hybridmem (``embed_ahead=0``) and into bare Chroma (one upsert of
the batch), both with the same vectors, computed once by the model (or read from
``--vectors``): what is left is what each side does beyond the embedding, which the embedding
hides in ``benchmarks.perf_ingest``. Each batch runs on both sides back to back; CPU time
(``time.process_time``) is reported beside wall time, because wall time on a shared machine
says more about the neighbours than about the code.

``python -m benchmarks.perf_engine_cost --size 10000 --embedder minilm [--vectors V.npy]
[--batch 1000] [--last 2000] [--out DIR]`` prints a table per batch and the last ``--last``
nodes' figures, and writes ``perf_engine_cost-<embedder>-<size>.json``. With ``--vectors`` a
missing file is written, so the next run skips the model.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.perf_ingest import Bare, Engine, _count, _uptime
from benchmarks.suite_perf import workload
from hybridmem.embedding import Embedder, make_embedder


def model_vectors(embedder: Embedder, texts: list[str], path: Path | None) -> np.ndarray:
    """The model's vectors of ``texts``: read from ``path`` when it covers them, else
    computed (1,000 texts per call) and written there."""
    if path is not None and path.exists():
        table = np.load(path)
        if len(table) >= len(texts) and table.shape[1] == embedder.dimension:
            return np.asarray(table[: len(texts)], dtype=np.float32)
    table = np.concatenate(
        [np.asarray(embedder.embed(texts[i : i + 1000])) for i in range(0, len(texts), 1000)]
    ).astype(np.float32)
    if path is not None:
        np.save(path, table)
    return table


def run(
    size: int, embedder: Embedder, vectors: np.ndarray, batch: int, workdir: Path
) -> dict[str, Any]:
    """Both sides batch by batch; per batch the wall and CPU seconds of each."""
    w = workload(size, "mixed", 1)
    engine, bare = Engine(workdir / "engine", embedder, 0), Bare(workdir / "bare", embedder)
    engine.add_tasks([f"t{t}" for t in range(w.n_tasks)])
    rows: list[dict[str, Any]] = []
    start = {"uptime": _uptime(), "load": os.getloadavg()[0]}
    for lo in range(0, size, batch):
        hi = min(size, lo + batch)
        row: dict[str, Any] = {"lo": lo, "hi": hi}
        for side in (engine, bare):
            c0, t0 = time.process_time(), time.perf_counter()
            side.fill(w, lo, hi, vectors)
            row[f"{side.name}_s"] = time.perf_counter() - t0
            row[f"{side.name}_cpu_s"] = time.process_time() - c0
        rows.append(row)
        print(_line(row, engine.name, bare.name), flush=True)
    end = {"uptime": _uptime(), "load": os.getloadavg()[0]}
    engine.mem.close()
    return {
        "size": size,
        "batch": batch,
        "embedder": embedder.name,
        "start": start,
        "end": end,
        "engine": engine.name,
        "bare": bare.name,
        "batches": rows,
    }


def _line(row: dict[str, Any], engine: str, bare: str) -> str:
    n = row["hi"] - row["lo"]
    e, b = row[f"{engine}_cpu_s"] / n * 1000, row[f"{bare}_cpu_s"] / n * 1000
    return (
        f"{row['lo']:>7}-{row['hi']:<7} engine cpu {e:5.2f} ms/node (wall "
        f"{row[f'{engine}_s'] / n * 1000:5.2f})  bare cpu {b:5.2f} (wall "
        f"{row[f'{bare}_s'] / n * 1000:5.2f})  engine - bare {e - b:5.2f}"
    )


def summary(result: dict[str, Any], last: int) -> dict[str, float]:
    """CPU and wall ms per node of both sides over the batches of the last ``last`` nodes."""
    rows = [r for r in result["batches"] if r["lo"] >= result["size"] - last]
    n = sum(r["hi"] - r["lo"] for r in rows)
    out: dict[str, float] = {"nodes": n}
    for side in ("engine", "bare"):
        name = result[side]
        out[f"{side}_cpu_ms"] = sum(r[f"{name}_cpu_s"] for r in rows) / n * 1000
        out[f"{side}_ms"] = sum(r[f"{name}_s"] for r in rows) / n * 1000
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--size", type=int, default=10_000)
    parser.add_argument("--embedder", default="minilm")
    parser.add_argument("--vectors", type=Path, default=None, help="an .npy cache of the vectors")
    parser.add_argument("--batch", type=int, default=1000)
    parser.add_argument("--last", type=int, default=2000)
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results/perf-s6"))
    args = parser.parse_args(argv)
    embedder = make_embedder(args.embedder)
    vectors = model_vectors(embedder, workload(args.size, "mixed", 1).texts, args.vectors)
    with tempfile.TemporaryDirectory(prefix="hm-engine-cost-") as work:
        result = run(args.size, embedder, vectors, args.batch, Path(work))
    result["last"] = summary(result, args.last)
    s = result["last"]
    print(
        f"last {s['nodes']:.0f} nodes: engine cpu {s['engine_cpu_ms']:.2f} ms/node, bare "
        f"{s['bare_cpu_ms']:.2f}, engine - bare {s['engine_cpu_ms'] - s['bare_cpu_ms']:.2f} "
        f"(wall {s['engine_ms']:.2f} / {s['bare_ms']:.2f}); load {result['start']['load']:.2f}"
        f" -> {result['end']['load']:.2f}"
    )
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / f"perf_engine_cost-{args.embedder}-{_count(args.size)}.json"
    path.write_text(json.dumps(result, indent=2) + "\n")
    print("wrote", path)


if __name__ == "__main__":
    main()
