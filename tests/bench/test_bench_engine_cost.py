"""``benchmarks.perf_engine_cost`` on a slice with the hash embedder."""

from __future__ import annotations

import json

import numpy as np

from benchmarks import perf_engine_cost
from hybridmem import HashEmbedder


def test_the_engine_cost_program_writes_both_sides_per_batch(tmp_path):
    perf_engine_cost.main(
        [
            "--size",
            "300",
            "--batch",
            "100",
            "--last",
            "100",
            "--embedder",
            "hash",
            "--out",
            str(tmp_path),
        ]
    )
    result = json.loads((tmp_path / "perf_engine_cost-hash-300.json").read_text())
    assert [(b["lo"], b["hi"]) for b in result["batches"]] == [(0, 100), (100, 200), (200, 300)]
    for row in result["batches"]:
        assert row[f"{result['engine']}_cpu_s"] > 0 and row[f"{result['bare']}_cpu_s"] > 0
    assert result["last"]["nodes"] == 100
    assert result["last"]["engine_cpu_ms"] > 0


def test_the_vectors_are_computed_once_and_read_back(tmp_path):
    calls: list[int] = []

    class Counting(HashEmbedder):
        def embed(self, texts):
            calls.append(len(texts))
            return super().embed(texts)

    texts = [f"text {i}" for i in range(1500)]
    path = tmp_path / "v.npy"
    first = perf_engine_cost.model_vectors(Counting(), texts, path)
    assert calls == [1000, 500] and first.shape == (1500, HashEmbedder().dimension)
    again = perf_engine_cost.model_vectors(Counting(), texts[:1200], path)
    assert calls == [1000, 500]  # read from the file
    assert np.array_equal(again, first[:1200])
