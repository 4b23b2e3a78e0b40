"""Knob-free candidate generation for open-domain and multi-hop evidence, judged item by item
(issue 38).

``python -m benchmarks.candidate_paired [--embedders minilm,default] [--suites locomo,en,zh]
[--conversations conv-26,conv-42] [--json OUT.json]`` runs the default retrieval and, one at a
time, a change that only adds candidates after the first ones are gathered (and the query
refocused), paired item by item with the default through :mod:`benchmarks.fusion_paired`
(wins/losses, mean difference per half). Last session's diagnosis: open-domain evidence is
mostly never a candidate, multi-hop evidence half the time.

The changes (none has a fitted parameter; the counts are the retriever's own):

- ``feedback``: pseudo-relevance feedback on the lexical channel. The content words shared by
  at least two of the best five candidates (by fused relevance), not in the query and not a
  speaker's name, are searched as one more lexical query; its matches (at most
  ``lexical_candidates``) become candidates. The lexical feature stays the query's own BM25:
  a feedback match is scored on its similarity and its neighbours'.
- ``speaker``: when the query names a speaker of the candidates, that speaker's lines nearest
  the (name-free) query vector, ``vector_candidates`` of them, become candidates: the
  ordinary vector search over two speakers' lines fills half its places with the other
  speaker's, whom the question is not about. Needs the exact scope ranking (scope cosines),
  which every benchmark store has.
- ``feedback+speaker``: both.
- ``feedback lexical``: the lexical feature read from the query and its feedback words
  together.
- ``lexical all`` (not an addition; found while reading the misses): every candidate's BM25
  for the lexical feature, not only the best ``lexical_candidates`` matches'. A vector or
  neighbour candidate matching the query's words past that cut has lexical 0, like one
  matching none ("art" is in a hundred lines of one LoCoMo conversation).

Measured (benchmarks/results/candidate_paired.json, docs/benchmarks.md): none ships. The
additions alone (``feedback``, ``speaker``) win almost nothing and lose a few LoCoMo items,
as larger pools did: a candidate the similarity and lexical features put far down stays far
down (MADial unchanged at hit@5). The feedback words in the lexical feature lose on LoCoMo
and MADial. ``lexical all`` wins both LoCoMo halves with MiniLM (+0.005 each, 8/3) but not
with e5 (tune -0.003, check +0.003, 4/3), MADial unchanged: left out.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from benchmarks import fusion_paired, tuning
from benchmarks.paths import default_data_dir
from hybridmem import MemoryConfig, lexical
from hybridmem.retrieval import retriever
from hybridmem.retrieval.entities import query_words, speaker_label, speaker_names

Refocus = Callable[..., Any]
ORIGINAL_REFOCUS: Refocus = retriever.Retriever.refocus
ORIGINAL_EXPAND: Refocus = retriever.Retriever.expand
ORIGINAL_GATHER: Refocus = retriever.Retriever.gather
FEEDBACK_DOCS = 5
"""The best candidates read for feedback words (the classic pseudo-relevance feedback depth;
not tuned here)."""


def _add(self: Any, q: Any, cands: Any, ids: set[str], on_path: set[str], source: str) -> None:
    new = ids - set(cands.nodes) - on_path
    if not new:
        return
    added = self.store.get_many(new)
    for node_id in added:
        cands.add(node_id, source)
    self._fill_similarity(added, cands.cosine, q.vector, cands.scope_cosine)
    cands.nodes.update(added)
    cands.fuse(q.weights, self.config.fusion)


def feedback_words(query: str, best: Sequence[Any]) -> list[str]:
    """Content words in at least two of ``best``'s memories, not in ``query``, not a speaker
    name, in order of how many of them share it."""
    asked = set(lexical.terms(query))
    names = speaker_names(best)
    counts: Counter[str] = Counter()
    for node in best:
        counts.update(set(lexical.terms(node.content)))
    return [w for w, c in counts.most_common() if c >= 2 and w not in asked and w not in names]


def add_feedback(self: Any, q: Any, resolved: Any, cands: Any, on_path: set[str]) -> None:
    rel = cands.relevance
    best = [cands.nodes[i] for i in sorted(rel, key=lambda i: -rel[i])[:FEEDBACK_DOCS]]
    words = feedback_words(q.embedded or q.text, best)
    expression = lexical.match_expression(" ".join(words)) if words else None
    if not expression:
        return
    cfg = self.config
    found = self.store.lexical_search(
        expression, resolved.scope, cfg.include_statuses, cfg.lexical_candidates
    )
    _add(self, q, cands, {i for i, _ in found}, on_path, "feedback")


def feedback_lexical(self: Any, q: Any, resolved: Any, cands: Any, on_path: set[str]) -> None:
    """The lexical feature read from the query and its feedback words together (one BM25
    search of both), its matches candidates."""
    rel = cands.relevance
    best = [cands.nodes[i] for i in sorted(rel, key=lambda i: -rel[i])[:FEEDBACK_DOCS]]
    text = q.embedded or q.text
    words = feedback_words(text, best)
    if not words:
        return
    expression = lexical.match_expression(" ".join([text, *words]))
    if not expression:
        return
    cfg = self.config
    found = self.store.lexical_search(
        expression, resolved.scope, cfg.include_statuses, cfg.lexical_candidates
    )
    cands.bm25 = dict(found)
    _add(self, q, cands, set(cands.bm25), on_path, "feedback")
    cands.fuse(q.weights, cfg.fusion)


def add_speaker(self: Any, q: Any, resolved: Any, cands: Any, on_path: set[str]) -> None:
    named = query_words(q.text) & speaker_names(cands.nodes.values())
    if not named or not cands.scope_cosine:
        return
    scope = cands.scope_cosine
    nodes = self.store.get_many(set(scope))
    theirs = [
        i
        for i, n in nodes.items()
        if (label := speaker_label(n.content)) is not None and set(label.split()) & named
    ]
    theirs.sort(key=lambda i: -scope[i])
    _add(self, q, cands, set(theirs[: self.config.vector_candidates]), on_path, "speaker")


def fill_lexical(self: Any, q: Any, resolved: Any, cands: Any, on_path: set[str]) -> None:
    """Every candidate's BM25 for the query, not only the best ``lexical_candidates``
    matches': a vector or neighbour candidate matching the query's words past that cut has
    lexical 0, the same as one matching none. (Read here from one more search of every match
    in scope; in the engine the first search would keep its tail.)"""
    missing = set(cands.nodes) - set(cands.bm25)
    expression = lexical.match_expression(q.embedded or q.text) if missing else None
    if not expression:
        return
    cfg = self.config
    found = self.store.lexical_search(expression, resolved.scope, cfg.include_statuses, 100_000)
    more = {i: v for i, v in found if i in missing}
    if more:
        cands.bm25.update(more)
        cands.fuse(q.weights, cfg.fusion)


Extra = Callable[[Any, Any, Any, Any, set[str]], None]
VARIANTS: dict[str, tuple[Extra, ...]] = {
    "default": (),
    "feedback": (add_feedback,),
    "speaker": (add_speaker,),
    "feedback+speaker": (add_speaker, add_feedback),
    "feedback lexical": (feedback_lexical,),
    "lexical all": (fill_lexical,),
}


@contextmanager
def extended(extras: tuple[Extra, ...]) -> Iterator[None]:
    def refocus(self: Any, q: Any, resolved: Any, cands: Any, on_path: set[str]) -> Any:
        q = ORIGINAL_REFOCUS(self, q, resolved, cands, on_path)
        for extra in extras:
            extra(self, q, resolved, cands, on_path)
        return q

    def expand(self: Any, q: Any, cands: Any, on_path: set[str]) -> None:
        ORIGINAL_EXPAND(self, q, cands, on_path)
        if fill_lexical in extras:  # the neighbours expand() brought in, too
            fill_lexical(self, q, self._candidate_scope, cands, on_path)

    def gather(self: Any, q: Any, resolved: Any, *args: Any) -> Any:
        self._candidate_scope = resolved
        return ORIGINAL_GATHER(self, q, resolved, *args)

    retriever.Retriever.refocus = refocus  # type: ignore[method-assign]
    retriever.Retriever.expand = expand  # type: ignore[method-assign]
    retriever.Retriever.gather = gather  # type: ignore[method-assign]
    try:
        yield
    finally:
        retriever.Retriever.refocus = ORIGINAL_REFOCUS  # type: ignore[method-assign]
        retriever.Retriever.expand = ORIGINAL_EXPAND  # type: ignore[method-assign]
        retriever.Retriever.gather = ORIGINAL_GATHER  # type: ignore[method-assign]


def evidence_places(
    bench: tuning.Bench, questions: list, embedder: Any, categories: Sequence[int] = (1, 3)
) -> Counter[tuple[int, str]]:
    """Where each evidence turn of these categories' questions ends up: packed at 1,000
    tokens, a candidate ranked under 50 or from 50 on (the budget holds ~25 turns), or not
    a candidate at all (the diagnosis the variants are judged against)."""
    places: Counter[tuple[int, str]] = Counter()
    mem, clock = tuning.open_engine(bench, embedder, MemoryConfig())
    try:
        for q in questions:
            if q.category not in categories:
                continue
            _, got = tuning.ask_locomo(mem, clock, bench, q, 1000)
            res, _ = tuning.ask_locomo(mem, clock, bench, q, 10**9)
            prefix = q.conversation_id + ":"
            rank: dict[str, int] = {}
            for r, h in enumerate(res.hits):
                for c in h.covers:
                    if c.startswith(prefix):
                        rank.setdefault(c[len(prefix) :], r)
            for e in q.evidence:
                where = (
                    "packed"
                    if e in got
                    else "not a candidate"
                    if e not in rank
                    else "rank < 50"
                    if rank[e] < 50
                    else "rank >= 50"
                )
                places[(q.category, where)] += 1
    finally:
        mem.close()
    return places


def run(
    embedders: Sequence[str],
    suites: Sequence[str],
    variants: Sequence[str],
    data: Path,
    conversations: Sequence[str] | None = None,
    json_path: Path | None = None,
    places: bool = False,
) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for spec in embedders:
        embedder = fusion_paired._embedder(spec)
        for suite in suites:
            bench, items, evaluate = fusion_paired.suite_bench(embedder, data, suite)
            if suite == "locomo" and conversations:
                items = [q for q in items if q.conversation_id in conversations]
            per: dict[str, Any] = {}
            for name in variants:
                t = time.perf_counter()
                with extended(VARIANTS[name]):
                    per[name] = evaluate(bench, items, embedder, MemoryConfig())
                    if places and suite == "locomo":
                        print(name, dict(sorted(evidence_places(bench, items, embedder).items())))
                cmp = fusion_paired.paired(per[variants[0]], per[name])
                print(
                    f"{spec:8s} {suite:6s} {name:18s} mean={cmp['mean']:.3f} "
                    f"tune={cmp['tune']:.3f} ({cmp['tune_diff']:+.3f}) "
                    f"check={cmp['check']:.3f} ({cmp['check_diff']:+.3f}) "
                    f"w/l={cmp['wins']}/{cmp['losses']}"
                    + (
                        f" rank+/-={cmp['rank_better']}/{cmp['rank_worse']}"
                        if "rank_better" in cmp
                        else ""
                    )
                    + (
                        " conv="
                        + json.dumps(
                            {k: round(v, 3) for k, v in cmp["per_conversation_diff"].items()}
                        )
                        if "per_conversation_diff" in cmp
                        else ""
                    )
                    + f" ({time.perf_counter() - t:.0f}s)",
                    flush=True,
                )
                out.setdefault(f"{spec}/{suite}", {})[name] = {"paired": cmp, "items": per[name]}
            fusion_paired.save(out, json_path)
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, default=None)
    parser.add_argument("--embedders", default="minilm,default")
    parser.add_argument("--suites", default="locomo,en,zh")
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--conversations", default="")
    parser.add_argument("--base", default="default", help="the variant the others are paired with")
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument(
        "--places", action="store_true", help="LoCoMo: where categories 1 and 3's evidence ends up"
    )
    args = parser.parse_args(argv)
    variants = [v for v in args.variants.split(",") if v != args.base]
    run(
        args.embedders.split(","),
        args.suites.split(","),
        [args.base, *variants],
        args.data or default_data_dir(),
        [c for c in args.conversations.split(",") if c] or None,
        args.json,
        args.places,
    )


if __name__ == "__main__":
    main()
