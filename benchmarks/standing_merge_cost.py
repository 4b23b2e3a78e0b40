"""What the standing check costs the writer: speech-act classifications and planning time.

Since a repeat or paraphrase merges only into a node of the same speech standing, the planner
classifies a newcomer before the merge, but only when it found a node to merge into (and the
reading is kept for the write when it does not merge). This loads the perf suite's mixed
workload (distinct texts: no repeats) and the same texts said twice (each again at once in lower
case under the same task: a near-exact repeat of every one) through ``add_many`` with the hash
embedder, and prints per write the speech-act classifications and the wall time.

``python -m benchmarks.standing_merge_cost [--size 2000] [--batch 500]``, on the commit before
the change and on the change (same machine, back to back).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks.suite_perf import workload
from hybridmem import HashEmbedder, HybridMemory
from hybridmem.evolution.speech.acts import default_classifier


def load(texts: Sequence[str], types: Sequence[str], tasks: Sequence[str], batch: int) -> float:
    """Seconds to write ``texts`` under their tasks in batches of ``batch``."""
    with (
        tempfile.TemporaryDirectory() as tmp,
        HybridMemory(Path(tmp) / "m", embedder=HashEmbedder(64)) as mem,
    ):
        ids = {t: mem.add(t, node_type="task").id for t in sorted(set(tasks))}
        items: list[dict[str, Any]] = [
            {"content": x, "node_type": k, "parent_id": ids[t]}
            for x, k, t in zip(texts, types, tasks, strict=True)
        ]
        start = time.perf_counter()
        for lo in range(0, len(items), batch):
            mem.add_many(items[lo : lo + batch])
        return time.perf_counter() - start


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.standing_merge_cost")
    parser.add_argument("--size", type=int, default=2000)
    parser.add_argument("--batch", type=int, default=500)
    ns = parser.parse_args(argv)
    calls = [0]
    classifier = type(default_classifier())
    classify = classifier.classify

    def counted(self: Any, text: str) -> Any:
        calls[0] += 1
        return classify(self, text)

    classifier.classify = counted  # type: ignore[method-assign]
    w = workload(ns.size, "mixed", 0)
    twice = (
        [x for t in w.texts for x in (t, t.lower())],
        [x for k in w.types for x in (k, k)],
        [x for t in w.tasks for x in (t, t)],
    )
    for name, (texts, types, tasks) in {
        "distinct": (w.texts, w.types, w.tasks),
        "said twice": twice,
    }.items():
        calls[0] = 0
        seconds = load(texts, types, tasks, ns.batch)
        n = len(texts)
        print(
            f"{name}: {n} writes, {calls[0] / n:.3f} classifications per write, "
            f"{1000 * seconds / n:.2f} ms per write"
        )


if __name__ == "__main__":
    main()
