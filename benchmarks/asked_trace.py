"""What the store holds for the attribute a probing question asks about (issue 38, helper
asked13).

``python -m benchmarks.asked_trace --data benchmarks/data/probing_blind2.json --ids j1,y12
[--json F]`` imports each asked question's user as ``benchmarks.probing`` does, reads the
question's attribute (``attributes.asked_slot``), and prints every member of the user's
group of that attribute (status, demoted or not, the turns it cites, whether it is the
group's current value by ``current_of``), then the top hits of the retrieval with their
candidate sources and the turns they cite. It shows whether the group's current value is the
answer the question's evidence names.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks.probing import DATA, _cited, imported
from hybridmem.core.evolution_marks import current_of
from hybridmem.embedding import make_embedder
from hybridmem.retrieval.attributes import asked_slot

TOP = 8
"""Hits printed per question."""


def trace(user: dict[str, Any], q: dict[str, Any], embedder: Any) -> dict[str, Any]:
    """The asked attribute's group members and the top hits of ``q``."""
    with imported(user, embedder) as (mem, task_id):
        slot = asked_slot(q["query"], mem.config.evolution.slot_map)
        members = mem.store.conflict_group_members(user["id"], f"slot:{slot}") if slot else []
        current = current_of(members)
        got = mem.retrieve(
            q["query"], user_id=user["id"], task_id=task_id, top_k=TOP, record_access=False
        )
        return {
            "id": q["id"],
            "query": q["query"],
            "evidence": q["evidence"],
            "asked_slot": slot,
            "members": [
                {
                    "status": m.status,
                    "demoted": "demoted_by" in m.metadata,
                    "current": current is not None and m.id == current.id,
                    "cites": sorted(m.source_ids),
                    "text": m.content[:80],
                }
                for m in members
            ],
            "top": [
                {
                    "rank": i + 1,
                    "sources": list(h.breakdown.sources),
                    "cites": sorted(_cited(h)),
                    "text": h.node.content[:70],
                }
                for i, h in enumerate(got.hits)
            ],
        }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", default=str(DATA))
    parser.add_argument("--ids", required=True, help="question ids, comma-separated")
    parser.add_argument("--embedder", default="multilingual")
    parser.add_argument("--json", default=None)
    args = parser.parse_args(argv)
    data = json.loads(Path(args.data).read_text(encoding="utf-8"))
    users = {u["id"]: u for u in data["users"]}
    wanted = set(args.ids.split(","))
    embedder = make_embedder(args.embedder)
    out = []
    for q in data["questions"]:
        if q["id"] not in wanted:
            continue
        row = trace(users[q["user"]], q, embedder)
        out.append(row)
        print(f"{row['id']} {row['query']} (evidence {row['evidence']}): {row['asked_slot']}")
        for m in row["members"]:
            mark = "current" if m["current"] else ("demoted" if m["demoted"] else "")
            print(f"  member {m['status']:8} {mark:8} {m['cites']} {m['text']}")
        for h in row["top"]:
            print(f"  hit {h['rank']} {h['sources']} {h['cites']} {h['text']}")
    if args.json:
        Path(args.json).write_text(json.dumps(out, ensure_ascii=False, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
