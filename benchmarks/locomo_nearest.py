"""A hit skipped for its length printed as its sentence nearest the question when no sentence
shares a word with it (issue 38, helper locomo14).

The engine prints a hit too long for what is left of the budget as its sentences sharing a
term with the question (:mod:`hybridmem.retrieval.shortened`, locomo13). Of LoCoMo's check-half
evidence turns still "did not fit" after it (21 with either embedder,
:mod:`benchmarks.locomo_channels`), most have no such sentence. The sentence nearest the
question by the embedder was measured on 2026-12-05 as an excerpt of *every* packed memory
(``dense best`` of :mod:`benchmarks.budget_use`) and cut answers out of memories the whole
print had held. Offered only where the packer would skip the hit, it cannot cut an answer out
of a memory the context held: that is the new reason to measure it.

``python -m benchmarks.locomo_nearest --cache DIR [--embedders default,minilm] [--json OUT]``
packs :mod:`benchmarks.budget_use`'s records (``--cache``) at 1,000 tokens with the engine's
shorter prints and with these variants, paired question by question with the engine's packing
(frac wins / losses, span answers gained / lost per half, frac per category):

- ``nearest if no match``: a skipped hit with no sentence sharing a term with the question is
  offered its sentence nearest the question's vector, with one sentence on each side, then
  alone;
- ``nearest too``: the nearest sentence is kept beside the matching ones (a print of the
  matches and the nearest sentence, ±1 then alone), also when some sentence matches.

Only hits ranked above the engine's last packed hit and not packed by it (where "did not fit"
evidence is) are offered the nearest sentence; their sentences are embedded once, up front
(the engine would have to embed them at query time or store sentence vectors at ingest).
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from benchmarks import budget_use, fusion_paired
from benchmarks.metrics import evidence_score
from benchmarks.paths import default_data_dir
from hybridmem import lexical
from hybridmem.models import MemoryNode
from hybridmem.retrieval import context, shortened

VARIANTS = ("nearest if no match", "nearest too")
Vectors = Callable[[list[str]], np.ndarray]


def shortener(
    question: str, query: np.ndarray, embed: Vectors, variant: str, offered: set[str]
) -> shortened.Shorten:
    """The engine's shorter prints of a hit (its matching sentences, ±1 then alone), with the
    sentence nearest ``query`` as ``variant`` says for the hits in ``offered``."""
    wanted = frozenset(lexical.terms(question))
    engine = shortened.shortener(question)

    def nearest(parts: list[str]) -> list[bool]:
        sims = embed(parts) @ query
        best = int(np.argmax(sims))
        return [i == best for i in range(len(parts))]

    def shorten(node: MemoryNode) -> list[str]:
        out = engine(node)
        if node.id not in offered or (out and variant == "nearest if no match"):
            return out
        prints: list[str] = []
        for n in (shortened.WIDEST, 0):
            text = shortened.excerpt(node.content, wanted, before=n, after=n, also=nearest)
            if text is not None and text not in prints:
                prints.append(text)
        return prints

    return shorten


def skipped(rec: budget_use.Record, packed: context.Packed) -> set[str]:
    """The hits ranked above ``packed``'s last hit that it left out."""
    ids = {h.node.id for h in packed.hits}
    last = max((i for i, h in enumerate(rec.ranked) if h.node.id in ids), default=0)
    return {h.node.id for h in rec.ranked[:last] if h.node.id not in ids}


def run(spec: str, recs: list[budget_use.Record]) -> dict[str, Any]:
    embedder = fusion_paired._embedder(spec)
    cache: dict[str, np.ndarray] = {}
    engine = [budget_use.variant_pack(rec, 1000, budget_use.ENGINE) for rec in recs]
    offered = [skipped(rec, p) for rec, p in zip(recs, engine, strict=True)]
    texts = sorted(
        {
            part
            for rec, ids in zip(recs, offered, strict=True)
            for h in rec.ranked
            if h.node.id in ids
            for part in shortened.split(h.node.content)[1]
        }
    )
    for start in range(0, len(texts), 256):
        chunk = texts[start : start + 256]
        cache.update(zip(chunk, embedder.embed(chunk), strict=True))

    def embed(parts: list[str]) -> np.ndarray:
        return np.stack([cache[p] for p in parts])

    queries = dict(
        zip(
            [r.question for r in recs],
            embedder.embed_query([r.question for r in recs]),
            strict=True,
        )
    )
    base = [_item(rec, p) for rec, p in zip(recs, engine, strict=True)]
    out: dict[str, Any] = {"engine": _summary(recs, base)}
    for variant in VARIANTS:
        items = []
        for rec, ids in zip(recs, offered, strict=True):
            shorten = shortener(rec.question, queries[rec.question], embed, variant, ids)
            kw = dict(rec.kwargs, budget=1000, counter=budget_use.COUNTER, shorten=shorten)
            items.append(_item(rec, context.pack(rec.path, rec.ranked, **kw)))
        out[variant] = {
            **_summary(recs, items),
            "paired": budget_use.paired(recs, base, items),
        }
    out["sentences embedded"] = len(cache)
    return out


def _item(rec: budget_use.Record, packed: context.Packed) -> budget_use.Item:
    frac = evidence_score(rec.evidence, budget_use.covered(rec, packed)).frac
    inside = budget_use.contains(rec, packed)
    return (frac, inside, False)


def _summary(recs: list[budget_use.Record], items: list[budget_use.Item]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for half in ("tune", "check"):
        idx = [i for i, r in enumerate(recs) if r.half == half]
        span = [i for i in idx if recs[i].span]
        out[half] = {
            "frac": round(statistics.fmean(items[i][0] for i in idx), 4),
            "answer_in_context": round(statistics.fmean(items[i][1] for i in span), 4),
            **{
                f"cat{c}": round(
                    statistics.fmean(items[i][0] for i in idx if recs[i].category == c), 4
                )
                for c in (1, 2, 3, 4)
            },
        }
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = budget_use.cached_parser(__doc__)
    args = parser.parse_args(argv)
    out: dict[str, Any] = {}
    for spec in args.embedders.split(","):
        recs = budget_use.cached(spec, args.data or default_data_dir(), args.cache)
        out[spec] = run(spec, recs)
        print(json.dumps({spec: out[spec]}, indent=1))
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    from benchmarks.locomo_nearest import main as _main

    _main()
