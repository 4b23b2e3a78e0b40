"""What the one-time re-cut of the lexical terms costs an open (after an upgrade that changes
``hybridmem.lexical.ANALYSIS``), beside a plain open of the same store in the same run.

Builds a store of N memories (half English, half Chinese lines, the hash embedder: an open
embeds nothing, so the model does not change what is measured), then times ``HybridMemory(path)``
``--rounds`` times as it is (nothing to finish: the baseline) and ``--rounds`` times after the
store's ``lexical_analysis`` stamp was set back (every plaintext node's terms re-derived: jieba
for the Chinese ones, the BM25 statistics counted out and in).

Run: ``python -m benchmarks.lexical_recut [--sizes 1000 10000] [--rounds 3] [--out DIR]``.
Prints a table and writes ``lexical_recut.json``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from hybridmem import HashEmbedder, HybridMemory
from hybridmem.opening import LEXICAL_META

EN = [
    "moved the standup to {n} past nine, the team agreed",
    "bought oat milk and {n} eggs at the corner shop",
    "the budget review for project {n} is due on Friday",
    "my sister's flight lands at gate {n} tomorrow",
]
ZH = [
    "周{n}下午和同事讨论预算",
    "在楼下超市买了{n}盒牛奶",
    "项目{n}的周报明天交",
    "妹妹的航班明天落地，{n}号登机口",
]


def _build(path: Path, size: int) -> None:
    with HybridMemory(path, embedder=HashEmbedder(64)) as mem:
        task = mem.add("daily notes", node_type="task", user_id="u")
        lines = [(EN if i % 2 else ZH)[i % 4].format(n=i) for i in range(size)]
        for start in range(0, size, 500):
            batch = lines[start : start + 500]
            mem.add_many([{"content": t, "parent_id": task.id} for t in batch], user_id="u")


def _open_seconds(path: Path, *, recut: bool) -> float:
    if recut:
        with HybridMemory(path, embedder=HashEmbedder(64)) as mem:
            mem.store.set_meta(LEXICAL_META, "0")
    started = time.perf_counter()
    with HybridMemory(path, embedder=HashEmbedder(64)):
        elapsed = time.perf_counter() - started
    return elapsed


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results/lexical_recut"))
    args = parser.parse_args(argv)
    rows = []
    for size in args.sizes:
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "m"
            _build(path, size)
            _open_seconds(path, recut=False)  # warm the page cache and the imports
            plain = [_open_seconds(path, recut=False) for _ in range(args.rounds)]
            recut = [_open_seconds(path, recut=True) for _ in range(args.rounds)]
        rows.append(
            {
                "nodes": size,
                "open_s": statistics.median(plain),
                "open_with_recut_s": statistics.median(recut),
                "recut_extra_s": statistics.median(recut) - statistics.median(plain),
            }
        )
    print(f"{'nodes':>8} {'open s':>8} {'open+recut s':>13} {'extra s':>8}")
    for r in rows:
        print(
            f"{r['nodes']:>8} {r['open_s']:>8.3f} {r['open_with_recut_s']:>13.3f} "
            f"{r['recut_extra_s']:>8.3f}"
        )
    result = {"rounds": args.rounds, "rows": rows}
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "lexical_recut.json").write_text(json.dumps(result, indent=2))
    return result


if __name__ == "__main__":
    main()
