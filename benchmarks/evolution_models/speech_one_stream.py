"""The labelled speech batches said by one user: merges across speech standing, per batch.

:mod:`speech_write_check` files every line under its own user, so no line can merge with
another. Here each batch is said by one user under one task (facts, e5, one ``add_many`` per
batch, in the set's order), the way an agent files a user's remarks, and
:mod:`benchmarks.standing_merge_scan` counts the merges (a repeat or a paraphrase folded into
a live node) and those across standing. Counts only: blind batches are never read line by
line.

``python -m benchmarks.standing_merge_scan benchmarks.evolution_models.speech_one_stream``
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from benchmarks.evolution_models.speech_batches import BATCHES, batch
from benchmarks.evolution_models.speech_eval import load_examples
from hybridmem import HybridMemory
from hybridmem.embedding import MultilingualE5Embedder


def main() -> None:
    examples = load_examples()
    e5 = MultilingualE5Embedder()
    total = 0
    for name, _, _ in BATCHES:
        lines = batch(examples, name)
        with (
            tempfile.TemporaryDirectory() as tmp,
            HybridMemory(Path(tmp) / "m", embedder=e5) as mem,
        ):
            task = mem.add(f"chat {name}", node_type="task", user_id="u").id
            nodes = mem.add_many(
                [{"content": x.text, "node_type": "fact", "parent_id": task} for x in lines],
                user_id="u",
            )
            merged = len(lines) - len({n.id for n in nodes})
            total += merged
            print(f"{name}: {len(lines)} lines, {merged} merged into another")
    print(f"all batches: {total} merged")


if __name__ == "__main__":
    main()
