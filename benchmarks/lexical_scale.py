"""The lexical feature on an absolute scale, judged against hybridmem's own channels (issue 38).

The engine's lexical feature is each candidate's BM25 over the query's best BM25
(:func:`hybridmem.retrieval.fusion.fuse_lexical`), so a weak incidental best match ("red" in
"red pandas at the zoo" for a dialogue about a cat whose eyes look red) gets the full lexical
weight. ``benchmarks.channel_parity --user-lines`` shows it: without the assistant's lines,
hybridmem falls below its dense channel on MADial. The scales here have an absolute bound
instead of the query's best candidate, none with a parameter:

- ``lex selfscore`` / ``lex idfmass`` (from :mod:`benchmarks.lexical_norms`): BM25 over the
  query's BM25 against itself, or over its summed IDF (the query's side: the share of the
  query a candidate matches);
- ``lex memshare``: the memory's side, the share of the memory's own BM25 mass (its terms'
  BM25 against itself as a document) that the query holds:
  ``sum_{t in q and d} idf(t) tf(t, d) / sum_{t in d} idf(t) tf(t, d)`` with BM25's saturated
  term frequency (the length term cancels). A memory matching one of its three content
  words gets about a third, one whose content the query holds gets 1, whatever the query's
  length (a dialogue names many things; a memory answers one of them);
- ``lex best*memshare``: the engine's feature times ``memshare`` (the best match keeps its
  order among matches, an incidental one loses the part of the memory it does not match).

A candidate whose BM25 does not come from terms the index holds for it (a sealed memory's
plaintext; a memory given the best match's BM25 for agreeing with the attribute asked about,
:func:`hybridmem.retrieval.attributes.agreed`) keeps the engine's feature under the two
memory-side scales.

``python -m benchmarks.lexical_scale [channel_parity's options]`` runs
:mod:`benchmarks.channel_parity` with the methods ``lex selfscore``, ``lex idfmass``,
``lex memshare`` and ``lex best*memshare`` available (``--methods
hybridmem,dense,lexical,lex memshare``); a ``lex`` method is the shipped configuration with
only the lexical feature replaced.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import Any

from benchmarks import channel_parity, lexical_norms
from benchmarks.lexical_norms import QueryTerms, Scores
from hybridmem import MemoryConfig
from hybridmem.retrieval import fusion
from hybridmem.store import fts

NAMES = ("selfscore", "idfmass", "memshare", "best*memshare", "best*topshare", "best*bestshare")


def memory_shares(q: QueryTerms, ids: Sequence[str]) -> dict[str, float | None]:
    """Per candidate, the share of its own BM25 mass the query's terms hold (None: its
    indexed terms are unknown)."""
    store = q.store
    out: dict[str, float | None] = dict.fromkeys(ids)
    if store is None or not ids:
        return out
    conn = store.conn
    marks = ",".join("?" * len(ids))
    with store.reading():
        rows = conn.execute(
            "SELECT n.id, f.terms FROM nodes n JOIN nodes_fts f ON f.rowid = n.rid "
            f"WHERE n.id IN ({marks})",
            list(ids),
        ).fetchall()
        toks = fts.row_tokens(conn, [str(r[1]) for r in rows])
        vocab = sorted({t for row in toks for t in row})
        df: dict[str, int] = {}
        for start in range(0, len(vocab), 500):
            part = vocab[start : start + 500]
            df.update(
                conn.execute(
                    f"SELECT term, df FROM lex_df WHERE term IN ({','.join('?' * len(part))})",
                    part,
                ).fetchall()
            )
        totals = dict(conn.execute("SELECT name, value FROM lex_totals").fetchall())
    docs = int(totals.get("docs", 0))
    if docs <= 0:
        return out
    avgdl = float(int(totals.get("tokens", 0)) + docs) / float(docs)
    for (node_id, _), row in zip(rows, toks, strict=True):
        if not row:
            continue
        norm = fts.K1 * (1 - fts.B + fts.B * (len(row) + 1) / avgdl)
        mass = held = 0.0
        for term, f in Counter(row).items():
            value = math.log((docs - int(df.get(term, 0)) + 0.5) / (int(df.get(term, 0)) + 0.5))
            part = max(value, 1e-6) * (f * (fts.K1 + 1.0)) / (f + norm)
            mass += part
            if term in q.idf:
                held += part
        out[str(node_id)] = held / mass if mass > 0 and held > 0 else None
    return out


def lex_memshare(cands: Any, ids: Sequence[str], q: QueryTerms) -> Scores:
    engine = fusion.fuse_lexical(cands.bm25, ids, "minmax")
    matched = [i for i in ids if cands.bm25.get(i, 0.0) > 0]
    shares = memory_shares(q, matched)
    return {i: s if (s := shares.get(i)) is not None else engine[i] for i in ids}


def lex_best_memshare(cands: Any, ids: Sequence[str], q: QueryTerms) -> Scores:
    engine = fusion.fuse_lexical(cands.bm25, ids, "minmax")
    matched = [i for i in ids if cands.bm25.get(i, 0.0) > 0]
    shares = memory_shares(q, matched)
    return {i: engine[i] * (s if (s := shares.get(i)) is not None else 1.0) for i in ids}


def _query_factor(cands: Any, ids: Sequence[str], q: QueryTerms, best_only: bool) -> Scores:
    engine = fusion.fuse_lexical(cands.bm25, ids, "minmax")
    matched = [i for i in ids if cands.bm25.get(i, 0.0) > 0]
    if not matched:
        return engine
    shares = memory_shares(q, matched)
    if best_only:
        top = max(matched, key=lambda i: cands.bm25[i])
        factor = shares.get(top)
    else:
        factor = max((s for s in shares.values() if s is not None), default=None)
    if factor is None:
        return engine
    return {i: engine[i] * factor for i in ids}


def lex_best_topshare(cands: Any, ids: Sequence[str], q: QueryTerms) -> Scores:
    return _query_factor(cands, ids, q, best_only=False)


def lex_best_bestshare(cands: Any, ids: Sequence[str], q: QueryTerms) -> Scores:
    return _query_factor(cands, ids, q, best_only=True)


def register() -> None:
    """Add the ``lex`` methods to :data:`benchmarks.channel_parity.METHODS`."""
    lexical_norms.NORMS["memshare"] = lex_memshare
    lexical_norms.NORMS["best*memshare"] = lex_best_memshare
    lexical_norms.NORMS["best*topshare"] = lex_best_topshare
    lexical_norms.NORMS["best*bestshare"] = lex_best_bestshare
    for norm in NAMES:
        channel_parity.METHODS[f"lex {norm}"] = (lexical_norms.fuse_with(norm), MemoryConfig)


def main(argv: Sequence[str] | None = None) -> None:
    register()
    with lexical_norms.recording():
        channel_parity.main(argv)


if __name__ == "__main__":
    main()
