"""What a retrieval pays to show a large conflict group (``retrieval.groups._shown_members``).

A retrieval that finds a member of a group reads enough of the group to name its current value
and the values before it: the newest members by writing time, the waiting challengers and,
since the fix of 2026-12-05, the older members said again since (a move back to an old value in
its very words is merged into its first mention). This times that read on the stores of
:mod:`benchmarks.group_scale` (one group grown in an import, ``restated`` or ``changed``) at
three moments: as imported; after the group's first value is said again; after a maintenance
pass. Each row says how many members the read returned and whether it fell back to the whole
group, and the time of reading the whole group beside it.

``python -m benchmarks.group_read [--sizes 250 1000] [--calls 30]`` prints the table and writes
``benchmarks/results/perf-s6/group_read.json``. Run the same file with the package of another
commit on ``PYTHONPATH`` for a before/after pair (it uses nothing newer than the read itself).
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from benchmarks.group_scale import GROUP_SHARE, items
from hybridmem import FakeClock, HashEmbedder, HybridMemory
from hybridmem.core.evolution_marks import current_of
from hybridmem.retrieval import groups

GROUP = "slot:drink"


def _ms(call: Callable[[], Any], calls: int) -> float:
    """Median wall ms of ``calls`` calls (the read is I/O and decoding, not CPU alone)."""
    times = []
    for _ in range(calls):
        t0 = time.perf_counter()
        call()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def measure(mem: HybridMemory, moment: str, calls: int) -> dict[str, Any]:
    """One row: the shown read and the whole-group read of the group now."""
    store = mem.store
    whole = store.conflict_group_members("u", GROUP)
    shown = groups._shown_members(store, "u", GROUP)
    current = current_of(shown)
    return {
        "moment": moment,
        "group": len(whole),
        "read": len(shown),
        "whole_read": len(shown) == len(whole),
        "current_right": current is not None and current.id == (current_of(whole) or current).id,
        "shown_ms": round(_ms(lambda: groups._shown_members(store, "u", GROUP), calls), 3),
        "whole_ms": round(_ms(lambda: store.conflict_group_members("u", GROUP), calls), 3),
    }


def run(sizes: Sequence[int], calls: int, work: Path) -> list[dict[str, Any]]:
    """For each shape and group size: grow a store, then measure at the three moments."""
    rows = []
    for shape in ("restated", "changed"):
        for size in sizes:
            clock = FakeClock()
            path = work / f"{shape}-{size}"
            mem = HybridMemory(path, embedder=HashEmbedder(), clock=clock)
            target = int(size / GROUP_SHARE)
            for lo in range(0, target, 500):
                clock.advance(minutes=1)
                mem.add_many(items(shape, lo, min(target, lo + 500), GROUP_SHARE), user_id="u")
            out = [measure(mem, "imported", calls)]
            clock.advance(days=1)
            first = items(shape, 0, 1, GROUP_SHARE)[1]  # the group's first statement
            mem.add_many([{k: v for k, v in first.items() if k != "id"}], user_id="u")
            out.append(measure(mem, "first value said again", calls))
            clock.advance(days=1)
            mem.maintain(user_id="u")
            out.append(measure(mem, "after maintain", calls))
            mem.close()
            for row in out:
                rows.append({"shape": shape, **row})
                print(
                    f"{shape:9s} {row['moment']:24s} group {row['group']:5d}: read "
                    f"{row['read']:5d}{' (whole)' if row['whole_read'] else ''} "
                    f"{row['shown_ms']:.2f} ms, whole group {row['whole_ms']:.2f} ms, "
                    f"current right: {row['current_right']}",
                    flush=True,
                )
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[250, 1000])
    parser.add_argument("--calls", type=int, default=30)
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results/perf-s6"))
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="hm-group-read-") as work:
        rows = run(args.sizes, args.calls, Path(work))
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "group_read.json"
    path.write_text(json.dumps({"calls": args.calls, "rows": rows}, indent=2) + "\n")
    print("wrote", path)


if __name__ == "__main__":
    main()
