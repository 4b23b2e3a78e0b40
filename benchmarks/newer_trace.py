"""Why an older value ranks above the newest in a probing question (issue 38, helper newer13).

``python -m benchmarks.newer_trace --data benchmarks/data/probing_blind2.json --ids w14,y3,y12
--older wanglei-6-1,xiaoyu-4-1,xiaoyu-1-5 [--json F]`` imports each asked question's user as
:mod:`benchmarks.probing_trace` does, asks the question, and prints for every node that cites an
evidence turn or an ``--older`` turn (the older value's turn): its type, status, conflict group,
speech act, slot, whether it is a hit and at which rank, and its score parts; then, for each
pair of an older and a newer standing statement, the conditions
:func:`hybridmem.retrieval.newer_values.newer_first` asks (same subject, one attribute, answers
alike, the pair model's reading). It answers: is the newer value a candidate, is it in a value
group with the old one (the write path), does the query-time reading see them as one
attribute.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks.probing import DATA, _cited, imported
from hybridmem.embedding import make_embedder
from hybridmem.evolution.slots.pairs import model_for, read
from hybridmem.models import MemoryNode
from hybridmem.retrieval.newer_values import one_attribute, same_subject


def _node_row(node: MemoryNode, ranks: dict[str, tuple[int, Any]]) -> dict[str, Any]:
    rank, hit = ranks.get(node.id, (None, None))
    return {
        "id": node.id,
        "type": node.node_type,
        "status": node.status,
        "group": node.conflict_group,
        "act": node.marks.get("speech_act"),
        "marks": {k: str(v) for k, v in node.marks.items()},
        "sources": list(node.source_ids),
        "rank": rank,
        "score": None if hit is None else round(hit.score, 4),
        "parts": None
        if hit is None
        else {k: round(v, 4) for k, v in hit.breakdown.parts.items() if v},
        "text": node.content[:80],
    }


def trace(user: dict[str, Any], q: dict[str, Any], older: set[str], embedder: Any) -> Any:
    """The rows of the nodes citing ``q``'s evidence or ``older``, and the pair readings."""
    with imported(user, embedder) as (mem, task_id):
        got = mem.retrieve(
            q["query"], user_id=user["id"], task_id=task_id, top_k=40, record_access=False
        )
        ranks = {h.node.id: (i + 1, h) for i, h in enumerate(got.hits)}
        for i, h in enumerate(got.hits):
            for m in h.merged:
                ranks.setdefault(m.id, (i + 1, h))
        evidence = set(q["evidence"])
        nodes = mem.store.user_nodes(user["id"])
        rows = []
        for n in nodes:
            cites = set(n.source_ids) | ({n.source_id} if n.source_id else set())
            if cites & (evidence | older) or n.id in evidence | older:
                row = _node_row(n, ranks)
                row["role"] = "new" if cites & evidence or n.id in evidence else "old"
                rows.append(row)
        model = model_for(embedder.name, embedder.dimension)
        pairs = []
        facts = [n for n in nodes if n.node_type in ("fact", "preference")]
        new_f = [n for n in facts if set(n.source_ids) & evidence]
        old_f = [n for n in facts if set(n.source_ids) & older]
        for a in old_f:
            for b in new_f:
                va, vb = embedder.embed([a.content, b.content])
                reading = None if model is None else read(model, vb, b.content, va, a.content)
                pairs.append(
                    {
                        "old": a.content[:60],
                        "new": b.content[:60],
                        "same_subject": same_subject(b.content, a.content),
                        "one_attribute": one_attribute(b.content, a.content),
                        "linked": None if reading is None else bool(reading.linked),
                        "reading": None if reading is None else repr(reading)[:160],
                    }
                )
        top = [
            {
                "rank": i + 1,
                "type": h.node.node_type,
                "cites": sorted(_cited(h)),
                "text": h.node.content[:60],
            }
            for i, h in enumerate(got.hits[:8])
        ]
        return {"rows": rows, "pairs": pairs, "top": top}


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--ids", required=True, help="question ids, comma-separated")
    ap.add_argument("--older", required=True, help="the older values' turn ids, comma-separated")
    ap.add_argument("--embedder", default=None)
    ap.add_argument("--json", type=Path, default=None)
    args = ap.parse_args(argv)
    data = json.loads(args.data.read_text(encoding="utf-8"))
    ids, older = args.ids.split(","), set(args.older.split(","))
    embedder = make_embedder(args.embedder)
    out: dict[str, Any] = {}
    for user in data["users"]:
        for q in [q for q in data["questions"] if q["user"] == user["id"] and q["id"] in ids]:
            mine = {t for t in older if t.rsplit("-", 2)[0] == user["id"]}
            res = trace(user, q, mine, embedder)
            out[q["id"]] = res
            print(f"\n{q['id']} {q['query']}")
            for r in res["top"]:
                print(f"  top {r['rank']} {r['type']} {r['cites']} {r['text']}")
            for r in res["rows"]:
                print(
                    f"  {r['role']} {r['type']:<10} {r['status']:<9} grp={r['group']} "
                    f"act={r['act']} rank={r['rank']} score={r['score']} src={r['sources']} "
                    f"| {r['text']}"
                )
            for p in res["pairs"]:
                print(f"  pair {p}")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
