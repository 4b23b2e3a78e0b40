"""The retrievals of the sealed probes and privacy sets that the number nouns move (helper
sensitive26): ``PYTHONPATH=. python benchmarks/results/sensitive26/number_moves.py SUITE ...
[--embedder minilm] [--about] --json F``. Each suite's questions asked as its runner asks them
(``--about``: only those about a sealed memory; the pair reading, number_pairs.py, moved no
near pair), every call of the rule judged twice: as it is, and with
:func:`hybridmem.retrieval.sensitive._closed_for` answering the closed classes alone (before).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import hybridmem.retrieval.retriever as retriever_module
from benchmarks.sealed_calls import DATA, _probe, _probe_sets
from benchmarks.sensitive_sets import _comparing


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("suites", nargs="+")
    parser.add_argument("--embedder", default=None)
    parser.add_argument("--about", action="store_true")
    parser.add_argument("--json", type=Path, required=True)
    args = parser.parse_args()
    out: dict[str, Any] = {}
    saved = retriever_module.withheld
    try:
        for name in args.suites:
            moved: list[dict[str, Any]] = []
            retriever_module.withheld = _comparing(moved, "_closed_for")  # type: ignore[assignment]
            data = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
            if args.about:
                data = {**data, "near": {"en": [], "zh": []}}
            _probe(args.embedder, data, _probe_sets(name), None)
            out[name] = moved
            print(f"{name}: retrievals moved {len(moved)}", flush=True)
            for m in moved:
                print("   moved:", json.dumps(m, ensure_ascii=False), flush=True)
    finally:
        retriever_module.withheld = saved  # type: ignore[assignment]
    args.json.write_text(json.dumps(out, ensure_ascii=False, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
