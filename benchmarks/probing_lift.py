"""What ranks above a probing question's evidence, and variants of the session lift (issue 38).

``python -m benchmarks.probing_lift [--data a.json,b.json] [--variants max,geometric,...]
[--causes] [--per-question]`` imports each user's chat as :mod:`benchmarks.probing` does
(``add_messages``, one message a call, the clock at each message) and asks every question at
the file's ``now``.

``--causes``: for every question whose first evidence turn is not the first hit (the score's
own order, :mod:`~hybridmem.retrieval.answers` off, ``top_k`` 40), each hit ranked above it
is counted once, as

- ``session``: its own relevance (fused similarity and lexical, what the score propagates) is
  below the evidence's, and its ``parent`` part (the best relevance of its session) is at
  least its ``neighbour`` part: a weaker match carried up by its session;
- ``neighbour``: the same, carried by an adjacent turn;
- ``lexical``: at least as relevant, with a word match and a lower similarity;
- ``similarity``: at least as relevant by the embedder.

Totals over all such questions, and over those whose first evidence is past rank 5 (the
hit@5 misses in the score's order). ``--per-question`` prints each question's counts too.

``--variants`` swaps :func:`~hybridmem.retrieval.expansion.parent_feature` (the session
lift: every turn of a session gets its session's best relevance, weighted as much as
similarity and lexical together) for one of these, none with a parameter:

- ``max``: the engine;
- ``product``: the session's best times the turn's own relevance (as the priors count);
- ``geometric``: the geometric mean of the two (halfway, in ratio, between ``max`` and
  ``product``);
- ``mean``: the session's mean relevance instead of its best (a session lifted by how much of
  it matches, not by one turn);
- ``no-question``: the session's best among its turns that are not questions (a question
  sits near a question in the embedder: :mod:`~hybridmem.retrieval.answers`);
- ``no-companion``: the session's best among the turns not spoken by ``assistant``.

Per variant and language: hit@5 (``top_k=5``), the mean reciprocal rank of the first evidence
turn (``top_k=30``, the hits as ``retrieve`` returns them) and frac at 1,000 tokens; then
the questions whose hit@5 differs from ``max`` (ids only). ``benchmarks.fusion_paired``'s
``parent geo`` variant runs ``geometric`` on LoCoMo and MADial.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from benchmarks.hybrid import LARGE_TOP_K
from benchmarks.metrics import evidence_score
from benchmarks.probing import BUDGET, DATA, _cited, imported
from hybridmem import HybridMemory
from hybridmem.embedding import make_embedder
from hybridmem.models import Hit, MemoryNode
from hybridmem.retrieval import answers, expansion, retriever

Lift = Callable[[Mapping[str, float], Mapping[str, MemoryNode]], dict[str, float]]


def _best_of(
    relevance: Mapping[str, float], nodes: Mapping[str, MemoryNode], counts: Callable[..., bool]
) -> dict[str, float]:
    best: dict[str | None, float] = defaultdict(float)
    for node_id, node in nodes.items():
        if counts(node):
            best[node.parent_id] = max(best[node.parent_id], relevance.get(node_id, 0.0))
    return {node_id: best[node.parent_id] for node_id, node in nodes.items()}


def product(relevance: Mapping[str, float], nodes: Mapping[str, MemoryNode]) -> dict[str, float]:
    best = expansion.parent_feature(relevance, nodes)
    return {i: v * relevance.get(i, 0.0) for i, v in best.items()}


def geometric(relevance: Mapping[str, float], nodes: Mapping[str, MemoryNode]) -> dict[str, float]:
    best = expansion.parent_feature(relevance, nodes)
    return {i: (v * relevance.get(i, 0.0)) ** 0.5 for i, v in best.items()}


def mean(relevance: Mapping[str, float], nodes: Mapping[str, MemoryNode]) -> dict[str, float]:
    values: dict[str | None, list[float]] = defaultdict(list)
    for node_id, node in nodes.items():
        values[node.parent_id].append(relevance.get(node_id, 0.0))
    return {i: sum(values[n.parent_id]) / len(values[n.parent_id]) for i, n in nodes.items()}


VARIANTS: dict[str, Lift] = {
    "max": expansion.parent_feature,
    "product": product,
    "geometric": geometric,
    "mean": mean,
    "no-question": lambda r, n: _best_of(r, n, lambda node: not answers.asks(node.content)),
    "no-companion": lambda r, n: _best_of(
        r, n, lambda node: node.metadata.get("speaker") != "assistant"
    ),
}


@contextmanager
def lifted_by(lift: Lift) -> Iterator[None]:
    """The retriever's session lift swapped for ``lift`` inside the block."""
    retriever.parent_feature = lift
    try:
        yield
    finally:
        retriever.parent_feature = expansion.parent_feature


@contextmanager
def score_order() -> Iterator[None]:
    """Hits in the score's own order (no question's answer moved above it)."""
    retriever.answers_first = lambda hits, neighbours, turns: hits
    try:
        yield
    finally:
        retriever.answers_first = answers.answers_first


def _relevance(hit: Hit) -> float:
    f = hit.breakdown.features
    return (f.get("similarity", 0.0) + f.get("lexical", 0.0)) / 2


def cause(above: Hit, evidence: Hit) -> str:
    """Why ``above`` ranks over ``evidence`` (see the module docstring)."""
    f, e = above.breakdown.features, evidence.breakdown.features
    if _relevance(above) < _relevance(evidence):
        parts = above.breakdown.parts
        return "session" if parts.get("parent", 0.0) >= parts.get("neighbour", 0.0) else "neighbour"
    if f.get("lexical", 0.0) > 0 and f.get("similarity", 0.0) < e.get("similarity", 0.0):
        return "lexical"
    return "similarity"


def ask(mem: HybridMemory, user: str, task: str, q: dict[str, Any]) -> dict[str, float]:
    """hit@5, reciprocal rank of the first evidence (top 30) and frac at the budget."""
    evidence = frozenset(q["evidence"])

    def get(**kw: Any) -> list[Hit]:
        return mem.retrieve(q["query"], user_id=user, task_id=task, record_access=False, **kw).hits

    ranks = [i for i, h in enumerate(get(top_k=30), 1) if _cited(h) & evidence]
    packed = get(top_k=LARGE_TOP_K, token_budget=BUDGET)
    found = frozenset().union(*(_cited(h) for h in packed)) if packed else frozenset()
    return {
        "hit@5": float(any(_cited(h) & evidence for h in get(top_k=5))),
        "rr": 1.0 / ranks[0] if ranks else 0.0,
        "frac": evidence_score(evidence, found).frac,
    }


def causes(mem: HybridMemory, user: str, task: str, q: dict[str, Any]) -> tuple[int, Counter]:
    """The first evidence's rank in the score's order and the causes of the hits above it."""
    evidence = frozenset(q["evidence"])
    with score_order():
        hits = mem.retrieve(q["query"], user_id=user, task_id=task, top_k=40, record_access=False)
    first = next((i for i, h in enumerate(hits.hits) if _cited(h) & evidence), None)
    if first is None:
        return 0, Counter({"not in 40": 1})
    return first + 1, Counter(cause(h, hits.hits[first]) for h in hits.hits[:first])


def run(paths: Sequence[Path], names: Sequence[str], with_causes: bool) -> dict[str, Any]:
    """Per variant, per question: the figures; per question: the causes."""
    embedder = make_embedder(None)
    per: dict[str, dict[str, dict[str, Any]]] = defaultdict(dict)
    found: dict[str, tuple[int, Counter]] = {}
    for path in paths:
        data = json.loads(path.read_text(encoding="utf-8"))
        for user in data["users"]:
            questions = [q for q in data["questions"] if q["user"] == user["id"]]
            with imported(user, embedder) as (mem, task):
                if with_causes:
                    for q in questions:
                        found[q["id"]] = causes(mem, user["id"], task, q)
                for name in names:
                    with lifted_by(VARIANTS[name]):
                        for q in questions:
                            row = ask(mem, user["id"], task, q)
                            per[name][q["id"]] = {"lang": q["lang"], **row}
    return {"per": per, "causes": found}


def report(out: dict[str, Any], per_question: bool) -> None:
    per, found = out["per"], out["causes"]
    if found:
        late = {k: v for k, v in found.items() if v[0] != 1}
        total, past5 = Counter(), Counter()
        for rank, counts in late.values():
            total.update(counts)
            if rank > 5 or rank == 0:
                past5.update(counts)
        print(f"questions: {len(found)}, first evidence not first: {len(late)}, ", end="")
        print(f"past rank 5: {sum(r > 5 or r == 0 for r, _ in late.values())}")
        print(f"  above it, all those questions: {dict(total.most_common())}")
        print(f"  above it, questions past rank 5: {dict(past5.most_common())}")
        if per_question:
            for qid, (rank, counts) in late.items():
                print(f"  {qid}: first evidence at {rank or '>40'}: {dict(counts)}")
    base = per.get("max", {})
    for name, rows in per.items():
        for lang in sorted({r["lang"] for r in rows.values()}):
            mine = [r for r in rows.values() if r["lang"] == lang]
            n = len(mine)
            hit5, rr, frac = (sum(r[k] for r in mine) / n for k in ("hit@5", "rr", "frac"))
            print(f"{name:13s} {lang} n={n} hit@5={hit5:.3f} mrr={rr:.3f} frac={frac:.3f}")
        if base and name != "max":
            moved = [(q, int(base[q]["hit@5"]), int(r["hit@5"])) for q, r in rows.items()]
            print(f"  hit@5 vs max: {[m for m in moved if m[1] != m[2]]}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", default=str(DATA), help="comma-separated probing sets")
    parser.add_argument("--variants", default="max", help=f"of {','.join(VARIANTS)}")
    parser.add_argument("--causes", action="store_true")
    parser.add_argument("--per-question", action="store_true")
    args = parser.parse_args(argv)
    names = [v for v in args.variants.split(",") if v]
    unknown = [v for v in names if v not in VARIANTS]
    if unknown:
        parser.error(f"unknown variants {unknown}; known: {list(VARIANTS)}")
    paths = [Path(p) for p in args.data.split(",")]
    report(run(paths, names, args.causes), args.per_question)


if __name__ == "__main__":
    main()
