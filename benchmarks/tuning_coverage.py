"""Leave-one-conversation-out choice of a LoCoMo retrieval setting (issue 38, multi-evidence).

``python -m benchmarks.tuning_coverage --embedder minilm --grid pool --json out.json``
scores every configuration of the grid on each dev LoCoMo question (cached stores of
:mod:`benchmarks.tuning`, read-only retrieval, frac at ``--budget`` tokens), then, for each of
the five conversations, chooses the configuration with the best mean frac (categories 1-4) on
the other four and reads it on the one left out. Printed: every configuration per conversation
and category, and each fold's choice with its held-out figure beside the default's.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from statistics import mean

from benchmarks import tuning
from benchmarks.metrics import evidence_score
from benchmarks.paths import default_data_dir
from benchmarks.tuning_cv import Make, weights_config
from hybridmem.embedding import make_embedder

GRIDS: dict[str, dict[str, Make]] = {
    "pool": {
        f"vector={v} lexical={lx}": weights_config(
            {"vector_candidates": v, "lexical_candidates": lx}
        )
        for v, lx in ((80, 50), (160, 100), (320, 200))
    },
}
"""``pool``: the vector and lexical candidate pools (80 / 50 by default; the scope's cosines
are exact, so a larger pool costs little). The first entry of a grid is the default it is
compared with. Two other grids of issue 38 (a session spread of the packed context, a second
lexical pass seeded by the first hits) ran on options that were not kept: their code is commit
ca92225 (docs/benchmarks.md, "Multi-evidence questions")."""


def per_question(
    bench: tuning.Bench, questions: list, embedder: tuning.CachedEmbedder, make: Make, budget: int
) -> list[dict[str, object]]:
    """One record per question: conversation, category, frac at ``budget`` tokens."""
    embedder.warm([q.question for q in questions])
    mem, clock = tuning.open_engine(bench, embedder, make())
    out: list[dict[str, object]] = []
    try:
        for q in questions:
            _, got = tuning.ask_locomo(mem, clock, bench, q, budget)
            frac = evidence_score(q.evidence, got).frac
            out.append({"conv": q.conversation_id, "cat": q.category, "frac": frac})
    finally:
        mem.close()
    return out


def summary(records: Sequence[dict]) -> dict[str, float]:
    """Mean frac over categories 1-4 per conversation, per category, overall; cat5 apart."""
    groups: dict[str, list[float]] = defaultdict(list)
    for r in records:
        frac = float(r["frac"])  # type: ignore[arg-type]
        if r["cat"] == 5:
            groups["cat5"].append(frac)
            continue
        groups["all"].append(frac)
        groups[f"cat{r['cat']}"].append(frac)
        groups[str(r["conv"])].append(frac)
    return {g: mean(v) for g, v in sorted(groups.items())}


def leave_one_out(results: dict[str, list[dict]], default: str) -> list[dict[str, object]]:
    """Each conversation's fold: the configuration best on the other four, read on it."""
    convs = sorted({str(r["conv"]) for rs in results.values() for r in rs})
    folds = []
    for held in convs:

        def on(name: str, inside: bool, held: str = held) -> float:
            return mean(
                float(r["frac"])  # type: ignore[arg-type]
                for r in results[name]
                if r["cat"] != 5 and (r["conv"] == held) != inside
            )

        # Ties go to the default, then to the grid's order (milder settings first).
        chosen = max(results, key=lambda n: (round(on(n, True), 6), n == default))
        folds.append(
            {
                "held_out": held,
                "chosen": chosen,
                "chosen_on_rest": on(chosen, True),
                "held_out_chosen": on(chosen, False),
                "held_out_default": on(default, False),
            }
        )
    return folds


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, default=None)
    parser.add_argument("--embedder", default="default")
    parser.add_argument("--grid", default="pool", choices=sorted(GRIDS))
    parser.add_argument("--budget", type=int, default=1000)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    embedder = tuning.CachedEmbedder(
        make_embedder(None if args.embedder == "default" else args.embedder)
    )
    bench, questions = tuning.locomo_bench(embedder, args.data or default_data_dir())
    grid = GRIDS[args.grid]
    results: dict[str, list[dict]] = {}
    for name, make in grid.items():
        t = time.perf_counter()
        results[name] = per_question(bench, questions, embedder, make, args.budget)
        s = summary(results[name])
        print(
            f"{name:24s} "
            + " ".join(f"{k}={v:.3f}" for k, v in s.items())
            + f" ({time.perf_counter() - t:.0f}s)",
            flush=True,
        )
    folds = leave_one_out(results, next(iter(grid)))
    for f in folds:
        print(
            f"held out {f['held_out']}: chose {f['chosen']} (rest {f['chosen_on_rest']:.3f}), "
            f"held-out {f['held_out_chosen']:.3f} vs default {f['held_out_default']:.3f}"
        )
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        out = {
            "embedder": embedder.name,
            "budget": args.budget,
            "summary": {n: summary(rs) for n, rs in results.items()},
            "folds": folds,
            "records": results,
        }
        args.json.write_text(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
