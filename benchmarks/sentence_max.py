"""A memory found by its nearest sentence: evidence a whole-turn vector dilutes (issue 38, locomo8).

Step 1 of this session (``python -m benchmarks.locomo_mechanisms``, the tune half only): of the
multi-hop and open-domain evidence turns not packed at 1,000 tokens, the largest group is never
a candidate at all (e5: 41 of 115; MiniLM: 42 of 108). Many of those are long turns that say
several things ("Hey John, been good since we talked? I got some great news to share - I joined
a gym last week! ..."): one vector for the whole turn sits between its topics, and the question
asks about one of them. Untried so far (the excerpts of "How the 1,000 tokens are spent" used
sentence vectors to *cut* packed turns, never to *find* them; "A turn read with the turn before
it" widened the text, never narrowed it): score a memory of several sentences by the larger of
its own cosine and its nearest sentence's, in the exact scope search every candidate's
similarity comes from. No parameter: the sentences are cut at their end marks (``. ! ? …`` and
the CJK full stops, :func:`benchmarks.excerpts.split`), a turn's ``Name:`` label is kept in
front of each of its sentences as it is in front of the turn, and a one-sentence memory is
unchanged.

Applied at query time over the cached default stores (:mod:`benchmarks.tuning`): the sentence
vectors are embedded once per embedder and kept under ``$HM_TUNE_DIR``
(:class:`benchmarks.turn_context.TextVectors`). An engine version would store them at ingest
(about three vectors a LoCoMo turn), which is a cost this script does not measure.

``python -m benchmarks.sentence_max [--embedders default,minilm] [--suites locomo,en,zh]
[--conversations conv-26,conv-30,conv-41] [--json PATH]``: paired item by item with the
default through :mod:`benchmarks.fusion_paired` (LoCoMo frac at 1,000 tokens per question of
categories 1-4, by category too; MADial hit@5 and the first relevant rank per dialogue).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks import excerpts, fusion_paired, tuning, turn_context
from benchmarks.paths import default_data_dir
from hybridmem import MemoryConfig
from hybridmem.core.vectors import ScopeSearch
from hybridmem.index import VectorMatch
from hybridmem.retrieval import channels


def sentence_texts(content: str) -> list[str]:
    """The texts a memory's sentences are embedded as: each sentence after the memory's
    ``Name:`` label, if it has one; empty for a memory of one sentence (its own vector is
    its sentence's)."""
    label, parts = excerpts.split(content)
    return [label + s for s in parts] if len(parts) > 1 else []


def sentence_vectors(bench: tuning.Bench, vectors: turn_context.TextVectors) -> dict[str, Any]:
    """Per memory of several sentences in the bench's corpora: its sentences' unit vectors
    as rows of one matrix."""
    rows: list[tuple[str, list[str]]] = []
    for corpus in bench.corpora.values():
        for node in corpus.tree:
            texts = sentence_texts(node.content)
            if texts:
                rows.append((node.id, texts))
    flat = [t for _, texts in rows for t in texts]
    if not flat:
        return {}
    mat = vectors(flat).astype(np.float32)
    mat /= np.maximum(np.linalg.norm(mat, axis=1, keepdims=True), 1e-12)
    out: dict[str, Any] = {}
    start = 0
    for node_id, texts in rows:
        out[node_id] = mat[start : start + len(texts)]
        start += len(texts)
    return out


@contextmanager
def nearest_sentence(extra: Mapping[str, Any]) -> Iterator[None]:
    """Exact scope searches score a memory with sentence vectors by the larger of its own
    cosine with the query and its nearest sentence's (other memories as before)."""
    original = channels.search_scope

    def best(engine: Any, vector: Any, n: int, *args: Any, **kw: Any) -> ScopeSearch:
        found = original(engine, vector, n, *args, **kw)
        if not found.exact:
            return found
        q = np.asarray(vector, dtype=np.float32).reshape(-1)
        q = q / max(float(np.linalg.norm(q)), 1e-12)
        cosine = {
            i: max(c, float(np.max(extra[i] @ q))) if i in extra else c
            for i, c in found.cosine.items()
        }
        top = sorted(cosine, key=lambda i: -cosine[i])[:n]
        return ScopeSearch([VectorMatch(i, cosine[i]) for i in top], cosine, exact=True)

    channels.search_scope = best
    try:
        yield
    finally:
        channels.search_scope = original


NAN = float("nan")
"""Printed for the half a one-half run leaves out (never written to the JSON)."""


def paired(base: dict[str, Any], other: dict[str, Any], draws: int = 2000) -> dict[str, Any]:
    """:func:`benchmarks.fusion_paired.paired` when both halves are there; with one half
    (``--conversations`` of one half: deciding on the tune half before the check half is
    run) wins, losses, the mean difference and its bootstrap interval (the same draws)."""
    if {item["half"] for item in base.values()} == {"tune", "check"}:
        return fusion_paired.paired(base, other)
    keys = sorted(base)
    diff = [other[k]["score"] - base[k]["score"] for k in keys]
    half = base[keys[0]]["half"]
    rng = random.Random(0)
    means = sorted(statistics.fmean(rng.choices(diff, k=len(diff))) for _ in range(draws))
    return {
        "wins": sum(d > 1e-9 for d in diff),
        "losses": sum(d < -1e-9 for d in diff),
        "diff": statistics.fmean(diff),
        half: statistics.fmean(other[k]["score"] for k in keys),
        f"{half}_diff": statistics.fmean(diff),
        "ci95": [means[int(0.025 * draws)], means[int(0.975 * draws) - 1]],
    }


def half_means(items: dict[str, Any]) -> str:
    means = []
    for half in ("tune", "check"):
        scores = [v["score"] for v in items.values() if v["half"] == half]
        means.append(f"{sum(scores) / len(scores):.3f}" if scores else "-")
    return "/".join(means)


def run(
    embedders: Sequence[str],
    suites: Sequence[str],
    data: Path,
    conversations: Sequence[str] | None,
    json_path: Path | None,
) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for spec in embedders:
        embedder = fusion_paired._embedder(spec)
        vectors = turn_context.TextVectors(embedder.inner)
        for suite in suites:
            bench, items, evaluate = fusion_paired.suite_bench(embedder, data, suite)
            if suite == "locomo" and conversations:
                items = [q for q in items if q.conversation_id in conversations]
            t = time.perf_counter()
            extra = sentence_vectors(bench, vectors)
            embedded = time.perf_counter() - t
            base = evaluate(bench, items, embedder, MemoryConfig())
            with nearest_sentence(extra):
                other = evaluate(bench, items, embedder, MemoryConfig())
            cmp = paired(base, other)
            cats = turn_context.by_category(items, base, other) if suite == "locomo" else {}
            print(
                f"{spec:8s} {suite:6s} memories with sentences={len(extra)} "
                f"base tune/check={half_means(base)} sentence max={half_means(other)} "
                f"diff={cmp.get('tune_diff', NAN):+.3f}/{cmp.get('check_diff', NAN):+.3f} "
                f"[{cmp['ci95'][0]:+.3f},{cmp['ci95'][1]:+.3f}] w/l={cmp['wins']}/{cmp['losses']}"
                + (
                    f" mrr={cmp['mrr_tune']:.3f}/{cmp['mrr_check']:.3f}"
                    f" rank+/-={cmp['rank_better']}/{cmp['rank_worse']}"
                    if "mrr_tune" in cmp
                    else ""
                )
                + "".join(
                    f"\n    {k}: {v['diff']:+.3f} ({v['wins']}/{v['losses']} of {v['n']})"
                    for k, v in cats.items()
                )
                + f"\n    (sentence vectors {embedded:.0f}s, total {time.perf_counter() - t:.0f}s)",
                flush=True,
            )
            out[f"{spec}/{suite}"] = {
                "paired": cmp,
                "categories": cats,
                "base": base,
                "sentence max": other,
            }
            fusion_paired.save(out, json_path)
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, default=None)
    parser.add_argument("--embedders", default="default,minilm")
    parser.add_argument("--suites", default="locomo")
    parser.add_argument("--conversations", default="")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    out = run(
        args.embedders.split(","),
        args.suites.split(","),
        args.data or default_data_dir(),
        [c for c in args.conversations.split(",") if c] or None,
        args.json,
    )
    if args.json is None:
        print(json.dumps({k: v["paired"] for k, v in out.items()}))


if __name__ == "__main__":
    main()
