"""One probing question's ranking, feature by feature, under session reaches (issue 38).

``python -m benchmarks.probing_trace --data benchmarks/data/probing_blind2.json --ids j8
[--reach 32,none] [--top 8] [--json F]`` imports the question's user as
:mod:`benchmarks.probing` does (``add_messages``, one message a call, the clock at each
message) once per reach (``RetrievalConfig.session_reach``; ``none``: every turn of a session
gets the session's best match), asks the question at the file's ``now`` (``top_k`` 40) and
prints the first hits and every evidence turn with its rank, score and the weighted parts of
the score (similarity, lexical, parent, neighbour, ...), so a move between two settings can be
read part by part.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks.probing import DATA, _cited, imported
from hybridmem.config import MemoryConfig, RetrievalConfig
from hybridmem.embedding import make_embedder

PARTS = ("similarity", "lexical", "parent", "neighbour", "speaker", "time", "recency")


def _row(rank: int, hit: Any, evidence: frozenset[str]) -> dict[str, Any]:
    cited = sorted(_cited(hit))
    parts = hit.breakdown.parts
    return {
        "rank": rank,
        "turns": cited,
        "evidence": bool(evidence & set(cited)),
        "score": round(hit.score, 4),
        "parts": {p: round(parts.get(p, 0.0), 4) for p in PARTS},
        "features": {p: round(hit.breakdown.features.get(p, 0.0), 4) for p in PARTS},
        "text": hit.node.content[:70],
    }


def trace(
    user: dict[str, Any], questions: list[dict[str, Any]], reach: float | None, embedder: Any
) -> dict[str, list[dict[str, Any]]]:
    """Per question id: its first 40 hits' rows under ``reach``."""
    config = MemoryConfig(retrieval=RetrievalConfig(session_reach=reach))
    out: dict[str, list[dict[str, Any]]] = {}
    with imported(user, embedder, config) as (mem, task_id):
        for q in questions:
            got = mem.retrieve(
                q["query"], user_id=user["id"], task_id=task_id, top_k=40, record_access=False
            )
            evidence = frozenset(q["evidence"])
            out[q["id"]] = [_row(i + 1, h, evidence) for i, h in enumerate(got.hits)]
    return out


def _print(qid: str, reach: str, rows: list[dict[str, Any]], top: int) -> None:
    print(f"\n{qid} reach={reach}")
    for r in rows:
        if r["rank"] > top and not r["evidence"]:
            continue
        parts = " ".join(f"{p[:3]}={v:.3f}" for p, v in r["parts"].items() if v)
        mark = "*" if r["evidence"] else " "
        print(f"{mark}{r['rank']:>3} {r['score']:.4f} {parts} | {r['text']}")


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--ids", required=True, help="question ids, comma-separated")
    ap.add_argument("--reach", default="32,none", help="session reaches, comma-separated")
    ap.add_argument("--embedder", default=None)
    ap.add_argument("--top", type=int, default=8)
    ap.add_argument("--json", type=Path, default=None)
    args = ap.parse_args(argv)
    data = json.loads(args.data.read_text(encoding="utf-8"))
    ids = args.ids.split(",")
    embedder = make_embedder(args.embedder)
    out: dict[str, Any] = {}
    for spec in args.reach.split(","):
        reach = None if spec == "none" else float(spec)
        for user in data["users"]:
            asked = [q for q in data["questions"] if q["user"] == user["id"] and q["id"] in ids]
            if asked:
                for qid, rows in trace(user, asked, reach, embedder).items():
                    out.setdefault(qid, {})[spec] = rows
                    _print(qid, spec, rows, args.top)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
