"""Why hybridmem trails plain dense retrieval on MADial-Bench English (issue 38), per dev half.

``python -m benchmarks.madial_english [--embedders default,minilm,pair] [--langs en,zh]
[--json benchmarks/results/madial_english.json]`` runs, through :mod:`benchmarks.tuning`
(cached stores and query vectors, read-only retrieval), the default retrieval and one change
at a time: each channel alone, the relevance without the priors, the time window off, lower
lexical weights, raw cosines. For every embedder it also lists the dialogues where dense alone
has a relevant memory in its top 5 and the default does not, with the score parts of the
memories that pushed it out (``lost``): the part by which each intruder beats the relevant
memory most.

``pair`` is an experiment, not a shipped embedder: multilingual-e5-small and all-MiniLM-L6-v2
in one vector, each text's share by script (an English text: both models at equal weight, the
cosine is the mean of the two; a Chinese text: e5 alone), so one store serves English with
MiniLM's ranking and Chinese with e5's (issue 38's "route or fuse by language").

Halves: even dialogues ("tune") and odd ones ("check"), as :mod:`benchmarks.tuning_cv`.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from benchmarks import tuning
from benchmarks.paths import default_data_dir
from benchmarks.tuning_cv import Make, weights_config
from hybridmem.embedding import Embedder, embed_query, make_embedder
from hybridmem.embedding.base import Vectors
from hybridmem.embedding.scripts import cjk_share
from hybridmem.retrieval.language import without_speakers

_PRIORS = {"importance": 0.0, "recency": 0.0, "confidence": 0.0, "use": 0.0, "tree": 0.0}
_ONLY = {"neighbour": 0.0, "parent": 0.0, "time": 0.0, "speaker": 0.0, **_PRIORS}


VARIANTS: dict[str, Make] = {
    "default": weights_config(),
    "dense only": weights_config({"lexical_candidates": 0}, lexical=0.0, **_ONLY),
    "lexical only": weights_config({"vector_candidates": 0}, similarity=0.0, **_ONLY),
    "similarity + lexical only": weights_config(**_ONLY),
    "- priors": weights_config(**_PRIORS),
    "- time window": weights_config(time=0.0),
    "lexical 0.5": weights_config(lexical=0.5),
    "lexical 0.25": weights_config(lexical=0.25),
    "raw cosines": weights_config({"fusion": "raw"}),
}


class PairEmbedder:
    """e5 and MiniLM side by side, weighted by the text's script (see the module docstring)."""

    multilingual = True

    def __init__(self) -> None:
        self.e5 = make_embedder(None)
        self.minilm = make_embedder("minilm")

    @property
    def name(self) -> str:
        return "bench/pair-e5-minilm-v1"

    @property
    def dimension(self) -> int:
        return self.e5.dimension + self.minilm.dimension

    @staticmethod
    def _shares(texts: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
        cjk = np.array([cjk_share(t) for t in texts], dtype=np.float32)[:, None]
        return np.sqrt((1 + cjk) / 2), np.sqrt((1 - cjk) / 2)

    def embed(self, texts: Sequence[str]) -> Vectors:
        a, b = self._shares(texts)
        parts = [self.e5.embed(texts) * a, self.minilm.embed(texts) * b]
        return np.hstack(parts).astype(np.float32)

    def embed_query(self, texts: Sequence[str]) -> Vectors:
        a, b = self._shares(texts)
        parts = [embed_query(self.e5, texts) * a, embed_query(self.minilm, texts) * b]
        return np.hstack(parts).astype(np.float32)


class MajorityPairEmbedder(PairEmbedder):
    """``pair`` routed by the text's majority script, read without speaker labels: a text
    mostly CJK is e5 alone, any other both models at equal weight. The shares of ``pair``
    gave a Chinese memory with a Latin name or digits a MiniLM share (MADial zh dense on the
    tune half 0.600 against e5's 0.725)."""

    @property
    def name(self) -> str:
        return "bench/pair-majority-e5-minilm-v1"

    @staticmethod
    def _shares(texts: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
        cjk = np.array(
            [1.0 if cjk_share(without_speakers(t)) >= 0.5 else 0.0 for t in texts],
            dtype=np.float32,
        )[:, None]
        return np.sqrt((1 + cjk) / 2), np.sqrt((1 - cjk) / 2)


def _embedder(spec: str) -> Embedder:
    if spec == "pair":
        return PairEmbedder()
    if spec == "pair-majority":
        return MajorityPairEmbedder()
    return make_embedder(None if spec == "default" else spec)


def _ranked(bench: tuning.Bench, dialogues: list, embedder: Embedder, make: Make) -> dict:
    """Per dialogue: the rank of the first relevant memory (None past 20) and the top hits."""
    mem, clock = tuning.open_engine(bench, embedder, make())
    out = {}
    try:
        for d in dialogues:
            res, covered = tuning.ask_madial(mem, clock, bench, d, 20)
            good = [bool(c & d.relevant) for c in covered]
            out[d.number] = (next((i for i, g in enumerate(good) if g), None), res.hits, good)
    finally:
        mem.close()
    return out


def lost_to(default: dict, dense: dict) -> tuple[list[dict[str, object]], Counter[str]]:
    """Dialogues dense gets in its top 5 and the default does not, and the score part by which
    each intruder above the relevant memory beats it most."""
    cases, parts = [], Counter[str]()
    for number, (rank, hits, good) in default.items():
        d_rank = dense[number][0]
        if d_rank is None or d_rank >= 5 or (rank is not None and rank < 5):
            continue
        target = hits[rank] if rank is not None else None
        beaten: Counter[str] = Counter()
        for hit, ok in zip(hits[: rank if rank is not None else 5], good, strict=False):
            if ok:
                continue
            if target is None:
                beaten["(relevant memory not in the top 20)"] += 1
                continue
            gap = {
                k: v - target.breakdown.parts.get(k, 0.0) for k, v in hit.breakdown.parts.items()
            }
            beaten[max(gap, key=lambda k: gap[k])] += 1
        parts.update(beaten)
        cases.append({"dialogue": number, "default_rank": rank, "dense_rank": d_rank, **beaten})
    return cases, parts


def run(embedders: Sequence[str], langs: Sequence[str], data: Path) -> dict[str, object]:
    out: dict[str, object] = {}
    for spec in embedders:
        embedder = tuning.CachedEmbedder(_embedder(spec))
        for lang in langs:
            bench, dialogues = tuning.madial_bench(embedder, data, lang)
            rows = {}
            for name, make in VARIANTS.items():
                r = tuning.eval_madial(bench, dialogues, embedder, make())
                rows[name] = r
                print(
                    f"{spec:8s} {lang} {name:28s} hit@5 tune={r['tune']:.3f} "
                    f"check={r['check']:.3f} all={r['all']:.3f}",
                    flush=True,
                )
            cases, parts = lost_to(
                _ranked(bench, dialogues, embedder, VARIANTS["default"]),
                _ranked(bench, dialogues, embedder, VARIANTS["dense only"]),
            )
            print(f"{spec:8s} {lang} lost to dense: {len(cases)} dialogues; parts {dict(parts)}")
            out[f"{spec}/{lang}"] = {"hit@5": rows, "lost_to_dense": cases, "parts": parts}
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, default=None)
    parser.add_argument("--embedders", default="default,minilm,pair")
    parser.add_argument("--langs", default="en,zh")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    result = run(args.embedders.split(","), args.langs.split(","), args.data or default_data_dir())
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
