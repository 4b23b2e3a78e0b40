"""Two-fold cross-validation of the retrieval defaults: choose on one half of dev, report the other.

``python -m benchmarks.tuning_cv [--embedder default|multilingual] [--json out.json]`` evaluates
every candidate configuration of :data:`GRID` with :mod:`benchmarks.tuning` (cached stores,
cached query vectors, read-only retrieval) on LoCoMo (frac at 1,000 tokens; halves: conv-26/30/41
and conv-42/43) and MADial zh/en (hit@5; halves: even and odd dialogues). For each fold it picks
the configuration with the best mean over the three suites on the choosing half (one default for
every language and dataset: no per-dataset switch) and reports that choice on the other half.
Both folds are printed, with the spread between halves.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from benchmarks import tuning
from benchmarks.paths import default_data_dir
from hybridmem import MemoryConfig, RetrievalConfig
from hybridmem.embedding import make_embedder

Make = Callable[[], MemoryConfig]


def weights_config(retrieval: dict[str, object] | None = None, **weights: float) -> Make:
    def make() -> MemoryConfig:
        base = RetrievalConfig()
        return MemoryConfig(
            retrieval=replace(base, weights=replace(base.weights, **weights), **(retrieval or {}))
        )

    return make


GRID: dict[str, Make] = {
    f"parent={parent} lex={lex}": weights_config({"fusion": "minmax"}, parent=parent, lexical=lex)
    for parent in (0.45, 1.0, 1.5)
    for lex in (0.6, 1.0)
}
"""Candidate defaults: the weight of the ``parent`` feature (how much a memory's group, e.g.
its conversation session, matching the query lifts it: the error analysis of
:mod:`benchmarks.tuning_errors` found session-level evidence the strongest lever on LoCoMo) and
the lexical weight; min-max fusion (both folds chose it over raw cosines in the previous round,
see docs/benchmarks.md). Everything else stays at its documented default."""

SPEAKER_GRID: dict[str, Make] = {
    "grouped speaker=0.2": weights_config({"context_format": "grouped"}, speaker=0.2),
    **{
        f"compact speaker={speaker}": weights_config({"context_format": "compact"}, speaker=speaker)
        for speaker in (0.2, 0.35, 0.5, 0.75, 1.0, 1.5, 2.0)
    },
}
"""The third round (``--grid speaker``): the compact context (a layout choice, no knob: it
fits more memories in a budget) and, with it, the weight of the ``speaker`` feature (the
memory's "Name:" is someone the question names). Only LoCoMo has speaker labels and a token
budget, so MADial does not move (checked: every row equal); run with ``--suites locomo``."""

SPEAKER4_GRID: dict[str, Make] = {
    f"speaker={speaker}": weights_config(speaker=speaker)
    for speaker in (0.5, 0.75, 1.0, 1.5, 2.0, 3.0)
}
"""The fourth round (``--grid speaker4``): the speaker weight once the vector and BM25 both
read the query without the speakers' names (the current defaults otherwise)."""

PARENT4_GRID: dict[str, Make] = {
    f"parent={parent}": weights_config(parent=parent) for parent in (0.25, 0.5, 0.75, 1.0, 1.25)
}
"""The fourth round's re-check of the parent weight (``--grid parent4``). The folds choose
0.5 at 1,000 tokens and, 3 of 4, at 500/1,000/2,000 together (``--budgets``), but e5's held-out
half loses with it at 500 and 2,000 tokens and e5 loses category 5: 1.0 kept (docs)."""

GRIDS = {
    "parent-lexical": GRID,
    "speaker": SPEAKER_GRID,
    "speaker4": SPEAKER4_GRID,
    "parent4": PARENT4_GRID,
}

SUITES = ("locomo", "zh", "en")
HALVES = ("tune", "check")


def evaluate(
    embedder_spec: str,
    grid: dict[str, Make],
    data: Path,
    suites: Sequence[str] = SUITES,
    budgets: Sequence[int] = (1000,),
) -> dict[str, dict[str, dict[str, float]]]:
    """``result[config][suite][half]``: the metric of every configuration on both halves.
    LoCoMo is scored at each of ``budgets`` tokens, each budget a suite of its own
    (``locomo`` at 1,000, ``locomo@500`` ...), so a fold's mean weighs them alike: a weight
    that gains only at the budget it is chosen at does not win."""
    embedder = tuning.CachedEmbedder(
        make_embedder(None if embedder_spec == "default" else embedder_spec)
    )
    out: dict[str, dict[str, dict[str, float]]] = {name: {} for name in grid}
    if "locomo" in suites:
        bench, questions = tuning.locomo_bench(embedder, data)
        for name, make in grid.items():
            for budget in budgets:
                t = time.perf_counter()
                r = tuning.eval_locomo(bench, questions, embedder, make(), budget=budget)
                key = "locomo" if budget == 1000 else f"locomo@{budget}"
                out[name][key] = {h: r[h]["frac"] for h in HALVES}
                print(
                    f"{key} {name:18s} {out[name][key]} ({time.perf_counter() - t:.0f}s)",
                    flush=True,
                )
    for lang in ("zh", "en"):
        if lang not in suites:
            continue
        bench, dialogues = tuning.madial_bench(embedder, data, lang)
        for name, make in grid.items():
            r = tuning.eval_madial(bench, dialogues, embedder, make())
            out[name][lang] = {h: r[h] for h in HALVES}
            print(f"madial-{lang} {name:18s} {out[name][lang]}", flush=True)
    return out


def folds(result: dict[str, dict[str, dict[str, float]]]) -> list[dict[str, object]]:
    """For each fold: the configuration chosen on one half and its figures on the other."""
    out: list[dict[str, object]] = []
    for choose, report in (("tune", "check"), ("check", "tune")):

        def mean_on(name: str, half: str) -> float:
            per = result[name]
            return sum(per[s][half] for s in per) / max(len(per), 1)

        best = max(result, key=lambda n: mean_on(n, choose))
        out.append(
            {
                "chosen_on": choose,
                "reported_on": report,
                "config": best,
                "chosen_half": {s: result[best][s][choose] for s in result[best]},
                "held_out_half": {s: result[best][s][report] for s in result[best]},
            }
        )
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, default=None)
    parser.add_argument("--embedder", default="default")
    parser.add_argument("--suites", default=",".join(SUITES))
    parser.add_argument("--grid", choices=sorted(GRIDS), default="parent-lexical")
    parser.add_argument("--only", default=None, help="comma-separated grid entries")
    parser.add_argument(
        "--budgets", default="1000", help="LoCoMo token budgets, comma-separated (each scored)"
    )
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    grid = GRIDS[args.grid]
    if args.only:
        grid = {k: grid[k] for k in args.only.split(",")}
    budgets = [int(b) for b in args.budgets.split(",")]
    result = evaluate(
        args.embedder, grid, args.data or default_data_dir(), args.suites.split(","), budgets
    )
    chosen = folds(result)
    for fold in chosen:
        print(
            f"chosen on {fold['chosen_on']}: {fold['config']!r}; "
            f"{fold['reported_on']} (held out): {fold['held_out_half']}",
            flush=True,
        )
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(
            json.dumps({"embedder": args.embedder, "grid": result, "folds": chosen}, indent=1)
        )


if __name__ == "__main__":
    main()
