"""Decisions said without a change word: ranked first? filed as a value? (issue 38, decide14).

``python -m benchmarks.decisions_eval [--data benchmarks/data/decisions_blind.json]
[--embedder default] [--json F]`` imports each user's chat as :mod:`benchmarks.probing` does
(one ``add_messages`` a message, the clock at its time), asks every question at the file's
``now`` and prints, per question: the rank of the labelled turn (``hit@1``, ``hit@5``), the rank
of the deliberation turn (``older``) and whether the decision ranks above it, and what the
writer filed from the labelled turn: a fact or preference of the user's own (``own``: no
``person``), its slot and conflict group, and whether that group also holds a node citing the
deliberation turn (``joined``). Means per language and kind (``decision``, ``control``). A control's
``own`` is pollution: a hypothetical, someone else's choice or a still-open deliberation filed
as the user's value.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from benchmarks.hybrid import LARGE_TOP_K
from benchmarks.metrics import mean
from benchmarks.probing import _cited, imported
from hybridmem.embedding import Embedder, make_embedder
from hybridmem.models import MemoryNode

DATA = Path(__file__).parent / "data" / "decisions_blind.json"


def _rank(cited: list[frozenset[str]], turns: set[str]) -> int | None:
    return next((i + 1 for i, ids in enumerate(cited) if ids & turns), None)


def _cites(node: MemoryNode) -> set[str]:
    return set(node.source_ids) | ({node.source_id} if node.source_id else set())


def _filed(nodes: list[MemoryNode], turns: set[str]) -> list[MemoryNode]:
    return [
        n
        for n in nodes
        if n.node_type in ("fact", "preference") and _cites(n) & turns and n.status != "archived"
    ]


def user_rows(user: dict[str, Any], questions: list[dict[str, Any]], embedder: Embedder) -> Any:
    """Per question id: ranks, hits and what the writer filed."""
    out = {}
    with imported(user, embedder) as (mem, task_id):
        nodes = mem.store.user_nodes(user["id"])
        for q in questions:
            got = mem.retrieve(
                q["query"],
                user_id=user["id"],
                task_id=task_id,
                top_k=LARGE_TOP_K,
                record_access=False,
            )
            cited = [_cited(h) for h in got.hits]
            new, old = set(q["evidence"]), set(q["older"])
            # The deliberation's rank: a hit citing it and not the decision (a decision read
            # from both turns cites both).
            rank_new = _rank(cited, new)
            rank_old = _rank([frozenset() if c & new else c for c in cited], old) if old else None
            filed = _filed(nodes, new)
            own = [n for n in filed if not n.metadata.get("person")]
            old_groups = {n.conflict_group for n in nodes if _cites(n) & old and n.conflict_group}
            out[q["id"]] = {
                "rank": rank_new,
                "rank_older": rank_old,
                "hit@1": float(rank_new == 1),
                "hit@5": float(rank_new is not None and rank_new <= 5),
                "new_above_old": float(
                    rank_new is not None and (rank_old is None or rank_new < rank_old)
                ),
                "own": float(bool(own)),
                "joined": float(any(n.conflict_group in old_groups for n in own)),
                "filed": [
                    {
                        "type": n.node_type,
                        "slot": n.metadata.get("slot"),
                        "group": n.conflict_group,
                        "person": n.metadata.get("person"),
                        "status": n.status,
                        "text": n.content[:70],
                    }
                    for n in filed
                ],
                "top": [
                    {"rank": i + 1, "type": h.node.node_type, "text": h.node.content[:60]}
                    for i, h in enumerate(got.hits[:3])
                ],
            }
    return out


def run(data_path: Path, embedder_spec: str | None) -> dict[str, Any]:
    data = json.loads(data_path.read_text(encoding="utf-8"))
    embedder = make_embedder(embedder_spec)
    rows: dict[str, Any] = {}
    for user in data["users"]:
        qs = [q for q in data["questions"] if q["user"] == user["id"]]
        rows.update(user_rows(user, qs, embedder))
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for q in data["questions"]:
        groups[f"{q['lang']}/{q['type']}"].append(rows[q["id"]])
    keys = ("hit@1", "hit@5", "new_above_old", "own", "joined")
    summary = {
        g: {"n": len(rs), **{k: round(mean(r[k] for r in rs), 3) for k in keys}}
        for g, rs in sorted(groups.items())
    }
    items = [{**q, **rows[q["id"]]} for q in data["questions"]]
    return {"embedder": embedder.name, "data": data_path.name, "summary": summary, "items": items}


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--embedder", default="default")
    ap.add_argument("--json", type=Path, default=None)
    args = ap.parse_args(argv)
    out = run(args.data, None if args.embedder == "default" else args.embedder)
    console = Console()
    table = Table(title=f"decisions ({out['data']}, {out['embedder']})")
    for col in ("group", "n", "hit@1", "hit@5", "new>old", "own fact", "joined old group"):
        table.add_column(col)
    for g, s in out["summary"].items():
        table.add_row(
            g,
            str(s["n"]),
            *(f"{s[k]:.3f}" for k in ("hit@1", "hit@5", "new_above_old", "own", "joined")),
        )
    console.print(table)
    for it in out["items"]:
        filed = "; ".join(f"{f['type']}:{f['slot']}:{f['person']}" for f in it["filed"]) or "-"
        print(
            f"{it['id']} {it['kind']:<22} rank={it['rank']} older={it['rank_older']} "
            f"filed={filed} | {it['query']}"
        )
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
