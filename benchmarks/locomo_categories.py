"""A :mod:`benchmarks.fusion_paired` LoCoMo run read by half and category (issue 38, helper
locomo14).

``python -m benchmarks.locomo_categories RUN.json [RUN.json ...] [--json OUT]`` prints, for
every embedder and variant of the runs, frac at 1,000 tokens per half and LoCoMo category,
and the difference from the run's first variant (questions won / lost). An item's key is its
question's index among all the dev conversations' questions (as
:func:`benchmarks.fusion_paired.locomo_items` numbers them); its category is read from there.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks.locomo_data import load_locomo
from benchmarks.locomo_places import CATEGORY
from benchmarks.paths import default_data_dir


def by_category(
    items: dict[str, dict[str, Any]], base: dict[str, dict[str, Any]], cats: Sequence[str]
) -> dict[str, Any]:
    """Frac, difference from ``base`` and questions won / lost per ``half | category``."""
    cells: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for key, item in items.items():
        pair = (item["score"], base[key]["score"])
        cells[f"{item['half']} | {cats[int(key)]}"].append(pair)
        cells[f"{item['half']} | all"].append(pair)
    return {
        key: {
            "frac": round(statistics.fmean(a for a, _ in pairs), 4),
            "diff": round(statistics.fmean(a - b for a, b in pairs), 4),
            "won": sum(a > b for a, b in pairs),
            "lost": sum(a < b for a, b in pairs),
        }
        for key, pairs in sorted(cells.items())
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("runs", type=Path, nargs="+")
    parser.add_argument("--data", type=Path, default=None)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    ds = load_locomo((args.data or default_data_dir()) / "locomo" / "locomo-dev.json")
    questions = [q for c in ds.conversations for q in c.questions]
    cats = [CATEGORY.get(q.category, "adversarial") for q in questions]
    out: dict[str, Any] = {}
    for run in args.runs:
        for suite, variants in json.loads(run.read_text()).items():
            spec, name = suite.split("/")
            if name != "locomo":
                continue
            first = next(iter(variants.values()))["items"]
            for key, item in first.items():
                assert item["conversation"] == questions[int(key)].conversation_id
            for variant, got in variants.items():
                rows = by_category(got["items"], first, cats)
                out[f"{spec} | {variant}"] = rows
                print(f"\n{spec} | {variant}")
                for key, c in rows.items():
                    print(f"  {key}: {c['frac']:.3f} ({c['diff']:+.3f}, {c['won']} / {c['lost']})")
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    from benchmarks.locomo_categories import main as _main

    _main()
