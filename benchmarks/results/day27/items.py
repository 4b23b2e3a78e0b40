"""Item by item, several probing_variants runs side by side (day27):
``python benchmarks/results/day27/items.py SET RUN.json ...`` prints frac / hit@5 / first."""

import json
import sys
from pathlib import Path

name, paths = sys.argv[1], sys.argv[2:]
runs = [json.loads(Path(p).read_text(encoding="utf-8"))[name] for p in paths]
print("id   " + "  ".join(Path(p).stem[-22:].ljust(15) for p in paths))
for qid in runs[0]["items"]:
    cells = (r["items"][qid] for r in runs)
    shown = (f"{c['frac']:.2f}/{c['hit@5']:.0f}/{c['first']:.2f}".ljust(15) for c in cells)
    print(qid.ljust(4), "  ".join(shown))
for r, p in zip(runs, paths, strict=True):
    print(Path(p).stem, r["summary"])
