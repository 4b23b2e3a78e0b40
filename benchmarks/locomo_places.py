"""Where every LoCoMo evidence turn stands at 1,000 tokens, by conversation and category
(issue 38, helper locomo11).

``python -m benchmarks.locomo_places --cache DIR [--embedders default,minilm] [--json OUT]``
reads the records :mod:`benchmarks.budget_use` keeps under ``--cache`` (the default retrieval
of every question of categories 1-4 of the five dev conversations, what the retriever handed
the packer) and puts each evidence turn in one place, as :mod:`benchmarks.locomo_mechanisms`
does (its :func:`~benchmarks.locomo_mechanisms.place`), for both halves and every category:

- ``packed``: in the 1,000-token context;
- ``did not fit``: ranked above the last hit the packing placed, skipped because it was
  longer than the room left: **lost to the budget** (a shorter print would bring it in);
- ``ranked 26-50`` / ``ranked 51-100`` / ``ranked past 100``: ranked below the last packed
  hit: **lost to the ranking** (the budget holds ~25 turns);
- ``never a candidate``: not in the ranking at all.

Beside them, per cell: evidence turns a 1,500- and a 2,000-token budget pack that 1,000 does
not (what more room alone would buy) and frac at 1,000 tokens. Reads the records only: no
retrieval, seconds per embedder.
"""

from __future__ import annotations

import json
import statistics
from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any

from benchmarks import budget_use
from benchmarks.metrics import evidence_score

CATEGORY = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}
PLACES = (
    "packed",
    "did not fit",
    "ranked 26-50",
    "ranked 51-100",
    "ranked past 100",
    "never a candidate",
)


def place(e: str, got: frozenset[str], rank: dict[str, int], last_packed: int) -> str:
    """One evidence turn's place (``rank``: 1-based rank of the first hit covering it;
    ``last_packed``: the rank of the last hit the packing placed)."""
    if e in got:
        return "packed"
    if e not in rank:
        return "never a candidate"
    if rank[e] < last_packed:
        return "did not fit"
    r = rank[e]
    return "ranked 26-50" if r <= 50 else "ranked 51-100" if r <= 100 else "ranked past 100"


def ranks(rec: budget_use.Record) -> dict[str, int]:
    prefix = rec.conversation + ":"
    out: dict[str, int] = {}
    for n, h in enumerate(rec.ranked, 1):
        for c in h.covers:
            if c.startswith(prefix):
                out.setdefault(c[len(prefix) :], n)
    return out


def table(recs: Sequence[budget_use.Record], packing: str = budget_use.ENGINE) -> dict[str, Any]:
    """Per half, conversation and category: the places, what more room packs, frac, with the
    ``packing`` of :func:`benchmarks.budget_use.variant_pack` (the engine's by default;
    ``default``: whole memories only, the packing before locomo13)."""
    cells: dict[str, Counter[str]] = defaultdict(Counter)
    fracs: dict[str, list[float]] = defaultdict(list)
    for rec in recs:
        packed = budget_use.variant_pack(rec, 1000, packing)
        got = budget_use.covered(rec, packed)
        rank = ranks(rec)
        ids = {h.node.id for h in packed.hits}
        last = max((n for n, h in enumerate(rec.ranked, 1) if h.node.id in ids), default=0)
        wider = {
            b: budget_use.covered(rec, budget_use.variant_pack(rec, b, packing))
            for b in (1500, 2000)
        }
        frac = evidence_score(rec.evidence, got).frac
        cat = CATEGORY[rec.category]
        keys = (
            f"{rec.half} | {rec.conversation} | {cat}",
            f"{rec.half} | all | {cat}",
            f"{rec.half} | {rec.conversation} | all",
            f"{rec.half} | all | all",
        )
        for key in keys:
            fracs[key].append(frac)
            cells[key]["questions"] += 1
            for e in rec.evidence:
                cells[key][place(e, got, rank, last)] += 1
                cells[key]["evidence"] += 1
                for b, g in wider.items():
                    cells[key][f"packed at {b} only"] += e in g and e not in got
    return {
        key: dict(cells[key], frac=round(statistics.fmean(fracs[key]), 4)) for key in sorted(cells)
    }


def show(spec: str, rows: dict[str, Any]) -> None:
    head = ("half | conversation | category", "q", "ev", *PLACES, "+1500", "+2000", "frac")
    print(f"\n{spec}")
    print(" | ".join(head))
    for key, c in rows.items():
        cols = [str(c.get(p, 0)) for p in PLACES]
        extra = [str(c.get("packed at 1500 only", 0)), str(c.get("packed at 2000 only", 0))]
        print(
            " | ".join([key, str(c["questions"]), str(c["evidence"]), *cols, *extra])
            + f" | {c['frac']:.3f}"
        )


def main(argv: Sequence[str] | None = None) -> None:
    parser = budget_use.cached_parser(__doc__)
    parser.add_argument("--packing", default=budget_use.ENGINE, help="a budget_use variant")
    args = parser.parse_args(argv)
    from benchmarks.paths import default_data_dir

    out: dict[str, Any] = {}
    for spec in args.embedders.split(","):
        recs = budget_use.cached(spec, args.data or default_data_dir(), args.cache)
        out[spec] = table(recs, args.packing)
        show(spec, out[spec])
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    from benchmarks.locomo_places import main as _main

    _main()
