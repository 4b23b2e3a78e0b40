"""Which channel found each missed LoCoMo evidence turn, where it ranks, by which feature it
would rank, and what the hits above it are (issue 38, helper locomo14).

``python -m benchmarks.locomo_channels --cache DIR [--embedders default,minilm] [--json OUT]``
reads the records :mod:`benchmarks.budget_use` keeps under ``--cache`` (every category 1-4
question of the five dev conversations, retrieved by the engine, what the retriever handed
the packer) and, for every evidence turn the engine's 1,000-token context leaves out:

- its place (:func:`benchmarks.locomo_places.place`);
- for a candidate: the channels that made it one (``Hit.breakdown.sources``: vector, lexical,
  neighbour, time, structure, summary), its rank among the candidates by the similarity
  feature alone, by the lexical feature alone and by the direct relevance (the two, weighted
  as the engine weighs them), and the parts of its score that the propagated features
  (``parent``: its session's lift; ``neighbour``) give;
- the packed hits ranked above it: how many share its session, how many share the session of
  the first hit, how many match no word of the question (lexical 0), and the share of their
  score that comes from the session's lift.

It tells which lever could reach a missed turn: a turn the direct relevance alone puts within
what the budget holds (~25 hits) but the score puts lower is lost to the propagated features;
a turn low by both channels is lost to the question's own evidence, which no fusion changes.
Reads the records only: no retrieval, seconds per embedder.
"""

from __future__ import annotations

import json
import statistics
from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any

from benchmarks import budget_use
from benchmarks.locomo_places import CATEGORY, place, ranks
from benchmarks.paths import default_data_dir
from hybridmem.models import Hit

HOLDS = 25
"""About the hits a 1,000-token budget holds (locomo8, locomo11: 24-25 on average)."""


def _rank_by(ranked: Sequence[Hit], key: str) -> dict[str, int]:
    """1-based rank of every hit's node among the candidates by one feature (ties by the
    engine's order)."""
    order = sorted(
        range(len(ranked)), key=lambda i: (-ranked[i].breakdown.features.get(key, 0.0), i)
    )
    return {ranked[i].node.id: n for n, i in enumerate(order, 1)}


def _direct(hit: Hit) -> float:
    """The hit's own match: the similarity and lexical parts of its score."""
    parts = hit.breakdown.parts
    return parts.get("similarity", 0.0) + parts.get("lexical", 0.0)


def _session(hit: Hit) -> str | None:
    return hit.node.parent_id


def channel_ranks(ranked: Sequence[Hit]) -> dict[str, dict[str, int]]:
    """Every candidate's rank by the similarity feature alone, by the lexical feature alone
    (matches only) and by its direct relevance (the two parts as the engine weighs them)."""
    direct = sorted(range(len(ranked)), key=lambda i: (-_direct(ranked[i]), i))
    matched = {h.node.id for h in ranked if h.breakdown.features.get("lexical", 0.0) > 0}
    return {
        "similarity": _rank_by(ranked, "similarity"),
        "lexical": {i: n for i, n in _rank_by(ranked, "lexical").items() if i in matched},
        "direct": {ranked[i].node.id: n for n, i in enumerate(direct, 1)},
    }


def above(ranked: Sequence[Hit], rank: int, packed: set[str]) -> dict[str, Any]:
    """The packed hits ranked above the hit at 1-based ``rank``: how many share its session
    or the first hit's, match no word of the question, have a weaker direct match; the mean
    share of their score that is their session's lift."""
    hit = ranked[rank - 1]
    top = _session(ranked[0])
    hs = [h for h in ranked[: rank - 1] if h.node.id in packed]
    return {
        "above_packed": len(hs),
        "above_same_session": sum(_session(h) == _session(hit) for h in hs),
        "above_top_session": sum(_session(h) == top for h in hs),
        "above_no_word": sum(h.breakdown.features.get("lexical", 0.0) == 0 for h in hs),
        "above_parent_share": round(
            statistics.fmean(h.breakdown.parts.get("parent", 0.0) / h.score for h in hs)
            if hs
            else 0.0,
            3,
        ),
        "above_lower_direct": sum(_direct(h) < _direct(hit) for h in hs),
    }


def turn_rows(rec: budget_use.Record) -> list[dict[str, Any]]:
    """One row per evidence turn the engine's context leaves out."""
    packed = budget_use.variant_pack(rec, 1000, budget_use.ENGINE)
    got = budget_use.covered(rec, packed)
    rank = ranks(rec)
    ids = {h.node.id for h in packed.hits}
    last = max((n for n, h in enumerate(rec.ranked, 1) if h.node.id in ids), default=0)
    by = channel_ranks(rec.ranked)
    rows: list[dict[str, Any]] = []
    for e in sorted(rec.evidence):
        where = place(e, got, rank, last)
        if where == "packed":
            continue
        row: dict[str, Any] = {
            "half": rec.half,
            "conversation": rec.conversation,
            "category": CATEGORY[rec.category],
            "question": rec.question,
            "evidence": e,
            "place": where,
        }
        if e in rank:
            hit = rec.ranked[rank[e] - 1]
            parts = hit.breakdown.parts
            row.update(
                rank=rank[e],
                sources=list(hit.breakdown.sources),
                rank_similarity=by["similarity"][hit.node.id],
                rank_lexical=by["lexical"].get(hit.node.id),
                rank_direct=by["direct"][hit.node.id],
                similarity=round(hit.breakdown.features.get("similarity", 0.0), 4),
                lexical=round(hit.breakdown.features.get("lexical", 0.0), 4),
                parent_part=round(parts.get("parent", 0.0), 4),
                neighbour_part=round(parts.get("neighbour", 0.0), 4),
                score=round(hit.score, 4),
                **above(rec.ranked, rank[e], ids),
            )
        rows.append(row)
    return rows


def bucket(row: dict[str, Any]) -> str:
    """What the missed turn is lost to."""
    if "rank" not in row:
        return "never a candidate"
    if row["place"] == "did not fit":
        return "budget"
    if row["rank_direct"] <= HOLDS:
        return "propagated features (own match within 25)"
    if row["rank_similarity"] <= HOLDS or (row["rank_lexical"] or 10**6) <= HOLDS:
        return "one channel within 25, the mix not"
    return "both channels past 25"


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Counts per half and category: what each missed turn is lost to, and the channels of
    the missed candidates."""
    out: dict[str, Any] = {}
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        groups[f"{r['half']} | {r['category']}"].append(r)
        groups[f"{r['half']} | all"].append(r)
    for key in sorted(groups):
        rs = groups[key]
        cands = [r for r in rs if "rank" in r]
        ranked_out = [r for r in cands if r["place"] != "did not fit"]
        out[key] = {
            "missed": len(rs),
            "lost to": dict(Counter(bucket(r) for r in rs)),
            "channels": dict(Counter("+".join(r["sources"]) for r in cands)),
            "median rank": statistics.median([r["rank"] for r in ranked_out])
            if ranked_out
            else None,
            "median rank by similarity": statistics.median(
                [r["rank_similarity"] for r in ranked_out]
            )
            if ranked_out
            else None,
            "median rank by direct": statistics.median([r["rank_direct"] for r in ranked_out])
            if ranked_out
            else None,
            "lexical match": sum(r["lexical"] > 0 for r in ranked_out),
            "above: same session / top session / no word / lower direct (sums)": [
                sum(r["above_same_session"] for r in ranked_out),
                sum(r["above_top_session"] for r in ranked_out),
                sum(r["above_no_word"] for r in ranked_out),
                sum(r["above_lower_direct"] for r in ranked_out),
            ],
            "above packed (sum)": sum(r["above_packed"] for r in ranked_out),
        }
    return out


def show(spec: str, summ: dict[str, Any]) -> None:
    print(f"\n{spec}")
    for key, c in summ.items():
        print(f"{key}: missed {c['missed']}; lost to {c['lost to']}")
        print(f"    channels {c['channels']}")
        print(
            f"    ranked out: median rank {c['median rank']}, by similarity "
            f"{c['median rank by similarity']}, by direct {c['median rank by direct']}; "
            f"lexical match {c['lexical match']}; above {c['above packed (sum)']} packed: "
            f"same session / top session / no word / lower direct "
            f"{c['above: same session / top session / no word / lower direct (sums)']}"
        )


def main(argv: Sequence[str] | None = None) -> None:
    parser = budget_use.cached_parser(__doc__)
    args = parser.parse_args(argv)
    out: dict[str, Any] = {}
    for spec in args.embedders.split(","):
        recs = budget_use.cached(spec, args.data or default_data_dir(), args.cache)
        rows = [r for rec in recs for r in turn_rows(rec)]
        summ = summary(rows)
        show(spec, summ)
        out[spec] = {"summary": summ, "turns": rows}
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    from benchmarks.locomo_channels import main as _main

    _main()
