"""Where a person question's answer ranks, and why (issue 38, person13).

``python -m benchmarks.probing_persons --data benchmarks/data/probing_blind2.json --ids j8 y8
[--json out.json]``: each asked question's user ingested as :mod:`benchmarks.probing` does,
the question retrieved (``top_k`` 12), and per hit: its rank, whether it cites an evidence
turn, its score, its lexical and similarity features and its words. Printed to read the
misses by mechanism; the JSON holds the answer's rank per question.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from benchmarks.probing import _cited, imported
from hybridmem.embedding import make_embedder

TOP = 12


def run(data_path: Path, ids: list[str]) -> dict[str, Any]:
    data = json.loads(data_path.read_text(encoding="utf-8"))
    embedder = make_embedder(None)
    out: dict[str, Any] = {}
    for user in data["users"]:
        asked = [q for q in data["questions"] if q["user"] == user["id"] and q["id"] in ids]
        if not asked:
            continue
        with imported(user, embedder) as (mem, task_id):
            for q in asked:
                evidence = frozenset(q["evidence"])
                got = mem.retrieve(
                    q["query"],
                    user_id=user["id"],
                    task_id=task_id,
                    top_k=TOP,
                    record_access=False,
                )
                print(f"\n{q['id']} {q['query']}  evidence {sorted(evidence)}")
                rank = None
                for i, hit in enumerate(got.hits, 1):
                    cited = _cited(hit)
                    mark = "*" if cited & evidence else " "
                    if mark == "*" and rank is None:
                        rank = i
                    f = hit.breakdown.features
                    print(
                        f"{mark}{i:2d} {hit.score:.3f} lex {f.get('lexical', 0):.2f} "
                        f"sim {f.get('similarity', 0):.2f} {sorted(cited)[:2]} "
                        f"{hit.node.content[:90]!r}"
                    )
                out[q["id"]] = {"query": q["query"], "rank": rank}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--ids", nargs="+", required=True)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    out = run(args.data, args.ids)
    print({k: v["rank"] for k, v in out.items()})
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", "utf-8")


if __name__ == "__main__":
    main()
