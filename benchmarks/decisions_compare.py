"""Per-question differences between two runs of ``benchmarks.probing`` (helper daywindow15).

``python -m benchmarks.decisions_compare BEFORE.json AFTER.json``: hybridmem's frac, hit@5 and
"first" per language on both runs, and every question whose figure moved.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

FIGURES = ("frac", "hit@5", "first")


def _summary(run: dict[str, Any], lang: str) -> str:
    s = run["summary"]["hybridmem"][lang]
    return " / ".join(f"{s[f]:.3f}" if f in s else "-" for f in FIGURES)


def compare(before: Path, after: Path) -> list[str]:
    """Lines: each language's figures before -> after, then each moved question."""
    old = json.loads(before.read_text(encoding="utf-8"))
    new = json.loads(after.read_text(encoding="utf-8"))
    out = [f"{after.name}"]
    for lang in ("en", "zh"):
        out.append(f"  {lang}: {_summary(old, lang)} -> {_summary(new, lang)}")
    was = {i["id"]: i for i in old["items"]}
    for item in new["items"]:
        prev = was.get(item["id"])
        if prev is None:
            continue
        moved = [
            f"{f} {prev.get('hybridmem:' + f)} -> {item.get('hybridmem:' + f)}"
            for f in FIGURES
            if prev.get("hybridmem:" + f) != item.get("hybridmem:" + f)
        ]
        if moved:
            out.append(f"  {item['id']} ({item['lang']}, {item['type']}): {'; '.join(moved)}")
    return out


def main(argv: Sequence[str] | None = None) -> None:
    args = list(sys.argv[1:] if argv is None else argv)
    for line in compare(Path(args[0]), Path(args[1])):
        print(line)


if __name__ == "__main__":
    main()
