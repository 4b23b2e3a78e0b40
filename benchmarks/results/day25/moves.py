"""Item-by-item moves between two probing_variants runs (day25):
``python benchmarks/results/day25/moves.py BEFORE.json AFTER.json``."""

import json
import sys
from pathlib import Path

before, after = (json.loads(Path(p).read_text(encoding="utf-8")) for p in sys.argv[1:3])
up = down = 0
for name, run in after.items():
    old = before.get(name, {}).get("items", {})
    for qid, fig in run["items"].items():
        moved = {
            k: (old[qid][k], fig[k]) for k in ("frac", "hit@5", "first") if old[qid][k] != fig[k]
        }
        if moved:
            gain = sum(y - x for x, y in moved.values())
            up, down = up + (gain > 0), down + (gain < 0)
            print(name, qid, ", ".join(f"{k} {x:.3f}->{y:.3f}" for k, (x, y) in moved.items()))
    print(name, "summary", old and before[name]["summary"], "->", run["summary"])
print(f"items up {up}, down {down}")
