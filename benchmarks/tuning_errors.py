"""Error analysis of LoCoMo retrieval: why a question's evidence is not in the packed context.

``python -m benchmarks.tuning_errors [--embedder default|minilm] [--budget 1000]`` runs every
category 1-4 question of the dev LoCoMo conversations twice on the cached store of
:mod:`benchmarks.tuning` (read-only retrieval): once as the benchmark does (``budget`` tokens)
and once unbounded (every candidate, ranked). Each evidence turn missing from the packed
context is then one of:

- ``not a candidate``: no candidate path (vector, lexical, time, structure, neighbour) reached it;
- ``ranked low``: a candidate, ranked below the last hit the budget held;
- ``packed out``: ranked above the last packed hit but skipped because it did not fit.

It also prints where evidence ranks (buckets), how the budget is spent (hits packed, tokens per
hit, tokens on the task path) and the same per category. No configuration is changed here.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path
from statistics import mean, median

from benchmarks import tuning
from benchmarks.hybrid import BENCH_USER
from benchmarks.paths import default_data_dir
from hybridmem import MemoryConfig
from hybridmem.embedding import make_embedder

BUCKETS = (5, 10, 20, 40, 80, 160)


def bucket(rank: int | None) -> str:
    """The rank bucket of a 1-based rank (None: not a candidate)."""
    if rank is None:
        return "absent"
    for b in BUCKETS:
        if rank <= b:
            return f"<={b}"
    return f">{BUCKETS[-1]}"


def analyse(
    embedder_spec: str, data: Path, budget: int, config: MemoryConfig | None = None
) -> dict[str, object]:
    """Per-question records and the aggregated breakdown."""
    embedder = tuning.CachedEmbedder(
        make_embedder(None if embedder_spec == "default" else embedder_spec)
    )
    bench, questions = tuning.locomo_bench(embedder, data)
    questions = [q for q in questions if q.category != 5]
    embedder.warm([q.question for q in questions])
    mem, clock = tuning.open_engine(bench, embedder, config or MemoryConfig())
    records: list[dict[str, object]] = []
    try:
        for q in questions:
            corpus = bench.corpora[q.conversation_id]
            clock.now = bench.ends[corpus.id]
            prefix = corpus.id + ":"
            kw = {"user_id": BENCH_USER, "task_id": corpus.id, "record_access": False}
            packed = mem.retrieve(q.question, top_k=10_000, token_budget=budget, **kw)
            full = mem.retrieve(q.question, top_k=10_000, token_budget=None, **kw)
            rank: dict[str, int] = {}
            sources: dict[str, tuple[str, ...]] = {}
            for i, h in enumerate(full.hits, 1):
                for c in h.covers:
                    if c.startswith(prefix):
                        rank.setdefault(c[len(prefix) :], i)
                        sources.setdefault(c[len(prefix) :], h.breakdown.sources)
            got = {c[len(prefix) :] for h in packed.hits for c in h.covers if c.startswith(prefix)}
            last = max(
                (
                    rank.get(c[len(prefix) :], 0)
                    for h in packed.hits
                    for c in h.covers
                    if c.startswith(prefix)
                ),
                default=0,
            )
            path_tokens = sum(len(n.content) for n in packed.path)  # characters, rough
            ev = []
            for e in sorted(q.evidence):
                r = rank.get(e)
                if e in got:
                    why = "packed"
                elif r is None:
                    why = "not a candidate"
                elif r > last:
                    why = "ranked low"
                else:
                    why = "packed out"
                ev.append({"id": e, "rank": r, "why": why, "sources": list(sources.get(e, ()))})
            records.append(
                {
                    "conversation": q.conversation_id,
                    "category": q.category,
                    "question": q.question,
                    "evidence": ev,
                    "frac": sum(x["why"] == "packed" for x in ev) / max(len(ev), 1),
                    "packed_hits": len(packed.hits),
                    "tokens": packed.tokens,
                    "candidates": len(full.hits),
                    "last_rank": last,
                    "path_chars": path_tokens,
                    "hit_tokens": [mem.engine.counter.count(h.node.content) for h in packed.hits],
                }
            )
    finally:
        mem.close()
    return {"records": records, "summary": summarise(records)}


def summarise(records: Sequence[dict]) -> dict[str, object]:
    """Counts of missed evidence by cause, rank buckets, budget use; overall and per category."""
    out: dict[str, object] = {}
    groups: dict[str, list[dict]] = defaultdict(list)
    for r in records:
        groups["all"].append(r)
        groups[f"cat{r['category']}"].append(r)
    for g, rs in sorted(groups.items()):
        ev = [e for r in rs for e in r["evidence"]]
        out[g] = {
            "questions": len(rs),
            "frac": mean(r["frac"] for r in rs),
            "evidence": len(ev),
            "why": dict(Counter(e["why"] for e in ev)),
            "missed_rank": dict(Counter(bucket(e["rank"]) for e in ev if e["why"] != "packed")),
            "packed_hits_median": median(r["packed_hits"] for r in rs),
            "last_rank_median": median(r["last_rank"] for r in rs),
            "candidates_median": median(r["candidates"] for r in rs),
            "tokens_per_hit": mean(t for r in rs for t in r["hit_tokens"]),
            "missed_sources": dict(
                Counter(s for e in ev if e["why"] != "packed" for s in e["sources"])
            ),
        }
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, default=None)
    parser.add_argument("--embedder", default="default")
    parser.add_argument("--budget", type=int, default=1000)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    result = analyse(args.embedder, args.data or default_data_dir(), args.budget)
    print(json.dumps(result["summary"], indent=1))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(result, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
