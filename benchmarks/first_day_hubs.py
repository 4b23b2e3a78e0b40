"""Is a first-day miss a hub of the embedder? (issue 38, helper firstday18): ``python -m
benchmarks.first_day_hubs [--sets dev,blind,...] [--embedder minilm] [--json F]``.

The first hit of many first-day misses is one statement the embedder puts near most questions
of its newcomer ("A proper Norfolk dumpling stew, you can't beat it." first for five of the
eighteenth set's en A misses, 我最爱吃手抓饭… and 我最爱喝早茶… for the zh ones): a hub, in the
sense of the nearest-neighbour literature (a point in many others' neighbourhoods because it
sits near the centre of the cloud, not because it is about them). The standard parameter-free
corrections read each statement's similarity against its own neighbourhood:

- ``centred``: cos(q, d) minus d's mean cosine to the newcomer's other statements (each
  document's own baseline; the query's baseline is the same for every d and moves no rank);
- ``zscore``: the same divided by the spread of those cosines (local scaling, the Gaussian form
  of mutual proximity);
- ``csls``: 2 cos(q, d) minus that mean (cross-domain similarity local scaling, Conneau et al.
  2018, with every other statement as d's neighbourhood).

Measured at the similarity level only, among a newcomer's statements (facts, the old and new
value, the task notes; sealed memories left out, as the engine withholds them): the share of
ordinary questions whose answer each ordering puts first, per set and language. This says
whether a correction could move the misses at all before anything is wired into retrieval.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from benchmarks.first_day import ALL_SETS, sets_run
from benchmarks.first_day_persona import Persona
from hybridmem.embedding import Embedder
from hybridmem.embedding.base import embed_query

Order = Callable[[np.ndarray, np.ndarray], np.ndarray]


def _baseline(docs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each statement's mean and spread of cosines to the other statements."""
    sims = docs @ docs.T
    n = len(docs)
    off = ~np.eye(n, dtype=bool)
    rows = sims[off].reshape(n, n - 1)
    return rows.mean(axis=1), rows.std(axis=1)


ORDERS: dict[str, Order] = {
    "raw": lambda cos, docs: cos,
    "centred": lambda cos, docs: cos - _baseline(docs)[0],
    "zscore": lambda cos, docs: (cos - _baseline(docs)[0]) / _baseline(docs)[1],
    "csls": lambda cos, docs: 2 * cos - _baseline(docs)[0],
}


def _statements(p: Persona) -> list[str]:
    return [t for t, _ in p.facts] + [p.old, p.new] + [note for _, note in p.tasks]


def persona_rows(set_name: str, p: Persona, embedder: Embedder) -> list[dict[str, Any]]:
    """One row per ordinary question: the answer's place under each ordering."""
    texts = _statements(p)
    docs = np.asarray(embedder.embed(texts))
    asked = [*p.questions, *((q, a) for q, a, _ in p.task_questions), (p.changed, p.new)]
    vectors = np.asarray(embed_query(embedder, [q for q, _ in asked]))
    out: list[dict[str, Any]] = []
    for (question, needle), qv in zip(asked, vectors, strict=True):
        want = next(i for i, t in enumerate(texts) if needle in t)
        cos = docs @ qv
        places: dict[str, int] = {}
        for name, order in ORDERS.items():
            scores = order(cos, docs)
            places[name] = int((scores > scores[want]).sum())
        first = {name: texts[int(np.argmax(order(cos, docs)))] for name, order in ORDERS.items()}
        out.append(
            {
                "set": set_name,
                "lang": p.lang,
                "question": question,
                "places": places,
                "first": first,
            }
        )
    return out


def main(argv: Sequence[str] | None = None) -> None:
    run = sets_run(__doc__, argv)
    embedder = run.embedder
    found: list[dict[str, Any]] = []
    for name in run.sets:
        rows = [r for p in ALL_SETS[name] for r in persona_rows(name, p, embedder)]
        found += rows
        cells = []
        for order in ORDERS:
            for lang in ("en", "zh"):
                mine = [r for r in rows if r["lang"] == lang]
                hits = sum(r["places"][order] == 0 for r in mine)
                cells.append(f"{order} {lang} {hits}/{len(mine)}")
        print(f"{name:12} " + "  ".join(cells))
    print(
        "total        "
        + "  ".join(f"{o} {sum(r['places'][o] == 0 for r in found)}/{len(found)}" for o in ORDERS)
    )
    run.write(found)


if __name__ == "__main__":
    main()
