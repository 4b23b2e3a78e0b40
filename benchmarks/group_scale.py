"""What a new statement costs as its conflict group grows (engine CPU per node, hash vectors).

A user who states one preference for years builds one large group: restatements of the same
value (archived, each reinforcing the current one) or, as in the perf workload, a new value
every time (each coexists with the last, which is demoted and stays active). Before, every
new member made the planner read and scan the whole group; now it reads the group's deciding
members (the newest settled value and the waiting challengers) off the store's indexes.

For each shape and group size the store is first grown to that size (untimed), then batches
of ``--batch`` items (a quarter of them statements of the group, the rest events) are timed
by process CPU, once with the group read as it is and once with the writer reading every
member (the read before), on copies of the same store: the same decisions, so the same work
but for the group read. A flat row means the cost no longer follows the group.

``python -m benchmarks.group_scale [--sizes 100 1000 5000] [--batch 400] [--batches 3]``
prints the table and writes ``benchmarks/results/perf-s6/group_scale.json``.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from hybridmem import HashEmbedder, HybridMemory
from hybridmem.evolution.write.batch_pools import regrow
from hybridmem.evolution.write.planner import EvolutionWriter
from hybridmem.models import MemoryNode

VALUES = ["oat milk", "almond milk", "soy milk", "black coffee", "green tea", "cold brew"]


def items(shape: str, lo: int, hi: int, group_share: float) -> list[dict[str, Any]]:
    """Items ``lo..hi`` of a shape's import: every ``1 / group_share``-th a statement of the
    group (``restated``: the same value each time, said a little differently; ``changed``: a
    new value each time), the rest events, one task per 100 items."""
    every = round(1 / group_share)
    out: list[dict[str, Any]] = []
    for i in range(lo, hi):
        task = f"t{i // 100}"
        if i % 100 == 0:
            out.append({"id": task, "content": f"task {task}", "node_type": "task"})
        if i % every == 0:
            value = "oat milk" if shape == "restated" else f"{VALUES[i % 6]} number {i}"
            lead = ["I drink", "i drink", "I  drink"][i % 3]
            out.append(
                {
                    "id": f"s{i}",  # chosen: a restatement is not merged as a repeat
                    "content": f"{lead} {value}",
                    "node_type": "preference",
                    "slot": "drink",
                    "parent_id": task,
                }
            )
        else:
            out.append({"content": f"event {i} in the kitchen", "parent_id": task})
    return out


def every_member(writer: EvolutionWriter) -> Any:
    """The writer's group read before: every member, kept up to date with the batch."""

    def read(request: Any, group: str) -> list[MemoryNode]:
        user = request.user_id
        return request.batch_reads.get(
            ("group", user, group),
            lambda: writer.engine.store.conflict_group_members(user, group),
            lambda pool, new, changed: regrow(
                pool,
                new,
                changed,
                lambda n: n.user_id == user and n.conflict_group == group,
                oldest=True,
            ),
            where=("conflict_group", group),
        )

    return read


def timed(path: Path, shape: str, start: int, batch: int, batches: int, old: bool) -> list[float]:
    """CPU ms per item of each timed batch on the store at ``path``."""
    mem = HybridMemory(path, embedder=HashEmbedder())
    if old:
        planner = mem.engine.planner
        assert isinstance(planner, EvolutionWriter)
        setattr(planner, "_group_members", every_member(planner))  # noqa: B010 - an instance patch
    out = []
    for k in range(batches):
        lo = start + k * batch
        chunk = items(shape, lo, lo + batch, GROUP_SHARE)
        c0 = time.process_time()
        mem.add_many(chunk, user_id="u")
        out.append((time.process_time() - c0) / len(chunk) * 1000)
    mem.close()
    return out


GROUP_SHARE = 0.25
"""The share of an import's items that are statements of the one group."""


def run(sizes: Sequence[int], batch: int, batches: int, work: Path) -> list[dict[str, Any]]:
    """Grow each shape's store through ``sizes`` (group members), timing both reads at each."""
    rows = []
    for shape in ("restated", "changed"):
        base = work / shape
        done = 0
        for size in sizes:
            target = int(size / GROUP_SHARE)  # items that hold a group of about ``size``
            mem = HybridMemory(base, embedder=HashEmbedder())
            for lo in range(done, target, 2000):
                mem.add_many(items(shape, lo, min(target, lo + 2000), GROUP_SHARE), user_id="u")
            done = target
            members = mem.store.conflict_group_members("u", "slot:drink")
            mem.close()
            row: dict[str, Any] = {
                "shape": shape,
                "group": len(members),
                "archived": sum(1 for m in members if m.status == "archived"),
                "nodes": target,
            }
            for name, old in (("deciding", False), ("every_member", True)):
                copy = work / f"{shape}-copy"
                shutil.copytree(base, copy)
                row[name] = timed(copy, shape, target, batch, batches, old)
                shutil.rmtree(copy)
            rows.append(row)
            print(
                f"{shape:9s} group {row['group']:6d} ({row['archived']} archived): "
                f"deciding {statistics.median(row['deciding']):.2f} ms/item, "
                f"every member {statistics.median(row['every_member']):.2f}",
                flush=True,
            )
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000, 5000])
    parser.add_argument("--batch", type=int, default=400)
    parser.add_argument("--batches", type=int, default=3)
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results/perf-s6"))
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="hm-group-") as work:
        rows = run(args.sizes, args.batch, args.batches, Path(work))
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "group_scale.json"
    result = {"batch": args.batch, "batches": args.batches, "group_share": GROUP_SHARE}
    path.write_text(json.dumps({**result, "rows": rows}, indent=2) + "\n")
    print("wrote", path)


if __name__ == "__main__":
    main()
