"""The items whose score or rank moved between two ``benchmarks.fusion_paired`` runs (issue 38).

``fusion_paired`` pairs its variants inside one run; a retrieval patch applied around the whole
run (``python -m benchmarks.probing_joined fusion READING ...``) is a second run, so its items are
paired with the first run's here: ``python -m benchmarks.fusion_item_moves BEFORE.json
AFTER.json``. Per suite and variant: each half's mean before -> after, then every item whose
score (MADial hit@5, LoCoMo frac at 1,000 tokens) or rank of the first relevant memory moved,
by its key in the suite: its index in the order ``fusion_paired`` reads them, the same in both
runs.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from statistics import fmean
from typing import Any


def _half_means(items: dict[str, dict[str, Any]]) -> dict[str, float]:
    halves = sorted({it["half"] for it in items.values()})
    return {h: fmean(it["score"] for it in items.values() if it["half"] == h) for h in halves}


def moves(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """Per suite and variant both runs hold: the halves' means, then the items that moved."""
    lines = []
    for suite, variants in after.items():
        for name, run in variants.items():
            was = before.get(suite, {}).get(name)
            if was is None:
                continue
            old, new = was["items"], run["items"]
            means = zip(_half_means(old).items(), _half_means(new).values(), strict=True)
            cells = [f"{h} {a:.3f}->{b:.3f}" for (h, a), b in means]
            lines.append(f"{suite} {name}: " + ", ".join(cells))
            for i, a in old.items():
                b = new[i]
                if a["score"] != b["score"] or a.get("rank") != b.get("rank"):
                    lines.append(
                        f"  {i} ({a['half']}): score {a['score']:g}->{b['score']:g}, "
                        f"rank {a.get('rank')}->{b.get('rank')}"
                    )
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    """``BEFORE.json AFTER.json``: print the moves."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 2:
        raise SystemExit("usage: python -m benchmarks.fusion_item_moves BEFORE.json AFTER.json")
    before, after = (json.loads(Path(p).read_text(encoding="utf-8")) for p in args)
    print("\n".join(moves(before, after)))


if __name__ == "__main__":
    main()
