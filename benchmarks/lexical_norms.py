"""Knob-free normalisations of the lexical feature, judged item by item (issue 38).

The engine's lexical feature is each candidate's BM25 over the query's best BM25
(:func:`hybridmem.retrieval.fusion.fuse_lexical`): whatever the best match holds, it gets the
full lexical weight, so a question whose only match is a word that says little ("what's my
job *again*?", no memory naming a job, one saying "again") lifts that match as far as a real
one. The variants here divide by what the query itself holds instead, none with a parameter:

- ``lex selfscore``: BM25 over the query's self-score, the BM25 the query's terms would get
  against the query itself as a document (the same index statistics, the query's own length):
  the share of the query's information a candidate matches. Never above 1 (divided by the
  larger of the self-score and the best BM25).
- ``lex sentence``: BM25 over the largest self-score of one of the query's sentences (ends
  as :mod:`hybridmem.retrieval.mentions` reads them: ``! ? 。 ！ ？``, line breaks, a full stop
  before a space): a memory answers one sentence of a dialogue, not all of it, so a long
  query keeps its scale while a one-sentence question is ``lex selfscore``.
- ``lex question``: ``lex selfscore`` when the query is one sentence (one sentence holding a
  lexical term, ends as above), the engine's feature for a passage: a question asks for one
  thing, which a memory answering it holds; a passage (a dialogue so far) names many, and a
  memory answers one of them, so there the best match is the measure. The structural reading
  of :mod:`hybridmem.retrieval.mentions` (a one-sentence query asks about what it names). Tried
  after ``lex selfscore`` and ``lex sentence`` lost MADial's dialogues.
- ``lex idfmass``: BM25 over the sum of the IDFs of the query's distinct terms (the self-score
  of a document of average length holding each of them once).
- ``lex coverage``: the IDF-weighted share of the query's distinct terms the candidate holds
  (no term frequency, no length): ``sum idf(matched) / sum idf(all)``. A candidate whose BM25
  comes from text the index does not hold (a sealed memory's plaintext) gets ``lex idfmass``.
- ``lex unioncover``: the engine's feature (BM25 over the best BM25) times the IDF-weighted
  share of the query's terms that any matched candidate holds: the information the store
  can match at all. A question whose only match is a word that says little keeps its order
  but not the full weight; a long query is shrunk by what nothing in the store holds.

The index statistics are the store's own (``lex_df``, ``lex_totals``: :mod:`hybridmem.store.fts`),
read for the text the lexical search ran on (the query, or its name-free form), so the
variants need the SQLite store. The similarity stays min-max; the one other change is that a
memory agreeing with the attribute asked about gets a whole match's BM25 under the norms that
divide by a self-score (:func:`recording`), where the engine gives it the best match's.

``python -m benchmarks.lexical_norms paired [fusion_paired's options]`` runs
:mod:`benchmarks.fusion_paired` with these variants added (``--variants minmax,lex selfscore``);
``python -m benchmarks.lexical_norms first-day NORM [first_day's options]`` and ``... probing
NORM [probing's options]`` run those benchmarks with the engine's lexical feature replaced by
``NORM`` (``minmax``: unchanged).

Results (docs/benchmarks.md, "The lexical part divided by what the question holds"): every
variant dividing a dialogue's BM25 by what the query holds loses MADial with both embedders;
``lex question`` wins Chinese first-day and probing questions and loses English probing and
MiniLM's LoCoMo, so the engine kept its feature.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from benchmarks import fusion_paired
from hybridmem import MemoryConfig, lexical
from hybridmem.config import ScoreWeights
from hybridmem.retrieval import channels, fusion, mentions, retriever
from hybridmem.store import fts

Scores = dict[str, float]


@dataclass
class QueryTerms:
    """The index's view of the text a lexical search ran on."""

    idf: dict[str, float]
    """Each distinct query token's IDF (as :func:`hybridmem.store.fts.rank` computes it)."""
    self_score: float
    """BM25 of the query's terms against the query as a document."""
    store: Any = None
    sentence_score: float = 0.0
    """The largest self-score of one of the query's sentences (the whole query's when it is
    one sentence)."""
    sentences: int = 1
    """How many of the query's sentences hold a lexical term."""
    held: dict[str, frozenset[str]] = field(default_factory=dict)
    """Candidates' indexed tokens, read once per query."""

    @property
    def mass(self) -> float:
        return sum(self.idf.values())

    def tokens_of(self, ids: Sequence[str]) -> dict[str, frozenset[str]]:
        todo = [i for i in ids if i not in self.held]
        if todo and self.store is not None:
            conn = self.store.conn
            marks = ",".join("?" * len(todo))
            with self.store.reading():
                rows = conn.execute(
                    "SELECT n.id, f.terms FROM nodes n JOIN nodes_fts f ON f.rowid = n.rid "
                    f"WHERE n.id IN ({marks})",
                    todo,
                ).fetchall()
            toks = fts.row_tokens(conn, [str(r[1]) for r in rows])
            for (node_id, _), row in zip(rows, toks, strict=True):
                self.held[str(node_id)] = frozenset(row)
        return {i: self.held[i] for i in ids if i in self.held}


def query_terms(store: Any, text: str) -> QueryTerms | None:
    """IDFs and self-scores of ``text``'s lexical terms in ``store`` (None: no terms, or a
    store without the kept statistics)."""
    conn = getattr(store, "conn", None)
    expression = lexical.match_expression(text)
    phrases = fts.phrases_of(expression) if expression else None
    if conn is None or not phrases:
        return None
    pieces = [p for p in (s.strip() for s in mentions._END.split(text)) if lexical.terms(p)]
    with store.reading():
        asked = sorted({t for toks in fts.row_tokens(conn, phrases) for t in toks})
        if not asked:
            return None
        marks = ",".join("?" * len(asked))
        df = dict(conn.execute(f"SELECT term, df FROM lex_df WHERE term IN ({marks})", asked))
        totals = dict(conn.execute("SELECT name, value FROM lex_totals").fetchall())
        own = fts.row_tokens(conn, [lexical.document_terms(t) for t in [text, *pieces]])
    docs = int(totals.get("docs", 0))
    if docs <= 0:
        return None
    avgdl = float(int(totals.get("tokens", 0)) + docs) / float(docs)
    idf = {}
    for term in asked:
        hits = int(df.get(term, 0))
        value = math.log((docs - hits + 0.5) / (hits + 0.5))
        idf[term] = value if value > 0.0 else 1e-6

    def self_score(tokens: list[str]) -> float:
        # BM25 of the text's distinct terms (the OR-ed query) against the text as a document.
        norm = fts.K1 * (1 - fts.B + fts.B * (len(tokens) + 1) / avgdl)
        freq = {t: tokens.count(t) for t in set(tokens) if t in idf}
        return sum(idf[t] * (f * (fts.K1 + 1.0)) / (f + norm) for t, f in freq.items())

    whole = self_score(own[0])
    sentence = max((self_score(toks) for toks in own[1:]), default=whole)
    return QueryTerms(idf, whole, store, sentence_score=sentence, sentences=len(pieces))


_CURRENT: dict[str, QueryTerms | None] = {"q": None}
"""The terms of the last lexical search (benchmarks retrieve one query at a time)."""


def reference(norm: str | None, q: QueryTerms | None) -> float | None:
    """The BM25 that means "matches the whole question" under ``norm`` (None: the best
    match, as the engine has it)."""
    if q is None:
        return None
    if norm == "selfscore" or (norm == "question" and q.sentences <= 1):
        return q.self_score
    if norm == "sentence":
        return q.sentence_score
    return None


@contextmanager
def recording() -> Iterator[None]:
    """Every lexical search of the retriever records its text's :class:`QueryTerms`; and a
    memory whose slot is the attribute asked about, which the engine gives the best match's
    BM25 (:func:`hybridmem.retrieval.attributes.agreed`), gets the BM25 of a whole match
    under a norm dividing by one (else a norm would shrink that evidence with the query)."""
    original, agreed = channels.lexical_channel, retriever.agreed

    def recorded(core: Any, text: str, resolved: Any, out: Any) -> Scores:
        _CURRENT["q"] = query_terms(core.engine.store, text)
        return original(core, text, resolved, out)

    def agreed_whole(query: str, nodes: Any, bm25: Any, slot_map: Any = None) -> Any:
        norm = getattr(retriever.Candidates.fuse, "norm", None)
        whole = reference(norm, _CURRENT["q"])
        if whole is None or whole <= max(bm25.values(), default=0.0):
            return agreed(query, nodes, bm25, slot_map)
        out = agreed(query, nodes, {**bm25, _WHOLE: whole}, slot_map)
        if out is None:
            return None
        out.pop(_WHOLE, None)
        return out if out != bm25 else None

    channels.lexical_channel = retriever.lexical_channel = recorded
    retriever.agreed = agreed_whole
    try:
        yield
    finally:
        channels.lexical_channel = retriever.lexical_channel = original
        retriever.agreed = agreed


_WHOLE = "\x00whole-match"
"""A key no node has: the whole match's BM25 handed to ``agreed`` as the best."""


def _matched(cands: Any, ids: Sequence[str]) -> Scores:
    return {i: cands.bm25[i] for i in ids if cands.bm25.get(i, 0.0) > 0}


def lex_selfscore(cands: Any, ids: Sequence[str], q: QueryTerms) -> Scores:
    matched = _matched(cands, ids)
    top = max([q.self_score, *matched.values()])
    return {i: matched.get(i, 0.0) / top if top > 0 else 0.0 for i in ids}


def lex_sentence(cands: Any, ids: Sequence[str], q: QueryTerms) -> Scores:
    matched = _matched(cands, ids)
    top = max([q.sentence_score, *matched.values()])
    return {i: matched.get(i, 0.0) / top if top > 0 else 0.0 for i in ids}


def lex_question(cands: Any, ids: Sequence[str], q: QueryTerms) -> Scores:
    if q.sentences > 1:
        return fusion.fuse_lexical(cands.bm25, ids, "minmax")
    return lex_selfscore(cands, ids, q)


def lex_idfmass(cands: Any, ids: Sequence[str], q: QueryTerms) -> Scores:
    matched = _matched(cands, ids)
    top = max([q.mass, *matched.values()])
    return {i: matched.get(i, 0.0) / top if top > 0 else 0.0 for i in ids}


def lex_coverage(cands: Any, ids: Sequence[str], q: QueryTerms) -> Scores:
    matched = _matched(cands, ids)
    held = q.tokens_of(list(matched))
    fallback = lex_idfmass(cands, ids, q)
    mass = q.mass
    out = dict.fromkeys(ids, 0.0)
    for i in matched:
        toks = held.get(i)
        if toks is None or mass <= 0:
            out[i] = fallback[i]
        else:
            out[i] = sum(v for t, v in q.idf.items() if t in toks) / mass
    return out


def lex_unioncover(cands: Any, ids: Sequence[str], q: QueryTerms) -> Scores:
    matched = _matched(cands, ids)
    top = max(matched.values(), default=0.0)
    held = q.tokens_of(list(matched))
    union = {t for i in matched for t in held.get(i, ())}
    if any(i not in held for i in matched):
        union = set(q.idf)  # a match from text the index does not hold: no shrink
    share = sum(v for t, v in q.idf.items() if t in union) / q.mass if q.mass > 0 else 1.0
    return {i: share * matched[i] / top if i in matched else 0.0 for i in ids}


NORMS: dict[str, Callable[[Any, Sequence[str], QueryTerms], Scores]] = {
    "selfscore": lex_selfscore,
    "idfmass": lex_idfmass,
    "coverage": lex_coverage,
    "unioncover": lex_unioncover,
    "sentence": lex_sentence,
    "question": lex_question,
}


def fuse_with(norm: str) -> Callable[[Any, ScoreWeights, str, bool], None]:
    """A ``Candidates.fuse`` whose lexical feature is ``norm`` (min-max similarity kept)."""
    lexical_of = NORMS[norm]

    def fuse(cands: Any, weights: ScoreWeights, method: str, similarity: bool = True) -> None:
        q = _CURRENT["q"]
        if q is None:
            fusion_paired.ORIGINAL(cands, weights, method, similarity=similarity)
            return
        ids = list(cands.returnable.ids(cands.nodes, cands.unfolded))
        if similarity:
            cands.similarity = fusion.fuse_similarity(cands.cosine, ids, method)
        cands.lexical = lexical_of(cands, ids, q)
        cands.relevance = fusion.relevance(
            cands.similarity, cands.lexical, weights.similarity, weights.lexical, ids
        )

    fuse.norm = norm  # type: ignore[attr-defined]
    return fuse


def register() -> None:
    """Add ``lex <norm>`` to :data:`benchmarks.fusion_paired.VARIANTS`."""
    for norm in NORMS:
        fusion_paired.VARIANTS[f"lex {norm}"] = (fuse_with(norm), MemoryConfig)


@contextmanager
def normalised(norm: str) -> Iterator[None]:
    """The engine's lexical feature replaced by ``norm`` (``minmax``: as it is)."""
    with recording():
        if norm == "minmax":
            yield
            return
        retriever.Candidates.fuse = fuse_with(norm)  # type: ignore[method-assign,assignment]
        try:
            yield
        finally:
            retriever.Candidates.fuse = fusion_paired.ORIGINAL  # type: ignore[method-assign]


def main(argv: Sequence[str] | None = None) -> None:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] not in ("paired", "first-day", "probing"):
        raise SystemExit(__doc__)
    command, rest = args[0], args[1:]
    if command == "paired":
        register()
        with recording():
            fusion_paired.main(rest)
        return
    if not rest or rest[0] not in ("minmax", *NORMS):
        raise SystemExit(f"{command}: the first argument names a norm: minmax, {', '.join(NORMS)}")
    norm, rest = rest[0], rest[1:]
    with normalised(norm):
        if command == "first-day":
            from benchmarks import first_day

            first_day.main(rest)
        else:
            from benchmarks import probing

            probing.main(rest)


if __name__ == "__main__":
    main()
