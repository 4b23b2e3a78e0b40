"""A second hop for LoCoMo's multi-hop and open-domain evidence, judged item by item (issue 38,
helper locomo9).

locomo8 found half the missed multi-hop / open-domain evidence turns are never candidates: a
median cosine rank of ~200 of ~700 in the conversation and no word of the question. What the
question cannot reach, the turns it does reach might: "How many children does Melanie have?"
finds Melanie's lines about her kids, and the line "They're tough kids." is nearer those than
the question. This program measures that second hop, with no new weight and no fitted
constant:

- the **hop list**: every memory of the scope ranked by its largest cosine to the stored
  vectors of the best ``FEEDBACK_DOCS`` (5) candidates after the first hop (by fused
  relevance, once the query is refocused: the depth of classic pseudo-relevance feedback,
  already the depth of ``benchmarks.candidate_paired``'s, not tuned here);
- ``hop``: the hop list's first ``vector_candidates`` (80, the first hop's own depth) join the
  candidates, scored as every candidate is (by the question);
- ``hop rrf``: the same candidates, and the similarity feature is the reciprocal-rank fusion of
  the question's cosine rank and the hop rank (k = 60, the customary constant; the two lists
  count alike: no weight between them), min-max scaled like the cosine it replaces;
- ``rrf alone``: the control, the question's rank alone through the same transform (what the
  change of scale does without a second list);
- ``speaker hop rrf``: the hop read from the named speaker's own lines only (a question naming
  a speaker: that speaker's best five candidates, that speaker's lines ranked by them, across
  every session): the speaker's own turns about the same thing;
- ``whole scope``: every memory of the scope a candidate (the limit of any candidate depth:
  read by category, what a question-type-aware depth could at most win for that type).

``python -m benchmarks.locomo_hops --diagnose [--embedders default,minilm]`` (tune half,
categories 1 and 3, the default engine): for each evidence turn, its rank in the whole scope by
the question's cosine, by the hop list and by their fusion, split by where the default leaves it
(never a candidate / a candidate) -- whether the hop reaches what the question cannot.

``python -m benchmarks.locomo_hops [--embedders default,minilm] [--suites locomo,en,zh]
[--variants hop,hop rrf,...] [--json PATH]``: every variant paired item by item with the
default through :mod:`benchmarks.fusion_paired` (LoCoMo frac at 1,000 tokens per question,
MADial hit@5 per dialogue; wins / losses, the mean difference per half, a bootstrap interval).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks import fusion_paired, tuning
from benchmarks.candidate_paired import FEEDBACK_DOCS, _add
from benchmarks.paths import default_data_dir
from hybridmem import MemoryConfig
from hybridmem.core.vectors import node_vectors
from hybridmem.retrieval import channels, fusion, retriever
from hybridmem.retrieval.entities import query_words, speaker_label, speaker_names

RRF_K = 60.0
"""Reciprocal-rank fusion's customary constant (Cormack et al. 2009), not tuned here."""
CATEGORIES = {1: "multi-hop", 3: "open-domain"}

ORIGINAL_REFOCUS: Callable[..., Any] = retriever.Retriever.refocus
ORIGINAL_FUSE: Callable[..., Any] = retriever.Candidates.fuse


def _best(cands: Any, among: set[str] | None = None) -> list[str]:
    """The best ``FEEDBACK_DOCS`` returnable candidates by fused relevance (``among``: only
    those ids)."""
    rel = cands.relevance
    ids = [i for i in rel if among is None or i in among]
    return sorted(ids, key=lambda i: (-rel[i], i))[:FEEDBACK_DOCS]


def hop_scores(self: Any, resolved: Any, seeds: Sequence[str], among: set[str] | None) -> dict:
    """Every scope memory's (or ``among``'s) largest cosine to the stored vectors of
    ``seeds``: the second hop's list (read from the exact scope search, as the first hop's)."""
    out: dict[str, float] = {}
    for vector in self._vectors(list(seeds)).values():
        found = channels.vector_channel(self.core, vector, resolved)
        for i, c in found.cosine.items():
            if among is not None and i not in among:
                continue
            if c > out.get(i, -2.0):
                out[i] = c
    return out


def speaker_lines(self: Any, q: Any, cands: Any) -> set[str] | None:
    """The scope's lines of the speakers the question names (None when it names none)."""
    named = query_words(q.text) & speaker_names(cands.nodes.values())
    if not named or not cands.scope_cosine:
        return None
    nodes = self.store.get_many(set(cands.scope_cosine))
    return {
        i
        for i, n in nodes.items()
        if (label := speaker_label(n.content)) is not None and set(label.split()) & named
    }


def _rank(values: Mapping[str, float], ids: Sequence[str]) -> dict[str, float]:
    return fusion_paired._ranked(values, ids)


def rrf_similarity(
    cosine: Mapping[str, float], hop: Mapping[str, float] | None, ids: Sequence[str]
) -> dict[str, float]:
    """The reciprocal-rank fusion of the question's cosine rank and the hop rank (``hop``
    None: the question's alone), over ``ids``; a memory absent from a list gets nothing from
    it."""
    out: dict[str, float] = {}
    lists = [_rank(cosine, ids)] + ([_rank(hop, ids)] if hop is not None else [])
    for i in ids:
        out[i] = sum(1.0 / (RRF_K + 1.0 + r[i]) for r in lists if i in r)
    return out


@contextmanager
def hopped(name: str, box: dict[str, Any] | None = None) -> Iterator[None]:
    """The retriever with ``name``'s second hop (``default``: none; ``box``: each query's hop
    scores and scope cosines kept for the diagnosis)."""
    fused: dict[int, tuple[Any, dict[str, float] | None]] = {}

    def refocus(self: Any, q: Any, resolved: Any, cands: Any, on_path: set[str]) -> Any:
        q = ORIGINAL_REFOCUS(self, q, resolved, cands, on_path)
        fused.clear()
        if (name == "default" and box is None) or not cands.scope_cosine:
            return q
        if name == "whole scope":
            _add(self, q, cands, set(cands.scope_cosine), on_path, "depth")
            return q
        among = speaker_lines(self, q, cands) if name.startswith("speaker") else None
        if name.startswith("speaker") and among is None:
            return q
        seeds = _best(cands, among)
        if not seeds:
            return q
        hop = hop_scores(self, resolved, seeds, among)
        if box is not None:
            box.update(hop=hop, scope=dict(cands.scope_cosine), seeds=seeds)
        if name == "default":
            return q
        if name != "rrf alone":
            order = sorted(hop, key=lambda i: (-hop[i], i))
            _add(self, q, cands, set(order[: self.config.vector_candidates]), on_path, "hop")
        if "rrf" in name:
            fused[id(cands)] = (cands, None if name == "rrf alone" else hop)
            cands.fuse(q.weights, self.config.fusion)
        return q

    def fuse(self: Any, weights: Any, method: str, *, similarity: bool = True) -> None:
        ORIGINAL_FUSE(self, weights, method, similarity=similarity)
        kept = fused.get(id(self))
        if kept is None or kept[0] is not self or not similarity:
            return
        ids = list(self.returnable.ids(self.nodes, self.unfolded))
        hop = kept[1]
        raw = rrf_similarity(self.cosine, hop, ids)
        self.similarity = fusion.fuse_similarity(raw, ids, method)
        self.relevance = fusion.relevance(
            self.similarity, self.lexical, weights.similarity, weights.lexical, ids
        )

    retriever.Retriever.refocus = refocus  # type: ignore[method-assign]
    retriever.Candidates.fuse = fuse  # type: ignore[method-assign]
    try:
        yield
    finally:
        retriever.Retriever.refocus = ORIGINAL_REFOCUS  # type: ignore[method-assign]
        retriever.Candidates.fuse = ORIGINAL_FUSE  # type: ignore[method-assign]


VARIANTS = ("default", "hop", "hop rrf", "rrf alone", "speaker hop rrf", "whole scope")


def scope_rank(values: Mapping[str, float], node_id: str) -> int | None:
    """0-based rank of ``node_id`` in ``values`` (None when absent)."""
    if node_id not in values:
        return None
    v = values[node_id]
    return sum(x > v for x in values.values())


def diagnose(bench: tuning.Bench, questions: list, embedder: Any) -> dict[str, Any]:
    """Each evidence turn of categories 1 and 3: its rank in the whole scope by the
    question's cosine, by the hop list and by their fusion, split by where the default
    engine leaves it (never a candidate, a candidate)."""
    ranks: dict[str, list[tuple[int, int, int]]] = {}
    oracles: dict[str, list[tuple[int, int]]] = {}
    distances: dict[str, list[int | None]] = {}
    rows = []
    mem, clock = tuning.open_engine(bench, embedder, MemoryConfig())
    try:
        for q in questions:
            if q.category not in CATEGORIES:
                continue
            box: dict[str, Any] = {}
            with hopped("default", box):
                res, _ = tuning.ask_locomo(mem, clock, bench, q, None)
            if "hop" not in box:
                continue
            units = {e: u for u in bench.corpora[q.conversation_id].units for e in u.sources}
            prefix = q.conversation_id + ":"
            ranked = {c[len(prefix) :] for h in res.hits for c in h.covers if c.startswith(prefix)}
            scope_ids = list(box["scope"])
            fused = rrf_similarity(box["scope"], box["hop"], scope_ids)
            found = [units[e].id for e in q.evidence if e in units and e in ranked]
            rev = {u.id: e for e, u in units.items()}
            oracle = oracle_hop(mem, found, box["scope"])
            for e in q.evidence:
                if e not in units:
                    continue
                node = units[e].id
                where = "candidate" if e in ranked else "never a candidate"
                r = (
                    scope_rank(box["scope"], node),
                    scope_rank(box["hop"], node),
                    scope_rank(fused, node),
                )
                if None in r:
                    continue
                ranks.setdefault(f"{CATEGORIES[q.category]} / {where}", []).append(r)  # type: ignore[arg-type]
                rows.append([q.conversation_id, q.number, e, where, *r])
                if where == "never a candidate":
                    near = turn_distance(e, [rev[i] for i in box["seeds"] if i in rev])
                    distances.setdefault(CATEGORIES[q.category], []).append(near)
                if where == "never a candidate" and oracle:
                    own = {i: c for i, c in oracle.items() if i not in found}
                    o = scope_rank(own, node)
                    if o is not None:
                        oracles.setdefault(CATEGORIES[q.category], []).append((r[0] or 0, o))
    finally:
        mem.close()
    summary = {}
    for key, rs in sorted(ranks.items()):
        summary[key] = {
            "turns": len(rs),
            "median question rank": statistics.median(r[0] for r in rs),
            "median hop rank": statistics.median(r[1] for r in rs),
            "median fused rank": statistics.median(r[2] for r in rs),
            "question rank < 80": sum(r[0] < 80 for r in rs),
            "hop rank < 80": sum(r[1] < 80 for r in rs),
            "fused rank < 80": sum(r[2] < 80 for r in rs),
            "hop better than question": sum(r[1] < r[0] for r in rs),
        }
    for cat, pairs in sorted(oracles.items()):
        summary[f"{cat} / never a candidate, hop from the evidence found"] = {
            "turns": len(pairs),
            "median question rank": statistics.median(p[0] for p in pairs),
            "median oracle hop rank": statistics.median(p[1] for p in pairs),
            "oracle hop rank < 80": sum(p[1] < 80 for p in pairs),
            "oracle hop better than question": sum(p[1] < p[0] for p in pairs),
        }
    for cat, ds in sorted(distances.items()):
        summary[f"{cat} / never a candidate, turns from the nearest seed"] = {
            "turns": len(ds),
            "in a seed's session": sum(d is not None for d in ds),
            "within 3 turns of a seed": sum(d is not None and d <= 3 for d in ds),
            "median distance in a seed's session": statistics.median(
                [d for d in ds if d is not None] or [0]
            ),
        }
    return {"summary": summary, "turns": rows}


def turn_distance(turn: str, seeds: Sequence[str]) -> int | None:
    """Turns between LoCoMo turn ``turn`` ("D3:7": session 3, turn 7) and the nearest of
    ``seeds`` in its session (None: no seed in that session)."""
    session, _, number = turn.partition(":")
    gaps = [
        abs(int(number) - int(n))
        for s in seeds
        for sess, _, n in [s.partition(":")]
        if sess == session and n.isdigit() and number.isdigit()
    ]
    return min(gaps, default=None)


def oracle_hop(mem: Any, seeds: Sequence[str], scope: Mapping[str, float]) -> dict[str, float]:
    """The upper bound of any second hop: every scope memory's largest cosine to the
    evidence turns the default does find (known only to the benchmark)."""
    if not seeds:
        return {}
    engine = mem.engine
    vectors = node_vectors(engine, list(scope), engine.embedder.name)
    ids = [i for i in scope if i in vectors]
    matrix = np.stack([vectors[i] for i in ids])
    best = np.max(np.stack([matrix @ vectors[s] for s in seeds if s in vectors]), axis=0)
    return {i: float(v) for i, v in zip(ids, best, strict=True)}


def run(
    embedders: Sequence[str],
    suites: Sequence[str],
    variants: Sequence[str],
    data: Path,
    json_path: Path | None,
) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for spec in embedders:
        embedder = fusion_paired._embedder(spec)
        for suite in suites:
            bench, items, evaluate = fusion_paired.suite_bench(embedder, data, suite)
            per: dict[str, Any] = {}
            for name in variants:
                t = time.perf_counter()
                with hopped(name):
                    per[name] = evaluate(bench, items, embedder, MemoryConfig())
                cmp = fusion_paired.paired(per[variants[0]], per[name])
                by_cat = ""
                if suite == "locomo":
                    cmp["per_category_diff"] = category_diffs(items, per[variants[0]], per[name])
                    by_cat = " cat=" + json.dumps(cmp["per_category_diff"])
                print(
                    f"{spec:8s} {suite:6s} {name:16s} tune={cmp['tune']:.3f} "
                    f"({cmp['tune_diff']:+.3f}) check={cmp['check']:.3f} "
                    f"({cmp['check_diff']:+.3f}) [{cmp['ci95'][0]:+.3f},{cmp['ci95'][1]:+.3f}] "
                    f"w/l={cmp['wins']}/{cmp['losses']}"
                    + (
                        f" rank+/-={cmp['rank_better']}/{cmp['rank_worse']}"
                        if "rank_better" in cmp
                        else ""
                    )
                    + by_cat
                    + f" ({time.perf_counter() - t:.0f}s)",
                    flush=True,
                )
                out.setdefault(f"{spec}/{suite}", {})[name] = {"paired": cmp, "items": per[name]}
            fusion_paired.save(out, json_path)
    return out


def category_diffs(items: list, base: dict[str, Any], other: dict[str, Any]) -> dict[str, Any]:
    """Per half and category: mean frac difference and questions won / lost."""
    names = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}
    diffs: dict[str, list[float]] = {}
    for n, q in enumerate(items):
        key = str(n)
        if key not in base:
            continue
        d = other[key]["score"] - base[key]["score"]
        diffs.setdefault(f"{base[key]['half']} {names[q.category]}", []).append(d)
    out: dict[str, Any] = {}
    for k, ds in sorted(diffs.items()):
        wl = Counter("w" if d > 1e-9 else "l" if d < -1e-9 else "=" for d in ds)
        out[k] = [round(statistics.fmean(ds), 3), wl["w"], wl["l"]]
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, default=None)
    parser.add_argument("--embedders", default="default,minilm")
    parser.add_argument("--suites", default="locomo")
    parser.add_argument("--variants", default=",".join(VARIANTS[1:]))
    parser.add_argument("--conversations", default=",".join(tuning.LOCOMO_TUNE))
    parser.add_argument("--diagnose", action="store_true", help="ranks of the evidence turns")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    data = args.data or default_data_dir()
    if args.diagnose:
        convs = set(args.conversations.split(","))
        out: dict[str, Any] = {}
        for spec in args.embedders.split(","):
            embedder = fusion_paired._embedder(spec)
            bench, items = tuning.locomo_bench(embedder, data)
            out[spec] = diagnose(bench, [q for q in items if q.conversation_id in convs], embedder)
            for k, v in out[spec]["summary"].items():
                print(f"{spec:8s} {k}: {v}", flush=True)
        if args.json is not None:
            args.json.parent.mkdir(parents=True, exist_ok=True)
            args.json.write_text(json.dumps(out, indent=1))
        return
    variants = ["default", *[v for v in args.variants.split(",") if v and v != "default"]]
    run(args.embedders.split(","), args.suites.split(","), variants, data, args.json)


if __name__ == "__main__":
    main()
