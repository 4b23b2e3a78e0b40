"""The engine's questions-back packing against main's packing, question by question
(issue 38, helper locomo11; measured and not shipped: the engine versions are commits 088c503,
a turn's questions back elided, and 5ffa51d, those sharing a term with the query kept; on any
other code it pairs the engine with itself).

``python -m benchmarks.asked_back_paired --cache DIR [--embedders default,minilm] [--json OUT]``
asks every LoCoMo question of categories 1-4 of the dev conversations through the engine as
it now is (cached stores, read-only retrieval, 1,000 tokens) and pairs each with main's
packing of the same ranked hits, redone offline from the records :mod:`benchmarks.budget_use`
keeps under ``--cache`` (recorded on main: ``budget_use`` checks that packing against main's
engine question by question). Per half and category: frac, wins and losses; answer
containment (the span questions of ``budget_use``), answers gained and lost; turns packed.
It also counts the questions whose packed set differs from the offline ``asks out`` variant
(the engine gives a question its questions back only in the room left, so none should).
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks import budget_use, fusion_paired, tuning
from benchmarks.metrics import evidence_score
from benchmarks.paths import default_data_dir
from hybridmem import MemoryConfig

CATEGORY = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}


def run(spec: str, data: Path, cache: Path) -> dict[str, Any]:
    recs = budget_use.cached(spec, data, cache)
    embedder = fusion_paired._embedder(spec)
    bench, questions = tuning.locomo_bench(embedder, data)
    asked = {(q.conversation_id, q.question): q for q in questions if q.category != 5}
    embedder.warm([q.question for q in asked.values()])
    mem, clock = tuning.open_engine(bench, embedder, MemoryConfig())
    rows: list[dict[str, Any]] = []
    try:
        for rec in recs:
            q = asked[(rec.conversation, rec.question)]
            res, got = tuning.ask_locomo(mem, clock, bench, q, 1000)
            old = budget_use.pack(rec, 1000)
            variant = budget_use.variant_pack(rec, 1000, "asks out")
            answer = f" {budget_use.normalise(rec.answer)} "
            rows.append(
                {
                    "conversation": rec.conversation,
                    "half": rec.half,
                    "category": CATEGORY[rec.category],
                    "question": rec.question,
                    "span": rec.span,
                    "old": evidence_score(rec.evidence, budget_use.covered(rec, old)).frac,
                    "new": evidence_score(rec.evidence, got).frac,
                    "old_answer": budget_use.contains(rec, old),
                    "new_answer": answer in f" {budget_use.normalise(res.context)} ",
                    "old_turns": len(old.hits),
                    "new_turns": len(res.hits),
                    "differs_from_variant": {h.node.id for h in res.hits}
                    != {h.node.id for h in variant.hits},
                }
            )
    finally:
        mem.close()
    return {"summary": summarise(rows), "questions": rows}


def summarise(rows: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for half in ("tune", "check"):
        for cat in ("all", *CATEGORY.values()):
            sel = [r for r in rows if r["half"] == half and cat in ("all", r["category"])]
            span = [r for r in sel if r["span"]]
            out[f"{half} {cat}"] = {
                "questions": len(sel),
                "old": round(statistics.fmean(r["old"] for r in sel), 4),
                "new": round(statistics.fmean(r["new"] for r in sel), 4),
                "wins": sum(r["new"] > r["old"] + 1e-9 for r in sel),
                "losses": sum(r["new"] < r["old"] - 1e-9 for r in sel),
                "answer old": round(statistics.fmean(r["old_answer"] for r in span), 4)
                if span
                else None,
                "answer new": round(statistics.fmean(r["new_answer"] for r in span), 4)
                if span
                else None,
                "answers gained": sum(r["new_answer"] > r["old_answer"] for r in span),
                "answers lost": sum(r["new_answer"] < r["old_answer"] for r in span),
                "turns old": round(statistics.fmean(r["old_turns"] for r in sel), 2),
                "turns new": round(statistics.fmean(r["new_turns"] for r in sel), 2),
                "packed set differs from the variant": sum(r["differs_from_variant"] for r in sel),
            }
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = budget_use.cached_parser(__doc__)
    args = parser.parse_args(argv)
    out: dict[str, Any] = {}
    for spec in args.embedders.split(","):
        out[spec] = run(spec, args.data or default_data_dir(), args.cache)
        print(spec)
        for key, row in out[spec]["summary"].items():
            print(f"  {key}: {json.dumps(row)}", flush=True)
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    from benchmarks.asked_back_paired import main as _main

    _main()
