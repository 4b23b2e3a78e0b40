"""Where LoCoMo's multi-hop evidence ranks, feature by feature (issue 38, the misses first).

``python -m benchmarks.multi_hop_ranks [--embedder default|minilm] [--json PATH]`` asks every
question of categories 1-4 of the five dev conversations through :mod:`benchmarks.tuning`
(cached stores, read-only retrieval, no budget: the whole ranked list), and for the multi-hop
(category 1) evidence turns that rank just past what 1,000 tokens hold (0-based rank 24-49;
~24 turns fit, docs/benchmarks.md "How the 1,000 tokens are spent") reports:

- how their own relevance (the similarity + lexical parts of the score) compares with that of
  the non-evidence hits above rank 24 (the median of those, their minimum);
- their rank among the question's hits by each part alone (similarity, lexical, own
  relevance, speaker, parent, neighbour);
- the mean of each part over those turns and over the packed non-evidence hits;
- how many of the top 24 come from the single most frequent session, and how many sessions
  the top 24 span.

If the turns just past the budget were buried by their session (``parent``, the same for every
turn of a session) rather than by their own evidence, they would rank high by own relevance.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks import fusion_paired, tuning
from benchmarks.paths import default_data_dir
from hybridmem import MemoryConfig

FITS = 24
"""Turns a 1,000-token context holds, on average (measured, not chosen here)."""
PAST = 50
PARTS = ("similarity", "lexical", "own", "speaker", "parent", "neighbour")


def _part(hit: Any, name: str) -> float:
    parts = hit.breakdown.parts
    if name == "own":
        return parts.get("similarity", 0.0) + parts.get("lexical", 0.0)
    return float(parts.get(name, 0.0))


def ranked_lists(spec: str, data: Path) -> list[dict[str, Any]]:
    """Per question of category 1: its evidence and, per hit, its evidence ids, session and
    parts."""
    embedder = fusion_paired._embedder(spec)
    bench, questions = tuning.locomo_bench(embedder, data)
    embedder.warm([q.question for q in questions])
    mem, clock = tuning.open_engine(bench, embedder, MemoryConfig())
    out = []
    try:
        for q in questions:
            if q.category != 1:
                continue
            corpus = bench.corpora[q.conversation_id]
            res, _ = tuning.ask_locomo(mem, clock, bench, q, None)
            prefix = corpus.id + ":"
            hits = [
                {
                    "covers": [c[len(prefix) :] for c in h.covers if c.startswith(prefix)],
                    "session": h.node.parent_id,
                    **{p: _part(h, p) for p in PARTS},
                }
                for h in res.hits
            ]
            out.append({"evidence": sorted(q.evidence), "hits": hits})
    finally:
        mem.close()
    return out


def summarise(questions: list[dict[str, Any]]) -> dict[str, Any]:
    """The figures of the module docstring over ``questions``."""
    turns = above_median = above_min = 0
    ranks: dict[str, list[int]] = {p: [] for p in PARTS}
    means: dict[str, dict[str, list[float]]] = {"evidence": {}, "packed": {}}
    biggest: list[int] = []
    spans: list[int] = []
    for q in questions:
        evidence = set(q["evidence"])
        hits = q["hits"]
        top = Counter(h["session"] for h in hits[:FITS])
        biggest.append(max(top.values(), default=0))
        spans.append(len(top))
        packed_own = [h["own"] for h in hits[:FITS] if not evidence & set(h["covers"])]
        order = {
            p: {i: r for r, i in enumerate(sorted(range(len(hits)), key=lambda i: -hits[i][p]))}
            for p in PARTS
        }
        for hit in hits[:FITS]:
            if not evidence & set(hit["covers"]):
                for p in PARTS:
                    means["packed"].setdefault(p, []).append(hit[p])
        for rank, hit in enumerate(hits[:PAST]):
            if rank < FITS or not evidence & set(hit["covers"]) or not packed_own:
                continue
            for p in PARTS:
                means["evidence"].setdefault(p, []).append(hit[p])
            turns += 1
            above_median += hit["own"] > statistics.median(packed_own)
            above_min += hit["own"] > min(packed_own)
            for p in PARTS:
                ranks[p].append(order[p][rank])
    return {
        "questions": len(questions),
        "evidence_turns_at_24_49": turns,
        "own_above_median_of_packed_non_evidence": above_median,
        "own_above_min_of_packed_non_evidence": above_min,
        "rank_by_part_alone": {
            p: {"median": statistics.median(r), "within_24": sum(x < FITS for x in r)}
            for p, r in ranks.items()
            if r
        },
        "mean_part": {
            group: {p: statistics.fmean(v) for p, v in parts.items()}
            for group, parts in means.items()
        },
        "top24_largest_session_mean": statistics.fmean(biggest),
        "top24_sessions_mean": statistics.fmean(spans),
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, default=None)
    parser.add_argument("--embedders", default="default,minilm")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    out = {}
    for spec in args.embedders.split(","):
        out[spec] = summarise(ranked_lists(spec, args.data or default_data_dir()))
        print(spec, json.dumps(out[spec]), flush=True)
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
