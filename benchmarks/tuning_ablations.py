"""The retrieval ablation table: the default and one change at a time, on tune and check splits.

``python -m benchmarks.tuning_ablations [--suites locomo,zh,en] [--json out.json]`` runs every
variant through :mod:`benchmarks.tuning` (cached stores, cached query vectors) and prints one
line per variant: LoCoMo frac at 1,000 tokens (tune = conv-26/30/41, check = conv-42/43, per
category over both) and MADial hit@5 (tune = even dialogues, check = odd ones).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from benchmarks import tuning
from hybridmem import MemoryConfig, RetrievalConfig, ScoreWeights


class _ReadsEverything(tuning.CachedEmbedder):
    """The same model, declared multilingual: switches the CJK similarity scale off."""

    multilingual = True


def _cfg(
    retrieval: dict[str, object] | None = None, **weights: float
) -> Callable[[], MemoryConfig]:
    def make() -> MemoryConfig:
        base = RetrievalConfig()
        return MemoryConfig(
            retrieval=replace(base, weights=replace(base.weights, **weights), **(retrieval or {}))
        )

    return make


VARIANTS: dict[str, Callable[[], MemoryConfig]] = {
    "default": MemoryConfig,
    "before (engine as merged)": lambda: MemoryConfig(
        retrieval=RetrievalConfig(
            weights=ScoreWeights(lexical=0.6, neighbour=0.0, parent=0.0, speaker=0.0),
            vector_candidates=50,
            expand_neighbours=0,
            context_format="lines",
        )
    ),
    "- grouped context (lines)": _cfg({"context_format": "lines"}),
    "- neighbour feature+expansion": _cfg({"expand_neighbours": 0}, neighbour=0.0),
    "- neighbour expansion only": _cfg({"expand_neighbours": 0}),
    "- parent feature": _cfg(parent=0.0),
    "- speaker feature": _cfg(speaker=0.0),
    "- node weights (imp/rec/conf/use/tree)": _cfg(
        importance=0.0, recency=0.0, confidence=0.0, use=0.0, tree=0.0
    ),
    "lexical 0.6 (was)": _cfg(lexical=0.6),
    "vector candidates 50 (was)": _cfg({"vector_candidates": 50}),
    "- lexical path": _cfg({"lexical_candidates": 0}, lexical=0.0),
    "- vector path (similarity 0)": _cfg({"vector_candidates": 0}, similarity=0.0),
}


def main() -> None:
    """Run the table; ``- CJK similarity scale`` is run on MADial with a multilingual-declared
    wrapper of the same model."""
    import argparse

    from benchmarks.paths import default_data_dir
    from hybridmem.embedding import make_embedder

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--suites", default="locomo,zh,en")
    parser.add_argument("--only", default=None, help="comma-separated variant names")
    args = parser.parse_args()
    suites = args.suites.split(",")
    names = args.only.split(",") if args.only else list(VARIANTS)
    data = default_data_dir()
    embedder = tuning.CachedEmbedder(make_embedder(None))
    if "locomo" in suites:
        bench, questions = tuning.locomo_bench(embedder, data)
        for name in names:
            r = tuning.eval_locomo(bench, questions, embedder, VARIANTS[name]())
            print(tuning.report_locomo(name, r), flush=True)
    for lang in ("zh", "en"):
        if lang not in suites:
            continue
        bench, dialogues = tuning.madial_bench(embedder, data, lang)
        runs = [(n, embedder, VARIANTS[n]()) for n in names]
        runs.append(("- CJK similarity scale", _ReadsEverything(embedder.inner), MemoryConfig()))
        for name, emb, config in runs:
            r = tuning.eval_madial(bench, dialogues, emb, config)
            print(
                f"madial {lang} {name:38s} hit@5 tune={r['tune']:.3f} "
                f"check={r['check']:.3f} all={r['all']:.3f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
